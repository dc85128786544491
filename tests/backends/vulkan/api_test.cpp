// The public-API fixture on Vulkan (api_test.h).
#include "api_test.h"

#include <chrono>
#include <cstring>

#include "backends/vulkan/functions.h"

namespace bindery::vulkan::testing {

void VulkanApiTest::expectDescriptorSetAllocationFailure(const std::function<void()>& work) {
  PFN_vkAllocateDescriptorSets driver = ::bindery::vulkan::vkAllocateDescriptorSets;
  ::bindery::vulkan::vkAllocateDescriptorSets = [](VkDevice, const VkDescriptorSetAllocateInfo*,
                                                   VkDescriptorSet*) {
    return VK_ERROR_OUT_OF_DEVICE_MEMORY;
  };
  device_.pushErrorScope(ErrorFilter::OutOfMemory);
  work();
  ::bindery::vulkan::vkAllocateDescriptorSets = driver;
  std::optional<Error> error = device_.popErrorScope().error;
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->type, ErrorType::OutOfMemory);
  EXPECT_NE(error->message.find("submit"), std::string::npos) << error->message;
  EXPECT_NE(error->message.find("vkAllocateDescriptorSets"), std::string::npos) << error->message;
}

using namespace std::chrono_literals;

std::vector<uint8_t> pattern(size_t size, uint32_t seed) {
  std::vector<uint8_t> bytes(size);
  uint32_t x = seed * 2654435761u + 1;
  for (uint8_t& b : bytes) {
    x = x * 1664525u + 1013904223u;
    b = static_cast<uint8_t>(x >> 24);
  }
  return bytes;
}

void VulkanApiTest::SetUp() {
  VulkanTest::SetUp();
  if (IsSkipped() || HasFatalFailure()) return;
  InstanceDescriptor descriptor;
  descriptor.backend = BackendType::Vulkan;
  bindery::Instance instance = bindery::Instance::create(descriptor);
  adapter_ = instance.requestAdapter();
  ASSERT_TRUE(adapter_) << "requestAdapter() found no Vulkan adapter";
  ASSERT_EQ(adapter_.info().backendType, BackendType::Vulkan);
  RequestDeviceResult result = adapter_.requestDevice();
  ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
  device_ = result.device;
  device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
}

void VulkanApiTest::TearDown() {
  if (device_) {
    finish();
    for (const Error& e : errors_) ADD_FAILURE() << "uncaptured error: " << e.message;
    device_ = {};
  }
  VulkanTest::TearDown();
}

void VulkanApiTest::finish() {
  for (int i = 0; i < 10000; ++i) {
    std::optional<uint64_t> serial = device_.pendingSerial();
    if (!serial) return;
    if (*serial != 0) device_.waitSerial(*serial, 5s);
    device_.tick();
  }
  ADD_FAILURE() << "the device never finished its pending work";
}

Buffer VulkanApiTest::makeBuffer(uint64_t size, BufferUsageFlags usage, bool mappedAtCreation) {
  BufferDescriptor descriptor;
  descriptor.size = size;
  descriptor.usage = usage;
  descriptor.mappedAtCreation = mappedAtCreation;
  return device_.createBuffer(descriptor);
}

void VulkanApiTest::submit(CommandEncoder& encoder) {
  CommandBuffer commands = encoder.finish();
  device_.queue().submit({commands});
}

std::vector<uint8_t> VulkanApiTest::readBuffer(const Buffer& buffer, uint64_t offset,
                                               uint64_t size) {
  uint64_t rounded = (size + 3) & ~uint64_t{3};
  Buffer readback = makeBuffer(rounded, BufferUsage::MapRead | BufferUsage::CopyDst);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToBuffer(buffer, offset, readback, 0, rounded);
  submit(encoder);
  std::optional<MapAsyncStatus> status;
  readback.mapAsync(MapMode::Read, 0, rounded,
                    [&](MapAsyncStatus s, std::string_view) { status = s; });
  finish();
  EXPECT_EQ(status, MapAsyncStatus::Success);
  std::vector<uint8_t> bytes(size);
  if (status == MapAsyncStatus::Success) {
    std::memcpy(bytes.data(), readback.getMappedRange(0, rounded), size);
  }
  readback.unmap();
  return bytes;
}

}  // namespace bindery::vulkan::testing
