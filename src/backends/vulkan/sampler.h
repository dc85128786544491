// GPUSampler on Vulkan (#sampler-creation): a VkSampler made at creation from
// the validated descriptor: address modes, mag/min/mipmap filters, LOD clamps,
// the compare function of a comparison sampler, and maxAnisotropy (clamped to
// the device's maxSamplerAnisotropy, and 1 without samplerAnisotropy: the
// spec lets an implementation clamp it, #dom-gpusamplerdescriptor-maxanisotropy).
// Identical samplers share one VkSampler: createSampler always returns a
// distinct GPUSampler (its own label, its own identity), but the device's
// SamplerCache keys VkSamplers by the whole descriptor (everything but the
// label) and counts their users; the last user out destroys the VkSampler
// once the work submitted so far has completed. Drivers limit live samplers
// (maxSamplerAllocationCount, 4,000 on many GPUs), and a program that makes
// one sampler per material or per frame repeats a few descriptors.
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/physical_device.h"

namespace bindery::core {
class SamplerBase;
}

namespace bindery::vulkan {

class ComputeState;
class Device;

// Everything of a validated sampler's descriptor except its label.
struct SamplerKey {
  std::array<uint32_t, 11> fields{};
  bool operator==(const SamplerKey&) const = default;
  static SamplerKey of(const core::SamplerBase& sampler);
};

struct SamplerKeyHash {
  size_t operator()(const SamplerKey& key) const;
};

// The device's VkSamplers by descriptor, with their user counts
// (ComputeState::samplers(); internally synchronised).
class SamplerCache {
 public:
  explicit SamplerCache(Device& device) : device_(device) {}
  ~SamplerCache();
  SamplerCache(const SamplerCache&) = delete;
  SamplerCache& operator=(const SamplerCache&) = delete;

  // The VkSampler of `sampler`'s descriptor, made on first use; one more user.
  Result<VkSampler> acquire(const core::SamplerBase& sampler);
  // One user fewer; the last destroys it (deferred past submitted work).
  void release(const SamplerKey& key);
  // For tests: distinct VkSamplers alive.
  size_t size() const;

 private:
  struct Entry {
    VkSampler sampler = VK_NULL_HANDLE;
    uint32_t users = 0;
  };
  Device& device_;
  mutable std::mutex mutex_;
  std::unordered_map<SamplerKey, Entry, SamplerKeyHash> entries_;
};

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
  Sampler(std::shared_ptr<ComputeState> state, SamplerKey key)
      : state_(std::move(state)), key_(key) {}
  std::shared_ptr<ComputeState> state_;  // holds the cache
  SamplerKey key_;
  VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace bindery::vulkan
