// The uniformity analysis (#uniformity): the specification's worked examples
// (#uniformity-examples), each statement / expression rule, call chains,
// pointer parameters and diagnostic filtering (#diagnostic-filtering).
#include <string>

#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

constexpr const char* kTex =
    "@group(0) @binding(0) var t : texture_2d<f32>;\n"
    "@group(0) @binding(1) var s : sampler;\n";

// Lines of `body` start at line 3 (after kTex).
std::string frag(const std::string& body) {
  return std::string(kTex) + body;
}

size_t count(const Module& m, Diagnostic::Severity sev) {
  size_t n = 0;
  for (const Diagnostic& d : m.diagnostics()) n += d.severity == sev;
  return n;
}

// The "(at line:column)" of a uniformity message counts code points, as the
// "line:column:" prefix does: 'textureSample' is at byte 23 of its line, code point 21.
TEST(Uniformity, MessagePositionsCountCodePoints) {
  std::string src = frag(
      "@fragment\n"
      "fn main(@builtin(position) pos : vec4<f32>) {\n"
      "  if (pos.x < 0.5) {\n"
      "    /* \xc3\xb1"
      "and\xc3\xba */ _ = textureSample(t, s, pos.xy);\n"
      "  }\n"
      "}\n");
  EXPECT_TRUE(failsAt(src, 6, 23, "'textureSample' (at 6:21) must only be called from uniform"));
}

// ---- #uniformity-examples

TEST(Uniformity, SpecExample1TextureSampleUnderNonUniformIf) {
  std::string src = frag(
      "@fragment\n"
      "fn main(@builtin(position) pos : vec4<f32>) {\n"
      "  if (pos.x < 0.5) {\n"
      "    _ = textureSample(t, s, pos.xy);\n"
      "  }\n"
      "}\n");
  EXPECT_TRUE(failsAt(src, 6, 9, "'textureSample' (at 6:9) must only be called from uniform"));
  EXPECT_TRUE(fails(src, "the 'if' at line 5 depends on the builtin value 'position' (line 4)"));
  EXPECT_TRUE(fails(src, "use textureSampleLevel"));
  EXPECT_TRUE(fails(src, "'diagnostic(off, derivative_uniformity);'"));
  // Moved out of the branch: valid.
  parseOk(
      frag("@fragment\n"
           "fn main(@builtin(position) pos : vec4<f32>) {\n"
           "  _ = textureSample(t, s, pos.xy);\n"
           "  if (pos.x < 0.5) { _ = textureSampleLevel(t, s, pos.xy, 0.0); }\n"
           "}\n"));
}

TEST(Uniformity, SpecExample2FunctionScopeVariablePeriods) {
  const char* src =
      "@group(0) @binding(0) var<storage, read_write> a : i32;\n"
      "@group(0) @binding(1) var<uniform> b : i32;\n"
      "@compute @workgroup_size(16,1,1)\n"
      "fn main() {\n"
      "  var x : i32;\n"
      "  x = a;\n"
      "  if x > 0 {\n"
      "    workgroupBarrier();\n"
      "  }\n"
      "  x = b;\n"
      "  if x < 0 {\n"
      "    storageBarrier();\n"
      "  }\n"
      "}\n";
  EXPECT_TRUE(failsAt(src, 8, 5, "'workgroupBarrier' (at 8:5) must only be called from uniform"));
  EXPECT_TRUE(fails(src, "depends on the read_write storage variable 'a' (line 6)"));
  EXPECT_TRUE(fails(src, "this rule cannot be turned off"));
  Module m = parse(src);
  EXPECT_EQ(count(m, Diagnostic::Severity::Error), 1u)
      << m.diagnosticsText();  // not storageBarrier
}

TEST(Uniformity, SpecExample3CompositeInputsAreNotSplit) {
  const char* bad =
      "struct Inputs {\n"
      "  @builtin(workgroup_id) wgid : vec3<u32>,\n"
      "  @builtin(local_invocation_index) lid : u32\n"
      "}\n"
      "@compute @workgroup_size(16,1,1)\n"
      "fn main(inputs : Inputs) {\n"
      "  if inputs.wgid.x == 1 {\n"
      "    workgroupBarrier();\n"
      "  }\n"
      "}\n";
  EXPECT_TRUE(failsAt(bad, 8, 5,
                      "depends on the compute input 'inputs' (line 6) (through its "
                      "member 'lid')"));
  parseOk(
      "@compute @workgroup_size(16,1,1)\n"
      "fn main(@builtin(workgroup_id) wgid : vec3<u32>,\n"
      "        @builtin(local_invocation_index) lid : u32) {\n"
      "  if wgid.x == 1 { workgroupBarrier(); }\n"
      "}\n");
  // A struct of uniform builtins only is uniform.
  parseOk(
      "struct U { @builtin(workgroup_id) w : vec3u, @builtin(num_workgroups) n : vec3u }\n"
      "@compute @workgroup_size(1)\n"
      "fn main(u : U) { if u.w.x == u.n.x { workgroupBarrier(); } }\n");
}

TEST(Uniformity, SpecExample4BarrierInLoopWithNonUniformBreak) {
  const char* src =
      "@compute @workgroup_size(16,1,1)\n"
      "fn main(@builtin(local_invocation_index) lid : u32) {\n"
      "  for (var i = 0u; i < 10; i++) {\n"
      "    workgroupBarrier();\n"
      "    if (lid + i) > 7 {\n"
      "      break;\n"
      "    }\n"
      "  }\n"
      "}\n";
  EXPECT_TRUE(failsAt(src, 4, 5,
                      "the 'if' at line 5 depends on the builtin value "
                      "'local_invocation_index' (line 2)"));
  // The same loop with a uniform break is valid.
  parseOk(
      "@group(0) @binding(0) var<uniform> n : u32;\n"
      "@compute @workgroup_size(16,1,1)\n"
      "fn main(@builtin(local_invocation_index) lid : u32) {\n"
      "  for (var i = 0u; i < n; i++) {\n"
      "    workgroupBarrier();\n"
      "    if (n + i) > 7 { break; }\n"
      "  }\n"
      "}\n");
}

TEST(Uniformity, SpecExample5UserFunctionParameterReturnTags) {
  std::string src =
      "fn scale(in1 : f32, in2 : f32) -> f32 {\n"
      "  let v = in1 / in2;\n"
      "  return v;\n"
      "}\n" +
      frag(
          "@fragment\n"
          "fn main(@builtin(position) pos : vec4<f32>) {\n"
          "  let tmp = scale(pos.x, 0.5);\n"
          "  if tmp > 1.0 {\n"
          "    _ = textureSample(t, s, pos.xy);\n"
          "  }\n"
          "}\n");
  EXPECT_TRUE(failsAt(src, 11, 9, "the 'if' at line 10 depends on the builtin value 'position'"));
}

TEST(Uniformity, SpecPointerDesugaringExample) {
  std::string src =
      "fn foo(p : ptr<function, array<f32, 4>>, i : i32) -> f32 {\n"
      "  let p1 = p;\n"
      "  var x = i;\n"
      "  let p2 = &((*p1)[x]);\n"
      "  x = 0;\n"
      "  *p2 = 5;\n"
      "  return (*p1)[x];\n"
      "}\n" +
      frag(
          "@fragment\n"
          "fn main(@builtin(position) pos : vec4<f32>) {\n"
          "  var a : array<f32, 4>;\n"
          "  if (foo(&a, 1) > 0.0) { _ = textureSample(t, s, vec2f()); }\n"
          "  if (foo(&a, i32(pos.x)) > 0.0) { _ = textureSample(t, s, vec2f()); }\n"
          "}\n");
  // The index captured in p2 makes *p's contents, hence the result, depend on i.
  EXPECT_TRUE(failsAt(src, 15, 40, "the 'if' at line 15 depends on the builtin value 'position'"));
  Module m = parse(src);
  EXPECT_EQ(count(m, Diagnostic::Severity::Error), 1u) << m.diagnosticsText();
}

// ---- values

TEST(Uniformity, UniformBuffersReadOnlyStorageAndConstantsAreUniform) {
  parseOk(
      frag("struct U { x : f32 }\n"
           "@group(1) @binding(0) var<uniform> u : U;\n"
           "@group(1) @binding(1) var<storage, read> ro : array<f32>;\n"
           "const k = 0.5;\n"
           "override o : f32 = 1.0;\n"
           "@fragment\n"
           "fn main(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
           "  var c = vec4f();\n"
           "  if (u.x > 0.5) { c = textureSample(t, s, uv); }\n"
           "  if (ro[0] > k && o > 0.0) { c += textureSample(t, s, uv); }\n"
           "  let d = u.x * 2.0;\n"
           "  if (d > 1.0) { c += textureSampleBias(t, s, uv, 1.0); }\n"
           "  if (arrayLength(&ro) > 3u) { c += dpdx(uv).xyxy; }\n"
           "  return c;\n"
           "}\n"));
}

TEST(Uniformity, FragmentInputInConditionIsAnError) {
  std::string src = frag(
      "@fragment\n"
      "fn main(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
      "  var c = vec4f();\n"
      "  if (uv.x > 0.5) {\n"
      "    c = textureSample(t, s, uv);\n"
      "  }\n"
      "  return c;\n"
      "}\n");
  EXPECT_TRUE(failsAt(src, 7, 9, "the 'if' at line 6 depends on the fragment input 'uv' (line 4)"));
}

TEST(Uniformity, NonReadOnlyModuleScopeVariablesAreNonUniform) {
  EXPECT_TRUE(
      fails("var<workgroup> w : u32;\n"
            "@compute @workgroup_size(4)\n"
            "fn main() { if (w > 0u) { workgroupBarrier(); } }\n",
            "depends on the workgroup variable 'w' (line 3)"));
  EXPECT_TRUE(
      fails("var<private> p : u32;\n"
            "@compute @workgroup_size(4)\n"
            "fn main() { if (p > 0u) { workgroupBarrier(); } }\n",
            "depends on the private variable 'p' (line 3)"));
  // Taking the address does not load: arrayLength of a read_write buffer is uniform.
  parseOk(
      "@group(0) @binding(0) var<storage, read_write> b : array<u32>;\n"
      "@compute @workgroup_size(4)\n"
      "fn main() { if (arrayLength(&b) > 0u) { workgroupBarrier(); } }\n");
}

TEST(Uniformity, WorkgroupUniformLoadResultIsUniform) {
  parseOk(
      "var<workgroup> flag : u32;\n"
      "@compute @workgroup_size(64)\n"
      "fn main() {\n"
      "  if (workgroupUniformLoad(&flag) > 0u) { workgroupBarrier(); }\n"
      "}\n");
  // Its pointer argument must be uniform.
  EXPECT_TRUE(
      failsAt("var<workgroup> a : array<u32, 64>;\n"
              "@compute @workgroup_size(64)\n"
              "fn main(@builtin(local_invocation_index) lid : u32) {\n"
              "  _ = workgroupUniformLoad(&a[lid]);\n"
              "}\n",
              4, 7, "'workgroupUniformLoad' (at 4:7) requires argument 1 to be uniform"));
}

TEST(Uniformity, TextureLoadOfReadWriteStorageTextureIsNonUniform) {
  const char* src =
      "@group(0) @binding(0) var rw : texture_storage_2d<r32uint, read_write>;\n"
      "@group(0) @binding(1) var ro : texture_2d<u32>;\n"
      "@compute @workgroup_size(4)\n"
      "fn main() {\n"
      "  if (textureLoad(ro, vec2i(), 0).x > 0u) { workgroupBarrier(); }\n"
      "  if (textureLoad(rw, vec2i()).x > 0u) { textureBarrier(); }\n"
      "}\n";
  EXPECT_TRUE(failsAt(src, 6, 42, "depends on the result of 'textureLoad' at 6:7"));
  Module m = parse(src);
  EXPECT_EQ(count(m, Diagnostic::Severity::Error), 1u) << m.diagnosticsText();
}

TEST(Uniformity, DerivativeResultsAreNonUniform) {
  EXPECT_TRUE(fails(frag("@fragment\n"
                         "fn main(@location(0) uv : vec2f) {\n"
                         "  let d = dpdx(1.0);\n"
                         "  if (d > 0.0) { _ = fwidth(uv); }\n"
                         "}\n"),
                    "depends on the result of 'dpdx' at 5:11"));
}

TEST(Uniformity, AssignmentsInNonUniformControlFlowAndSwizzles) {
  EXPECT_TRUE(fails(frag("@fragment\n"
                         "fn main(@location(0) uv : vec2f) {\n"
                         "  var k = 0.0;\n"
                         "  if (uv.x > 0.5) { k = 1.0; }\n"
                         "  if (k > 0.0) { _ = textureSample(t, s, uv); }\n"
                         "}\n"),
                    "the 'if' at line 6 depends on the fragment input 'uv'"));
  EXPECT_TRUE(fails(frag("@fragment\n"
                         "fn main(@location(0) uv : vec2f) {\n"
                         "  var v = uv;\n"
                         "  if (v.xy.x > 0.5) { _ = textureSample(t, s, uv); }\n"
                         "}\n"),
                    "depends on the fragment input 'uv'"));
  // A full assignment in uniform control flow overwrites the non-uniform value.
  parseOk(
      frag("@fragment\n"
           "fn main(@location(0) uv : vec2f) {\n"
           "  var v = uv.x;\n"
           "  v = 0.0;\n"
           "  if (v > 0.5) { _ = textureSample(t, s, uv); }\n"
           "}\n"));
  // A partial one does not.
  EXPECT_TRUE(fails(frag("@fragment\n"
                         "fn main(@location(0) uv : vec2f) {\n"
                         "  var v = uv;\n"
                         "  v.x = 0.0;\n"
                         "  if (v.x > 0.5) { _ = textureSample(t, s, uv); }\n"
                         "}\n"),
                    "depends on the fragment input 'uv'"));
}

// ---- statements

TEST(Uniformity, DiscardDoesNotMakeLaterControlFlowNonUniform) {
  // #discard-statement: behaviour {Next} (demote to helper), no uniformity rule.
  parseOk(
      frag("@fragment\n"
           "fn main(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
           "  if (uv.x > 0.5) { discard; }\n"
           "  return textureSample(t, s, uv);\n"
           "}\n"));
}

TEST(Uniformity, NonUniformReturnMakesTheRestNonUniform) {
  EXPECT_TRUE(
      failsAt("@compute @workgroup_size(64)\n"
              "fn main(@builtin(local_invocation_index) lid : u32) {\n"
              "  if (lid > 0u) { return; }\n"
              "  workgroupBarrier();\n"
              "}\n",
              4, 3, "the 'if' at line 3 depends on the builtin value 'local_invocation_index'"));
  // An if whose branches both fall through rejoins uniform control flow.
  parseOk(
      "@group(0) @binding(0) var<storage, read_write> b : array<u32>;\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_index) lid : u32) {\n"
      "  if (lid > 3u) { b[lid] = 1u; } else { b[0] = 2u; }\n"
      "  workgroupBarrier();\n"
      "}\n");
}

TEST(Uniformity, SwitchLoopBreakIfContinueAndShortCircuit) {
  const char* pre =
      "@group(0) @binding(0) var<uniform> n : u32;\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_index) lid : u32) {\n";
  auto src = [&](const char* body) { return std::string(pre) + body + "}\n"; };
  parseOk(
      src("  switch (n) { case 0u: { workgroupBarrier(); } default: {} }\n"
          "  var j = 0u;\n"
          "  loop { workgroupBarrier(); j++; continuing { break if j > n; } }\n"
          "  var k = 0u;\n"
          "  while (k < 4u) { k += 1u; storageBarrier(); }\n"
          "  if (n > 0u && n < 9u) { workgroupBarrier(); }\n"));
  EXPECT_TRUE(failsAt(src("  switch (lid) { case 0u: { workgroupBarrier(); } default: {} }\n"), 4,
                      29, "the 'switch' at line 4 depends on the builtin value"));
  EXPECT_TRUE(failsAt(src("  loop {\n"
                          "    workgroupBarrier();\n"
                          "    continuing { break if lid > 3u; }\n"
                          "  }\n"),
                      5, 5, "the 'break if' at line 6 depends on the builtin value"));
  EXPECT_TRUE(failsAt(src("  for (var i = 0u; i < 4u; i++) {\n"
                          "    if (lid == i) { continue; }\n"
                          "    workgroupBarrier();\n"
                          "  }\n"),
                      6, 5, "the 'if' at line 5 depends on the builtin value"));
  EXPECT_TRUE(failsAt(src("  if (lid > 0u && n > 0u) { workgroupBarrier(); }\n"), 4, 29,
                      "the '&&' at line 4 depends on the builtin value"));
  EXPECT_TRUE(failsAt(src("  if (n > 0u || lid > 0u) { workgroupBarrier(); }\n"), 4, 29,
                      "the 'if' at line 4 depends on the builtin value"));
  // A variable made non-uniform on a later iteration flows back to the loop header.
  EXPECT_TRUE(failsAt(src("  var k = 0u;\n"
                          "  loop {\n"
                          "    if (k > 4u) { break; }\n"
                          "    workgroupBarrier();\n"
                          "    if (lid > 2u) { k = lid; }\n"
                          "    k++;\n"
                          "  }\n"),
                      7, 5, "the 'if' at line 6 depends on the builtin value"));
}

// ---- calls

TEST(Uniformity, CallChainsPropagateCallSiteAndParameterRequirements) {
  std::string src = frag(
      "fn sampleIt(uv : vec2f) -> vec4f {\n"
      "  return textureSample(t, s, uv);\n"
      "}\n"
      "fn middle(uv : vec2f, k : f32) -> vec4f {\n"
      "  if (k > 0.0) { return sampleIt(uv); }\n"
      "  return vec4f();\n"
      "}\n"
      "@fragment\n"
      "fn main(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
      "  var c = middle(uv, 1.0);\n"
      "  c += middle(uv, uv.x);\n"
      "  if (uv.y > 0.0) { c += sampleIt(uv); }\n"
      "  return c;\n"
      "}\n");
  // middle's k must be uniform (it controls a call to sampleIt).
  EXPECT_TRUE(failsAt(src, 13, 8,
                      "'middle' (at 13:8) calls 'textureSample' (at 4:10) and requires argument "
                      "2 to be uniform, but it depends on the fragment input 'uv' (line 11)"));
  // sampleIt must be called from uniform control flow.
  EXPECT_TRUE(fails(src,
                    "'sampleIt' (at 14:26) calls 'textureSample' (at 4:10) and must only be "
                    "called from uniform control flow, but the 'if' at line 14"));
  Module m = parse(src);
  EXPECT_EQ(count(m, Diagnostic::Severity::Error), 2u) << m.diagnosticsText();
}

TEST(Uniformity, NonUniformReturnValueOfUserFunction) {
  EXPECT_TRUE(
      fails("var<workgroup> w : u32;\n"
            "fn getW() -> u32 { return w; }\n"
            "@compute @workgroup_size(4)\n"
            "fn main() { if (getW() > 0u) { workgroupBarrier(); } }\n",
            "depends on the value returned by 'getW' at 4:17"));
  parseOk(
      "@group(0) @binding(0) var<uniform> u : u32;\n"
      "fn addU(x : u32) -> u32 { return x + u; }\n"
      "@compute @workgroup_size(4)\n"
      "fn main() { if (addU(3u) > 0u) { workgroupBarrier(); } }\n");
}

TEST(Uniformity, PointerParameters) {
  const char* pre =
      "var<workgroup> wg : u32;\n"
      "fn storeNonUniform(p : ptr<function, u32>) { *p = wg; }\n"
      "fn storeConst(p : ptr<function, u32>) { *p = 3u; }\n"
      "fn keep(p : ptr<function, u32>) { *p = *p + 1u; }\n"
      "fn barrierIf(p : ptr<function, u32>) { if (*p > 0u) { workgroupBarrier(); } }\n"
      "@compute @workgroup_size(64)\n"
      "fn main(@builtin(local_invocation_index) lid : u32) {\n";
  auto src = [&](const char* body) { return std::string(pre) + body + "}\n"; };
  parseOk(
      src("  var x = lid;\n"
          "  storeConst(&x);\n"
          "  if (x > 0u) { workgroupBarrier(); }\n"
          "  keep(&x);\n"
          "  barrierIf(&x);\n"));
  EXPECT_TRUE(failsAt(src("  var x = 0u;\n"
                          "  storeNonUniform(&x);\n"
                          "  if (x > 0u) { workgroupBarrier(); }\n"),
                      10, 17, "depends on the value 'storeNonUniform' stores through its pointer"));
  EXPECT_TRUE(failsAt(src("  var x = lid;\n"
                          "  keep(&x);\n"
                          "  if (x > 0u) { workgroupBarrier(); }\n"),
                      10, 17, "depends on the builtin value 'local_invocation_index'"));
  // ParameterContentsRequiredToBeUniform.
  EXPECT_TRUE(failsAt(src("  var x = lid;\n"
                          "  barrierIf(&x);\n"),
                      9, 3,
                      "'barrierIf' (at 9:3) calls 'workgroupBarrier' (at 5:55) and requires "
                      "argument 1 to be uniform"));
  // Non-function-space pointer parameters: non-read-only contents are non-uniform.
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<storage, read_write> b : u32;\n"
            "fn f(p : ptr<storage, u32, read_write>) { if (*p > 0u) { workgroupBarrier(); } }\n"
            "@compute @workgroup_size(4)\n"
            "fn main() { f(&b); }\n",
            "depends on the memory pointed to by parameter 'p' (line 2)"));
}

// ---- diagnostic filters (#diagnostic-filtering)

TEST(Uniformity, DiagnosticFiltersControlDerivativeUniformity) {
  std::string src =
      "diagnostic(warning, derivative_uniformity);\n" +
      frag(
          "@fragment\n"
          "fn a(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
          "  var c = vec4f();\n"
          "  if (uv.x > 0.5) { c = textureSample(t, s, uv); }\n"
          "  if (uv.x > 0.5) @diagnostic(off, derivative_uniformity) { c = textureSample(t, s, "
          "uv); }\n"
          "  if (uv.x > 0.5) @diagnostic(info, derivative_uniformity) { c += dpdx(uv).xyxy; }\n"
          "  return c;\n"
          "}\n"
          "@diagnostic(off, derivative_uniformity)\n"
          "@fragment\n"
          "fn b(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
          "  if (uv.x > 0.5) { return textureSample(t, s, uv); }\n"
          "  return vec4f();\n"
          "}\n");
  Module m = parseOk(src);
  ASSERT_EQ(m.diagnostics().size(), 2u) << m.diagnosticsText();
  EXPECT_EQ(m.diagnostics()[0].severity, Diagnostic::Severity::Warning);
  EXPECT_EQ(m.diagnostics()[0].line, 7u);
  EXPECT_NE(m.diagnostics()[0].message.find("'textureSample' (at 7:25)"), std::string::npos);
  EXPECT_EQ(m.diagnostics()[1].severity, Diagnostic::Severity::Info);
  EXPECT_EQ(m.diagnostics()[1].line, 9u);
  EXPECT_NE(m.diagnostics()[1].message.find("'dpdx'"), std::string::npos);

  // Without the directive the first call is an error.
  EXPECT_TRUE(failsAt(frag("@fragment\n"
                           "fn a(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
                           "  if (uv.x > 0.5) { return textureSample(t, s, uv); }\n"
                           "  return vec4f();\n"
                           "}\n"),
                      5, 28, "'textureSample' (at 5:28)"));
  // The directive off silences everything.
  parseOk("diagnostic(off, derivative_uniformity);\n" +
          frag("@fragment\n"
               "fn a(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
               "  if (uv.x > 0.5) { return textureSample(t, s, uv); }\n"
               "  return vec4f();\n"
               "}\n"));
}

TEST(Uniformity, BarrierRuleCannotBeFiltered) {
  EXPECT_TRUE(
      fails("diagnostic(off, derivative_uniformity);\n"
            "@compute @workgroup_size(64)\n"
            "fn main(@builtin(local_invocation_index) lid : u32) {\n"
            "  if (lid > 0u) @diagnostic(off, derivative_uniformity) { workgroupBarrier(); }\n"
            "}\n",
            "'workgroupBarrier' (at 4:59) must only be called from uniform control flow"));
}

TEST(Uniformity, FilterInCalleeSetsTheSeverityAtTheCaller) {
  Module m =
      parseOk(frag("@diagnostic(warning, derivative_uniformity)\n"
                   "fn f(uv : vec2f) -> vec4f { return textureSample(t, s, uv); }\n"
                   "@fragment\n"
                   "fn main(@location(0) uv : vec2f) -> @location(0) vec4f {\n"
                   "  if (uv.x > 0.0) { return f(uv); }\n"
                   "  return vec4f();\n"
                   "}\n"));
  EXPECT_EQ(count(m, Diagnostic::Severity::Warning), 1u) << m.diagnosticsText();
}

// ---- robustness: linear work, bounded nesting

TEST(Uniformity, LargeFunctionStaysFast) {
  std::string src =
      "@compute @workgroup_size(1)\n"
      "fn main(@builtin(local_invocation_index) l : u32) {\n"
      "  var v0 = 0u;\n";
  for (int i = 1; i < 2000; ++i) {
    std::string v = "v" + std::to_string(i), p = "v" + std::to_string(i - 1);
    src += "  var " + v + " = " + p + " + 1u; if (" + v + " > 3u) { " + v + " = 1u; } loop { " + v +
           " += 1u; if (" + v + " > 9u) { break; } }\n";
  }
  src += "  workgroupBarrier();\n}\n";
  parseOk(src);
}

}  // namespace
}  // namespace bindery::wgsl::test
