// Hostile input (issue 18): no work, memory or recursion proportional to a
// number or a nesting written in the source. Each shader here once aborted,
// overflowed the stack or took seconds; each must now finish quickly with a
// result that is right for it. #limits: bindery's own limits say so.
#include <chrono>
#include <string>

#include "test_util.h"

namespace bindery::wgsl::test {
namespace {

// Seconds to parse + resolve + reflect `src`.
double secondsToParse(const std::string& src, Module* out = nullptr) {
  auto t0 = std::chrono::steady_clock::now();
  Module m = parse(src);
  (void)m.reflect();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (out) *out = std::move(m);
  return s;
}

TEST(Hostile, HugeZeroValueIsNotMaterialised) {
  // Valid WGSL: the zero value is only a runtime initializer.
  Module m;
  EXPECT_LT(secondsToParse("fn f() { var a = array<i32, 636109182>(); _ = a[5]; }", &m), 2.0);
  EXPECT_TRUE(m.ok()) << m.diagnosticsText();
}

TEST(Hostile, HugeZeroValueConstReportsTheBudget) {
  EXPECT_TRUE(fails("const c = array<i32, 636109182>();",
                    "could not evaluate the initializer of 'const c' (bindery limit"));
  EXPECT_TRUE(fails("const c = array<i32, 636109182>();", "Options::maxConstEvalScalars"));
  EXPECT_TRUE(fails("const_assert array<i32, 636109182>()[1] == 0;",
                    "could not evaluate the const_assert expression (bindery limit"));
  // Within the budget the same forms evaluate.
  parseOk("const c = array<i32, 1000>(); const_assert c[999] == 0;");
}

TEST(Hostile, DoublingConstantsHitTheBudgetQuickly) {
  std::string src = "const a0 = array(1, 2);\n";
  for (int i = 1; i < 40; ++i)
    src += "const a" + std::to_string(i) + " = array(a" + std::to_string(i - 1) + ", a" +
           std::to_string(i - 1) + ");\n";
  Module m;
  EXPECT_LT(secondsToParse(src, &m), 2.0);
  ASSERT_FALSE(m.ok());
  bool found = false;
  for (const Diagnostic& d : m.diagnostics())
    found = found || (d.message.find("bindery limit: constant evaluation in 'a") == 0 &&
                      d.message.find("Options::maxConstEvalScalars") != std::string::npos);
  EXPECT_TRUE(found) << m.diagnosticsText();
  // A smaller budget refuses earlier; a larger one accepts a few levels.
  Options small;
  small.maxConstEvalScalars = 100;
  EXPECT_TRUE(
      fails("const a0 = array(1, 2); const a1 = array(a0, a0); const a2 = array(a1, a1);"
            "const a3 = array(a2, a2); const a4 = array(a3, a3);",
            "needs more than 100 scalar values", small));
  parseOk("const a0 = array(1, 2); const a1 = array(a0, a0); const a2 = array(a1, a1);");
}

TEST(Hostile, LongFlatChainsDoNotRecursePerOperand) {
  std::string c = "const c = 0";
  for (int i = 0; i < 200000; ++i) c += " + 1";
  c += "; const_assert c == 200000;";
  Module m;
  EXPECT_LT(secondsToParse(c, &m), 30.0);  // linear; loose for Debug on a shared machine
  EXPECT_TRUE(m.ok()) << m.diagnosticsText();

  std::string r = "@fragment fn f(@location(0) x: f32) -> @location(0) vec4f { let y = x";
  for (int i = 0; i < 200000; ++i) r += " + 1";
  r += "; if y > 0 { _ = dpdx(y); } return vec4f(y); }";
  EXPECT_LT(secondsToParse(r, &m), 30.0);
  ASSERT_FALSE(m.ok());  // derivative in non-uniform control flow: the chain was analysed
  EXPECT_NE(m.diagnosticsText().find("uniform"), std::string::npos) << m.diagnosticsText();

  // a valid runtime swizzle chain: resolved and analysed for uniformity with loops
  std::string swz = "@fragment fn f(@location(0) v : vec4f) -> @location(0) vec4f { return v";
  for (int i = 0; i < 100000; ++i) swz += ".wzyx";
  EXPECT_LT(secondsToParse(swz + "; }", &m), 30.0);
  EXPECT_TRUE(m.ok()) << m.diagnosticsText().substr(0, 500);
  // a long chain of nested struct members
  std::string structs = "struct S0 { x : f32 }\n";
  for (int i = 1; i < 3000; ++i)
    structs += "struct S" + std::to_string(i) + " { a : S" + std::to_string(i - 1) + " }\n";
  structs +=
      "@group(0) @binding(0) var<uniform> u : S2999;\n"
      "@fragment fn g() -> @location(0) vec4f { return vec4f(u";
  for (int i = 0; i < 2999; ++i) structs += ".a";
  parseOk(structs + ".x); }");

  std::string mem = "fn f(v: vec4f) -> f32 { return v";
  for (int i = 0; i < 200000; ++i) mem += ".x";
  mem += "; }";
  EXPECT_TRUE(fails(mem, "'f32'"));

  std::string idx = "fn f(v: vec4f) -> f32 { return v";
  for (int i = 0; i < 200000; ++i) idx += "[0]";
  idx += "; }";
  EXPECT_TRUE(fails(idx, "f32"));
}

std::string callChain(int n, bool calleesFirst) {
  std::string s;
  for (int k = 0; k < n; ++k) {
    int i = calleesFirst ? k : n - 1 - k;
    s += i == 0 ? "fn f0() {}\n"
                : "fn f" + std::to_string(i) + "() { f" + std::to_string(i - 1) + "(); }\n";
  }
  return s;
}

TEST(Hostile, DeepAcyclicCallChainIsValid) {
  parseOk(callChain(3000, false));
  parseOk(callChain(3000, true));
  std::string consts;
  for (int i = 2999; i >= 1; --i)
    consts += "const c" + std::to_string(i) + " = c" + std::to_string(i - 1) + " + 1;\n";
  consts += "const c0 = 0; const_assert c2999 == 2999;";
  parseOk(consts);
}

TEST(Hostile, CyclesAreStillCycles) {
  EXPECT_TRUE(fails("fn a() { b(); } fn b() { c(); } fn c() { a(); }",
                    "recursion is not allowed: 'a' -> 'b' -> 'c' -> 'a'"));
  EXPECT_TRUE(fails("const a = b; const b = a;", "cyclic dependency"));
  // a local that shadows a global adds a false edge: still no cycle
  parseOk("fn g() { f(); } fn f() { let g = 1; _ = g; }");
}

TEST(Hostile, NestingLimitsNameBinderysLimit) {
  std::string e = "const c = ";
  for (int i = 0; i < 1000; ++i) e += "(";
  e += "1";
  for (int i = 0; i < 1000; ++i) e += ")";
  e += ";";
  EXPECT_TRUE(
      fails(e, "bindery limit: this expression is nested too deeply (more than 200 nested"));
  std::string ok = "const c = ";
  for (int i = 0; i < 90; ++i) ok += "(";
  ok += "1";
  for (int i = 0; i < 90; ++i) ok += ")";
  parseOk(ok + ";");
  // #limits: 127 nested braces are supported; beyond 200, bindery's limit says so
  auto braces = [](int n) {
    std::string s = "fn f() ";
    for (int i = 0; i < n; ++i) s += "{ ";
    for (int i = 0; i < n; ++i) s += "} ";
    return s;
  };
  parseOk(braces(127));
  EXPECT_TRUE(fails(braces(300), "bindery limit: statements are nested too deeply"));
}

}  // namespace
}  // namespace bindery::wgsl::test
