// #queries: createQuerySet (#queryset-creation), destroy(), occlusion queries
// (#render-pass-encoder-queries, the descriptor's occlusionQuerySet),
// timestampWrites on compute and render passes
// (#abstract-opdef-validate-timestampwrites), resolveQuerySet
// (#dom-gpucommandencoder-resolvequeryset) with the null device's results,
// and the submit-time check of destroyed query sets.
#include <cstring>
#include <vector>

#include "backends/null/testing.h"
#include "core/commands/command_buffer.h"
#include "core/resources/buffer.h"
#include "core/resources/query_set.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class QuerySetTest : public EncoderTest {
 protected:
  void SetUp() override {
    DeviceOptions options;
    options.descriptor.requiredFeatures = {FeatureName::TimestampQuery};
    device = makeDevice(options);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  QuerySet querySet(QueryType type, uint32_t count, std::string label = "") {
    QuerySet q;
    expectValid([&] {
      q = device.createQuerySet({.label = std::move(label), .type = type, .count = count});
    });
    return q;
  }
  Buffer resolveBuffer(uint64_t size, std::string label = "") {
    return buffer(size, BufferUsage::QueryResolve | BufferUsage::CopySrc, std::move(label));
  }
  // The 64-bit values the null device wrote into `b` (its host memory).
  static std::vector<uint64_t> read(const Buffer& b, uint64_t offset, uint32_t count) {
    const uint8_t* bytes = backend::null::bufferBytes(b);
    std::vector<uint64_t> values(count);
    std::memcpy(values.data(), bytes + offset, count * sizeof(uint64_t));
    return values;
  }
  static std::vector<core::CommandType> recorded(const CommandBuffer& cb) {
    std::vector<core::CommandType> types;
    core::fromHandle<core::CommandBufferBase>(cb)->commands().forEach(
        [&](core::CommandType type, const uint8_t*) { types.push_back(type); });
    return types;
  }
  // Encodes `encode` on a fresh encoder and expects `code` at finish().
  Error encoderError(ErrorCode code, const std::function<void(CommandEncoder&)>& encode,
                     std::initializer_list<std::string> fragments = {}) {
    return expectError(
        code,
        [&] {
          CommandEncoder e = device.createCommandEncoder({.label = "enc"});
          encode(e);
          e.finish();
        },
        fragments);
  }
  // A render pass over a 4x4 target with `occlusion` as its occlusionQuerySet.
  Error occlusionError(ErrorCode code, const QuerySet& occlusion,
                       const std::function<void(RenderPassEncoder&)>& encode,
                       std::initializer_list<std::string> fragments = {}) {
    TextureView target = colorTarget();
    return encoderError(
        code,
        [&](CommandEncoder& e) {
          RenderPassEncoder pass = e.beginRenderPass({.label = "rp",
                                                      .colorAttachments = {{.view = target}},
                                                      .occlusionQuerySet = occlusion});
          encode(pass);
          pass.end();
        },
        fragments);
  }
};

// --- createQuerySet -----------------------------------------------------------------

TEST_F(QuerySetTest, CreateAndGetters) {
  QuerySet occlusion = querySet(QueryType::Occlusion, 32, "occ");
  EXPECT_EQ(occlusion.type(), QueryType::Occlusion);
  EXPECT_EQ(occlusion.count(), 32u);
  EXPECT_EQ(occlusion.label(), "occ");
  QuerySet timestamps = querySet(QueryType::Timestamp, kMaxQueryCount);
  EXPECT_EQ(timestamps.type(), QueryType::Timestamp);
  EXPECT_EQ(timestamps.count(), 4096u);
  querySet(QueryType::Occlusion, 0);
  EXPECT_EQ(toString(QueryType::Timestamp), "timestamp");
  EXPECT_EQ(parseQueryType("occlusion"), QueryType::Occlusion);
  EXPECT_EQ(parseQueryType("pipeline-statistics"), std::nullopt);
  expectValid([&] {
    occlusion.destroy();
    occlusion.destroy();
  });
}

TEST_F(QuerySetTest, CountLimit) {
  expectError(
      ErrorCode::QuerySetCountExceedsLimit,
      [&] { device.createQuerySet({.label = "big", .count = 4097}); },
      {"descriptor.count (4097) is more than 4096", "[Device].createQuerySet([QuerySet \"big\"])"});
  // The invalid query set is an error to use, and says why.
  QuerySet bad;
  captureError(device, [&] { bad = device.createQuerySet({.count = 5000}); });
  TextureView target = colorTarget();
  encoderError(
      ErrorCode::InvalidObject,
      [&](CommandEncoder& enc) {
        enc.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = bad})
            .end();
      },
      {"descriptor.occlusionQuerySet is [Invalid QuerySet]", "Its creation failed"});
}

TEST_F(QuerySetTest, LostDeviceMakesInvalidQuerySetsSilently) {
  device.destroy();
  QuerySet q;
  expectValid([&] { q = device.createQuerySet({.type = QueryType::Occlusion, .count = 9000}); });
  EXPECT_FALSE(core::fromHandle<core::QuerySetBase>(q)->isValid());
  EXPECT_EQ(q.count(), 9000u);
}

TEST_F(QuerySetTest, TimestampNeedsTheFeature) {
  device = makeDevice();
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  expectError(ErrorCode::MissingFeature,
              [&] { device.createQuerySet({.type = QueryType::Timestamp, .count = 2}); },
              {"'timestamp-query' feature", "requiredFeatures"});
  querySet(QueryType::Occlusion, 2);
  // In JavaScript the same is a TypeError of the content timeline
  // (#dom-gpudevice-createqueryset), thrown before anything is created.
  std::optional<Exception> thrown =
      querySetTypeError(device, {.type = QueryType::Timestamp, .count = 2});
  ASSERT_TRUE(thrown);
  EXPECT_EQ(thrown->type, ExceptionType::TypeError);
  EXPECT_EQ(thrown->code, ErrorCode::MissingFeature);
  EXPECT_THAT(thrown->message, ::testing::HasSubstr("createQuerySet(): descriptor.type is "
                                                    "'timestamp', which needs the "
                                                    "'timestamp-query' feature"));
  EXPECT_FALSE(querySetTypeError(device, {.type = QueryType::Occlusion, .count = 2}));
}

TEST_F(QuerySetTest, TimestampTypeErrorOnlyWithoutTheFeature) {
  EXPECT_FALSE(querySetTypeError(device, {.type = QueryType::Timestamp, .count = 2}));
}

// --- occlusion queries ----------------------------------------------------------------

TEST_F(QuerySetTest, OcclusionQueriesValidAndRecorded) {
  QuerySet occ = querySet(QueryType::Occlusion, 4, "occ");
  TextureView target = colorTarget();
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder pass =
        e.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = occ});
    pass.beginOcclusionQuery(0);
    pass.endOcclusionQuery();
    pass.beginOcclusionQuery(3);
    EXPECT_TRUE(core::fromHandle<core::RenderPassEncoderBase>(pass)->occlusionQueryActive());
    pass.endOcclusionQuery();
    pass.end();
    // The same index may be written again in another pass.
    RenderPassEncoder again =
        e.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = occ});
    again.beginOcclusionQuery(0);
    again.endOcclusionQuery();
    again.end();
    cb = e.finish();
  });
  using core::CommandType;
  EXPECT_THAT(recorded(cb),
              ElementsAre(CommandType::BeginRenderPass, CommandType::BeginOcclusionQuery,
                          CommandType::EndOcclusionQuery, CommandType::BeginOcclusionQuery,
                          CommandType::EndOcclusionQuery, CommandType::EndPass,
                          CommandType::BeginRenderPass, CommandType::BeginOcclusionQuery,
                          CommandType::EndOcclusionQuery, CommandType::EndPass));
  expectValid([&] { device.queue().submit({cb}); });
}

TEST_F(QuerySetTest, OcclusionQueryRules) {
  QuerySet occ = querySet(QueryType::Occlusion, 2, "occ");
  occlusionError(
      ErrorCode::OcclusionQuerySetMissing, QuerySet{},
      [&](RenderPassEncoder& p) { p.beginOcclusionQuery(0); },
      {"[RenderPassEncoder \"rp\"] has no occlusionQuerySet", "command #1 (beginOcclusionQuery)"});
  occlusionError(ErrorCode::OcclusionQueryIndexOutOfRange, occ,
                 [&](RenderPassEncoder& p) { p.beginOcclusionQuery(2); },
                 {"queryIndex (2) is not less than the count (2)", "[QuerySet \"occ\"]"});
  occlusionError(ErrorCode::OcclusionQueryAlreadyUsed, occ,
                 [&](RenderPassEncoder& p) {
                   p.beginOcclusionQuery(1);
                   p.endOcclusionQuery();
                   p.beginOcclusionQuery(1);
                   p.endOcclusionQuery();
                 },
                 {"query 1 of [QuerySet \"occ\"] was already written", "command #3"});
  occlusionError(ErrorCode::OcclusionQueryNested, occ,
                 [&](RenderPassEncoder& p) {
                   p.beginOcclusionQuery(0);
                   p.beginOcclusionQuery(1);
                   p.endOcclusionQuery();
                 },
                 {"while occlusion query 0 is still active", "cannot be nested"});
  occlusionError(ErrorCode::OcclusionQueryNotActive, occ,
                 [&](RenderPassEncoder& p) { p.endOcclusionQuery(); },
                 {"endOcclusionQuery() on [RenderPassEncoder \"rp\"] with no active"});
  occlusionError(ErrorCode::OcclusionQueryNotActive, occ, [&](RenderPassEncoder& p) {
    p.beginOcclusionQuery(0);
    p.endOcclusionQuery();
    p.endOcclusionQuery();
  });
  occlusionError(ErrorCode::OcclusionQueryActiveAtEnd, occ,
                 [&](RenderPassEncoder& p) { p.beginOcclusionQuery(1); },
                 {"end() was called on [RenderPassEncoder \"rp\"] while occlusion query 1",
                  "command #2 (end)"});
}

TEST_F(QuerySetTest, OcclusionQuerySetMustBeOcclusion) {
  QuerySet ts = querySet(QueryType::Timestamp, 2, "ts");
  TextureView target = colorTarget();
  encoderError(
      ErrorCode::OcclusionQuerySetTypeInvalid,
      [&](CommandEncoder& e) {
        e.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = ts}).end();
      },
      {"descriptor.occlusionQuerySet ([QuerySet \"ts\"]) has type 'timestamp'",
       "command #0 (beginRenderPass)"});
}

// --- timestampWrites -------------------------------------------------------------------

TEST_F(QuerySetTest, TimestampWritesValidOnBothPasses) {
  QuerySet ts = querySet(QueryType::Timestamp, 4);
  TextureView target = colorTarget();
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.beginComputePass(
         {.timestampWrites =
              ComputePassTimestampWrites{
                  .querySet = ts, .beginningOfPassWriteIndex = 0, .endOfPassWriteIndex = 1}})
        .end();
    e.beginRenderPass(
         {.colorAttachments = {{.view = target}},
          .timestampWrites = RenderPassTimestampWrites{.querySet = ts, .endOfPassWriteIndex = 3}})
        .end();
    e.beginComputePass(
         {.timestampWrites =
              ComputePassTimestampWrites{.querySet = ts, .beginningOfPassWriteIndex = 2}})
        .end();
    cb = e.finish();
  });
  using core::CommandType;
  EXPECT_THAT(recorded(cb), ElementsAre(CommandType::BeginComputePass, CommandType::WriteTimestamp,
                                        CommandType::EndPass, CommandType::WriteTimestamp,
                                        CommandType::BeginRenderPass, CommandType::EndPass,
                                        CommandType::WriteTimestamp, CommandType::BeginComputePass,
                                        CommandType::WriteTimestamp, CommandType::EndPass));
}

TEST_F(QuerySetTest, TimestampWritesRules) {
  QuerySet ts = querySet(QueryType::Timestamp, 2, "ts");
  QuerySet occ = querySet(QueryType::Occlusion, 2, "occ");
  auto compute = [&](ErrorCode code, ComputePassTimestampWrites writes,
                     std::initializer_list<std::string> fragments) {
    encoderError(
        code,
        [&](CommandEncoder& e) {
          e.beginComputePass({.label = "cp", .timestampWrites = writes}).end();
        },
        fragments);
  };
  compute(ErrorCode::TimestampWritesQuerySetTypeInvalid,
          {.querySet = occ, .beginningOfPassWriteIndex = 0},
          {"descriptor.timestampWrites.querySet ([QuerySet \"occ\"]) has type 'occlusion'",
           "command #0 (beginComputePass)"});
  compute(ErrorCode::TimestampWritesNoIndex, {.querySet = ts},
          {"neither beginningOfPassWriteIndex nor endOfPassWriteIndex"});
  compute(ErrorCode::TimestampWritesIndicesEqual,
          {.querySet = ts, .beginningOfPassWriteIndex = 1, .endOfPassWriteIndex = 1},
          {"are both 1; they must differ"});
  compute(ErrorCode::TimestampWritesIndexOutOfRange,
          {.querySet = ts, .beginningOfPassWriteIndex = 2},
          {"descriptor.timestampWrites.beginningOfPassWriteIndex (2) is not less than the count "
           "(2) of [QuerySet \"ts\"]"});
  compute(ErrorCode::TimestampWritesIndexOutOfRange,
          {.querySet = ts, .beginningOfPassWriteIndex = 0, .endOfPassWriteIndex = 7},
          {"endOfPassWriteIndex (7)"});
  compute(ErrorCode::NullObject, {.beginningOfPassWriteIndex = 0},
          {"descriptor.timestampWrites.querySet is null"});
  TextureView target = colorTarget();
  encoderError(ErrorCode::TimestampWritesIndicesEqual, [&](CommandEncoder& e) {
    e.beginRenderPass({.colorAttachments = {{.view = target}},
                       .timestampWrites = RenderPassTimestampWrites{.querySet = ts,
                                                                    .beginningOfPassWriteIndex = 0,
                                                                    .endOfPassWriteIndex = 0}})
        .end();
  });
  // The failed pass still locks its encoder until end(), like any invalid pass.
  encoderError(ErrorCode::TimestampWritesNoIndex, [&](CommandEncoder& e) {
    ComputePassEncoder p =
        e.beginComputePass({.timestampWrites = ComputePassTimestampWrites{.querySet = ts}});
    p.dispatchWorkgroups(1);
    p.end();
  });
}

TEST_F(QuerySetTest, TimestampWritesNeedTheFeature) {
  device = makeDevice();
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  QuerySet occ = querySet(QueryType::Occlusion, 2);
  TextureView target = colorTarget();
  encoderError(ErrorCode::MissingFeature,
               [&](CommandEncoder& e) {
                 e.beginRenderPass({.colorAttachments = {{.view = target}},
                                    .timestampWrites =
                                        RenderPassTimestampWrites{.querySet = occ,
                                                                  .beginningOfPassWriteIndex = 0}})
                     .end();
               },
               {"descriptor.timestampWrites is given, which needs the 'timestamp-query' feature"});
}

// --- resolveQuerySet -------------------------------------------------------------------

TEST_F(QuerySetTest, ResolveQuerySetRules) {
  QuerySet occ = querySet(QueryType::Occlusion, 8, "occ");
  Buffer dst = resolveBuffer(512, "dst");
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.resolveQuerySet(occ, 0, 8, dst, 0);
    e.resolveQuerySet(occ, 7, 1, dst, 256);
    e.resolveQuerySet(occ, 3, 0, dst, 512);
    device.queue().submit({e.finish()});
  });
  encoderError(ErrorCode::ResolveDestinationUsageMissing,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 1, buffer(256), 0); },
               {"lacks GPUBufferUsage.QUERY_RESOLVE", "command #0 (resolveQuerySet)"});
  encoderError(ErrorCode::ResolveQueryRangeOutOfBounds,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 8, 0, dst, 0); },
               {"firstQuery (8) is not less than the count (8) of [QuerySet \"occ\"]"});
  encoderError(
      ErrorCode::ResolveQueryRangeOutOfBounds,
      [&](CommandEncoder& e) { e.resolveQuerySet(occ, 4, 5, dst, 0); },
      {"firstQuery (4) + queryCount (5) = 9 is more than the count (8)", "at most 4 queries"});
  encoderError(ErrorCode::ResolveQueryRangeOutOfBounds,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 1, 0xFFFFFFFFu, dst, 0); },
               {"= 4294967296"});
  encoderError(ErrorCode::ResolveDestinationOffsetNotAligned,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 1, dst, 8); },
               {"destinationOffset (8) is not a multiple of 256"});
  encoderError(ErrorCode::ResolveDestinationOutOfBounds,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 8, dst, 512); },
               {"destinationOffset (512) + 8 x queryCount (64 bytes) = 576 is past the end of "
                "[Buffer \"dst\"] (size 512)"});
  encoderError(ErrorCode::ResolveDestinationOutOfBounds,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 0, dst, 768); });
  encoderError(ErrorCode::NullObject,
               [&](CommandEncoder& e) { e.resolveQuerySet(QuerySet{}, 0, 1, dst, 0); },
               {"querySet is null"});
  encoderError(ErrorCode::NullObject,
               [&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 1, Buffer{}, 0); },
               {"destination is null"});
  // While a pass is open the encoder is locked.
  encoderError(ErrorCode::EncoderLocked, [&](CommandEncoder& e) {
    ComputePassEncoder p = e.beginComputePass();
    e.resolveQuerySet(occ, 0, 1, dst, 0);
    p.end();
  });
}

TEST_F(QuerySetTest, ResolveWritesOcclusionZerosAndIncreasingTimestamps) {
  QuerySet occ = querySet(QueryType::Occlusion, 2);
  QuerySet ts = querySet(QueryType::Timestamp, 6);
  Buffer dst = resolveBuffer(1024);
  // Garbage first, so the zeros are the resolve's.
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.resolveQuerySet(occ, 0, 2, dst, 0);
    std::memset(backend::null::bufferBytes(dst), 0xEE, 1024);
    device.queue().submit({e.finish()});
  });
  EXPECT_THAT(read(dst, 0, 2), ElementsAre(0u, 0u));
  TextureView target = colorTarget();
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder r = e.beginRenderPass(
        {.colorAttachments = {{.view = target}},
         .occlusionQuerySet = occ,
         .timestampWrites = RenderPassTimestampWrites{
             .querySet = ts, .beginningOfPassWriteIndex = 0, .endOfPassWriteIndex = 1}});
    r.beginOcclusionQuery(1);
    r.endOcclusionQuery();
    r.end();
    e.beginComputePass(
         {.timestampWrites =
              ComputePassTimestampWrites{
                  .querySet = ts, .beginningOfPassWriteIndex = 2, .endOfPassWriteIndex = 3}})
        .end();
    e.resolveQuerySet(ts, 0, 4, dst, 256);
    e.resolveQuerySet(occ, 0, 2, dst, 512);
    device.queue().submit({e.finish()});
  });
  std::vector<uint64_t> t = read(dst, 256, 4);
  EXPECT_GT(t[0], 0u);
  EXPECT_LT(t[0], t[1]);
  EXPECT_LT(t[1], t[2]);
  EXPECT_LT(t[2], t[3]);
  EXPECT_THAT(read(dst, 512, 2), ElementsAre(0u, 0u));
  // Queries never written resolve as 0; a later submit's timestamps are later.
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.resolveQuerySet(ts, 4, 2, dst, 768);
    e.beginComputePass(
         {.timestampWrites =
              ComputePassTimestampWrites{.querySet = ts, .beginningOfPassWriteIndex = 0}})
        .end();
    e.resolveQuerySet(ts, 0, 1, dst, 0);
    device.queue().submit({e.finish()});
  });
  EXPECT_THAT(read(dst, 768, 2), ElementsAre(0u, 0u));
  EXPECT_GT(read(dst, 0, 1)[0], t[3]);
}

TEST_F(QuerySetTest, ResolvedTimestampsReadBackThroughACopy) {
  // The usual readback: resolve into a QUERY_RESOLVE | COPY_SRC buffer, copy
  // to a MAP_READ buffer, map it. The queue runs both in encoding order.
  QuerySet ts = querySet(QueryType::Timestamp, 2);
  Buffer resolve = resolveBuffer(16);
  Buffer staging = buffer(16, BufferUsage::MapRead | BufferUsage::CopyDst);
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.beginComputePass(
         {.timestampWrites =
              ComputePassTimestampWrites{
                  .querySet = ts, .beginningOfPassWriteIndex = 0, .endOfPassWriteIndex = 1}})
        .end();
    e.resolveQuerySet(ts, 0, 2, resolve, 0);
    e.copyBufferToBuffer(resolve, staging);
    device.queue().submit({e.finish()});
    staging.mapAsync(MapMode::Read);
    device.tick();
  });
  ASSERT_EQ(staging.mapState(), BufferMapState::Mapped);
  uint64_t t[2];
  std::memcpy(t, staging.getMappedRange(), sizeof(t));
  EXPECT_GT(t[0], 0u);
  EXPECT_LT(t[0], t[1]);
}

TEST_F(QuerySetTest, NothingRunsWhenTheSubmitFails) {
  QuerySet occ = querySet(QueryType::Occlusion, 1);
  Buffer dst = resolveBuffer(256);
  Buffer destroyed = buffer(16, BufferUsage::Index);
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.resolveQuerySet(occ, 0, 1, dst, 0);
    TextureView target = colorTarget();
    RenderPassEncoder p = e.beginRenderPass({.colorAttachments = {{.view = target}}});
    p.setIndexBuffer(destroyed, IndexFormat::Uint16);
    p.end();
    cb = e.finish();
  });
  std::memset(backend::null::bufferBytes(dst), 0xEE, 8);
  destroyed.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { device.queue().submit({cb}); });
  EXPECT_THAT(read(dst, 0, 1), ElementsAre(0xEEEEEEEEEEEEEEEEull));
}

// --- submit -------------------------------------------------------------------------

TEST_F(QuerySetTest, SubmitFailsWithADestroyedQuerySet) {
  QuerySet occ = querySet(QueryType::Occlusion, 2, "occ");
  QuerySet ts = querySet(QueryType::Timestamp, 2, "ts");
  Buffer dst = resolveBuffer(256);
  TextureView target = colorTarget();
  auto encode = [&](const std::function<void(CommandEncoder&)>& f) {
    CommandBuffer cb;
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder();
      f(e);
      cb = e.finish();
    });
    return cb;
  };
  CommandBuffer resolve = encode([&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 1, dst, 0); });
  CommandBuffer occlusion = encode([&](CommandEncoder& e) {
    RenderPassEncoder p =
        e.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = occ});
    p.beginOcclusionQuery(0);
    p.endOcclusionQuery();
    p.end();
  });
  // An occlusionQuerySet no beginOcclusionQuery uses is not "used".
  CommandBuffer unused = encode([&](CommandEncoder& e) {
    e.beginRenderPass({.colorAttachments = {{.view = target}}, .occlusionQuerySet = occ}).end();
  });
  CommandBuffer timestamps = encode([&](CommandEncoder& e) {
    e.beginComputePass(
         {.timestampWrites = ComputePassTimestampWrites{.querySet = ts, .endOfPassWriteIndex = 1}})
        .end();
  });
  occ.destroy();
  ts.destroy();
  expectError(ErrorCode::QuerySetDestroyed, [&] { device.queue().submit({resolve}); },
              {"[QuerySet \"occ\"], which was destroyed", "validating commandBuffers[0]"});
  expectError(ErrorCode::QuerySetDestroyed, [&] { device.queue().submit({occlusion}); });
  expectError(ErrorCode::QuerySetDestroyed, [&] { device.queue().submit({timestamps}); },
              {"[QuerySet \"ts\"]"});
  expectValid([&] { device.queue().submit({unused}); });
  // So does a destroyed (or mapped) resolve destination.
  QuerySet live = querySet(QueryType::Occlusion, 1);
  Buffer gone = resolveBuffer(256, "gone");
  CommandBuffer toGone = encode([&](CommandEncoder& e) { e.resolveQuerySet(live, 0, 1, gone, 0); });
  gone.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { device.queue().submit({toGone}); },
              {"resolveQuerySet destination", "[Buffer \"gone\"], which was destroyed"});
  // Encoding with a destroyed query set is valid; only the submit fails.
  CommandBuffer late = encode([&](CommandEncoder& e) { e.resolveQuerySet(occ, 0, 1, dst, 0); });
  expectError(ErrorCode::QuerySetDestroyed, [&] { device.queue().submit({late}); });
}

}  // namespace
}  // namespace bindery::testing
