// GPUSampler on Vulkan (#sampler-creation): a VkSampler made at creation from
// the validated descriptor: address modes, mag/min/mipmap filters, LOD clamps,
// the compare function of a comparison sampler, and maxAnisotropy (clamped to
// the device's maxSamplerAnisotropy, and 1 without samplerAnisotropy: the
// spec lets an implementation clamp it, #dom-gpusamplerdescriptor-maxanisotropy).
// Samplers are not deduplicated: each GPUSampler has its own VkSampler
// (lavapipe and the H200 allow thousands; a cache can come when needed).
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/physical_device.h"

namespace bindery::core {
class SamplerBase;
}

namespace bindery::vulkan {

class Device;

// The VkSamplerCreateInfo of a validated sampler on `device` (exposed for tests).
VkSamplerCreateInfo samplerCreateInfo(const core::SamplerBase& sampler,
                                      const PhysicalDevice& device);

class Sampler final : public backend::SamplerBackend {
 public:
  static Result<std::unique_ptr<Sampler>> create(Device& device, const core::SamplerBase& sampler);
  ~Sampler() override;

  VkSampler handle() const { return sampler_; }
  static Sampler& of(const core::SamplerBase& sampler);

 private:
  explicit Sampler(Device& device) : device_(device) {}
  Device& device_;
  VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace bindery::vulkan
