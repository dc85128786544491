// The Vulkan device: creation, the pending command buffer, deferred deletion
// (device.h). The queue timeline is in queue.cpp.
#include "backends/vulkan/device.h"

#include <fmt/format.h>

#include <string_view>

#include "backends/vulkan/capabilities.h"
#include "backends/vulkan/query_set.h"
#include "backends/vulkan/shader_features.h"
#include "backends/vulkan/texture.h"

namespace bindery::vulkan {

Device::Device(const PhysicalDevice& physicalDevice) : physical_(physicalDevice) {}

Result<std::unique_ptr<Device>> Device::create(const PhysicalDevice& physicalDevice,
                                               Options options) {
  std::unique_ptr<Device> device(new Device(physicalDevice));
  BINDERY_VK_TRY(device->initialize(options));
  return device;
}

namespace {
// VK_KHR_dynamic_rendering listed and its feature supported.
bool hasDynamicRendering(const PhysicalDevice& device) {
  return extensionFeatures<VkPhysicalDeviceDynamicRenderingFeaturesKHR>(
             device, VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME,
             VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES_KHR)
             .dynamicRendering == VK_TRUE;
}

// VK_EXT_conditional_rendering listed and its feature supported.
bool supportsConditionalRendering(const PhysicalDevice& device) {
  return extensionFeatures<VkPhysicalDeviceConditionalRenderingFeaturesEXT>(
             device, VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME,
             VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT)
             .conditionalRendering == VK_TRUE;
}

// VK_EXT_robustness2 listed with its nullDescriptor feature.
bool supportsNullDescriptor(const PhysicalDevice& device) {
  return extensionFeatures<VkPhysicalDeviceRobustness2FeaturesEXT>(
             device, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME,
             VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT)
             .nullDescriptor == VK_TRUE;
}
}  // namespace

Status Device::initialize(const Options& options) {
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = physical_.queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  VkPhysicalDeviceFeatures enabled = enabledFeaturesOf(physical_);
  bool timeline = physical_.timelineSemaphore && !options.forceFences;
  VkPhysicalDeviceVulkan12Features features12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan11Features features11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  if (physical_.apiVersion >= VK_API_VERSION_1_2) {
    // What bindery's SPIR-V may use (src/spirv/README.md): uniform buffers
    // laid out as the front end lays them out (uniformBufferStandardLayout),
    // storage-buffer pointers passed to functions (variablePointersStorageBuffer).
    features11.pNext = &features12;
    VkPhysicalDeviceFeatures2 supported{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    supported.pNext = &features11;
    vkGetPhysicalDeviceFeatures2(physical_.handle, &supported);
    VkBool32 standardLayout = features12.uniformBufferStandardLayout;
    VkBool32 variablePointers = features11.variablePointersStorageBuffer;
    features11 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
    features12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    features11.pNext = &features12;
    features11.variablePointersStorageBuffer = variablePointers;
    features12.uniformBufferStandardLayout = standardLayout;
  }
  features12.timelineSemaphore = timeline ? VK_TRUE : VK_FALSE;

  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.pEnabledFeatures = &enabled;
  if (physical_.apiVersion >= VK_API_VERSION_1_2) info.pNext = &features11;
  // Render passes use dynamic rendering (render_pass_recorder.h) where the
  // device has it: VK_KHR_dynamic_rendering (core in Vulkan 1.3).
  VkPhysicalDeviceDynamicRenderingFeaturesKHR dynamicRendering{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES_KHR};
  std::vector<const char*> extensions;
  bool dynamicRenderingOn = false;
  if (physical_.apiVersion >= VK_API_VERSION_1_2 && hasDynamicRendering(physical_)) {
    dynamicRendering.dynamicRendering = VK_TRUE;
    dynamicRendering.pNext = const_cast<void*>(info.pNext);
    info.pNext = &dynamicRendering;
    extensions.push_back(VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME);
    dynamicRenderingOn = true;
  }
  // A dynamic binding wholly past its buffer's end is bound as a null
  // descriptor (dynamic_ranges.h): VK_EXT_robustness2's nullDescriptor alone
  // (robustBufferAccess2 stays off).
  VkPhysicalDeviceRobustness2FeaturesEXT robustness{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
  if (physical_.apiVersion >= VK_API_VERSION_1_1 && supportsNullDescriptor(physical_)) {
    robustness.nullDescriptor = VK_TRUE;
    robustness.pNext = const_cast<void*>(info.pNext);
    info.pNext = &robustness;
    extensions.push_back(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    nullDescriptor_ = true;
  }
  // Indirect draws whose firstInstance is not 0 do nothing without
  // 'indirect-first-instance' (render_pass_recorder.h): conditional rendering.
  VkPhysicalDeviceConditionalRenderingFeaturesEXT conditional{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};
  bool conditionalOn = false;
  if (physical_.apiVersion >= VK_API_VERSION_1_1 && supportsConditionalRendering(physical_)) {
    conditional.conditionalRendering = VK_TRUE;
    conditional.pNext = const_cast<void*>(info.pNext);
    info.pNext = &conditional;
    extensions.push_back(VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME);
    conditionalOn = true;
  }
  // What the generated SPIR-V may use (shader_features.h): f16, demote.
  ShaderFeatureChain shaderChain;
  enableShaderFeatures(shaderFeaturesOf(physical_), features11, features12, shaderChain, info,
                       extensions);
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  BINDERY_VK_TRY(
      checkVk(vkCreateDevice(physical_.handle, &info, nullptr, &device_), "vkCreateDevice"));
  vkGetDeviceQueue(device_, physical_.queueFamily, 0, &queue_);
  if (dynamicRenderingOn) {
    cmdBeginRendering = reinterpret_cast<PFN_vkCmdBeginRenderingKHR>(
        vkGetDeviceProcAddr(device_, "vkCmdBeginRenderingKHR"));
    cmdEndRendering = reinterpret_cast<PFN_vkCmdEndRenderingKHR>(
        vkGetDeviceProcAddr(device_, "vkCmdEndRenderingKHR"));
  }
  if (conditionalOn) {
    cmdBeginConditionalRendering = reinterpret_cast<PFN_vkCmdBeginConditionalRenderingEXT>(
        vkGetDeviceProcAddr(device_, "vkCmdBeginConditionalRenderingEXT"));
    cmdEndConditionalRendering = reinterpret_cast<PFN_vkCmdEndConditionalRenderingEXT>(
        vkGetDeviceProcAddr(device_, "vkCmdEndConditionalRenderingEXT"));
  }

  // Command buffers are reset and reused (beginCommandBuffer), not
  // short-lived: no VK_COMMAND_POOL_CREATE_TRANSIENT_BIT, so a driver may keep
  // their memory from one recording to the next.
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = physical_.queueFamily;
  BINDERY_VK_TRY(checkVk(vkCreateCommandPool(device_, &poolInfo, nullptr, &commandPool_),
                         "vkCreateCommandPool"));

  if (timeline) {
    VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    type.initialValue = 0;
    VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    semaphoreInfo.pNext = &type;
    BINDERY_VK_TRY(checkVk(vkCreateSemaphore(device_, &semaphoreInfo, nullptr, &timeline_),
                           "vkCreateSemaphore (timeline)"));
  }
  allocator_ = std::make_unique<MemoryAllocator>(device_, physical_.memory, options.memory);
  staging_ = std::make_unique<StagingRing>(device_, *allocator_, options.stagingChunkSize);
  formats_ = FormatTable::of(physical_.handle);
  return {};
}

Device::~Device() {
  if (device_ == VK_NULL_HANDLE) return;
  releaseEverything();
  staging_.reset();
  allocator_.reset();
  {
    // Every submitted serial has completed (releaseEverything waited for the
    // device): waiters leave their Vulkan waits; none may be inside one when
    // the fences, the semaphore and the device go.
    std::unique_lock<std::mutex> lock(waitMutex_);
    destroyed_ = true;
    waitChanged_.notify_all();
    waitChanged_.wait(lock, [&] { return waiters_ == 0; });
    destroyRetiredFences();
  }
  if (timeline_ != VK_NULL_HANDLE) vkDestroySemaphore(device_, timeline_, nullptr);
  for (auto& [serial, fence] : fences_) vkDestroyFence(device_, fence, nullptr);
  if (commandPool_ != VK_NULL_HANDLE) vkDestroyCommandPool(device_, commandPool_, nullptr);
  vkDestroyDevice(device_, nullptr);
}

void Device::releaseEverything() {
  vkDeviceWaitIdle(device_);
  if (pending_ != VK_NULL_HANDLE) {
    vkEndCommandBuffer(pending_);
    freeCommandBuffers_.push_back(pending_);
    pending_ = VK_NULL_HANDLE;
  }
  completed_ = lastSubmitted_;
  for (Deletion& d : deletions_) d.destroy();
  deletions_.clear();
  for (InFlightCommands& c : inFlightCommands_) freeCommandBuffers_.push_back(c.commandBuffer);
  inFlightCommands_.clear();
  if (staging_) staging_->reclaim(lastSubmitted_ + 1);
}

Result<VkCommandBuffer> Device::beginCommandBuffer() {
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
  if (!freeCommandBuffers_.empty()) {
    commandBuffer = freeCommandBuffers_.back();
    freeCommandBuffers_.pop_back();
    BINDERY_VK_TRY(checkVk(vkResetCommandBuffer(commandBuffer, 0), "vkResetCommandBuffer"));
  } else {
    VkCommandBufferAllocateInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    info.commandPool = commandPool_;
    info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    info.commandBufferCount = 1;
    BINDERY_VK_TRY(checkVk(vkAllocateCommandBuffers(device_, &info, &commandBuffer),
                           "vkAllocateCommandBuffers"));
  }
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  Status status = checkVk(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer");
  if (status.isError()) {
    freeCommandBuffers_.push_back(commandBuffer);
    return status.error();
  }
  return commandBuffer;
}

Result<VkCommandBuffer> Device::pendingCommands() {
  if (pending_ == VK_NULL_HANDLE) {
    Result<VkCommandBuffer> begun = beginCommandBuffer();
    if (begun.isError()) return begun;
    pending_ = begun.value();
  }
  return pending_;
}

void Device::deferDestroyAfterPendingSubmit(std::function<void()> destroy) {
  deferDestroyAfter(pendingSerial(), std::move(destroy));
}

void Device::deferDestroy(std::function<void()> destroy) {
  // Work recorded but not submitted counts: it completes with the next serial.
  deferDestroyAfter(retireSerial(), std::move(destroy));
}

void Device::deferDestroyAfter(Serial serial, std::function<void()> destroy) {
  if (hasCompleted(serial)) {
    destroy();
    return;
  }
  // tick() runs deletions from the front while their serial has completed: a
  // serial below one queued before waits for that one (never runs early).
  deletions_.push_back({serial, std::move(destroy)});
}

void Device::tick() {
  while (!inFlightCommands_.empty() && inFlightCommands_.front().serial <= completed_) {
    freeCommandBuffers_.push_back(inFlightCommands_.front().commandBuffer);
    inFlightCommands_.pop_front();
  }
  while (!deletions_.empty() && deletions_.front().serial <= completed_) {
    std::function<void()> destroy = std::move(deletions_.front().destroy);
    deletions_.pop_front();
    destroy();
  }
  staging_->reclaim(completed_);
}

Status Device::track(Status status) {
  if (status.isError() && status.error().kind == ErrorKind::DeviceLost) lost_ = true;
  return status;
}

void Device::destroy() {
  if (destroyed_) return;
  {
    // Waiters for serials not submitted yet return at once (true).
    std::lock_guard<std::mutex> lock(waitMutex_);
    destroyed_ = true;
  }
  waitChanged_.notify_all();
  releaseEverything();
}

// Objects bindery does not realise on Vulkan yet: trivial backend objects (the
// render issue gives them their Vulkan objects). Bind group layouts, bind
// groups, pipeline layouts, compute pipelines and samplers: bind_group_layout.cpp,
// bind_group.cpp, pipeline_layout.cpp, compute_pipeline.cpp, sampler.cpp; a
// shader module needs none (compute_pipeline.h).
Result<std::unique_ptr<backend::ShaderModuleBackend>> Device::createShaderModule(
    const core::ShaderModuleBase&) {
  return std::unique_ptr<backend::ShaderModuleBackend>(new backend::ShaderModuleBackend());
}

// query_set.cpp
Result<std::unique_ptr<backend::QuerySetBackend>> Device::createQuerySet(
    const core::QuerySetBase& querySet) {
  Result<std::unique_ptr<QuerySet>> made = QuerySet::create(*this, querySet);
  if (made.isError()) return made.error();
  return std::unique_ptr<backend::QuerySetBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
