// The seeds' compute scenarios on the GPU (seed 000: one large uniform buffer
// exposed as 200 sub-range bind groups; its dynamic-offset form; a storage
// buffer written by one dispatch and read by the next), indirect dispatch
// with counts over the limit, and what the recorder binds and when it puts
// barriers (compute_pass_recorder.h).
#include <algorithm>
#include <chrono>

#include "backends/vulkan/compute_pass_recorder.h"
#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

class ComputeScenarioTest : public ComputeTest {};

// Each object's 96 bytes: 24 u32 values; the shader sums them into out[i].
constexpr uint32_t kObjects = 200;
constexpr uint32_t kObjectSize = 96;

std::vector<uint32_t> objectData(uint32_t stride) {
  std::vector<uint32_t> words(kObjects * stride / 4, 0xDEADBEEF);
  for (uint32_t i = 0; i < kObjects; ++i) {
    for (uint32_t k = 0; k < kObjectSize / 4; ++k) words[i * stride / 4 + k] = i * 1000 + k;
  }
  return words;
}

uint32_t expectedSum(uint32_t i) {
  uint32_t sum = 0;
  for (uint32_t k = 0; k < kObjectSize / 4; ++k) sum += i * 1000 + k;
  return sum;
}

constexpr const char* kSumObject = R"(
struct Object { v: array<vec4u, 6> }
@group(0) @binding(0) var<uniform> object: Object;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
struct Index { i: u32 }
@group(0) @binding(2) var<uniform> index: Index;
@compute @workgroup_size(1) fn main() {
  var sum = 0u;
  for (var k = 0; k < 6; k++) { sum += object.v[k].x + object.v[k].y + object.v[k].z + object.v[k].w; }
  out[index.i] = sum;
}
)";

TEST_F(ComputeScenarioTest, TwoHundredSubRangeGroupsOfOneUniformBuffer) {
  uint32_t stride = device_.limits().minUniformBufferOffsetAlignment;
  stride = (kObjectSize + stride - 1) / stride * stride;
  Buffer big = bufferWith(objectData(stride), BufferUsage::Uniform);
  std::vector<uint32_t> indices(kObjects * stride / 4);
  for (uint32_t i = 0; i < kObjects; ++i) indices[i * stride / 4] = i;
  Buffer index = bufferWith(indices, BufferUsage::Uniform);
  Buffer out = bufferWith(std::vector<uint32_t>(kObjects, 0));
  ComputePipeline p = pipeline(kSumObject);
  std::vector<BindGroup> groups;
  for (uint32_t i = 0; i < kObjects; ++i) {
    groups.push_back(group(p.getBindGroupLayout(0),
                           {bufferEntry(0, big, i * stride, kObjectSize), bufferEntry(1, out),
                            bufferEntry(2, index, i * stride, 4)}));
  }
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  for (const BindGroup& g : groups) {
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  submit(encoder);
  std::vector<uint32_t> sums = read<uint32_t>(out, kObjects);
  for (uint32_t i = 0; i < kObjects; ++i) EXPECT_EQ(sums[i], expectedSum(i)) << "object " << i;
}

TEST_F(ComputeScenarioTest, DynamicOffsetsSelectEachObject) {
  uint32_t stride = device_.limits().minUniformBufferOffsetAlignment;
  stride = (kObjectSize + stride - 1) / stride * stride;
  Buffer big = bufferWith(objectData(stride), BufferUsage::Uniform);
  std::vector<uint32_t> indices(kObjects * stride / 4);
  for (uint32_t i = 0; i < kObjects; ++i) indices[i * stride / 4] = i;
  Buffer index = bufferWith(indices, BufferUsage::Uniform);
  Buffer out = bufferWith(std::vector<uint32_t>(kObjects, 0));
  BindGroupLayoutDescriptor layoutDescriptor;
  BufferBindingLayout dynamicUniform{BufferBindingType::Uniform, true, kObjectSize};
  layoutDescriptor.entries = {
      {0, ShaderStage::Compute, dynamicUniform},
      {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage}},
      {2, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Uniform, true, 4}}};
  BindGroupLayout layout = device_.createBindGroupLayout(layoutDescriptor);
  PipelineLayoutDescriptor pipelineLayout;
  pipelineLayout.bindGroupLayouts = {layout};
  ShaderModuleDescriptor module;
  module.code = kSumObject;
  ComputePipelineDescriptor descriptor;
  descriptor.layout = device_.createPipelineLayout(pipelineLayout);
  descriptor.compute.module = device_.createShaderModule(module);
  ComputePipeline p = device_.createComputePipeline(descriptor);
  BindGroup g = group(layout, {bufferEntry(0, big, 0, kObjectSize), bufferEntry(1, out),
                               bufferEntry(2, index, 0, 4)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  for (uint32_t i = 0; i < kObjects; ++i) {
    // Dynamic offsets in binding-number order: binding 0, then binding 2.
    pass.setBindGroup(0, g, {i * stride, i * stride});
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  ComputeRecordingStats before = computeRecordingStats();
  submit(encoder);
  ComputeRecordingStats after = computeRecordingStats();
  std::vector<uint32_t> sums = read<uint32_t>(out, kObjects);
  for (uint32_t i = 0; i < kObjects; ++i) EXPECT_EQ(sums[i], expectedSum(i)) << "object " << i;
  EXPECT_EQ(after.dispatches - before.dispatches, kObjects);
  EXPECT_EQ(after.descriptorSetsBound - before.descriptorSetsBound, kObjects);
  EXPECT_EQ(after.pipelineBinds - before.pipelineBinds, 1u);
}

constexpr const char* kDouble = R"(
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&dst)) { dst[id.x] = src[id.x] * 2u + 1u; }
}
)";

TEST_F(ComputeScenarioTest, StorageWrittenByOneDispatchIsReadByTheNext) {
  constexpr uint32_t kCount = 1000;
  std::vector<uint32_t> input(kCount);
  for (uint32_t i = 0; i < kCount; ++i) input[i] = i;
  Buffer a = bufferWith(input);
  Buffer b = bufferWith(std::vector<uint32_t>(kCount));
  Buffer c = bufferWith(std::vector<uint32_t>(kCount));
  ComputePipeline p = pipeline(kDouble);
  BindGroup ab = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)});
  BindGroup bc = group(p.getBindGroupLayout(0), {bufferEntry(0, b), bufferEntry(1, c)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, ab);
  pass.dispatchWorkgroups((kCount + 63) / 64);
  pass.setBindGroup(0, bc);
  pass.dispatchWorkgroups((kCount + 63) / 64);
  pass.end();
  ComputeRecordingStats before = computeRecordingStats();
  submit(encoder);
  ComputeRecordingStats after = computeRecordingStats();
  std::vector<uint32_t> result = read<uint32_t>(c, kCount);
  for (uint32_t i = 0; i < kCount; ++i) ASSERT_EQ(result[i], (i * 2 + 1) * 2 + 1) << i;
  // One barrier at the pass's start (earlier work), one between the dispatches (b written, then
  // read).
  EXPECT_EQ(after.barriers - before.barriers, 2u);
}

TEST_F(ComputeScenarioTest, NoBarrierBetweenDispatchesThatDoNotConflict) {
  constexpr uint32_t kCount = 64;
  Buffer a = bufferWith(std::vector<uint32_t>(kCount, 3));
  Buffer b = bufferWith(std::vector<uint32_t>(kCount));
  Buffer c = bufferWith(std::vector<uint32_t>(kCount));
  ComputePipeline p = pipeline(kDouble);
  // Both read a; they write different buffers.
  BindGroup ab = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)});
  BindGroup ac = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, c)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, ab);
  pass.dispatchWorkgroups(1);
  pass.setBindGroup(0, ac);
  pass.dispatchWorkgroups(1);
  pass.end();
  ComputeRecordingStats before = computeRecordingStats();
  submit(encoder);
  ComputeRecordingStats after = computeRecordingStats();
  EXPECT_EQ(after.barriers - before.barriers, 1u);  // the pass's start only
  EXPECT_EQ(read<uint32_t>(b, kCount), std::vector<uint32_t>(kCount, 7));
  EXPECT_EQ(read<uint32_t>(c, kCount), std::vector<uint32_t>(kCount, 7));
}

// 64 dispatches read 64 windows of one buffer and write 64 windows of
// another (dynamic offsets): reads never wait for reads and the writes are
// disjoint, so only the pass's start has a barrier, however many ranges the
// pass has seen; a later write to a window that was read waits for the reads.
TEST_F(ComputeScenarioTest, ManyDisjointWindowsNeedNoBarrierAndAWriteAfterTheirReadsWaits) {
  constexpr uint32_t kWindows = 64;
  uint32_t stride = device_.limits().minStorageBufferOffsetAlignment;
  stride = std::max<uint32_t>(stride, 16);
  std::vector<uint32_t> srcWords(kWindows * stride / 4, 0);
  for (uint32_t i = 0; i < kWindows; ++i) srcWords[i * stride / 4] = i * 10;
  Buffer src = bufferWith(srcWords);
  Buffer dst = bufferWith(std::vector<uint32_t>(kWindows * stride / 4, 0));
  BindGroupLayoutDescriptor layoutDescriptor;
  layoutDescriptor.entries = {
      {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::ReadOnlyStorage, true, 16}},
      {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 16}}};
  BindGroupLayout layout = device_.createBindGroupLayout(layoutDescriptor);
  PipelineLayoutDescriptor pipelineLayout;
  pipelineLayout.bindGroupLayouts = {layout};
  ComputePipelineDescriptor descriptor;
  descriptor.layout = device_.createPipelineLayout(pipelineLayout);
  descriptor.compute.module = device_.createShaderModule({.code = R"(
@group(0) @binding(0) var<storage, read> src: array<u32, 4>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32, 4>;
@compute @workgroup_size(1) fn main() { dst[0] = src[0] + 1u; })"});
  ComputePipeline copy = device_.createComputePipeline(descriptor);
  BindGroup windows = group(layout, {bufferEntry(0, src, 0, 16), bufferEntry(1, dst, 0, 16)});
  ComputePipeline overwrite = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> s: array<u32, 4>;
@compute @workgroup_size(1) fn main() { s[0] = 99u; })");
  BindGroup fifth = group(overwrite.getBindGroupLayout(0), {bufferEntry(0, src, 5 * stride, 16)});

  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(copy);
  for (uint32_t i = 0; i < kWindows; ++i) {
    pass.setBindGroup(0, windows, {i * stride, i * stride});
    pass.dispatchWorkgroups(1);
  }
  ComputeRecordingStats before = computeRecordingStats();
  pass.end();
  submit(encoder);
  ComputeRecordingStats after = computeRecordingStats();
  EXPECT_EQ(after.barriers - before.barriers, 1u);  // the pass's start only

  // The same dispatches, then src's fifth window written: one more barrier.
  encoder = device_.createCommandEncoder();
  pass = encoder.beginComputePass();
  pass.setPipeline(copy);
  for (uint32_t i = 0; i < kWindows; ++i) {
    pass.setBindGroup(0, windows, {i * stride, i * stride});
    pass.dispatchWorkgroups(1);
  }
  pass.setPipeline(overwrite);
  pass.setBindGroup(0, fifth);
  pass.dispatchWorkgroups(1);
  pass.end();
  before = computeRecordingStats();
  submit(encoder);
  after = computeRecordingStats();
  EXPECT_EQ(after.barriers - before.barriers, 2u);  // the pass's start, the write after reads

  std::vector<uint32_t> out = read<uint32_t>(dst, kWindows * stride / 4);
  for (uint32_t i = 0; i < kWindows; ++i) EXPECT_EQ(out[i * stride / 4], i * 10 + 1) << i;
  EXPECT_EQ(read<uint32_t>(src, 1, 5 * stride)[0], 99u);
}

TEST_F(ComputeScenarioTest, TheSameGroupIsNotBoundTwice) {
  Buffer a = bufferWith(std::vector<uint32_t>(64, 1));
  Buffer b = bufferWith(std::vector<uint32_t>(64));
  ComputePipeline p = pipeline(kDouble);
  BindGroup ab = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)});
  CommandEncoder encoder = device_.createCommandEncoder();
  for (int passes = 0; passes < 2; ++passes) {
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    for (int i = 0; i < 3; ++i) {
      pass.setBindGroup(0, ab);
      pass.dispatchWorkgroups(1);
    }
    pass.end();
  }
  ComputeRecordingStats before = computeRecordingStats();
  submit(encoder);
  ComputeRecordingStats after = computeRecordingStats();
  EXPECT_EQ(after.dispatches - before.dispatches, 6u);
  EXPECT_EQ(after.bindDescriptorSetsCalls - before.bindDescriptorSetsCalls, 1u);
  EXPECT_EQ(after.pipelineBinds - before.pipelineBinds, 1u);
  EXPECT_EQ(read<uint32_t>(b, 64), std::vector<uint32_t>(64, 3));
}

constexpr const char* kCountInvocations = R"(
@group(0) @binding(0) var<storage, read_write> count: atomic<u32>;
@compute @workgroup_size(4) fn main() { atomicAdd(&count, 1u); }
)";

TEST_F(ComputeScenarioTest, IndirectDispatchRunsTheCountsInTheBuffer) {
  uint32_t limit = device_.limits().maxComputeWorkgroupsPerDimension;
  // Two sets of arguments at offsets 0 and 12 (any multiple of 4), then an
  // over-limit set at 24: its dispatch does nothing.
  Buffer args =
      bufferWith(std::vector<uint32_t>{2, 3, 1, 5, 1, 1, limit + 1, 1, 1}, BufferUsage::Indirect);
  Buffer count = bufferWith(std::vector<uint32_t>{0});
  ComputePipeline p = pipeline(kCountInvocations);
  BindGroup g = group(p.getBindGroupLayout(0), {bufferEntry(0, count)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g);
  pass.dispatchWorkgroupsIndirect(args, 0);
  pass.dispatchWorkgroupsIndirect(args, 12);
  pass.dispatchWorkgroupsIndirect(args, 24);
  pass.end();
  submit(encoder);
  EXPECT_EQ(read<uint32_t>(count, 1)[0], (2u * 3u + 5u) * 4u);
  // The arguments in the indirect buffer are untouched.
  EXPECT_EQ(read<uint32_t>(args, 9)[6], limit + 1);
}

TEST_F(ComputeScenarioTest, IndirectArgumentsWrittenByAnEarlierDispatch) {
  Buffer args = bufferWith(std::vector<uint32_t>{0, 0, 0}, BufferUsage::Indirect);
  Buffer count = bufferWith(std::vector<uint32_t>{0});
  ComputePipeline writeArgs = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> args: array<u32, 3>;
@compute @workgroup_size(1) fn main() { args[0] = 7u; args[1] = 2u; args[2] = 1u; }
)");
  ComputePipeline p = pipeline(kCountInvocations);
  BindGroup argsGroup = group(writeArgs.getBindGroupLayout(0), {bufferEntry(0, args)});
  BindGroup g = group(p.getBindGroupLayout(0), {bufferEntry(0, count)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder first = encoder.beginComputePass();
  first.setPipeline(writeArgs);
  first.setBindGroup(0, argsGroup);
  first.dispatchWorkgroups(1);
  first.end();
  ComputePassEncoder second = encoder.beginComputePass();
  second.setPipeline(p);
  second.setBindGroup(0, g);
  second.dispatchWorkgroupsIndirect(args, 0);
  second.end();
  submit(encoder);
  EXPECT_EQ(read<uint32_t>(count, 1)[0], 7u * 2u * 4u);
}

TEST_F(ComputeScenarioTest, CopiesBeforeAndAfterAPass) {
  constexpr uint32_t kCount = 64;
  std::vector<uint32_t> input(kCount);
  for (uint32_t i = 0; i < kCount; ++i) input[i] = i;
  Buffer staging = bufferWith(input);
  Buffer a = bufferWith(std::vector<uint32_t>(kCount));
  Buffer b = bufferWith(std::vector<uint32_t>(kCount));
  Buffer result = bufferWith(std::vector<uint32_t>(kCount));
  ComputePipeline p = pipeline(kDouble);
  BindGroup ab = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)});
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToBuffer(staging, 0, a, 0, kCount * 4);
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, ab);
  pass.dispatchWorkgroups(1);
  pass.end();
  encoder.copyBufferToBuffer(b, 0, result, 0, kCount * 4);
  submit(encoder);
  std::vector<uint32_t> out = read<uint32_t>(result, kCount);
  for (uint32_t i = 0; i < kCount; ++i) ASSERT_EQ(out[i], i * 2 + 1);
}

TEST_F(ComputeScenarioTest, WriteBufferThenDispatchThenWriteBufferAgain) {
  Buffer a = bufferWith(std::vector<uint32_t>(64));
  Buffer b = bufferWith(std::vector<uint32_t>(64));
  ComputePipeline p = pipeline(kDouble);
  BindGroup ab = group(p.getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)});
  std::vector<uint32_t> fives(64, 5);
  device_.queue().writeBuffer(a, 0, fives.data(), fives.size() * 4);
  dispatch(p, ab, 1);
  EXPECT_EQ(read<uint32_t>(b, 64), std::vector<uint32_t>(64, 11));
  std::vector<uint32_t> nines(64, 9);
  device_.queue().writeBuffer(a, 0, nines.data(), nines.size() * 4);
  dispatch(p, ab, 1);
  EXPECT_EQ(read<uint32_t>(b, 64), std::vector<uint32_t>(64, 19));
}

TEST_F(ComputeScenarioTest, ImmediatesReachTheShader) {
  ComputePipeline p = pipeline(R"(
struct Push { scale: u32, add: u32 }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
  out[i] = i * push.scale + push.add;
}
)");
  Buffer out = bufferWith(std::vector<uint32_t>(4));
  BindGroup g = group(p.getBindGroupLayout(0), {bufferEntry(0, out)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g);
  std::vector<uint32_t> push = {10, 3};
  EXPECT_FALSE(pass.setImmediates(0, BufferSource{push.data(), push.size() * 4}));
  pass.dispatchWorkgroups(1);
  pass.end();
  submit(encoder);
  EXPECT_EQ(read<uint32_t>(out, 4), (std::vector<uint32_t>{3, 13, 23, 33}));
}

TEST_F(ComputeScenarioTest, PipelineConstantsOverrideTheShader) {
  ComputePipeline p = pipeline(R"(
override factor: u32 = 1u;
@id(7) override bias: u32;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1) fn main() { out[0] = factor; out[1] = bias; }
)",
                               {{"factor", 6}, {"7", 42}});
  Buffer out = bufferWith(std::vector<uint32_t>(2));
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, out)}), 1);
  EXPECT_EQ(read<uint32_t>(out, 2), (std::vector<uint32_t>{6, 42}));
}

TEST_F(ComputeScenarioTest, CreateComputePipelineAsyncCompilesAndRuns) {
  ShaderModuleDescriptor module;
  module.code = kDouble;
  ComputePipelineDescriptor descriptor;
  descriptor.layout = kAutoLayout;
  descriptor.compute.module = device_.createShaderModule(module);
  std::optional<ComputePipeline> made;
  device_.createComputePipelineAsync(descriptor, [&](CreatePipelineAsyncResult<ComputePipeline> r) {
    EXPECT_FALSE(r.error.has_value());
    made = r.pipeline;
  });
  finish();
  ASSERT_TRUE(made.has_value());
  Buffer a = bufferWith(std::vector<uint32_t>(64, 4));
  Buffer b = bufferWith(std::vector<uint32_t>(64));
  dispatch(*made, group(made->getBindGroupLayout(0), {bufferEntry(0, a), bufferEntry(1, b)}), 1);
  EXPECT_EQ(read<uint32_t>(b, 64), std::vector<uint32_t>(64, 9));
}

}  // namespace
}  // namespace bindery::vulkan::testing
