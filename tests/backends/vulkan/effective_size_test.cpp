// arrayLength / bufferLength of dynamic-offset storage bindings
// (#arraylength-builtin: truncate((EBBS - array offset) / stride), EBBS the
// effective buffer binding size, #abstract-opdef-effective-buffer-binding-size,
// fixed at createBindGroup whatever the dynamic offset). The Vulkan range is
// cut to what lies inside the buffer at each dynamic offset (dynamic_ranges.h),
// so the size is pushed as a push constant (pipeline_layout.h,
// push_constants.h) and the shader computes the length from it; accesses stay
// clamped to the range, so stores at arrayLength - 1 never leave the buffer
// (neighbouring buffers hold sentinels).
#include <algorithm>

#include "compute_test.h"
#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

constexpr uint32_t kBytes = 4 * SentinelTest::kSentinelWords;

// truncate((EBBS - arrayOffset) / stride), 0 below the array's offset.
uint32_t nRuntime(uint64_t ebbs, uint32_t arrayOffset, uint32_t stride) {
  return ebbs < arrayOffset ? 0 : static_cast<uint32_t>((ebbs - arrayOffset) / stride);
}

class EffectiveSizeTest : public SentinelTest {
 protected:
  void SetUp() override {
    SentinelTest::SetUp();
    if (device_) makeBuffers(kBytes / 4);
  }
  // Group 0: @binding(0) dynamic storage (the buffer under test),
  // @binding(1) dynamic storage of 16 bytes (one result slot per dispatch).
  ComputePipeline dynamicPipeline(std::string_view wgsl, uint32_t immediateSize = 0) {
    BindGroupLayoutDescriptor d;
    d.entries = {
        {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 0}},
        {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 16}}};
    layout = device_.createBindGroupLayout(d);
    return pipeline(wgsl, layout, immediateSize);
  }
  // One dispatch per dynamic offset of binding 0; dispatch k writes its
  // results to out[k * align / 4 ..].
  void run(const ComputePipeline& p, const BindGroup& g, const std::vector<uint32_t>& offsets,
           const std::vector<uint32_t>& immediates = {}) {
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    if (!immediates.empty()) {
      EXPECT_FALSE(pass.setImmediates(0, immediates));
    }
    for (uint32_t k = 0; k < offsets.size(); ++k) {
      pass.setBindGroup(0, g, {offsets[k], k * align});
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    submit(encoder);
  }
  std::vector<uint32_t> results(uint32_t k, uint32_t n) {
    return read<uint32_t>(out, n, k * align);
  }
  // Words of `buffer` that are not the sentinel, outside [firstByte, endByte).
  uint32_t changedOutside(const Buffer& buffer, uint32_t firstByte = 0, uint32_t endByte = 0) {
    std::vector<uint32_t> words = read<uint32_t>(buffer, kBytes / 4);
    uint32_t changed = 0;
    for (uint32_t i = 0; i < kBytes / 4; ++i) {
      if ((i * 4 < firstByte || i * 4 >= endByte) && words[i] != kSentinel) ++changed;
    }
    return changed;
  }
  BindGroupLayout layout;
};

// A struct ending in a runtime-sized array (offset 16, stride 16), bound
// without a size at offset `align`: EBBS = 4096 - align at every dynamic
// offset, also through a pointer parameter; the store at arrayLength - 1 is
// clamped into the buffer.
TEST_F(EffectiveSizeTest, ArrayLengthOfABindingWithoutASizeIgnoresTheDynamicOffset) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(
struct S { n: u32, d: array<vec4u> }
@group(0) @binding(0) var<storage, read_write> data: S;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
fn lengthOf(s: ptr<storage, S, read_write>) -> u32 { return arrayLength(&(*s).d); }
@compute @workgroup_size(1) fn main() {
  let n = arrayLength(&data.d);
  out[0] = n;
  out[1] = lengthOf(&data);
  data.d[n - 1u] = vec4u(0xC0DE0000u + n);
}
)");
  BindGroup g = group(layout, {bufferEntry(0, target, align), bufferEntry(1, out, 0, 16)});
  // The last offset leaves `align` bytes of the binding inside the buffer:
  // offset + dynamicOffset + EBBS passes the buffer's end for every offset but 0.
  const std::vector<uint32_t> offsets{0, align, kBytes - 2 * align};
  run(p, g, offsets);
  const uint32_t n = nRuntime(kBytes - align, 16, 16);
  for (uint32_t k = 0; k < offsets.size(); ++k) {
    std::vector<uint32_t> r = results(k, 2);
    EXPECT_EQ(r[0], n) << "dynamic offset " << offsets[k];
    EXPECT_EQ(r[1], n) << "dynamic offset " << offsets[k] << ", through a pointer parameter";
  }
  // Each store at n - 1 landed on the last element inside the buffer.
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  EXPECT_EQ(changedOutside(target, kBytes - 16, kBytes), 0u);
  for (uint32_t v : read<uint32_t>(target, 4, kBytes - 16)) EXPECT_EQ(v, 0xC0DE0000u + n);
}

// A sized binding passing the buffer's end at a large dynamic offset: its
// arrayLength is still size / stride; stores stay inside the buffer.
TEST_F(EffectiveSizeTest, SizedBindingCutAtTheBuffersEndKeepsItsArrayLength) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(
@group(0) @binding(0) var<storage, read_write> data: array<vec2u>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
  let n = arrayLength(&data);
  for (var k = i; k < n; k += 64u) { data[k] = vec2u(k, n); }
  if (i == 0u) { out[0] = n; }
}
)");
  constexpr uint32_t kBindingSize = 1000;  // 125 vec2u
  BindGroup g =
      group(layout, {bufferEntry(0, target, 0, kBindingSize), bufferEntry(1, out, 0, 16)});
  const uint32_t last = kBytes - align;  // align bytes of the binding inside the buffer
  run(p, g, {0, last});
  const uint32_t n = nRuntime(kBindingSize, 0, 8);
  EXPECT_EQ(results(0, 1)[0], n);
  EXPECT_EQ(results(1, 1)[0], n);
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  // The first dispatch wrote its n elements; the second only the part inside
  // the buffer (stores past it clamped to its last element).
  std::vector<uint32_t> words = read<uint32_t>(target, kBytes / 4);
  for (uint32_t w = kBindingSize / 4; w < last / 4; ++w) ASSERT_EQ(words[w], kSentinel) << w;
  for (uint32_t k = 0; k < n; ++k) {
    ASSERT_EQ(words[2 * k], k) << k;
    ASSERT_EQ(words[2 * k + 1], n) << k;
  }
  for (uint32_t k = 0; k < align / 8; ++k) {
    const uint32_t w = last / 4 + 2 * k;
    ASSERT_EQ(words[w + 1], n) << k;
    if (k + 1 < align / 8) {
      ASSERT_EQ(words[w], k) << k;
    } else {
      ASSERT_GE(words[w], k) << k;
      ASSERT_LT(words[w], n) << k;
    }
  }
}

// var<immediate> and the size words share the push constants: both read right.
TEST_F(EffectiveSizeTest, ImmediatesAndSizesTogether) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(
struct Push { a: u32, b: u32, c: u32 }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  out[0] = arrayLength(&data);
  out[1] = push.a + push.b + push.c;
}
)",
                                      12);
  BindGroup g = group(layout, {bufferEntry(0, target, 0, 2048), bufferEntry(1, out, 0, 16)});
  run(p, g, {kBytes - align, 0}, {100, 20, 3});
  for (uint32_t k = 0; k < 2; ++k) {
    std::vector<uint32_t> r = results(k, 2);
    EXPECT_EQ(r[0], 2048u / 4) << k;
    EXPECT_EQ(r[1], 123u) << k;
  }
}

// Layouts A (immediateSize 4, then two size words) and B (immediateSize 12)
// have push-constant ranges of the same size: B's immediates at bytes 4..12,
// set before A ran, still read as set (A's sizes went to its own range only).
TEST_F(EffectiveSizeTest, SizeWordsNeverOverwriteTheImmediatesOfAnotherLayout) {
  if (!device_) GTEST_SKIP();
  ComputePipeline a = dynamicPipeline(R"(
struct Push { a: u32 }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  out[0] = arrayLength(&data);
  out[1] = push.a;
}
)",
                                      4);
  BindGroup ga = group(layout, {bufferEntry(0, target, 0, 2048), bufferEntry(1, out, 0, 16)});
  BindGroupLayoutDescriptor d;
  d.entries = {{0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage}}};
  BindGroupLayout plainLayout = device_.createBindGroupLayout(d);
  PipelineLayoutDescriptor pl;
  pl.bindGroupLayouts = {plainLayout};
  pl.immediateSize = 12;
  ComputePipelineDescriptor pd;
  pd.layout = device_.createPipelineLayout(pl);
  pd.compute.module = device_.createShaderModule({.code = R"(
struct Push { a: u32, b: u32, c: u32 }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> seen: array<u32, 3>;
@compute @workgroup_size(1) fn main() { seen = array(push.a, push.b, push.c); }
)"});
  ComputePipeline b = device_.createComputePipeline(pd);
  Buffer seen = bufferWith(std::vector<uint32_t>(4));
  BindGroup gb = group(plainLayout, {bufferEntry(0, seen)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  EXPECT_FALSE(pass.setImmediates(0, std::vector<uint32_t>{7, 9, 11}));
  pass.setPipeline(a);
  pass.setBindGroup(0, ga, {kBytes - align, 0});
  pass.dispatchWorkgroups(1);
  pass.setPipeline(b);
  pass.setBindGroup(0, gb);
  pass.dispatchWorkgroups(1);
  pass.setPipeline(a);
  pass.setBindGroup(0, ga, {0, align});
  pass.dispatchWorkgroups(1);
  pass.end();
  submit(encoder);
  EXPECT_EQ(read<uint32_t>(seen, 3), (std::vector<uint32_t>{7, 9, 11}));
  for (uint32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(results(k, 2), (std::vector<uint32_t>{2048 / 4, 7})) << k;
  }
}

// bufferLength (#bufferlength-builtin) and the arrayLength of a view of a
// `buffer` binding without a size (#buffer-view-builtin-functions).
TEST_F(EffectiveSizeTest, BufferLengthOfADynamicBufferBinding) {
  if (!device_) GTEST_SKIP();
  ComputePipeline p = dynamicPipeline(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> data: buffer;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  let v = bufferArrayView<array<u32>>(&data, 8, 1048576);
  out[0] = bufferLength(&data);
  out[1] = arrayLength(v);
  (*v)[arrayLength(v) - 1u] = 0xC0DEu;
}
)");
  BindGroup g = group(layout, {bufferEntry(0, target, align), bufferEntry(1, out, 0, 16)});
  const std::vector<uint32_t> offsets{0, kBytes - 2 * align};
  run(p, g, offsets);
  for (uint32_t k = 0; k < offsets.size(); ++k) {
    std::vector<uint32_t> r = results(k, 2);
    EXPECT_EQ(r[0], kBytes - align) << k;
    EXPECT_EQ(r[1], (kBytes - align - 8) / 4) << k;
  }
  EXPECT_EQ(changedOutside(before), 0u);
  EXPECT_EQ(changedOutside(after), 0u);
  EXPECT_EQ(changedOutside(target, kBytes - 4, kBytes), 0u);
}

// A render pipeline: the fragment stage writes arrayLength of a read-only
// dynamic storage binding as its colour, drawn directly and from a bundle.
class EffectiveSizeRenderTest : public RenderTest {};

TEST_F(EffectiveSizeRenderTest, FragmentArrayLengthDirectAndInABundle) {
  if (!device_) GTEST_SKIP();
  const uint32_t align = device_.limits().minStorageBufferOffsetAlignment;
  BindGroupLayoutDescriptor d;
  d.entries = {
      {0, ShaderStage::Fragment, BufferBindingLayout{BufferBindingType::ReadOnlyStorage, true, 0}}};
  BindGroupLayout layout = device_.createBindGroupLayout(d);
  PipelineLayoutDescriptor pl;
  pl.bindGroupLayouts = {layout};
  RenderPipelineDescriptor rp = pipelineDescriptor(R"(
@group(0) @binding(0) var<storage, read> data: array<u32>;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(0) vec4f {
  let n = arrayLength(&data);
  return vec4f(f32(n & 255u), f32(n >> 8u), f32(data[n - 1u] & 255u), 255.0) / 255.0;
}
)");
  rp.layout = device_.createPipelineLayout(pl);
  RenderPipeline pipeline = device_.createRenderPipeline(rp);
  std::vector<uint32_t> words(kBytes / 4);
  for (uint32_t i = 0; i < words.size(); ++i) words[i] = i;
  Buffer buffer = bufferWith(words, BufferUsage::Storage);
  // Without a size from byte `align`: (4096 - align) / 4 words at every dynamic offset.
  BindGroup group =
      device_.createBindGroup({.layout = layout, .entries = {bufferEntry(0, buffer, align)}});
  const uint32_t n = nRuntime(kBytes - align, 0, 4);
  const uint32_t dynamicOffset = kBytes - 3 * align;
  // the last word inside the buffer is read for data[n - 1] (clamped)
  const uint8_t lastInside = static_cast<uint8_t>((kBytes / 4 - 1) & 255u);
  const Rgba expected{static_cast<uint8_t>(n & 255u), static_cast<uint8_t>(n >> 8), lastInside,
                      255};

  Texture direct = target();
  drawTriangle(direct, pipeline, group, {dynamicOffset});
  expectImage(
      direct, [&](uint32_t, uint32_t) { return expected; }, 0);

  Texture bundled = target();
  RenderBundleEncoder be =
      device_.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
  be.setPipeline(pipeline);
  be.setBindGroup(0, group, {dynamicOffset - align});
  be.draw(3);
  RenderBundle bundle = be.finish();
  {
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(bundled, {0, 0, 0, 1}));
    pass.executeBundles({bundle});
    pass.end();
    submit(encoder);
  }
  expectImage(
      bundled, [&](uint32_t, uint32_t) { return expected; }, 0);
}

}  // namespace
}  // namespace bindery::vulkan::testing
