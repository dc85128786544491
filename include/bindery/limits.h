// GPUSupportedLimits: every limit of webgpu.bs #limits. The member
// initialisers are the core defaults; compatibilityDefaults() gives the
// compatibility-mode defaults (#limits, last column).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace bindery {

struct Limits {
  uint32_t maxTextureDimension1D = 8192;
  uint32_t maxTextureDimension2D = 8192;
  uint32_t maxTextureDimension3D = 2048;
  uint32_t maxTextureArrayLayers = 256;
  uint32_t maxBindGroups = 4;
  uint32_t maxBindGroupsPlusVertexBuffers = 24;
  uint32_t maxImmediateSize = 64;
  uint32_t maxBindingsPerBindGroup = 1000;
  uint32_t maxDynamicUniformBuffersPerPipelineLayout = 8;
  uint32_t maxDynamicStorageBuffersPerPipelineLayout = 4;
  uint32_t maxSampledTexturesPerShaderStage = 16;
  uint32_t maxSamplersPerShaderStage = 16;
  uint32_t maxStorageBuffersPerShaderStage = 8;
  uint32_t maxStorageBuffersInVertexStage = 8;
  uint32_t maxStorageBuffersInFragmentStage = 8;
  uint32_t maxStorageTexturesPerShaderStage = 4;
  uint32_t maxStorageTexturesInVertexStage = 4;
  uint32_t maxStorageTexturesInFragmentStage = 4;
  uint32_t maxUniformBuffersPerShaderStage = 12;
  uint64_t maxUniformBufferBindingSize = 65536;
  uint64_t maxStorageBufferBindingSize = 134217728;
  uint32_t minUniformBufferOffsetAlignment = 256;
  uint32_t minStorageBufferOffsetAlignment = 256;
  uint32_t maxVertexBuffers = 8;
  uint64_t maxBufferSize = 268435456;
  uint32_t maxVertexAttributes = 16;
  uint32_t maxVertexBufferArrayStride = 2048;
  uint32_t maxInterStageShaderVariables = 16;
  uint32_t maxColorAttachments = 8;
  uint32_t maxColorAttachmentBytesPerSample = 32;
  uint32_t maxComputeWorkgroupStorageSize = 16384;
  uint32_t maxComputeInvocationsPerWorkgroup = 256;
  uint32_t maxComputeWorkgroupSizeX = 256;
  uint32_t maxComputeWorkgroupSizeY = 256;
  uint32_t maxComputeWorkgroupSizeZ = 64;
  uint32_t maxComputeWorkgroupsPerDimension = 65535;

  // The core defaults (the member initialisers above).
  static Limits coreDefaults() { return Limits{}; }
  // The compatibility-mode defaults.
  static Limits compatibilityDefaults();

  bool operator==(const Limits&) const = default;
};

// #limit-class-maximum / #limit-class-alignment.
enum class LimitClass : uint8_t { Maximum, Alignment };

// Name-indexed access, for requiredLimits (a record<DOMString, GPUSize64>)
// and for the JavaScript binding.
struct LimitInfo {
  std::string_view name;
  LimitClass limitClass;
  bool is64Bit;
  uint64_t Limits::*member64;  // set when is64Bit
  uint32_t Limits::*member32;  // set otherwise
  uint64_t get(const Limits& l) const { return is64Bit ? l.*member64 : l.*member32; }
  // Stores `value` (truncated to 32 bits for a GPUSize32 limit).
  void set(Limits& l, uint64_t value) const {
    if (is64Bit) {
      l.*member64 = value;
    } else {
      l.*member32 = static_cast<uint32_t>(value);
    }
  }
  // #limit-class-maximum: higher is better; #limit-class-alignment: lower is
  // better. Strict: a value is not better than itself.
  bool isBetter(uint64_t value, uint64_t than) const {
    return limitClass == LimitClass::Maximum ? value > than : value < than;
  }
  // The worse of the two values (what "clamped to the default" keeps).
  uint64_t worse(uint64_t a, uint64_t b) const { return isBetter(a, b) ? b : a; }
};
std::span<const LimitInfo> allLimits();
const LimitInfo* findLimit(std::string_view name);

}  // namespace bindery
