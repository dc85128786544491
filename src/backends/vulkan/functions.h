// The Vulkan loader, opened at run time: bindery does not link libvulkan, so
// a machine without the loader (Debian: libvulkan1) still runs the null
// backend, and the Vulkan backend then simply lists no adapter.
//
// BINDERY_VK_FUNCTIONS is the one list of every Vulkan command the backend
// calls. Each becomes a function pointer in bindery::vulkan with the
// command's own name, so call sites inside the namespace read as plain Vulkan.
// The backend is compiled with VK_NO_PROTOTYPES: vulkan.h declares no global
// commands, and nothing refers to the loader's exported symbols.
//
// Levels: Global commands are fetched with vkGetInstanceProcAddr(NULL, ...)
// before an instance exists; Instance commands (instance- and device-level)
// with vkGetInstanceProcAddr(instance, ...) once the first instance is made
// (the loader's entry points dispatch on the handle, so they serve every
// instance and device).
#pragma once

#include <vulkan/vulkan.h>

#include <string>

// clang-format off
#define BINDERY_VK_FUNCTIONS(X) \
  X(Global, vkCreateInstance) \
  X(Global, vkEnumerateInstanceExtensionProperties) \
  X(Global, vkEnumerateInstanceLayerProperties) \
  X(Instance, vkAllocateCommandBuffers) \
  X(Instance, vkAllocateDescriptorSets) \
  X(Instance, vkAllocateMemory) \
  X(Instance, vkBeginCommandBuffer) \
  X(Instance, vkBindBufferMemory) \
  X(Instance, vkBindImageMemory) \
  X(Instance, vkCmdBeginQuery) \
  X(Instance, vkCmdBindDescriptorSets) \
  X(Instance, vkCmdBindIndexBuffer) \
  X(Instance, vkCmdBindPipeline) \
  X(Instance, vkCmdBindVertexBuffers) \
  X(Instance, vkCmdClearColorImage) \
  X(Instance, vkCmdClearDepthStencilImage) \
  X(Instance, vkCmdCopyBuffer) \
  X(Instance, vkCmdCopyBufferToImage) \
  X(Instance, vkCmdCopyImage) \
  X(Instance, vkCmdCopyImageToBuffer) \
  X(Instance, vkCmdCopyQueryPoolResults) \
  X(Instance, vkCmdDispatch) \
  X(Instance, vkCmdDispatchIndirect) \
  X(Instance, vkCmdDraw) \
  X(Instance, vkCmdDrawIndexed) \
  X(Instance, vkCmdDrawIndexedIndirect) \
  X(Instance, vkCmdDrawIndirect) \
  X(Instance, vkCmdEndQuery) \
  X(Instance, vkCmdFillBuffer) \
  X(Instance, vkCmdPipelineBarrier) \
  X(Instance, vkCmdPushConstants) \
  X(Instance, vkCmdResetQueryPool) \
  X(Instance, vkCmdSetBlendConstants) \
  X(Instance, vkCmdSetScissor) \
  X(Instance, vkCmdSetStencilReference) \
  X(Instance, vkCmdSetViewport) \
  X(Instance, vkCmdWriteTimestamp) \
  X(Instance, vkCreateBuffer) \
  X(Instance, vkCreateCommandPool) \
  X(Instance, vkCreateComputePipelines) \
  X(Instance, vkCreateDescriptorPool) \
  X(Instance, vkCreateDescriptorSetLayout) \
  X(Instance, vkCreateDescriptorUpdateTemplate) \
  X(Instance, vkCreateDevice) \
  X(Instance, vkCreateFence) \
  X(Instance, vkCreateGraphicsPipelines) \
  X(Instance, vkCreateImage) \
  X(Instance, vkCreateImageView) \
  X(Instance, vkCreatePipelineCache) \
  X(Instance, vkCreatePipelineLayout) \
  X(Instance, vkCreateQueryPool) \
  X(Instance, vkCreateSampler) \
  X(Instance, vkCreateSemaphore) \
  X(Instance, vkCreateShaderModule) \
  X(Instance, vkDestroyBuffer) \
  X(Instance, vkDestroyCommandPool) \
  X(Instance, vkDestroyDescriptorPool) \
  X(Instance, vkDestroyDescriptorSetLayout) \
  X(Instance, vkDestroyDescriptorUpdateTemplate) \
  X(Instance, vkDestroyDevice) \
  X(Instance, vkDestroyFence) \
  X(Instance, vkDestroyImage) \
  X(Instance, vkDestroyImageView) \
  X(Instance, vkDestroyInstance) \
  X(Instance, vkDestroyPipeline) \
  X(Instance, vkDestroyPipelineCache) \
  X(Instance, vkDestroyPipelineLayout) \
  X(Instance, vkDestroyQueryPool) \
  X(Instance, vkDestroySampler) \
  X(Instance, vkDestroySemaphore) \
  X(Instance, vkDestroyShaderModule) \
  X(Instance, vkDeviceWaitIdle) \
  X(Instance, vkEndCommandBuffer) \
  X(Instance, vkEnumerateDeviceExtensionProperties) \
  X(Instance, vkEnumeratePhysicalDevices) \
  X(Instance, vkFreeDescriptorSets) \
  X(Instance, vkFreeMemory) \
  X(Instance, vkGetBufferMemoryRequirements) \
  X(Instance, vkGetDeviceProcAddr) \
  X(Instance, vkGetDeviceQueue) \
  X(Instance, vkGetFenceStatus) \
  X(Instance, vkGetImageMemoryRequirements) \
  X(Instance, vkGetPhysicalDeviceFeatures2) \
  X(Instance, vkGetPhysicalDeviceFormatProperties) \
  X(Instance, vkGetPhysicalDeviceImageFormatProperties) \
  X(Instance, vkGetPhysicalDeviceMemoryProperties) \
  X(Instance, vkGetPhysicalDeviceProperties) \
  X(Instance, vkGetPhysicalDeviceProperties2) \
  X(Instance, vkGetPhysicalDeviceQueueFamilyProperties) \
  X(Instance, vkGetSemaphoreCounterValue) \
  X(Instance, vkMapMemory) \
  X(Instance, vkQueueSubmit) \
  X(Instance, vkResetCommandBuffer) \
  X(Instance, vkUpdateDescriptorSetWithTemplate) \
  X(Instance, vkUpdateDescriptorSets) \
  X(Instance, vkWaitForFences) \
  X(Instance, vkWaitSemaphores)
// clang-format on

namespace bindery::vulkan {

// From dlsym on the loader; everything else comes through it.
extern PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;

#define BINDERY_VK_DECLARE_FUNCTION(level, name) extern PFN_##name name;
BINDERY_VK_FUNCTIONS(BINDERY_VK_DECLARE_FUNCTION)
#undef BINDERY_VK_DECLARE_FUNCTION

// The loader's file name: libvulkan.so.1, or the value of the environment
// variable BINDERY_VULKAN_LOADER when set (tests name a missing library to
// check the behaviour on a machine without the loader).
std::string vulkanLoaderName();

// Opens the loader and fetches the global commands, once per process (thread
// safe). Empty on success, else why Vulkan cannot be used (the loader is not
// installed, or lacks a command); every later call returns the same answer.
const std::string& loadVulkan();

// Fetches the instance- and device-level commands through `instance`, once
// per process (later calls return the first answer). Empty on success, else
// the name of the missing command. Requires loadVulkan() to have succeeded.
const std::string& loadInstanceFunctions(VkInstance instance);

}  // namespace bindery::vulkan
