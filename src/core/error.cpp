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
    // TextureView
    // Sampler
    BINDERY_CODE(SamplerLodClampNotFinite);
    BINDERY_CODE(SamplerLodMinClampNegative);
    BINDERY_CODE(SamplerLodMaxClampLessThanMin);
    BINDERY_CODE(SamplerMaxAnisotropyZero);
    BINDERY_CODE(SamplerAnisotropyNeedsLinearFilters);
    // BindGroupLayout
    // BindGroup
    // PipelineLayout
    // ExternalTexture
    // ShaderModule / pipelines
    // Command encoding
    // Queue
  }
#undef BINDERY_CODE
  return "UnknownErrorCode";
}

}  // namespace bindery
