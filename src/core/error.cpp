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
    // ShaderModule / pipelines
    // Command encoding
    // Queue
  }
#undef BINDERY_CODE
  return "UnknownErrorCode";
}

}  // namespace bindery
