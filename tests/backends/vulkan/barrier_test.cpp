// Barriers between dispatches from per-buffer-range usage tracking (issue
// 14: "none where nothing conflicts"): counted through the recorder's test
// hook (computeRecordingStats: compute -> compute and pass-begin barriers).
// Dispatches that write disjoint ranges of one buffer need none between them;
// overlapping ranges (a write after a write or a read) need one; dynamic
// offsets move the ranges. Results are read back each time.
#include "backends/vulkan/compute_pass_recorder.h"
#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

constexpr std::string_view kFill = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
struct V { v: u32 }
@group(0) @binding(1) var<uniform> value: V;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&out)) { out[id.x] = value.v; }
}
)";

class BarrierTest : public ComputeTest {
 protected:
  void SetUp() override {
    ComputeTest::SetUp();
    if (!device_) return;
    align = device_.limits().minStorageBufferOffsetAlignment;
  }
  Buffer uniform(uint32_t v) {
    return bufferWith(std::vector<uint32_t>{v, 0, 0, 0}, BufferUsage::Uniform);
  }
  // Barriers recorded for `encoder`'s submission.
  uint64_t barriersOf(CommandEncoder& encoder) {
    ComputeRecordingStats before = computeRecordingStats();
    submit(encoder);
    return computeRecordingStats().barriers - before.barriers;
  }
  uint32_t align = 256;
};

TEST_F(BarrierTest, DisjointRangesOfOneBufferNeedNoBarrierBetweenDispatches) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = pipeline(kFill);
  Buffer out = bufferWith(std::vector<uint32_t>(align / 2));  // 2 * align bytes
  Buffer one = uniform(1), two = uniform(2);
  // [0, align) and [align, 2 align) are disjoint; [0, 2 align) overlaps the second.
  BindGroup lowHalf =
      group(p.getBindGroupLayout(0), {bufferEntry(0, out, 0, align), bufferEntry(1, one)});
  BindGroup high =
      group(p.getBindGroupLayout(0), {bufferEntry(0, out, align, align), bufferEntry(1, two)});
  BindGroup low =
      group(p.getBindGroupLayout(0), {bufferEntry(0, out, 0, 2 * align), bufferEntry(1, one)});
  auto run = [&](const BindGroup& a, const BindGroup& b) {
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    pass.setBindGroup(0, a);
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, b);
    pass.dispatchWorkgroups(1);
    pass.end();
    return barriersOf(encoder);
  };
  EXPECT_EQ(run(lowHalf, high), 1u);  // the pass's start only
  std::vector<uint32_t> words = read<uint32_t>(out, align / 2);
  for (uint32_t i = 0; i < align / 2; ++i) ASSERT_EQ(words[i], i < align / 4 ? 1u : 2u) << i;
  EXPECT_EQ(run(low, high), 2u);  // write after write on [align, 2 align)
  words = read<uint32_t>(out, align / 2);
  for (uint32_t i = 0; i < align / 2; ++i) ASSERT_EQ(words[i], i < align / 4 ? 1u : 2u) << i;
}

TEST_F(BarrierTest, DynamicOffsetsMoveTheTrackedRange) {
  if (!device_) GTEST_SKIP();
  BindGroupLayoutDescriptor ld;
  ld.entries = {
      {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 0}},
      {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Uniform, false, 0}}};
  BindGroupLayout l = device_.createBindGroupLayout(ld);
  PipelineLayoutDescriptor pl;
  pl.bindGroupLayouts = {l};
  ShaderModuleDescriptor module;
  module.code = std::string(kFill);
  ComputePipelineDescriptor cd;
  cd.layout = device_.createPipelineLayout(pl);
  cd.compute.module = device_.createShaderModule(module);
  ComputePipeline p = device_.createComputePipeline(cd);
  Buffer out = bufferWith(std::vector<uint32_t>(align / 2));
  BindGroup g = group(l, {bufferEntry(0, out, 0, align), bufferEntry(1, uniform(5))});
  auto run = [&](uint32_t first, uint32_t second) {
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    pass.setBindGroup(0, g, {first});
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, g, {second});
    pass.dispatchWorkgroups(1);
    pass.end();
    return barriersOf(encoder);
  };
  EXPECT_EQ(run(0, align), 1u);  // [0, align) then [align, 2 align)
  EXPECT_EQ(run(0, 0), 2u);      // the same range written twice
  EXPECT_EQ(read<uint32_t>(out, align / 2), std::vector<uint32_t>(align / 2, 5));
}

TEST_F(BarrierTest, ReadOfAnotherRangeOfAWrittenBufferNeedsNoBarrier) {
  if (!device_) GTEST_SKIP();
  ComputePipeline fill = pipeline(kFill);
  ComputePipeline copy = pipeline(R"(
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&dst)) { dst[id.x] = src[id.x] + 1u; }
}
)");
  std::vector<uint32_t> initial(align / 2, 9);
  Buffer data = bufferWith(initial);
  Buffer dst = bufferWith(std::vector<uint32_t>(align / 8));
  BindGroup writeLow = group(fill.getBindGroupLayout(0),
                             {bufferEntry(0, data, 0, align / 2), bufferEntry(1, uniform(3))});
  BindGroup readHigh = group(copy.getBindGroupLayout(0),
                             {bufferEntry(0, data, align, align / 2), bufferEntry(1, dst)});
  BindGroup readLow =
      group(copy.getBindGroupLayout(0), {bufferEntry(0, data, 0, align / 2), bufferEntry(1, dst)});
  auto run = [&](const BindGroup& read) {
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(fill);
    pass.setBindGroup(0, writeLow);
    pass.dispatchWorkgroups(1);
    pass.setPipeline(copy);
    pass.setBindGroup(0, read);
    pass.dispatchWorkgroups(1);
    pass.end();
    return barriersOf(encoder);
  };
  EXPECT_EQ(run(readHigh), 1u);
  EXPECT_EQ(read<uint32_t>(dst, align / 8), std::vector<uint32_t>(align / 8, 10));
  EXPECT_EQ(run(readLow), 2u);  // read after write of the same range
  EXPECT_EQ(read<uint32_t>(dst, align / 8), std::vector<uint32_t>(align / 8, 4));
}

}  // namespace
}  // namespace bindery::vulkan::testing
