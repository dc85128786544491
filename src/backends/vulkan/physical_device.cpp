// Physical devices and requestAdapter's choice among them (physical_device.h).
#include "backends/vulkan/physical_device.h"

#include <fmt/format.h>

#include <algorithm>

namespace bindery::vulkan {

namespace {

std::optional<uint32_t> universalQueueFamily(VkPhysicalDevice device) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  constexpr VkQueueFlags kNeeded = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
  for (uint32_t i = 0; i < count; ++i) {
    if ((families[i].queueFlags & kNeeded) == kNeeded && families[i].queueCount > 0) return i;
  }
  return std::nullopt;
}

// Lower is preferred.
int rank(const PhysicalDevice& device, std::optional<PowerPreference> preference) {
  VkPhysicalDeviceType type = device.properties.deviceType;
  bool highPerformance = preference == PowerPreference::HighPerformance;
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return highPerformance ? 0 : 1;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return highPerformance ? 1 : 0;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_OTHER: return 3;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 4;
    default: return 5;
  }
}

std::string_view vendorName(uint32_t id) {
  switch (id) {
    case 0x1002: return "amd";
    case 0x1010: return "imgtec";
    case 0x10DE: return "nvidia";
    case 0x13B5: return "arm";
    case 0x5143: return "qualcomm";
    case 0x8086: return "intel";
    case 0x106B: return "apple";
    case 0x10005: return "mesa";  // VK_VENDOR_ID_MESA: lavapipe
    default: return {};
  }
}

// The device extensions `device` lists, sorted (none if the driver fails to say).
std::vector<std::string> deviceExtensionsOf(VkPhysicalDevice device) {
  uint32_t count = 0;
  if (vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr) != VK_SUCCESS) {
    return {};
  }
  std::vector<VkExtensionProperties> properties(count);
  if (vkEnumerateDeviceExtensionProperties(device, nullptr, &count, properties.data()) < 0) {
    return {};
  }
  std::vector<std::string> names;
  names.reserve(count);
  for (uint32_t i = 0; i < count; ++i) names.emplace_back(properties[i].extensionName);
  std::sort(names.begin(), names.end());
  return names;
}
}  // namespace

std::vector<PhysicalDevice> enumeratePhysicalDevices(VkInstance instance) {
  uint32_t count = 0;
  if (vkEnumeratePhysicalDevices(instance, &count, nullptr) < 0) return {};
  std::vector<VkPhysicalDevice> handles(count);
  if (vkEnumeratePhysicalDevices(instance, &count, handles.data()) < 0) return {};
  handles.resize(count);
  std::vector<PhysicalDevice> out;
  for (VkPhysicalDevice handle : handles) {
    PhysicalDevice d;
    d.handle = handle;
    d.driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
    VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    vkGetPhysicalDeviceProperties(handle, &d.properties);
    d.apiVersion = d.properties.apiVersion;
    if (d.apiVersion < VK_API_VERSION_1_1) continue;
    VkPhysicalDeviceSubgroupProperties subgroup{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceMaintenance3Properties maintenance3{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
    properties.pNext = &subgroup;
    subgroup.pNext = &maintenance3;
    if (d.apiVersion >= VK_API_VERSION_1_2) maintenance3.pNext = &d.driver;
    vkGetPhysicalDeviceProperties2(handle, &properties);
    d.properties = properties.properties;
    d.driver.pNext = nullptr;
    d.subgroupSize = subgroup.subgroupSize;
    d.maxMemoryAllocationSize = maintenance3.maxMemoryAllocationSize;

    VkPhysicalDeviceVulkan12Features features12{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    if (d.apiVersion >= VK_API_VERSION_1_2) features.pNext = &features12;
    vkGetPhysicalDeviceFeatures2(handle, &features);
    d.features = features.features;
    d.timelineSemaphore = features12.timelineSemaphore == VK_TRUE;
    vkGetPhysicalDeviceMemoryProperties(handle, &d.memory);

    std::optional<uint32_t> family = universalQueueFamily(handle);
    if (!family) continue;
    d.queueFamily = *family;
    d.extensions = deviceExtensionsOf(handle);
    out.push_back(std::move(d));
  }
  return out;
}

bool isFallback(const PhysicalDevice& device) {
  return device.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
}

bool hasDeviceExtension(const PhysicalDevice& device, std::string_view name) {
  return std::binary_search(device.extensions.begin(), device.extensions.end(), name);
}

const PhysicalDevice* choosePhysicalDevice(std::span<const PhysicalDevice> devices,
                                           std::optional<PowerPreference> powerPreference,
                                           bool forceFallbackAdapter) {
  const PhysicalDevice* best = nullptr;
  for (const PhysicalDevice& d : devices) {
    // forceFallbackAdapter: "only a fallback adapter may be returned".
    if (forceFallbackAdapter && !isFallback(d)) continue;
    if (!best || rank(d, powerPreference) < rank(*best, powerPreference)) best = &d;
  }
  return best;
}

AdapterInfo adapterInfoOf(const PhysicalDevice& device) {
  AdapterInfo info;
  uint32_t vendorId = device.properties.vendorID;
  std::string_view vendor = vendorName(vendorId);
  info.vendor = vendor.empty() ? fmt::format("0x{:04x}", vendorId) : std::string(vendor);
  if (device.driver.driverName[0] == 'l' &&
      std::string_view(device.driver.driverName) == "llvmpipe")
    info.architecture = "llvmpipe";
  info.device = fmt::format("0x{:04x}", device.properties.deviceID);
  info.description = device.properties.deviceName;
  if (device.driver.driverInfo[0] != '\0') {
    info.description += fmt::format(" ({})", device.driver.driverInfo);
  }
  info.isFallbackAdapter = isFallback(device);
  info.backendType = BackendType::Vulkan;
  if (device.subgroupSize != 0) {
    info.subgroupMinSize = device.subgroupSize;
    info.subgroupMaxSize = device.subgroupSize;
  }
  return info;
}

}  // namespace bindery::vulkan
