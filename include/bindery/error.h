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
  TextureFormatMissing,                  // descriptor.format was not given
  TextureUsageEmpty,                     // descriptor.usage is 0
  TextureUsageUnknownBits,               // usage has bits that are not GPUTextureUsage flags
  TextureSizeZero,                       // a size component is 0
  TextureSizeExceedsLimit,               // size above maxTextureDimension*/maxTextureArrayLayers
  TextureSizeInvalidForDimension,        // "1d" texture with height or depthOrArrayLayers != 1
  TextureMipLevelCountInvalid,           // mipLevelCount is 0 or above the maximum mip level count
  TextureSampleCountInvalid,             // sampleCount is not 1 or 4
  TextureMultisampleInvalid,             // a multisampled texture breaks a multisample rule
  TextureFormatUnsupportedForDimension,  // compressed/depth format in "1d"; format without "3d"
  TextureSizeNotBlockAligned,            // width/height not a multiple of the texel block size
  TextureRenderAttachmentInvalid,        // RENDER_ATTACHMENT: format not renderable, or "1d"
  TextureStorageFormatInvalid,           // STORAGE_BINDING with a format without storage access
  TextureTransientAttachmentInvalid,     // TRANSIENT_ATTACHMENT breaks one of its rules
  TextureViewFormatIncompatible,       // a viewFormats entry is not texture view format compatible
  TextureBindingViewDimensionInvalid,  // compat: textureBindingViewDimension does not fit
  TextureDestroyed,                    // the texture was destroyed

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
  BindGroupLayoutDuplicateBinding,      // two entries have the same binding number
  BindGroupLayoutBindingOutOfRange,     // binding >= maxBindingsPerBindGroup
  BindGroupLayoutEntryNoBindingMember,  // an entry sets none of
                                        // buffer/sampler/texture/storageTexture/externalTexture
  BindGroupLayoutEntryMultipleBindingMembers,  // an entry sets more than one of them
  BindGroupLayoutVisibilityUnknownBits,  // visibility has bits that are not GPUShaderStage flags
  BindGroupLayoutVertexWritableStorage,  // VERTEX visibility with a writable storage buffer or
                                         // storage texture
  BindGroupLayoutMultisampledViewDimension,    // multisampled texture entry whose viewDimension is
                                               // not 2d
  BindGroupLayoutMultisampledFloat,            // multisampled texture entry with sampleType 'float'
  BindGroupLayoutStorageTextureFormatMissing,  // storageTexture without a format
  BindGroupLayoutStorageTextureFormat,  // storageTexture format does not support storage with that
                                        // access
  BindGroupLayoutStorageTextureCube,    // storageTexture viewDimension 'cube' or 'cube-array'
  BindGroupLayoutBindingSlotLimits,     // the entries exceed the binding slot limits

  // --- BindGroup (#bind-group-creation) -------------------------------------
  BindGroupEntryCountMismatch,    // entries.length differs from the layout's entry count
  BindGroupBindingNotInLayout,    // an entry's binding is not in the layout
  BindGroupDuplicateBinding,      // two entries have the same binding number
  BindGroupResourceTypeMismatch,  // the resource is not of the kind the layout entry declares
  BindGroupSamplerTypeMismatch,   // sampler filtering/comparison does not match the layout's type
  BindGroupTextureSampleTypeMismatch,     // the view format is not compatible with the layout's
                                          // sampleType
  BindGroupTextureViewDimensionMismatch,  // the view dimension differs from the layout's
                                          // viewDimension
  BindGroupTextureMultisampleMismatch,  // multisampled texture where single-sampled is expected or
                                        // vice versa
  BindGroupTextureUsageMissing,         // the view lacks TEXTURE_BINDING / STORAGE_BINDING
  BindGroupStorageTextureFormatMismatch,  // storage texture view format differs from the layout's
                                          // format
  BindGroupStorageTextureMipLevelCount,   // storage texture view with mipLevelCount != 1
  BindGroupStorageTextureSwizzle,         // storage texture view with a swizzle other than "rgba"
  BindGroupCompatTextureBindingViewDimension,  // compatibility mode: view dimension differs from
                                               // textureBindingViewDimension
  BindGroupCompatViewLayerRange,    // compatibility mode: view does not cover all array layers
  BindGroupBufferUsageMissing,      // the buffer lacks UNIFORM / STORAGE usage
  BindGroupBufferRangeOutOfBounds,  // offset + size goes past the end of the buffer
  BindGroupBufferBindingZeroSize,   // the bound range is empty
  BindGroupBufferOffsetAlignment,   // offset not a multiple of
                                    // min{Uniform,Storage}BufferOffsetAlignment
  BindGroupBufferBindingTooSmall,   // binding size < layout minBindingSize
  BindGroupBufferBindingTooLarge,   // binding size > max{Uniform,Storage}BufferBindingSize
  BindGroupStorageBufferSizeNotMultipleOf4,  // storage binding size not a multiple of 4
  BindGroupExternalTextureView,     // a texture/view bound to an externalTexture entry breaks its
                                    // rules
  BindGroupLayoutNotEquivalent,     // a bind group is used where a different (not group-equivalent)
                                    // layout is expected
  BindGroupExternalTextureExpired,  // a bind group's external texture expired before use

  // --- PipelineLayout (#pipeline-layout-creation) ---------------------------
  PipelineLayoutTooManyBindGroups,         // bindGroupLayouts.length > maxBindGroups
  PipelineLayoutExclusiveBindGroupLayout,  // a layout made by layout: 'auto' (it belongs to its
                                           // pipeline)
  PipelineLayoutBindingSlotLimits,         // all groups together exceed the binding slot limits
  PipelineLayoutImmediateSizeTooLarge,     // immediateSize > maxImmediateSize
  PipelineLayoutImmediateSizeNotAligned,   // immediateSize not a multiple of 4

  // --- ExternalTexture (#external-texture-creation) -------------------------
  ExternalTextureSourceClosed,   // importing from a closed source
  ExternalTextureSourceNoFrame,  // importing from a source with no frame
  ExternalTexturePlaneCount,     // more than 3 planes
  ExternalTexturePlaneInvalid,   // a plane view breaks the plane rules (format, dimension, mips,
                                 // usage, samples)
  ExternalTextureExpired,        // an expired external texture is used
  ExternalTextureVisibleRectInvalid,  // the source's visibleRect is empty or outside plane 0

  // --- ShaderModule / pipelines ---------------------------------------------
  ShaderModuleCompilationFailed,    // the WGSL has errors (see getCompilationInfo())
  ShaderModuleExtensionNotEnabled,  // `enable X;` whose GPUFeatureName the device was not created
                                    // with
  PipelineLayoutMissing,  // descriptor.layout is a null GPUPipelineLayout (pass one, or 'auto')
  PipelineEntryPointNotFound,   // entryPoint names no entry point of the stage in the module
  PipelineEntryPointAmbiguous,  // no entryPoint, and the module has zero or several entry points of
                                // the stage
  PipelineConstantUnknown,      // a constants key that is no override's identifier string
  PipelineConstantInvalidValue,  // a constants value that does not convert to the override's WGSL
                                 // type
  PipelineConstantMissing,       // an override without a default, used by the entry point, not in
                                 // constants
  PipelineBindingNotInLayout,    // a statically used binding with no entry in the layout's group
  PipelineBindingVisibility,     // the layout entry's visibility lacks the stage that uses it
  PipelineBindingTypeMismatch,   // the entry's binding member or buffer/sampler type differs from
                                 // the WGSL declaration
  PipelineBindingMinBindingSizeTooSmall,  // buffer.minBindingSize is not 0 and below the shader's
                                          // minimum binding size
  PipelineBindingTextureSampleType,       // texture.sampleType does not match the WGSL texture type
  PipelineBindingTextureViewDimension,    // texture / storageTexture viewDimension differs from the
                                          // WGSL type's
  PipelineBindingTextureMultisampled,     // texture.multisampled differs from the WGSL type's
  PipelineBindingStorageTextureFormat,  // storageTexture.format differs from the WGSL texel format
  PipelineBindingStorageTextureAccess,  // storageTexture.access does not allow the WGSL access mode
  PipelineFilteringSamplerNonFloatTexture,  // a 'filtering' sampler used with a texture whose
                                            // layout sampleType is not 'float'
  PipelineWorkgroupSizeExceedsLimit,        // a @workgroup_size dimension above
                                            // maxComputeWorkgroupSize{X,Y,Z}
  PipelineWorkgroupInvocationsExceedLimit,  // x*y*z above maxComputeInvocationsPerWorkgroup
  PipelineWorkgroupStorageExceedsLimit,  // workgroup variables above maxComputeWorkgroupStorageSize
  PipelineCreationProgramError,          // a WGSL pipeline-creation error at these constants
                                 // (override-expression fails, @workgroup_size / array count < 1)
  PipelineImmediateSizeTooSmall,    // the entry point's var<immediate> is larger than the layout's
                                    // immediateSize
  PipelineCompatibilityTextureUse,  // compatibility mode: textureLoad of a depth texture, or a
                                    // depth texture with a non-comparison sampler
  PipelineCompatibilityTextureSamplerPairs,  // compatibility mode: texture+sampler pairs above
                                             // maxSampledTexturesPerShaderStage /
                                             // maxSamplersPerShaderStage
  PipelineCompatibilityFineDerivative,  // compatibility mode: a fragment entry point calls dpdxFine
                                        // / dpdyFine / fwidthFine
  PipelineAutoLayoutConflict,  // layout: 'auto' finds one binding declared differently by two uses
  PipelineGetBindGroupLayoutIndexOutOfRange,  // getBindGroupLayout(index) with index >=
                                              // maxBindGroups, or on an invalid pipeline
  RenderPipelineVertexBufferCount,            // vertex.buffers.length > maxVertexBuffers
  RenderPipelineBindGroupsPlusVertexBuffers,  // bind group slots + vertex buffers >
                                              // maxBindGroupsPlusVertexBuffers
  RenderPipelineVertexBufferLayout,           // arrayStride / attribute offset, count, alignment or
                                              // shaderLocation breaks a rule
  RenderPipelineColorTargets,  // fragment.targets too many / format not color-renderable / blend or
                               // writeMask invalid
  RenderPipelineDepthStencilState,  // depthStencil.format not depth-or-stencil, or depth fields
                                    // missing / invalid
  RenderPipelineMultisample,  // multisample.count not 1 or 4, or alphaToCoverage without a target
  RenderPipelinePrimitiveState,        // stripIndexFormat with a non-strip topology, unclippedDepth
                                       // without its feature
  RenderPipelineNoOutput,              // neither fragment targets nor depthStencil
  RenderPipelineVertexInputUnmatched,  // a vertex shader @location input with no vertex attribute
                                       // at that shaderLocation
  RenderPipelineVertexAttributeType,  // an attribute's format ('uint32x2') does not fit its input's
                                      // WGSL type (vec2<f32>)
  RenderPipelineFragmentOutputLocation,  // a fragment output @location >= maxColorAttachments
  RenderPipelineFragmentOutputType,      // a fragment output's type does not fit its target (sample
                                         // type, components, alpha for blending)
  RenderPipelineFragmentOutputMissing,  // a target with a non-zero writeMask and no fragment output
                                        // at its location
  RenderPipelineDualSourceBlending,  // 'src1' blend factors without one target / a @blend_src(0) +
                                     // @blend_src(1) output pair
  RenderPipelineInterStageMismatch,  // a fragment input with no vertex output of the same location,
                                     // type and interpolation
  RenderPipelineInterStageLimit,     // inter-stage variables or locations beyond
                                     // maxInterStageShaderVariables
  RenderPipelineFragDepthWithoutDepth,  // @builtin(frag_depth) output without a depthStencil format
                                        // with depth
  RenderPipelineSampleMaskWithAlphaToCoverage,  // @builtin(sample_mask) output with
                                                // alphaToCoverageEnabled
  RenderPipelineCompatibilityShaderIo,  // compatibility mode: sample_mask / sample_index, or
                                        // interpolation it lacks

  // --- QuerySet (#queryset-creation) ----------------------------------------
  QuerySetCountExceedsLimit,  // descriptor.count > 4096
  QuerySetDestroyed,          // a destroyed query set is used by a submitted command buffer

  // --- Command encoding -----------------------------------------------------
  EncoderLocked,         // a command on an encoder while one of its passes is open (invalidates it)
  EncoderEnded,          // a command on an encoder or pass that has ended / finished
  DebugGroupStackEmpty,  // popDebugGroup() with no open debug group
  DebugGroupNotClosed,   // end()/finish() with debug groups still open
  BindGroupIndexOutOfRange,    // setBindGroup index >= maxBindGroups
  DynamicOffsetCountMismatch,  // dynamicOffsets.length differs from the layout's dynamicOffsetCount
  DynamicOffsetNotAligned,     // a dynamic offset not a multiple of
                               // min{Uniform,Storage}BufferOffsetAlignment
  DynamicOffsetOutOfBounds,    // offset + dynamic offset + binding size goes past the end of the
                               // buffer
  DynamicOffsetsDataOutOfRange,  // (RangeError) start + length outside the Uint32Array
  PipelineNotSet,                // dispatch/draw with no pipeline set
  BindGroupNotSet,  // dispatch/draw with a slot of the pipeline layout that has no bind group
  BindingSizeTooSmallForShader,  // an entry with minBindingSize 0 is smaller than the shader's
                                 // minimum binding size
  WritableResourceAliasing,      // a writable binding overlaps another binding of the same buffer /
                                 // texture subresource
  UsageScopeConflict,  // a resource is used as storage and read-only (or attachment) in one usage
                       // scope
  DispatchWorkgroupCountExceedsLimit,  // a workgroup count above maxComputeWorkgroupsPerDimension
  IndirectBufferUsageMissing,          // indirect buffer without GPUBufferUsage.INDIRECT
  IndirectOffsetNotAligned,            // indirectOffset not a multiple of 4
  IndirectOffsetOutOfBounds,           // indirectOffset + parameters size > buffer size
  IndexBufferNotSet,                   // drawIndexed with no index buffer
  IndexBufferUsageMissing,             // setIndexBuffer with a buffer without GPUBufferUsage.INDEX
  IndexBufferOffsetNotAligned,  // setIndexBuffer offset not a multiple of the index format's size
  IndexBufferRangeOutOfBounds,  // setIndexBuffer offset + size > buffer size
  IndexRangeOutOfBounds,        // firstIndex + indexCount beyond the bound index buffer range
  IndexFormatStripMismatch,  // strip topology whose stripIndexFormat differs from the index buffer
                             // format
  VertexBufferSlotOutOfRange,    // setVertexBuffer slot >= maxVertexBuffers
  VertexBufferUsageMissing,      // setVertexBuffer with a buffer without GPUBufferUsage.VERTEX
  VertexBufferOffsetNotAligned,  // setVertexBuffer offset not a multiple of 4
  VertexBufferRangeOutOfBounds,  // setVertexBuffer offset + size > buffer size
  VertexBufferNotSet,            // draw with a vertex buffer slot of the pipeline unset
  VertexBufferTooSmall,          // the draw reads past the end of a vertex buffer
  BindGroupsPlusVertexBuffersExceedLimit,  // bind group slots + vertex buffer slots >
                                           // maxBindGroupsPlusVertexBuffers
  DrawCountExceedsMax,                     // more draws than the render pass's maxDrawCount
  RenderPassTooManyColorAttachments,       // colorAttachments.length > maxColorAttachments
  RenderPassNoAttachments,                 // no color attachment and no depthStencilAttachment
  RenderPassAttachmentFormatInvalid,  // a color attachment not color renderable / depth attachment
                                      // not depth-or-stencil
  RenderPassAttachmentViewNotRenderable,  // an attachment view breaks 'renderable texture view'
                                          // (usage, dimension, mips, layers, aspect, swizzle)
  RenderPassDepthSliceInvalid,  // depthSlice missing / out of range for a 3d view, or given for a
                                // non-3d view
  RenderPassResolveTargetInvalid,    // a resolveTarget breaks a resolve rule
  RenderPassSampleCountMismatch,     // attachments with different sample counts
  RenderPassExtentMismatch,          // attachments with different render extents
  RenderPassAttachmentsOverlap,      // two attachments render to the same subresource / depth slice
  RenderPassDepthClearValueInvalid,  // depthLoadOp 'clear' without a depthClearValue in [0, 1]
  RenderPassLoadStoreOpInvalid,      // depth/stencil load/store ops given for a read-only or absent
                                     // aspect, or missing
  RenderPassColorBytesPerSampleExceedsLimit,  // color attachments exceed
                                              // maxColorAttachmentBytesPerSample
  RenderPassTransientAttachmentOps,  // a TRANSIENT_ATTACHMENT view not loadOp 'clear' / storeOp
                                     // 'discard'
  RenderPipelineTargetsMismatch,  // setPipeline with a pipeline whose targets differ from the pass
                                  // / bundle
  RenderPipelineWritesReadOnlyDepthStencil,  // a pipeline writing depth/stencil in a read-only pass
  RenderBundleIncompatible,  // executeBundles with a bundle whose layout / read-only flags differ
                             // from the pass
  RenderBundleEncoderDescriptorInvalid,  // createRenderBundleEncoder: formats / sampleCount break a
                                         // rule
  ViewportOutOfRange,                    // setViewport x/y/width/height outside the limits
                                         // (#dom-gpurenderpassencoder-setviewport)
  ViewportDepthRangeInvalid,  // setViewport minDepth/maxDepth not in [0, 1], or minDepth > maxDepth
  ScissorRectOutOfBounds,     // setScissorRect x + width / y + height beyond the attachment size
  BlendConstantNotFinite,     // setBlendConstant with a NaN or infinite component (a TypeError in
                              // JavaScript)
  ImmediatesRangeOffsetNotAligned,  // setImmediates rangeOffset not a multiple of 4
  ImmediatesRangeOutOfBounds,       // setImmediates rangeOffset + size > maxImmediateSize
  ImmediatesSizeNotAligned,  // (OperationError) setImmediates content size not a multiple of 4
                             // bytes
  ImmediatesDataOutOfRange,  // (OperationError) setImmediates dataOffset + dataSize beyond the data
  ImmediatesNotSet,          // dispatch/draw with a slot of the pipeline's immediate data never set
  OcclusionQuerySetMissing,  // beginOcclusionQuery in a pass without descriptor.occlusionQuerySet
  OcclusionQuerySetTypeInvalid,   // descriptor.occlusionQuerySet whose type is not 'occlusion'
  OcclusionQueryIndexOutOfRange,  // beginOcclusionQuery queryIndex >= the query set's count
  OcclusionQueryAlreadyUsed,  // beginOcclusionQuery with a queryIndex already written in the pass
  OcclusionQueryNested,       // beginOcclusionQuery while an occlusion query is active
  OcclusionQueryNotActive,    // endOcclusionQuery with no active occlusion query
  OcclusionQueryActiveAtEnd,  // end() of a render pass with an occlusion query still active
  TimestampWritesQuerySetTypeInvalid,  // timestampWrites.querySet whose type is not 'timestamp'
  TimestampWritesNoIndex,              // timestampWrites without beginningOfPassWriteIndex or
                                       // endOfPassWriteIndex
  TimestampWritesIndicesEqual,         // beginningOfPassWriteIndex == endOfPassWriteIndex
  TimestampWritesIndexOutOfRange,      // a timestampWrites index >= the query set's count
  ResolveQueryRangeOutOfBounds,  // resolveQuerySet firstQuery / firstQuery + queryCount beyond the
                                 // query set's count
  ResolveDestinationUsageMissing,      // resolveQuerySet destination without
                                       // GPUBufferUsage.QUERY_RESOLVE
  ResolveDestinationOffsetNotAligned,  // resolveQuerySet destinationOffset not a multiple of 256
  ResolveDestinationOutOfBounds,       // resolveQuerySet destinationOffset + 8 x queryCount >
                                       // destination size
  BufferCopyUsageMissing,      // a copy's buffer lacks GPUBufferUsage.COPY_SRC / COPY_DST (copies,
                               // clearBuffer)
  BufferCopySizeNotAligned,    // copyBufferToBuffer / clearBuffer size not a multiple of 4
  BufferCopyOffsetNotAligned,  // copyBufferToBuffer / clearBuffer offset not a multiple of 4
  BufferCopyOutOfBounds,       // copyBufferToBuffer / clearBuffer offset + size > buffer size
  BufferCopySameBuffer,        // copyBufferToBuffer with source and destination the same buffer
  CompatTextureViewsDiffer,  // compatibility mode: bindings of one texture through views with other
                             // mips / aspect / swizzle

  // --- Queue ----------------------------------------------------------------
  CommandBufferAlreadySubmitted,      // a command buffer submitted a second time
  QueueSubmitDuplicateCommandBuffer,  // the same command buffer twice in one submit
  BufferMappedInUse,  // a buffer mapped or with a pending map is used by writeBuffer or a submit
  WriteBufferUsageMissing,           // writeBuffer to a buffer without GPUBufferUsage.COPY_DST
  WriteBufferOffsetNotAligned,       // writeBuffer bufferOffset not a multiple of 4
  WriteBufferOutOfBounds,            // writeBuffer bufferOffset + size > buffer size
  WriteBufferSizeNotAligned,         // (OperationError) writeBuffer size not a multiple of 4 bytes
  WriteBufferDataOutOfRange,         // (OperationError) dataOffset + size beyond the data
  TextureCopyUsageMissing,           // the texture lacks COPY_DST / COPY_SRC
  TextureCopyMipLevelOutOfRange,     // mipLevel >= the texture's mipLevelCount
  TextureCopyOriginNotBlockAligned,  // origin.x/y not a multiple of the texel block size
  TextureCopySizeNotBlockAligned,    // copy width/height not a multiple of the texel block size
  TextureCopyOutOfBounds,            // origin + size beyond the subresource's physical size
  TextureCopyNotFullSubresource,     // a depth/stencil or multisampled copy that is not the whole
                                     // subresource
  TextureCopyMultisampled,           // a buffer copy with a multisampled texture
  TextureCopyAspectInvalid,  // aspect not a single copyable aspect of a depth-or-stencil format
  TextureCopyBytesPerRowMissing,    // bytesPerRow needed (more than one block row) but not given
  TextureCopyBytesPerRowTooSmall,   // bytesPerRow smaller than a row of blocks
  TextureCopyRowsPerImageMissing,   // rowsPerImage needed (more than one image) but not given
  TextureCopyRowsPerImageTooSmall,  // rowsPerImage smaller than the copy's height in blocks
  TextureCopyDataTooSmall,          // offset + required bytes beyond the data
  BufferMapStateNotUnmapped,        // mapAsync on a buffer that is mapped or has a pending map
  BufferMapModeInvalid,             // mode not exactly one of GPUMapMode.READ / WRITE
  BufferMapUsageMissing,            // READ without MAP_READ usage, WRITE without MAP_WRITE
  BufferMapOffsetNotAligned,        // mapAsync offset not a multiple of 8
  BufferMapSizeNotAligned,          // mapAsync size not a multiple of 4
  BufferMapOutOfBounds,             // mapAsync offset + size > buffer size
  BufferMapAborted,  // (AbortError) unmap()/destroy() before the map finished, or device lost
  BufferNotMapped,   // (OperationError) getMappedRange on a buffer that is not mapped
  BufferMappedRangeOffsetNotAligned,  // (OperationError) getMappedRange offset not a multiple of 8
  BufferMappedRangeSizeNotAligned,    // (OperationError) getMappedRange size not a multiple of 4
  BufferMappedRangeOutOfBounds,  // (OperationError) getMappedRange range outside the mapped range
  BufferMappedRangeOverlap,      // (OperationError) getMappedRange range overlaps an earlier one
  TextureCopyBytesPerRowNotAligned,  // a buffer texel copy's bytesPerRow not a multiple of 256
  TextureCopyOffsetNotAligned,       // a buffer texel copy's offset not a multiple of the block
                                     // footprint (4 for depth/stencil)
  TextureCopySampleCountMismatch,  // copyTextureToTexture between textures of different sampleCount
  TextureCopyFormatIncompatible,   // copyTextureToTexture formats not copy-compatible (equal up to
                                   // -srgb)
  TextureCopySubresourcesOverlap,  // copyTextureToTexture source and destination subresources
                                   // intersect
  TextureCopyCompatibilityMode,    // compatibility mode: a compressed or multisampled texture in a
                                   // copy that needs core-features-and-limits
  CopyExternalImageSourceOutOfBounds,  // (OperationError) copyExternalImageToTexture source.origin
                                       // + copySize beyond the source, or depthOrArrayLayers > 1
  CopyExternalImageSourceInvalid,  // (TypeError) an ImageData whose data is not width x height x 4
                                   // bytes
  CopyExternalImageSourceClosed,   // (InvalidStateError) copyExternalImageToTexture from a closed
                                   // VideoFrameSource
  CopyExternalImageSourceNotUsable,   // copyExternalImageToTexture from a VideoFrameSource with no
                                      // frame (usability 'bad')
  CopyExternalImageUsageMissing,      // the destination texture lacks RENDER_ATTACHMENT or COPY_DST
  CopyExternalImageDimensionInvalid,  // the destination texture's dimension is not '2d'
  CopyExternalImageMultisampled,      // the destination texture's sampleCount is not 1
  CopyExternalImageFormatInvalid,  // the destination format is not a renderable unorm / unorm-srgb
                                   // / float / ufloat plain color format
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
