// Parameters a call binds at compile time (functions.cpp, ParamBinding):
// uniform and workgroup pointers (to a whole variable or any part of one) and
// texture_external arguments specialise the callee, so no such pointer
// crosses an OpFunctionCall (logical addressing); the run-time indices of the
// argument's access chain are passed as u32 parameters. Also private
// variables initialised with an override-expression (stored at entry) and
// arrayLength through every pointer form.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

TEST(SpirvBoundParameters, UniformPointerToTheWholeVariableAndToAnElement) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct U { a: vec4f, b: array<vec4f, 4> }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 4>;
fn whole(p: ptr<uniform, U>, i: u32) -> f32 { return (*p).b[i].y + p.a.x; }
fn element(p: ptr<uniform, vec4f>) -> f32 { return (*p).z; }
fn nested(p: ptr<uniform, U>, i: u32) -> f32 { return element(&(*p).b[i]); }
@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) li: u32) {
  out[0] = whole(&u, 2u) + element(&u.b[1]) + element(&u.b[li]) + nested(&u, li);
})",
                                     "main");
  // no function takes a Uniform pointer: each reaches `u` by an access chain
  EXPECT_EQ(d.find("OpFunctionParameter %_ptr_Uniform"), std::string::npos) << d;
  // element(&u.b[1]) (constant chain: no parameter) and element(&u.b[li]) (one u32)
  EXPECT_GE(count(d, "OpAccessChain %_ptr_Uniform_v4float %u %uint_0 %uint_1"), 1u) << d;
  EXPECT_GE(count(d, "OpFunctionParameter %uint"), 3u) << d;
}

TEST(SpirvBoundParameters, UniformPointerVariantsAreEmittedOncePerWay) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<uniform> u: array<vec4f, 4>;
@group(0) @binding(1) var<uniform> v: array<vec4f, 4>;
@group(0) @binding(2) var<storage, read_write> out: f32;
fn x(p: ptr<uniform, vec4f>) -> f32 { return (*p).x; }
@compute @workgroup_size(1) fn main() {
  out = x(&u[0]) + x(&u[0]) + x(&u[1]) + x(&v[0]);
})",
                                     "main");
  // three ways (u[0], u[1], v[0]), so three functions named x
  EXPECT_EQ(count(d, "OpFunctionCall %float %x"), 4u) << d;
  EXPECT_EQ(count(d, "OpFunction %float"), 3u) << d;
}

TEST(SpirvBoundParameters, WorkgroupPointerToAnElement) {
  std::string d = SPIRV_EXPECT_VALID(R"(
var<workgroup> w: array<atomic<u32>, 4>;
var<workgroup> v: array<vec2f, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
fn inc(p: ptr<workgroup, atomic<u32>>) -> u32 { return atomicAdd(p, 1u); }
fn put(p: ptr<workgroup, vec2f>) { (*p).y = 3.0; }
fn both(p: ptr<workgroup, array<vec2f, 4>>, i: u32) { put(&(*p)[i]); }
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) li: u32) {
  out[li] = inc(&w[li % 4u]);
  put(&v[li]);
  both(&v, 3u);
  workgroupBarrier();
  out[li] += u32(v[li].y);
})",
                                     "main");
  EXPECT_EQ(d.find("OpFunctionParameter %_ptr_Workgroup"), std::string::npos) << d;
  // the atomic reaches the shared variable itself, not a copy
  EXPECT_NE(d.find("OpAccessChain %_ptr_Workgroup_uint %w"), std::string::npos) << d;
}

TEST(SpirvBoundParameters, TextureExternalParameter) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var t: texture_external;
@group(0) @binding(3) var t2: texture_external;
@group(0) @binding(1) var sm: sampler;
@group(0) @binding(2) var<storage, read_write> out: vec4f;
fn fetch(tex: texture_external, c: vec2u) -> vec4f {
  return textureLoad(tex, c) + textureSampleBaseClampToEdge(tex, sm, vec2f(0.5)) +
         vec4f(vec2f(textureDimensions(tex)), 0, 0);
}
fn outer(tex: texture_external) -> vec4f { return fetch(tex, vec2u(1)); }
@fragment fn main() -> @location(0) vec4f { return outer(t) + fetch(t, vec2u(0)) + outer(t2); }
)",
                                     "main");
  // each texture's planes and parameters once, whoever reads them
  EXPECT_EQ(count(d, "OpDecorate %t_plane0 Binding 0"), 1u) << d;
  EXPECT_EQ(count(d, "OpDecorate %t_plane1 Binding 1000"), 1u) << d;
  EXPECT_EQ(count(d, "OpDecorate %t2_params Binding 2003"), 1u) << d;
  EXPECT_EQ(d.find("OpFunctionParameter %_ptr_UniformConstant"), std::string::npos) << d;
}

TEST(SpirvBoundParameters, PrivateInitialisedWithAnOverrideExpression) {
  bindery::spirv::Options o;
  o.overrideValues = {{"n", 5.0}};
  auto c = compile(R"(
override n: u32 = 3u;
var<private> x = n * 2u;
var<private> arr = array(n, n + 1u);
fn f() -> u32 { return x + arr[1]; }
@group(0) @binding(1) var<storage, read_write> out: u32;
@compute @workgroup_size(1) fn main() { out = f(); })",
                   "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  // stored by the entry point before the WGSL entry point runs
  const std::string& d = c.disassembly;
  size_t storeX = d.find("OpStore %x");
  size_t call = d.find("OpFunctionCall %void %main");
  EXPECT_NE(storeX, std::string::npos) << d;
  EXPECT_LT(storeX, call) << d;
  EXPECT_NE(d.find("OpStore %arr"), std::string::npos) << d;
  EXPECT_NE(d.find("%uint_5"), std::string::npos) << d;  // n's pipeline value
}

TEST(SpirvBoundParameters, ArrayLengthThroughEveryPointerForm) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct S { n: u32, d: array<u32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> r: array<u32>;
fn len1(p: ptr<storage, S, read_write>) -> u32 { let q = &(*p).d; return arrayLength(q); }
fn len2(p: ptr<storage, array<u32>, read_write>) -> u32 {
  let q = p;
  return arrayLength(q) + arrayLength(&*p) + arrayLength(&(*q));
}
fn len3(p: ptr<storage, S, read_write>) -> u32 {
  let q = p;
  return arrayLength(&p.d) + arrayLength(&(*p).d) + arrayLength(&q.d) + q.d[q.n];
}
@compute @workgroup_size(1) fn main() {
  let q = &s;
  let z = &q.d;
  s.n = len1(&s) + len2(&r) + len3(q) + arrayLength(z) + arrayLength(&(*q).d) + (*z)[9];
})",
                                     "main");
  EXPECT_NE(d.find("OpArrayLength %uint %s 1"), std::string::npos) << d;
}

}  // namespace
