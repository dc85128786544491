// The buffer_view language extension (#buffer-types,
// #buffer-view-builtin-functions): buffers as u32 words, views as byte
// offsets lowered to word loads and stores. Every module is validated; the
// golden tests check the structure of the lowering (word index, clamps, bit
// casts, the f16 halves' atomic and/or), not byte-exact dumps.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

bool has(const std::string& d, const char* s) {
  return d.find(s) != std::string::npos;
}

size_t count(const std::string& d, const char* s) {
  size_t n = 0;
  for (size_t at = d.find(s); at != std::string::npos; at = d.find(s, at + 1)) ++n;
  return n;
}

TEST(SpirvBufferView, SpecBufferViewExample) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage> in : buffer;
@group(0) @binding(1) var<storage, read_write> out : buffer;
struct S { a : mat3x3f, b : vec2f, }
fn foo(offsets : array<u32, 4>) {
  let p1 = bufferView<vec4u>(&in, offsets[0]);
  *bufferView<vec4u>(&out, offsets[1]) = *p1;
  let p2 = bufferView<array<S, 2>>(&in, offsets[2]);
  let v = (*p2)[1].a;
  *bufferView<mat3x3f>(&out, offsets[3]) = v;
}
@compute @workgroup_size(1) fn main() { foo(array(0u, 16u, 32u, 48u)); })",
                                     "main");
  // one Block { u32[] } type for both runtime-sized storage buffers
  EXPECT_EQ(count(d, "OpTypeRuntimeArray %uint"), 1u) << d;
  EXPECT_TRUE(has(d, "OpDecorate %buffer Block")) << d;
  EXPECT_TRUE(has(d, "OpArrayLength %uint %in 0")) << d;  // bufferLength of a runtime buffer
  EXPECT_TRUE(has(d, "OpShiftRightLogical")) << d;        // byte offset -> word index
  EXPECT_TRUE(has(d, "UMin")) << d;                       // clamped
  EXPECT_TRUE(has(d, "OpBitcast %float")) << d;           // f32 from its word
  EXPECT_TRUE(has(d, "OpBitcast %uint")) << d;            // and back
  EXPECT_FALSE(has(d, "NotSupported")) << d;
}

TEST(SpirvBufferView, SpecBufferArrayViewExampleInAUniformBuffer) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
const stride = 32;
const N = 4;
const size = 2048;
struct strided_u32 { @size(stride) a : u32, }
@group(0) @binding(0) var<uniform> in : buffer<size>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, N>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) offset : u32) {
  var tmp : array<u32, N>;
  let view = bufferArrayView<array<strided_u32>>(&in, offset, stride * N);
  for (var i = 0; i < N; i++) { tmp[i] = (*view)[i].a; }
  out = tmp;
})",
                                     "main");
  // buffer<2048> in the uniform address space: 512 words, stride 4
  EXPECT_TRUE(has(d, "OpTypeArray %uint %uint_512")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %_arr_uint_uint_512 ArrayStride 4")) << d;
  EXPECT_TRUE(has(d, "OpUDiv")) << d;          // the size rounded down to the stride
  EXPECT_FALSE(has(d, "OpArrayLength")) << d;  // the size is known
}

TEST(SpirvBufferView, OffsetRoundedDownToTheAlignmentAndClampedToFit) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<256>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<vec4f>(&b, i) = vec4f(1);
})",
                                     "main");
  // vec4f: RequiredAlignOf 16 -> offset & ~15 (4294967280); room for 16 bytes: 240
  EXPECT_GE(count(d, "%uint_4294967280"), 2u) << d;
  EXPECT_TRUE(has(d, "%uint_240")) << d;
  EXPECT_TRUE(has(d, "%uint_63")) << d;  // the word clamp: 64 words
  EXPECT_EQ(count(d, "OpStore"), 4u) << d;
}

TEST(SpirvBufferView, ClampIndicesOffLeavesOnlyTheAlignment) {
  bindery::spirv::Options o;
  o.clampIndices = false;
  auto c = compile(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<256>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<vec4f>(&b, i) = vec4f(1);
})",
                   "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_FALSE(has(c.disassembly, "UMin")) << c.disassembly;
  EXPECT_TRUE(has(c.disassembly, "%uint_4294967280")) << c.disassembly;
}

TEST(SpirvBufferView, WorkgroupBufferIsAZeroedWordArray) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> out : array<u32, 2>;
var<workgroup> g : buffer<64>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<u32>(&g, i * 4) = i;
  workgroupBarrier();
  out[0] = *bufferView<u32>(&g, 4u);
  out[1] = bufferLength(&g);
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpTypeArray %uint %uint_16")) << d;
  EXPECT_TRUE(has(d, "Workgroup")) << d;
  EXPECT_TRUE(has(d, "OpConstantNull %_arr_uint_uint_16")) << d;  // zero-initialised
  EXPECT_TRUE(has(d, " %uint_64\n")) << d;  // bufferLength is a constant, stored
}

TEST(SpirvBufferView, OverrideSizedWorkgroupBuffer) {
  bindery::spirv::Options o;
  o.overrideValues["n"] = 32;
  auto c = compile(R"(requires buffer_view;
override n : u32;
var<workgroup> g : buffer<n>;
@group(0) @binding(0) var<storage, read_write> out : u32;
@compute @workgroup_size(1) fn main() { out = bufferLength(&g) + *bufferView<u32>(&g, 28); })",
                   "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_TRUE(has(c.disassembly, "OpTypeArray %uint %uint_8")) << c.disassembly;
}

TEST(SpirvBufferView, ScalarsVectorsMatricesStructsAndArrays) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
struct S { a : i32, b : vec3f, c : array<u32, 3>, m : mat2x3f, }
@group(0) @binding(0) var<storage, read_write> b : buffer;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  let s = bufferView<S>(&b, i * 16);
  (*s).a += 1;
  (*s).b.y = 2.0;
  (*s).c[i] = 3u;
  (*s).m[1] = vec3f(4.0);
  *bufferView<S>(&b, 512) = *s;
  let big = bufferView<array<vec2i, 20>>(&b, 1024);
  *bufferView<array<vec2i, 20>>(&b, 2048) = *big;
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpLoopMerge")) << d;  // arrays of more than 8 elements: a loop
  EXPECT_TRUE(has(d, "OpBitcast %int")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %S")) << d;
}

TEST(SpirvBufferView, RuntimeSizedArrayViewAndItsLength) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
struct Tail { n : u32, items : array<vec2f>, }
@group(0) @binding(0) var<storage, read_write> b : buffer;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  let t = bufferArrayView<Tail>(&b, 64, 8 + 8 * 10);
  (*t).n = arrayLength(&(*t).items);
  (*t).items[i] = vec2f(1.0);
  let all = bufferView<array<u32>>(&b, 0);
  (*all)[i] = arrayLength(all);
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpUGreaterThan")) << d;  // the region's end past the array's start
  EXPECT_TRUE(has(d, "OpUDiv %uint")) << d;
  EXPECT_TRUE(has(d, "OpSelect %uint")) << d;  // an empty region clamps to element 0
}

TEST(SpirvBufferView, I32OffsetIsReadAsU32) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<64>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  *bufferView<i32>(&b, i32(i) - 4) = -1;
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpBitcast %uint")) << d;
  EXPECT_TRUE(has(d, "%uint_60")) << d;  // room: 64 - 4
}

TEST(SpirvBufferView, BufferPointersCrossCallsWithTheirLength) {
  // #bufferlength-builtin's example: the smallest size met on the way
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage> b1 : buffer<2048>;
@group(0) @binding(1) var<storage> b2 : buffer;
@group(0) @binding(2) var<storage, read_write> out : array<u32, 6>;
fn foobar(p : ptr<storage, buffer>) -> u32 { return bufferLength(p); }
fn bar(p : ptr<storage, buffer<1024>>) -> u32 { return foobar(p); }
fn foo(p : ptr<storage, buffer<256>>) -> u32 { return bufferLength(p) + *bufferView<u32>(p, 252); }
@compute @workgroup_size(1) fn main() {
  out[0] = foo(&b1);
  out[1] = bar(&b1);
  out[2] = foobar(&b1);
  out[3] = foobar(&b2);
  out[4] = bufferLength(&b2);
  out[5] = *bufferView<u32>(&b2, 4);
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpFunctionCall %uint %foobar %b1 %uint_2048")) << d;
  EXPECT_TRUE(has(d, "OpFunctionCall %uint %foobar %p_0 %uint_1024")) << d;
  EXPECT_TRUE(has(d, "VariablePointersStorageBuffer")) << d;
}

TEST(SpirvBufferView, UniformAndWorkgroupBufferPointersAreBound) {
  SPIRV_EXPECT_VALID(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<uniform> u : buffer<64>;
var<workgroup> w : buffer<128>;
@group(0) @binding(1) var<storage, read_write> out : array<u32, 4>;
fn len(p : ptr<uniform, buffer>) -> u32 { return bufferLength(p); }
fn first(p : ptr<workgroup, buffer<128>>) -> vec4u { return *bufferView<vec4u>(p, 16); }
@compute @workgroup_size(1) fn main() {
  out[0] = len(&u);
  out[1] = first(&w).x + (*bufferView<vec4u>(&u, 48)).w;
})",
                     "main");
}

TEST(SpirvBufferView, F16HalvesThroughVec2AndAtomicStores) {
  bindery::spirv::Options o;
  auto c = compile(R"(enable f16;
requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<64>;
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i : u32) {
  let h = *bufferView<f16>(&b, i * 2);
  *bufferView<f16>(&b, 34) = h + 1.0h;
  *bufferView<vec3h>(&b, 40) = vec3h(h);
  *bufferView<vec4h>(&b, 48) = *bufferView<vec4h>(&b, 8);
})",
                   "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  const std::string& d = c.disassembly;
  EXPECT_TRUE(has(d, "OpBitcast %v2half")) << d;
  EXPECT_TRUE(has(d, "OpVectorExtractDynamic %half")) << d;
  EXPECT_EQ(count(d, "OpAtomicAnd"), 2u) << d;  // the f16 and vec3h's third half
  EXPECT_EQ(count(d, "OpAtomicOr"), 2u) << d;
  EXPECT_FALSE(has(d, "StorageBuffer16BitAccess")) << d;  // only words are accessed
}

TEST(SpirvBufferView, ViewsPassedToFunctionsSpecialiseTheCallee) {
  // a view of a buffer variable binds the variable; a view of a storage buffer
  // parameter passes the buffer pointer; offset and end cross as u32s
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
requires unrestricted_pointer_parameters;
@group(0) @binding(0) var<storage, read_write> b : buffer;
@group(0) @binding(1) var<uniform> u : buffer<64>;
var<workgroup> w : buffer<32>;
fn put(p : ptr<storage, u32, read_write>, v : u32) { *p = v; }
fn count(p : ptr<storage, array<u32>, read_write>) -> u32 { return arrayLength(p); }
fn read4(p : ptr<uniform, vec4u>) -> u32 { return (*p).w; }
fn wg(p : ptr<workgroup, vec2u>) -> u32 { return (*p).y; }
fn viaParam(q : ptr<storage, buffer, read_write>) { put(bufferView<u32>(q, 8), 5u); }
@compute @workgroup_size(1) fn main() {
  put(bufferView<u32>(&b, 0), count(bufferArrayView<array<u32>>(&b, 16, 32)));
  put(bufferView<u32>(&b, 4), read4(bufferView<vec4u>(&u, 16)) + wg(bufferView<vec2u>(&w, 8)));
  viaParam(&b);
})",
                                     "main");
  // the entry wrapper, main, put for &b, put for q, viaParam
  EXPECT_EQ(count(d, "OpFunction %void"), 5u) << d;
  EXPECT_TRUE(has(d, "VariablePointersStorageBuffer")) << d;
}

TEST(SpirvBufferView, EveryWayAPointerFlows) {
  // let-bound buffer pointers, workgroupUniformLoad, phony assignments,
  // increments, multi-component swizzles of a view, nested loops (an array of
  // structs with f16 members past the unroll limit)
  auto c = compile(R"(enable f16;
requires buffer_view;
struct H { a : f16, b : f16, c : vec3h, }
@group(0) @binding(0) var<storage, read_write> b : buffer;
var<workgroup> w : buffer<256>;
@compute @workgroup_size(1) fn main() {
  let q = &b;
  let p = bufferView<vec4u>(q, 16);
  _ = bufferView<u32>(&b, 0);
  _ = *p;
  (*p).x++;
  (*p)[2] += 3u;
  *bufferView<vec2u>(&b, 0) = (*p).wz;
  let x = workgroupUniformLoad(bufferView<u32>(&w, 4));
  let hs = bufferView<array<H, 12>>(&b, 64);
  *bufferView<array<H, 12>>(&w, 0) = *hs;
  (*hs)[x].c.y = 1.0h;
})",
                   "main");
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_GE(count(c.disassembly, "OpLoopMerge"), 2u) << c.disassembly;
  EXPECT_TRUE(has(c.disassembly, "OpControlBarrier")) << c.disassembly;
}

TEST(SpirvBufferView, LoopLoweringIsAStructuredCountedLoop) {
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer<1024>;
@compute @workgroup_size(1) fn main() {
  *bufferView<array<u32, 100>>(&b, 400) = *bufferView<array<u32, 100>>(&b, 0);
})",
                                     "main");
  // two loops (the load into a function variable, the store out of one),
  // each: header (counter < 100, OpLoopMerge, OpBranchConditional), body, continue
  EXPECT_EQ(count(d, "OpLoopMerge"), 2u) << d;
  EXPECT_EQ(count(d, "OpULessThan %bool"), 2u) << d;
  EXPECT_TRUE(has(d, "%uint_100")) << d;
  EXPECT_TRUE(has(d, "OpVariable %_ptr_Function__arr_uint_uint_100 Function")) << d;
  // one word access in each loop body, not 100 unrolled
  EXPECT_EQ(count(d, "OpAccessChain %_ptr_StorageBuffer_uint"), 2u) << d;
}

TEST(SpirvBufferView, CountedLoopsInsideConditionsAndContinuing) {
  // a whole-array load past the unroll limit is a loop wherever the expression
  // is: a while condition, an if condition, a switch selector, a break-if
  std::string d = SPIRV_EXPECT_VALID(R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b : buffer;
fn at(x : array<u32, 16>, i : u32) -> u32 { return x[i]; }
@compute @workgroup_size(1) fn main() {
  let a = bufferView<array<u32, 16>>(&b, 0);
  while (at(*a, 0u) < 4u && at(*bufferView<array<u32, 16>>(&b, 64), 1u) == 0u) {
    (*a)[0]++;
  }
  if (at(*bufferView<array<u32, 16>>(&b, 128), 2u) == 1u) { (*a)[3] = 1u; }
  switch (at(*a, 3u)) { case 1u: { (*a)[4] = 2u; } default: {} }
  loop {
    (*a)[5]++;
    continuing { break if at(*bufferView<array<u32, 16>>(&b, 256), 5u) > 8u; }
  }
})",
                                     "main");
  // the five loads share one function and its loop; the two WGSL loops
  EXPECT_EQ(count(d, "OpLoopMerge"), 1u + 2u) << d;
  EXPECT_EQ(count(d, "OpFunctionCall %_arr_uint_uint_16 %bufferView_load"), 5u) << d;
}

}  // namespace
