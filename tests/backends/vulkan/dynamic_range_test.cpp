// Dynamic-offset buffer bindings whose range depends on the offset
// (src/backends/vulkan/dynamic_ranges.h):
// - a binding with a size that passes the buffer's end once the dynamic
//   offset is added (allowed by #gpubindingcommandsmixin-setbindgroup, which
//   checks only offset + dynamicOffset + minBindingSize): shaders reach
//   nothing outside the buffer (neighbouring buffers hold sentinels) and
//   nothing outside the binding within it; reads past the end give a value
//   of the binding or zero (#out-of-bounds-access-sec);
// - a binding without a size: shaders reach the buffer's end from offset +
//   dynamic offset at each offset, while arrayLength() stays (buffer size -
//   offset) / stride, the effective buffer binding size's
//   (#abstract-opdef-effective-buffer-binding-size; effective_size_test.cpp).
#include "backends/vulkan/dynamic_ranges.h"
#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

constexpr uint32_t kWords = SentinelTest::kSentinelWords;

class DynamicRangeTest : public SentinelTest {
 protected:
  void SetUp() override {
    SentinelTest::SetUp();
    if (device_) makeBuffers(64);
  }
  // A pipeline of `wgsl` over group 0: @binding(0) dynamic storage
  // (minBindingSize 0), @binding(1) a plain storage buffer.
  ComputePipeline dynamicPipeline(std::string_view wgsl) {
    BindGroupLayoutDescriptor d;
    d.entries = {
        {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 0}},
        {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, false, 0}}};
    layout = device_.createBindGroupLayout(d);
    return pipeline(wgsl, layout);
  }
  void run(const ComputePipeline& p, const BindGroup& g, std::vector<uint32_t> offsets,
           uint32_t workgroups = 1) {
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    pass.setBindGroup(0, g, offsets);
    pass.dispatchWorkgroups(workgroups);
    pass.end();
    submit(encoder);
  }
  // Words of `buffer` that are not the sentinel, outside [first, end).
  uint32_t changedOutside(const Buffer& buffer, uint32_t first = 0, uint32_t end = 0) {
    std::vector<uint32_t> words = read<uint32_t>(buffer, kWords);
    uint32_t changed = 0;
    for (uint32_t i = 0; i < kWords; ++i) {
      if ((i < first || i >= end) && words[i] != kSentinel) ++changed;
    }
    return changed;
  }
  BindGroupLayout layout;
};

constexpr std::string_view kWriteEveryElement = R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) id: vec3u) {
  // Every element of the 1024-word binding, whatever arrayLength says.
  for (var k = 0u; k < 4u; k++) { data[id.x * 4u + k] = 0x1000u + id.x * 4u + k; }
  if (id.x == 0u) { out[0] = arrayLength(&data); }
}
)";

TEST_F(DynamicRangeTest, SizedBindingPastTheEndWritesOnlyInsideTheBuffer) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(kWriteEveryElement);
  // [0, 4096) of the 4096-byte target at dynamic offset 4096 - align: only
  // the last `align` bytes of the binding are inside the buffer.
  BindGroup g = group(layout, {bufferEntry(0, target, 0, kWords * 4), bufferEntry(1, out)});
  const uint32_t offset = kWords * 4 - align;
  uint64_t exactBefore = exactSetsWritten();
  run(p, g, {offset});
  EXPECT_EQ(exactSetsWritten() - exactBefore, 1u);
  const uint32_t first = offset / 4;
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  // Inside the buffer only the bound part changed, with the stores of its
  // first elements (robust stores past the range go nowhere or inside it).
  EXPECT_EQ(changedOutside(target, first, kWords), 0u);
  // Indices past arrayLength are clamped to its last element (src/spirv/access.cpp),
  // so that one holds one of the stores.
  std::vector<uint32_t> bound = read<uint32_t>(target, kWords - first, offset);
  for (uint32_t i = 0; i + 1 < bound.size(); ++i) EXPECT_EQ(bound[i], 0x1000u + i) << i;
  EXPECT_GE(bound.back(), 0x1000u + bound.size() - 1);
  EXPECT_LT(bound.back(), 0x1000u + kWords);
  // arrayLength is the binding's size's (#arraylength-builtin), not the part inside the buffer's.
  EXPECT_EQ(read<uint32_t>(out, 1)[0], kWords);
}

TEST_F(DynamicRangeTest, FixedSizeTypePastTheEndReadsAndWritesStayInTheBuffer) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(256) fn main(@builtin(local_invocation_index) i: u32) {
  let seen = data[i];
  data[i] = 0x2000u + i;
  if (i >= 224u && i < 256u) { out[i - 224u] = seen; }
}
)");
  // 1024 bytes at dynamic offset 4096 - align: align / 4 words inside, the
  // rest (elements 224..255 among them) past the end.
  BindGroup g = group(layout, {bufferEntry(0, target, 0, 1024), bufferEntry(1, out)});
  const uint32_t offset = kWords * 4 - align;
  run(p, g, {offset});
  const uint32_t first = offset / 4;
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  EXPECT_EQ(changedOutside(target, first, std::min(kWords, first + 256)), 0u);
  // The words inside the buffer got their stores.
  std::vector<uint32_t> bound = read<uint32_t>(target, kWords - first, offset);
  for (uint32_t i = 0; i < bound.size(); ++i) EXPECT_EQ(bound[i], 0x2000u + i) << i;
  // Elements 224..255 lie past the end: each read gave zero or a value the
  // binding held (its sentinels or a store of this dispatch),
  // #out-of-bounds-access-sec.
  ASSERT_GE(first + 224, kWords);
  for (uint32_t v : read<uint32_t>(out, 32)) {
    EXPECT_TRUE(v == 0 || v == kSentinel || (v >= 0x2000u && v < 0x2100u)) << std::hex << v;
  }
}

TEST_F(DynamicRangeTest, BindingWhollyPastTheEndTouchesNothing) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(kWriteEveryElement);
  // offset + dynamicOffset + minBindingSize 0 = 4096 <= 4096: valid, and
  // nothing of the binding is inside the buffer.
  BindGroup g = group(layout, {bufferEntry(0, target, 0, 1024), bufferEntry(1, out)});
  device_.pushErrorScope(ErrorFilter::Validation);
  run(p, g, {kWords * 4});
  EXPECT_FALSE(device_.popErrorScope().error.has_value());
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(target), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  // arrayLength is the binding's size's (#arraylength-builtin), though a null
  // descriptor has no elements
  EXPECT_EQ(read<uint32_t>(out, 1)[0], 256u);
}

// A transient set that cannot be allocated (the driver is out of memory)
// fails the submission as a GPUOutOfMemoryError naming the call: the dispatch
// does not run with a set missing, and nothing of the command buffer runs.
TEST_F(DynamicRangeTest, ATransientSetThatCannotBeMadeFailsTheSubmissionAndRunsNothing) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(kWriteEveryElement);
  BindGroup g = group(layout, {bufferEntry(0, target, 0, kWords * 4), bufferEntry(1, out)});
  const uint32_t offset = kWords * 4 - align;  // past the end: a transient set
  uint64_t exactBefore = exactSetsWritten();
  expectDescriptorSetAllocationFailure([&] { run(p, g, {offset}); });
  EXPECT_EQ(exactSetsWritten() - exactBefore, 0u);
  EXPECT_EQ(changedOutside(target), 0u);
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  // With the driver back, the same work runs.
  run(p, g, {offset});
  EXPECT_EQ(exactSetsWritten() - exactBefore, 1u);
  EXPECT_EQ(changedOutside(target, offset / 4, kWords), 0u);
  EXPECT_EQ(read<uint32_t>(target, 1, offset)[0], 0x1000u);
}

TEST_F(DynamicRangeTest, SizedBindingInsideTheBufferUsesTheGroupsOwnSet) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(kWriteEveryElement);
  BindGroup g = group(layout, {bufferEntry(0, target, 0, 1024), bufferEntry(1, out)});
  uint64_t exactBefore = exactSetsWritten();
  run(p, g, {align});
  EXPECT_EQ(exactSetsWritten() - exactBefore, 0u);
  EXPECT_EQ(changedOutside(target, align / 4, align / 4 + 256), 0u);
  EXPECT_EQ(read<uint32_t>(out, 1)[0], 256u);
}

// The own set serves a sized binding at every dynamic offset that keeps it
// inside the buffer, the last one included (offset + size == buffer size);
// one alignment further it passes the end and a transient set is written.
TEST_F(DynamicRangeTest, OwnSetServesEveryOffsetUpToTheLastInsideTheBuffer) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(kWriteEveryElement);
  const uint64_t size = uint64_t{kWords} * 4 - 2 * align;
  BindGroup g = group(layout, {bufferEntry(0, target, 0, size), bufferEntry(1, out)});
  for (uint32_t offset : {0u, align, 2 * align}) {
    uint64_t exactBefore = exactSetsWritten();
    run(p, g, {offset});
    EXPECT_EQ(exactSetsWritten() - exactBefore, 0u) << offset;
  }
  uint64_t exactBefore = exactSetsWritten();
  run(p, g, {3 * align});
  EXPECT_EQ(exactSetsWritten() - exactBefore, 1u);
  // Nothing outside the buffer's part past 3 * align (only 1024 words exist).
  EXPECT_EQ(changedOutside(target, 0, kWords), 0u);
  EXPECT_EQ(read<uint32_t>(out, 1)[0], uint32_t(size / 4));
}

// #14: a binding without a size at two dynamic offsets: its accesses reach
// the buffer's end from each offset, and arrayLength is (buffer size -
// offset) / stride at both (#abstract-opdef-effective-buffer-binding-size).
TEST_F(DynamicRangeTest, BindingWithoutASizeReachesTheBuffersEndAtEachDynamicOffset) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) id: vec3u) {
  let n = arrayLength(&data);
  for (var k = 0u; k < 4u; k++) {
    let i = id.x * 4u + k;
    if (i < n) { data[i] = i; }
  }
  if (id.x == 0u) { out[0] = n; }
}
)");
  BindGroup g = group(layout, {bufferEntry(0, target), bufferEntry(1, out)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g, {align});
  pass.dispatchWorkgroups(1);
  pass.setBindGroup(0, g, {align * 4});
  pass.dispatchWorkgroups(1);
  pass.end();
  submit(encoder);
  // The second dispatch saw the whole buffer's length too.
  EXPECT_EQ(read<uint32_t>(out, 1)[0], kWords);
  // Words before the first offset untouched; each dispatch wrote element i at
  // its offset up to the buffer's end (the stores past it clamped to the last word).
  EXPECT_EQ(changedOutside(target, align / 4, kWords), 0u);
  std::vector<uint32_t> words = read<uint32_t>(target, kWords);
  for (uint32_t w = align / 4; w < align; ++w) ASSERT_EQ(words[w], w - align / 4) << w;
  for (uint32_t w = align; w + 1 < kWords; ++w) ASSERT_EQ(words[w], w - align) << w;
  EXPECT_GE(words[kWords - 1], kWords - 1 - align);
}

}  // namespace
}  // namespace bindery::vulkan::testing
