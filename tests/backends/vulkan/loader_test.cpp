// The loader opened at run time (functions.h): without it (a machine that
// lacks libvulkan1), the Vulkan backend lists no adapter, says why, and
// backend 'auto' falls back to the null device.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "backends/backend.h"
#include "backends/vulkan/functions.h"
#include "backends/vulkan/instance.h"
#include "bindery/bindery.h"

namespace bindery::vulkan {
namespace {

constexpr const char* kMissingLoader = "libbindery-no-such-vulkan-loader.so.1";

// The loader is opened once per process, so the case without it runs in a
// child process of this binary, with BINDERY_VULKAN_LOADER naming a library
// that does not exist.
bool inChildWithoutLoader() {
  const char* name = std::getenv("BINDERY_VULKAN_LOADER");
  return name && std::string(name) == kMissingLoader;
}

TEST(VulkanLoader, DefaultNameIsTheLoaderSoname) {
  if (inChildWithoutLoader()) GTEST_SKIP() << "child process";
  EXPECT_EQ(vulkanLoaderName(), "libvulkan.so.1");
}

TEST(VulkanLoader, MissingLoaderListsNoAdapterAndAutoFallsBackToNull) {
  if (!inChildWithoutLoader()) {
    // /proc/self/exe would name the shell: this process's own executable.
    std::string command = std::string("BINDERY_VULKAN_LOADER=") + kMissingLoader + " /proc/" +
                          std::to_string(getpid()) +
                          "/exe --gtest_brief=1 --gtest_filter=VulkanLoader."
                          "MissingLoaderListsNoAdapterAndAutoFallsBackToNull";
    EXPECT_EQ(std::system(command.c_str()), 0) << "the child run failed: " << command;
    return;
  }
  // The loader could not be opened, and the reason says which and the fix.
  const std::string& why = loadVulkan();
  EXPECT_NE(why.find(kMissingLoader), std::string::npos) << why;
  EXPECT_NE(why.find("libvulkan1"), std::string::npos) << why;
  EXPECT_EQ(vkCreateInstance, nullptr);
  EXPECT_EQ(sharedInstance(), nullptr);
  EXPECT_EQ(sharedInstanceFailure(), why);
  EXPECT_TRUE(backend::enumerateAdapters(backend::BackendKind::Vulkan, {}).empty());

  // backend 'vulkan': no adapter; 'auto': the null device.
  InstanceDescriptor vulkanOnly;
  vulkanOnly.backend = BackendType::Vulkan;
  EXPECT_FALSE(bindery::Instance::create(vulkanOnly).requestAdapter());
  InstanceDescriptor automatic;
  automatic.backend = BackendType::Auto;
  bindery::Adapter adapter = bindery::Instance::create(automatic).requestAdapter();
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.info().backendType, BackendType::Null);
  RequestDeviceResult device = adapter.requestDevice();
  EXPECT_EQ(device.status, RequestDeviceResult::Status::Success) << device.message;
}

}  // namespace
}  // namespace bindery::vulkan
