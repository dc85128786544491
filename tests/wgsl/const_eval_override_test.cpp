// Override-expressions evaluated at pipeline creation (#override-expr,
// #pipeline-creation-error) with the same error rules as const-expressions,
// and the early evaluation of the operands of runtime expressions that are
// const- or override-expressions (#const-expr): each rule with a passing and
// a failing case, the failing one asserting the message (the expression as
// written and the overrides it uses, with their values).
#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

// The pipeline-creation errors of entry point `main` with `values`.
std::vector<std::string> pipelineErrors(std::string_view src,
                                        std::map<std::string, double> values = {}) {
  Options o;
  o.overrideValues = std::move(values);
  Module m = parseOk(src, o);
  std::vector<std::string> out;
  if (!m.ok()) return {"<shader-creation error>"};
  for (const EntryPoint& ep : m.reflect().entryPoints)
    if (ep.name == "main")
      for (const Diagnostic& d : ep.pipelineErrors) out.push_back(d.message);
  return out;
}

::testing::AssertionResult failsWith(std::string_view src, std::map<std::string, double> values,
                                     std::string_view part) {
  std::vector<std::string> errors = pipelineErrors(src, std::move(values));
  if (errors.empty()) return ::testing::AssertionFailure() << "no pipeline-creation error";
  if (errors.front().find(part) == std::string::npos)
    return ::testing::AssertionFailure() << "first error: " << errors.front();
  return ::testing::AssertionSuccess();
}

TEST(OverrideEvaluation, DivisionByZeroAndOverflowName) {
  constexpr const char* kSrc = R"(
override d : i32 = 1;
@compute @workgroup_size(1) fn main() { var x = 5; x = x / d; _ = 64 % d; }
)";
  EXPECT_TRUE(pipelineErrors(kSrc).empty());
  EXPECT_TRUE(pipelineErrors(kSrc, {{"d", -1}}).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"d", 0}},
                        "integer division by zero (the right-hand side is 0) (in the "
                        "override-expression 'x / d', with d = 0)"));
  // i32 division overflow: both operands override-expressions
  constexpr const char* kMin = R"(
override a : i32 = 0;
override b : i32 = 1;
@compute @workgroup_size(1) fn main() { _ = a / b; }
)";
  EXPECT_TRUE(pipelineErrors(kMin, {{"a", -2147483648.0}, {"b", 1}}).empty());
  EXPECT_TRUE(failsWith(kMin, {{"a", -2147483648.0}, {"b", -1}},
                        "integer division overflows i32 (in the override-expression 'a / b', "
                        "with a = -2147483648, b = -1)"));
  // f32 overflow, infinity
  constexpr const char* kF = R"(
override f : f32 = 1.0;
@compute @workgroup_size(1) fn main() { _ = f * 3e38; }
)";
  EXPECT_TRUE(pipelineErrors(kF, {{"f", 1.1}}).empty());
  EXPECT_TRUE(failsWith(kF, {{"f", 2}},
                        "cannot be represented as 'f32' (in the "
                        "override-expression 'f * 3e38', with f = 2.0)"));
}

TEST(OverrideEvaluation, BuiltinsFollowTheConstRules) {
  constexpr const char* kSrc = R"(
override f : f32 = 0.5;
override lo : i32 = 0;
@compute @workgroup_size(1) fn main() {
  var x = 1;
  _ = sqrt(f) + acos(f);
  x = clamp(x, lo, 4);
}
)";
  EXPECT_TRUE(pipelineErrors(kSrc, {{"f", 1}, {"lo", 4}}).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"f", -1}}, "sqrt(-1.0): -1.0 is outside the domain of 'sqrt'"));
  EXPECT_TRUE(
      failsWith(kSrc, {{"f", 1.5}}, "acos(1.5): 1.5 is outside the domain of 'acos', [-1, 1]"));
  // clamp with e a runtime value: low and high are override-expressions
  EXPECT_TRUE(failsWith(kSrc, {{"lo", 5}},
                        "clamp: low (5) is greater than high (4) (in the override-expression "
                        "'clamp(x, lo, 4)', with lo = 5)"));
  // bitcast of an override to an f32 infinity
  constexpr const char* kBits = R"(
override u : u32 = 0;
@compute @workgroup_size(1) fn main() { _ = bitcast<f32>(u); _ = extractBits(u, u, 2u); }
)";
  EXPECT_TRUE(pipelineErrors(kBits, {{"u", 30}}).empty());
  EXPECT_TRUE(failsWith(kBits, {{"u", 2139095040}}, "bitcast produces an f32 NaN or infinity"));
  EXPECT_TRUE(failsWith(kBits, {{"u", 31}},
                        "extractBits: offset 31 + count 2 is greater than the bit width 32"));
}

TEST(OverrideEvaluation, IndexOutOfBounds) {
  constexpr const char* kSrc = R"(
override i : i32 = 0;
@compute @workgroup_size(1) fn main() {
  var a : array<i32, 4>;
  var v : vec3f;
  var m : mat2x2f;
  a[i + 3] = 1;
  v[i + 2] = 1.0;
  m[i + 1][0] = 1.0;
}
)";
  EXPECT_TRUE(pipelineErrors(kSrc).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"i", 1}},
                        "index 4 is out of bounds for 'array<i32, 4>' (4 elements) (in the "
                        "override-expression 'a[i + 3]', with i = 1)"));
  EXPECT_TRUE(failsWith(kSrc, {{"i", -3}}, "index 0 is out of bounds for 'array<i32, 4>'") ==
              ::testing::AssertionFailure());
  EXPECT_TRUE(failsWith(kSrc, {{"i", -4}}, "index -1 is out of bounds for 'array<i32, 4>'"));
  EXPECT_EQ(pipelineErrors(kSrc, {{"i", 1}}).size(), 3u);  // the vector and the matrix too
  // An override-sized array indexed by a const-expression: its count is
  // known at pipeline creation.
  constexpr const char* kSized = R"(
override n : u32 = 8;
var<workgroup> w : array<f32, n>;
@compute @workgroup_size(1) fn main() { w[4] = 1.0; }
)";
  EXPECT_TRUE(pipelineErrors(kSized, {{"n", 5}}).empty());
  EXPECT_TRUE(failsWith(kSized, {{"n", 4}},
                        "index 4 is out of bounds for 'array<f32, <override>>' (4 elements at "
                        "the override values in use)"));
  EXPECT_TRUE(failsWith(kSized, {{"n", 0}}, "array element count must be greater than 0"));
  // The value of an override-expression index into a const composite.
  parseOk(R"(
override k : i32 = 1;
const table = array(10i, 20i, 30i);
override picked : i32 = table[k];
@compute @workgroup_size(picked) fn main() {}
)");
  Options o;
  o.overrideValues = {{"k", 2}};
  EXPECT_EQ(parseOk("override k : i32 = 1;\nconst table = array(10i, 20i, 30i);\n"
                    "@compute @workgroup_size(table[k]) fn main() {}",
                    o)
                .reflect()
                .entryPoints[0]
                .workgroupSize[0],
            30u);
}

TEST(OverrideEvaluation, WorkgroupSizeAndShifts) {
  constexpr const char* kSrc = R"(
override w : i32 = 8;
override s : u32 = 1;
@compute @workgroup_size(w, 1) fn main() { var x = 1u; x = x << s; }
)";
  EXPECT_TRUE(pipelineErrors(kSrc, {{"w", 1}, {"s", 31}}).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"w", 0}}, "@workgroup_size arguments must be at least 1, got 0"));
  EXPECT_TRUE(failsWith(kSrc, {{"s", 32}},
                        "shift amount 32 must be less than the bit width 32 (in the "
                        "override-expression 'x << s', with s = 32)"));
}

TEST(OverrideEvaluation, CompoundAssignment) {
  constexpr const char* kSrc = R"(
override d : u32 = 1;
@compute @workgroup_size(1) fn main() { var x = 7u; x /= d; }
)";
  EXPECT_TRUE(pipelineErrors(kSrc, {{"d", 7}}).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"d", 0}},
                        "integer division by zero (the right-hand side is 0) (in the "
                        "override-expression 'd', with d = 0)"));
}

TEST(OverrideEvaluation, OverrideInitializers) {
  constexpr const char* kSrc = R"(
override a : i32 = 1;
override b : i32 = 100 / a;
@compute @workgroup_size(1) fn main() { _ = b; }
)";
  EXPECT_TRUE(pipelineErrors(kSrc).empty());
  EXPECT_TRUE(failsWith(kSrc, {{"a", 0}}, "(in the override-expression '100 / a', with a = 0)"));
  // A value given for b replaces its initializer: no error then.
  EXPECT_TRUE(pipelineErrors(kSrc, {{"a", 0}, {"b", 3}}).empty());
}

// Runtime expressions with operands that are const-expressions: a
// shader-creation error; override-expressions: a pipeline-creation error.
TEST(EarlyEvaluation, KnownOperandsOfRuntimeExpressions) {
  parseOk("fn f(x : i32) -> i32 { return clamp(x, 2, 2) + x / 1 + (x << 31u); }");
  EXPECT_TRUE(fails("fn f(x : i32) -> i32 { return clamp(x, 3, 2); }",
                    "clamp: low (3) is greater than high (2)"));
  EXPECT_TRUE(fails("fn f(x : i32) -> i32 { return x / 0; }",
                    "integer division by zero (the right-hand side is 0)"));
  EXPECT_TRUE(
      fails("fn f(x : vec2u) -> vec2u { return x % vec2(1u, 0u); }", "integer remainder by zero"));
  EXPECT_TRUE(fails("fn f(x : i32) -> i32 { return x >> 32u; }",
                    "shift amount 32 must be less than the bit width 32"));
  parseOk("fn f(x : u32) -> u32 { return extractBits(x, 30u, 2u) + insertBits(x, x, 0u, 32u); }");
  EXPECT_TRUE(fails("fn f(x : u32) -> u32 { return extractBits(x, 30u, 3u); }",
                    "extractBits: offset 30 + count 3 is greater than the bit width 32"));
  EXPECT_TRUE(fails("fn f(x : i32) -> i32 { return insertBits(x, x, 1u, 32u); }",
                    "insertBits: offset 1 + count 32"));
  parseOk("fn f(x : f32) -> f32 { return smoothstep(0.0, 1.0, x) + ldexp(x, 128); }");
  EXPECT_TRUE(fails("fn f(x : f32) -> f32 { return smoothstep(1.0, 1.0, x); }",
                    "smoothstep: edge0 and edge1 are both 1.0"));
  EXPECT_TRUE(fails("fn f(x : f32) -> f32 { return ldexp(x, 129); }",
                    "ldexp: the exponent 129 is greater than 128 (the bias of f32 + 1)"));
  // A runtime-sized array's index must not be a negative const-expression.
  constexpr const char* kRuntime =
      "@group(0) @binding(0) var<storage> b : array<u32>;\nfn f() -> u32 { return b[%]; }";
  parseOk(std::string(kRuntime).replace(std::string(kRuntime).find('%'), 1, "0"));
  EXPECT_TRUE(fails(std::string(kRuntime).replace(std::string(kRuntime).find('%'), 1, "-1"),
                    "index -1 of the runtime-sized 'array<u32>' is negative"));
  // Compound assignments are the same operators.
  parseOk("fn f() { var x = 1; x /= 1; x <<= 31u; }");
  EXPECT_TRUE(fails("fn f() { var x = 1; x %= 0; }", "integer remainder by zero"));
  EXPECT_TRUE(fails("fn f() { var x = 1u; x <<= 32u; }",
                    "shift amount 32 must be less than the bit width 32"));
  // An override-expression whose divisor is a const-expression zero: a
  // shader-creation error (the divisor is a const-expression).
  EXPECT_TRUE(
      fails("override d : i32 = 1;\nfn f() -> i32 { return d / 0; }", "integer division by zero"));
}

}  // namespace
}  // namespace bindery::wgsl::test
