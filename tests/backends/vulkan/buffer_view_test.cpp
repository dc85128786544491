// The buffer_view language extension on the GPU (#buffer-types,
// #buffer-view-builtin-functions; src/spirv/buffer_view.cpp): loads and
// stores of scalars, vectors, matrices and structs through views at run-time
// offsets, bufferArrayView with arrayLength, bufferLength of bindings and
// through function parameters, views of workgroup and uniform buffers, and
// out-of-bounds views, which stay inside the binding (#out-of-bounds-access-sec).
// Each against a C++ reference of the same bytes.
#include <bit>
#include <cstring>

#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

class BufferViewTest : public ComputeTest {
 protected:
  // Floats 0.5, 1.5, 2.5, ... as the buffer's words (no NaN patterns).
  static std::vector<float> floats(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = float(i) + 0.5f;
    return v;
  }
  static uint32_t word(const std::vector<float>& v, size_t byteOffset) {
    return std::bit_cast<uint32_t>(v[byteOffset / 4]);
  }
};

TEST_F(BufferViewTest, ScalarsAndVectorsAtRunTimeOffsets) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
@group(0) @binding(0) var<storage> in : buffer;
@group(0) @binding(1) var<storage, read_write> out : buffer;
@group(0) @binding(2) var<storage> offs : array<u32, 4>;
@compute @workgroup_size(1) fn main() {
  *bufferView<u32>(&out, offs[0]) = *bufferView<u32>(&in, offs[1]) + 1u;
  *bufferView<vec4f>(&out, 16) = *bufferView<vec4f>(&in, offs[2]) * 2.0;
  *bufferView<vec3i>(&out, 32) = -*bufferView<vec3i>(&in, offs[3]);
  *bufferView<vec2f>(&out, 48) = (*bufferView<vec4f>(&in, offs[2])).zw;
  (*bufferView<vec4u>(&out, 64)).y = 9u;
})");
  std::vector<float> in = floats(64);
  Buffer inBuf = bufferWith(in);
  Buffer outBuf = bufferWith(std::vector<uint32_t>(32, 0));
  const std::vector<uint32_t> offs{4, 12, 80, 128};
  Buffer offBuf = bufferWith(offs);
  dispatch(p,
           group(p.getBindGroupLayout(0),
                 {bufferEntry(0, inBuf), bufferEntry(1, outBuf), bufferEntry(2, offBuf)}),
           1);
  std::vector<uint32_t> out = read<uint32_t>(outBuf, 32);
  std::vector<uint32_t> want(32, 0);
  want[1] = word(in, 12) + 1u;
  for (int k = 0; k < 4; ++k) want[4 + k] = std::bit_cast<uint32_t>(in[20 + k] * 2.0f);
  for (int k = 0; k < 3; ++k)
    want[8 + k] = uint32_t(-std::bit_cast<int32_t>(word(in, 128 + 4 * k)));
  want[12] = word(in, 88);
  want[13] = word(in, 92);
  want[17] = 9u;
  EXPECT_EQ(out, want);
}

TEST_F(BufferViewTest, StructsMatricesAndArraysCopiedThroughViews) {
  // S: a @0, b @16 (vec3f), m @32 (mat2x3f: columns at 32 and 48), c @64
  // (array<u32, 3>), size 80; the padding is never written.
  ComputePipeline p = pipeline(R"(requires buffer_view;
struct S { a : i32, b : vec3f, m : mat2x3f, c : array<u32, 3>, }
@group(0) @binding(0) var<storage> in : buffer;
@group(0) @binding(1) var<storage, read_write> out : buffer;
@group(0) @binding(2) var<storage> offs : array<u32, 2>;
@compute @workgroup_size(1) fn main() {
  let src = bufferView<array<S, 2>>(&in, offs[0]);
  *bufferView<S>(&out, offs[1]) = (*src)[1];
  let big = bufferView<array<u32, 12>>(&in, 0);
  *bufferView<array<u32, 12>>(&out, 256) = *big;
  *bufferView<mat2x3f>(&out, 320) = transpose(mat3x2f((*src)[0].b.xy, (*src)[0].b.yz, vec2f(7)));
})");
  std::vector<float> in = floats(128);
  Buffer inBuf = bufferWith(in);
  Buffer outBuf = bufferWith(std::vector<uint32_t>(96, 0));
  Buffer offBuf = bufferWith(std::vector<uint32_t>{96, 160});
  dispatch(p,
           group(p.getBindGroupLayout(0),
                 {bufferEntry(0, inBuf), bufferEntry(1, outBuf), bufferEntry(2, offBuf)}),
           1);
  std::vector<uint32_t> out = read<uint32_t>(outBuf, 96);
  std::vector<uint32_t> want(96, 0);
  const size_t s1 = 96 + 80;  // (*src)[1]
  for (size_t member : {0u, 16u, 20u, 24u, 32u, 36u, 40u, 48u, 52u, 56u, 64u, 68u, 72u})
    want[(160 + member) / 4] = word(in, s1 + member);
  for (size_t k = 0; k < 12; ++k) want[64 + k] = word(in, 4 * k);
  // transpose of the 3x2 with columns (b.x, b.y), (b.y, b.z), (7, 7): columns (x, y, 7), (y, z, 7)
  const float bx = in[(96 + 16) / 4], by = in[(96 + 20) / 4], bz = in[(96 + 24) / 4];
  const float cols[2][3] = {{bx, by, 7}, {by, bz, 7}};
  for (int c = 0; c < 2; ++c)
    for (int r = 0; r < 3; ++r) want[(320 + 16 * c) / 4 + r] = std::bit_cast<uint32_t>(cols[c][r]);
  EXPECT_EQ(out, want);
}

TEST_F(BufferViewTest, ArrayViewLengthsRoundDownAndStopAtTheBuffer) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
struct Tail { count : u32, items : array<vec2u>, }
@group(0) @binding(0) var<storage, read_write> b : buffer;
@group(0) @binding(1) var<storage> sizes : array<u32, 3>;
@group(0) @binding(2) var<storage, read_write> out : array<u32, 8>;
@compute @workgroup_size(1) fn main() {
  let exact = bufferArrayView<array<vec2u>>(&b, 32, sizes[0]);
  let rounded = bufferArrayView<array<vec2u>>(&b, 32, sizes[1]);
  let past = bufferArrayView<array<vec2u>>(&b, 32, sizes[2]);
  let t = bufferArrayView<Tail>(&b, 64, 8 + 8 * 3);
  out[0] = arrayLength(exact);
  out[1] = arrayLength(rounded);
  out[2] = arrayLength(past);
  out[3] = arrayLength(&(*t).items);
  out[4] = arrayLength(bufferView<array<u32>>(&b, 16));
  var sum = 0u;
  for (var i = 0u; i < arrayLength(exact); i++) { sum += (*exact)[i].x + (*exact)[i].y; }
  out[5] = sum;
  (*t).items[2] = vec2u(100u, 200u);
  out[6] = (*t).items[2].y + (*t).count;
})");
  std::vector<uint32_t> bytes(64);
  for (uint32_t i = 0; i < 64; ++i) bytes[i] = i;
  Buffer b = bufferWith(bytes);
  Buffer sizes = bufferWith(std::vector<uint32_t>{40, 45, 100000});
  Buffer outBuf = bufferWith(std::vector<uint32_t>(8, 0));
  dispatch(p,
           group(p.getBindGroupLayout(0),
                 {bufferEntry(0, b), bufferEntry(1, sizes), bufferEntry(2, outBuf)}),
           1);
  std::vector<uint32_t> out = read<uint32_t>(outBuf, 8);
  uint32_t sum = 0;
  for (uint32_t w = 8; w < 18; ++w) sum += w;  // 5 vec2u from byte 32
  // the buffer's 256 bytes: 'past' holds (256 - 32) / 8 = 28; the Tail's items 3;
  // array<u32> from 16: 60
  EXPECT_EQ(out, (std::vector<uint32_t>{5, 5, 28, 3, 60, sum, 200 + 16, 0}));
  std::vector<uint32_t> after = read<uint32_t>(b, 64);
  EXPECT_EQ(after[(64 + 8 + 16) / 4], 100u);
  EXPECT_EQ(after[(64 + 8 + 16) / 4 + 1], 200u);
}

TEST_F(BufferViewTest, BufferLengthOfBindingsAndThroughParameters) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage> b1 : buffer<2048>;
@group(0) @binding(1) var<storage> b2 : buffer;
@group(0) @binding(2) var<storage, read_write> out : array<u32, 8>;
fn foobar(p : ptr<storage, buffer>) -> u32 { return bufferLength(p); }
fn bar(p : ptr<storage, buffer<1024>>) -> u32 { return foobar(p); }
fn foo(p : ptr<storage, buffer<256>>) -> u32 { return bufferLength(p); }
fn last(p : ptr<storage, buffer>) -> u32 { return *bufferView<u32>(p, bufferLength(p) - 4); }
@compute @workgroup_size(1) fn main() {
  out[0] = bufferLength(&b1);
  out[1] = bufferLength(&b2);
  out[2] = foo(&b1);
  out[3] = bar(&b1);
  out[4] = foobar(&b1);
  out[5] = foobar(&b2);
  out[6] = last(&b2);
  out[7] = last(&b1);
})");
  std::vector<uint32_t> words(1024);
  for (uint32_t i = 0; i < 1024; ++i) words[i] = i;
  Buffer big = bufferWith(words);
  Buffer outBuf = bufferWith(std::vector<uint32_t>(8, 0));
  // b2 is the window [512, 512 + 1200) of the same buffer
  dispatch(p,
           group(p.getBindGroupLayout(0), {bufferEntry(0, big, 0, 2048),
                                           bufferEntry(1, big, 512, 1200), bufferEntry(2, outBuf)}),
           1);
  EXPECT_EQ(read<uint32_t>(outBuf, 8),
            (std::vector<uint32_t>{2048, 1200, 256, 1024, 2048, 1200, (512 + 1196) / 4, 2044 / 4}));
}

TEST_F(BufferViewTest, WorkgroupAndUniformBuffers) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
@group(0) @binding(0) var<uniform> u : buffer<64>;
@group(0) @binding(1) var<storage, read_write> out : array<vec4u, 4>;
var<workgroup> w : buffer<64>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<vec4u>(&w, i * 16) = *bufferView<vec4u>(&u, 48 - i * 16) + vec4u(i);
  workgroupBarrier();
  out[i] = *bufferView<vec4u>(&w, ((i + 1) % 4) * 16);
})");
  std::vector<uint32_t> words(16);
  for (uint32_t i = 0; i < 16; ++i) words[i] = 10 * i;
  Buffer u = bufferWith(words, BufferUsage::Uniform);
  Buffer outBuf = bufferWith(std::vector<uint32_t>(16, 0));
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, u), bufferEntry(1, outBuf)}), 1);
  std::vector<uint32_t> want;
  for (uint32_t i = 0; i < 4; ++i) {
    uint32_t j = (i + 1) % 4;  // out[i] = w[j] = u[3 - j] + j
    for (uint32_t k = 0; k < 4; ++k) want.push_back(words[(3 - j) * 4 + k] + j);
  }
  EXPECT_EQ(read<uint32_t>(outBuf, 16), want);
}

// arrayLength of a view's runtime-sized array in the 'uniform' and
// 'workgroup' address spaces (#arraylength-builtin): the view's size rounded
// down to whole elements, and indices past it stay inside the view.
TEST_F(BufferViewTest, ArrayLengthOfViewsInUniformAndWorkgroupBuffers) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
@group(0) @binding(0) var<uniform> u : buffer<64>;
@group(0) @binding(1) var<storage, read_write> out : array<u32, 8>;
@group(0) @binding(2) var<storage> sizes : array<u32, 2>;
var<workgroup> w : buffer<64>;
@compute @workgroup_size(1) fn main() {
  let uv = bufferArrayView<array<vec4u>>(&u, 16, sizes[0]);
  let wv = bufferArrayView<array<u32>>(&w, 8, sizes[1]);
  for (var i = 0u; i < arrayLength(wv); i++) { (*wv)[i] = 7u * i; }
  out[0] = arrayLength(uv);
  out[1] = arrayLength(wv);
  out[2] = (*uv)[1].z;
  out[3] = (*uv)[sizes[1]].w;
  out[4] = *bufferView<u32>(&w, 8 + 4 * 5);
  out[5] = (*wv)[sizes[1]];
})");
  std::vector<uint32_t> words(16);
  for (uint32_t i = 0; i < 16; ++i) words[i] = 100 + i;
  Buffer u = bufferWith(words, BufferUsage::Uniform);
  Buffer outBuf = bufferWith(std::vector<uint32_t>(8, 0));
  // 40 bytes from 16: two whole vec4u; 27 bytes from 8: six whole u32
  Buffer sizes = bufferWith(std::vector<uint32_t>{40, 27});
  dispatch(p,
           group(p.getBindGroupLayout(0),
                 {bufferEntry(0, u), bufferEntry(1, outBuf), bufferEntry(2, sizes)}),
           1);
  // out[3]: index 27 is clamped to the last vec4u of the view (words 8..11);
  // out[5]: index 27 is clamped to the view's last u32 (7 * 5)
  EXPECT_EQ(read<uint32_t>(outBuf, 8),
            (std::vector<uint32_t>{2, 6, words[4 + 4 + 2], words[4 + 4 + 3], 35, 35, 0, 0}));
}

TEST_F(BufferViewTest, OutOfBoundsViewsStayInsideTheBinding) {
  // #out-of-bounds-access-sec: an invalid pointer (offset + MinTypeSize past
  // bufferLength) designates the buffer's last T here; indices past a view's
  // runtime-sized array reach its last element. Nothing outside the
  // 64-byte window [256, 320) of the output buffer changes.
  ComputePipeline p = pipeline(R"(requires buffer_view;
@group(0) @binding(0) var<storage> in : buffer;
@group(0) @binding(1) var<storage, read_write> out : buffer;
@group(0) @binding(2) var<storage> big : array<u32, 2>;
@compute @workgroup_size(1) fn main() {
  *bufferView<vec4u>(&out, big[0]) = *bufferView<vec4u>(&in, big[0]);
  let a = bufferArrayView<array<u32>>(&out, 0, big[1]);
  (*a)[big[0]] = 77u;
  *bufferView<u32>(&out, 4u) = arrayLength(a);
  *bufferView<u32>(&out, 8u) = *bufferView<u32>(&in, 0xfffffffcu);
})");
  std::vector<uint32_t> in(16);
  for (uint32_t i = 0; i < 16; ++i) in[i] = 1000 + i;
  Buffer inBuf = bufferWith(in);
  std::vector<uint32_t> guard(128, 0xabababab);
  Buffer outBuf = bufferWith(guard);
  Buffer bigBuf = bufferWith(std::vector<uint32_t>{1u << 20, 1u << 30});
  dispatch(p,
           group(p.getBindGroupLayout(0),
                 {bufferEntry(0, inBuf), bufferEntry(1, outBuf, 256, 64), bufferEntry(2, bigBuf)}),
           1);
  std::vector<uint32_t> out = read<uint32_t>(outBuf, 128);
  std::vector<uint32_t> want = guard;
  for (uint32_t k = 0; k < 4; ++k) want[64 + 12 + k] = in[12 + k];  // the last vec4u of each
  want[64 + 15] = 77u;  // (*a)[huge] is its last element: the region ends at the binding (64)
  want[64 + 1] = 16u;   // arrayLength(a): 64 / 4
  want[64 + 2] = in[15];
  EXPECT_EQ(out, want);
}

TEST_F(BufferViewTest, ViewsAtConstantOffsetsInAFixedSizeStorageBuffer) {
  ComputePipeline p = pipeline(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<128>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i : u32) {
  let v = bufferView<array<i32, 8>>(&b, 0);
  let w = bufferView<array<f32, 8>>(&b, 64);
  (*w)[i] = f32((*v)[i]) * 0.5;
})");
  std::vector<int32_t> words(32, 0);
  for (int32_t i = 0; i < 8; ++i) words[i] = i * 3 - 10;
  Buffer b = bufferWith(words);
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, b)}), 1);
  std::vector<float> out = read<float>(b, 8, 64);
  for (int32_t i = 0; i < 8; ++i) EXPECT_EQ(out[i], float(i * 3 - 10) * 0.5f) << i;
}

TEST_F(BufferViewTest, ViewsPassedToFunctions) {
  // the callee is specialised per buffer variable; a view of a storage buffer
  // parameter passes the buffer pointer; offset, end and words cross as u32s
  ComputePipeline p = pipeline(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage, read_write> b : buffer;
@group(0) @binding(1) var<uniform> u : buffer<64>;
var<workgroup> w : buffer<32>;
fn put(p : ptr<storage, u32, read_write>, v : u32) { *p = v; }
fn count(p : ptr<storage, array<u32>, read_write>) -> u32 { return arrayLength(p); }
fn sum(p : ptr<storage, array<u32>, read_write>) -> u32 {
  var s = 0u;
  for (var i = 0u; i < arrayLength(p); i++) { s += (*p)[i]; }
  return s;
}
fn read4(p : ptr<uniform, vec4u>) -> u32 { return (*p).w; }
fn wg(p : ptr<workgroup, vec2u>) -> u32 { return (*p).y; }
fn viaParam(q : ptr<storage, buffer, read_write>, at : u32) { put(bufferView<u32>(q, at), 5u); }
@compute @workgroup_size(1) fn main() {
  *bufferView<vec2u>(&w, 8) = vec2u(30u, 40u);
  let tail = bufferArrayView<array<u32>>(&b, 16, 32);
  put(bufferView<u32>(&b, 0), count(tail));
  put(bufferView<u32>(&b, 4), read4(bufferView<vec4u>(&u, 16)) + wg(bufferView<vec2u>(&w, 8)));
  put(bufferView<u32>(&b, 8), sum(tail));
  viaParam(&b, 12);
  viaParam(&b, 4096);
})");
  std::vector<uint32_t> words(32);
  for (uint32_t i = 0; i < 32; ++i) words[i] = i;
  Buffer b = bufferWith(words);
  std::vector<uint32_t> uw(16);
  for (uint32_t i = 0; i < 16; ++i) uw[i] = 100 + i;
  Buffer u = bufferWith(uw, BufferUsage::Uniform);
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, b), bufferEntry(1, u)}), 1);
  std::vector<uint32_t> want = words;
  want[0] = 8;             // 32 bytes of u32
  want[1] = 100 + 7 + 40;  // u's word 7, w's word 3
  want[2] = 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11;
  want[3] = 5;
  want[31] = 5;  // viaParam(&b, 4096): the view is clamped to the last u32
  EXPECT_EQ(read<uint32_t>(b, 32), want);
}

TEST_F(BufferViewTest, ArrayLoadLoopsInConditionsAndContinuing) {
  // arrays past the unroll limit load by a function holding a loop, also
  // inside a break-if, an if condition, a switch selector and a while
  // condition. (Two shaders, one WGSL loop each: on lavapipe a second loop
  // whose condition reads storage written by the loop ends after one
  // iteration, buffer views or not; the lead has the reproduction.)
  const char* prelude = R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer;
fn at(x : array<u32, 16>, i : u32) -> u32 { return x[i]; }
@compute @workgroup_size(1) fn main() {
  let a = bufferView<array<u32, 16>>(&b, 0);
)";
  const char* bodies[] = {R"(
  loop {
    (*a)[5]++;
    continuing { break if at(*a, 5u) > 8u; }
  }
  if (at(*bufferView<array<u32, 16>>(&b, 128), 2u) == 1u) { (*a)[3] = 1u; }
  switch (at(*a, 3u)) { case 1u: { (*a)[4] = 2u; } default: {} }
  *bufferView<array<u32, 16>>(&b, 192) = *a;
})",
                          R"(
  while (at(*a, 0u) < 4u && at(*bufferView<array<u32, 16>>(&b, 64), 1u) == 0u) {
    (*a)[0]++;
  }
  *bufferView<array<u32, 16>>(&b, 192) = *a;
})"};
  std::vector<uint32_t> words(64, 0);
  words[34] = 1;
  Buffer b = bufferWith(words);
  for (const char* body : bodies) {
    ComputePipeline p = pipeline(std::string(prelude) + body);
    dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, b)}), 1);
  }
  std::vector<uint32_t> want = words;
  want[0] = 4, want[3] = 1, want[4] = 2, want[5] = 9;
  for (int k = 0; k < 16; ++k) want[48 + k] = want[k];
  EXPECT_EQ(read<uint32_t>(b, 64), want);
}

// f16 through views ('shader-f16'): a half is half a word, so two
// invocations storing the two halves of one word must both land (the store
// of a lone half is an atomic and/or of its word); a vec3h is a word and a
// half, and the half beside it keeps its bits.
class BufferViewF16Test : public BufferViewTest {
 protected:
  void SetUp() override {
    BufferViewTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    if (!adapter_.features().has(FeatureName::ShaderF16)) return;
    finish();
    InstanceDescriptor instanceDescriptor;
    instanceDescriptor.backend = BackendType::Vulkan;
    adapter_ = bindery::Instance::create(instanceDescriptor).requestAdapter();
    ASSERT_TRUE(adapter_);
    DeviceDescriptor descriptor;
    descriptor.requiredFeatures.push_back(FeatureName::ShaderF16);
    RequestDeviceResult result = adapter_.requestDevice(descriptor);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
  // binary16 of a float that is exact in it (small integers and halves)
  static uint16_t half(float v) {
    if (v == 0) return 0;
    uint32_t x = std::bit_cast<uint32_t>(v);
    uint32_t exp = ((x >> 23) & 0xff) - 127 + 15;
    return uint16_t((x >> 16 & 0x8000u) | exp << 10 | (x & 0x7fffffu) >> 13);
  }
};

TEST_F(BufferViewF16Test, HalvesOfOneWordFromTwoInvocationsAndAVec3h) {
  if (!device_.features().has(FeatureName::ShaderF16))
    GTEST_SKIP() << "the Vulkan adapter does not offer 'shader-f16'";
  ComputePipeline p = pipeline(R"(enable f16;
requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<128>;
@compute @workgroup_size(32) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<f16>(&b, i * 2) = f16(i) + 0.5h;
  if (i == 0u) {
    let v = *bufferView<vec4h>(&b, 96);
    *bufferView<vec3h>(&b, 64) = v.xyz * 2.0h;
    *bufferView<f16>(&b, 72) = *bufferView<f16>(&b, 98) + v.w;
  }
})");
  std::vector<uint16_t> halves(64, 0xabcd);
  for (int k = 0; k < 4; ++k) halves[48 + k] = half(float(k + 1));  // bytes 96..103: 1, 2, 3, 4
  Buffer b = bufferWith(halves);
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, b)}), 1);
  std::vector<uint16_t> want = halves;
  for (int i = 0; i < 32; ++i) want[i] = half(float(i) + 0.5f);
  want[32] = half(2), want[33] = half(4), want[34] = half(6);  // the vec3h; half 35 kept
  want[36] = half(2 + 4);
  EXPECT_EQ(read<uint16_t>(b, 64), want);
}

// A uniform binding of 6 bytes (#bind-group-creation allows a size that is
// not a multiple of 4 for 'uniform'): its last half, bytes 4..5, lives in
// the binding's second word, which the descriptor's range must cover.
TEST_F(BufferViewF16Test, AUniformBindingOfSixBytesReadsItsLastHalf) {
  if (!device_.features().has(FeatureName::ShaderF16))
    GTEST_SKIP() << "the Vulkan adapter does not offer 'shader-f16'";
  ComputePipeline p = pipeline(R"(enable f16;
requires buffer_view;
@group(0) @binding(0) var<uniform> u : buffer<6>;
@group(0) @binding(1) var<storage, read_write> out : array<f32, 4>;
@compute @workgroup_size(1) fn main() {
  out[0] = f32(*bufferView<f16>(&u, 0));
  out[1] = f32(*bufferView<f16>(&u, 2));
  out[2] = f32(*bufferView<f16>(&u, 4));
  out[3] = f32(bufferLength(&u));
})");
  // the binding is bytes 256..261 of the buffer: halves 128..130 of 256
  std::vector<uint16_t> halves(256, half(9));
  halves[128] = half(1.5f), halves[129] = half(2.5f), halves[130] = half(-3);
  Buffer u = bufferWith(halves, BufferUsage::Uniform);
  Buffer outBuf = bufferWith(std::vector<float>(4, 0));
  dispatch(p, group(p.getBindGroupLayout(0), {bufferEntry(0, u, 256, 6), bufferEntry(1, outBuf)}),
           1);
  EXPECT_EQ(read<float>(outBuf, 4), (std::vector<float>{1.5f, 2.5f, -3.0f, 6.0f}));
}

}  // namespace
}  // namespace bindery::vulkan::testing
