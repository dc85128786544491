// Rules of the WGSL spec that bindery had wrong (issue 18), each with a
// passing and a failing case; the spec anchor is in each test's comment.
#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

// #tokenization: the longest token candidate valid for the parser state;
// `--` after an operand is not (decrement is a statement), so `a--b` is a - -b.
TEST(SpecRules, MinusMinusBetweenOperandsIsTwoMinuses) {
  parseOk("const a = 5; const b = 3; const_assert a--b == 8;");
  parseOk("const_assert 2--3*2 == 8; const_assert 1---1 == 0;");
  parseOk("fn f() { var i = 1; i--; let j = i--1; _ = j; }");
  EXPECT_TRUE(fails("fn f() { let a = 1; let b = a--; }", "expected expression"));
  EXPECT_TRUE(fails("const a = 1 & 2--3;", "requires parentheses"));
}

// #vec2-builtin ... #vec4-builtin: vecN() is the zero vector of AbstractInt;
// #mat2x2-builtin: T is a FLOATSCALAR, so AbstractInt arguments convert.
TEST(SpecRules, InferredZeroVectorsAndAbstractIntMatrices) {
  parseOk("const v = vec3(); const_assert v.x == 0 && v.z == 0; const u : vec3u = vec3();");
  parseOk("const big = vec2() + vec2(9223372036854775807, 1); const_assert big.x > 0;");
  parseOk("const m = mat2x2(1, 2, 3, 4); const_assert m[1][0] == 3.0; const f : mat2x2f = m;");
  parseOk("const m = mat2x2(vec2(1, 2), vec2(3, 4)); const_assert m[0][1] == 2.0;");
  // abstract-float: a fractional value needs no f32
  parseOk("const m = mat2x2(1, 2, 3, 4) * 0.5; const_assert m[0][0] == 0.5;");
  EXPECT_TRUE(
      fails("const m = mat2x2(1i, 2i, 3i, 4i);", "matrix components must be floating point"));
  EXPECT_TRUE(fails("const v = vec2(); const b : vec2<bool> = v;", "cannot use a value"));
  EXPECT_TRUE(fails("const m = mat2x2();", "cannot be inferred"));
}

// #logical-expr, #const-expr: `&&` / `||` do not evaluate a right-hand side
// the left decides; a subexpression needed for a type still is.
TEST(SpecRules, ShortCircuitInConstantExpressions) {
  parseOk("const_assert !(false && (10i < i32(5 * 1000 * 1000 * 1000)));");
  parseOk("const_assert true || (1 / 0 == 1);");
  parseOk("const_assert !(false && array<u32, 1 + 2>(0, 1, 2)[0] == 0);");
  parseOk("const x = false && sqrt(-1.0) > 0.0; const_assert !x;");
  EXPECT_TRUE(fails("const_assert true && (10i < i32(5 * 1000 * 1000 * 1000));",
                    "cannot be represented as 'i32'"));
  EXPECT_TRUE(fails("const_assert false || (1 / 0 == 1);", "division by zero"));
  EXPECT_TRUE(fails("const_assert false && array<u32, 1 - 2>()[0] == 0;",
                    "array element count must be greater than 0"));
}

// #arithmetic-expr: negation is defined on scalars and vectors only.
TEST(SpecRules, NegationOfAMatrixIsAnError) {
  parseOk("fn f(v: vec2f, m: mat2x2f) -> vec2f { return -v + (m * -1.0)[0]; }");
  EXPECT_TRUE(fails("fn f(m: mat2x2f) -> mat2x2f { return -m; }",
                    "operator '-' cannot be applied to 'mat2x2<f32>'"));
}

// #builtin-values: a builtin value of an enable-extension needs it enabled.
TEST(SpecRules, ExtensionBuiltinValuesNeedTheirEnable) {
  const char* prim =
      "@fragment fn f(@builtin(primitive_index) p : u32) -> @location(0) vec4f "
      "{ return vec4f(f32(p)); }";
  parseOk(std::string("enable primitive_index;\n") + prim);
  EXPECT_TRUE(fails(prim, "@builtin(primitive_index) requires 'enable primitive_index;'"));
  const char* sg =
      "@compute @workgroup_size(1) fn c(@builtin(subgroup_size) s : u32, "
      "@builtin(subgroup_invocation_id) i : u32) { _ = s + i; }";
  parseOk(std::string("enable subgroups;\n") + sg);
  EXPECT_TRUE(fails(sg, "@builtin(subgroup_size) requires 'enable subgroups;'"));
  EXPECT_TRUE(
      fails("struct V { @builtin(position) p : vec4f, @builtin(clip_distances) c : "
            "array<f32, 2> }",
            "@builtin(clip_distances) requires 'enable clip_distances;'"));
}

// #enable-extensions: a known extension the device lacks says which feature.
TEST(SpecRules, KnownExtensionNotOnTheDeviceNamesItsFeature) {
  Options o;
  o.allowPrimitiveIndex = false;
  EXPECT_TRUE(fails("enable primitive_index;",
                    "known WGSL enable-extension, but the device was not created with the "
                    "feature 'primitive-index'",
                    o));
  o.allowSubgroupSizeControl = false;
  EXPECT_TRUE(fails("enable subgroup_size_control;", "feature 'subgroup-size-control'", o));
  parseOk("enable subgroup_size_control;");
  EXPECT_TRUE(fails("enable subgroup_magic;", "unknown extension 'subgroup_magic'"));
}

// #behaviors: statement behavior analysis.
TEST(SpecRules, StatementBehaviors) {
  parseOk("fn f() -> i32 { loop { return 1; } }");
  parseOk("fn f() -> i32 { loop { if true { break; } } return 0; }");
  parseOk("fn f() { var i = 0; loop { i++; continuing { break if i > 3; } } }");
  parseOk("fn f() { for (var i = 0; i < 3; i++) {} while true { break; } }");
  parseOk("fn f() -> i32 { if true { return 1; } else { return 2; } }");
  parseOk("fn f(x: i32) -> i32 { switch x { default { return 1; } } }");
  parseOk("fn f() -> i32 { loop { if true { return 2; } } }");  // {Return}: valid
  EXPECT_TRUE(fails("fn f() { loop {} }", "this loop never exits"));
  EXPECT_TRUE(fails("fn f() { var i = 0; for (;;) { i++; } }", "this loop never exits"));
  EXPECT_TRUE(fails("fn f() { loop { continue; } }", "this loop never exits"));
  // a break inside a switch leaves the switch, not the loop
  EXPECT_TRUE(
      fails("fn f(x: i32) { loop { switch x { default { break; } } } }", "this loop never exits"));
  EXPECT_TRUE(failsAt("fn f() -> i32 {\n  loop { if true { break; } }\n}", 3, 1,
                      "missing return at end of function 'f'"));
  // discard's behavior is {Next} (#behaviors table): it does not end a function
  EXPECT_TRUE(fails("@fragment fn f() -> @location(0) vec4f { discard; }",
                    "missing return at end of function 'f'"));
  EXPECT_TRUE(fails("fn f(x: i32) -> i32 { if x > 0 { return 1; } }", "missing return"));
}

// #address-space: a vertex shader may only read storage buffers, and not
// use write / read_write storage textures.
TEST(SpecRules, VertexStageWritableStorage) {
  parseOk(
      "@group(0) @binding(0) var<storage, read> b : array<u32>;\n"
      "@group(0) @binding(1) var t : texture_storage_2d<rgba8unorm, read>;\n"
      "@vertex fn v() -> @builtin(position) vec4f { _ = textureLoad(t, vec2i()); "
      "return vec4f(f32(b[0])); }");
  // used only by a fragment shader: fine
  parseOk(
      "@group(0) @binding(0) var<storage, read_write> b : array<u32>;\n"
      "@vertex fn v() -> @builtin(position) vec4f { return vec4f(); }\n"
      "@fragment fn f() -> @location(0) vec4f { b[0] = 1u; return vec4f(); }");
  EXPECT_TRUE(
      failsAt("@group(0) @binding(0) var<storage, read_write> b : array<u32>;\n"
              "fn g() { b[0] = 1u; }\n"
              "@vertex fn v() -> @builtin(position) vec4f { g(); return vec4f(); }",
              3, 12,
              "vertex entry point 'v' statically accesses storage buffer 'b' with access mode "
              "'read_write'"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var t : texture_storage_2d<rgba8unorm, write>;\n"
            "@vertex fn v() -> @builtin(position) vec4f { textureStore(t, vec2i(), vec4f()); "
            "return vec4f(); }",
            "vertex entry point 'v' statically accesses storage texture 't'"));
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

// #diagnostic-filtering: every placement of @diagnostic; conflicts; rules.
TEST(SpecRules, DiagnosticFilterPlacementsAndConflicts) {
  const char* sampled =
      "@group(0) @binding(0) var t : texture_2d<f32>;\n"
      "@group(0) @binding(1) var s : sampler;\n"
      "@fragment fn f(@location(0) x : f32) -> @location(0) vec4f {\n"
      "  var c = vec4f();\n"
      "  switch i32(x) %s{ default { c = textureSample(t, s, vec2f()); } }\n"
      "  return c;\n"
      "}\n";
  auto with = [&](const char* attr) {
    std::string src = sampled;
    src.replace(src.find("%s"), 2, attr);
    return src;
  };
  // a filter on the switch body takes effect
  parseOk(with("@diagnostic(off, derivative_uniformity) "));
  EXPECT_TRUE(fails(with(""), "derivative_uniformity"));
  EXPECT_TRUE(fails(with("@diagnostic(error, derivative_uniformity) "), "derivative_uniformity"));
  EXPECT_TRUE(fails(with("@align(4) "), "attribute @align is not valid on a switch body"));
  EXPECT_TRUE(fails("fn f() { @must_use { } }",
                    "attribute @must_use is not valid on a compound statement"));
  EXPECT_TRUE(fails("fn f() { loop @size(4) { break; } }", "not valid on a loop body"));
  EXPECT_TRUE(fails("fn f() { loop { continuing @align(4) { break if true; } } }",
                    "not valid on a continuing block"));
  parseOk(
      "fn f() { loop { continuing @diagnostic(off, derivative_uniformity) { break if true; } } }");
  // conflicts: one range, one rule, two severities
  EXPECT_TRUE(fails(
      "@diagnostic(off, derivative_uniformity) @diagnostic(error, derivative_uniformity) fn f() {}",
      "conflicting diagnostic filters for 'derivative_uniformity': 'off' and 'error'"));
  parseOk(
      "@diagnostic(off, derivative_uniformity) @diagnostic(off, derivative_uniformity) fn f() {}");
  parseOk(
      "@diagnostic(off, derivative_uniformity) @diagnostic(error, subgroup_uniformity) fn f() {}");
  EXPECT_TRUE(
      fails("diagnostic(off, derivative_uniformity);\n"
            "diagnostic(warning, derivative_uniformity);",
            "conflicting diagnostic directives for 'derivative_uniformity'"));
  parseOk("diagnostic(off, derivative_uniformity); diagnostic(off, derivative_uniformity);");
  EXPECT_TRUE(fails("@diagnostic(loud, derivative_uniformity) fn f() {}",
                    "invalid diagnostic severity 'loud'"));
  EXPECT_TRUE(fails("@diagnostic(off) fn f() {}", "@diagnostic takes a severity and a rule name"));
  parseOk("@diagnostic(off, vendor.rule) fn f() {}");
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

constexpr const char* kTex =
    "@group(0) @binding(0) var t : texture_2d<f32>;\n"
    "@group(0) @binding(1) var s : sampler;\n";

// #texture-builtin-functions: offset const-expression in [-8, 7]; gather component 0..3.
TEST(SpecRules, TextureOffsetAndGatherComponent) {
  auto frag = [](const char* body) {
    return std::string(kTex) + "@fragment fn f() -> @location(0) vec4f { " + body + " }";
  };
  parseOk(frag("return textureSample(t, s, vec2f(), vec2i(-8, 7));"));
  parseOk(frag("const o = vec2i(1, 2); return textureSampleLevel(t, s, vec2f(), 0.0, o);"));
  parseOk(frag("return textureGather(3, t, s, vec2f());"));
  EXPECT_TRUE(fails(frag("return textureSample(t, s, vec2f(), vec2i(8, 0));"),
                    "each 'offset' component must be in [-8, 7], got 8"));
  EXPECT_TRUE(fails(frag("return textureSampleBias(t, s, vec2f(), 0.0, vec2i(0, -9));"), "got -9"));
  EXPECT_TRUE(fails(frag("let o = vec2i(); return textureSample(t, s, vec2f(), o);"),
                    "argument of 'textureSample' must be a const-expression"));
  EXPECT_TRUE(fails(frag("return textureGather(4, t, s, vec2f());"),
                    "'component' must be 0, 1, 2 or 3, got 4"));
  EXPECT_TRUE(fails(frag("let c = 1; return textureGather(c, t, s, vec2f());"),
                    "argument of 'textureGather' must be a const-expression"));
}

// #sync-builtin-functions: only compute; #atomic-builtin-functions: not vertex.
TEST(SpecRules, StageRulesOfBuiltins) {
  parseOk("@compute @workgroup_size(1) fn c() { workgroupBarrier(); storageBarrier(); }");
  EXPECT_TRUE(
      fails("fn g() { workgroupBarrier(); }\n"
            "@fragment fn f() -> @location(0) vec4f { g(); return vec4f(); }",
            "fragment entry point 'f' calls 'workgroupBarrier', which only a compute "
            "shader may call"));
  EXPECT_TRUE(
      fails("var<private> x : i32;\n"
            "@vertex fn v() -> @builtin(position) vec4f { textureBarrier(); return "
            "vec4f(); }",
            "'textureBarrier', which only a compute shader may call"));
  parseOk(
      "@group(0) @binding(0) var<storage, read_write> a : atomic<u32>;\n"
      "@fragment fn f() -> @location(0) vec4f { _ = atomicAdd(&a, 1u); return vec4f(); }");
  EXPECT_TRUE(
      fails("var<workgroup> a : atomic<u32>;\n"
            "@vertex fn v() -> @builtin(position) vec4f { return vec4f(f32(atomicLoad(&a))); }",
            "atomic builtin 'atomicLoad', which a vertex shader may not use"));
}

// #entry-point-io: IO attributes only on entry-point IO; @invariant with
// @builtin(position); @interpolate with @location.
TEST(SpecRules, IoAttributePlacement) {
  parseOk(
      "struct V { @builtin(position) @invariant p : vec4f, @location(0) @interpolate(flat) i : u32 "
      "}\n"
      "fn g(v : V) -> f32 { return v.p.x; }");
  EXPECT_TRUE(fails("fn g(@builtin(position) x : vec4f) -> f32 { return x.x; }",
                    "attribute @builtin on parameter 'x' is only valid on entry point parameters"));
  EXPECT_TRUE(fails("fn g(@location(0) x : f32) -> f32 { return x; }",
                    "attribute @location on parameter 'x'"));
  EXPECT_TRUE(
      fails("@fragment fn f(@location(0) @invariant x : f32) -> @location(0) vec4f "
            "{ return vec4f(x); }",
            "@invariant is only valid with @builtin(position)"));
  EXPECT_TRUE(
      fails("@fragment fn f(@builtin(position) @interpolate(flat) x : vec4f) -> "
            "@location(0) vec4f { return x; }",
            "@interpolate is only valid with @location"));
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

// #alias-analysis
TEST(SpecRules, AliasAnalysis) {
  const char* f1 =
      "var<private> x : i32 = 0;\n"
      "fn f1(p1 : ptr<function, i32>, p2 : ptr<function, i32>) { *p1 = *p2; }\n"
      "fn f2(p1 : ptr<function, i32>, p2 : ptr<function, i32>) { f1(p1, p2); }\n"
      "fn r(p : ptr<function, i32>, q : ptr<function, i32>) -> i32 { return *p + *q; }\n"
      "fn wx(p : ptr<private, i32>) { *p = 1; }\n"
      "fn rx(p : ptr<private, i32>) -> i32 { x = 2; return *p; }\n"
      "fn reads_x(p : ptr<private, i32>) { *p = x; }\n";
  auto with = [&](const char* body) { return std::string(f1) + "fn f3() { " + body + " }"; };
  parseOk(with("var a : i32 = 0; var b : i32 = 0; f1(&a, &b); f2(&a, &b);"));
  parseOk(with("var a : i32 = 0; _ = r(&a, &a);"));  // both only read
  parseOk(with("wx(&x);"));                          // no direct access to x in wx
  EXPECT_TRUE(fails(with("var a : i32 = 0; f1(&a, &a);"),
                    "arguments 1 and 2 of 'f1' both point into 'a', and 'f1' writes through 'p1'"));
  // written through a called function (f2 -> f1)
  EXPECT_TRUE(fails(with("var a : i32 = 0; f2(&a, &a);"), "arguments 1 and 2 of 'f2'"));
  // let and member/index paths keep the root identifier
  EXPECT_TRUE(
      fails(with("var a : array<i32, 2>; let p = &a[0]; f1(p, &a[1]);"), "both point into 'a'"));
  EXPECT_TRUE(fails(with("_ = rx(&x);"),
                    "argument 1 of 'rx' points into 'x', which 'rx' also writes directly"));
  EXPECT_TRUE(fails(with("reads_x(&x);"),
                    "argument 1 of 'reads_x' points into 'x', which 'reads_x' also reads "
                    "directly, while it writes through 'p'"));
  // atomics write through their pointer
  parseOk(
      "var<workgroup> w : atomic<u32>;\n"
      "fn g(p : ptr<workgroup, atomic<u32>>, q : ptr<workgroup, atomic<u32>>) -> u32 "
      "{ return atomicLoad(p) + atomicLoad(q); }\n"
      "@compute @workgroup_size(1) fn c() { _ = g(&w, &w); }");
  EXPECT_TRUE(
      fails("var<workgroup> w : atomic<u32>;\n"
            "fn g(p : ptr<workgroup, atomic<u32>>, q : ptr<workgroup, atomic<u32>>) "
            "{ atomicAdd(p, 1u); _ = atomicLoad(q); }\n"
            "@compute @workgroup_size(1) fn c() { g(&w, &w); }",
            "both point into 'w'"));
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

// #subgroup-builtin-functions, #quad-builtin-functions
TEST(SpecRules, SubgroupBuiltins) {
  const char* ok =
      "enable subgroups;\n"
      "@compute @workgroup_size(64) fn c(@builtin(subgroup_invocation_id) i : u32) {\n"
      "  let a : f32 = subgroupAdd(1.0) + subgroupExclusiveAdd(2.0) + subgroupInclusiveMul(3.0);\n"
      "  let b : vec2i = subgroupMin(vec2i(1)) + subgroupMax(vec2i(2)) + subgroupAnd(vec2i(3));\n"
      "  let c : u32 = subgroupOr(i) ^ subgroupXor(i) ^ subgroupBroadcast(i, 3u) ^ "
      "subgroupBroadcastFirst(i);\n"
      "  let d : vec4u = subgroupBallot((subgroupAll(true) || subgroupAny(false)) && "
      "subgroupElect());\n"
      "  let e : f32 = subgroupShuffle(1.0, i) + subgroupShuffleXor(1.0, 1u) + "
      "subgroupShuffleUp(1.0, 1u) + subgroupShuffleDown(1.0, 1u);\n"
      "  let q : i32 = quadBroadcast(1i, 3) + quadSwapX(1i) + quadSwapY(1i) + "
      "quadSwapDiagonal(1i);\n"
      "  _ = a; _ = b; _ = c; _ = d; _ = e; _ = q;\n"
      "}\n";
  parseOk(ok);
  EXPECT_TRUE(fails("@compute @workgroup_size(1) fn c() { _ = subgroupAdd(1.0); }",
                    "'subgroupAdd' requires 'enable subgroups;'"));
  EXPECT_TRUE(
      fails("enable subgroups;\n@compute @workgroup_size(1) fn c() { _ = "
            "subgroupAnd(1.0); }",
            "subgroupAnd"));
  EXPECT_TRUE(
      fails("enable subgroups;\n@compute @workgroup_size(1) fn c() { _ = "
            "subgroupBroadcast(1u, 128u); }",
            "subgroupBroadcast: 'id' must be in [0, 128), got 128"));
  EXPECT_TRUE(
      fails("enable subgroups;\n@compute @workgroup_size(1) fn c(@builtin(local_invocation_index) "
            "l : u32) { _ = "
            "quadBroadcast(1u, l); }",
            "'id' must be a const-expression"));
  EXPECT_TRUE(
      fails("enable subgroups;\n@compute @workgroup_size(1) fn c() { _ = "
            "quadBroadcast(1u, 4); }",
            "quadBroadcast: 'id' must be in [0, 4), got 4"));
  EXPECT_TRUE(
      fails("enable subgroups;\n@vertex fn v() -> @builtin(position) vec4f { "
            "return vec4f(subgroupAdd(1.0)); }",
            "which only compute and fragment shaders may call"));
  EXPECT_TRUE(fails("enable subgroups;\n@compute @workgroup_size(1) fn c() { subgroupAdd(1); }",
                    "must be used"));
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

// The candidates of a failed overload name each one once (the name used to
// carry the rest of the source after it).
TEST(SpecRules, OverloadCandidatesMessage) {
  Module m = parse("fn f() { _ = min(true, false); }\nfn g() {}");
  ASSERT_FALSE(m.ok());
  const std::string& msg = m.diagnostics()[0].message;
  EXPECT_NE(msg.find("no matching overload for 'min(bool, bool)'; candidates: min(T,T)"),
            std::string::npos)
      << msg;
  EXPECT_EQ(msg.find("fn g"), std::string::npos) << msg;
}

}  // namespace
}  // namespace bindery::wgsl::test

namespace bindery::wgsl::test {
namespace {

// #subgroup-size-attr
TEST(SpecRules, SubgroupSizeAttribute) {
  parseOk(
      "enable subgroup_size_control;\n@compute @workgroup_size(64) @subgroup_size(32) fn c() {}");
  parseOk(
      "enable subgroup_size_control;\noverride s = 16u;\n"
      "@compute @workgroup_size(64) @subgroup_size(s) fn c() {}");
  EXPECT_TRUE(fails("@compute @workgroup_size(64) @subgroup_size(32) fn c() {}",
                    "@subgroup_size requires 'enable subgroup_size_control;'"));
  EXPECT_TRUE(
      fails("enable subgroup_size_control;\n@compute @workgroup_size(64) "
            "@subgroup_size(24) fn c() {}",
            "@subgroup_size must be a power of two, got 24"));
  EXPECT_TRUE(fails("enable subgroup_size_control;\n@fragment @subgroup_size(32) fn f() {}",
                    "@subgroup_size is only valid on @compute entry points"));
  // not a multiple of workgroup_size.x: a pipeline-creation error, reflected per entry point
  Module m = parseOk(
      "enable subgroup_size_control;\n@compute @workgroup_size(8) "
      "@subgroup_size(16) fn c() {}");
  Reflection r = m.reflect();
  ASSERT_EQ(r.entryPoints.size(), 1u);
  ASSERT_EQ(r.entryPoints[0].pipelineErrors.size(), 1u);
  EXPECT_NE(r.entryPoints[0].pipelineErrors[0].message.find(
                "the x-dimension of @workgroup_size (8) is not a multiple of @subgroup_size (16)"),
            std::string::npos);
  // an override that is not a power of two: a pipeline-creation error
  Module o = parseOk(
      "enable subgroup_size_control;\noverride s = 12u;\n"
      "@compute @workgroup_size(64) @subgroup_size(s) fn c() {}");
  ASSERT_EQ(o.reflect().entryPoints[0].pipelineErrors.size(), 1u);
}

}  // namespace
}  // namespace bindery::wgsl::test
