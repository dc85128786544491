// WGSL's defined behaviour where SPIR-V's is undefined: the structure of the
// lowering (the guard's select and clamp), not byte-exact dumps.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;

bool has(const std::string& d, const char* s) {
  return d.find(s) != std::string::npos;
}

TEST(SpirvGuards, SignedDivisionGuardsZeroAndIntMinByMinusOne) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: array<i32, 4>;
@compute @workgroup_size(1) fn main() {
  v[0] = v[1] / v[2];
  v[3] = v[1] % v[2];
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpIEqual")) << d;
  EXPECT_TRUE(has(d, "OpLogicalAnd")) << d;  // a == INT_MIN && b == -1
  EXPECT_TRUE(has(d, "OpLogicalOr")) << d;   // b == 0 || overflow
  EXPECT_TRUE(has(d, "OpSelect")) << d;      // divisor replaced by 1
  EXPECT_TRUE(has(d, "OpSDiv")) << d;
  // The truncated remainder as a - (a / b) * b, never OpSRem (see
  // integer_guards.cpp: NVIDIA's driver computes OpSRem as unsigned).
  EXPECT_FALSE(has(d, "OpSRem")) << d;
  EXPECT_TRUE(has(d, "OpIMul")) << d;
  EXPECT_TRUE(has(d, "OpISub")) << d;
  EXPECT_TRUE(has(d, "-2147483648")) << d;
}

TEST(SpirvGuards, UnsignedDivisionGuardsZeroOnly) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: vec4u;
@compute @workgroup_size(1) fn main() {
  v = v / v.yzwx;
  v.x = v.y % 3u;
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpUDiv")) << d;
  EXPECT_TRUE(has(d, "OpSelect %v4uint")) << d;  // vector guard
  EXPECT_FALSE(has(d, "OpLogicalAnd")) << d;
}

TEST(SpirvGuards, ShiftAmountsModuloBitWidth) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: array<i32, 2>;
@group(0) @binding(1) var<storage, read_write> s: u32;
@compute @workgroup_size(1) fn main() {
  v[0] = v[0] << s;
  v[1] = v[1] >> s;
  var w = vec2u(1u, 2u);
  w <<= vec2u(s);
  s = w.x;
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpBitwiseAnd %uint")) << d;
  EXPECT_TRUE(has(d, "%uint_31")) << d;
  EXPECT_TRUE(has(d, "OpShiftRightArithmetic")) << d;
  EXPECT_TRUE(has(d, "OpShiftLeftLogical %v2uint")) << d;
}

TEST(SpirvGuards, FloatToIntSaturates) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> f: vec2f;
@group(0) @binding(1) var<storage, read_write> r: vec2i;
@group(0) @binding(2) var<storage, read_write> u: u32;
@compute @workgroup_size(1) fn main() {
  r = vec2i(f);
  u = u32(f.x);
})",
                                     "main");
  EXPECT_TRUE(has(d, "NClamp")) << d;
  EXPECT_TRUE(has(d, "OpConvertFToS %v2int")) << d;
  EXPECT_TRUE(has(d, "OpConvertFToU %uint")) << d;
  EXPECT_TRUE(has(d, "2.14748352e+09")) << d;  // the largest f32 below 2^31
}

TEST(SpirvGuards, ArrayIndexClampedToCount) {
  std::string d = SPIRV_EXPECT_VALID(R"(
var<private> a: array<f32, 8>;
@group(0) @binding(0) var<storage, read_write> i: i32;
@group(0) @binding(1) var<storage, read_write> o: f32;
@compute @workgroup_size(1) fn main() {
  o = a[i];
  a[i + 1] = 2.0;
})",
                                     "main");
  EXPECT_TRUE(has(d, "UMin")) << d;
  EXPECT_TRUE(has(d, "%uint_7")) << d;
}

TEST(SpirvGuards, RuntimeArrayIndexClampedToArrayLength) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> data: array<vec4f>;
@group(0) @binding(1) var<uniform> i: u32;
@compute @workgroup_size(1) fn main() {
  data[i] = data[i + 1u];
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpArrayLength")) << d;
  EXPECT_TRUE(has(d, "UMin")) << d;
}

TEST(SpirvGuards, VectorAndMatrixIndicesClamped) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> m: mat3x3f;
@group(0) @binding(1) var<storage, read_write> i: u32;
@compute @workgroup_size(1) fn main() {
  var v = vec4f(1.0, 2.0, 3.0, 4.0);
  m[i][i] = v[i];
  let copy = m;
  m[0][0] = copy[i].x;
})",
                                     "main");
  EXPECT_TRUE(has(d, "%uint_3")) << d;
  EXPECT_TRUE(has(d, "%uint_2")) << d;
  EXPECT_TRUE(has(d, "UMin")) << d;
}

TEST(SpirvGuards, ClampingCanBeTurnedOffForMeasurements) {
  bindery::spirv::Options o;
  o.clampIndices = false;
  auto c = compile(R"(
var<private> a: array<f32, 8>;
@group(0) @binding(0) var<storage, read_write> i: i32;
@compute @workgroup_size(1) fn main() { a[i] = 1.0; })",
                   "main", o);
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  EXPECT_FALSE(has(c.disassembly, "UMin"));
}

}  // namespace
