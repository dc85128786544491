// #buffer-creation
#include "test_device.h"

namespace bindery::testing {
namespace {

using BufferTest = DeviceTest;

TEST_F(BufferTest, UniformCopyDstIsValid) {
  Buffer buffer;
  expectValid([&] {
    buffer =
        device.createBuffer({.size = 128, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  });
  EXPECT_EQ(buffer.size(), 128u);
  EXPECT_EQ(buffer.usage(), BufferUsage::Uniform | BufferUsage::CopyDst);
  EXPECT_EQ(buffer.mapState(), BufferMapState::Unmapped);
}

TEST_F(BufferTest, ZeroUsageIsAnError) {
  expectError(ErrorCode::BufferUsageEmpty,
              [&] { device.createBuffer({.label = "empty", .size = 16}); },
              {"descriptor.usage is 0", "[Buffer \"empty\"]", "Fix:"});
}

TEST_F(BufferTest, UnknownUsageBitsAreAnError) {
  expectError(
      ErrorCode::BufferUsageUnknownBits,
      [&] {
        device.createBuffer({.size = 16, .usage = BufferUsageFlags::fromBits(0x0040 | 0x1000)});
      },
      {"GPUBufferUsage.UNIFORM | 0x1000"});
}

TEST_F(BufferTest, MapReadOnlyWithCopyDst) {
  expectValid([&] {
    device.createBuffer({.size = 16, .usage = BufferUsage::MapRead | BufferUsage::CopyDst});
  });
  expectError(
      ErrorCode::BufferMapUsageCombination,
      [&] {
        device.createBuffer({.size = 16, .usage = BufferUsage::MapRead | BufferUsage::Uniform});
      },
      {"GPUBufferUsage.MAP_READ may only be combined with GPUBufferUsage.COPY_DST",
       "also has GPUBufferUsage.UNIFORM"});
}

TEST_F(BufferTest, MapWriteOnlyWithCopySrc) {
  expectValid([&] {
    device.createBuffer({.size = 16, .usage = BufferUsage::MapWrite | BufferUsage::CopySrc});
  });
  expectError(
      ErrorCode::BufferMapUsageCombination,
      [&] {
        device.createBuffer({.size = 16, .usage = BufferUsage::MapWrite | BufferUsage::Storage});
      },
      {"GPUBufferUsage.MAP_WRITE may only be combined with GPUBufferUsage.COPY_SRC"});
}

TEST_F(BufferTest, SizeAgainstMaxBufferSize) {
  uint64_t max = device.limits().maxBufferSize;
  expectValid([&] { device.createBuffer({.size = max, .usage = BufferUsage::Storage}); });
  expectError(ErrorCode::BufferSizeExceedsLimit,
              [&] { device.createBuffer({.size = max + 1, .usage = BufferUsage::Storage}); },
              {"maxBufferSize", std::to_string(max + 1)});
}

TEST_F(BufferTest, MappedAtCreationNeedsMultipleOfFour) {
  Buffer buffer;
  expectValid([&] {
    buffer =
        device.createBuffer({.size = 16, .usage = BufferUsage::Uniform, .mappedAtCreation = true});
  });
  EXPECT_EQ(buffer.mapState(), BufferMapState::Mapped);
  auto* bytes = static_cast<uint8_t*>(buffer.getMappedRange());
  ASSERT_NE(bytes, nullptr);
  EXPECT_EQ(bytes[15], 0);  // zero-initialised
  buffer.unmap();
  EXPECT_EQ(buffer.mapState(), BufferMapState::Unmapped);
  EXPECT_EQ(buffer.getMappedRange(), nullptr);

  expectError(
      ErrorCode::BufferMappedAtCreationSizeNotAligned,
      [&] {
        device.createBuffer({.size = 6, .usage = BufferUsage::Uniform, .mappedAtCreation = true});
      },
      {"multiple of 4", "(6)"});
}

TEST_F(BufferTest, InvalidBufferNamesItsCause) {
  Buffer bad = device.createBuffer({.label = "bad"});  // captured below as uncaptured
  ASSERT_EQ(uncaptured.size(), 1u);
  EXPECT_EQ(uncaptured[0].code, ErrorCode::BufferUsageEmpty);
  EXPECT_THAT(uncaptured[0].message, ::testing::HasSubstr("createBuffer"));
  uncaptured.clear();
}

TEST_F(BufferTest, DestroyUnmaps) {
  Buffer buffer =
      device.createBuffer({.size = 16, .usage = BufferUsage::CopySrc, .mappedAtCreation = true});
  buffer.destroy();
  EXPECT_EQ(buffer.mapState(), BufferMapState::Unmapped);
}

TEST_F(BufferTest, LostDeviceMakesNoErrors) {
  device.destroy();
  EXPECT_TRUE(device.isLost());
  EXPECT_EQ(device.lostInfo()->reason, DeviceLostReason::Destroyed);
  std::optional<Error> error = captureError(device, [&] { device.createBuffer({.size = 4}); });
  EXPECT_FALSE(error.has_value());
}

}  // namespace
}  // namespace bindery::testing
