// Constant evaluation of builtins at their boundaries (issue 18): each
// builtin's "It is a shader-creation error if" clause, domains
// (#floating-point-evaluation), and the cases where the spec gives a value.
#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

TEST(ConstEvalBuiltins, AbsOfTheMostNegativeI32IsItself) {  // #abs-builtin
  parseOk("const_assert abs(i32(-2147483648)) == i32(-2147483648) && abs(-5i) == 5i;");
  parseOk("const_assert abs(-9223372036854775807) == 9223372036854775807;");
  EXPECT_TRUE(
      fails("const a = abs(-9223372036854775807 - 1);", "cannot be represented as an AbstractInt"));
}

TEST(ConstEvalBuiltins, DomainsOfHyperbolicFunctionsAndPow) {
  parseOk("const_assert acosh(1.0) == 0.0 && atanh(0.0) == 0.0 && asinh(0.0) == 0.0;");
  parseOk("const_assert pow(2.0, 10.0) == 1024.0 && pow(0.0, 1.0) == 0.0;");
  EXPECT_TRUE(fails("const a = acosh(0.5);",
                    "acosh(0.5): 0.5 is outside the domain of 'acosh', [1, +infinity]"));
  EXPECT_TRUE(
      fails("const a = atanh(1.0);", "atanh(1.0): value infinity is not a finite AbstractFloat"));
  EXPECT_TRUE(fails("const a = atanh(-2.0f);", "-2.0 is outside the domain of 'atanh', [-1, 1]"));
  EXPECT_TRUE(fails("const a = pow(-2.0, 2.0);", "outside the domain of pow"));
  EXPECT_TRUE(fails("const a = pow(0.0, 0.0);", "outside the domain of pow"));
  EXPECT_TRUE(fails("const a = pow(10.0f, 39.0f);", "cannot be represented as 'f32'"));
}

TEST(ConstEvalBuiltins, ClampAndSmoothstepBounds) {
  parseOk("const_assert clamp(5, 0, 3) == 3 && clamp(1.5, 1.5, 1.5) == 1.5;");
  parseOk("const_assert smoothstep(0.0, 1.0, 0.5) == 0.5 && smoothstep(1.0, 0.0, 1.0) == 0.0;");
  EXPECT_TRUE(
      fails("const a = clamp(1, 3, 2);", "clamp(1, 3, 2): low (3) is greater than high (2)"));
  EXPECT_TRUE(fails("const a = clamp(vec2(1.0), vec2(0.0, 2.0), vec2(1.0));",
                    "clamp(1.0, 2.0, 1.0) (component 1): low (2.0) is greater than high (1.0)"));
  EXPECT_TRUE(fails("const a = smoothstep(1.0, 1.0, 0.5);", "edge0 and edge1 are both"));
}

TEST(ConstEvalBuiltins, LdexpExponentLimit) {  // #ldexp-builtin: e2 > bias + 1
  parseOk("const_assert ldexp(1.0f, 3) == 8.0f && ldexp(1.0, 1000) > 0.0;");
  parseOk("const_assert ldexp(0.5f, 128) == ldexp(0.5f, 128);");
  EXPECT_TRUE(fails("const a = ldexp(1.0f, 129);", "exponent 129 is greater than 128"));
  EXPECT_TRUE(fails("const a = ldexp(1.0, 1025);", "greater than 1024"));
}

TEST(ConstEvalBuiltins, ExtractAndInsertBits) {  // offset + count > 32
  parseOk("const_assert extractBits(0xF0u, 4u, 4u) == 0xFu && extractBits(0xF0i, 4u, 4u) == -1i;");
  parseOk(
      "const_assert insertBits(0u, 3u, 30u, 2u) == 0xC0000000u && extractBits(7u, 0u, 0u) == 0u;");
  parseOk("const_assert extractBits(1u, 0u, 32u) == 1u;");
  EXPECT_TRUE(fails("const a = extractBits(1u, 30u, 3u);",
                    "extractBits: offset 30 + count 3 is greater than the bit width 32"));
  EXPECT_TRUE(fails("const a = insertBits(1i, 2i, 1u, 32u);", "insertBits: offset 1 + count 32"));
}

TEST(ConstEvalBuiltins, F16RangeOfQuantizeAndPack) {
  parseOk("const_assert quantizeToF16(1.0f) == 1.0f && quantizeToF16(65504.0f) == 65504.0f;");
  parseOk("const_assert pack2x16float(vec2f(1.0, -2.0)) == 0xC0003C00u;");
  EXPECT_TRUE(fails("const a = quantizeToF16(65520.0f);", "outside the finite range of f16"));
  EXPECT_TRUE(fails("const a = pack2x16float(vec2f(1e10, 0));", "outside the finite range of f16"));
}

TEST(ConstEvalBuiltins, BitcastToNanOrInfinityIsAnError) {  // #bitcast-builtin
  parseOk("const_assert bitcast<f32>(0x3f800000u) == 1.0f && bitcast<u32>(1.0f) == 0x3f800000u;");
  parseOk("const_assert bitcast<i32>(0xffffffffu) == -1i;");
  parseOk("enable f16;\nconst_assert bitcast<vec2<f16>>(0x3c003c00u).y == 1.0h;");
  EXPECT_TRUE(fails("const a = bitcast<f32>(0x7f800000u);", "f32 NaN or infinity"));
  EXPECT_TRUE(fails("const a = bitcast<f32>(0x7fc00000i);", "f32 NaN or infinity"));
  EXPECT_TRUE(
      fails("enable f16;\nconst a = bitcast<vec2<f16>>(0x7c000000u);", "f16 NaN or infinity"));
}

TEST(ConstEvalBuiltins, GeometricFunctions) {
  parseOk("const_assert dot(vec2(2i, 3i), vec2(4i, 5i)) == 23i;");
  parseOk("const_assert dot(vec2(65536i, 0i), vec2(65536i, 0i)) == 0i;");  // i32 wraps
  EXPECT_TRUE(fails("const a = dot(vec2(4611686018427387904, 0), vec2(4, 0));",
                    "dot: the result overflows AbstractInt"));
  parseOk("const_assert all(reflect(vec2(1.0, -1.0), vec2(0.0, 1.0)) == vec2(1.0, 1.0));");
  parseOk("const_assert all(faceForward(vec2(1.0), vec2(1.0), vec2(-1.0)) == vec2(1.0));");
  parseOk("const_assert all(refract(vec2(0.0, -1.0), vec2(0.0, 1.0), 1.0) == vec2(0.0, -1.0));");
  EXPECT_TRUE(fails("const a = reflect(vec2f(3e38, 0), vec2f(3e38, 0));",
                    "cannot be represented as 'f32'"));
  EXPECT_TRUE(
      fails("const a = normalize(vec2(0.0));", "normalize: the zero vector is outside its domain"));
  EXPECT_TRUE(fails("const a = cross(vec3f(3e38, 3e38, 0), vec3f(-3e38, 3e38, 0));",
                    "cannot be represented as 'f32'"));
}

}  // namespace
}  // namespace bindery::wgsl::test
