// #dom-gpubuffer-mapasync, #dom-gpubuffer-getmappedrange, #dom-gpubuffer-unmap
#include <cstring>
#include <functional>
#include <string>
#include <vector>

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
    std::string message;
  };
  MapAsyncCallback record(Outcome* o) {
    return [o](MapAsyncStatus s, std::string_view message) {
      o->called = true;
      o->status = s;
      o->message = message;
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
  // Found on the device timeline: the promise rejects later, through the
  // map failure steps (#dom-gpubuffer-mapasync); pending until then.
  EXPECT_FALSE(o.called);
  EXPECT_EQ(b.mapState(), BufferMapState::Pending);
  device.tick();
  EXPECT_TRUE(o.called);
  EXPECT_EQ(o.status, MapAsyncStatus::OperationError);
  EXPECT_EQ(b.mapState(), BufferMapState::Unmapped);
  expectError(ErrorCode::BufferMapModeInvalid, [&] { b.mapAsync(MapModeFlags{}); });
  device.tick();
  expectError(ErrorCode::BufferMapModeInvalid, [&] { b.mapAsync(MapModeFlags::fromBits(0x5)); },
              {"not GPUMapMode flags"});
}

// Every device-timeline failure rejects later; only a mapped or pending
// buffer rejects at once (the early-reject steps).
TEST_F(MappingTest, DeviceTimelineFailuresRejectLater) {
  Buffer b = readBuffer(64);
  struct Case {
    const char* what;
    std::function<void(Outcome*)> map;
    ErrorCode code;
  };
  Buffer w = writeBuffer();
  Buffer gone = readBuffer();
  gone.destroy();
  std::vector<Case> cases = {
      {"usage", [&](Outcome* o) { w.mapAsync(MapMode::Read, 0, std::nullopt, record(o)); },
       ErrorCode::BufferMapUsageMissing},
      {"offset", [&](Outcome* o) { b.mapAsync(MapMode::Read, 4, std::nullopt, record(o)); },
       ErrorCode::BufferMapOffsetNotAligned},
      {"size", [&](Outcome* o) { b.mapAsync(MapMode::Read, 0, 6, record(o)); },
       ErrorCode::BufferMapSizeNotAligned},
      {"range", [&](Outcome* o) { b.mapAsync(MapMode::Read, 32, 40, record(o)); },
       ErrorCode::BufferMapOutOfBounds},
      {"destroyed", [&](Outcome* o) { gone.mapAsync(MapMode::Read, 0, std::nullopt, record(o)); },
       ErrorCode::BufferDestroyed},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    Outcome o;
    expectError(c.code, [&] { c.map(&o); });
    EXPECT_FALSE(o.called);
    device.tick();
    EXPECT_TRUE(o.called);
    EXPECT_EQ(o.status, MapAsyncStatus::OperationError);
    EXPECT_THAT(o.message, ::testing::Not(::testing::IsEmpty()));
  }
  // The buffer stays usable while its failing map is pending.
  Buffer copy = device.createBuffer({.size = 16, .usage = BufferUsage::CopyDst});
  Outcome o;
  expectError(ErrorCode::BufferMapUsageMissing,
              [&] { copy.mapAsync(MapMode::Read, 0, std::nullopt, record(&o)); });
  EXPECT_EQ(copy.mapState(), BufferMapState::Pending);
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.clearBuffer(copy);
    device.queue().submit({e.finish()});
  });
  // unmap() before the failure steps: AbortError, and the queued failure does nothing.
  copy.unmap();
  EXPECT_EQ(o.status, MapAsyncStatus::AbortError);
  device.tick();
  EXPECT_EQ(o.status, MapAsyncStatus::AbortError);
  EXPECT_EQ(copy.mapState(), BufferMapState::Unmapped);
}

TEST_F(MappingTest, UsageMustMatchMode) {
  Buffer r = readBuffer();
  Buffer w = writeBuffer();
  expectError(ErrorCode::BufferMapUsageMissing, [&] { r.mapAsync(MapMode::Write); },
              {"GPUMapMode.WRITE needs GPUBufferUsage.MAP_WRITE", "Fix:"});
  device.tick();
  expectError(ErrorCode::BufferMapUsageMissing, [&] { w.mapAsync(MapMode::Read); },
              {"GPUMapMode.READ needs GPUBufferUsage.MAP_READ"});
  device.tick();
  expectValid([&] { w.mapAsync(MapMode::Write); });
}

TEST_F(MappingTest, OffsetSizeAlignmentAndBounds) {
  Buffer b = readBuffer(64);
  expectError(ErrorCode::BufferMapOffsetNotAligned, [&] { b.mapAsync(MapMode::Read, 4); },
              {"offset (4) is not a multiple of 8"});
  device.tick();
  expectError(ErrorCode::BufferMapSizeNotAligned, [&] { b.mapAsync(MapMode::Read, 0, 6); },
              {"(6) is not a multiple of 4"});
  device.tick();
  expectError(ErrorCode::BufferMapOutOfBounds, [&] { b.mapAsync(MapMode::Read, 32, 40); },
              {"[32, 72) is outside the buffer (size 64)"});
  device.tick();
  expectError(ErrorCode::BufferMapOutOfBounds, [&] { b.mapAsync(MapMode::Read, 72); });
  device.tick();
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
  device.tick();
  EXPECT_TRUE(lost.called);
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
