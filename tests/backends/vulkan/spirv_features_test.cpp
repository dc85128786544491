// The SPIR-V generator's device-dependent output on the GPU (src/spirv,
// src/backends/vulkan/shader_features.h): 'subgroups' (subgroupAdd,
// subgroupBallot, ..., subgroup_id and num_subgroups on the device's subgroup size), 'shader-f16'
// (f16 arithmetic, conversions and builtins in storage and uniform buffers against a CPU
// reference), and the lowerings that specialise a function per argument (uniform / workgroup
// pointers to part of a variable) or initialise a private variable from an override at entry. Each
// against a C++ reference; a feature the adapter lacks skips its test with the reason.
#include <bit>
#include <cmath>

#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

class SpirvFeaturesTest : public ComputeTest {
 protected:
  // A device with every shader feature the adapter offers (from a fresh
  // adapter: the fixture's is consumed, #dom-gpuadapter-requestdevice).
  void SetUp() override {
    ComputeTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    DeviceDescriptor descriptor;
    for (FeatureName f : {FeatureName::ShaderF16, FeatureName::Subgroups})
      if (adapter_.features().has(f)) descriptor.requiredFeatures.push_back(f);
    if (descriptor.requiredFeatures.empty()) return;
    finish();
    InstanceDescriptor instanceDescriptor;
    instanceDescriptor.backend = BackendType::Vulkan;
    adapter_ = bindery::Instance::create(instanceDescriptor).requestAdapter();
    ASSERT_TRUE(adapter_);
    RequestDeviceResult result = adapter_.requestDevice(descriptor);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
  bool has(FeatureName f) { return device_.features().has(f); }
};

// IEEE binary16 <-> float (test reference; round to nearest even, normal range).
uint16_t toHalf(float v) {
  uint32_t x = std::bit_cast<uint32_t>(v);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  if (exp <= 0) return uint16_t(sign);
  uint32_t half = sign | uint32_t(exp) << 10 | mant >> 13;
  uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1))) ++half;
  return uint16_t(half);
}
float fromHalf(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ffu;
  if (exp == 0)
    return std::bit_cast<float>(sign) + (sign ? -1.f : 1.f) * std::ldexp(float(mant), -24);
  return std::bit_cast<float>(sign | (exp + 127 - 15) << 23 | mant << 13);
}
float roundHalf(float v) {
  return fromHalf(toHalf(v));
}

TEST_F(SpirvFeaturesTest, TheAdapterOffersWhatTheDeviceSupports) {
  // lavapipe (the CI device) has shaderFloat16 + 16-bit storage and every
  // subgroup operation in compute and fragment: both are offered there.
  if (adapter_.info().description.find("llvmpipe") == std::string::npos)
    GTEST_SKIP() << "not lavapipe: what it offers depends on the device";
  EXPECT_TRUE(adapter_.features().has(FeatureName::ShaderF16));
  EXPECT_TRUE(adapter_.features().has(FeatureName::Subgroups));
}

TEST_F(SpirvFeaturesTest, SubgroupAddAndBallot) {
  if (!has(FeatureName::Subgroups))
    GTEST_SKIP() << "the Vulkan adapter does not offer 'subgroups' (the device lacks "
                    "VK_SUBGROUP_FEATURE_ARITHMETIC/BALLOT/... in compute and fragment)";
  ComputePipeline p = pipeline(R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 256>;
@group(0) @binding(1) var<storage, read_write> sizes: array<u32, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32,
                                     @builtin(subgroup_invocation_id) sid: u32,
                                     @builtin(subgroup_size) size: u32,
                                     @builtin(subgroup_id) sg: u32,
                                     @builtin(num_subgroups) count: u32) {
  let sum = subgroupAdd(li + 1u);
  let ballot = subgroupBallot(sid % 2u == 0u);
  let firstLi = subgroupBroadcastFirst(li);
  out[li * 4u] = sum;
  out[li * 4u + 1u] = ballot.x;
  out[li * 4u + 2u] = firstLi;
  out[li * 4u + 3u] = subgroupExclusiveAdd(1u);
  sizes[li] = size | (sg << 8u) | (count << 16u);
})");
  Buffer out = bufferWith(std::vector<uint32_t>(256));
  Buffer meta = bufferWith(std::vector<uint32_t>(64));
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, out), bufferEntry(1, meta)}), 1);
  std::vector<uint32_t> r = read<uint32_t>(out, 256);
  std::vector<uint32_t> sizes = read<uint32_t>(meta, 64);
  uint32_t size = sizes[0] & 0xff;
  ASSERT_TRUE(size >= 4 && size <= 64 && std::has_single_bit(size)) << size;
  // lavapipe's subgroups are consecutive local invocation indices, size `size`
  for (uint32_t li = 0; li < 64; ++li) {
    uint32_t first = li / size * size;
    uint32_t expected = 0;
    for (uint32_t k = first; k < first + size; ++k) expected += k + 1;
    EXPECT_EQ(r[li * 4], expected) << "subgroupAdd at " << li;
    uint32_t evens = 0;
    for (uint32_t s = 0; s < std::min(size, 32u); s += 2) evens |= 1u << s;
    EXPECT_EQ(r[li * 4 + 1], evens) << "subgroupBallot at " << li;
    EXPECT_EQ(r[li * 4 + 2], first) << "subgroupBroadcastFirst at " << li;
    EXPECT_EQ(r[li * 4 + 3], li - first) << "subgroupExclusiveAdd at " << li;
    EXPECT_EQ(sizes[li], size | (li / size) << 8 | (64 / size) << 16)
        << "subgroup_size, subgroup_id, num_subgroups at " << li;
  }
}

TEST_F(SpirvFeaturesTest, F16ArithmeticConversionsAndBuiltins) {
  if (!has(FeatureName::ShaderF16))
    GTEST_SKIP()
        << "the Vulkan adapter does not offer 'shader-f16' (the device lacks "
           "shaderFloat16 + storageBuffer16BitAccess + uniformAndStorageBuffer16BitAccess)";
  ComputePipeline p = pipeline(R"(
enable f16;
struct Params { scale: f16, bias: f16, v: vec2h }
@group(0) @binding(0) var<storage, read> x: array<f16, 8>;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(2) var<storage, read_write> out: array<f16, 64>;
@group(0) @binding(3) var<storage, read_write> out32: array<f32, 8>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  let v = x[i];
  out[i * 8u] = v * params.scale + params.bias;
  out[i * 8u + 1u] = abs(v) - 1.5h;
  out[i * 8u + 2u] = max(v, params.v.y);
  out[i * 8u + 3u] = clamp(v, -2h, 2h);
  out[i * 8u + 4u] = f16(i32(v * 4h));          // f16 -> i32 (saturating) -> f16
  out[i * 8u + 5u] = floor(v) + fract(v) * 0h;  // floor
  out[i * 8u + 6u] = dot(vec2h(v, 1h), params.v);
  out[i * 8u + 7u] = select(v, -v, v < 0h);
  out32[i] = f32(v) * 0.5;                      // f16 -> f32
}
)");
  const std::vector<float> xs = {0.5f, -1.25f, 3.0f, -7.5f, 100.25f, 0.0f, 2.75f, -0.125f};
  std::vector<uint16_t> xh;
  for (float v : xs) xh.push_back(toHalf(v));
  Buffer x = bufferWith(xh);
  // Params: scale @0, bias @2, v @4 (vec2h: align 4), size 8 -> 16 for the binding
  std::vector<uint16_t> params = {
      toHalf(2.0f), toHalf(0.5f), toHalf(3.0f), toHalf(-1.0f), 0, 0, 0, 0};
  Buffer u = makeBuffer(16, BufferUsage::Uniform | BufferUsage::CopyDst);
  device_.queue().writeBuffer(u, 0, params.data(), 16);
  Buffer out = bufferWith(std::vector<uint16_t>(64));
  Buffer out32 = bufferWith(std::vector<float>(8));
  dispatch(p,
           group(p.getBindGroupLayout(0), {bufferEntry(0, x), bufferEntry(1, u),
                                           bufferEntry(2, out), bufferEntry(3, out32)}),
           1);
  std::vector<uint16_t> r = read<uint16_t>(out, 64);
  std::vector<float> r32 = read<float>(out32, 8);
  for (uint32_t i = 0; i < 8; ++i) {
    float v = xs[i];
    float expected[8] = {roundHalf(v * 2.0f + 0.5f),  roundHalf(std::fabs(v) - 1.5f),
                         std::max(v, -1.0f),          std::clamp(v, -2.0f, 2.0f),
                         float(int32_t(v * 4.0f)),    std::floor(v),
                         roundHalf(v * 3.0f + -1.0f), v < 0 ? -v : v};
    for (uint32_t k = 0; k < 8; ++k)
      EXPECT_EQ(fromHalf(r[i * 8 + k]), expected[k]) << "x = " << v << ", result " << k;
    EXPECT_EQ(r32[i], v * 0.5f) << "x = " << v;
  }
}

// Pointer arguments the generator binds at compile time (functions.cpp):
// a uniform pointer to an element, a workgroup pointer to an element used by
// an atomic, and a private variable initialised with an override-expression.
TEST_F(SpirvFeaturesTest, BoundPointerArgumentsAndPrivateOverrideInit) {
  ComputePipeline p = pipeline(R"(
struct U { scale: vec4u, rows: array<vec4u, 4> }
override base: u32 = 1u;
var<private> start = base * 100u;
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 16>;
var<workgroup> counters: array<atomic<u32>, 4>;
fn rowSum(row: ptr<uniform, vec4u>, k: u32) -> u32 { return ((*row).x + (*row).w) * k; }
fn whole(p: ptr<uniform, U>, i: u32) -> u32 { return rowSum(&(*p).rows[i], (*p).scale.y); }
fn bump(c: ptr<workgroup, atomic<u32>>) { atomicAdd(c, 1u); }
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) li: u32) {
  bump(&counters[li % 4u]);
  workgroupBarrier();
  out[li] = start + whole(&u, li % 4u) + atomicLoad(&counters[li % 4u]) * 1000u;
}
)",
                               {{"base", 7}});
  std::vector<uint32_t> words = {0, 3, 0, 0};  // scale.y = 3
  for (uint32_t r = 0; r < 4; ++r) words.insert(words.end(), {r + 1, 0, 0, 10 * (r + 1)});
  Buffer u = makeBuffer(words.size() * 4, BufferUsage::Uniform | BufferUsage::CopyDst);
  device_.queue().writeBuffer(u, 0, words.data(), words.size() * 4);
  Buffer out = bufferWith(std::vector<uint32_t>(16));
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, u), bufferEntry(1, out)}), 1);
  std::vector<uint32_t> r = read<uint32_t>(out, 16);
  for (uint32_t li = 0; li < 16; ++li) {
    uint32_t row = li % 4;
    EXPECT_EQ(r[li], 700u + (row + 1 + 10 * (row + 1)) * 3 + 4 * 1000u) << li;
  }
}

}  // namespace
}  // namespace bindery::vulkan::testing
