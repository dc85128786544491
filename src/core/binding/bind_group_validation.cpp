// #bind-group-creation: the validation of a GPUBindGroupDescriptor against
// its layout, entry by entry, and the resolution of each resource to what the
// group stores (the GPUBuffer / GPUTexture shorthands included). The success
// path builds no string; messages are made only on failure.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline_explain.h"
#include "core/resources/buffer.h"
#include "core/resources/external_texture.h"
#include "core/resources/format.h"
#include "core/resources/sampler.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

// Names of the GPUBindingResource alternatives, in variant order.
constexpr const char* kResourceTypeNames[] = {"GPUSampler",       "GPUTextureView",
                                              "GPUBufferBinding", "GPUExternalTexture",
                                              "GPUBuffer",        "GPUTexture"};
enum ResourceIndex : size_t {
  kSampler,
  kTextureView,
  kBufferBinding,
  kExternal,
  kBuffer,
  kTexture
};

const ObjectBase* resourceObject(const BindingResource& r) {
  switch (r.index()) {
    case kSampler: return fromHandle<ObjectBase>(std::get<kSampler>(r));
    case kTextureView: return fromHandle<ObjectBase>(std::get<kTextureView>(r));
    case kBufferBinding: return fromHandle<ObjectBase>(std::get<kBufferBinding>(r).buffer);
    case kExternal: return fromHandle<ObjectBase>(std::get<kExternal>(r));
    case kBuffer: return fromHandle<ObjectBase>(std::get<kBuffer>(r));
    case kTexture: return fromHandle<ObjectBase>(std::get<kTexture>(r));
  }
  return nullptr;
}

std::string_view wgslTextureType(TextureViewDimension d) {
  switch (d) {
    case TextureViewDimension::e1D: return "texture_1d";
    case TextureViewDimension::e2D: return "texture_2d";
    case TextureViewDimension::e2DArray: return "texture_2d_array";
    case TextureViewDimension::Cube: return "texture_cube";
    case TextureViewDimension::CubeArray: return "texture_cube_array";
    case TextureViewDimension::e3D: return "texture_3d";
  }
  return "texture";
}

// The resource's kind does not match the layout entry's binding member.
std::unique_ptr<ErrorData> resourceTypeError(const LayoutEntry& le, const BindingResource& r,
                                             const char* expected) {
  const ObjectBase* object = resourceObject(r);
  auto error = makeValidationError(
      ErrorCode::BindGroupResourceTypeMismatch,
      fmt::format("binding {} is declared in the layout as {}, so its resource must be {}, but "
                  "it is a {} ({}).",
                  le.binding, le.describeMember(), expected, kResourceTypeNames[r.index()],
                  core::describe(object)));
  error->fix = fmt::format(
      "Pass {} for binding {}, or check that the entry's binding number and the layout (and "
      "the WGSL @binding) agree.",
      expected, le.binding);
  return error;
}

// validateObject with the field path built only on failure.
inline MaybeError checkObject(const DeviceBase* device, const ObjectBase* object, size_t index,
                              const char* suffix) {
  if (object && object->device() == device && object->isValid()) [[likely]] {
    return {};
  }
  return device->validateObject(object,
                                fmt::format("descriptor.entries[{}].resource{}", index, suffix));
}

// "get as texture view": a TextureView as is, a Texture's default view.
MaybeError getAsTextureView(DeviceBase* device, const BindingResource& r, size_t index,
                            Ref<TextureViewBase>* view) {
  if (r.index() == kTextureView) {
    auto* v = fromHandle<TextureViewBase>(std::get<kTextureView>(r));
    BINDERY_TRY(checkObject(device, v, index, ""));
    *view = Ref<TextureViewBase>(v);
    return {};
  }
  auto* texture = fromHandle<TextureBase>(std::get<kTexture>(r));
  BINDERY_TRY(checkObject(device, texture, index, ""));
  MaybeError error = texture->createDefaultView(view);
  if (error.isError()) [[unlikely]] {
    error.addContext(fmt::format(
        "making the default view of {} (descriptor.entries[{}].resource is a GPUTexture, which "
        "stands for texture.createView())",
        texture->describe(), index));
  }
  return error;
}

std::string viewDimensionFix(const LayoutEntry& le, const TextureViewBase& view) {
  const TextureBase* texture = view.texture();
  std::string tex = texture->describe();
  std::string call;
  switch (le.viewDimension) {
    case TextureViewDimension::e2D:
      call = texture->arrayLayerCount() > 1
                 ? "createView({dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1})"
                 : "createView({dimension: '2d'})";
      break;
    case TextureViewDimension::e2DArray: call = "createView({dimension: '2d-array'})"; break;
    case TextureViewDimension::Cube:
      call = "createView({dimension: 'cube', baseArrayLayer: n, arrayLayerCount: 6})";
      break;
    case TextureViewDimension::CubeArray:
      call = "createView({dimension: 'cube-array'}) (its arrayLayerCount a multiple of 6)";
      break;
    case TextureViewDimension::e1D:
    case TextureViewDimension::e3D: {
      std::string_view needed = le.viewDimension == TextureViewDimension::e1D ? "1d" : "3d";
      if (toString(texture->dimension()) != needed) {
        return fmt::format(
            "A '{}' view needs a texture created with dimension: '{}' ({} has dimension '{}'); "
            "bind such a texture, or change the layout's {}.viewDimension to '{}' (and the WGSL "
            "type to {}).",
            needed, needed, tex, toString(texture->dimension()), toString(le.kind),
            toString(view.dimension()), wgslTextureType(view.dimension()));
      }
      call = fmt::format("createView({{dimension: '{}'}})", needed);
      break;
    }
  }
  return fmt::format(
      "Bind a view made with {}.{}, or change the layout's {}.viewDimension to '{}' (and the "
      "WGSL type to {}).",
      tex, call, toString(le.kind), toString(view.dimension()), wgslTextureType(view.dimension()));
}

MaybeError validateViewDimension(const LayoutEntry& le, const TextureViewBase& view) {
  if (view.dimension() == le.viewDimension) [[likely]] {
    return {};
  }
  std::string why = !view.defaults().applied(TextureViewDefaults::kDimension)
                        ? std::string()
                        : fmt::format(" (the view's {})", view.defaults().dimension());
  auto error = makeValidationError(
      ErrorCode::BindGroupTextureViewDimensionMismatch,
      fmt::format(
          "binding {}: expected a view with dimension '{}' (the layout's {}.viewDimension), "
          "but {} has dimension '{}'{}.",
          le.binding, toString(le.viewDimension), toString(le.kind), describeView(view),
          toString(view.dimension()), why));
  error->fix = viewDimensionFix(le, view);
  return error;
}

MaybeError validateCompatViewRules(const DeviceBase* device, const LayoutEntry& le,
                                   const TextureViewBase& view) {
  if (!device->isCompatibilityMode()) [[likely]] {
    return {};
  }
  const TextureBase* texture = view.texture();
  if (std::optional<TextureViewDimension> tbvd = texture->textureBindingViewDimension();
      tbvd && *tbvd != view.dimension()) {
    std::string why = texture->textureBindingViewDimensionReason().empty()
                          ? std::string()
                          : fmt::format(" ({})", texture->textureBindingViewDimensionReason());
    auto error = makeValidationError(
        ErrorCode::BindGroupCompatTextureBindingViewDimension,
        fmt::format("binding {}: in compatibility mode a texture is bound only with its "
                    "textureBindingViewDimension; {} has textureBindingViewDimension '{}'{}, but "
                    "{} has dimension '{}'.",
                    le.binding, texture->describe(), toString(*tbvd), why, describeView(view),
                    toString(view.dimension())));
    error->fix = fmt::format(
        "Create {} with textureBindingViewDimension: '{}', or bind a view with dimension '{}'.",
        texture->describe(), toString(view.dimension()), toString(*tbvd));
    return error;
  }
  if (view.baseArrayLayer() != 0 || view.arrayLayerCount() != texture->arrayLayerCount()) {
    auto error = makeValidationError(
        ErrorCode::BindGroupCompatViewLayerRange,
        fmt::format("binding {}: in compatibility mode a bound view must cover every array layer "
                    "of its texture, but {} has baseArrayLayer {} and arrayLayerCount {} while "
                    "{} has {} layers.",
                    le.binding, describeView(view), view.baseArrayLayer(), view.arrayLayerCount(),
                    texture->describe(), texture->arrayLayerCount()));
    error->fix = "Bind a view with baseArrayLayer 0 and every layer (the default createView()).";
    return error;
  }
  return {};
}

std::string sampleTypeFix(const DeviceBase* device, const LayoutEntry& le,
                          const TextureViewBase& view, SampleTypeSet compatible) {
  const FormatInfo& info = formatInfo(view.format());
  if (info.isCombinedDepthStencil() && view.aspect() == TextureAspect::All) {
    return fmt::format(
        "Create the view with aspect: 'depth-only' (sampleType 'depth' or 'unfilterable-float') "
        "or aspect: 'stencil-only' (sampleType 'uint'); a view of both aspects of '{}' cannot be "
        "sampled.",
        toString(view.format()));
  }
  if (le.sampleType == TextureSampleType::Float &&
      compatible.has(TextureSampleType::UnfilterableFloat) && info.filterable.possible() &&
      !info.filterable.supported(device->features())) {
    return fmt::format(
        "Request the '{}' feature to filter '{}', or declare the layout's texture.sampleType "
        "'unfilterable-float' and sample it with a 'non-filtering' sampler (or textureLoad).",
        toString(info.filterable.feature), toString(view.format()));
  }
  if (le.sampleType == TextureSampleType::Float && info.hasDepth()) {
    return "Declare the layout's texture.sampleType 'depth' (WGSL texture_depth_2d) or "
           "'unfilterable-float'.";
  }
  return fmt::format(
      "Declare the layout's texture.sampleType as one of {} (matching the WGSL texel type), or "
      "bind a view whose format is compatible with '{}'.",
      compatible.toString(), toString(le.sampleType));
}

MaybeError validateTextureEntry(const DeviceBase* device, const LayoutEntry& le,
                                const TextureViewBase& view, const BindGroupLayoutBase& layout) {
  BINDERY_TRY(validateViewDimension(le, view));
  SampleTypeSet compatible =
      compatibleSampleTypes(view.format(), view.aspect(), device->features());
  if (!compatible.has(le.sampleType)) [[unlikely]] {
    auto error = makeValidationError(
        ErrorCode::BindGroupTextureSampleTypeMismatch,
        fmt::format("binding {}: expected a view whose format can be sampled as '{}' (the "
                    "layout's texture.sampleType), but {} has format '{}' and aspect '{}', which "
                    "can be sampled only as {} on this device.",
                    le.binding, toString(le.sampleType), describeView(view),
                    toString(view.format()), toString(view.aspect()), compatible.toString()));
    error->fix = sampleTypeFix(device, le, view, compatible);
    // A layout: 'auto' asks 'float' of a texture the shader samples with a
    // filtering sampler: say so, and give the fixes that apply.
    if (le.sampleType == TextureSampleType::Float &&
        compatible.has(TextureSampleType::UnfilterableFloat)) {
      AutoLayoutExplanation why =
          explainAutoLayoutFilterable(layout, le.binding, view.format(), device->features());
      if (!why.text.empty()) {
        error->message += why.text;
        error->fix = std::move(why.fix);
      }
    }
    return error;
  }
  BINDERY_INVALID_IF_FIX(
      !view.usage().has(TextureUsage::TextureBinding), BindGroupTextureUsageMissing,
      fmt::format("Add GPUTextureUsage.TEXTURE_BINDING to the usage of {} (and of the view, if "
                  "it sets usage).",
                  view.texture()->describe()),
      "binding {}: {} has usage {}, which lacks GPUTextureUsage.TEXTURE_BINDING, required by the "
      "layout's texture entry.",
      le.binding, describeView(view), toString(view.usage()));
  const uint32_t samples = view.sampleCount();
  BINDERY_INVALID_IF_FIX(
      le.multisampled && samples == 1, BindGroupTextureMultisampleMismatch,
      "Bind a view of a texture created with sampleCount: 4, or declare multisampled: false (and "
      "the WGSL type texture_2d).",
      "binding {}: the layout's texture.multisampled is true, but {} is a view of {}, whose "
      "sampleCount is 1.",
      le.binding, view.describe(), view.texture()->describe());
  BINDERY_INVALID_IF_FIX(
      !le.multisampled && samples > 1, BindGroupTextureMultisampleMismatch,
      "Declare texture.multisampled: true (WGSL texture_multisampled_2d), or bind the resolved "
      "single-sampled texture.",
      "binding {}: the layout's texture.multisampled is false, but {} is a view of {}, whose "
      "sampleCount is {}.",
      le.binding, view.describe(), view.texture()->describe(), samples);
  return validateCompatViewRules(device, le, view);
}

MaybeError validateStorageTextureEntry(const DeviceBase* device, const LayoutEntry& le,
                                       const TextureViewBase& view) {
  BINDERY_TRY(validateViewDimension(le, view));
  BINDERY_INVALID_IF_FIX(
      view.format() != le.storageFormat, BindGroupStorageTextureFormatMismatch,
      fmt::format("Bind a view with format '{}' (createView({{format: '{}'}}) needs '{}' in the "
                  "texture's viewFormats), or change the layout's storageTexture.format to '{}'.",
                  toString(le.storageFormat), toString(le.storageFormat),
                  toString(le.storageFormat), toString(view.format())),
      "binding {}: expected a view with format '{}' (the layout's storageTexture.format), but {} "
      "has format '{}'.",
      le.binding, toString(le.storageFormat), describeView(view), toString(view.format()));
  BINDERY_INVALID_IF_FIX(
      !view.usage().has(TextureUsage::StorageBinding), BindGroupTextureUsageMissing,
      fmt::format("Add GPUTextureUsage.STORAGE_BINDING to the usage of {} (and of the view, if "
                  "it sets usage).",
                  view.texture()->describe()),
      "binding {}: {} has usage {}, which lacks GPUTextureUsage.STORAGE_BINDING, required by the "
      "layout's storageTexture entry.",
      le.binding, describeView(view), toString(view.usage()));
  BINDERY_INVALID_IF_FIX(
      view.mipLevelCount() != 1, BindGroupStorageTextureMipLevelCount,
      "Bind a view of one mip level: createView({baseMipLevel: n, mipLevelCount: 1}).",
      "binding {}: {} has mipLevelCount {}{}, but a storage texture view must have exactly 1.",
      le.binding, describeView(view), view.mipLevelCount(),
      !view.defaults().applied(TextureViewDefaults::kMipLevelCount)
          ? std::string()
          : fmt::format(" ({})", view.defaults().mipLevelCount()));
  BINDERY_INVALID_IF_FIX(!view.swizzle().isIdentity(), BindGroupStorageTextureSwizzle,
                         "Bind a view with the default swizzle 'rgba'; swizzles apply only to "
                         "sampled textures.",
                         "binding {}: {} has swizzle '{}', but a storage texture view's swizzle "
                         "must be 'rgba'.",
                         le.binding, describeView(view), view.swizzle().toString());
  return validateCompatViewRules(device, le, view);
}

MaybeError validateSamplerEntry(const LayoutEntry& le, const SamplerBase& sampler) {
  const bool comparison = sampler.isComparison();
  const bool filtering = sampler.isFiltering();
  switch (le.samplerType) {
    case SamplerBindingType::Filtering:
      BINDERY_INVALID_IF_FIX(
          comparison, BindGroupSamplerTypeMismatch,
          "Bind a sampler created without compare, or declare sampler: {type: 'comparison'} "
          "(WGSL sampler_comparison).",
          "binding {}: the layout's sampler.type is 'filtering', but {} is a comparison sampler "
          "(it was created with compare: '{}').",
          le.binding, sampler.describe(), toString(*sampler.compare()));
      break;
    case SamplerBindingType::NonFiltering:
      BINDERY_INVALID_IF_FIX(
          comparison, BindGroupSamplerTypeMismatch,
          "Bind a sampler created without compare, or declare sampler: {type: 'comparison'}.",
          "binding {}: the layout's sampler.type is 'non-filtering', but {} is a comparison "
          "sampler (it was created with compare: '{}').",
          le.binding, sampler.describe(), toString(*sampler.compare()));
      BINDERY_INVALID_IF_FIX(
          filtering, BindGroupSamplerTypeMismatch,
          "Create the sampler with magFilter, minFilter and mipmapFilter 'nearest', or declare "
          "sampler: {type: 'filtering'} (only if the textures it samples are filterable).",
          "binding {}: the layout's sampler.type is 'non-filtering', but {} filters (magFilter "
          "'{}', minFilter '{}', mipmapFilter '{}').",
          le.binding, sampler.describe(), toString(sampler.magFilter()),
          toString(sampler.minFilter()), toString(sampler.mipmapFilter()));
      break;
    case SamplerBindingType::Comparison:
      BINDERY_INVALID_IF_FIX(!comparison, BindGroupSamplerTypeMismatch,
                             "Create the sampler with a compare function (e.g. compare: 'less'), "
                             "or declare sampler: {type: 'filtering'}.",
                             "binding {}: the layout's sampler.type is 'comparison', but {} was "
                             "created without compare, so it is not a comparison sampler.",
                             le.binding, sampler.describe());
      break;
  }
  return {};
}

// "get as buffer binding", then the buffer rules. Fills `range`.
MaybeError validateBufferEntry(const DeviceBase* device, const LayoutEntry& le,
                               const BufferBase& buffer, uint64_t offset,
                               std::optional<uint64_t> size, BoundBufferRange* range) {
  const Limits& limits = device->limits();
  const bool uniform = le.bufferType == BufferBindingType::Uniform;
  const BufferUsage needed = uniform ? BufferUsage::Uniform : BufferUsage::Storage;
  if (!buffer.usage().has(needed)) [[unlikely]] {
    const char* flag = uniform ? "GPUBufferUsage.UNIFORM" : "GPUBufferUsage.STORAGE";
    auto error = makeValidationError(
        ErrorCode::BindGroupBufferUsageMissing,
        fmt::format("binding {}: {} has usage {}, which lacks {}, required by the layout's "
                    "buffer.type '{}'.",
                    le.binding, buffer.describe(), toString(buffer.usage()), flag,
                    toString(le.bufferType)));
    error->fix = fmt::format("Add {} to the usage of {} where it is created: usage: {} | {}.", flag,
                             buffer.describe(), toString(buffer.usage()), flag);
    return error;
  }

  const uint64_t bufferSize = buffer.size();
  // The bound part resides inside the buffer.
  if (offset > bufferSize || (size && *size > bufferSize - offset)) [[unlikely]] {
    auto error = makeValidationError(
        ErrorCode::BindGroupBufferRangeOutOfBounds,
        size ? fmt::format("binding {}: the range offset {} + size {} (ends at {}) goes past the "
                           "end of {}, whose size is {}.",
                           le.binding, offset, *size,
                           offset + *size < offset ? std::string("past 2^64")
                                                   : std::to_string(offset + *size),
                           buffer.describe(), bufferSize)
             : fmt::format("binding {}: offset {} is past the end of {}, whose size is {}.",
                           le.binding, offset, buffer.describe(), bufferSize));
    error->fix = "Keep offset + size within the buffer's size (omit size to bind up to the end).";
    return error;
  }
  // effective buffer binding size
  const uint64_t effective = size ? *size : bufferSize - offset;
  BINDERY_INVALID_IF_FIX(effective == 0, BindGroupBufferBindingZeroSize,
                         "Bind a non-empty range: a size > 0, or an offset before the end.",
                         "binding {}: the bound range of {} is empty (offset {}, {}).", le.binding,
                         buffer.describe(), offset,
                         size ? std::string("size 0")
                              : fmt::format("no size, and the buffer's size is {}", bufferSize));

  const uint32_t alignment =
      uniform ? limits.minUniformBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment;
  if (offset % alignment != 0) [[unlikely]] {
    const char* limitName =
        uniform ? "minUniformBufferOffsetAlignment" : "minStorageBufferOffsetAlignment";
    uint64_t below = offset / alignment * alignment;
    auto error = makeValidationError(
        ErrorCode::BindGroupBufferOffsetAlignment,
        fmt::format("binding {}: offset {} is not a multiple of the device's {} ({}), which a "
                    "'{}' buffer binding's offset must be.",
                    le.binding, offset, limitName, alignment, toString(le.bufferType)));
    error->fix = fmt::format(
        "Use offset {} or {}. To pack many bindings in one buffer, step by "
        "ceil(size / {}) * {} bytes (device.limits.{}).",
        below, below + alignment, alignment, alignment, limitName);
    return error;
  }

  if (effective < le.minBindingSize) [[unlikely]] {
    auto error = makeValidationError(
        ErrorCode::BindGroupBufferBindingTooSmall,
        fmt::format(
            "binding {}: the binding of {} is {} bytes ({}), smaller than the layout's "
            "buffer.minBindingSize ({}).",
            le.binding, buffer.describe(), effective,
            size ? fmt::format("size: {}", *size)
                 : fmt::format("no size: the buffer's {} bytes from offset {}", bufferSize, offset),
            le.minBindingSize));
    error->fix = offset + le.minBindingSize <= bufferSize
                     ? fmt::format(
                           "Bind at least {} bytes: size: {} (or make minBindingSize match the "
                           "WGSL type's size).",
                           le.minBindingSize, le.minBindingSize)
                     : fmt::format(
                           "Bind at least {} bytes: the buffer needs a size of at least offset + "
                           "{} = {} (or make minBindingSize match the WGSL type's size).",
                           le.minBindingSize, le.minBindingSize, offset + le.minBindingSize);
    return error;
  }

  const uint64_t maxSize =
      uniform ? limits.maxUniformBufferBindingSize : limits.maxStorageBufferBindingSize;
  if (effective > maxSize) [[unlikely]] {
    const char* limitName = uniform ? "maxUniformBufferBindingSize" : "maxStorageBufferBindingSize";
    auto error = makeValidationError(
        ErrorCode::BindGroupBufferBindingTooLarge,
        fmt::format("binding {}: the binding of {} is {} bytes{}, more than the device's {} ({}).",
                    le.binding, buffer.describe(), effective,
                    size ? std::string() : fmt::format(" (no size: the rest of the buffer)"),
                    limitName, maxSize));
    error->fix = fmt::format(
        "Give size: at most {}{}, or request a higher {} in requiredLimits.", maxSize,
        uniform ? " (or use a 'read-only-storage' binding for large data)" : "", limitName);
    return error;
  }
  BINDERY_INVALID_IF_FIX(
      !uniform && effective % 4 != 0, BindGroupStorageBufferSizeNotMultipleOf4,
      fmt::format("Use size: {} (or {}).", effective / 4 * 4, (effective + 3) / 4 * 4),
      "binding {}: a storage buffer binding's size must be a multiple of 4, "
      "but the binding of {} is {} bytes.",
      le.binding, buffer.describe(), effective);
  range->offset = offset;
  range->size = effective;
  range->sized = size.has_value();
  return {};
}

// One entry. On success *slot holds the resource with a reference for the group.
MaybeError validateEntry(DeviceBase* device, const LayoutEntry& le, const BindingResource& r,
                         size_t index, ObjectBase** slot, BoundBufferRange* range,
                         const BindGroupLayoutBase& layout) {
  const size_t type = r.index();
  switch (le.kind) {
    case BindingKind::Buffer: {
      const BufferBase* buffer;
      uint64_t offset = 0;
      std::optional<uint64_t> size;
      if (type == kBufferBinding) {
        const BufferBinding& binding = std::get<kBufferBinding>(r);
        buffer = fromHandle<BufferBase>(binding.buffer);
        BINDERY_TRY(checkObject(device, buffer, index, ".buffer"));
        offset = binding.offset;
        size = binding.size;
      } else if (type == kBuffer) {
        buffer = fromHandle<BufferBase>(std::get<kBuffer>(r));
        BINDERY_TRY(checkObject(device, buffer, index, ""));
      } else {
        return resourceTypeError(le, r, "a GPUBufferBinding or a GPUBuffer");
      }
      BINDERY_TRY(validateBufferEntry(device, le, *buffer, offset, size, range));
      buffer->addRef();
      *slot = const_cast<BufferBase*>(buffer);
      return {};
    }
    case BindingKind::Sampler: {
      if (type != kSampler) return resourceTypeError(le, r, "a GPUSampler");
      auto* sampler = fromHandle<SamplerBase>(std::get<kSampler>(r));
      BINDERY_TRY(checkObject(device, sampler, index, ""));
      BINDERY_TRY(validateSamplerEntry(le, *sampler));
      sampler->addRef();
      *slot = sampler;
      return {};
    }
    case BindingKind::Texture:
    case BindingKind::StorageTexture: {
      if (type != kTextureView && type != kTexture) {
        return resourceTypeError(le, r, "a GPUTextureView (or a GPUTexture, for its default view)");
      }
      Ref<TextureViewBase> view;
      BINDERY_TRY(getAsTextureView(device, r, index, &view));
      BINDERY_TRY(le.kind == BindingKind::Texture ? validateTextureEntry(device, le, *view, layout)
                                                  : validateStorageTextureEntry(device, le, *view));
      *slot = view.detach();
      return {};
    }
    case BindingKind::ExternalTexture: {
      if (type == kExternal) {
        auto* external = fromHandle<ExternalTextureBase>(std::get<kExternal>(r));
        BINDERY_TRY(checkObject(device, external, index, ""));
        external->addRef();
        *slot = external;
        return {};
      }
      if (type != kTextureView && type != kTexture) {
        return resourceTypeError(le, r, "a GPUExternalTexture, a GPUTextureView or a GPUTexture");
      }
      Ref<TextureViewBase> view;
      BINDERY_TRY(getAsTextureView(device, r, index, &view));
      BINDERY_TRY(validateExternalTextureView(*view, ErrorCode::BindGroupExternalTextureView,
                                              fmt::format("binding {}: the resource", le.binding)));
      *slot = view.detach();
      return {};
    }
  }
  return {};
}

std::string bindingList(const std::vector<uint32_t>& bindings) {
  std::string s;
  for (uint32_t b : bindings) {
    if (!s.empty()) s += ", ";
    s += std::to_string(b);
  }
  return s;
}

std::unique_ptr<ErrorData> entryCountError(const BindGroupDescriptor& d,
                                           const BindGroupLayoutBase& layout) {
  const BindGroupLayoutInternal& internal = *layout.internal();
  std::vector<uint32_t> layoutBindings;
  std::string missing;
  std::string explanation;  // why layout: 'auto' kept or dropped bindings
  for (const LayoutEntry* e : internal.sortedByBinding()) {
    layoutBindings.push_back(e->binding);
    bool given = std::any_of(d.entries.begin(), d.entries.end(),
                             [&](const BindGroupEntry& g) { return g.binding == e->binding; });
    if (!given) {
      missing += fmt::format("\n    binding {}: {}", e->binding, e->describeMember());
      // For a layout: 'auto' layout, say which entry point uses the binding.
      explanation += explainAutoLayoutMissingBinding(layout, e->binding);
    }
  }
  std::vector<uint32_t> extra;
  for (const BindGroupEntry& g : d.entries) {
    if (internal.indexOf(g.binding) == BindGroupLayoutInternal::kNoIndex)
      extra.push_back(g.binding);
  }
  std::string detail;
  if (!missing.empty()) detail += fmt::format(" Missing from descriptor.entries:{}", missing);
  if (!extra.empty()) {
    detail += fmt::format("{}Not in the layout: binding{} {}.", missing.empty() ? " " : "\n  ",
                          extra.size() > 1 ? "s" : "", bindingList(extra));
  }
  explanation += explainAutoLayoutExtraBindings(layout, extra);
  detail += explanation;
  auto error = makeValidationError(
      ErrorCode::BindGroupEntryCountMismatch,
      fmt::format(
          "descriptor.entries has {} entr{} (binding{} {}), but descriptor.layout {} has "
          "{} (binding{} {}); a bind group gives exactly one resource per layout entry.{}",
          d.entries.size(), d.entries.size() == 1 ? "y" : "ies", d.entries.size() == 1 ? "" : "s",
          [&] {
            std::vector<uint32_t> given;
            for (const BindGroupEntry& g : d.entries) given.push_back(g.binding);
            return given.empty() ? std::string("none") : bindingList(given);
          }(),
          layout.describe(), internal.entryCount(), internal.entryCount() == 1 ? "" : "s",
          layoutBindings.empty() ? std::string("none") : bindingList(layoutBindings), detail));
  error->fix =
      "Give one entry per layout binding. If you added a binding to the WGSL and the layout, add "
      "it to the group too; if the group is meant for another pipeline, create it with that "
      "pipeline's layout.";
  return error;
}

}  // namespace

MaybeError validateAndResolveBindGroup(DeviceBase* device, const BindGroupDescriptor& d,
                                       const BindGroupLayoutBase& layout, ObjectBase** resources,
                                       BoundBufferRange* ranges) {
  const BindGroupLayoutInternal& internal = *layout.internal();
  const uint32_t count = internal.entryCount();
  if (d.entries.size() != count) [[unlikely]] {
    return entryCountError(d, layout);
  }
  std::fill_n(resources, count, nullptr);
  auto releaseAll = [&] {
    for (uint32_t i = 0; i < count; ++i) {
      if (resources[i]) resources[i]->release();
      resources[i] = nullptr;
    }
  };
  const uint32_t bufferCount = internal.bufferCount();
  for (size_t i = 0; i < count; ++i) {
    const BindGroupEntry& entry = d.entries[i];
    const uint32_t index = internal.indexOf(entry.binding);
    if (index == BindGroupLayoutInternal::kNoIndex) [[unlikely]] {
      releaseAll();
      std::vector<uint32_t> bindings;
      for (const LayoutEntry* e : internal.sortedByBinding()) bindings.push_back(e->binding);
      auto error = makeValidationError(
          ErrorCode::BindGroupBindingNotInLayout,
          fmt::format("descriptor.entries[{}].binding is {}, but descriptor.layout {} has no "
                      "binding {} (its bindings: {}).",
                      i, entry.binding, layout.describe(), entry.binding, bindingList(bindings)) +
              explainAutoLayoutExtraBinding(layout, entry.binding));
      error->fix = "Use the binding numbers of the layout (the WGSL @binding(n) of the group).";
      return error;
    }
    if (resources[index] != nullptr) [[unlikely]] {
      releaseAll();
      size_t first = 0;
      while (d.entries[first].binding != entry.binding) ++first;
      auto error = makeValidationError(
          ErrorCode::BindGroupDuplicateBinding,
          fmt::format("descriptor.entries[{}] and descriptor.entries[{}] both have binding {}; "
                      "each binding of the layout takes exactly one entry.",
                      first, i, entry.binding));
      error->fix = "Remove the duplicate, and give the binding it left out its own entry.";
      return error;
    }
    MaybeError error =
        validateEntry(device, internal.entry(index), entry.resource, i, &resources[index],
                      index < bufferCount ? &ranges[index] : nullptr, layout);
    if (error.isError()) [[unlikely]] {
      releaseAll();
      if (error->code == ErrorCode::BindGroupBufferBindingTooSmall) {
        error->message += explainAutoLayoutMinBindingSize(layout, entry.binding);
      }
      error.addContext(fmt::format(
          "validating descriptor.entries[{}] (binding {}) of {} against {}", i, entry.binding,
          describe(ObjectType::BindGroup, d.label), layout.describeWithOwner()));
      return error;
    }
  }
  return {};
}

}  // namespace bindery::core
