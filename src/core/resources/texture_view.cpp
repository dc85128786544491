// GPUTextureView: #texture-view-creation ("resolving GPUTextureViewDescriptor
// defaults" and the validation of the resolved descriptor).
//
// Every default the resolution applies is recorded with its reason, and an
// error whose value came from a default says so ("descriptor.arrayLayerCount
// defaulted to 6 because descriptor.dimension is 'cube'").
#include "core/resources/texture_view.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/format.h"

namespace bindery::core {

namespace {

template <class E>
std::string quoted(E value) {
  return fmt::format("'{}'", toString(value));
}

// " descriptor.dimension defaulted to ... ." (a sentence to end a message
// with) when `reason` is not empty.
std::string because(const std::string& reason) {
  return reason.empty() ? std::string() : fmt::format(" {}.", reason);
}

// "descriptor.usage (GPUTextureUsage.X)", noting when it is the default.
std::string usageSubject(TextureUsageFlags usage, const std::string& reason) {
  return fmt::format("descriptor.usage ({}{})", toString(usage),
                     reason.empty() ? "" : ", defaulted to the texture's usage");
}

constexpr char kSwizzleChars[] = {'r', 'g', 'b', 'a', '0', '1'};

}  // namespace

// --- Swizzle -------------------------------------------------------------------

std::string Swizzle::toString() const {
  std::string s;
  for (SwizzleComponent c : components) s += kSwizzleChars[static_cast<size_t>(c)];
  return s;
}

std::optional<Swizzle> Swizzle::parse(std::string_view text) {
  if (text.size() != 4) return std::nullopt;
  Swizzle out;
  if (text == "rgba") return out;  // the default: every view without a swizzle
  for (size_t i = 0; i < 4; ++i) {
    const char* end = kSwizzleChars + sizeof(kSwizzleChars);
    const char* it = std::find(kSwizzleChars, end, text[i]);
    if (it == end) return std::nullopt;
    out.components[i] = static_cast<SwizzleComponent>(it - kSwizzleChars);
  }
  return out;
}

// --- resolving GPUTextureViewDescriptor defaults ------------------------------------

// #abstract-opdef-resolving-gputextureviewdescriptor-defaults
TextureViewDescriptor resolveTextureViewDescriptorDefaults(const TextureBase& texture,
                                                           const TextureViewDescriptor& d,
                                                           TextureViewDefaults* why) {
  TextureViewDescriptor r = d;
  uint8_t applied = 0;
  bool formatFromAspect = false;
  if (!r.format) {
    std::optional<TextureFormat> aspectSpecific = aspectFormat(texture.format(), d.aspect);
    r.format = aspectSpecific.value_or(texture.format());
    formatFromAspect =
        d.aspect != TextureAspect::All && aspectSpecific && *aspectSpecific != texture.format();
    applied |= TextureViewDefaults::kFormat;
  }
  if (!r.mipLevelCount) {
    r.mipLevelCount =
        texture.mipLevelCount() > d.baseMipLevel ? texture.mipLevelCount() - d.baseMipLevel : 0;
    applied |= TextureViewDefaults::kMipLevelCount;
  }
  if (!r.dimension) {
    switch (texture.dimension()) {
      case TextureDimension::e1D: r.dimension = TextureViewDimension::e1D; break;
      case TextureDimension::e2D:
        r.dimension = texture.arrayLayerCount() == 1 ? TextureViewDimension::e2D
                                                     : TextureViewDimension::e2DArray;
        break;
      case TextureDimension::e3D: r.dimension = TextureViewDimension::e3D; break;
    }
    applied |= TextureViewDefaults::kDimension;
  }
  if (!r.arrayLayerCount) {
    switch (*r.dimension) {
      case TextureViewDimension::e1D:
      case TextureViewDimension::e2D:
      case TextureViewDimension::e3D: r.arrayLayerCount = 1; break;
      case TextureViewDimension::Cube: r.arrayLayerCount = 6; break;
      case TextureViewDimension::e2DArray:
      case TextureViewDimension::CubeArray:
        r.arrayLayerCount = texture.arrayLayerCount() > d.baseArrayLayer
                                ? texture.arrayLayerCount() - d.baseArrayLayer
                                : 0;
        break;
    }
    applied |= TextureViewDefaults::kArrayLayerCount;
  }
  if (r.usage.empty()) {
    r.usage = texture.usage();
    applied |= TextureViewDefaults::kUsage;
  }
  if (why) {
    TextureViewDefaults& w = *why;
    w.applied_ = applied;
    w.formatFromAspect_ = formatFromAspect;
    w.format_ = *r.format;
    w.aspect_ = r.aspect;
    w.dimension_ = *r.dimension;
    w.baseMipLevel_ = r.baseMipLevel;
    w.mipLevelCount_ = *r.mipLevelCount;
    w.baseArrayLayer_ = r.baseArrayLayer;
    w.arrayLayerCount_ = *r.arrayLayerCount;
    w.textureFormat_ = texture.format();
    w.textureDimension_ = texture.dimension();
    w.textureMipLevelCount_ = texture.mipLevelCount();
    w.textureArrayLayerCount_ = texture.arrayLayerCount();
    w.textureUsage_ = texture.usage();
  }
  return r;
}

// --- the reasons, phrased when a message needs them ----------------------------------

std::string TextureViewDefaults::format() const {
  if (!applied(kFormat)) return {};
  if (formatFromAspect_) {
    return fmt::format("descriptor.format defaulted to {}, the {} format of the texture's {}",
                       quoted(format_), quoted(aspect_), quoted(textureFormat_));
  }
  return fmt::format("descriptor.format defaulted to the texture's format {}", quoted(format_));
}

std::string TextureViewDefaults::mipLevelCount() const {
  if (!applied(kMipLevelCount)) return {};
  return fmt::format(
      "descriptor.mipLevelCount defaulted to {} (the texture's mipLevelCount {} minus "
      "descriptor.baseMipLevel {})",
      mipLevelCount_, textureMipLevelCount_, baseMipLevel_);
}

std::string TextureViewDefaults::dimension() const {
  if (!applied(kDimension)) return {};
  switch (textureDimension_) {
    case TextureDimension::e1D:
      return "descriptor.dimension defaulted to '1d' because the texture's dimension is '1d'";
    case TextureDimension::e2D:
      if (textureArrayLayerCount_ == 1) {
        return "descriptor.dimension defaulted to '2d' because the texture's dimension is '2d' "
               "and its size.depthOrArrayLayers is 1";
      }
      return fmt::format(
          "descriptor.dimension defaulted to '2d-array' because the texture's dimension is "
          "'2d' and its size.depthOrArrayLayers is {}",
          textureArrayLayerCount_);
    case TextureDimension::e3D:
      return "descriptor.dimension defaulted to '3d' because the texture's dimension is '3d'";
  }
  return {};
}

std::string TextureViewDefaults::arrayLayerCount() const {
  if (!applied(kArrayLayerCount)) return {};
  switch (dimension_) {
    case TextureViewDimension::e1D:
    case TextureViewDimension::e2D:
    case TextureViewDimension::e3D:
      return fmt::format(
          "descriptor.arrayLayerCount defaulted to 1 because descriptor.dimension is {}",
          quoted(dimension_));
    case TextureViewDimension::Cube:
      return "descriptor.arrayLayerCount defaulted to 6 because descriptor.dimension is 'cube'";
    case TextureViewDimension::e2DArray:
    case TextureViewDimension::CubeArray:
      return fmt::format(
          "descriptor.arrayLayerCount defaulted to {} (the texture's size.depthOrArrayLayers {} "
          "minus descriptor.baseArrayLayer {}) because descriptor.dimension is {}",
          arrayLayerCount_, textureArrayLayerCount_, baseArrayLayer_, quoted(dimension_));
  }
  return {};
}

std::string TextureViewDefaults::usage() const {
  if (!applied(kUsage)) return {};
  return fmt::format("descriptor.usage defaulted to the texture's usage ({})",
                     toString(textureUsage_));
}

std::string TextureViewDefaults::describe() const {
  std::string out;
  for (const std::string& s :
       {format(), dimension(), mipLevelCount(), arrayLayerCount(), usage()}) {
    if (s.empty()) continue;
    if (!out.empty()) out += "; ";
    out += s;
  }
  return out.empty() ? out : out + ".";
}

// --- validation -------------------------------------------------------------------

// #texture-view-creation, device timeline, after defaults are resolved. The
// content-timeline checks (format features, the swizzle string) are in
// TextureBase::createViewNoReport, before resolution.
MaybeError validateTextureViewDescriptor(const TextureBase& texture, const TextureViewDescriptor& r,
                                         const TextureViewDefaults& why) {
  const DeviceBase* device = texture.device();
  const FeatureSet& features = device->features();
  const TextureFormat format = *r.format;
  const TextureViewDimension dimension = *r.dimension;
  const uint32_t mipLevelCount = *r.mipLevelCount;
  const uint32_t arrayLayerCount = *r.arrayLayerCount;
  const FormatInfo& textureInfo = formatInfo(texture.format());

  BINDERY_TRY(device->validateObject(&texture, "The texture"));

  // Aspect and format.
  BINDERY_INVALID_IF_FIX(
      !aspectPresent(texture.format(), r.aspect), TextureViewAspectNotPresent,
      textureInfo.hasColor()
          ? "Use aspect: 'all' (the default) for a color texture."
          : fmt::format("Use aspect: 'all' or {}.",
                        textureInfo.hasDepth() ? "'depth-only'" : "'stencil-only'"),
      "descriptor.aspect is {}, but the texture's format {} has no {} aspect.", quoted(r.aspect),
      quoted(texture.format()), r.aspect == TextureAspect::DepthOnly ? "depth" : "stencil");
  if (r.aspect == TextureAspect::All) {
    bool listed = format == texture.format() ||
                  std::find(texture.viewFormats().begin(), texture.viewFormats().end(), format) !=
                      texture.viewFormats().end();
    if (!listed) {
      std::string allowed = quoted(texture.format());
      for (TextureFormat vf : texture.viewFormats()) allowed += ", " + quoted(vf);
      BINDERY_INVALID_IF_FIX(
          true, TextureViewFormatNotAllowed,
          viewFormatCompatible(texture.format(), format, features)
              ? fmt::format("Create the texture with viewFormats: [{}] to allow views in {}.",
                            quoted(format), quoted(format))
              : fmt::format("A view's format must be the texture's format or one of its "
                            "viewFormats; {} cannot be reinterpreted as {}.",
                            quoted(texture.format()), quoted(format)),
          "descriptor.format is {}, but the texture's format is {} and its viewFormats are [{}]; "
          "the allowed view formats are {}.",
          quoted(format), quoted(texture.format()),
          [&] {
            std::string s;
            for (TextureFormat vf : texture.viewFormats()) {
              if (!s.empty()) s += ", ";
              s += quoted(vf);
            }
            return s;
          }(),
          allowed);
    }
  } else {
    std::optional<TextureFormat> expected = aspectFormat(texture.format(), r.aspect);
    BINDERY_INVALID_IF_FIX(
        expected != format, TextureViewAspectFormatMismatch,
        fmt::format("Leave descriptor.format out (it defaults to {}), or set it to {}.",
                    quoted(*expected), quoted(*expected)),
        "descriptor.format is {}, but a {} view of a {} texture must have the aspect-specific "
        "format {}.",
        quoted(format), quoted(r.aspect), quoted(texture.format()), quoted(*expected));
  }

  // Swizzle.
  BINDERY_INVALID_IF_FIX(
      r.swizzle != "rgba" && !device->hasFeature(FeatureName::TextureComponentSwizzle),
      MissingFeature,
      "Request the feature (adapter.requestDevice({requiredFeatures: "
      "['texture-component-swizzle']}), after checking "
      "adapter.features.has('texture-component-swizzle')), or leave swizzle at 'rgba' and "
      "reorder the channels in the shader.",
      "descriptor.swizzle is '{}', which needs the 'texture-component-swizzle' feature, but the "
      "device was not created with it (only 'rgba' is allowed without it).",
      r.swizzle);

  // Usage.
  BINDERY_INVALID_IF_FIX(
      !texture.usage().has(r.usage), TextureViewUsageNotSubset,
      fmt::format("Use a subset of the texture's usage, or create the texture with {} too.",
                  toString(r.usage.without(texture.usage()))),
      "descriptor.usage ({}) must be a subset of the texture's usage ({}), but {} is not in it.",
      toString(r.usage), toString(texture.usage()), toString(r.usage.without(texture.usage())));
  if (texture.usage().has(TextureUsage::TransientAttachment)) {
    BINDERY_INVALID_IF_FIX(r.usage != texture.usage(), TextureViewUsageTransient,
                           "Leave descriptor.usage at 0 (it defaults to the texture's usage).",
                           "descriptor.usage is {}, but the texture has "
                           "GPUTextureUsage.TRANSIENT_ATTACHMENT, so a view's usage must be "
                           "exactly the texture's usage ({}).",
                           toString(r.usage), toString(texture.usage()));
  }
  if (r.usage.has(TextureUsage::RenderAttachment) && !isRenderable(format, features)) {
    TextureUsageFlags without = r.usage.without(TextureUsage::RenderAttachment);
    BINDERY_INVALID_IF_FIX(
        true, TextureViewUsageUnsupportedByFormat,
        fmt::format("Give the view an explicit usage without GPUTextureUsage.RENDER_ATTACHMENT: "
                    "createView({{format: {}, usage: {}}}).",
                    quoted(format), toString(without)),
        "{} includes GPUTextureUsage.RENDER_ATTACHMENT, but the view's format {} is not "
        "renderable.",
        usageSubject(r.usage, why.usage()), quoted(format));
  }
  if (r.usage.has(TextureUsage::StorageBinding) && !isStorageFormatAnyAccess(format, features)) {
    TextureUsageFlags without = r.usage.without(TextureUsage::StorageBinding);
    BINDERY_INVALID_IF_FIX(
        true, TextureViewUsageUnsupportedByFormat,
        without.empty()
            ? fmt::format("Use a view format that supports storage, such as {}.",
                          quoted(texture.format()))
            : fmt::format("Give the view an explicit usage without "
                          "GPUTextureUsage.STORAGE_BINDING: createView({{format: {}, usage: {}}}).",
                          quoted(format), toString(without)),
        "{} includes GPUTextureUsage.STORAGE_BINDING, but the view's format {} cannot be a "
        "storage texture{}.",
        usageSubject(r.usage, why.usage()), quoted(format), [&] {
          for (uint32_t v = 0; v < kStorageTextureAccessCount; ++v) {
            if (auto f = storageFeatureNeeded(format, static_cast<StorageTextureAccess>(v))) {
              return fmt::format(" without the '{}' feature", toString(*f));
            }
          }
          return std::string();
        }());
  }

  // Mip range.
  BINDERY_INVALID_IF_FIX(
      r.baseMipLevel >= texture.mipLevelCount(), TextureViewMipRangeInvalid,
      fmt::format("Use a baseMipLevel from 0 to {}.", texture.mipLevelCount() - 1),
      "descriptor.baseMipLevel ({}) must be less than the texture's mipLevelCount ({}).",
      r.baseMipLevel, texture.mipLevelCount());
  BINDERY_INVALID_IF(mipLevelCount == 0, TextureViewMipRangeInvalid,
                     "descriptor.mipLevelCount is 0; a view needs at least one mip level.");
  BINDERY_INVALID_IF_FIX(
      uint64_t{r.baseMipLevel} + mipLevelCount > texture.mipLevelCount(),
      TextureViewMipRangeInvalid,
      fmt::format("Use mipLevelCount: {} or less (or leave it out to get every level from "
                  "baseMipLevel).",
                  texture.mipLevelCount() - r.baseMipLevel),
      "descriptor.baseMipLevel + descriptor.mipLevelCount ({} + {} = {}) exceeds the texture's "
      "mipLevelCount ({}).",
      r.baseMipLevel, mipLevelCount, uint64_t{r.baseMipLevel} + mipLevelCount,
      texture.mipLevelCount());

  // Array layer range.
  const uint32_t layers = texture.arrayLayerCount();
  BINDERY_INVALID_IF_FIX(
      r.baseArrayLayer >= layers, TextureViewArrayLayerRangeInvalid,
      layers == 1 ? std::string("Use baseArrayLayer: 0; the texture has one array layer.")
                  : fmt::format("Use a baseArrayLayer from 0 to {}.", layers - 1),
      "descriptor.baseArrayLayer ({}) must be less than the texture's array layer count ({}{}).",
      r.baseArrayLayer, layers,
      texture.dimension() == TextureDimension::e2D
          ? ", its size.depthOrArrayLayers"
          : fmt::format(": a {} texture has one layer", quoted(texture.dimension())));
  BINDERY_INVALID_IF(arrayLayerCount == 0, TextureViewArrayLayerRangeInvalid,
                     "descriptor.arrayLayerCount is 0; a view needs at least one array layer.");
  if (uint64_t{r.baseArrayLayer} + arrayLayerCount > layers) {
    std::string fix;
    if (dimension == TextureViewDimension::Cube || dimension == TextureViewDimension::CubeArray) {
      fix = fmt::format(
          "A {} view needs {} layers; the texture has {}. Create the texture with "
          "size.depthOrArrayLayers: 6 (or a multiple of 6), or view one layer with "
          "createView({{dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1}}).",
          quoted(dimension), dimension == TextureViewDimension::Cube ? "6" : "a multiple of 6",
          layers);
    } else {
      fix = fmt::format(
          "Use arrayLayerCount: {} or less, or view one layer with createView({{dimension: "
          "'2d', baseArrayLayer: n, arrayLayerCount: 1}}).",
          layers - r.baseArrayLayer);
    }
    BINDERY_INVALID_IF_FIX(true, TextureViewArrayLayerRangeInvalid, fix,
                           "descriptor.baseArrayLayer + descriptor.arrayLayerCount ({} + {} = {}) "
                           "exceeds the texture's array layer count ({}).{}",
                           r.baseArrayLayer, arrayLayerCount,
                           uint64_t{r.baseArrayLayer} + arrayLayerCount, layers,
                           because(why.arrayLayerCount()));
  }

  // Multisampled textures have only '2d' views.
  BINDERY_INVALID_IF_FIX(texture.sampleCount() > 1 && dimension != TextureViewDimension::e2D,
                         TextureViewMultisampledDimension,
                         "Use dimension: '2d' (a multisampled texture has one layer and one mip).",
                         "descriptor.dimension is {}, but the texture is multisampled "
                         "(sampleCount {}), so its views must be '2d'.{}",
                         quoted(dimension), texture.sampleCount(), because(why.dimension()));

  // Per view dimension.
  auto requireTextureDimension = [&](TextureDimension expected) -> MaybeError {
    if (texture.dimension() == expected) return {};
    std::string fix;
    switch (texture.dimension()) {
      case TextureDimension::e1D: fix = "A '1d' texture has only '1d' views."; break;
      case TextureDimension::e3D: fix = "A '3d' texture has only '3d' views."; break;
      case TextureDimension::e2D:
        fix = "A '2d' texture has '2d', '2d-array', 'cube' and 'cube-array' views.";
        break;
    }
    BINDERY_INVALID_IF_FIX(true, TextureViewDimensionIncompatible, fix,
                           "descriptor.dimension is {}, which needs a {} texture, but the "
                           "texture's dimension is {}.{}",
                           quoted(dimension), quoted(expected), quoted(texture.dimension()),
                           because(why.dimension()));
    return {};
  };
  auto requireLayerCount = [&](uint32_t expected) -> MaybeError {
    if (arrayLayerCount == expected) return {};
    std::string fix;
    if (dimension == TextureViewDimension::Cube) {
      fix =
          "A 'cube' view has exactly 6 layers (the faces +X, -X, +Y, -Y, +Z, -Z): use "
          "arrayLayerCount: 6, or leave it out.";
    } else {
      fix = fmt::format(
          "Use arrayLayerCount: 1 to view one layer ({{dimension: {}, baseArrayLayer: n, "
          "arrayLayerCount: 1}}), or dimension: '2d-array' for several.",
          quoted(dimension));
      if (dimension != TextureViewDimension::e2D) {
        fix = fmt::format(
            "A {} view has exactly one layer: use arrayLayerCount: 1, or leave it "
            "out.",
            quoted(dimension));
      }
    }
    BINDERY_INVALID_IF_FIX(true, TextureViewArrayLayerCountForDimension, fix,
                           "descriptor.arrayLayerCount is {}, but a {} view must have exactly "
                           "{} array layer{}.{}",
                           arrayLayerCount, quoted(dimension), expected, expected == 1 ? "" : "s",
                           because(why.arrayLayerCount()));
    return {};
  };
  auto requireSquare = [&]() -> MaybeError {
    BINDERY_INVALID_IF_FIX(texture.width() != texture.height(), TextureViewCubeNotSquare,
                           "Create the texture with equal width and height (each layer is a "
                           "square cube face).",
                           "descriptor.dimension is {}, but the texture's size is {}x{}; cube "
                           "faces must be square (width == height).",
                           quoted(dimension), texture.width(), texture.height());
    return {};
  };
  switch (dimension) {
    case TextureViewDimension::e1D:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e1D));
      BINDERY_TRY(requireLayerCount(1));
      break;
    case TextureViewDimension::e2D:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e2D));
      BINDERY_TRY(requireLayerCount(1));
      break;
    case TextureViewDimension::e2DArray:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e2D));
      break;
    case TextureViewDimension::Cube:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e2D));
      BINDERY_TRY(requireLayerCount(6));
      BINDERY_TRY(requireSquare());
      break;
    case TextureViewDimension::CubeArray:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e2D));
      BINDERY_INVALID_IF_FIX(
          arrayLayerCount % 6 != 0, TextureViewArrayLayerCountForDimension,
          layers - r.baseArrayLayer >= 6
              ? fmt::format("A 'cube-array' view holds whole cubes of 6 layers: use "
                            "arrayLayerCount: {} (or another multiple of 6).",
                            (layers - r.baseArrayLayer) / 6 * 6)
              : fmt::format("The texture has {} layer(s) from baseArrayLayer {}; a 'cube-array' "
                            "view needs a texture with size.depthOrArrayLayers a multiple of 6 "
                            "(e.g. 12), or use dimension: '2d-array'.",
                            layers - r.baseArrayLayer, r.baseArrayLayer),
          "descriptor.arrayLayerCount is {}, but a 'cube-array' view must have a multiple of 6 "
          "array layers.{}",
          arrayLayerCount, because(why.arrayLayerCount()));
      BINDERY_TRY(requireSquare());
      BINDERY_INVALID_IF_FIX(!device->hasFeature(FeatureName::CoreFeaturesAndLimits),
                             TextureViewCubeArrayInCompatibilityMode,
                             "Use one 'cube' view per cube, or request a core device.",
                             "descriptor.dimension is 'cube-array', which compatibility-mode "
                             "devices (without 'core-features-and-limits') do not support.");
      break;
    case TextureViewDimension::e3D:
      BINDERY_TRY(requireTextureDimension(TextureDimension::e3D));
      BINDERY_TRY(requireLayerCount(1));
      break;
  }
  return {};
}

// --- TextureViewBase -------------------------------------------------------------------

TextureViewBase::TextureViewBase(TextureBase* texture, std::string_view label,
                                 const TextureViewDescriptor& r, Swizzle swizzle,
                                 TextureViewDefaults defaults)
    : ObjectBase(texture->device(), ObjectType::TextureView, label),
      texture_(texture),
      format_(*r.format),
      dimension_(*r.dimension),
      usage_(r.usage),
      aspect_(r.aspect),
      baseMipLevel_(r.baseMipLevel),
      mipLevelCount_(*r.mipLevelCount),
      baseArrayLayer_(r.baseArrayLayer),
      arrayLayerCount_(*r.arrayLayerCount),
      swizzle_(swizzle),
      defaults_(std::move(defaults)) {}

TextureViewBase::TextureViewBase(TextureBase* texture, const TextureViewDescriptor& r,
                                 TextureViewDefaults defaults, InvalidTag tag)
    : ObjectBase(texture->device(), ObjectType::TextureView, r.label, tag),
      texture_(texture),
      format_(r.format.value_or(texture->format())),
      dimension_(r.dimension.value_or(TextureViewDimension::e2D)),
      usage_(r.usage),
      aspect_(r.aspect),
      baseMipLevel_(r.baseMipLevel),
      mipLevelCount_(r.mipLevelCount.value_or(1)),
      baseArrayLayer_(r.baseArrayLayer),
      arrayLayerCount_(r.arrayLayerCount.value_or(1)),
      swizzle_(Swizzle::parse(r.swizzle).value_or(Swizzle{})),
      defaults_(std::move(defaults)) {}

TextureViewBase::~TextureViewBase() = default;

uint32_t TextureViewBase::sampleCount() const {
  return texture_->sampleCount();
}

// #abstract-opdef-compute-render-extent
Extent3D TextureViewBase::renderExtent() const {
  if (baseMipLevel_ >= 32) return Extent3D{1, 1, 1};  // only for invalid views
  return Extent3D{std::max(1u, texture_->width() >> baseMipLevel_),
                  std::max(1u, texture_->height() >> baseMipLevel_), 1};
}

bool TextureViewBase::aliases(const TextureViewBase& other) const {
  if (texture_.get() != other.texture_.get()) return false;
  auto overlap = [](uint32_t a, uint32_t an, uint32_t b, uint32_t bn) {
    return uint64_t{a} < uint64_t{b} + bn && uint64_t{b} < uint64_t{a} + an;
  };
  if (!overlap(baseMipLevel_, mipLevelCount_, other.baseMipLevel_, other.mipLevelCount_)) {
    return false;
  }
  if (!overlap(baseArrayLayer_, arrayLayerCount_, other.baseArrayLayer_, other.arrayLayerCount_)) {
    return false;
  }
  return aspect_ == TextureAspect::All || other.aspect_ == TextureAspect::All ||
         aspect_ == other.aspect_;
}

std::string TextureViewBase::describeDescriptor() const {
  std::string out = fmt::format(
      "{{format: {}, dimension: {}, aspect: {}, baseMipLevel: {}, mipLevelCount: {}, "
      "baseArrayLayer: {}, arrayLayerCount: {}, usage: {}",
      quoted(format_), quoted(dimension_), quoted(aspect_), baseMipLevel_, mipLevelCount_,
      baseArrayLayer_, arrayLayerCount_, toString(usage_));
  if (!swizzle_.isIdentity()) out += fmt::format(", swizzle: '{}'", swizzle_.toString());
  return out + "}";
}

// --- creation ----------------------------------------------------------------------

// #texture-view-creation, content timeline: "Validate texture format required
// features" of the view's format and "Validate swizzle string" (TypeErrors in
// JavaScript: see bindery::textureViewTypeError).
MaybeError validateTextureViewContentTimeline(const DeviceBase* device,
                                              const TextureViewDescriptor& descriptor) {
  if (descriptor.format) {
    const FormatInfo& info = formatInfo(*descriptor.format);
    if (info.requiredFeature && !device->hasFeature(*info.requiredFeature)) {
      auto error = makeValidationError(
          ErrorCode::MissingFeature,
          fmt::format("descriptor.format is {}, which needs the '{}' feature, but the device was "
                      "not created with it.",
                      quoted(*descriptor.format), toString(*info.requiredFeature)));
      error->fix = fmt::format("Request '{}' in requiredFeatures when creating the device.",
                               toString(*info.requiredFeature));
      return error;
    }
  }
  BINDERY_INVALID_IF(!Swizzle::parse(descriptor.swizzle), TextureViewSwizzleInvalid,
                     "descriptor.swizzle is '{}'; it must be four characters, each one of r, g, "
                     "b, a, 0, 1 (e.g. 'rgba', 'rrr1', 'bgra').",
                     descriptor.swizzle);
  return {};
}

namespace {

// Whether `d` asks for the default view: every member but the label absent or
// at its default.
bool isDefaultViewDescriptor(const TextureViewDescriptor& d) {
  return !d.format && !d.dimension && d.usage.empty() && d.aspect == TextureAspect::All &&
         d.baseMipLevel == 0 && !d.mipLevelCount && d.baseArrayLayer == 0 && !d.arrayLayerCount &&
         d.swizzle == "rgba";
}

}  // namespace

void TextureBase::prepareDefaultView() {
  TextureViewDefaults defaults;
  TextureViewDescriptor resolved =
      resolveTextureViewDescriptorDefaults(*this, TextureViewDescriptor{}, &defaults);
  if (validateTextureViewDescriptor(*this, resolved, defaults).isSuccess()) {
    defaultView_ = std::make_unique<const DefaultView>(DefaultView{std::move(resolved), defaults});
  }
}

Ref<TextureViewBase> TextureBase::tryCreateDefaultView() {
  // What createView() checks first (a lost device makes an invalid view),
  // then what createViewNoReport repeats for the default view: the texture's
  // validity and the backend's view.
  if (defaultView_ == nullptr || !isValid() || device()->isLost()) return {};
  Ref<TextureViewBase> view;
  if (createDefaultView(&view).isError()) return {};
  return view;
}

MaybeError TextureBase::createViewNoReport(const TextureViewDescriptor& descriptor,
                                           Ref<TextureViewBase>* view) {
  DeviceBase* dev = device();
  TextureViewDefaults defaults;
  auto invalid = [&](const TextureViewDescriptor& r) {
    *view = Ref<TextureViewBase>::adopt(new TextureViewBase(this, r, defaults, InvalidTag{}));
  };

  // The default view of a texture whose default view validated at creation
  // (prepareDefaultView): the content-timeline checks have nothing to check,
  // and of validateTextureViewDescriptor's only its first can fail now.
  if (defaultView_ && isDefaultViewDescriptor(descriptor)) {
    if (MaybeError error = dev->validateObject(this, "The texture"); error.isError()) {
      TextureViewDescriptor resolved = defaultView_->resolved;
      resolved.label = descriptor.label;
      defaults = defaultView_->defaults;
      invalid(resolved);
      return error;
    }
    *view = Ref<TextureViewBase>::adopt(new TextureViewBase(
        this, descriptor.label, defaultView_->resolved, Swizzle{}, defaultView_->defaults));
    return realiseNoReport(dev, **view, dev->backend().createTextureView(**view));
  }

  if (MaybeError error = validateTextureViewContentTimeline(dev, descriptor); error.isError()) {
    invalid(descriptor);
    return error;
  }
  std::optional<Swizzle> swizzle = Swizzle::parse(descriptor.swizzle);

  TextureViewDescriptor resolved =
      resolveTextureViewDescriptorDefaults(*this, descriptor, &defaults);
  if (MaybeError error = validateTextureViewDescriptor(*this, resolved, defaults);
      error.isError()) {
    invalid(resolved);
    return error;
  }
  *view = Ref<TextureViewBase>::adopt(
      new TextureViewBase(this, resolved.label, resolved, *swizzle, std::move(defaults)));
  return realiseNoReport(device(), **view, device()->backend().createTextureView(**view));
}

Ref<TextureViewBase> TextureBase::createView(const TextureViewDescriptor& descriptor) {
  DeviceBase* dev = device();
  dev->beginCall();
  Ref<TextureViewBase> view;
  if (dev->isLost()) {
    TextureViewDefaults none;
    return Ref<TextureViewBase>::adopt(
        new TextureViewBase(this, descriptor, std::move(none), InvalidTag{}));
  }
  if (MaybeError error = createViewNoReport(descriptor, &view); error.isError()) {
    view->setInvalidReason(error->message);
    dev->dispatchError(std::move(error),
                       fmt::format("{}.createView({})", describe(),
                                   core::describe(ObjectType::TextureView, descriptor.label)));
  }
  return view;
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::TextureViewBase;

std::string_view TextureView::label() const {
  return fromHandle<TextureViewBase>(*this)->label();
}
void TextureView::setLabel(std::string_view l) {
  fromHandle<TextureViewBase>(*this)->setLabel(l);
}

}  // namespace bindery
