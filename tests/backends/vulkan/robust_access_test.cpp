// Robust access on the GPU (#out-of-bounds-access-sec, "bounded behaviour"):
// a shader that indexes past its binding reads and writes only inside the
// binding. Every binding here is a sub-range of a larger buffer whose other
// bytes hold a sentinel; after the dispatch they must be unchanged.
#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

constexpr uint32_t kSentinel = 0xA5A5A5A5u;
constexpr uint32_t kBufferWords = 1024;  // 4 KiB

class RobustAccessTest : public ComputeTest {
 protected:
  // Checks that words outside [first, first + count) still hold the sentinel.
  void expectOutsideUntouched(const Buffer& buffer, uint32_t first, uint32_t count) {
    std::vector<uint32_t> words = read<uint32_t>(buffer, kBufferWords);
    uint32_t changed = 0;
    for (uint32_t i = 0; i < kBufferWords; ++i) {
      if ((i < first || i >= first + count) && words[i] != kSentinel) ++changed;
    }
    EXPECT_EQ(changed, 0u) << "words outside the binding [" << first << ", " << first + count
                           << ") were written";
  }
  Buffer sentinelBuffer(BufferUsageFlags extra = {}) {
    return bufferWith(std::vector<uint32_t>(kBufferWords, kSentinel), extra);
  }
  Buffer uniformWith(std::vector<uint32_t> values) {
    values.resize(std::max<size_t>(values.size(), 4));
    return bufferWith(values, BufferUsage::Uniform);
  }
};

// Stores to indices 0..255 of a runtime array bound to 16 words in the middle.
TEST_F(RobustAccessTest, StoresPastTheEndOfARuntimeArrayStayInTheBinding) {
  ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(256) fn main(@builtin(local_invocation_index) i: u32) {
  data[i] = 0x1000u + i;
}
)");
  Buffer buffer = sentinelBuffer();
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, buffer, 256, 64)}), 1);
  expectOutsideUntouched(buffer, 64, 16);
  std::vector<uint32_t> inside = read<uint32_t>(buffer, 16, 256);
  for (uint32_t k = 0; k < 16; ++k) {
    // Index k was written by invocation k, or by an out-of-range one clamped onto it.
    EXPECT_GE(inside[k], 0x1000u + k) << k;
  }
}

// Indices from a uniform buffer, far outside a fixed-size array and a runtime array.
TEST_F(RobustAccessTest, OutOfRangeIndicesFromUniformValues) {
  ComputePipeline p = pipeline(R"(
struct Indices { a: u32, b: i32, c: u32, d: u32 }
@group(0) @binding(0) var<uniform> idx: Indices;
@group(0) @binding(1) var<storage, read_write> fixed: array<u32, 8>;
@group(0) @binding(2) var<storage, read_write> runtime: array<u32>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  fixed[idx.a] = 11u;
  runtime[idx.c] = 22u;
  runtime[u32(idx.b)] = 33u;
  out[0] = fixed[idx.a];
  out[1] = runtime[idx.d];
  var local = array<u32, 4>(1u, 2u, 3u, 4u);
  out[2] = local[idx.c];
}
)");
  Buffer indices = uniformWith({1000000u, static_cast<uint32_t>(-5), 0xFFFFFFFFu, 4096u});
  Buffer fixedBuffer = sentinelBuffer();
  Buffer runtimeBuffer = sentinelBuffer();
  Buffer out = bufferWith(std::vector<uint32_t>(4));
  BindGroup g = group(p.getBindGroupLayout(0),
                      {bufferEntry(0, indices), bufferEntry(1, fixedBuffer, 512, 32),
                       bufferEntry(2, runtimeBuffer, 1024, 12), bufferEntry(3, out)});
  dispatch(p, g, 1);
  expectOutsideUntouched(fixedBuffer, 128, 8);
  expectOutsideUntouched(runtimeBuffer, 256, 3);
  std::vector<uint32_t> results = read<uint32_t>(out, 4);
  EXPECT_EQ(results[0], 11u);  // the clamped element the store wrote
  // A read past the end returns a value from inside the binding (or zero).
  std::vector<uint32_t> runtimeWords = read<uint32_t>(runtimeBuffer, 3, 1024);
  bool fromBinding = results[1] == 0 || results[1] == runtimeWords[0] ||
                     results[1] == runtimeWords[1] || results[1] == runtimeWords[2];
  EXPECT_TRUE(fromBinding) << results[1];
  EXPECT_TRUE(results[2] >= 1 && results[2] <= 4) << results[2];
}

// The smallest runtime array a binding can have (one element: a size-0
// binding is a validation error): every index lands on element 0.
TEST_F(RobustAccessTest, RuntimeArrayOfOneElement) {
  ComputePipeline p = pipeline(R"(
struct S { header: u32, items: array<u32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  s.items[i * 1000u] = arrayLength(&s.items) * 100u + 7u;
}
)");
  Buffer buffer = sentinelBuffer();
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, buffer, 256, 8)}), 1);
  expectOutsideUntouched(buffer, 64 + 1, 1);
  EXPECT_EQ(read<uint32_t>(buffer, 1, 256 + 4)[0], 107u);  // arrayLength is 1
}

// A dynamic offset moves the window; stores past its end stay inside it.
TEST_F(RobustAccessTest, StoresPastTheEndWithADynamicOffset) {
  BindGroupLayoutDescriptor layoutDescriptor;
  layoutDescriptor.entries = {
      {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage, true, 0}}};
  BindGroupLayout layout = device_.createBindGroupLayout(layoutDescriptor);
  PipelineLayoutDescriptor pipelineLayout;
  pipelineLayout.bindGroupLayouts = {layout};
  ShaderModuleDescriptor module;
  module.code = R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) { data[i] = 7u; }
)";
  ComputePipelineDescriptor descriptor;
  descriptor.layout = device_.createPipelineLayout(pipelineLayout);
  descriptor.compute.module = device_.createShaderModule(module);
  ComputePipeline p = device_.createComputePipeline(descriptor);
  Buffer buffer = sentinelBuffer();
  BindGroup g = group(layout, {bufferEntry(0, buffer, 0, 32)});
  uint32_t offset = device_.limits().minStorageBufferOffsetAlignment * 2;
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g, {offset});
  pass.dispatchWorkgroups(1);
  pass.end();
  submit(encoder);
  expectOutsideUntouched(buffer, offset / 4, 8);
  EXPECT_EQ(read<uint32_t>(buffer, 8, offset), std::vector<uint32_t>(8, 7));
}

// arrayLength of a runtime array bound as a sub-range counts the sub-range only.
TEST_F(RobustAccessTest, ArrayLengthOfSubRanges) {
  ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read> b: array<vec4f>;
struct T { x: f32, rest: array<vec2u> }
@group(0) @binding(2) var<storage, read> c: T;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 3>;
@compute @workgroup_size(1) fn main() {
  out[0] = arrayLength(&a);
  out[1] = arrayLength(&b);
  out[2] = arrayLength(&c.rest);
}
)");
  Buffer big = sentinelBuffer();
  Buffer out = bufferWith(std::vector<uint32_t>(3));
  // a: 40 bytes from 256 (10 u32); b: the rest of the buffer from 512
  // (3584 bytes, 224 vec4f); c: 8 + 5 * 8 bytes (5 vec2u after the f32's padding).
  BindGroup g =
      group(p.getBindGroupLayout(0), {bufferEntry(0, big, 256, 40), bufferEntry(1, big, 512),
                                      bufferEntry(2, big, 768, 48), bufferEntry(3, out)});
  dispatch(p, g, 1);
  EXPECT_EQ(read<uint32_t>(out, 3), (std::vector<uint32_t>{10, 224, 5}));
}

}  // namespace
}  // namespace bindery::vulkan::testing
