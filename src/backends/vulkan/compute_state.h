// The Vulkan device's state for the binding model and compute, shared by the
// objects of bind_group_layout / pipeline_layout / bind_group /
// compute_pipeline / compute_pass_recorder: the set-layout cache, the
// descriptor allocator, the VkPipelineCache, the indirect-dispatch
// validator and the sampler cache.
//
// It lives beside vulkan::Device (device.h belongs to the device's own
// files): ComputeState::of(device) returns the one state of that device,
// made on first use, and every backend object that needs it holds a
// shared_ptr, so it lives until the last of them is gone (their deferred
// destructions run before the VkDevice is destroyed).
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>

#include "backends/vulkan/error.h"

namespace bindery::vulkan {

class Device;
class SetLayoutCache;
class DescriptorAllocator;
class IndirectDispatchValidator;
class SamplerCache;
class TimestampConverter;

class ComputeState : public std::enable_shared_from_this<ComputeState> {
 public:
  static std::shared_ptr<ComputeState> of(Device& device);
  explicit ComputeState(Device& device);
  ~ComputeState();
  ComputeState(const ComputeState&) = delete;
  ComputeState& operator=(const ComputeState&) = delete;

  Device& device() const { return device_; }
  VkDevice handle() const;
  SetLayoutCache& setLayouts() { return *setLayouts_; }
  DescriptorAllocator& descriptors() { return *descriptors_; }
  // Shared by every pipeline of the device (internally synchronised, so the
  // compile threads of compute_pipeline.cpp use it too).
  VkPipelineCache pipelineCache() const { return pipelineCache_; }
  // The device's VkSamplers, shared by equal descriptors (sampler.h).
  SamplerCache& samplers() { return *samplers_; }
  // Made on the first dispatchWorkgroupsIndirect.
  Result<IndirectDispatchValidator*> indirectValidator();
  // Made on the first resolve of timestamps that need converting (query_set.h).
  Result<TimestampConverter*> timestampConverter();

 private:
  static std::shared_ptr<ComputeState> lookUp(Device& device);

  Device& device_;
  VkPipelineCache pipelineCache_ = VK_NULL_HANDLE;
  std::unique_ptr<DescriptorAllocator> descriptors_;
  std::unique_ptr<SetLayoutCache> setLayouts_;
  std::unique_ptr<IndirectDispatchValidator> indirect_;
  std::unique_ptr<SamplerCache> samplers_;
  std::unique_ptr<TimestampConverter> timestamps_;
};

}  // namespace bindery::vulkan
