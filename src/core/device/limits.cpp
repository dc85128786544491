// The limits table of webgpu.bs #limits: classes, names, compatibility defaults.
#include "bindery/limits.h"

#include <array>

namespace bindery {

namespace {

constexpr LimitInfo limit32(std::string_view name, LimitClass c, uint32_t Limits::*m) {
  return LimitInfo{name, c, false, nullptr, m};
}
constexpr LimitInfo limit64(std::string_view name, LimitClass c, uint64_t Limits::*m) {
  return LimitInfo{name, c, true, m, nullptr};
}

const std::array<LimitInfo, 36> kLimits = {{
    limit32("maxTextureDimension1D", LimitClass::Maximum, &Limits::maxTextureDimension1D),
    limit32("maxTextureDimension2D", LimitClass::Maximum, &Limits::maxTextureDimension2D),
    limit32("maxTextureDimension3D", LimitClass::Maximum, &Limits::maxTextureDimension3D),
    limit32("maxTextureArrayLayers", LimitClass::Maximum, &Limits::maxTextureArrayLayers),
    limit32("maxBindGroups", LimitClass::Maximum, &Limits::maxBindGroups),
    limit32("maxBindGroupsPlusVertexBuffers", LimitClass::Maximum,
            &Limits::maxBindGroupsPlusVertexBuffers),
    limit32("maxImmediateSize", LimitClass::Maximum, &Limits::maxImmediateSize),
    limit32("maxBindingsPerBindGroup", LimitClass::Maximum, &Limits::maxBindingsPerBindGroup),
    limit32("maxDynamicUniformBuffersPerPipelineLayout", LimitClass::Maximum,
            &Limits::maxDynamicUniformBuffersPerPipelineLayout),
    limit32("maxDynamicStorageBuffersPerPipelineLayout", LimitClass::Maximum,
            &Limits::maxDynamicStorageBuffersPerPipelineLayout),
    limit32("maxSampledTexturesPerShaderStage", LimitClass::Maximum,
            &Limits::maxSampledTexturesPerShaderStage),
    limit32("maxSamplersPerShaderStage", LimitClass::Maximum, &Limits::maxSamplersPerShaderStage),
    limit32("maxStorageBuffersPerShaderStage", LimitClass::Maximum,
            &Limits::maxStorageBuffersPerShaderStage),
    limit32("maxStorageBuffersInVertexStage", LimitClass::Maximum,
            &Limits::maxStorageBuffersInVertexStage),
    limit32("maxStorageBuffersInFragmentStage", LimitClass::Maximum,
            &Limits::maxStorageBuffersInFragmentStage),
    limit32("maxStorageTexturesPerShaderStage", LimitClass::Maximum,
            &Limits::maxStorageTexturesPerShaderStage),
    limit32("maxStorageTexturesInVertexStage", LimitClass::Maximum,
            &Limits::maxStorageTexturesInVertexStage),
    limit32("maxStorageTexturesInFragmentStage", LimitClass::Maximum,
            &Limits::maxStorageTexturesInFragmentStage),
    limit32("maxUniformBuffersPerShaderStage", LimitClass::Maximum,
            &Limits::maxUniformBuffersPerShaderStage),
    limit64("maxUniformBufferBindingSize", LimitClass::Maximum,
            &Limits::maxUniformBufferBindingSize),
    limit64("maxStorageBufferBindingSize", LimitClass::Maximum,
            &Limits::maxStorageBufferBindingSize),
    limit32("minUniformBufferOffsetAlignment", LimitClass::Alignment,
            &Limits::minUniformBufferOffsetAlignment),
    limit32("minStorageBufferOffsetAlignment", LimitClass::Alignment,
            &Limits::minStorageBufferOffsetAlignment),
    limit32("maxVertexBuffers", LimitClass::Maximum, &Limits::maxVertexBuffers),
    limit64("maxBufferSize", LimitClass::Maximum, &Limits::maxBufferSize),
    limit32("maxVertexAttributes", LimitClass::Maximum, &Limits::maxVertexAttributes),
    limit32("maxVertexBufferArrayStride", LimitClass::Maximum, &Limits::maxVertexBufferArrayStride),
    limit32("maxInterStageShaderVariables", LimitClass::Maximum,
            &Limits::maxInterStageShaderVariables),
    limit32("maxColorAttachments", LimitClass::Maximum, &Limits::maxColorAttachments),
    limit32("maxColorAttachmentBytesPerSample", LimitClass::Maximum,
            &Limits::maxColorAttachmentBytesPerSample),
    limit32("maxComputeWorkgroupStorageSize", LimitClass::Maximum,
            &Limits::maxComputeWorkgroupStorageSize),
    limit32("maxComputeInvocationsPerWorkgroup", LimitClass::Maximum,
            &Limits::maxComputeInvocationsPerWorkgroup),
    limit32("maxComputeWorkgroupSizeX", LimitClass::Maximum, &Limits::maxComputeWorkgroupSizeX),
    limit32("maxComputeWorkgroupSizeY", LimitClass::Maximum, &Limits::maxComputeWorkgroupSizeY),
    limit32("maxComputeWorkgroupSizeZ", LimitClass::Maximum, &Limits::maxComputeWorkgroupSizeZ),
    limit32("maxComputeWorkgroupsPerDimension", LimitClass::Maximum,
            &Limits::maxComputeWorkgroupsPerDimension),
}};

}  // namespace

Limits Limits::compatibilityDefaults() {
  // #limits: the "compatibility default" column; other limits keep the core default.
  Limits l;
  l.maxTextureDimension1D = 4096;
  l.maxTextureDimension2D = 4096;
  l.maxStorageBuffersInVertexStage = 0;
  l.maxStorageBuffersInFragmentStage = 4;
  l.maxStorageTexturesInVertexStage = 0;
  l.maxUniformBufferBindingSize = 16384;
  l.maxInterStageShaderVariables = 15;
  l.maxColorAttachments = 4;
  l.maxComputeInvocationsPerWorkgroup = 128;
  l.maxComputeWorkgroupSizeX = 128;
  l.maxComputeWorkgroupSizeY = 128;
  return l;
}

std::span<const LimitInfo> allLimits() {
  return kLimits;
}

const LimitInfo* findLimit(std::string_view name) {
  for (const LimitInfo& info : kLimits) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

}  // namespace bindery
