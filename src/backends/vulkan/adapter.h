// GPUAdapter on Vulkan: one physical device, its limits and features in
// WebGPU's terms (capabilities.h), and "a new device".
#pragma once

#include "backends/backend.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/physical_device.h"

namespace bindery::vulkan {

class Adapter final : public backend::AdapterBackend {
 public:
  explicit Adapter(const PhysicalDevice& device);
  backend::BackendKind kind() const override { return backend::BackendKind::Vulkan; }
  AdapterInfo info() const override { return info_; }
  FeatureSet features() const override { return features_; }
  Limits limits() const override { return limits_; }
  Result<std::unique_ptr<backend::DeviceBackend>> createDevice(const FeatureSet& features,
                                                               const Limits& limits) override;

 private:
  PhysicalDevice device_;
  AdapterInfo info_;
  FeatureSet features_;
  Limits limits_;
};

// The physical devices of `devices` that meet `request`, best first.
std::vector<const PhysicalDevice*> rankPhysicalDevices(std::span<const PhysicalDevice> devices,
                                                       const backend::AdapterRequest& request);

}  // namespace bindery::vulkan
