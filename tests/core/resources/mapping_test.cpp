// #dom-gpubuffer-mapasync, #dom-gpubuffer-getmappedrange, #dom-gpubuffer-unmap
#include <cstring>

#include "test_device.h"

namespace bindery::testing {
namespace {

class MappingTest : public DeviceTest {
 protected:
  Buffer readBuffer(uint64_t size = 64) {
    return device.createBuffer(
        {.label = "readback", .size = size, .usage = BufferUsage::MapRead | BufferUsage::CopyDst});
  }
  Buffer writeBuffer(uint64_t size = 64) {
    return device.createBuffer(
        {.label = "upload", .size = size, .usage = BufferUsage::MapWrite | BufferUsage::CopySrc});
  }
  struct Outcome {
    bool called = false;
    MapAsyncStatus status = MapAsyncStatus::Success;
  };
  MapAsyncCallback record(Outcome* o) {
    return [o](MapAsyncStatus s, std::string_view) {
      o->called = true;
      o->status = s;
    };
  }
};

TEST_F(MappingTest, PendingUntilTickThenMapped) {
  Buffer b = readBuffer();
  Outcome o;
  expectValid([&] { b.mapAsync(MapMode::Read, 0, std::nullopt, record(&o)); });
  EXPECT_EQ(b.mapState(), BufferMapState::Pending);
  EXPECT_FALSE(o.called);
  EXPECT_EQ(b.getMappedRange(), nullptr);
  EXPECT_EQ(b.tryGetMappedRange().error->code, ErrorCode::BufferNotMapped);
  device.tick();
  EXPECT_TRUE(o.called);
  EXPECT_EQ(o.status, MapAsyncStatus::Success);
  EXPECT_EQ(b.mapState(), BufferMapState::Mapped);
  EXPECT_NE(b.getMappedRange(), nullptr);
  b.unmap();
  EXPECT_EQ(b.mapState(), BufferMapState::Unmapped);
}

TEST_F(MappingTest, WriteBufferThenMapReadReadsBack) {
  Buffer b = readBuffer(16);
  uint32_t data[4] = {1, 2, 3, 0xDEADBEEF};
  expectValid([&] { device.queue().writeBuffer(b, 0, data, sizeof(data)); });
  b.mapAsync(MapMode::Read);
  device.tick();
  MappedRange r = b.tryGetMappedRange(8, 8);
  ASSERT_TRUE(r) << r.error->message;
  uint32_t out[2];
  std::memcpy(out, r.data, 8);
  EXPECT_EQ(out[0], 3u);
  EXPECT_EQ(out[1], 0xDEADBEEFu);
}

TEST_F(MappingTest, ReadMappingDiscardsLocalWrites) {
  Buffer b = readBuffer(8);
  uint32_t v = 7;
  device.queue().writeBuffer(b, 0, &v, 4);
  b.mapAsync(MapMode::Read);
  device.tick();
  *static_cast<uint32_t*>(b.getMappedRange()) = 99;
  b.unmap();
  b.mapAsync(MapMode::Read);
  device.tick();
  EXPECT_EQ(*static_cast<uint32_t*>(b.getMappedRange()), 7u);
}

TEST_F(MappingTest, WriteMappingPersistsAndMappedAtCreationToo) {
  Buffer b = writeBuffer(8);
  b.mapAsync(MapMode::Write);
  device.tick();
  *static_cast<uint32_t*>(b.getMappedRange()) = 42;
  b.unmap();
  b.mapAsync(MapMode::Write);
  device.tick();
  EXPECT_EQ(*static_cast<uint32_t*>(b.getMappedRange()), 42u);

  Buffer c = device.createBuffer(
      {.size = 8, .usage = BufferUsage::MapRead | BufferUsage::CopyDst, .mappedAtCreation = true});
  EXPECT_EQ(c.mapState(), BufferMapState::Mapped);
  static_cast<uint32_t*>(c.getMappedRange())[1] = 5;
  c.unmap();
  c.mapAsync(MapMode::Read);
  device.tick();
  EXPECT_EQ(static_cast<uint32_t*>(c.getMappedRange())[1], 5u);
}

TEST_F(MappingTest, ModeMustBeExactlyReadOrWrite) {
  Buffer b = readBuffer();
  Outcome o;
  expectError(ErrorCode::BufferMapModeInvalid,
              [&] { b.mapAsync(MapMode::Read | MapMode::Write, 0, std::nullopt, record(&o)); },
              {"exactly one of GPUMapMode.READ and GPUMapMode.WRITE", "[Buffer \"readback\"]"});
  EXPECT_TRUE(o.called);
  EXPECT_EQ(o.status, MapAsyncStatus::OperationError);
  EXPECT_EQ(b.mapState(), BufferMapState::Unmapped);
  expectError(ErrorCode::BufferMapModeInvalid, [&] { b.mapAsync(MapModeFlags{}); });
  expectError(ErrorCode::BufferMapModeInvalid, [&] { b.mapAsync(MapModeFlags::fromBits(0x5)); },
              {"not GPUMapMode flags"});
}

TEST_F(MappingTest, UsageMustMatchMode) {
  Buffer r = readBuffer();
  Buffer w = writeBuffer();
  expectError(ErrorCode::BufferMapUsageMissing, [&] { r.mapAsync(MapMode::Write); },
              {"GPUMapMode.WRITE needs GPUBufferUsage.MAP_WRITE", "Fix:"});
  expectError(ErrorCode::BufferMapUsageMissing, [&] { w.mapAsync(MapMode::Read); },
              {"GPUMapMode.READ needs GPUBufferUsage.MAP_READ"});
  expectValid([&] { w.mapAsync(MapMode::Write); });
}

TEST_F(MappingTest, OffsetSizeAlignmentAndBounds) {
  Buffer b = readBuffer(64);
  expectError(ErrorCode::BufferMapOffsetNotAligned, [&] { b.mapAsync(MapMode::Read, 4); },
              {"offset (4) is not a multiple of 8"});
  expectError(ErrorCode::BufferMapSizeNotAligned, [&] { b.mapAsync(MapMode::Read, 0, 6); },
              {"(6) is not a multiple of 4"});
  expectError(ErrorCode::BufferMapOutOfBounds, [&] { b.mapAsync(MapMode::Read, 32, 40); },
              {"[32, 72) is outside the buffer (size 64)"});
  expectError(ErrorCode::BufferMapOutOfBounds, [&] { b.mapAsync(MapMode::Read, 72); });
  expectValid([&] { b.mapAsync(MapMode::Read, 64); });  // an empty range at the end
  device.tick();
  EXPECT_EQ(b.mapState(), BufferMapState::Mapped);
  b.unmap();
  expectValid([&] { b.mapAsync(MapMode::Read, 8, 16); });
}

TEST_F(MappingTest, AlreadyPendingOrMappedRejects) {
  Buffer b = readBuffer();
  b.mapAsync(MapMode::Read);
  Outcome second;
  expectError(ErrorCode::BufferMapStateNotUnmapped,
              [&] { b.mapAsync(MapMode::Read, 0, std::nullopt, record(&second)); },
              {"mapState is 'pending'"});
  EXPECT_EQ(second.status, MapAsyncStatus::OperationError);
  device.tick();
  expectError(ErrorCode::BufferMapStateNotUnmapped, [&] { b.mapAsync(MapMode::Read); },
              {"mapState is 'mapped'", "unmap()"});
  EXPECT_EQ(b.mapState(), BufferMapState::Mapped);
}

TEST_F(MappingTest, UnmapOrDestroyWhilePendingAborts) {
  Buffer b = readBuffer();
  Outcome o;
  b.mapAsync(MapMode::Read, 0, std::nullopt, record(&o));
  b.unmap();
  EXPECT_TRUE(o.called);
  EXPECT_EQ(o.status, MapAsyncStatus::AbortError);
  device.tick();  // the cancelled completion does nothing
  EXPECT_EQ(b.mapState(), BufferMapState::Unmapped);

  Outcome d;
  b.mapAsync(MapMode::Read, 0, std::nullopt, record(&d));
  b.destroy();
  EXPECT_EQ(d.status, MapAsyncStatus::AbortError);
  expectError(ErrorCode::BufferDestroyed, [&] { b.mapAsync(MapMode::Read); }, {"destroyed"});
}

TEST_F(MappingTest, DeviceDestroyAbortsPendingMap) {
  Buffer b = readBuffer();
  Outcome o;
  b.mapAsync(MapMode::Read, 0, std::nullopt, record(&o));
  device.destroy();
  EXPECT_EQ(o.status, MapAsyncStatus::AbortError);
  Outcome lost;
  b.mapAsync(MapMode::Read, 0, std::nullopt, record(&lost));
  EXPECT_EQ(lost.status, MapAsyncStatus::AbortError);
}

TEST_F(MappingTest, GetMappedRangeRules) {
  Buffer b = readBuffer(64);
  b.mapAsync(MapMode::Read, 16, 32);
  device.tick();
  EXPECT_EQ(b.tryGetMappedRange(20, 4).error->code, ErrorCode::BufferMappedRangeOffsetNotAligned);
  EXPECT_EQ(b.tryGetMappedRange(16, 6).error->code, ErrorCode::BufferMappedRangeSizeNotAligned);
  MappedRange before = b.tryGetMappedRange(8, 8);
  EXPECT_EQ(before.error->code, ErrorCode::BufferMappedRangeOutOfBounds);
  EXPECT_EQ(before.error->type, ExceptionType::OperationError);
  EXPECT_THAT(before.error->message, ::testing::HasSubstr("outside the mapped range [16, 48)"));
  EXPECT_EQ(b.tryGetMappedRange(40, 16).error->code, ErrorCode::BufferMappedRangeOutOfBounds);
  // Default size: from offset to the end of the *buffer*, which is past the mapping.
  EXPECT_EQ(b.tryGetMappedRange(16).error->code, ErrorCode::BufferMappedRangeOutOfBounds);
  MappedRange a = b.tryGetMappedRange(16, 16);
  ASSERT_TRUE(a);
  EXPECT_EQ(a.size, 16u);
  EXPECT_EQ(b.tryGetMappedRange(24, 8).error->code, ErrorCode::BufferMappedRangeOverlap);
  EXPECT_TRUE(b.tryGetMappedRange(32, 16));
  // Errors from getMappedRange are exceptions, not validation errors.
  expectValid([&] { b.getMappedRange(1, 1); });
}

}  // namespace
}  // namespace bindery::testing
