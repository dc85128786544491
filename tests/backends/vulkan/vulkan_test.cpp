// Fixtures of the Vulkan backend's tests (vulkan_test.h).
#include "vulkan_test.h"

#include <cstdlib>

namespace bindery::vulkan::testing {

namespace {
// Before any test (and so before the shared instance exists).
const bool kValidationOn = [] {
  setenv("BINDERY_VULKAN_VALIDATION", "1", /*overwrite=*/1);
  return true;
}();
}  // namespace

Instance* testInstance() {
  (void)kValidationOn;
  return sharedInstance();
}

const PhysicalDevice* testPhysicalDevice() {
  Instance* instance = testInstance();
  if (!instance) return nullptr;
  return choosePhysicalDevice(instance->physicalDevices(), std::nullopt, false);
}

void VulkanTest::SetUp() {
  if (!testPhysicalDevice()) {
    GTEST_SKIP() << "No Vulkan device: the loader found no usable ICD (for lavapipe set "
                    "VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json; "
                    "Debian: apt-get install mesa-vulkan-drivers vulkan-validationlayers).";
  }
  ASSERT_TRUE(testInstance()->validationEnabled())
      << "VK_LAYER_KHRONOS_validation is not installed (apt-get install vulkan-validationlayers)";
  messagesBefore_ = validationMessageCount();
}

void VulkanTest::TearDown() {
  if (!testPhysicalDevice()) return;
  EXPECT_EQ(validationMessageCount(), messagesBefore_)
      << "The Vulkan validation layer reported: " << lastValidationMessage();
}

}  // namespace bindery::vulkan::testing
