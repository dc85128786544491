// The uniformity rules of subgroup and quad builtins (#uniformity,
// #uniformity-function-calls, #uniformity-expressions) and of the
// subgroup_uniformity language extension (#language-extensions-sec): the
// subgroup uniformity scope, the subgroup_uniformity triggering rule
// (#filterable-triggering-rules) and its diagnostic filters.
#include <string>

#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

// A compute entry point with the subgroup builtin values; `body` starts at
// line 4.
std::string compute(const std::string& body) {
  return "enable subgroups;\n"
         "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32,\n"
         "    @builtin(subgroup_id) sid : u32, @builtin(subgroup_size) sz : u32) {\n" +
         body + "}\n";
}

size_t count(const Module& m, Diagnostic::Severity sev) {
  size_t n = 0;
  for (const Diagnostic& d : m.diagnostics()) n += d.severity == sev;
  return n;
}

Options withoutSubgroupUniformity() {
  Options o;
  o.allowSubgroupUniformity = false;
  return o;
}

TEST(SubgroupUniformity, CallInNonUniformControlFlowIsASubgroupUniformityError) {
  std::string src = compute(
      "  if i == 0u {\n"
      "    _ = subgroupAdd(1u);\n"
      "  }\n");
  EXPECT_TRUE(failsAt(src, 5, 9, "'subgroupAdd' (at 5:9) must only be called from uniform"));
  EXPECT_TRUE(
      fails(src, "the 'if' at line 4 depends on the builtin value 'subgroup_invocation_id'"));
  EXPECT_TRUE(fails(src, "add 'diagnostic(off, subgroup_uniformity);'"));
  EXPECT_TRUE(fails(src, "(triggering rule subgroup_uniformity)"));
  // The same call out of the branch: valid.
  parseOk(compute("  _ = subgroupAdd(1u);\n  if i == 0u { _ = i; }\n"));
}

// Every subgroup and quad builtin has a call site tag of
// CallSiteRequiredToBeUniform (at subgroup scope).
TEST(SubgroupUniformity, EverySubgroupAndQuadBuiltinNeedsUniformControlFlow) {
  const char* calls[] = {
      "subgroupAdd(1u)",
      "subgroupExclusiveAdd(1u)",
      "subgroupInclusiveAdd(1u)",
      "subgroupMul(1u)",
      "subgroupExclusiveMul(1u)",
      "subgroupInclusiveMul(1u)",
      "subgroupMin(1u)",
      "subgroupMax(1u)",
      "subgroupAnd(1u)",
      "subgroupOr(1u)",
      "subgroupXor(1u)",
      "subgroupAll(true)",
      "subgroupAny(true)",
      "subgroupBallot(true)",
      "subgroupElect()",
      "subgroupBroadcastFirst(1u)",
      "subgroupBroadcast(1u, 0u)",
      "subgroupShuffle(1u, 0u)",
      "subgroupShuffleXor(1u, 1u)",
      "subgroupShuffleUp(1u, 1u)",
      "subgroupShuffleDown(1u, 1u)",
      "quadBroadcast(1u, 0u)",
      "quadSwapX(1u)",
      "quadSwapY(1u)",
      "quadSwapDiagonal(1u)",
  };
  for (const char* call : calls) {
    std::string name(call, std::string_view(call).find('('));
    EXPECT_TRUE(failsAt(compute("  if i == 0u {\n    _ = " + std::string(call) + ";\n  }\n"), 5, 9,
                        "'" + name + "' (at 5:9) must only be called from uniform control flow"))
        << call;
    parseOk(compute("  _ = " + std::string(call) + ";\n"));
  }
}

// #uniformity-function-calls: at subgroup scope subgroupAdd, subgroupAll,
// subgroupAnd, subgroupAny, subgroupBallot, subgroupBroadcast,
// subgroupBroadcastFirst, subgroupMax, subgroupMin, subgroupMul, subgroupOr
// and subgroupXor have a function tag of NoRestriction; every other one
// ReturnValueMayBeNonUniform. Like most builtins they keep the parameter
// return tag ParameterReturnContentsRequiredToBeUniform, so their result is
// uniform only when the arguments are (subgroup_id is uniform there).
TEST(SubgroupUniformity, WhichResultsAreUniformAtSubgroupScope) {
  const char* uniform[] = {
      "subgroupAdd(sid) == 0u",
      "subgroupAll(sid == 0u)",
      "subgroupAnd(sid) == 0u",
      "subgroupAny(sid == 0u)",
      "subgroupBallot(sid == 0u).x == 0u",
      "subgroupBroadcast(sid, 0u) == 0u",
      "subgroupBroadcastFirst(sid) == 0u",
      "subgroupMax(sid) == 0u",
      "subgroupMin(sid) == 0u",
      "subgroupMul(sid) == 0u",
      "subgroupOr(sid) == 0u",
      "subgroupXor(sid) == 0u",
  };
  for (const char* cond : uniform)
    parseOk(compute("  if " + std::string(cond) + " {\n    _ = subgroupElect();\n  }\n"));
  const char* nonUniform[] = {
      "subgroupExclusiveAdd(1u)",
      "subgroupInclusiveAdd(1u)",
      "subgroupExclusiveMul(1u)",
      "subgroupInclusiveMul(1u)",
      "subgroupShuffle(1u, 0u)",
      "subgroupShuffleXor(1u, 1u)",
      "subgroupShuffleUp(1u, 1u)",
      "subgroupShuffleDown(1u, 1u)",
      "quadBroadcast(1u, 0u)",
      "quadSwapX(1u)",
      "quadSwapY(1u)",
      "quadSwapDiagonal(1u)",
  };
  for (const char* value : nonUniform) {
    std::string name(value, std::string_view(value).find('('));
    EXPECT_TRUE(
        fails(compute("  if " + std::string(value) + " == 0u {\n    _ = subgroupAdd(1u);\n  }\n"),
              "depends on the result of '" + name + "'"))
        << value;
  }
  EXPECT_TRUE(fails(compute("  if subgroupElect() {\n    _ = subgroupAdd(1u);\n  }\n"),
                    "depends on the result of 'subgroupElect'"));
  // A reduction of a non-uniform value is not uniform (its parameter return tag).
  EXPECT_TRUE(fails(compute("  if subgroupAdd(i) == 0u {\n    _ = subgroupAdd(1u);\n  }\n"),
                    "the 'if' at line 4 depends on the builtin value 'subgroup_invocation_id'"));
  // The left operand of && decides whether the right one runs.
  EXPECT_TRUE(fails(compute("  _ = subgroupElect() && subgroupAll(true);\n"),
                    "'subgroupAll' (at 4:26) must only be called from uniform control flow, "
                    "but the '&&' at line 4 depends on the result of 'subgroupElect'"));
  parseOk(compute("  _ = subgroupAll(sid == 0u) && subgroupAny(true);\n"));
}

// At workgroup (and draw) scope every subgroup builtin's result may be
// non-uniform: a subgroup reduction does not make a barrier's or a
// derivative's control flow uniform.
TEST(SubgroupUniformity, SubgroupResultsAreNonUniformAtWorkgroupAndDrawScope) {
  std::string barrier = compute(
      "  if subgroupAll(sz == 32u) {\n"
      "    workgroupBarrier();\n"
      "  }\n");
  EXPECT_TRUE(failsAt(barrier, 5, 5, "'workgroupBarrier' (at 5:5) must only be called"));
  EXPECT_TRUE(fails(barrier, "depends on the result of 'subgroupAll' at 4:6"));
  EXPECT_TRUE(fails(barrier, "(this rule cannot be turned off)"));
  // Reported once: synchronization builtins place no requirement at subgroup scope.
  EXPECT_EQ(count(parse(barrier), Diagnostic::Severity::Error), 1u);

  std::string frag =
      "enable subgroups;\n"
      "@group(0) @binding(0) var t : texture_2d<f32>;\n"
      "@group(0) @binding(1) var s : sampler;\n"
      "@fragment fn main(@builtin(subgroup_invocation_id) i : u32) -> @location(0) vec4f {\n"
      "  if subgroupBroadcastFirst(1u) == 0u {\n"
      "    return textureSample(t, s, vec2f());\n"
      "  }\n"
      "  return vec4f();\n"
      "}\n";
  EXPECT_TRUE(failsAt(frag, 6, 12, "'textureSample' (at 6:12) must only be called"));
  EXPECT_TRUE(fails(frag, "'diagnostic(off, derivative_uniformity);'"));
  // ... but the derivative places no requirement at subgroup scope, and a
  // derivative_uniformity filter does not touch subgroup_uniformity.
  parseOk("diagnostic(off, derivative_uniformity);\n" + frag);
}

// #uniformity-expressions: subgroup_id is uniform only at subgroup scope;
// subgroup_size in a compute shader and num_subgroups at every scope.
TEST(SubgroupUniformity, BuiltinValues) {
  parseOk(compute("  if sid == 0u {\n    _ = subgroupAdd(1u);\n  }\n"));
  std::string barrier = compute("  if sid == 0u {\n    workgroupBarrier();\n  }\n");
  EXPECT_TRUE(failsAt(barrier, 5, 5, "depends on the builtin value 'subgroup_id' (line 3)"));
  parseOk(compute("  if sz == 32u {\n    workgroupBarrier();\n    _ = subgroupAdd(1u);\n  }\n"));
  parseOk(
      "enable subgroups;\n"
      "@compute @workgroup_size(64) fn main(@builtin(num_subgroups) n : u32) {\n"
      "  if n == 2u { workgroupBarrier(); _ = subgroupAdd(1u); }\n"
      "}\n");
  // In a fragment shader subgroup_size is not listed as uniform.
  EXPECT_TRUE(
      fails("enable subgroups;\n"
            "@fragment fn main(@builtin(subgroup_size) sz : u32) {\n"
            "  if sz == 32u { _ = subgroupAdd(1u); }\n"
            "}\n",
            "depends on the builtin value 'subgroup_size'"));
}

// subgroupShuffleUp / subgroupShuffleDown's `delta` and subgroupShuffleXor's
// `mask` must be uniform; the triggering location is the argument.
TEST(SubgroupUniformity, ShuffleDeltaAndMaskMustBeUniform) {
  for (const char* fn : {"subgroupShuffleUp", "subgroupShuffleDown", "subgroupShuffleXor"}) {
    std::string call = "  _ = " + std::string(fn) + "(1.0, i);\n";
    uint32_t column = static_cast<uint32_t>(call.find(", i") + 3);
    std::string src = compute(call);
    EXPECT_TRUE(failsAt(src, 4, column,
                        "'" + std::string(fn) +
                            "' (at 4:7) requires argument 2 to be uniform, "
                            "but it depends on the builtin value 'subgroup_invocation_id'"))
        << fn;
    EXPECT_TRUE(fails(src,
                      "pass a value that is the same for all invocations of the subgroup, "
                      "or add 'diagnostic(off, subgroup_uniformity);'"));
    parseOk(compute("  _ = " + std::string(fn) + "(1.0, subgroupBroadcastFirst(sid));\n"));
    parseOk(compute("  _ = " + std::string(fn) + "(1.0, sz / 2u);\n"));
    parseOk("diagnostic(off, subgroup_uniformity);\n" + src);
  }
  // subgroupShuffle's `id` and subgroupBroadcast's (a const) have no such rule.
  parseOk(compute("  _ = subgroupShuffle(1.0, i);\n"));
}

// #diagnostic-filtering with the subgroup_uniformity rule.
TEST(SubgroupUniformity, DiagnosticFilters) {
  const std::string body = "  if i == 0u {\n    _ = subgroupAdd(1u);\n  }\n";
  parseOk("diagnostic(off, subgroup_uniformity);\n" + compute(body));
  Module warn = parseOk("diagnostic(warning, subgroup_uniformity);\n" + compute(body));
  EXPECT_EQ(count(warn, Diagnostic::Severity::Warning), 1u);
  Module info =
      parseOk(compute("  if i == 0u @diagnostic(info, subgroup_uniformity) {\n"
                      "    _ = subgroupAdd(1u);\n  }\n"));
  ASSERT_EQ(count(info, Diagnostic::Severity::Info), 1u);
  EXPECT_NE(info.diagnostics()[0].message.find("'subgroupAdd'"), std::string::npos);
  // On the function.
  parseOk(
      "enable subgroups;\n"
      "@diagnostic(off, subgroup_uniformity)\n"
      "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32) {\n" +
      body + "}\n");
  // A filter for another rule leaves the error.
  EXPECT_TRUE(fails("diagnostic(off, derivative_uniformity);\n" + compute(body),
                    "'subgroupAdd' (at 6:9) must only be called"));
  // An error filter keeps it an error, inside a warning one.
  EXPECT_TRUE(fails("diagnostic(warning, subgroup_uniformity);\n" +
                        compute("  if i == 0u @diagnostic(error, subgroup_uniformity) {\n"
                                "    _ = subgroupAdd(1u);\n  }\n"),
                    "'subgroupAdd'"));
}

// Requirements carry through user functions (call site, parameter and return
// value tags).
TEST(SubgroupUniformity, ThroughUserFunctions) {
  std::string src =
      "enable subgroups;\n"
      "fn f() -> u32 { return subgroupAdd(1u); }\n"
      "fn g(d : u32) -> f32 { return subgroupShuffleUp(1.0, d); }\n"
      "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32) {\n"
      "  if i == 0u { _ = f(); }\n"
      "}\n";
  EXPECT_TRUE(failsAt(src, 5, 20, "'f' (at 5:20) calls 'subgroupAdd' (at 2:24) and must only be"));
  EXPECT_TRUE(fails(src, "diagnostic(off, subgroup_uniformity)"));
  std::string arg =
      "enable subgroups;\n"
      "fn g(d : u32) -> f32 { return subgroupShuffleUp(1.0, d); }\n"
      "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32) {\n"
      "  _ = g(i);\n"
      "}\n";
  EXPECT_TRUE(fails(arg,
                    "'g' (at 4:7) calls 'subgroupShuffleUp' (at 2:31) and requires "
                    "argument 1 to be uniform"));
  parseOk(
      "enable subgroups;\n"
      "fn g(d : u32) -> f32 { return subgroupShuffleUp(1.0, d); }\n"
      "fn h() -> u32 { return subgroupMax(3u); }\n"
      "@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) i : u32) {\n"
      "  if h() == 3u { _ = g(h()); }\n"
      "}\n");
}

// The quad builtins: a call site requirement, a non-uniform result.
TEST(SubgroupUniformity, QuadBuiltins) {
  EXPECT_TRUE(fails(compute("  if quadSwapX(i) == 0u {\n    _ = quadSwapY(1u);\n  }\n"),
                    "'quadSwapY' (at 5:9) must only be called from uniform control flow, but the "
                    "'if' at line 4 depends on the result of 'quadSwapX'"));
  parseOk(compute("  _ = quadSwapY(quadSwapX(i));\n"));
}

// Without the subgroup_uniformity language extension there is one scope:
// subgroup builtins need workgroup-uniform control flow and none of their
// results is uniform; subgroup_id is not uniform.
TEST(SubgroupUniformity, WithoutTheLanguageExtension) {
  const Options o = withoutSubgroupUniformity();
  std::string src = compute("  if subgroupAll(sid == 0u) {\n    _ = subgroupAdd(1u);\n  }\n");
  parseOk(src);
  EXPECT_TRUE(failsAt(src, 5, 9,
                      "'subgroupAdd' (at 5:9) must only be called from uniform control flow, but "
                      "the 'if' at line 4 depends on the result of 'subgroupAll'",
                      o));
  EXPECT_TRUE(fails(compute("  if sid == 0u {\n    _ = subgroupAdd(1u);\n  }\n"),
                    "depends on the builtin value 'subgroup_id'", o));
  parseOk(compute("  if sz == 0u {\n    _ = subgroupAdd(1u);\n  }\n"), o);
  parseOk("diagnostic(off, subgroup_uniformity);\n" + src, o);
  EXPECT_TRUE(failsAt("requires subgroup_uniformity;", 1, 10,
                      "language extension 'subgroup_uniformity' is turned off in the options", o));
  parseOk("requires subgroup_uniformity;\n" + src);
}

}  // namespace
}  // namespace bindery::wgsl::test
