// Errors: every error has a type (the GPUError subclass), a stable code (the
// cause, which tests and tools match on) and a message that explains it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace bindery {

// GPUValidationError / GPUOutOfMemoryError / GPUInternalError.
enum class ErrorType : uint8_t { Validation, OutOfMemory, Internal };

// The cause of an error. Values are grouped by the object whose rule fails;
// add new codes at the end of their group and give each a name in
// src/core/error.cpp. Codes are stable: tests assert them.
enum class ErrorCode : uint16_t {
  // --- General -------------------------------------------------------------
  InvalidObject,          // an argument is an invalid object (it failed creation)
  ObjectFromOtherDevice,  // an argument belongs to another device
  DeviceLost,             // the device is lost or destroyed
  MissingFeature,         // a value needs a feature the device was not created with
  ErrorScopeStackEmpty,   // popErrorScope with no scope pushed
  OutOfMemory,            // an allocation failed
  Internal,               // an implementation error
  NotSupportedYet,        // a spec feature this implementation does not have yet
  NullObject,             // a required object argument is null

  // --- Adapter / device creation --------------------------------------------
  UnknownLimit,         // requiredLimits names no limit
  LimitBeyondAdapter,   // requiredLimits asks more than the adapter supports
  LimitInvalidValue,    // alignment limit not a power of two, or similar
  FeatureNotSupported,  // requiredFeatures names a feature the adapter lacks
  AdapterConsumed,      // requestDevice on an adapter in the "consumed" state

  // --- Buffer (#buffer-creation) --------------------------------------------
  BufferUsageEmpty,
  BufferUsageUnknownBits,
  BufferMapUsageCombination,
  BufferSizeExceedsLimit,
  BufferMappedAtCreationSizeNotAligned,
  BufferDestroyed,

  // --- Texture (#texture-creation) ------------------------------------------
  TextureFormatMissing,                 // descriptor.format was not given
  TextureUsageEmpty,                    // descriptor.usage is 0
  TextureUsageUnknownBits,              // usage has bits that are not GPUTextureUsage flags
  TextureSizeZero,                      // a size component is 0
  TextureSizeExceedsLimit,              // size above maxTextureDimension*/maxTextureArrayLayers
  TextureSizeInvalidForDimension,       // "1d" texture with height or depthOrArrayLayers != 1
  TextureMipLevelCountInvalid,          // mipLevelCount is 0 or above the maximum mip level count
  TextureSampleCountInvalid,            // sampleCount is not 1 or 4
  TextureMultisampleInvalid,            // a multisampled texture breaks a multisample rule
  TextureFormatUnsupportedForDimension, // compressed/depth format in "1d"; format without "3d"
  TextureSizeNotBlockAligned,           // width/height not a multiple of the texel block size
  TextureRenderAttachmentInvalid,       // RENDER_ATTACHMENT: format not renderable, or "1d"
  TextureStorageFormatInvalid,          // STORAGE_BINDING with a format without storage access
  TextureTransientAttachmentInvalid,    // TRANSIENT_ATTACHMENT breaks one of its rules
  TextureViewFormatIncompatible,        // a viewFormats entry is not texture view format compatible
  TextureBindingViewDimensionInvalid,   // compat: textureBindingViewDimension does not fit
  TextureDestroyed,                     // the texture was destroyed

  // --- TextureView (#texture-view-creation) ---------------------------------
  TextureViewAspectNotPresent,              // aspect names an aspect the format lacks
  TextureViewFormatNotAllowed,              // format neither the texture's nor in its viewFormats
  TextureViewAspectFormatMismatch,          // format is not the aspect-specific format
  TextureViewSwizzleInvalid,                // swizzle does not match ^[rgba01]{4}$
  TextureViewUsageNotSubset,                // usage has bits the texture's usage lacks
  TextureViewUsageTransient,                // TRANSIENT_ATTACHMENT texture, usage not all of it
  TextureViewUsageUnsupportedByFormat,      // RENDER_ATTACHMENT/STORAGE_BINDING format can't have
  TextureViewMipRangeInvalid,               // mipLevelCount 0, or mips beyond the texture's
  TextureViewArrayLayerRangeInvalid,        // arrayLayerCount 0, or layers beyond the texture's
  TextureViewMultisampledDimension,         // a view of a multisampled texture that is not "2d"
  TextureViewDimensionIncompatible,         // view dimension not allowed for texture dimension
  TextureViewArrayLayerCountForDimension,   // arrayLayerCount not 1 / 6 / a multiple of 6 as needed
  TextureViewCubeNotSquare,                 // cube/cube-array view of a non-square texture
  TextureViewCubeArrayInCompatibilityMode,  // "cube-array" views need core-features-and-limits

  // --- Sampler (#sampler-creation) ------------------------------------------
  SamplerLodClampNotFinite,             // lodMinClamp/lodMaxClamp is NaN or infinite
  SamplerLodMinClampNegative,           // lodMinClamp < 0
  SamplerLodMaxClampLessThanMin,        // lodMaxClamp < lodMinClamp
  SamplerMaxAnisotropyZero,             // maxAnisotropy < 1
  SamplerAnisotropyNeedsLinearFilters,  // maxAnisotropy > 1 with a filter not 'linear'

  // --- BindGroupLayout (#bind-group-layout-creation) ------------------------
  BindGroupLayoutDuplicateBinding,             // two entries have the same binding number
  BindGroupLayoutBindingOutOfRange,            // binding >= maxBindingsPerBindGroup
  BindGroupLayoutEntryNoBindingMember,         // an entry sets none of buffer/sampler/texture/storageTexture/externalTexture
  BindGroupLayoutEntryMultipleBindingMembers,  // an entry sets more than one of them
  BindGroupLayoutVisibilityUnknownBits,        // visibility has bits that are not GPUShaderStage flags
  BindGroupLayoutVertexWritableStorage,        // VERTEX visibility with a writable storage buffer or storage texture
  BindGroupLayoutMultisampledViewDimension,    // multisampled texture entry whose viewDimension is not 2d
  BindGroupLayoutMultisampledFloat,            // multisampled texture entry with sampleType 'float'
  BindGroupLayoutStorageTextureFormatMissing,  // storageTexture without a format
  BindGroupLayoutStorageTextureFormat,         // storageTexture format does not support storage with that access
  BindGroupLayoutStorageTextureCube,           // storageTexture viewDimension 'cube' or 'cube-array'
  BindGroupLayoutBindingSlotLimits,            // the entries exceed the binding slot limits

  // --- BindGroup (#bind-group-creation) -------------------------------------
  BindGroupEntryCountMismatch,                 // entries.length differs from the layout's entry count
  BindGroupBindingNotInLayout,                 // an entry's binding is not in the layout
  BindGroupDuplicateBinding,                   // two entries have the same binding number
  BindGroupResourceTypeMismatch,               // the resource is not of the kind the layout entry declares
  BindGroupSamplerTypeMismatch,                // sampler filtering/comparison does not match the layout's type
  BindGroupTextureSampleTypeMismatch,          // the view format is not compatible with the layout's sampleType
  BindGroupTextureViewDimensionMismatch,       // the view dimension differs from the layout's viewDimension
  BindGroupTextureMultisampleMismatch,         // multisampled texture where single-sampled is expected or vice versa
  BindGroupTextureUsageMissing,                // the view lacks TEXTURE_BINDING / STORAGE_BINDING
  BindGroupStorageTextureFormatMismatch,       // storage texture view format differs from the layout's format
  BindGroupStorageTextureMipLevelCount,        // storage texture view with mipLevelCount != 1
  BindGroupStorageTextureSwizzle,              // storage texture view with a swizzle other than "rgba"
  BindGroupCompatTextureBindingViewDimension,  // compatibility mode: view dimension differs from textureBindingViewDimension
  BindGroupCompatViewLayerRange,               // compatibility mode: view does not cover all array layers
  BindGroupBufferUsageMissing,                 // the buffer lacks UNIFORM / STORAGE usage
  BindGroupBufferRangeOutOfBounds,             // offset + size goes past the end of the buffer
  BindGroupBufferBindingZeroSize,              // the bound range is empty
  BindGroupBufferOffsetAlignment,              // offset not a multiple of min{Uniform,Storage}BufferOffsetAlignment
  BindGroupBufferBindingTooSmall,              // binding size < layout minBindingSize
  BindGroupBufferBindingTooLarge,              // binding size > max{Uniform,Storage}BufferBindingSize
  BindGroupStorageBufferSizeNotMultipleOf4,    // storage binding size not a multiple of 4
  BindGroupExternalTextureView,                // a texture/view bound to an externalTexture entry breaks its rules
  BindGroupLayoutNotEquivalent,                // a bind group is used where a different (not group-equivalent) layout is expected
  BindGroupExternalTextureExpired,             // a bind group's external texture expired before use

  // --- PipelineLayout (#pipeline-layout-creation) ---------------------------
  PipelineLayoutTooManyBindGroups,         // bindGroupLayouts.length > maxBindGroups
  PipelineLayoutExclusiveBindGroupLayout,  // a layout made by layout: 'auto' (it belongs to its pipeline)
  PipelineLayoutBindingSlotLimits,         // all groups together exceed the binding slot limits
  PipelineLayoutImmediateSizeTooLarge,     // immediateSize > maxImmediateSize
  PipelineLayoutImmediateSizeNotAligned,   // immediateSize not a multiple of 4

  // --- ExternalTexture (#external-texture-creation) -------------------------
  ExternalTextureSourceClosed,   // importing from a closed source
  ExternalTextureSourceNoFrame,  // importing from a source with no frame
  ExternalTexturePlaneCount,     // more than 3 planes
  ExternalTexturePlaneInvalid,   // a plane view breaks the plane rules (format, dimension, mips, usage, samples)
  ExternalTextureExpired,        // an expired external texture is used

  // --- ShaderModule / pipelines ---------------------------------------------

  // --- Command encoding -----------------------------------------------------

  // --- Queue ----------------------------------------------------------------
};

// The enum name of a code ("BufferUsageEmpty").
std::string_view toString(ErrorCode code);
// "validation", "out-of-memory", "internal" (the GPUErrorFilter spelling).
std::string_view toString(ErrorType type);

struct Error {
  ErrorType type = ErrorType::Validation;
  ErrorCode code = ErrorCode::Internal;
  // The whole explanation: what failed, where (call, object, field path),
  // expected vs actual, the fix, and the context chain ("While ...").
  std::string message;
};

using UncapturedErrorCallback = std::function<void(const Error&)>;

}  // namespace bindery
