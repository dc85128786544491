// The Vulkan device through the public API: adapters (fallback, power
// preference), out-of-memory as GPUOutOfMemoryError, commands not executed
// on Vulkan yet as GPUInternalError, destroy() and pending promises.
#include <chrono>

#include "api_test.h"

namespace bindery::vulkan::testing {
namespace {

using namespace std::chrono_literals;
using DeviceTest = VulkanApiTest;

TEST_F(DeviceTest, FallbackAdapterIsACpuDevice) {
  InstanceDescriptor descriptor;
  descriptor.backend = BackendType::Vulkan;
  bindery::Instance instance = bindery::Instance::create(descriptor);
  RequestAdapterOptions options;
  options.forceFallbackAdapter = true;
  Adapter fallback = instance.requestAdapter(options);
  bool hasCpu = false;
  for (const PhysicalDevice& d : testInstance()->physicalDevices()) hasCpu |= isFallback(d);
  ASSERT_EQ(static_cast<bool>(fallback), hasCpu);
  if (fallback) {
    EXPECT_TRUE(fallback.info().isFallbackAdapter);
  }
  options = {};
  options.powerPreference = PowerPreference::HighPerformance;
  Adapter fast = instance.requestAdapter(options);
  ASSERT_TRUE(fast);
  const PhysicalDevice* best = choosePhysicalDevice(testInstance()->physicalDevices(),
                                                    PowerPreference::HighPerformance, false);
  EXPECT_EQ(fast.info().description, adapterInfoOf(*best).description);
}

// An allocation the device cannot satisfy is a GPUOutOfMemoryError in the
// error scope and an invalid texture; the device lives on.
void expectOutOfMemory(Device& device, const TextureDescriptor& d) {
  device.pushErrorScope(ErrorFilter::OutOfMemory);
  Texture texture = device.createTexture(d);
  PopErrorScopeResult result = device.popErrorScope();
  ASSERT_TRUE(result.error.has_value());
  EXPECT_EQ(result.error->type, ErrorType::OutOfMemory);
  EXPECT_EQ(result.error->code, ErrorCode::OutOfMemory);
  EXPECT_FALSE(device.isLost());
}

TEST_F(DeviceTest, TextureBeyondTheDevicesImageSizeIsOutOfMemory) {
  // A 2048^3 rgba32float volume: 128 GiB, beyond maxResourceSize of
  // vkGetPhysicalDeviceImageFormatProperties (lavapipe: 4 GiB). A device
  // whose heap holds it (the H200's 141 GB) really creates it: not this case.
  TextureDescriptor d;
  uint32_t side = device_.limits().maxTextureDimension3D;
  uint64_t bytes = uint64_t{side} * side * side * 16;
  for (uint32_t i = 0; i < physicalDevice().memory.memoryHeapCount; ++i) {
    if (physicalDevice().memory.memoryHeaps[i].size >= bytes) {
      GTEST_SKIP() << "a heap of this device holds the whole volume";
    }
  }
  d.size = {side, side, side};
  d.dimension = TextureDimension::e3D;
  d.format = TextureFormat::Rgba32float;
  d.usage = TextureUsage::CopyDst;
  expectOutOfMemory(device_, d);
}

TEST_F(DeviceTest, TextureLargerThanTheHeapIsOutOfMemory) {
  // 8192 x 8192 rgba32float is 1 GiB a layer: more layers than the largest
  // heap holds (lavapipe: 3 layers, 3 GiB, for a 2 GiB heap).
  uint64_t heap = 0;
  for (uint32_t i = 0; i < physicalDevice().memory.memoryHeapCount; ++i) {
    heap = std::max<uint64_t>(heap, physicalDevice().memory.memoryHeaps[i].size);
  }
  uint64_t layers = heap / (uint64_t{1} << 30) + 1;
  if (layers > device_.limits().maxTextureArrayLayers) GTEST_SKIP() << "the heap is too large";
  TextureDescriptor d;
  d.size = {8192, 8192, static_cast<uint32_t>(layers)};
  d.format = TextureFormat::Rgba32float;
  d.usage = TextureUsage::CopyDst;
  expectOutOfMemory(device_, d);
  // The device still works.
  Buffer buffer = makeBuffer(16, BufferUsage::CopySrc | BufferUsage::CopyDst);
  uint32_t values[4] = {1, 2, 3, 4};
  device_.queue().writeBuffer(buffer, 0, values, sizeof(values));
  EXPECT_EQ(readBuffer(buffer, 0, 4)[0], 1);
}

TEST_F(DeviceTest, ResolveQuerySetRunsWithTheCommandsAroundIt) {
  // resolveQuerySet of a never-written occlusion query writes 0 after the
  // clear (query_set.h); the rest of the buffer keeps the clear's zeros.
  Buffer buffer =
      makeBuffer(256, BufferUsage::CopySrc | BufferUsage::CopyDst | BufferUsage::QueryResolve);
  uint32_t ones[4] = {1, 1, 1, 1};
  device_.queue().writeBuffer(buffer, 0, ones, sizeof(ones));
  QuerySet queries = device_.createQuerySet({"", QueryType::Occlusion, 1});
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.clearBuffer(buffer, 8);
  encoder.resolveQuerySet(queries, 0, 1, buffer, 0);
  device_.queue().submit({encoder.finish()});
  EXPECT_EQ(readBuffer(buffer, 0, 16), std::vector<uint8_t>(16, 0));
  EXPECT_FALSE(device_.isLost());
}

TEST_F(DeviceTest, DestroyLosesTheDeviceAndSettlesPendingWork) {
  Buffer readback = makeBuffer(64, BufferUsage::MapRead | BufferUsage::CopyDst);
  Buffer source = makeBuffer(1 << 20, BufferUsage::CopySrc | BufferUsage::CopyDst);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.clearBuffer(source);
  encoder.copyBufferToBuffer(source, 0, readback, 0, 64);
  submit(encoder);
  std::optional<MapAsyncStatus> mapStatus;
  readback.mapAsync(MapMode::Read, 0, 64,
                    [&](MapAsyncStatus s, std::string_view) { mapStatus = s; });
  bool workDone = false;
  device_.queue().onSubmittedWorkDone([&] { workDone = true; });
  std::optional<DeviceLostInfo> lost;
  device_.setDeviceLostCallback([&](const DeviceLostInfo& info) { lost = info; });
  device_.destroy();
  finish();
  ASSERT_TRUE(lost.has_value());
  EXPECT_EQ(lost->reason, DeviceLostReason::Destroyed);
  EXPECT_TRUE(device_.isLost());
  // #dom-gpudevice-destroy: a pending map is aborted; queue work is done.
  EXPECT_EQ(mapStatus, MapAsyncStatus::AbortError);
  EXPECT_TRUE(workDone);
  // Nothing waits on the lost device.
  EXPECT_TRUE(device_.waitSerial(1000, 1ms));
}

}  // namespace
}  // namespace bindery::vulkan::testing
