// Queries on Vulkan (#occlusion-query, #timestamp, #dom-gpucommandencoder-resolvequeryset):
// occlusion queries of render passes resolve to non-zero when samples
// passed and zero when every fragment was occluded (or nothing was drawn);
// a query written again by a later pass gets the new result; timestampWrites
// of compute and render passes resolve to monotonic nanoseconds. Under the
// validation layer.
#include <chrono>
#include <cstring>

#include "render_test.h"
// After the fixture: the Vulkan backend's names are not the API's.
#include "backends/vulkan/query_set.h"

namespace bindery::vulkan::testing {

// The public API's QuerySet, not the Vulkan backend's.
using bindery::QuerySet;
namespace {

// A full-screen triangle at depth `z` (an override).
constexpr std::string_view kFullScreenAtDepth = R"(
override z : f32 = 0.5;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], z, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1, 0, 0, 1); }
)";

class RenderQueryTest : public RenderTest {
 protected:
  std::vector<uint64_t> resolve(const QuerySet& set, uint32_t count) {
    Buffer resolved = makeBuffer(8 * count, BufferUsage::QueryResolve | BufferUsage::CopySrc);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.resolveQuerySet(set, 0, count, resolved, 0);
    submit(encoder);
    std::vector<uint8_t> bytes = readBuffer(resolved, 0, 8 * count);
    std::vector<uint64_t> values(count);
    std::memcpy(values.data(), bytes.data(), 8 * count);
    return values;
  }

  // A pipeline drawing at depth `z` with compare 'less' against the depth attachment.
  RenderPipeline depthTested(float z) {
    RenderPipelineDescriptor d = pipelineDescriptor(kFullScreenAtDepth);
    d.vertex.constants["z"] = z;
    DepthStencilState ds;
    ds.format = TextureFormat::Depth32float;
    ds.depthWriteEnabled = false;
    ds.depthCompare = CompareFunction::Less;
    d.depthStencil = ds;
    return device_.createRenderPipeline(d);
  }

  RenderPassDescriptor passWithDepth(const Texture& color, const Texture& depth, float clear) {
    RenderPassDescriptor pd = passFor(color, {0, 0, 0, 1});
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthClearValue = clear;
    da.depthLoadOp = LoadOp::Clear;
    da.depthStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    return pd;
  }
};

TEST_F(RenderQueryTest, OcclusionQueriesCountVisibleSamplesOnly) {
  Texture color = target(), depth = target(TextureFormat::Depth32float);
  QuerySet queries = device_.createQuerySet({"", QueryType::Occlusion, 4});
  RenderPipeline front = depthTested(0.25f), behind = depthTested(0.75f);
  RenderPassDescriptor pd = passWithDepth(color, depth, 0.5f);
  pd.occlusionQuerySet = queries;
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  pass.beginOcclusionQuery(0);  // in front of the cleared depth: every sample passes
  pass.setPipeline(front);
  pass.draw(3);
  pass.endOcclusionQuery();
  pass.beginOcclusionQuery(1);  // behind it: fully occluded
  pass.setPipeline(behind);
  pass.draw(3);
  pass.endOcclusionQuery();
  pass.beginOcclusionQuery(2);  // nothing drawn
  pass.endOcclusionQuery();
  pass.beginOcclusionQuery(3);  // scissored away except one texel
  pass.setScissorRect(3, 3, 1, 1);
  pass.setPipeline(front);
  pass.draw(3);
  pass.endOcclusionQuery();
  pass.end();
  submit(encoder);
  std::vector<uint64_t> values = resolve(queries, 4);
  EXPECT_NE(values[0], 0u);
  EXPECT_EQ(values[1], 0u);
  EXPECT_EQ(values[2], 0u);
  EXPECT_NE(values[3], 0u);
  expectImage(color, [](uint32_t, uint32_t) { return kRed; });
}

TEST_F(RenderQueryTest, QueryWrittenAgainByALaterPassAndUnwrittenQueriesAreZero) {
  Texture color = target(), depth = target(TextureFormat::Depth32float);
  QuerySet queries = device_.createQuerySet({"", QueryType::Occlusion, 3});
  EXPECT_EQ(resolve(queries, 3), (std::vector<uint64_t>{0, 0, 0}));  // #queryset-creation
  RenderPipeline front = depthTested(0.25f);
  // Pass 1 (one command buffer with pass 2): query 0 sees samples. Pass 2:
  // query 0 again, with every sample behind a depth cleared to 0.
  CommandEncoder encoder = device_.createCommandEncoder();
  for (float clear : {0.5f, 0.0f}) {
    RenderPassDescriptor pd = passWithDepth(color, depth, clear);
    pd.occlusionQuerySet = queries;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.beginOcclusionQuery(clear == 0.5f ? 1 : 0);
    pass.setPipeline(front);
    pass.draw(3);
    pass.endOcclusionQuery();
    if (clear == 0.0f) {
      pass.beginOcclusionQuery(1);  // written in pass 1 too; occluded here
      pass.draw(3);
      pass.endOcclusionQuery();
    }
    pass.end();
  }
  submit(encoder);
  std::vector<uint64_t> values = resolve(queries, 3);
  EXPECT_EQ(values[0], 0u);
  EXPECT_EQ(values[1], 0u);
  EXPECT_EQ(values[2], 0u);
  // A later submission's pass makes query 2 visible; 0 and 1 keep their results.
  CommandEncoder again = device_.createCommandEncoder();
  RenderPassDescriptor pd = passWithDepth(color, depth, 1.0f);
  pd.occlusionQuerySet = queries;
  RenderPassEncoder pass = again.beginRenderPass(pd);
  pass.beginOcclusionQuery(2);
  pass.setPipeline(front);
  pass.draw(3);
  pass.endOcclusionQuery();
  pass.end();
  submit(again);
  values = resolve(queries, 3);
  EXPECT_EQ(values[0], 0u);
  EXPECT_EQ(values[1], 0u);
  EXPECT_NE(values[2], 0u);
}

class RenderTimestampTest : public RenderTest {
 protected:
  void SetUp() override {
    RenderTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    if (!adapter_.features().has(FeatureName::TimestampQuery)) {
      GTEST_SKIP() << "the adapter has no 'timestamp-query'";
    }
    // A second device with the feature (the first adapter has given its device).
    InstanceDescriptor id;
    id.backend = BackendType::Vulkan;
    Adapter adapter = bindery::Instance::create(id).requestAdapter();
    DeviceDescriptor dd;
    dd.requiredFeatures = {FeatureName::TimestampQuery};
    RequestDeviceResult result = adapter.requestDevice(dd);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    finish();
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
};

TEST_F(RenderTimestampTest, ComputeAndRenderPassTimestampsAreMonotonicNanoseconds) {
  QuerySet stamps = device_.createQuerySet({"", QueryType::Timestamp, 5});
  ComputePipelineDescriptor cd;
  cd.layout = kAutoLayout;
  ShaderModuleDescriptor md;
  md.code = "@compute @workgroup_size(1) fn main() {}";
  cd.compute.module = device_.createShaderModule(md);
  cd.compute.entryPoint = "main";
  ComputePipeline compute = device_.createComputePipeline(cd);
  RenderPipeline render = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  Texture t = target();
  auto before = std::chrono::steady_clock::now();
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassDescriptor cpd;
  cpd.timestampWrites = ComputePassTimestampWrites{stamps, 0, 1};
  ComputePassEncoder cpass = encoder.beginComputePass(cpd);
  cpass.setPipeline(compute);
  cpass.dispatchWorkgroups(1);
  cpass.end();
  RenderPassDescriptor rpd = passFor(t, {0, 0, 1, 1});
  rpd.timestampWrites = RenderPassTimestampWrites{stamps, 2, 3};
  RenderPassEncoder rpass = encoder.beginRenderPass(rpd);
  rpass.setPipeline(render);
  rpass.draw(3);
  rpass.end();
  submit(encoder);
  bool done = false;
  device_.queue().onSubmittedWorkDone([&](auto&&...) { done = true; });
  finish();
  ASSERT_TRUE(done);
  auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(
                     std::chrono::steady_clock::now() - before)
                     .count();
  Buffer resolved = makeBuffer(40, BufferUsage::QueryResolve | BufferUsage::CopySrc);
  CommandEncoder resolver = device_.createCommandEncoder();
  resolver.resolveQuerySet(stamps, 0, 5, resolved, 0);
  submit(resolver);
  std::vector<uint8_t> bytes = readBuffer(resolved, 0, 40);
  uint64_t v[5];
  std::memcpy(v, bytes.data(), 40);
  EXPECT_GT(v[0], 0u);
  EXPECT_LE(v[0], v[1]);
  EXPECT_LE(v[1], v[2]);
  EXPECT_LE(v[2], v[3]);
  EXPECT_EQ(v[4], 0u);  // never written
  // Nanoseconds: the GPU's span is within the host's around it.
  EXPECT_LE(v[3] - v[0], static_cast<uint64_t>(elapsed));
  expectImage(t, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

TEST_F(RenderTimestampTest, TicksAreConvertedToNanosecondsWhereThePeriodIsNot1) {
  // #dom-gpucommandencoder-resolvequeryset writes nanoseconds: with a period
  // of P ns per tick (forced here; lavapipe counts in ns) the resolved value
  // is the saved tick count times P, converted on the GPU (query_set.h).
  ShaderModuleDescriptor md;
  md.code = R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id : vec3u) {
  var x = id.x + out[id.x];
  for (var i = 0u; i < 20000u; i++) { x = x * 1664525u + 1013904223u; }
  out[id.x] = x;
})";
  ComputePipelineDescriptor cd;
  cd.layout = kAutoLayout;
  cd.compute.module = device_.createShaderModule(md);
  cd.compute.entryPoint = "main";
  ComputePipeline busy = device_.createComputePipeline(cd);
  Buffer out = makeBuffer(1024, BufferUsage::Storage | BufferUsage::CopySrc);
  BindGroupDescriptor gd;
  gd.layout = busy.getBindGroupLayout(0);
  gd.entries = {{0, BufferBinding{out, 0, std::nullopt}}};
  BindGroup group = device_.createBindGroup(gd);
  QuerySet stamps = device_.createQuerySet({"", QueryType::Timestamp, 4});
  auto resolve = [&](float period) {
    setTimestampPeriodForTesting(period);
    Buffer resolved = makeBuffer(32, BufferUsage::QueryResolve | BufferUsage::CopySrc);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.resolveQuerySet(stamps, 0, 4, resolved, 0);
    submit(encoder);
    setTimestampPeriodForTesting(0);
    std::vector<uint8_t> bytes = readBuffer(resolved, 0, 32);
    std::vector<uint64_t> v(4);
    std::memcpy(v.data(), bytes.data(), 32);
    return v;
  };
  // Pass 1 (timed), a converting resolve, pass 2 with the same pipeline and
  // group: the resolve's own pipeline and set must not stand in for them.
  constexpr float kPeriod = 52.083332f;
  setTimestampPeriodForTesting(kPeriod);
  Buffer converted = makeBuffer(32, BufferUsage::QueryResolve | BufferUsage::CopySrc);
  CommandEncoder encoder = device_.createCommandEncoder();
  for (int pass = 0; pass < 2; ++pass) {
    ComputePassDescriptor cpd;
    if (pass == 0) cpd.timestampWrites = ComputePassTimestampWrites{stamps, 0, 1};
    ComputePassEncoder cpass = encoder.beginComputePass(cpd);
    cpass.setPipeline(busy);
    cpass.setBindGroup(0, group);
    cpass.dispatchWorkgroups(4);
    cpass.end();
    if (pass == 0) encoder.resolveQuerySet(stamps, 0, 4, converted, 0);
  }
  submit(encoder);
  setTimestampPeriodForTesting(0);
  std::vector<uint8_t> bytes = readBuffer(converted, 0, 32);
  std::vector<uint64_t> ns(4);
  std::memcpy(ns.data(), bytes.data(), 32);
  std::vector<uint64_t> ticks = resolve(1.0f);  // period 1: copied unchanged
  // Both passes ran: out[i] is the LCG applied twice from i.
  std::vector<uint8_t> outBytes = readBuffer(out, 0, 1024);
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t x = i;
    for (int pass = 0; pass < 2; ++pass) {
      x = i + (pass == 0 ? 0 : x);
      for (int k = 0; k < 20000; ++k) x = x * 1664525u + 1013904223u;
    }
    uint32_t got;
    std::memcpy(&got, &outBytes[i * 4], 4);
    ASSERT_EQ(got, x) << i;
  }
  const TimestampScale scale = timestampScaleOf(kPeriod);
  for (uint32_t i = 0; i < 2; ++i) {
    ASSERT_GT(ticks[i], uint64_t{1} << 32) << "exercise the high word";
    // (ticks * multiplier) >> shift in 96 bits: the high word's product is
    // a multiple of 2^32, so its shift is exact.
    const uint64_t lo = (ticks[i] & 0xffffffffu) * scale.multiplier;
    const uint64_t hi = (ticks[i] >> 32) * scale.multiplier;
    const uint64_t exact = (lo >> scale.shift) + (hi << (32 - scale.shift));
    EXPECT_EQ(ns[i], exact) << i;
    // Against the real product, where it fits in 64 bits: lavapipe's ticks
    // count from boot, NVIDIA's are nanoseconds since 1970 (about 1.8e18), which
    // times the forced period wrap modulo 2^64 as `exact` does.
    const double product = static_cast<double>(ticks[i]) * kPeriod;
    if (product < 1.8e19) {
      EXPECT_NEAR(static_cast<double>(ns[i]), product, product * 1e-7) << i;
    }
  }
  EXPECT_EQ(ns[2], 0u);  // never written
  EXPECT_EQ(ns[3], 0u);
  EXPECT_LE(ns[0], ns[1]);
  // With the device's own period: the busy pass measures more than 0 ns.
  std::vector<uint64_t> own = resolve(0);
  EXPECT_GT(own[1], own[0]);
}

TEST(TimestampScaleTest, FixedPointFactorKeepsTheMostBits) {
  EXPECT_EQ(timestampScaleOf(1.0f).multiplier, 1u << 31);
  EXPECT_EQ(timestampScaleOf(1.0f).shift, 31u);
  TimestampScale intel = timestampScaleOf(52.083332f);  // < 2^6: 26 fraction bits
  EXPECT_EQ(intel.shift, 26u);
  EXPECT_NEAR(intel.multiplier / 67108864.0, 52.083332, 1e-7);
  TimestampScale amd = timestampScaleOf(40.0f);
  EXPECT_EQ(amd.shift, 26u);
  EXPECT_EQ(amd.multiplier, 40u << 26);
}

}  // namespace
}  // namespace bindery::vulkan::testing
