// The raw-Vulkan side of the GPU benchmarks (bench_compute, bench_render):
// what a hand-written program needs before it records anything — a device
// with one queue, a resettable command pool with one primary command buffer
// and a fence, memory for a buffer or an image — and the clocks both sides
// of a comparison read.
#pragma once

#include <vulkan/vulkan.h>

#include <chrono>
#include <ctime>
#include <span>
#include <vector>

#include "backends/vulkan/capabilities.h"

#include "backends/vulkan/physical_device.h"

namespace bindery_bench {

using Clock = std::chrono::steady_clock;

inline double nsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

// This thread's CPU time: the encoding and recording counters use it, so
// other processes on a loaded machine do not inflate them.
inline double threadNs() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

// Submits `commands` with `fence`, waits for it and resets it.
inline void submitAndWait(VkDevice device, VkQueue queue, VkCommandBuffer commands, VkFence fence) {
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  vkQueueSubmit(queue, 1, &submit, fence);
  vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX);
  vkResetFences(device, 1, &fence);
}

struct RawDevice {
  // `record` (into `commands`) timed in this thread's CPU time, then
  // submitted and waited for; returns the recording's ns.
  template <class F>
  double recordSubmitAndWait(F&& record) {
    double cpu = threadNs();
    record();
    double ns = threadNs() - cpu;
    submitAndWait(device, queue, commands, fence);
    return ns;
  }

  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  // The device (with `extensions` and the feature chain `features`), its
  // queue, the command pool, command buffer and fence. False on failure.
  // It enables what bindery's device enables that can change a driver's
  // recording: the same core features (robustBufferAccess first: WebGPU
  // bounds every access) and VK_EXT_robustness2's nullDescriptor where
  // offered, so a ratio compares recording, not device setups.
  bool createDevice(const bindery::vulkan::PhysicalDevice& physical,
                    std::span<const char* const> extensions = {}, const void* features = nullptr) {
    std::vector<const char*> names(extensions.begin(), extensions.end());
    VkPhysicalDeviceRobustness2FeaturesEXT robustness{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    if (physical.apiVersion >= VK_API_VERSION_1_1 &&
        bindery::vulkan::extensionFeatures<VkPhysicalDeviceRobustness2FeaturesEXT>(
            physical, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT)
                .nullDescriptor == VK_TRUE) {
      robustness.nullDescriptor = VK_TRUE;
      robustness.pNext = const_cast<void*>(features);
      features = &robustness;
      names.push_back(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME);
    }
    VkPhysicalDeviceFeatures enabled = bindery::vulkan::enabledFeaturesOf(physical);
    float priority = 1;
    VkDeviceQueueCreateInfo q{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    q.queueFamilyIndex = physical.queueFamily;
    q.queueCount = 1;
    q.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = features;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &q;
    info.enabledExtensionCount = static_cast<uint32_t>(names.size());
    info.ppEnabledExtensionNames = names.data();
    info.pEnabledFeatures = &enabled;
    if (vkCreateDevice(physical.handle, &info, nullptr, &device) != VK_SUCCESS) return false;
    vkGetDeviceQueue(device, physical.queueFamily, 0, &queue);
    VkCommandPoolCreateInfo ci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    ci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    ci.queueFamilyIndex = physical.queueFamily;
    if (vkCreateCommandPool(device, &ci, nullptr, &pool) != VK_SUCCESS) return false;
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = pool;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    if (vkAllocateCommandBuffers(device, &cai, &commands) != VK_SUCCESS) return false;
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    return vkCreateFence(device, &fi, nullptr, &fence) == VK_SUCCESS;
  }

  // Memory of the first type `req` allows (both sides of a comparison use
  // the same kind, so which one does not matter to the ratio).
  VkDeviceMemory allocate(const VkMemoryRequirements& req) const {
    uint32_t type = 0;
    while (!(req.memoryTypeBits & (1u << type))) ++type;
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    ai.memoryTypeIndex = type;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    vkAllocateMemory(device, &ai, nullptr, &memory);
    return memory;
  }

  // A buffer of `size` bytes with `usage`, bound to its own memory.
  VkBuffer createBuffer(VkDeviceSize size, VkBufferUsageFlags usage, VkDeviceMemory* memory) const {
    VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bi.size = size;
    bi.usage = usage;
    VkBuffer buffer = VK_NULL_HANDLE;
    vkCreateBuffer(device, &bi, nullptr, &buffer);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device, buffer, &req);
    *memory = allocate(req);
    vkBindBufferMemory(device, buffer, *memory, 0);
    return buffer;
  }
};

}  // namespace bindery_bench
