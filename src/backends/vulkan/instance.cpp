// The Vulkan instance, its validation layer and debug messenger (instance.h).
#include "backends/vulkan/instance.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace bindery::vulkan {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

std::atomic<uint64_t> gMessageCount{0};
std::mutex gLastMessageMutex;
std::string gLastMessage;

bool hasLayer(const char* name) {
  uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) < 0) return false;
  for (const VkLayerProperties& layer : layers) {
    if (std::strcmp(layer.layerName, name) == 0) return true;
  }
  return false;
}

bool hasInstanceExtension(const char* name) {
  uint32_t count = 0;
  if (vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkExtensionProperties> extensions(count);
  if (vkEnumerateInstanceExtensionProperties(nullptr, &count, extensions.data()) < 0) return false;
  for (const VkExtensionProperties& e : extensions) {
    if (std::strcmp(e.extensionName, name) == 0) return true;
  }
  return false;
}

}  // namespace

VkBool32 VKAPI_PTR onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                  VkDebugUtilsMessageTypeFlagsEXT types,
                                  const VkDebugUtilsMessengerCallbackDataEXT* data,
                                  void* userData) {
  // Validation warnings and errors, and errors of any kind; the loader's
  // general warnings (e.g. about other ICDs on the machine) are not about
  // bindery's use of Vulkan.
  bool validation = (types & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT) != 0;
  if (severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) return VK_FALSE;
  if (!validation && severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) return VK_FALSE;
  std::string text = fmt::format("[{}] {}", data->pMessageIdName ? data->pMessageIdName : "",
                                 data->pMessage ? data->pMessage : "");
  gMessageCount.fetch_add(1);
  {
    std::lock_guard<std::mutex> lock(gLastMessageMutex);
    gLastMessage = text;
  }
  auto* instance = static_cast<Instance*>(userData);
  if (instance && instance->onMessage_) instance->onMessage_(text);
  return VK_FALSE;
}

uint64_t validationMessageCount() {
  return gMessageCount.load();
}

std::string lastValidationMessage() {
  std::lock_guard<std::mutex> lock(gLastMessageMutex);
  return gLastMessage;
}

bool validationRequestedByEnvironment() {
  const char* value = std::getenv("BINDERY_VULKAN_VALIDATION");
  return value && std::strcmp(value, "1") == 0;
}

Result<std::unique_ptr<Instance>> Instance::create(InstanceOptions options) {
  if (const std::string& why = loadVulkan(); !why.empty()) return backend::internalError(why);
  bool validation = options.validation || validationRequestedByEnvironment();
  if (validation && !hasLayer(kValidationLayer)) {
    return backend::internalError(
        "The Vulkan validation layer VK_LAYER_KHRONOS_validation was asked for but is not "
        "installed (Debian: apt-get install vulkan-validationlayers).");
  }
  std::unique_ptr<Instance> self(new Instance());
  self->onMessage_ = std::move(options.onValidationMessage);

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "bindery";
  app.pEngineName = "bindery";
  app.apiVersion = VK_API_VERSION_1_2;

  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  bool debugUtils = validation && hasInstanceExtension(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (validation) layers.push_back(kValidationLayer);
  if (debugUtils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messengerInfo.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                  VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messengerInfo.pfnUserCallback = onDebugMessage;
  messengerInfo.pUserData = self.get();

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  // Messages of vkCreateInstance itself reach the messenger through pNext.
  if (debugUtils) info.pNext = &messengerInfo;
  BINDERY_VK_TRY(checkVk(vkCreateInstance(&info, nullptr, &self->instance_), "vkCreateInstance"));
  if (const std::string& why = loadInstanceFunctions(self->instance_); !why.empty()) {
    // vkDestroyInstance may be the missing one: the handle is left behind.
    if (!vkDestroyInstance) self->instance_ = VK_NULL_HANDLE;
    return backend::internalError(why);
  }

  if (debugUtils) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(self->instance_, "vkCreateDebugUtilsMessengerEXT"));
    if (!create) return backend::internalError("vkCreateDebugUtilsMessengerEXT is not available.");
    BINDERY_VK_TRY(checkVk(create(self->instance_, &messengerInfo, nullptr, &self->messenger_),
                           "vkCreateDebugUtilsMessengerEXT"));
  }
  self->physicalDevices_ = enumeratePhysicalDevices(self->instance_);
  return self;
}

Instance::~Instance() {
  if (messenger_ != VK_NULL_HANDLE) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy) destroy(instance_, messenger_, nullptr);
  }
  if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
}

namespace {

struct SharedInstance {
  Instance* instance = nullptr;
  std::string failure;
};

const SharedInstance& shared() {
  // Made once and kept for the process's life: Vulkan drivers do not all
  // tolerate instances coming and going while devices live.
  static const SharedInstance state = [] {
    SharedInstance made;
    Result<std::unique_ptr<Instance>> instance = Instance::create();
    if (!instance.isError()) {
      made.instance = instance.value().release();
      return made;
    }
    made.failure = instance.error().message;
    // Why Vulkan lists no adapter (e.g. no loader installed), when asked.
    if (const char* debug = std::getenv("BINDERY_VULKAN_DEBUG"); debug && *debug) {
      std::fprintf(stderr, "bindery: the Vulkan backend has no instance: %s\n",
                   made.failure.c_str());
    }
    return made;
  }();
  return state;
}

}  // namespace

Instance* sharedInstance() {
  return shared().instance;
}

const std::string& sharedInstanceFailure() {
  return shared().failure;
}

}  // namespace bindery::vulkan
