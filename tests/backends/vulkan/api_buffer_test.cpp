// Buffers on Vulkan through the public API: creation zeroes, mapping,
// queue.writeBuffer, copyBufferToBuffer, clearBuffer; bytes read back.
#include <cstring>

#include "api_test.h"

namespace bindery::vulkan::testing {
namespace {

using BufferTest = VulkanApiTest;

TEST_F(BufferTest, AdapterIsTheVulkanDevice) {
  AdapterInfo info = adapter_.info();
  EXPECT_EQ(info.backendType, BackendType::Vulkan);
  EXPECT_FALSE(info.description.empty());
  EXPECT_TRUE(adapter_.features().has(FeatureName::CoreFeaturesAndLimits));
  // Alignments are the device's (rounded to a power of two >= 32).
  EXPECT_GE(adapter_.limits().minUniformBufferOffsetAlignment,
            physicalDevice().properties.limits.minUniformBufferOffsetAlignment);
}

TEST_F(BufferTest, NewBuffersReadAsZero) {
  // Dirty the allocator's memory first, so zeroes are not an accident.
  {
    Buffer dirty = makeBuffer(4096, BufferUsage::CopyDst | BufferUsage::CopySrc);
    std::vector<uint8_t> bytes = pattern(4096, 1);
    device_.queue().writeBuffer(dirty, 0, bytes.data(), bytes.size());
    finish();
    dirty.destroy();
  }
  finish();
  Buffer buffer = makeBuffer(4096, BufferUsage::CopySrc);
  EXPECT_EQ(readBuffer(buffer, 0, 4096), std::vector<uint8_t>(4096, 0));
}

TEST_F(BufferTest, WriteBufferSmallAndLarge) {
  for (uint64_t size : {uint64_t{256}, uint64_t{4} << 20}) {
    Buffer buffer = makeBuffer(size + 512, BufferUsage::CopyDst | BufferUsage::CopySrc);
    std::vector<uint8_t> bytes = pattern(size, 2);
    device_.queue().writeBuffer(buffer, 256, bytes.data(), bytes.size());
    std::vector<uint8_t> expected(size + 512, 0);
    std::memcpy(expected.data() + 256, bytes.data(), size);
    EXPECT_EQ(readBuffer(buffer, 0, size + 512), expected) << size;
  }
}

TEST_F(BufferTest, WritesAndSubmitsRunInCallOrder) {
  Buffer a = makeBuffer(16, BufferUsage::CopyDst | BufferUsage::CopySrc);
  Buffer b = makeBuffer(16, BufferUsage::CopyDst | BufferUsage::CopySrc);
  uint32_t first[4] = {1, 2, 3, 4};
  uint32_t second[4] = {5, 6, 7, 8};
  device_.queue().writeBuffer(a, 0, first, sizeof(first));
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToBuffer(a, 0, b, 0, 16);
  submit(encoder);
  // After the submit: b keeps the first values.
  device_.queue().writeBuffer(a, 0, second, sizeof(second));
  std::vector<uint8_t> got = readBuffer(b, 0, 16);
  EXPECT_EQ(std::memcmp(got.data(), first, 16), 0);
  got = readBuffer(a, 0, 16);
  EXPECT_EQ(std::memcmp(got.data(), second, 16), 0);
}

TEST_F(BufferTest, MappedAtCreationOfAGpuOnlyBuffer) {
  Buffer buffer = makeBuffer(1024, BufferUsage::CopySrc, /*mappedAtCreation=*/true);
  auto* bytes = static_cast<uint8_t*>(buffer.getMappedRange());
  ASSERT_NE(bytes, nullptr);
  // The mapping starts zeroed (#dom-gpudevice-createbuffer).
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 1024), std::vector<uint8_t>(1024, 0));
  std::vector<uint8_t> data = pattern(1024, 3);
  std::memcpy(bytes, data.data(), data.size());
  buffer.unmap();
  EXPECT_EQ(readBuffer(buffer, 0, 1024), data);
}

TEST_F(BufferTest, MapWriteThenCopyOut) {
  Buffer upload = makeBuffer(256, BufferUsage::MapWrite | BufferUsage::CopySrc);
  std::optional<MapAsyncStatus> status;
  upload.mapAsync(MapMode::Write, 0, 256, [&](MapAsyncStatus s, std::string_view) { status = s; });
  finish();
  ASSERT_EQ(status, MapAsyncStatus::Success);
  auto* bytes = static_cast<uint8_t*>(upload.getMappedRange(0, 256));
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 256), std::vector<uint8_t>(256, 0));
  std::vector<uint8_t> data = pattern(256, 4);
  std::memcpy(bytes, data.data(), 256);
  upload.unmap();
  EXPECT_EQ(readBuffer(upload, 0, 256), data);
}

TEST_F(BufferTest, MapReadSeesGpuWrites) {
  Buffer source = makeBuffer(64, BufferUsage::CopyDst | BufferUsage::CopySrc);
  Buffer readback = makeBuffer(64, BufferUsage::MapRead | BufferUsage::CopyDst);
  std::vector<uint8_t> data = pattern(64, 5);
  device_.queue().writeBuffer(source, 0, data.data(), 64);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToBuffer(source, 16, readback, 32, 32);
  submit(encoder);
  std::optional<MapAsyncStatus> status;
  readback.mapAsync(MapMode::Read, 0, 64, [&](MapAsyncStatus s, std::string_view) { status = s; });
  EXPECT_EQ(readback.mapState(), BufferMapState::Pending);
  finish();
  ASSERT_EQ(status, MapAsyncStatus::Success);
  auto* bytes = static_cast<const uint8_t*>(readback.getMappedRange(0, 64));
  std::vector<uint8_t> expected(64, 0);
  std::memcpy(expected.data() + 32, data.data() + 16, 32);
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 64), expected);
  readback.unmap();
}

TEST_F(BufferTest, ClearBufferZeroesItsRange) {
  Buffer buffer = makeBuffer(256, BufferUsage::CopyDst | BufferUsage::CopySrc);
  std::vector<uint8_t> data = pattern(256, 6);
  device_.queue().writeBuffer(buffer, 0, data.data(), 256);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.clearBuffer(buffer, 64, 128);
  submit(encoder);
  std::fill(data.begin() + 64, data.begin() + 192, 0);
  EXPECT_EQ(readBuffer(buffer, 0, 256), data);
}

TEST_F(BufferTest, CopiesChainWithinOneCommandBuffer) {
  // b <- a, c <- b in one encoder: the second copy sees the first's bytes.
  Buffer a = makeBuffer(64, BufferUsage::CopyDst | BufferUsage::CopySrc);
  Buffer b = makeBuffer(64, BufferUsage::CopyDst | BufferUsage::CopySrc);
  Buffer c = makeBuffer(64, BufferUsage::CopyDst | BufferUsage::CopySrc);
  std::vector<uint8_t> data = pattern(64, 7);
  device_.queue().writeBuffer(a, 0, data.data(), 64);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToBuffer(a, 0, b, 0, 64);
  encoder.copyBufferToBuffer(b, 0, c, 0, 64);
  encoder.clearBuffer(a);
  submit(encoder);
  EXPECT_EQ(readBuffer(c, 0, 64), data);
  EXPECT_EQ(readBuffer(a, 0, 64), std::vector<uint8_t>(64, 0));
}

TEST_F(BufferTest, OnSubmittedWorkDoneResolvesAfterTheGpu) {
  bool done = false;
  Buffer buffer = makeBuffer(1 << 20, BufferUsage::CopyDst | BufferUsage::CopySrc);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.clearBuffer(buffer);
  submit(encoder);
  device_.queue().onSubmittedWorkDone([&] { done = true; });
  EXPECT_FALSE(done);
  finish();
  EXPECT_TRUE(done);
}

// Empty command buffers record nothing (the submission only signals its
// serial); one submitted beside a copy into a MAP_READ buffer still lets the
// copy's bytes reach the mapping (the submission ends with the host-read
// barrier because of the copy, not because of the empty ones).
TEST_F(BufferTest, EmptyCommandBuffersBesideACopyToAMappableBuffer) {
  int done = 0;
  device_.queue().submit({device_.createCommandEncoder().finish()});
  device_.queue().onSubmittedWorkDone([&] { ++done; });
  finish();
  EXPECT_EQ(done, 1);

  Buffer source = makeBuffer(64, BufferUsage::CopyDst | BufferUsage::CopySrc);
  Buffer readback = makeBuffer(64, BufferUsage::MapRead | BufferUsage::CopyDst);
  std::vector<uint8_t> data = pattern(64, 9);
  device_.queue().writeBuffer(source, 0, data.data(), 64);
  CommandEncoder copy = device_.createCommandEncoder();
  copy.copyBufferToBuffer(source, 0, readback, 0, 64);
  device_.queue().submit({device_.createCommandEncoder().finish(), copy.finish(),
                          device_.createCommandEncoder().finish()});
  device_.queue().onSubmittedWorkDone([&] { ++done; });
  // mapAsync(READ) of the 64 bytes, settled: the mapped bytes, then unmapped.
  auto mapRead = [&] {
    std::optional<MapAsyncStatus> status;
    readback.mapAsync(MapMode::Read, 0, 64,
                      [&](MapAsyncStatus s, std::string_view) { status = s; });
    finish();
    EXPECT_EQ(status, MapAsyncStatus::Success);
    if (status != MapAsyncStatus::Success) return std::vector<uint8_t>{};
    auto* bytes = static_cast<const uint8_t*>(readback.getMappedRange(0, 64));
    std::vector<uint8_t> got(bytes, bytes + 64);
    readback.unmap();
    return got;
  };
  EXPECT_EQ(mapRead(), data);
  EXPECT_EQ(done, 2);

  // A MAP_READ buffer written by queue.writeBuffer alone.
  std::vector<uint8_t> more = pattern(64, 10);
  device_.queue().writeBuffer(readback, 0, more.data(), 64);
  EXPECT_EQ(mapRead(), more);
}

TEST_F(BufferTest, DestroyedBuffersFreeTheirMemoryAfterTheGpu) {
  for (int i = 0; i < 64; ++i) {
    Buffer buffer = makeBuffer(1 << 20, BufferUsage::CopyDst | BufferUsage::CopySrc);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.clearBuffer(buffer);
    submit(encoder);
    buffer.destroy();
  }
  finish();
}

}  // namespace
}  // namespace bindery::vulkan::testing
