// The Vulkan instance: the loader (opened at run time, functions.h), the Khronos validation
// layer when asked for, a debug messenger that counts and reports every
// validation message, and the physical devices.
#pragma once

#include "backends/vulkan/functions.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/vulkan/error.h"
#include "backends/vulkan/physical_device.h"

namespace bindery::vulkan {

struct InstanceOptions {
  // Enables VK_LAYER_KHRONOS_validation (creation fails if it is absent).
  // Without it, the environment variable BINDERY_VULKAN_VALIDATION=1 enables
  // it too (so tests of the public API run validated).
  bool validation = false;
  // Receives every warning and error message of the validation layer (in
  // addition to the process-wide count, validationMessageCount()).
  std::function<void(std::string_view)> onValidationMessage;
};

class Instance {
 public:
  static Result<std::unique_ptr<Instance>> create(InstanceOptions options = {});
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  bool validationEnabled() const { return messenger_ != VK_NULL_HANDLE; }
  // Every physical device the loader reports that bindery can use (Vulkan
  // 1.1+, a queue family with graphics, compute and transfer).
  const std::vector<PhysicalDevice>& physicalDevices() const { return physicalDevices_; }

 private:
  Instance() = default;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  std::vector<PhysicalDevice> physicalDevices_;
  std::function<void(std::string_view)> onMessage_;
  friend VkBool32 VKAPI_PTR onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                           VkDebugUtilsMessageTypeFlagsEXT,
                                           const VkDebugUtilsMessengerCallbackDataEXT*, void*);
};

// Validation messages (warnings and errors) received by any instance of this
// process, and the text of the last one. Tests assert the count is unchanged.
uint64_t validationMessageCount();
std::string lastValidationMessage();

// True when BINDERY_VULKAN_VALIDATION is set to 1.
bool validationRequestedByEnvironment();

// The process's shared instance for the public API's Vulkan adapters (made on
// first use; null when no loader or driver can make one).
Instance* sharedInstance();
// Why sharedInstance() is null (the loader is missing, vkCreateInstance
// failed...); empty when it exists. Printed to stderr on that first failure
// when BINDERY_VULKAN_DEBUG is set.
const std::string& sharedInstanceFailure();

}  // namespace bindery::vulkan
