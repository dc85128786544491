// GPUTexture: #texture-creation ("validating GPUTextureDescriptor" and the
// content-timeline format checks), #texture-destruction. Views are in
// texture_view.cpp.
#include "core/resources/texture.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/format.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

template <class E>
std::string quoted(E value) {
  return fmt::format("'{}'", toString(value));
}

std::string describeSize(const Extent3D& s) {
  return fmt::format("{{width: {}, height: {}, depthOrArrayLayers: {}}}", s.width, s.height,
                     s.depthOrArrayLayers);
}

// "Validate texture format required features" (a TypeError in JavaScript; a
// validation error here). `field` is "descriptor.format" or "descriptor.viewFormats[1]".
MaybeError validateFormatFeature(const DeviceBase* device, TextureFormat format,
                                 std::string_view field) {
  const FormatInfo& info = formatInfo(format);
  if (!info.requiredFeature || device->hasFeature(*info.requiredFeature)) return {};
  FeatureName feature = *info.requiredFeature;
  if (feature == FeatureName::CoreFeaturesAndLimits) {
    BINDERY_INVALID_IF_FIX(true, MissingFeature,
                           "Use a format that compatibility mode has (e.g. 'rgba8unorm-srgb'), or "
                           "request a core device (featureLevel: 'core').",
                           "{} is {}, which needs the 'core-features-and-limits' feature; this "
                           "device is a compatibility-mode device without it.",
                           field, quoted(format));
  }
  BINDERY_INVALID_IF_FIX(
      true, MissingFeature,
      fmt::format("Request the feature when creating the device: "
                  "adapter.requestDevice({{requiredFeatures: ['{0}']}}) (check "
                  "adapter.features.has('{0}') first), or use a format that needs no feature.",
                  toString(feature)),
      "{} is {}, which needs the '{}' feature, but the device was not created with it.", field,
      quoted(format), toString(feature));
  return {};
}

}  // namespace

// #texture-creation, content timeline: "Validate texture format required
// features" of format and of each viewFormats element (TypeErrors in
// JavaScript: see bindery::textureTypeError).
MaybeError validateTextureContentTimeline(const DeviceBase* device, const TextureDescriptor& d) {
  if (d.format) BINDERY_TRY(validateFormatFeature(device, *d.format, "descriptor.format"));
  for (size_t i = 0; i < d.viewFormats.size(); ++i) {
    BINDERY_TRY(validateFormatFeature(device, d.viewFormats[i],
                                      fmt::format("descriptor.viewFormats[{}]", i)));
  }
  return {};
}

// #abstract-opdef-maximum-miplevel-count
uint32_t maxMipLevelCount(TextureDimension dimension, const Extent3D& size) {
  uint32_t m = 0;
  switch (dimension) {
    case TextureDimension::e1D: return 1;
    case TextureDimension::e2D: m = std::max(size.width, size.height); break;
    case TextureDimension::e3D:
      m = std::max({size.width, size.height, size.depthOrArrayLayers});
      break;
  }
  if (m == 0) return 1;
  return static_cast<uint32_t>(std::bit_width(m));  // floor(log2(m)) + 1
}

// #texture-creation: "validating GPUTextureDescriptor", preceded by the
// content-timeline checks (format features of format and viewFormats).
MaybeError validateTextureDescriptor(const DeviceBase* device, const TextureDescriptor& d) {
  const Limits& limits = device->limits();
  const FeatureSet& features = device->features();

  BINDERY_INVALID_IF_FIX(!d.format.has_value(), TextureFormatMissing,
                         "Give the texture a format, e.g. format: 'rgba8unorm'.",
                         "descriptor.format is required but was not given.");
  const TextureFormat format = *d.format;
  const FormatInfo& info = formatInfo(format);

  BINDERY_TRY(validateTextureContentTimeline(device, d));

  // Usage.
  BINDERY_INVALID_IF_FIX(d.usage.empty(), TextureUsageEmpty,
                         "Give the texture the GPUTextureUsage flags it is used with, e.g. "
                         "GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST.",
                         "descriptor.usage is 0; a texture needs at least one usage.");
  BINDERY_INVALID_IF(
      (d.usage.bits() & ~kTextureUsageAll) != 0, TextureUsageUnknownBits,
      "descriptor.usage ({}) has bits that are not GPUTextureUsage flags (valid bits: 0x{:X}).",
      toString(d.usage), kTextureUsageAll);

  // Size, mip level count and sample count.
  BINDERY_INVALID_IF(d.size.width == 0 || d.size.height == 0 || d.size.depthOrArrayLayers == 0,
                     TextureSizeZero,
                     "descriptor.size is {}; width, height and depthOrArrayLayers must all be "
                     "greater than 0.",
                     describeSize(d.size));
  BINDERY_INVALID_IF_FIX(d.mipLevelCount == 0, TextureMipLevelCountInvalid,
                         "Use mipLevelCount: 1 for a texture without mipmaps.",
                         "descriptor.mipLevelCount is 0; it must be at least 1.");
  BINDERY_INVALID_IF_FIX(d.sampleCount != 1 && d.sampleCount != 4, TextureSampleCountInvalid,
                         "Use sampleCount: 4 for a multisampled texture, 1 otherwise.",
                         "descriptor.sampleCount is {}; it must be 1 or 4.", d.sampleCount);

  // Per dimension.
  switch (d.dimension) {
    case TextureDimension::e1D:
      BINDERY_INVALID_IF(d.size.width > limits.maxTextureDimension1D, TextureSizeExceedsLimit,
                         "descriptor.size.width ({}) of a '1d' texture exceeds the device's "
                         "maxTextureDimension1D limit ({}).",
                         d.size.width, limits.maxTextureDimension1D);
      BINDERY_INVALID_IF_FIX(
          d.size.height != 1 || d.size.depthOrArrayLayers != 1, TextureSizeInvalidForDimension,
          "Use dimension: '2d' for a texture with height or layers.",
          "descriptor.size is {}, but a '1d' texture must have height 1 and depthOrArrayLayers 1.",
          describeSize(d.size));
      BINDERY_INVALID_IF(d.sampleCount != 1, TextureMultisampleInvalid,
                         "descriptor.sampleCount is {}, but a '1d' texture cannot be "
                         "multisampled (sampleCount must be 1).",
                         d.sampleCount);
      BINDERY_INVALID_IF(info.isCompressed || info.isDepthOrStencil(),
                         TextureFormatUnsupportedForDimension,
                         "descriptor.format {} is a {} format, which a '1d' texture cannot have.",
                         quoted(format), info.isCompressed ? "compressed" : "depth-or-stencil");
      break;
    case TextureDimension::e2D:
      BINDERY_INVALID_IF(d.size.width > limits.maxTextureDimension2D, TextureSizeExceedsLimit,
                         "descriptor.size.width ({}) exceeds the device's maxTextureDimension2D "
                         "limit ({}).",
                         d.size.width, limits.maxTextureDimension2D);
      BINDERY_INVALID_IF(d.size.height > limits.maxTextureDimension2D, TextureSizeExceedsLimit,
                         "descriptor.size.height ({}) exceeds the device's maxTextureDimension2D "
                         "limit ({}).",
                         d.size.height, limits.maxTextureDimension2D);
      BINDERY_INVALID_IF(d.size.depthOrArrayLayers > limits.maxTextureArrayLayers,
                         TextureSizeExceedsLimit,
                         "descriptor.size.depthOrArrayLayers ({}) exceeds the device's "
                         "maxTextureArrayLayers limit ({}).",
                         d.size.depthOrArrayLayers, limits.maxTextureArrayLayers);
      break;
    case TextureDimension::e3D:
      BINDERY_INVALID_IF(d.size.width > limits.maxTextureDimension3D ||
                             d.size.height > limits.maxTextureDimension3D ||
                             d.size.depthOrArrayLayers > limits.maxTextureDimension3D,
                         TextureSizeExceedsLimit,
                         "descriptor.size ({}) of a '3d' texture exceeds the device's "
                         "maxTextureDimension3D limit ({}) in some component.",
                         describeSize(d.size), limits.maxTextureDimension3D);
      BINDERY_INVALID_IF(d.sampleCount != 1, TextureMultisampleInvalid,
                         "descriptor.sampleCount is {}, but a '3d' texture cannot be "
                         "multisampled (sampleCount must be 1).",
                         d.sampleCount);
      if (!info.dimension3D.supported(features)) {
        BINDERY_INVALID_IF_FIX(
            info.dimension3D.kind == FormatCap::Kind::IfFeature,
            TextureFormatUnsupportedForDimension,
            fmt::format("Request the '{}' feature, or use dimension: '2d' with layers.",
                        toString(info.dimension3D.feature)),
            "descriptor.format {} supports dimension '3d' only with the '{}' feature, which the "
            "device was not created with.",
            quoted(format), toString(info.dimension3D.feature));
        BINDERY_INVALID_IF_FIX(true, TextureFormatUnsupportedForDimension,
                               "Use dimension: '2d' with depthOrArrayLayers layers instead.",
                               "descriptor.format {} cannot be used with dimension '3d' (only "
                               "plain color formats and some packed formats can).",
                               quoted(format));
      }
      break;
  }

  // Compatibility mode: a user-given textureBindingViewDimension must fit.
  if (!device->hasFeature(FeatureName::CoreFeaturesAndLimits) &&
      d.textureBindingViewDimension.has_value()) {
    TextureViewDimension tbvd = *d.textureBindingViewDimension;
    BINDERY_INVALID_IF(tbvd == TextureViewDimension::e2D && d.size.depthOrArrayLayers != 1,
                       TextureBindingViewDimensionInvalid,
                       "descriptor.textureBindingViewDimension is '2d', so "
                       "descriptor.size.depthOrArrayLayers must be 1, but it is {}.",
                       d.size.depthOrArrayLayers);
    BINDERY_INVALID_IF(tbvd == TextureViewDimension::Cube && d.size.depthOrArrayLayers != 6,
                       TextureBindingViewDimensionInvalid,
                       "descriptor.textureBindingViewDimension is 'cube', so "
                       "descriptor.size.depthOrArrayLayers must be 6, but it is {}.",
                       d.size.depthOrArrayLayers);
    BINDERY_INVALID_IF_FIX(tbvd == TextureViewDimension::CubeArray,
                           TextureBindingViewDimensionInvalid,
                           "Bind each cube separately ('cube', 6 layers per texture), or request "
                           "a core device.",
                           "descriptor.textureBindingViewDimension is 'cube-array', which "
                           "compatibility mode does not support.");
  }

  // Texel block alignment (compressed formats).
  BINDERY_INVALID_IF_FIX(
      d.size.width % info.blockWidth != 0 || d.size.height % info.blockHeight != 0,
      TextureSizeNotBlockAligned,
      fmt::format("Round the size up to a multiple of {}x{}, e.g. {{width: {}, height: {}}}.",
                  info.blockWidth, info.blockHeight,
                  (d.size.width + info.blockWidth - 1) / info.blockWidth * info.blockWidth,
                  (d.size.height + info.blockHeight - 1) / info.blockHeight * info.blockHeight),
      "descriptor.size is {}, but {} has {}x{} texel blocks, so width must be a multiple of {} "
      "and height a multiple of {}.",
      describeSize(d.size), quoted(format), info.blockWidth, info.blockHeight, info.blockWidth,
      info.blockHeight);

  // Multisampling.
  if (d.sampleCount > 1) {
    BINDERY_INVALID_IF(d.mipLevelCount != 1, TextureMultisampleInvalid,
                       "descriptor.sampleCount is {}, so descriptor.mipLevelCount must be 1, but "
                       "it is {}.",
                       d.sampleCount, d.mipLevelCount);
    BINDERY_INVALID_IF(d.size.depthOrArrayLayers != 1, TextureMultisampleInvalid,
                       "descriptor.sampleCount is {}, so descriptor.size.depthOrArrayLayers must "
                       "be 1, but it is {}.",
                       d.sampleCount, d.size.depthOrArrayLayers);
    BINDERY_INVALID_IF_FIX(d.usage.has(TextureUsage::StorageBinding), TextureMultisampleInvalid,
                           "Remove GPUTextureUsage.STORAGE_BINDING, or use sampleCount: 1.",
                           "descriptor.sampleCount is {}, but descriptor.usage ({}) includes "
                           "GPUTextureUsage.STORAGE_BINDING; multisampled textures cannot be "
                           "storage textures.",
                           d.sampleCount, toString(d.usage));
    BINDERY_INVALID_IF_FIX(!d.usage.has(TextureUsage::RenderAttachment), TextureMultisampleInvalid,
                           "Add GPUTextureUsage.RENDER_ATTACHMENT to descriptor.usage.",
                           "descriptor.sampleCount is {}, so descriptor.usage must include "
                           "GPUTextureUsage.RENDER_ATTACHMENT, but it is {}.",
                           d.sampleCount, toString(d.usage));
    BINDERY_INVALID_IF(
        !supportsMultisample(format, features), TextureMultisampleInvalid,
        "descriptor.format {} does not support multisampling{} "
        "(descriptor.sampleCount is {}).",
        quoted(format),
        info.multisample.kind == FormatCap::Kind::IfFeature
            ? fmt::format(" without the '{}' feature", toString(info.multisample.feature))
            : std::string(),
        d.sampleCount);
  }

  // Mip level count.
  const uint32_t maxMips = maxMipLevelCount(d.dimension, d.size);
  BINDERY_INVALID_IF_FIX(
      d.mipLevelCount > maxMips, TextureMipLevelCountInvalid,
      fmt::format("Use mipLevelCount: {} (the full chain) or fewer.", maxMips),
      "descriptor.mipLevelCount ({}) exceeds the maximum for a {} texture of "
      "size {} ({}: floor(log2(largest dimension)) + 1{}).",
      d.mipLevelCount, quoted(d.dimension), describeSize(d.size), maxMips,
      d.dimension == TextureDimension::e1D ? "; '1d' textures have 1 level" : "");

  // Usages and the format.
  if (d.usage.has(TextureUsage::RenderAttachment)) {
    BINDERY_INVALID_IF_FIX(
        !isRenderable(format, features), TextureRenderAttachmentInvalid,
        info.renderable.kind == FormatCap::Kind::IfFeature
            ? fmt::format("Request the '{}' feature, or remove GPUTextureUsage.RENDER_ATTACHMENT.",
                          toString(info.renderable.feature))
            : std::string("Remove GPUTextureUsage.RENDER_ATTACHMENT, or use a renderable format "
                          "such as 'rgba8unorm'."),
        "descriptor.usage includes GPUTextureUsage.RENDER_ATTACHMENT, but descriptor.format {} is "
        "not renderable{}.",
        quoted(format),
        info.renderable.kind == FormatCap::Kind::IfFeature
            ? fmt::format(" without the '{}' feature", toString(info.renderable.feature))
            : std::string());
    BINDERY_INVALID_IF(d.dimension == TextureDimension::e1D, TextureRenderAttachmentInvalid,
                       "descriptor.usage includes GPUTextureUsage.RENDER_ATTACHMENT, but "
                       "descriptor.dimension is '1d'; render attachments must be '2d' or '3d'.");
  }
  if (d.usage.has(TextureUsage::StorageBinding) && !isStorageFormatAnyAccess(format, features)) {
    // A format that would be a storage format with a feature says which.
    std::optional<FeatureName> needed;
    for (uint32_t v = 0; v < kStorageTextureAccessCount && !needed; ++v) {
      needed = storageFeatureNeeded(format, static_cast<StorageTextureAccess>(v));
    }
    BINDERY_INVALID_IF_FIX(
        true, TextureStorageFormatInvalid,
        needed ? fmt::format("Request the '{}' feature, or remove GPUTextureUsage.STORAGE_BINDING.",
                             toString(*needed))
               : std::string("Remove GPUTextureUsage.STORAGE_BINDING, or use a storage format such "
                             "as 'rgba8unorm' or 'r32float'."),
        "descriptor.usage includes GPUTextureUsage.STORAGE_BINDING, but descriptor.format {} "
        "cannot be a storage texture{}.",
        quoted(format),
        needed ? fmt::format(" without the '{}' feature", toString(*needed)) : std::string());
  }
  if (d.usage.has(TextureUsage::TransientAttachment)) {
    const TextureUsageFlags expected =
        TextureUsage::TransientAttachment | TextureUsage::RenderAttachment;
    BINDERY_INVALID_IF_FIX(d.usage != expected, TextureTransientAttachmentInvalid,
                           "A transient attachment lives only inside a render pass; use "
                           "usage: GPUTextureUsage.TRANSIENT_ATTACHMENT | "
                           "GPUTextureUsage.RENDER_ATTACHMENT.",
                           "descriptor.usage is {}; with GPUTextureUsage.TRANSIENT_ATTACHMENT it "
                           "must be exactly {}.",
                           toString(d.usage), toString(expected));
    BINDERY_INVALID_IF(!d.viewFormats.empty(), TextureTransientAttachmentInvalid,
                       "descriptor.usage includes GPUTextureUsage.TRANSIENT_ATTACHMENT, so "
                       "descriptor.viewFormats must be empty, but it has {} entries.",
                       d.viewFormats.size());
    BINDERY_INVALID_IF(d.dimension != TextureDimension::e2D, TextureTransientAttachmentInvalid,
                       "descriptor.usage includes GPUTextureUsage.TRANSIENT_ATTACHMENT, so "
                       "descriptor.dimension must be '2d', but it is {}.",
                       quoted(d.dimension));
    BINDERY_INVALID_IF(d.mipLevelCount != 1, TextureTransientAttachmentInvalid,
                       "descriptor.usage includes GPUTextureUsage.TRANSIENT_ATTACHMENT, so "
                       "descriptor.mipLevelCount must be 1, but it is {}.",
                       d.mipLevelCount);
    BINDERY_INVALID_IF(d.size.depthOrArrayLayers != 1, TextureTransientAttachmentInvalid,
                       "descriptor.usage includes GPUTextureUsage.TRANSIENT_ATTACHMENT, so "
                       "descriptor.size.depthOrArrayLayers must be 1, but it is {}.",
                       d.size.depthOrArrayLayers);
  }

  // viewFormats (#texture-view-format-compatible).
  for (size_t i = 0; i < d.viewFormats.size(); ++i) {
    TextureFormat vf = d.viewFormats[i];
    if (viewFormatCompatible(format, vf, features)) continue;
    bool srgbOnly = info.srgbPair == vf;
    BINDERY_INVALID_IF_FIX(srgbOnly, TextureViewFormatIncompatible,
                           "Create a second texture in the other format and copy, or request a "
                           "core device.",
                           "descriptor.viewFormats[{}] is {}, which differs from descriptor.format "
                           "{} only in -srgb; compatibility-mode devices (without "
                           "'core-features-and-limits') do not allow such view formats.",
                           i, quoted(vf), quoted(format));
    BINDERY_INVALID_IF_FIX(
        true, TextureViewFormatIncompatible,
        info.srgbPair
            ? fmt::format("The only other view format {} allows is {}.", quoted(format),
                          quoted(*info.srgbPair))
            : fmt::format("{} allows no other view format; remove the entry.", quoted(format)),
        "descriptor.viewFormats[{}] is {}, which is not texture view format compatible with "
        "descriptor.format {}: a view format must equal the format or differ from it only in "
        "-srgb.",
        i, quoted(vf), quoted(format));
  }
  return {};
}

TextureBase::TextureBase(DeviceBase* device, const TextureDescriptor& d)
    : ObjectBase(device, ObjectType::Texture, d.label),
      size_(d.size),
      mipLevelCount_(d.mipLevelCount),
      sampleCount_(d.sampleCount),
      dimension_(d.dimension),
      format_(d.format.value_or(TextureFormat::Rgba8unorm)),
      usage_(d.usage),
      viewFormats_(d.viewFormats) {
  // Compatibility mode: textureBindingViewDimension, given or defaulted.
  if (!device->hasFeature(FeatureName::CoreFeaturesAndLimits)) {
    if (d.textureBindingViewDimension) {
      textureBindingViewDimension_ = d.textureBindingViewDimension;
      return;
    }
    switch (dimension_) {
      case TextureDimension::e1D:
        textureBindingViewDimension_ = TextureViewDimension::e1D;
        textureBindingViewDimensionReason_ =
            "textureBindingViewDimension defaulted to '1d' because the texture's dimension is "
            "'1d'";
        break;
      case TextureDimension::e2D:
        if (arrayLayerCount() == 1) {
          textureBindingViewDimension_ = TextureViewDimension::e2D;
          textureBindingViewDimensionReason_ =
              "textureBindingViewDimension defaulted to '2d' because the texture's "
              "size.depthOrArrayLayers is 1";
        } else {
          textureBindingViewDimension_ = TextureViewDimension::e2DArray;
          textureBindingViewDimensionReason_ = fmt::format(
              "textureBindingViewDimension defaulted to '2d-array' because the texture's "
              "size.depthOrArrayLayers is {}",
              arrayLayerCount());
        }
        break;
      case TextureDimension::e3D:
        textureBindingViewDimension_ = TextureViewDimension::e3D;
        textureBindingViewDimensionReason_ =
            "textureBindingViewDimension defaulted to '3d' because the texture's dimension is "
            "'3d'";
        break;
    }
  }
}

TextureBase::TextureBase(DeviceBase* device, const TextureDescriptor& d, InvalidTag tag)
    : ObjectBase(device, ObjectType::Texture, d.label, tag),
      size_(d.size),
      mipLevelCount_(d.mipLevelCount),
      sampleCount_(d.sampleCount),
      dimension_(d.dimension),
      format_(d.format.value_or(TextureFormat::Rgba8unorm)),
      usage_(d.usage),
      viewFormats_(d.viewFormats) {
  if (!device->hasFeature(FeatureName::CoreFeaturesAndLimits)) {
    textureBindingViewDimension_ = d.textureBindingViewDimension;
  }
}

TextureBase::~TextureBase() = default;

// #dom-gputexture-destroy
void TextureBase::destroy() {
  if (!destroyed_ && backendObject() && !device()->isLost()) backendObject()->destroy();
  destroyed_ = true;
}

MaybeError TextureBase::validateUsable(std::string_view what) const {
  BINDERY_INVALID_IF_FIX(destroyed_, TextureDestroyed,
                         "Do not destroy() a texture while it is still used, or create a new one.",
                         "{} is {}, which was destroyed.", what, describe());
  return {};
}

Ref<TextureBase> DeviceBase::createTexture(const TextureDescriptor& descriptor) {
  beginCall();
  if (isLost()) return Ref<TextureBase>::adopt(new TextureBase(this, descriptor, InvalidTag{}));
  if (MaybeError error = validateTextureDescriptor(this, descriptor); error.isError()) {
    auto texture = Ref<TextureBase>::adopt(new TextureBase(this, descriptor, InvalidTag{}));
    texture->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createTexture({})", describe(),
                              core::describe(ObjectType::Texture, descriptor.label)));
    return texture;
  }
  auto texture = Ref<TextureBase>::adopt(new TextureBase(this, descriptor));
  if (realise(this, *texture, backend().createTexture(*texture), [&] {
        return fmt::format("{}.createTexture({})", describe(), texture->describe());
      })) {
    texture->prepareDefaultView();
  }
  return texture;
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::TextureBase;

Texture Device::createTexture(const TextureDescriptor& descriptor) const {
  return core::toHandle<Texture>(fromHandle<core::DeviceBase>(*this)->createTexture(descriptor));
}

namespace {
// `call()` names the call in the message; it runs only for an error (the
// object descriptions it formats cost more than the checks).
template <class Call>
std::optional<Exception> asTypeError(core::MaybeError error, Call call) {
  if (error.isSuccess()) [[likely]] {
    return std::nullopt;
  }
  std::unique_ptr<core::ErrorData> data = error.release();
  return Exception{ExceptionType::TypeError, data->code,
                   fmt::format("{}: {}", call(), data->format())};
}
}  // namespace

std::optional<Exception> textureTypeError(const Device& device,
                                          const TextureDescriptor& descriptor) {
  const core::DeviceBase* dev = fromHandle<core::DeviceBase>(device);
  return asTypeError(core::validateTextureContentTimeline(dev, descriptor),
                     [&] { return fmt::format("{}.createTexture()", dev->describe()); });
}

std::optional<Exception> textureViewTypeError(const Texture& texture,
                                              const TextureViewDescriptor& descriptor) {
  const TextureBase* t = fromHandle<TextureBase>(texture);
  return asTypeError(core::validateTextureViewContentTimeline(t->device(), descriptor),
                     [&] { return fmt::format("{}.createView()", t->describe()); });
}

std::optional<Exception> formatFeatureTypeError(const Device& device, TextureFormat format,
                                                std::string_view field, std::string_view call) {
  const core::DeviceBase* dev = fromHandle<core::DeviceBase>(device);
  return asTypeError(core::validateFormatFeature(dev, format, field),
                     [&] { return fmt::format("{}.{}()", dev->describe(), call); });
}

std::string_view Texture::label() const {
  return fromHandle<TextureBase>(*this)->label();
}
void Texture::setLabel(std::string_view l) {
  fromHandle<TextureBase>(*this)->setLabel(l);
}
TextureView Texture::createView(const TextureViewDescriptor& descriptor) const {
  return core::toHandle<TextureView>(fromHandle<TextureBase>(*this)->createView(descriptor));
}
TextureView Texture::tryCreateDefaultView() const {
  return core::toHandle<TextureView>(fromHandle<TextureBase>(*this)->tryCreateDefaultView());
}
void Texture::destroy() {
  fromHandle<TextureBase>(*this)->destroy();
}
uint32_t Texture::width() const {
  return fromHandle<TextureBase>(*this)->width();
}
uint32_t Texture::height() const {
  return fromHandle<TextureBase>(*this)->height();
}
uint32_t Texture::depthOrArrayLayers() const {
  return fromHandle<TextureBase>(*this)->depthOrArrayLayers();
}
uint32_t Texture::mipLevelCount() const {
  return fromHandle<TextureBase>(*this)->mipLevelCount();
}
uint32_t Texture::sampleCount() const {
  return fromHandle<TextureBase>(*this)->sampleCount();
}
TextureDimension Texture::dimension() const {
  return fromHandle<TextureBase>(*this)->dimension();
}
TextureFormat Texture::format() const {
  return fromHandle<TextureBase>(*this)->format();
}
TextureUsageFlags Texture::usage() const {
  return fromHandle<TextureBase>(*this)->usage();
}
std::optional<TextureViewDimension> Texture::textureBindingViewDimension() const {
  return fromHandle<TextureBase>(*this)->textureBindingViewDimension();
}

}  // namespace bindery
