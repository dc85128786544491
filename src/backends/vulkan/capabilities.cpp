// Vulkan limits and features -> WebGPU's (capabilities.h).
#include "backends/vulkan/capabilities.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "backends/vulkan/formats.h"
#include "backends/vulkan/shader_features.h"

namespace bindery::vulkan {

namespace {

// Per-stage binding counts are capped here (the null backend's tier) so that
// 2 x their sum stays within maxBindingsPerBindGroup
// (#adapter-capability-guarantees) on drivers that report huge values.
constexpr uint32_t kMaxSampledTexturesPerStage = 48;
constexpr uint32_t kMaxSamplersPerStage = 48;
constexpr uint32_t kMaxStorageBuffersPerStage = 16;
constexpr uint32_t kMaxStorageTexturesPerStage = 16;
constexpr uint32_t kMaxUniformBuffersPerStage = 16;

// An alignment limit: the device's alignment rounded up to a power of two, at
// least 32 (#adapter-capability-guarantees). Lower is better, so this is
// never better than the device; above 256 (the default) the core rejects it.
uint32_t alignment(VkDeviceSize deviceValue) {
  uint64_t value = std::max<uint64_t>(32, std::bit_ceil(std::max<uint64_t>(deviceValue, 1)));
  return static_cast<uint32_t>(std::min<uint64_t>(value, uint64_t{1} << 31));
}

uint32_t roundDown4(uint64_t v) {
  return static_cast<uint32_t>(std::min<uint64_t>(v, UINT32_MAX) & ~uint64_t{3});
}

bool formatSupports(VkPhysicalDevice device, VkFormat format, VkFormatFeatureFlags needed) {
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(device, format, &properties);
  return (properties.optimalTilingFeatures & needed) == needed;
}

uint64_t largestDeviceLocalHeap(const VkPhysicalDeviceMemoryProperties& memory) {
  uint64_t largest = 0;
  for (uint32_t i = 0; i < memory.memoryHeapCount; ++i) {
    if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) {
      largest = std::max<uint64_t>(largest, memory.memoryHeaps[i].size);
    }
  }
  return largest;
}

}  // namespace

Limits limitsOf(const PhysicalDevice& device) {
  const VkPhysicalDeviceLimits& v = device.properties.limits;
  Limits l;
  l.maxTextureDimension1D = v.maxImageDimension1D;
  l.maxTextureDimension2D =
      std::min({v.maxImageDimension2D, v.maxFramebufferWidth, v.maxFramebufferHeight});
  l.maxTextureDimension3D = v.maxImageDimension3D;
  l.maxTextureArrayLayers = std::min(v.maxImageArrayLayers, v.maxFramebufferLayers);
  l.maxBindGroups = v.maxBoundDescriptorSets;
  l.maxVertexBuffers = std::min<uint32_t>(v.maxVertexInputBindings, 32);
  l.maxBindGroupsPlusVertexBuffers = l.maxBindGroups + l.maxVertexBuffers;
  // Vulkan has no limit on binding numbers: the default stays.
  l.maxDynamicUniformBuffersPerPipelineLayout = v.maxDescriptorSetUniformBuffersDynamic;
  // The push constants hold the immediates and, after them, one u32 per
  // dynamic storage binding (its effective binding size, pipeline_layout.h):
  // the immediates keep WebGPU's default 64 bytes at least (Vulkan guarantees
  // 128), the size words take what the dynamic storage limit needs of the
  // rest (up to kMaxSizeWords), and the immediates get what is left.
  l.maxDynamicStorageBuffersPerPipelineLayout = std::min(
      {v.maxDescriptorSetStorageBuffersDynamic, (v.maxPushConstantsSize - 64) / 4, kMaxSizeWords});
  l.maxImmediateSize =
      roundDown4(v.maxPushConstantsSize - 4 * l.maxDynamicStorageBuffersPerPipelineLayout);
  l.maxSampledTexturesPerShaderStage =
      std::min(v.maxPerStageDescriptorSampledImages, kMaxSampledTexturesPerStage);
  l.maxSamplersPerShaderStage = std::min(v.maxPerStageDescriptorSamplers, kMaxSamplersPerStage);
  l.maxStorageBuffersPerShaderStage =
      std::min(v.maxPerStageDescriptorStorageBuffers, kMaxStorageBuffersPerStage);
  l.maxStorageBuffersInVertexStage = l.maxStorageBuffersPerShaderStage;
  l.maxStorageBuffersInFragmentStage = l.maxStorageBuffersPerShaderStage;
  l.maxStorageTexturesPerShaderStage =
      std::min(v.maxPerStageDescriptorStorageImages, kMaxStorageTexturesPerStage);
  l.maxStorageTexturesInVertexStage = l.maxStorageTexturesPerShaderStage;
  l.maxStorageTexturesInFragmentStage = l.maxStorageTexturesPerShaderStage;
  l.maxUniformBuffersPerShaderStage =
      std::min(v.maxPerStageDescriptorUniformBuffers, kMaxUniformBuffersPerStage);
  l.maxUniformBufferBindingSize = v.maxUniformBufferRange;
  l.minUniformBufferOffsetAlignment = alignment(v.minUniformBufferOffsetAlignment);
  l.minStorageBufferOffsetAlignment = alignment(v.minStorageBufferOffsetAlignment);
  // One VkDeviceMemory allocation holds a buffer (maintenance3's
  // maxMemoryAllocationSize is core in 1.1 but not in VkPhysicalDeviceLimits;
  // the largest device-local heap bounds it too).
  uint64_t heap = largestDeviceLocalHeap(device.memory);
  l.maxBufferSize = std::min<uint64_t>(heap, device.maxMemoryAllocationSize);
  l.maxStorageBufferBindingSize =
      std::min<uint64_t>(roundDown4(v.maxStorageBufferRange), l.maxBufferSize);
  l.maxUniformBufferBindingSize =
      std::min<uint64_t>(l.maxUniformBufferBindingSize, l.maxBufferSize);
  l.maxVertexAttributes = std::min<uint32_t>(v.maxVertexInputAttributes, 32);
  l.maxVertexBufferArrayStride = roundDown4(v.maxVertexInputBindingStride);
  // Inter-stage variables are vec4 slots; one is kept for the position.
  uint32_t components = std::min(v.maxVertexOutputComponents, v.maxFragmentInputComponents);
  l.maxInterStageShaderVariables = components / 4 > 0 ? components / 4 - 1 : 0;
  l.maxColorAttachments = std::min(v.maxColorAttachments, v.maxFragmentOutputAttachments);
  l.maxColorAttachments = std::min<uint32_t>(l.maxColorAttachments, 8);
  // Vulkan has no bytes-per-sample limit: the default (32) stays.
  l.maxComputeWorkgroupStorageSize = v.maxComputeSharedMemorySize;
  l.maxComputeInvocationsPerWorkgroup = v.maxComputeWorkGroupInvocations;
  l.maxComputeWorkgroupSizeX = v.maxComputeWorkGroupSize[0];
  l.maxComputeWorkgroupSizeY = v.maxComputeWorkGroupSize[1];
  l.maxComputeWorkgroupSizeZ = v.maxComputeWorkGroupSize[2];
  l.maxComputeWorkgroupsPerDimension =
      std::min({v.maxComputeWorkGroupCount[0], v.maxComputeWorkGroupCount[1],
                v.maxComputeWorkGroupCount[2]});
  return l;
}

FeatureSet featuresOf(const PhysicalDevice& device) {
  FeatureSet features{FeatureName::CoreFeaturesAndLimits};
  // Every Vulkan image view has a component mapping (texture_view.cpp).
  features.add(FeatureName::TextureComponentSwizzle);
  constexpr VkFormatFeatureFlags kDepthStencil = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                                 VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                                 VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  if (formatSupports(device.handle, VK_FORMAT_D32_SFLOAT_S8_UINT, kDepthStencil)) {
    features.add(FeatureName::Depth32floatStencil8);
  }
  // Compressed formats: copies and zero-initialisation by buffer copies
  // (copies.cpp, texture.cpp), sampling as any format (formats.h).
  CompressedFormatSupport compressed = compressedFormatSupport(device.handle, device.features);
  if (compressed.bc) features.add(FeatureName::TextureCompressionBc);
  if (compressed.bcSliced3d) features.add(FeatureName::TextureCompressionBcSliced3d);
  if (compressed.etc2) features.add(FeatureName::TextureCompressionEtc2);
  if (compressed.astc) features.add(FeatureName::TextureCompressionAstc);
  if (compressed.astcSliced3d) features.add(FeatureName::TextureCompressionAstcSliced3d);
  // Storage and render capabilities that features enable (formats.h).
  FormatFeatureSupport formatFeatures = formatFeatureSupport(device.handle, device.features);
  if (formatFeatures.bgra8unormStorage) features.add(FeatureName::Bgra8unormStorage);
  if (formatFeatures.rg11b10ufloatRenderable) features.add(FeatureName::Rg11b10ufloatRenderable);
  // Testing: BINDERY_VULKAN_STORAGE_TIERS_FOR_TESTING=1 offers a tier whose
  // storage cells all hold though a render cell does not, so the storage paths
  // run on lavapipe (storage_format_features_test.cpp); never set otherwise.
  const bool storageOnly = std::getenv("BINDERY_VULKAN_STORAGE_TIERS_FOR_TESTING") != nullptr;
  if (formatFeatures.textureFormatsTier1 || (storageOnly && formatFeatures.tier1Storage)) {
    features.add(FeatureName::TextureFormatsTier1);
    features.add(FeatureName::Rg11b10ufloatRenderable);  // tier1 enables it
  }
  if (formatFeatures.textureFormatsTier2 || (storageOnly && formatFeatures.tier2Storage)) {
    features.add(FeatureName::TextureFormatsTier2);
  }
  // unclippedDepth is depthClampEnable (render_pipeline.cpp).
  if (device.features.depthClamp) features.add(FeatureName::DepthClipControl);
  if (device.features.dualSrcBlend) features.add(FeatureName::DualSourceBlending);
  if (device.features.drawIndirectFirstInstance) {
    features.add(FeatureName::IndirectFirstInstance);
  }
  // What the SPIR-V generator can use on the device (shader_features.h).
  const ShaderFeatures& shader = shaderFeaturesOf(device);
  if (shader.f16) features.add(FeatureName::ShaderF16);
  if (shader.subgroups) features.add(FeatureName::Subgroups);
  // Timestamps resolve to nanoseconds, converted from ticks on the GPU where
  // the period is not 1 (query_set.h).
  const VkPhysicalDeviceLimits& limits = device.properties.limits;
  if (limits.timestampComputeAndGraphics && limits.timestampPeriod > 0) {
    features.add(FeatureName::TimestampQuery);
  }
  return features;
}

VkPhysicalDeviceFeatures enabledFeaturesOf(const PhysicalDevice& device) {
  VkPhysicalDeviceFeatures enabled{};
  const VkPhysicalDeviceFeatures& has = device.features;
  enabled.robustBufferAccess = has.robustBufferAccess;
  enabled.independentBlend = has.independentBlend;
  enabled.sampleRateShading = has.sampleRateShading;
  enabled.dualSrcBlend = has.dualSrcBlend;
  enabled.depthClamp = has.depthClamp;
  enabled.fragmentStoresAndAtomics = has.fragmentStoresAndAtomics;
  enabled.vertexPipelineStoresAndAtomics = has.vertexPipelineStoresAndAtomics;
  enabled.imageCubeArray = has.imageCubeArray;
  enabled.textureCompressionBC = has.textureCompressionBC;
  enabled.shaderClipDistance = has.shaderClipDistance;
  enabled.fullDrawIndexUint32 = has.fullDrawIndexUint32;
  enabled.drawIndirectFirstInstance = has.drawIndirectFirstInstance;
  enabled.shaderStorageImageExtendedFormats = has.shaderStorageImageExtendedFormats;
  // 'bgra8unorm' storage textures have no SPIR-V format (formats.h).
  enabled.shaderStorageImageWriteWithoutFormat = has.shaderStorageImageWriteWithoutFormat;
  enabled.shaderStorageImageReadWithoutFormat = has.shaderStorageImageReadWithoutFormat;
  enabled.multiDrawIndirect = has.multiDrawIndirect;
  enabled.textureCompressionBC = has.textureCompressionBC;  // the compressed families (formats.h)
  enabled.textureCompressionETC2 = has.textureCompressionETC2;
  enabled.textureCompressionASTC_LDR = has.textureCompressionASTC_LDR;
  enabled.samplerAnisotropy = has.samplerAnisotropy;  // sampler.cpp
  return enabled;
}

}  // namespace bindery::vulkan
