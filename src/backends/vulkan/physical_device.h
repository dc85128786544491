// Physical devices: what each offers (properties, features, memory, queue
// family) and the choice requestAdapter makes among them.
#pragma once

#include "backends/vulkan/functions.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/device.h"

namespace bindery::vulkan {

struct PhysicalDevice {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceDriverProperties driver{};
  VkPhysicalDeviceFeatures features{};
  VkPhysicalDeviceMemoryProperties memory{};
  bool timelineSemaphore = false;  // Vulkan 1.2 core feature
  uint32_t queueFamily = 0;        // graphics + compute (+ transfer, implied)
  uint32_t apiVersion = 0;
  uint32_t subgroupSize = 0;
  VkDeviceSize maxMemoryAllocationSize = 0;  // VkPhysicalDeviceMaintenance3Properties (1.1)  //
                                             // VkPhysicalDeviceSubgroupProperties (1.1)
  // The device extensions it lists, sorted (enumerated once, with the device).
  std::vector<std::string> extensions;
};

// The usable physical devices of `instance` (API 1.1 or later, a queue family
// with graphics and compute).
std::vector<PhysicalDevice> enumeratePhysicalDevices(VkInstance instance);

// #dom-gpu-requestadapter's choice: with forceFallbackAdapter only a CPU
// device (the fallback adapter); otherwise discrete first for
// 'high-performance', integrated first for 'low-power' (and by default), then
// the other GPU kinds, a CPU device last. Null when none qualifies.
const PhysicalDevice* choosePhysicalDevice(std::span<const PhysicalDevice> devices,
                                           std::optional<PowerPreference> powerPreference,
                                           bool forceFallbackAdapter);

// GPUAdapterInfo from the driver: vendor (a known vendor's name, else the PCI
// id in hex), architecture (empty unless known), device (the device id in
// hex), description (the device name and the driver's info),
// isFallbackAdapter (a CPU device).
AdapterInfo adapterInfoOf(const PhysicalDevice& device);

bool isFallback(const PhysicalDevice& device);

// Whether `device` lists the device extension `name`.
bool hasDeviceExtension(const PhysicalDevice& device, std::string_view name);

// The feature structure `Features` (its sType given) of an extension, filled
// by vkGetPhysicalDeviceFeatures2; all VK_FALSE when the extension is not
// listed.
template <typename Features>
Features extensionFeatures(const PhysicalDevice& device, std::string_view extension,
                           VkStructureType type) {
  Features out{};
  out.sType = type;
  if (!hasDeviceExtension(device, extension)) return out;
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &out;
  vkGetPhysicalDeviceFeatures2(device.handle, &features);
  out.pNext = nullptr;
  return out;
}

}  // namespace bindery::vulkan
