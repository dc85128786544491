// shader_features.h: the features the generated SPIR-V may use, per device.
#include "backends/vulkan/shader_features.h"

#include <map>
#include <mutex>
#include <string_view>

namespace bindery::vulkan {

namespace {

ShaderFeatures query(const PhysicalDevice& device) {
  ShaderFeatures out;
  if (device.apiVersion < VK_API_VERSION_1_2) return out;
  out.spirvVersion = 0x00010400;
  VkPhysicalDeviceVulkan11Properties p11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties.pNext = &p11;
  vkGetPhysicalDeviceProperties2(device.handle, &properties);
  constexpr VkSubgroupFeatureFlags kOps =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
      VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
      VK_SUBGROUP_FEATURE_QUAD_BIT;
  constexpr VkShaderStageFlags kStages = VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  out.subgroups = (p11.subgroupSupportedOperations & kOps) == kOps &&
                  (p11.subgroupSupportedStages & kStages) == kStages;

  VkPhysicalDeviceVulkan11Features f11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceShaderDemoteToHelperInvocationFeaturesEXT demote{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES_EXT};
  bool demoteListed =
      hasDeviceExtension(device, VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
  f11.pNext = &f12;
  if (demoteListed) f12.pNext = &demote;
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &f11;
  vkGetPhysicalDeviceFeatures2(device.handle, &features);
  out.f16 =
      f12.shaderFloat16 && f11.storageBuffer16BitAccess && f11.uniformAndStorageBuffer16BitAccess;
  out.demoteToHelperInvocation = demoteListed && demote.shaderDemoteToHelperInvocation;
  return out;
}

}  // namespace

const ShaderFeatures& shaderFeaturesOf(const PhysicalDevice& device) {
  static std::mutex mutex;
  static std::map<VkPhysicalDevice, ShaderFeatures> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(device.handle);
  if (it == cache.end()) it = cache.emplace(device.handle, query(device)).first;
  return it->second;
}

void enableShaderFeatures(const ShaderFeatures& features, VkPhysicalDeviceVulkan11Features& f11,
                          VkPhysicalDeviceVulkan12Features& f12, ShaderFeatureChain& chain,
                          VkDeviceCreateInfo& info, std::vector<const char*>& extensions) {
  if (features.f16) {
    f12.shaderFloat16 = VK_TRUE;
    f11.storageBuffer16BitAccess = VK_TRUE;
    f11.uniformAndStorageBuffer16BitAccess = VK_TRUE;
  }
  if (features.demoteToHelperInvocation) {
    chain.demote.shaderDemoteToHelperInvocation = VK_TRUE;
    chain.demote.pNext = const_cast<void*>(info.pNext);
    info.pNext = &chain.demote;
    extensions.push_back(VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
  }
}

void applyShaderFeatures(const ShaderFeatures& features, spirv::Options& options) {
  options.version = features.spirvVersion;
  options.subgroups = features.subgroups;
  options.f16 = features.f16;
  options.demoteToHelperInvocation = features.demoteToHelperInvocation;
}

}  // namespace bindery::vulkan
