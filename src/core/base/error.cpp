// Names of error codes and types (include/bindery/error.h).
#include "bindery/error.h"

namespace bindery {

std::string_view toString(ErrorType type) {
  switch (type) {
    case ErrorType::Validation: return "validation";
    case ErrorType::OutOfMemory: return "out-of-memory";
    case ErrorType::Internal: return "internal";
  }
  return "unknown";
}

std::string_view toString(ErrorCode code) {
#define BINDERY_CODE(name) \
  case ErrorCode::name: return #name
  switch (code) {
    // General
    BINDERY_CODE(InvalidObject);
    BINDERY_CODE(ObjectFromOtherDevice);
    BINDERY_CODE(DeviceLost);
    BINDERY_CODE(MissingFeature);
    BINDERY_CODE(ErrorScopeStackEmpty);
    BINDERY_CODE(OutOfMemory);
    BINDERY_CODE(Internal);
    BINDERY_CODE(NotSupportedYet);
    BINDERY_CODE(NullObject);
    // Adapter / device creation
    BINDERY_CODE(UnknownLimit);
    BINDERY_CODE(LimitBeyondAdapter);
    BINDERY_CODE(LimitInvalidValue);
    BINDERY_CODE(FeatureNotSupported);
    BINDERY_CODE(AdapterConsumed);
    // Buffer
    BINDERY_CODE(BufferUsageEmpty);
    BINDERY_CODE(BufferUsageUnknownBits);
    BINDERY_CODE(BufferMapUsageCombination);
    BINDERY_CODE(BufferSizeExceedsLimit);
    BINDERY_CODE(BufferMappedAtCreationSizeNotAligned);
    BINDERY_CODE(BufferDestroyed);
    // Texture
    BINDERY_CODE(TextureFormatMissing);
    BINDERY_CODE(TextureUsageEmpty);
    BINDERY_CODE(TextureUsageUnknownBits);
    BINDERY_CODE(TextureSizeZero);
    BINDERY_CODE(TextureSizeExceedsLimit);
    BINDERY_CODE(TextureSizeInvalidForDimension);
    BINDERY_CODE(TextureMipLevelCountInvalid);
    BINDERY_CODE(TextureSampleCountInvalid);
    BINDERY_CODE(TextureMultisampleInvalid);
    BINDERY_CODE(TextureFormatUnsupportedForDimension);
    BINDERY_CODE(TextureSizeNotBlockAligned);
    BINDERY_CODE(TextureRenderAttachmentInvalid);
    BINDERY_CODE(TextureStorageFormatInvalid);
    BINDERY_CODE(TextureTransientAttachmentInvalid);
    BINDERY_CODE(TextureViewFormatIncompatible);
    BINDERY_CODE(TextureBindingViewDimensionInvalid);
    BINDERY_CODE(TextureDestroyed);
    // TextureView
    BINDERY_CODE(TextureViewAspectNotPresent);
    BINDERY_CODE(TextureViewFormatNotAllowed);
    BINDERY_CODE(TextureViewAspectFormatMismatch);
    BINDERY_CODE(TextureViewSwizzleInvalid);
    BINDERY_CODE(TextureViewUsageNotSubset);
    BINDERY_CODE(TextureViewUsageTransient);
    BINDERY_CODE(TextureViewUsageUnsupportedByFormat);
    BINDERY_CODE(TextureViewMipRangeInvalid);
    BINDERY_CODE(TextureViewArrayLayerRangeInvalid);
    BINDERY_CODE(TextureViewMultisampledDimension);
    BINDERY_CODE(TextureViewDimensionIncompatible);
    BINDERY_CODE(TextureViewArrayLayerCountForDimension);
    BINDERY_CODE(TextureViewCubeNotSquare);
    BINDERY_CODE(TextureViewCubeArrayInCompatibilityMode);
    // Sampler
    BINDERY_CODE(SamplerLodClampNotFinite);
    BINDERY_CODE(SamplerLodMinClampNegative);
    BINDERY_CODE(SamplerLodMaxClampLessThanMin);
    BINDERY_CODE(SamplerMaxAnisotropyZero);
    BINDERY_CODE(SamplerAnisotropyNeedsLinearFilters);
    // BindGroupLayout
    BINDERY_CODE(BindGroupLayoutDuplicateBinding);
    BINDERY_CODE(BindGroupLayoutBindingOutOfRange);
    BINDERY_CODE(BindGroupLayoutEntryNoBindingMember);
    BINDERY_CODE(BindGroupLayoutEntryMultipleBindingMembers);
    BINDERY_CODE(BindGroupLayoutVisibilityUnknownBits);
    BINDERY_CODE(BindGroupLayoutVertexWritableStorage);
    BINDERY_CODE(BindGroupLayoutMultisampledViewDimension);
    BINDERY_CODE(BindGroupLayoutMultisampledFloat);
    BINDERY_CODE(BindGroupLayoutStorageTextureFormatMissing);
    BINDERY_CODE(BindGroupLayoutStorageTextureFormat);
    BINDERY_CODE(BindGroupLayoutStorageTextureCube);
    BINDERY_CODE(BindGroupLayoutBindingSlotLimits);
    // BindGroup
    BINDERY_CODE(BindGroupEntryCountMismatch);
    BINDERY_CODE(BindGroupBindingNotInLayout);
    BINDERY_CODE(BindGroupDuplicateBinding);
    BINDERY_CODE(BindGroupResourceTypeMismatch);
    BINDERY_CODE(BindGroupSamplerTypeMismatch);
    BINDERY_CODE(BindGroupTextureSampleTypeMismatch);
    BINDERY_CODE(BindGroupTextureViewDimensionMismatch);
    BINDERY_CODE(BindGroupTextureMultisampleMismatch);
    BINDERY_CODE(BindGroupTextureUsageMissing);
    BINDERY_CODE(BindGroupStorageTextureFormatMismatch);
    BINDERY_CODE(BindGroupStorageTextureMipLevelCount);
    BINDERY_CODE(BindGroupStorageTextureSwizzle);
    BINDERY_CODE(BindGroupCompatTextureBindingViewDimension);
    BINDERY_CODE(BindGroupCompatViewLayerRange);
    BINDERY_CODE(BindGroupBufferUsageMissing);
    BINDERY_CODE(BindGroupBufferRangeOutOfBounds);
    BINDERY_CODE(BindGroupBufferBindingZeroSize);
    BINDERY_CODE(BindGroupBufferOffsetAlignment);
    BINDERY_CODE(BindGroupBufferBindingTooSmall);
    BINDERY_CODE(BindGroupBufferBindingTooLarge);
    BINDERY_CODE(BindGroupStorageBufferSizeNotMultipleOf4);
    BINDERY_CODE(BindGroupExternalTextureView);
    BINDERY_CODE(BindGroupLayoutNotEquivalent);
    BINDERY_CODE(BindGroupExternalTextureExpired);
    // PipelineLayout
    BINDERY_CODE(PipelineLayoutTooManyBindGroups);
    BINDERY_CODE(PipelineLayoutExclusiveBindGroupLayout);
    BINDERY_CODE(PipelineLayoutBindingSlotLimits);
    BINDERY_CODE(PipelineLayoutImmediateSizeTooLarge);
    BINDERY_CODE(PipelineLayoutImmediateSizeNotAligned);
    // ExternalTexture
    BINDERY_CODE(ExternalTextureSourceClosed);
    BINDERY_CODE(ExternalTextureSourceNoFrame);
    BINDERY_CODE(ExternalTexturePlaneCount);
    BINDERY_CODE(ExternalTexturePlaneInvalid);
    BINDERY_CODE(ExternalTextureExpired);
    BINDERY_CODE(ExternalTextureVisibleRectInvalid);
    // ShaderModule / pipelines
    BINDERY_CODE(ShaderModuleCompilationFailed);
    BINDERY_CODE(ShaderModuleExtensionNotEnabled);
    BINDERY_CODE(PipelineLayoutMissing);
    BINDERY_CODE(PipelineEntryPointNotFound);
    BINDERY_CODE(PipelineEntryPointAmbiguous);
    BINDERY_CODE(PipelineConstantUnknown);
    BINDERY_CODE(PipelineConstantInvalidValue);
    BINDERY_CODE(PipelineConstantMissing);
    BINDERY_CODE(PipelineBindingNotInLayout);
    BINDERY_CODE(PipelineBindingVisibility);
    BINDERY_CODE(PipelineBindingTypeMismatch);
    BINDERY_CODE(PipelineBindingMinBindingSizeTooSmall);
    BINDERY_CODE(PipelineBindingTextureSampleType);
    BINDERY_CODE(PipelineBindingTextureViewDimension);
    BINDERY_CODE(PipelineBindingTextureMultisampled);
    BINDERY_CODE(PipelineBindingStorageTextureFormat);
    BINDERY_CODE(PipelineBindingStorageTextureAccess);
    BINDERY_CODE(PipelineFilteringSamplerNonFloatTexture);
    BINDERY_CODE(PipelineWorkgroupSizeExceedsLimit);
    BINDERY_CODE(PipelineWorkgroupInvocationsExceedLimit);
    BINDERY_CODE(PipelineWorkgroupStorageExceedsLimit);
    BINDERY_CODE(PipelineCreationProgramError);
    BINDERY_CODE(PipelineImmediateSizeTooSmall);
    BINDERY_CODE(PipelineCompatibilityTextureUse);
    BINDERY_CODE(PipelineCompatibilityTextureSamplerPairs);
    BINDERY_CODE(PipelineCompatibilityFineDerivative);
    BINDERY_CODE(PipelineAutoLayoutConflict);
    BINDERY_CODE(PipelineGetBindGroupLayoutIndexOutOfRange);
    BINDERY_CODE(RenderPipelineVertexBufferCount);
    BINDERY_CODE(RenderPipelineBindGroupsPlusVertexBuffers);
    BINDERY_CODE(RenderPipelineVertexBufferLayout);
    BINDERY_CODE(RenderPipelineColorTargets);
    BINDERY_CODE(RenderPipelineDepthStencilState);
    BINDERY_CODE(RenderPipelineMultisample);
    BINDERY_CODE(RenderPipelinePrimitiveState);
    BINDERY_CODE(RenderPipelineNoOutput);
    BINDERY_CODE(RenderPipelineVertexInputUnmatched);
    BINDERY_CODE(RenderPipelineVertexAttributeType);
    BINDERY_CODE(RenderPipelineFragmentOutputLocation);
    BINDERY_CODE(RenderPipelineFragmentOutputType);
    BINDERY_CODE(RenderPipelineFragmentOutputMissing);
    BINDERY_CODE(RenderPipelineDualSourceBlending);
    BINDERY_CODE(RenderPipelineInterStageMismatch);
    BINDERY_CODE(RenderPipelineInterStageLimit);
    BINDERY_CODE(RenderPipelineFragDepthWithoutDepth);
    BINDERY_CODE(RenderPipelineSampleMaskWithAlphaToCoverage);
    BINDERY_CODE(RenderPipelineCompatibilityShaderIo);
    // QuerySet
    BINDERY_CODE(QuerySetCountExceedsLimit);
    BINDERY_CODE(QuerySetDestroyed);
    // Command encoding
    BINDERY_CODE(EncoderLocked);
    BINDERY_CODE(EncoderEnded);
    BINDERY_CODE(DebugGroupStackEmpty);
    BINDERY_CODE(DebugGroupNotClosed);
    BINDERY_CODE(BindGroupIndexOutOfRange);
    BINDERY_CODE(DynamicOffsetCountMismatch);
    BINDERY_CODE(DynamicOffsetNotAligned);
    BINDERY_CODE(DynamicOffsetOutOfBounds);
    BINDERY_CODE(DynamicOffsetsDataOutOfRange);
    BINDERY_CODE(PipelineNotSet);
    BINDERY_CODE(BindGroupNotSet);
    BINDERY_CODE(BindingSizeTooSmallForShader);
    BINDERY_CODE(WritableResourceAliasing);
    BINDERY_CODE(UsageScopeConflict);
    BINDERY_CODE(DispatchWorkgroupCountExceedsLimit);
    BINDERY_CODE(IndirectBufferUsageMissing);
    BINDERY_CODE(IndirectOffsetNotAligned);
    BINDERY_CODE(IndirectOffsetOutOfBounds);
    BINDERY_CODE(IndexBufferNotSet);
    BINDERY_CODE(IndexBufferUsageMissing);
    BINDERY_CODE(IndexBufferOffsetNotAligned);
    BINDERY_CODE(IndexBufferRangeOutOfBounds);
    BINDERY_CODE(IndexRangeOutOfBounds);
    BINDERY_CODE(IndexFormatStripMismatch);
    BINDERY_CODE(VertexBufferSlotOutOfRange);
    BINDERY_CODE(VertexBufferUsageMissing);
    BINDERY_CODE(VertexBufferOffsetNotAligned);
    BINDERY_CODE(VertexBufferRangeOutOfBounds);
    BINDERY_CODE(VertexBufferNotSet);
    BINDERY_CODE(VertexBufferTooSmall);
    BINDERY_CODE(BindGroupsPlusVertexBuffersExceedLimit);
    BINDERY_CODE(DrawCountExceedsMax);
    BINDERY_CODE(RenderPassTooManyColorAttachments);
    BINDERY_CODE(RenderPassNoAttachments);
    BINDERY_CODE(RenderPassAttachmentFormatInvalid);
    BINDERY_CODE(RenderPassAttachmentViewNotRenderable);
    BINDERY_CODE(RenderPassDepthSliceInvalid);
    BINDERY_CODE(RenderPassResolveTargetInvalid);
    BINDERY_CODE(RenderPassSampleCountMismatch);
    BINDERY_CODE(RenderPassExtentMismatch);
    BINDERY_CODE(RenderPassAttachmentsOverlap);
    BINDERY_CODE(RenderPassDepthClearValueInvalid);
    BINDERY_CODE(RenderPassLoadStoreOpInvalid);
    BINDERY_CODE(RenderPassColorBytesPerSampleExceedsLimit);
    BINDERY_CODE(RenderPassTransientAttachmentOps);
    BINDERY_CODE(RenderPipelineTargetsMismatch);
    BINDERY_CODE(RenderPipelineWritesReadOnlyDepthStencil);
    BINDERY_CODE(RenderBundleIncompatible);
    BINDERY_CODE(RenderBundleEncoderDescriptorInvalid);
    BINDERY_CODE(ViewportOutOfRange);
    BINDERY_CODE(ViewportDepthRangeInvalid);
    BINDERY_CODE(ScissorRectOutOfBounds);
    BINDERY_CODE(BlendConstantNotFinite);
    BINDERY_CODE(ImmediatesRangeOffsetNotAligned);
    BINDERY_CODE(ImmediatesRangeOutOfBounds);
    BINDERY_CODE(ImmediatesSizeNotAligned);
    BINDERY_CODE(ImmediatesDataOutOfRange);
    BINDERY_CODE(ImmediatesNotSet);
    BINDERY_CODE(OcclusionQuerySetMissing);
    BINDERY_CODE(OcclusionQuerySetTypeInvalid);
    BINDERY_CODE(OcclusionQueryIndexOutOfRange);
    BINDERY_CODE(OcclusionQueryAlreadyUsed);
    BINDERY_CODE(OcclusionQueryNested);
    BINDERY_CODE(OcclusionQueryNotActive);
    BINDERY_CODE(OcclusionQueryActiveAtEnd);
    BINDERY_CODE(TimestampWritesQuerySetTypeInvalid);
    BINDERY_CODE(TimestampWritesNoIndex);
    BINDERY_CODE(TimestampWritesIndicesEqual);
    BINDERY_CODE(TimestampWritesIndexOutOfRange);
    BINDERY_CODE(ResolveQueryRangeOutOfBounds);
    BINDERY_CODE(ResolveDestinationUsageMissing);
    BINDERY_CODE(ResolveDestinationOffsetNotAligned);
    BINDERY_CODE(ResolveDestinationOutOfBounds);
    BINDERY_CODE(BufferCopyUsageMissing);
    BINDERY_CODE(BufferCopySizeNotAligned);
    BINDERY_CODE(BufferCopyOffsetNotAligned);
    BINDERY_CODE(BufferCopyOutOfBounds);
    BINDERY_CODE(BufferCopySameBuffer);
    BINDERY_CODE(CompatTextureViewsDiffer);
    // Queue
    BINDERY_CODE(CommandBufferAlreadySubmitted);
    BINDERY_CODE(QueueSubmitDuplicateCommandBuffer);
    BINDERY_CODE(BufferMappedInUse);
    BINDERY_CODE(WriteBufferUsageMissing);
    BINDERY_CODE(WriteBufferOffsetNotAligned);
    BINDERY_CODE(WriteBufferOutOfBounds);
    BINDERY_CODE(WriteBufferSizeNotAligned);
    BINDERY_CODE(WriteBufferDataOutOfRange);
    BINDERY_CODE(TextureCopyUsageMissing);
    BINDERY_CODE(TextureCopyMipLevelOutOfRange);
    BINDERY_CODE(TextureCopyOriginNotBlockAligned);
    BINDERY_CODE(TextureCopySizeNotBlockAligned);
    BINDERY_CODE(TextureCopyOutOfBounds);
    BINDERY_CODE(TextureCopyNotFullSubresource);
    BINDERY_CODE(TextureCopyMultisampled);
    BINDERY_CODE(TextureCopyAspectInvalid);
    BINDERY_CODE(TextureCopyBytesPerRowMissing);
    BINDERY_CODE(TextureCopyBytesPerRowTooSmall);
    BINDERY_CODE(TextureCopyRowsPerImageMissing);
    BINDERY_CODE(TextureCopyRowsPerImageTooSmall);
    BINDERY_CODE(TextureCopyDataTooSmall);
    BINDERY_CODE(BufferMapStateNotUnmapped);
    BINDERY_CODE(BufferMapModeInvalid);
    BINDERY_CODE(BufferMapUsageMissing);
    BINDERY_CODE(BufferMapOffsetNotAligned);
    BINDERY_CODE(BufferMapSizeNotAligned);
    BINDERY_CODE(BufferMapOutOfBounds);
    BINDERY_CODE(BufferMapAborted);
    BINDERY_CODE(BufferNotMapped);
    BINDERY_CODE(BufferMappedRangeOffsetNotAligned);
    BINDERY_CODE(BufferMappedRangeSizeNotAligned);
    BINDERY_CODE(BufferMappedRangeOutOfBounds);
    BINDERY_CODE(BufferMappedRangeOverlap);
    BINDERY_CODE(TextureCopyBytesPerRowNotAligned);
    BINDERY_CODE(TextureCopyOffsetNotAligned);
    BINDERY_CODE(TextureCopySampleCountMismatch);
    BINDERY_CODE(TextureCopyFormatIncompatible);
    BINDERY_CODE(TextureCopySubresourcesOverlap);
    BINDERY_CODE(TextureCopyCompatibilityMode);
    BINDERY_CODE(CopyExternalImageSourceOutOfBounds);
    BINDERY_CODE(CopyExternalImageSourceInvalid);
    BINDERY_CODE(CopyExternalImageSourceClosed);
    BINDERY_CODE(CopyExternalImageSourceNotUsable);
    BINDERY_CODE(CopyExternalImageUsageMissing);
    BINDERY_CODE(CopyExternalImageDimensionInvalid);
    BINDERY_CODE(CopyExternalImageMultisampled);
    BINDERY_CODE(CopyExternalImageFormatInvalid);
  }
#undef BINDERY_CODE
  return "UnknownErrorCode";
}

}  // namespace bindery
