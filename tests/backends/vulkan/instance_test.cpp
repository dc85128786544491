// The instance, errors, physical devices and their WebGPU capabilities.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "backends/vulkan/capabilities.h"
#include "backends/vulkan/error.h"
#include "core/device/adapter.h"
#include "vulkan_test.h"

namespace bindery::vulkan {
namespace {

using testing::VulkanTest;

TEST(VulkanErrors, CheckVkMapsResultsToKinds) {
  EXPECT_FALSE(checkVk(VK_SUCCESS, "vkCreateBuffer").isError());
  EXPECT_FALSE(checkVk(VK_TIMEOUT, "vkWaitSemaphores").isError());
  Status oom = checkVk(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkAllocateMemory");
  ASSERT_TRUE(oom.isError());
  EXPECT_EQ(oom.error().kind, ErrorKind::OutOfMemory);
  EXPECT_NE(oom.error().message.find("vkAllocateMemory"), std::string::npos);
  EXPECT_NE(oom.error().message.find("VK_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos);
  EXPECT_EQ(checkVk(VK_ERROR_OUT_OF_HOST_MEMORY, "x").error().kind, ErrorKind::OutOfMemory);
  EXPECT_EQ(checkVk(VK_ERROR_DEVICE_LOST, "vkQueueSubmit").error().kind, ErrorKind::DeviceLost);
  EXPECT_EQ(checkVk(VK_ERROR_INITIALIZATION_FAILED, "vkCreateDevice").error().kind,
            ErrorKind::Internal);
  EXPECT_EQ(checkVk(VK_ERROR_UNKNOWN, "x").error().kind, ErrorKind::Internal);
}

TEST_F(VulkanTest, InstanceListsDevicesWithValidation) {
  EXPECT_FALSE(testing::testInstance()->physicalDevices().empty());
  EXPECT_TRUE(testing::testInstance()->validationEnabled());
}

TEST_F(VulkanTest, MessengerReportsValidationErrors) {
  // A buffer of size 0 breaks VUID-VkBufferCreateInfo-size-00912: the
  // messenger must count it (this is what makes every other test fail on a
  // validation message).
  Instance* instance = testing::testInstance();
  VkDevice device = VK_NULL_HANDLE;
  float priority = 1;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueFamilyIndex = physicalDevice().queueFamily;
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue;
  ASSERT_EQ(vkCreateDevice(physicalDevice().handle, &info, nullptr, &device), VK_SUCCESS);
  uint64_t before = validationMessageCount();
  VkBufferCreateInfo bufferInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bufferInfo.size = 0;
  bufferInfo.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  vkCreateBuffer(device, &bufferInfo, nullptr, &buffer);
  EXPECT_GT(validationMessageCount(), before);
  EXPECT_NE(lastValidationMessage().find("size"), std::string::npos) << lastValidationMessage();
  if (buffer != VK_NULL_HANDLE) vkDestroyBuffer(device, buffer, nullptr);
  vkDestroyDevice(device, nullptr);
  (void)instance;
  acceptValidationMessages();
}

PhysicalDevice fakeDevice(VkPhysicalDeviceType type, uintptr_t id) {
  PhysicalDevice d;
  d.handle = reinterpret_cast<VkPhysicalDevice>(id);
  d.properties.deviceType = type;
  return d;
}

TEST(VulkanPhysicalDevice, PowerPreferenceAndFallbackChoose) {
  std::vector<PhysicalDevice> devices{fakeDevice(VK_PHYSICAL_DEVICE_TYPE_CPU, 1),
                                      fakeDevice(VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU, 2),
                                      fakeDevice(VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, 3)};
  auto chosen = [&](std::optional<PowerPreference> p, bool fallback) {
    const PhysicalDevice* d = choosePhysicalDevice(devices, p, fallback);
    return d ? reinterpret_cast<uintptr_t>(d->handle) : 0;
  };
  EXPECT_EQ(chosen(PowerPreference::HighPerformance, false), 3u);
  EXPECT_EQ(chosen(PowerPreference::LowPower, false), 2u);
  EXPECT_EQ(chosen(std::nullopt, false), 2u);
  // forceFallbackAdapter: only the CPU device.
  EXPECT_EQ(chosen(PowerPreference::HighPerformance, true), 1u);
  devices.erase(devices.begin());
  EXPECT_EQ(chosen(std::nullopt, true), 0u);
  // A CPU device is chosen last, but chosen when it is all there is.
  std::vector<PhysicalDevice> cpuOnly{fakeDevice(VK_PHYSICAL_DEVICE_TYPE_CPU, 7)};
  EXPECT_NE(choosePhysicalDevice(cpuOnly, PowerPreference::HighPerformance, false), nullptr);
}

TEST_F(VulkanTest, AdapterInfoComesFromTheDriver) {
  AdapterInfo info = adapterInfoOf(physicalDevice());
  EXPECT_FALSE(info.vendor.empty());
  EXPECT_NE(info.description.find(physicalDevice().properties.deviceName), std::string::npos);
  EXPECT_EQ(info.device, fmt::format("0x{:04x}", physicalDevice().properties.deviceID));
  EXPECT_EQ(info.isFallbackAdapter,
            physicalDevice().properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  EXPECT_GE(info.subgroupMinSize, 4u);
  EXPECT_LE(info.subgroupMaxSize, 128u);
}

// The device's extensions are enumerated once, with the device, and match
// what the driver lists now (hasDeviceExtension no longer asks the driver).
TEST_F(VulkanTest, DeviceExtensionsAreListedOnceAndSorted) {
  const PhysicalDevice& device = physicalDevice();
  uint32_t count = 0;
  ASSERT_EQ(vkEnumerateDeviceExtensionProperties(device.handle, nullptr, &count, nullptr),
            VK_SUCCESS);
  std::vector<VkExtensionProperties> listed(count);
  ASSERT_GE(vkEnumerateDeviceExtensionProperties(device.handle, nullptr, &count, listed.data()), 0);
  ASSERT_EQ(device.extensions.size(), count);
  EXPECT_TRUE(std::is_sorted(device.extensions.begin(), device.extensions.end()));
  for (uint32_t i = 0; i < count; ++i) {
    EXPECT_TRUE(hasDeviceExtension(device, listed[i].extensionName)) << listed[i].extensionName;
  }
  EXPECT_FALSE(hasDeviceExtension(device, "VK_BINDERY_no_such_extension"));
  EXPECT_FALSE(hasDeviceExtension(device, ""));
}

TEST_F(VulkanTest, LimitsAreTheDevicesAndMeetTheGuarantees) {
  const VkPhysicalDeviceLimits& v = physicalDevice().properties.limits;
  Limits l = limitsOf(physicalDevice());
  EXPECT_EQ(core::checkAdapterLimitGuarantees(l), "");
  // Never better than the device.
  EXPECT_LE(l.maxTextureDimension1D, v.maxImageDimension1D);
  EXPECT_LE(l.maxTextureDimension2D, v.maxImageDimension2D);
  EXPECT_LE(l.maxTextureDimension3D, v.maxImageDimension3D);
  EXPECT_LE(l.maxTextureArrayLayers, v.maxImageArrayLayers);
  EXPECT_LE(l.maxBindGroups, v.maxBoundDescriptorSets);
  EXPECT_LE(l.maxUniformBufferBindingSize, v.maxUniformBufferRange);
  EXPECT_LE(l.maxStorageBufferBindingSize, v.maxStorageBufferRange);
  EXPECT_LE(l.maxUniformBuffersPerShaderStage, v.maxPerStageDescriptorUniformBuffers);
  EXPECT_LE(l.maxStorageBuffersPerShaderStage, v.maxPerStageDescriptorStorageBuffers);
  EXPECT_LE(l.maxComputeWorkgroupStorageSize, v.maxComputeSharedMemorySize);
  EXPECT_LE(l.maxComputeInvocationsPerWorkgroup, v.maxComputeWorkGroupInvocations);
  EXPECT_LE(l.maxVertexBuffers, v.maxVertexInputBindings);
  // Alignments: at least the device's, a power of two, in [32, 256].
  for (uint32_t a : {l.minUniformBufferOffsetAlignment, l.minStorageBufferOffsetAlignment}) {
    EXPECT_TRUE(std::has_single_bit(a));
    EXPECT_GE(a, 32u);
    EXPECT_LE(a, 256u);
  }
  EXPECT_GE(l.minUniformBufferOffsetAlignment, v.minUniformBufferOffsetAlignment);
  EXPECT_GE(l.minStorageBufferOffsetAlignment, v.minStorageBufferOffsetAlignment);
}

TEST_F(VulkanTest, LimitsOfAGenerousOrAPoorDevice) {
  PhysicalDevice d = physicalDevice();
  // Huge per-stage counts are capped so 2 x their sum fits maxBindingsPerBindGroup.
  d.properties.limits.maxPerStageDescriptorSampledImages = 1u << 20;
  d.properties.limits.maxPerStageDescriptorSamplers = 1u << 20;
  d.properties.limits.maxPerStageDescriptorStorageBuffers = 1u << 20;
  d.properties.limits.maxPerStageDescriptorStorageImages = 1u << 20;
  d.properties.limits.maxPerStageDescriptorUniformBuffers = 1u << 20;
  d.properties.limits.minStorageBufferOffsetAlignment = 4;
  Limits generous = limitsOf(d);
  EXPECT_EQ(core::checkAdapterLimitGuarantees(generous), "");
  EXPECT_EQ(generous.minStorageBufferOffsetAlignment, 32u);
  // A device whose alignment is worse than the default cannot be an adapter.
  d.properties.limits.minUniformBufferOffsetAlignment = 512;
  Limits poor = limitsOf(d);
  EXPECT_EQ(poor.minUniformBufferOffsetAlignment, 512u);
  EXPECT_NE(core::checkAdapterLimitGuarantees(poor).find("minUniformBufferOffsetAlignment"),
            std::string::npos);
  // A maximum below the default too.
  d = physicalDevice();
  d.properties.limits.maxImageDimension2D = 4096;
  EXPECT_NE(core::checkAdapterLimitGuarantees(limitsOf(d)).find("maxTextureDimension2D"),
            std::string::npos);
}

// The compressed families (formats.h: offered where the device samples and copies every format).
bool isCompressionFeature(FeatureName f) {
  return f == FeatureName::TextureCompressionBc || f == FeatureName::TextureCompressionBcSliced3d ||
         f == FeatureName::TextureCompressionEtc2 || f == FeatureName::TextureCompressionAstc ||
         f == FeatureName::TextureCompressionAstcSliced3d;
}

TEST_F(VulkanTest, FeaturesAreOnlyImplementedOnes) {
  FeatureSet features = featuresOf(physicalDevice());
  EXPECT_TRUE(features.has(FeatureName::CoreFeaturesAndLimits));
  for (FeatureName f : features.list()) {
    EXPECT_TRUE(f == FeatureName::CoreFeaturesAndLimits || isCompressionFeature(f) ||
                f == FeatureName::Depth32floatStencil8 ||
                f == FeatureName::TextureComponentSwizzle || f == FeatureName::TimestampQuery ||
                f == FeatureName::IndirectFirstInstance || f == FeatureName::DepthClipControl ||
                f == FeatureName::DualSourceBlending ||
                f == FeatureName::ShaderF16 ||  // shader_features.h
                f == FeatureName::Subgroups ||
                // formats.h: formatFeatureSupport
                f == FeatureName::Bgra8unormStorage || f == FeatureName::Rg11b10ufloatRenderable ||
                f == FeatureName::TextureFormatsTier1 || f == FeatureName::TextureFormatsTier2)
        << "offers " << toString(f) << ", which bindery does not implement on Vulkan yet";
  }
}

}  // namespace
}  // namespace bindery::vulkan
