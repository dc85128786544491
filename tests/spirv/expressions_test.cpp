// Expressions: operators over scalars/vectors/matrices, conversions, bitcast,
// swizzles, constructors, abstract literals concretized at their use.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

TEST(SpirvExpressions, ArithmeticOverShapes) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> o: vec4f;
@group(0) @binding(1) var<storage, read_write> m: mat4x4f;
@group(0) @binding(2) var<storage, read_write> iv: vec3i;
@compute @workgroup_size(1) fn main() {
  let v = o * 2.0 + 1.0;
  let w = 3.0 * v - vec4f(1.0);
  o = m * w + w * m;
  m = m * m + m - 2.0 * m;
  iv = -iv * 3 + vec3i(1, 2, 3) % 2;
  iv = (~iv & vec3i(0xff)) | (iv ^ iv);
})",
                                     "main");
  EXPECT_NE(d.find("OpMatrixTimesVector"), std::string::npos) << d;
  EXPECT_NE(d.find("OpVectorTimesMatrix"), std::string::npos) << d;
  EXPECT_NE(d.find("OpMatrixTimesMatrix"), std::string::npos) << d;
  EXPECT_NE(d.find("OpVectorTimesScalar"), std::string::npos) << d;
}

TEST(SpirvExpressions, ComparisonsAndLogic) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> f: vec2f;
@group(0) @binding(1) var<storage, read_write> u: u32;
@compute @workgroup_size(1) fn main() {
  let a = f < vec2f(1.0) ;
  let b = (!(f.x != f.y) & (u >= 3u)) | (u == 2u);
  if (all(a) && any(a != vec2(true, false))) || b { u = select(1u, 2u, b); }
  f = select(f, vec2f(0.0), a);
})",
                     "main");
}

TEST(SpirvExpressions, ConversionsAndBitcast) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> f: f32;
@group(0) @binding(1) var<storage, read_write> u: u32;
@group(0) @binding(2) var<storage, read_write> i: i32;
@compute @workgroup_size(1) fn main() {
  f = f32(u) + f32(i) + f32(u > 1u);
  i = i32(u) + i32(f != 0.0);
  u = bitcast<u32>(f) + u32(true) + bitcast<u32>(i);
  f = bitcast<f32>(u);
  let b = bool(i) && bool(f);
  u = u32(b);
})",
                                     "main");
  EXPECT_NE(d.find("OpConvertUToF"), std::string::npos);
  EXPECT_NE(d.find("OpConvertSToF"), std::string::npos);
  EXPECT_NE(d.find("OpBitcast"), std::string::npos);
}

TEST(SpirvExpressions, SwizzlesAndConstructors) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: vec4f;
@compute @workgroup_size(1) fn main() {
  let a = v.wzyx;
  v.y = a.x;
  v = vec4f(a.xy, vec2f(a.z));
  let m = mat2x2f(v.xy, v.zw);
  let n = mat2x2f(1.0, 2.0, 3.0, 4.0);
  let z = mat2x2f();
  v = vec4f((m + n + z)[0], m[1].yx);
  let arr = array<vec2f, 2>(v.xy, v.zw);
  v.x = arr[1].y;
})",
                     "main");
}

TEST(SpirvExpressions, RuntimeIndexIntoArrayValue) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> i: i32;
@compute @workgroup_size(1) fn main() {
  let table = array(10, 20, 30, i);
  i = table[i];
}
)",
                     "main");
}

}  // namespace
