// Fixtures of the Vulkan backend's tests. Every test runs with the Khronos
// validation layer on (BINDERY_VULKAN_VALIDATION=1 is set before the shared
// instance is made) and fails if the layer reports anything. Without a Vulkan
// device (no loader, no ICD: set VK_ICD_FILENAMES) the tests are skipped.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "backends/vulkan/instance.h"
#include "backends/vulkan/physical_device.h"

namespace bindery::vulkan::testing {

// The process's shared instance, or null.
Instance* testInstance();
// The device requestAdapter() would pick by default, or null.
const PhysicalDevice* testPhysicalDevice();

class VulkanTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  // For a test that provokes a validation message on purpose.
  void acceptValidationMessages() { messagesBefore_ = validationMessageCount(); }
  const PhysicalDevice& physicalDevice() const { return *testPhysicalDevice(); }

 private:
  uint64_t messagesBefore_ = 0;
};

}  // namespace bindery::vulkan::testing
