// The Vulkan loader, opened at run time (functions.h).
#include "backends/vulkan/functions.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <string_view>

namespace bindery::vulkan {

PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;

#define BINDERY_VK_DEFINE_FUNCTION(level, name) PFN_##name name = nullptr;
BINDERY_VK_FUNCTIONS(BINDERY_VK_DEFINE_FUNCTION)
#undef BINDERY_VK_DEFINE_FUNCTION

namespace {

constexpr const char* kDefaultLoader = "libvulkan.so.1";

// Fetches the commands of `wanted` level through `instance`; the name of the
// first missing one, or empty.
std::string fetch(bool wanted, VkInstance instance) {
  std::string missing;
#define BINDERY_VK_FETCH_FUNCTION(level, name)                                   \
  if ((std::string_view(#level) == "Global") == wanted) {                        \
    name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(instance, #name)); \
    if (!name && missing.empty()) missing = #name;                               \
  }
  BINDERY_VK_FUNCTIONS(BINDERY_VK_FETCH_FUNCTION)
#undef BINDERY_VK_FETCH_FUNCTION
  return missing;
}

std::string openLoader() {
  std::string file = vulkanLoaderName();
  // RTLD_LOCAL: the loader's symbols stay out of the global namespace; it is
  // never closed (drivers and layers keep pointers into it).
  void* library = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char* why = dlerror();
    return fmt::format(
        "The Vulkan loader {} could not be opened ({}); the Vulkan backend has no adapter. "
        "Install it (Debian: apt-get install libvulkan1) or use the null backend.",
        file, why ? why : "unknown error");
  }
  vkGetInstanceProcAddr =
      reinterpret_cast<PFN_vkGetInstanceProcAddr>(dlsym(library, "vkGetInstanceProcAddr"));
  if (!vkGetInstanceProcAddr) {
    return fmt::format("The Vulkan loader {} does not export vkGetInstanceProcAddr.", file);
  }
  std::string missing = fetch(true, VK_NULL_HANDLE);
  if (!missing.empty()) {
    return fmt::format("The Vulkan loader {} does not provide {}.", file, missing);
  }
  return {};
}

}  // namespace

std::string vulkanLoaderName() {
  const char* name = std::getenv("BINDERY_VULKAN_LOADER");
  return name && *name ? name : kDefaultLoader;
}

const std::string& loadVulkan() {
  static const std::string reason = openLoader();
  return reason;
}

const std::string& loadInstanceFunctions(VkInstance instance) {
  static const std::string reason = [instance]() -> std::string {
    std::string missing = fetch(false, instance);
    if (missing.empty()) return {};
    return fmt::format("The Vulkan loader {} does not provide {} (a Vulkan 1.2 loader is needed).",
                       vulkanLoaderName(), missing);
  }();
  return reason;
}

}  // namespace bindery::vulkan
