// What bindery's SPIR-V generator may use on a physical device, how the
// device enables it, and the generator Options that follow (src/spirv/README.md:
// "Device requirements"). The one place the Vulkan backend decides the
// SPIR-V version and the features the generated modules rely on.
#pragma once

#include "backends/vulkan/functions.h"

#include <vector>

#include "backends/vulkan/physical_device.h"
#include "bindery/spirv/generate.h"

namespace bindery::vulkan {

struct ShaderFeatures {
  // 'subgroups' (#dom-gpufeaturename-subgroups): the subgroup and quad
  // operations (basic, vote, arithmetic, ballot, shuffle, shuffle-relative,
  // quad) in compute and fragment shaders.
  bool subgroups = false;
  // 'shader-f16' (#dom-gpufeaturename-shader-f16): shaderFloat16 and 16-bit
  // storage / uniform buffer access (Vulkan 1.2 features).
  bool f16 = false;
  // `discard` as OpDemoteToHelperInvocation: VK_EXT_shader_demote_to_helper_invocation.
  bool demoteToHelperInvocation = false;
  // SPIR-V 1.4 on a Vulkan 1.2 device (bindery's instance asks for 1.2), else 1.3.
  uint32_t spirvVersion = 0x00010300;
};

// Queried once per physical device (cached).
const ShaderFeatures& shaderFeaturesOf(const PhysicalDevice& device);

// What vkCreateDevice needs for `features`: the 1.1 / 1.2 feature bits, and
// the demote extension's struct chained into `info` (it must outlive the call).
struct ShaderFeatureChain {
  VkPhysicalDeviceShaderDemoteToHelperInvocationFeaturesEXT demote{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES_EXT};
};
void enableShaderFeatures(const ShaderFeatures& features, VkPhysicalDeviceVulkan11Features& f11,
                          VkPhysicalDeviceVulkan12Features& f12, ShaderFeatureChain& chain,
                          VkDeviceCreateInfo& info, std::vector<const char*>& extensions);

// The generator's Options for a device with `features`.
void applyShaderFeatures(const ShaderFeatures& features, spirv::Options& options);

}  // namespace bindery::vulkan
