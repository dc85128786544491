// The Vulkan device's binding and compute state (compute_state.h).
#include "backends/vulkan/compute_state.h"

#include <mutex>
#include <unordered_map>

#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/descriptor_allocator.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/indirect_dispatch.h"
#include "backends/vulkan/query_set.h"
#include "backends/vulkan/sampler.h"

namespace bindery::vulkan {

namespace {

// One state per live device. Keyed by the device's address; an expired entry
// is replaced (a new device may reuse the address of a destroyed one).
std::mutex& registryMutex() {
  static std::mutex mutex;
  return mutex;
}
std::unordered_map<const Device*, std::weak_ptr<ComputeState>>& registry() {
  static auto* states = new std::unordered_map<const Device*, std::weak_ptr<ComputeState>>();
  return *states;
}

}  // namespace

std::shared_ptr<ComputeState> ComputeState::of(Device& device) {
  // The common case (the same device as this thread's last call) takes no lock.
  thread_local const Device* lastDevice = nullptr;
  thread_local std::weak_ptr<ComputeState> lastState;
  if (lastDevice == &device) {
    if (std::shared_ptr<ComputeState> state = lastState.lock()) return state;
  }
  std::shared_ptr<ComputeState> state = lookUp(device);
  lastDevice = &device;
  lastState = state;
  return state;
}

std::shared_ptr<ComputeState> ComputeState::lookUp(Device& device) {
  std::lock_guard<std::mutex> lock(registryMutex());
  std::weak_ptr<ComputeState>& slot = registry()[&device];
  if (std::shared_ptr<ComputeState> state = slot.lock()) return state;
  auto state = std::make_shared<ComputeState>(device);
  slot = state;
  return state;
}

ComputeState::ComputeState(Device& device) : device_(device) {
  VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  // Without a cache pipelines are still made (VK_NULL_HANDLE is allowed).
  if (vkCreatePipelineCache(device.handle(), &info, nullptr, &pipelineCache_) != VK_SUCCESS) {
    pipelineCache_ = VK_NULL_HANDLE;
  }
  descriptors_ = std::make_unique<DescriptorAllocator>(device.handle());
  setLayouts_ = std::make_unique<SetLayoutCache>(*this);
  samplers_ = std::make_unique<SamplerCache>(device);
}

ComputeState::~ComputeState() {
  indirect_.reset();
  timestamps_.reset();
  samplers_.reset();
  setLayouts_.reset();
  descriptors_.reset();
  if (pipelineCache_ != VK_NULL_HANDLE) {
    vkDestroyPipelineCache(device_.handle(), pipelineCache_, nullptr);
  }
  std::lock_guard<std::mutex> lock(registryMutex());
  auto it = registry().find(&device_);
  if (it != registry().end() && it->second.expired()) registry().erase(it);
}

VkDevice ComputeState::handle() const {
  return device_.handle();
}

Result<IndirectDispatchValidator*> ComputeState::indirectValidator() {
  if (!indirect_) {
    Result<std::unique_ptr<IndirectDispatchValidator>> made =
        IndirectDispatchValidator::create(*this);
    if (made.isError()) return made.error();
    indirect_ = std::move(made.value());
  }
  return indirect_.get();
}

Result<TimestampConverter*> ComputeState::timestampConverter() {
  if (!timestamps_) {
    Result<std::unique_ptr<TimestampConverter>> made = TimestampConverter::create(*this);
    if (made.isError()) return made.error();
    timestamps_ = std::move(made.value());
  }
  return timestamps_.get();
}

}  // namespace bindery::vulkan
