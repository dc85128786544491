// GPUAdapter on Vulkan, and the Vulkan backend's adapter list (adapter.h).
#include "backends/vulkan/adapter.h"

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "backends/vulkan/capabilities.h"
#include "backends/vulkan/instance.h"

namespace bindery::vulkan {

Adapter::Adapter(const PhysicalDevice& device)
    : device_(device),
      info_(adapterInfoOf(device)),
      features_(featuresOf(device)),
      limits_(limitsOf(device)) {}

Result<std::unique_ptr<backend::DeviceBackend>> Adapter::createDevice(const FeatureSet&,
                                                                      const Limits&) {
  // Every optional Vulkan feature bindery uses is enabled when present, so the
  // device serves any features and limits the adapter offers.
  Device::Options options;
  // Testing: GPU-only memory behaves as a discrete GPU's even where it is
  // host-visible (tests/backends/vulkan runs the API suites so too).
  const char* unmapped = std::getenv("BINDERY_VULKAN_UNMAPPED_GPU_MEMORY");
  options.memory.mapGpuOnlyMemory = !(unmapped && std::string_view(unmapped) == "1");
  Result<std::unique_ptr<Device>> device = Device::create(device_, options);
  if (device.isError()) return device.error();
  return std::unique_ptr<backend::DeviceBackend>(std::move(device.value()));
}

std::vector<const PhysicalDevice*> rankPhysicalDevices(std::span<const PhysicalDevice> devices,
                                                       const backend::AdapterRequest& request) {
  std::vector<const PhysicalDevice*> ranked;
  std::vector<PhysicalDevice> left(devices.begin(), devices.end());
  // choosePhysicalDevice repeatedly: its order is the preference order.
  while (const PhysicalDevice* best =
             choosePhysicalDevice(left, request.powerPreference, request.forceFallbackAdapter)) {
    auto it = std::find_if(devices.begin(), devices.end(),
                           [&](const PhysicalDevice& d) { return d.handle == best->handle; });
    ranked.push_back(&*it);
    left.erase(left.begin() + (best - left.data()));
  }
  return ranked;
}

}  // namespace bindery::vulkan

namespace bindery::backend {

std::vector<std::unique_ptr<AdapterBackend>> enumerateVulkanAdapters(
    const AdapterRequest& request) {
  std::vector<std::unique_ptr<AdapterBackend>> adapters;
  vulkan::Instance* instance = vulkan::sharedInstance();
  if (!instance) return adapters;
  for (const vulkan::PhysicalDevice* device :
       vulkan::rankPhysicalDevices(instance->physicalDevices(), request)) {
    adapters.push_back(std::make_unique<vulkan::Adapter>(*device));
  }
  return adapters;
}

}  // namespace bindery::backend
