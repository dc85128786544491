// Builtin functions: numeric (GLSL.std.450 where WGSL's semantics match),
// bit operations, pack/unpack, dot4*Packed, frexp/modf result structs.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

TEST(SpirvBuiltins, Numeric) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: vec3f;
@group(0) @binding(1) var<storage, read_write> s: f32;
@group(0) @binding(2) var<storage, read_write> i: vec2i;
@group(0) @binding(3) var<storage, read_write> u: u32;
@compute @workgroup_size(1) fn main() {
  v = abs(v) + acos(v) + asin(v) + atan(v) + atan2(v, v) + ceil(v) + cos(v) + cosh(v) + exp(v) +
      exp2(v) + floor(v) + fract(v) + inverseSqrt(v) + log(v) + log2(v) + pow(v, v) + round(v) +
      sign(v) + sin(v) + sinh(v) + sqrt(v) + tan(v) + tanh(v) + trunc(v) + degrees(v) + radians(v);
  v = clamp(v, vec3f(0.0), vec3f(1.0)) + mix(v, v, 0.5) + mix(v, v, v) + smoothstep(v, v, v) +
      step(v, v) + fma(v, v, v) + saturate(v) + min(v, v) + max(v, v);
  v = cross(v, v) + normalize(v) + reflect(v, v) + refract(v, v, 1.5) + faceForward(v, v, v);
  s = length(v) + distance(v, v) + dot(v, v) + determinant(mat2x2f(1.0, 2.0, 3.0, s));
  s += quantizeToF16(s) + ldexp(s, 2) + acosh(s) + asinh(s) + atanh(s);
  i = clamp(i, vec2i(-1), vec2i(1)) + abs(i) + sign(i) + min(i, i) + max(i, i);
  i.x = dot(i, i);
  u = clamp(u, 1u, 5u) + abs(u) + min(u, 3u) + max(u, 1u);
  let fr = frexp(s);
  let mf = modf(v);
  s = fr.fract + f32(fr.exp) + mf.whole.x + mf.fract.y;
  let t = transpose(mat2x3f(v, v));
  v = vec3f(t[0], t[1].x);
})",
                     "main");
}

TEST(SpirvBuiltins, BitsAndPacking) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> u: vec2u;
@group(0) @binding(1) var<storage, read_write> i: i32;
@group(0) @binding(2) var<storage, read_write> f: vec4f;
@compute @workgroup_size(1) fn main() {
  u = countOneBits(u) + countLeadingZeros(u) + countTrailingZeros(u) + reverseBits(u) +
      firstLeadingBit(u) + firstTrailingBit(u) + extractBits(u, 3u, u.y) + insertBits(u, u, 1u, u.x);
  i = countLeadingZeros(i) + firstLeadingBit(i) + extractBits(i, u.x, u.y) + countTrailingZeros(i);
  u.x = pack4x8snorm(f) + pack4x8unorm(f) + pack2x16snorm(f.xy) + pack2x16unorm(f.zw) +
        pack2x16float(f.xy) + pack4xI8(vec4i(i)) + pack4xU8(u.xyxy) + pack4xI8Clamp(vec4i(i)) +
        pack4xU8Clamp(u.xxyy);
  f = unpack4x8snorm(u.x) + unpack4x8unorm(u.y) + vec4f(unpack2x16snorm(u.x), unpack2x16unorm(u.y)) +
      vec4f(unpack2x16float(u.x), 0.0, 0.0) + vec4f(unpack4xI8(u.x)) + vec4f(unpack4xU8(u.y));
  u.y = dot4U8Packed(u.x, u.y);
  i = dot4I8Packed(u.x, u.y);
})",
                                     "main");
  EXPECT_NE(d.find("OpBitFieldUExtract"), std::string::npos) << d;
  EXPECT_NE(d.find("PackHalf2x16"), std::string::npos) << d;
}

TEST(SpirvBuiltins, BarriersAndWorkgroupUniformLoad) {
  std::string d = SPIRV_EXPECT_VALID(R"(
var<workgroup> shared_value: u32;
@group(0) @binding(0) var<storage, read_write> out: u32;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {
  if i == 0u { shared_value = 42u; }
  storageBarrier();
  out = workgroupUniformLoad(&shared_value);
  textureBarrier();
})",
                                     "main");
  EXPECT_NE(d.find("OpControlBarrier"), std::string::npos) << d;
}

}  // namespace
