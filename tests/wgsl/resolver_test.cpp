// Resolver: declaration order and cycles, scopes and shadowing, the type
// system, const/override evaluation, type checking of expressions,
// statements and builtins, address spaces and access modes, entry points.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::fails;
using test::failsAt;
using test::parseOk;

TEST(Resolver, ModuleScopeAnyOrder) {
  parseOk(R"(
    fn a() -> S { return S(b(), K); }
    fn b() -> f32 { return f32(K) * 2.0; }
    struct S { x : f32, y : T }
    alias T = u32;
    const K : u32 = L + 1u;
    const L = 2u;
  )");
}

TEST(Resolver, DeepDependencyChainsAreBounded) {
  std::string ok = "const c0 = 1;\n";
  for (int i = 1; i < 200; ++i)
    ok += "const c" + std::to_string(i) + " = c" + std::to_string(i - 1) + " + 1;\n";
  ok += "const_assert c199 == 200;";
  // declared in reverse so that resolution recurses through the whole chain
  std::string rev;
  for (int i = 199; i >= 1; --i)
    rev += "const d" + std::to_string(i) + " = d" + std::to_string(i - 1) + " + 1;\n";
  rev += "const d0 = 1;\nconst_assert d199 == 200;";
  parseOk(ok);
  parseOk(rev);
  std::string deep;
  for (int i = 5000; i >= 1; --i)
    deep += "const e" + std::to_string(i) + " = e" + std::to_string(i - 1) + ";\n";
  deep += "const e0 = 1;";
  // resolved in dependency order (issue 18): an acyclic chain of any depth is valid
  parseOk(deep);
}

TEST(Resolver, CyclesRejected) {
  EXPECT_TRUE(failsAt("const a = b;\nconst b = a;", 1, 7, "cyclic dependency"));
  EXPECT_TRUE(fails("struct S { s : S }", "cyclic dependency"));
  EXPECT_TRUE(fails("alias A = array<B, 2>;\nalias B = A;", "cyclic dependency"));
  EXPECT_TRUE(fails("fn f() { g(); }\nfn g() { f(); }", "recursion is not allowed"));
  EXPECT_TRUE(fails("fn f() { f(); }", "recursion is not allowed"));
}

// wgsl_fuzz finding 5: a self-call merged the callee's static uses into the
// caller's while iterating them (the same vector): heap-use-after-free.
TEST(Resolver, SelfCallWithUsesIsRecursionError) {
  const char* src =
      "var<private> a : f32;\nvar<private> b : f32;\nvar<private> c : f32;\n"
      "fn f() { a = b + c; f(); }";
  EXPECT_TRUE(failsAt(src, 4, 4, "recursion is not allowed: 'f' -> 'f'"));
  // mutual recursion with uses and sample pairs on both sides
  EXPECT_TRUE(fails(R"(
    @group(0) @binding(0) var t : texture_2d<f32>;
    @group(0) @binding(1) var s : sampler;
    var<private> a : vec4f;
    fn g() { a = textureSampleLevel(t, s, vec2f(0), 0.0); f(); }
    fn f() { a = textureSampleLevel(t, s, vec2f(1), 0.0); g(); f(); }
  )",
                    "recursion is not allowed"));
}

TEST(Resolver, Redeclaration) {
  EXPECT_TRUE(failsAt("const a = 1;\nfn a() {}", 2, 4, "redeclaration of 'a'"));
  EXPECT_TRUE(failsAt("fn f() {\n  let x = 1;\n  var x = 2;\n}", 3, 7,
                      "redeclaration of 'x' in the same scope"));
  EXPECT_TRUE(fails("fn f(a : i32, a : i32) {}", "duplicate parameter"));
  EXPECT_TRUE(fails("struct S { a : i32, a : f32 }", "duplicate member"));
}

TEST(Resolver, ShadowingIsScoped) {
  // a local shadows a module-scope name and even a predeclared type name
  parseOk(R"(
    const x = 1;
    fn f() -> i32 {
      let x = 2.0;
      var y : f32 = x;
      {
        let x = 3u;
        let z : u32 = x;
        _ = z;
      }
      let f32 = 5;
      return f32 + i32(y);
    }
  )");
  // after the block, the outer declaration is visible again
  EXPECT_TRUE(
      failsAt("fn f() {\n  { let a = 1; }\n  _ = a;\n}", 3, 7, "unresolved identifier 'a'"));
  // a name is visible only after its declaration
  EXPECT_TRUE(failsAt("fn f() {\n  _ = b;\n  let b = 1;\n}", 2, 7, "unresolved identifier 'b'"));
}

// Many names and nested shadowing (the scope table grows while names are
// shadowed; each closing scope brings back what it hid, in every function).
TEST(Resolver, ShadowingAcrossManyNamesAndScopes) {
  std::string body;
  for (int i = 0; i < 40; ++i)
    body += "  let n" + std::to_string(i) + " = " + std::to_string(i) + "u;\n";
  body += "  {\n";
  for (int i = 0; i < 40; i += 2) body += "    let n" + std::to_string(i) + " = 1.5;\n";
  body += "    { let n0 = 2i; let t0 : i32 = n0; _ = t0; }\n";
  body += "    let f0 : f32 = n0;\n    let u1 : u32 = n1;\n    _ = f0; _ = u1;\n  }\n";
  body += "  let u0 : u32 = n0 + n38 + n39;\n  _ = u0;\n";
  const std::string fns = "fn f() {\n" + body + "}\nfn g() {\n" + body + "}\n";
  parseOk(fns);
  // inside the block n0 is the f32 that shadows the u32
  EXPECT_TRUE(
      fails(fns + "fn h() {\n  let n0 = 1u;\n  { let n0 = 1.5; let u : u32 = n0; _ = u; }\n}",
            "value of type 'f32' as 'u32'"));
  // a redeclaration in the same scope is still found with many names around
  EXPECT_TRUE(fails("fn f() {\n" + body + "  let n17 = 3;\n}", "redeclaration of 'n17'"));
}

TEST(Resolver, PredeclaredAliases) {
  parseOk(R"(
    enable f16;
    const a : vec2f = vec2<f32>(1.0, 2.0);
    const b : vec3i = vec3<i32>(1, 2, 3);
    const c : vec4u = vec4<u32>(1u);
    const d : vec2h = vec2<f16>(1h, 2h);
    const e : mat4x4f = mat4x4<f32>();
    const f : mat2x3h = mat2x3<f16>();
    const g : mat3x2f = mat3x2f(1, 2, 3, 4, 5, 6);
  )");
}

TEST(Resolver, F16RequiresEnable) {
  EXPECT_TRUE(failsAt("const a : f16 = 1.0;", 1, 11, "f16 requires 'enable f16;'"));
  EXPECT_TRUE(failsAt("const a = 1h;", 1, 11, "f16 literals require 'enable f16;'"));
  EXPECT_TRUE(fails("var<private> v : vec3h;", "f16"));
  parseOk("enable f16;\nvar<private> v : vec3h;\nconst a = 1h;");
}

TEST(Resolver, ConstEvaluation) {
  parseOk(R"(
    const a = 1 + 2 * 3;
    const_assert a == 7;
    const b = vec3(1, 2, 3);
    const_assert b.y == 2 && b.zx.x == 3;
    const c = array(1.5, 2.5, 3.5);
    const_assert c[2] == 3.5;
    struct S { p : i32, q : vec2f }
    const s = S(4, vec2f(0.5, 1.5));
    const_assert s.q.y == 1.5 && s.p == 4;
    const m = mat2x2f(1.0, 2.0, 3.0, 4.0);
    const_assert m[1][0] == 3.0;
    const_assert (m * vec2f(1.0, 1.0)).x == 4.0;
    const_assert max(3, 7) == 7 && min(2u, 1u) == 1u && abs(-4) == 4;
    const_assert clamp(12, 0, 10) == 10;
    const_assert select(1, 2, true) == 2;
    const_assert all(vec2(true, true)) && any(vec3(false, true, false));
    const_assert 0x10 >> 2u == 4 && (1u << 31u) == 2147483648u;
    const_assert -7 / 2 == -3 && -7 % 2 == -1;
    const_assert f32(3) == 3.0 && i32(2.9) == 2 && u32(true) == 1u;
    const_assert 1e2 == 100.0 && 0x1p4 == 16.0;
    const_assert sqrt(16.0) == 4.0 && floor(2.5) == 2.0;
  )");
  EXPECT_TRUE(failsAt("const_assert 1 + 1 == 3;", 1, 1, "const_assert failed"));
  EXPECT_TRUE(failsAt("fn f() {\n  const_assert false;\n}", 2, 3, "const_assert failed"));
  EXPECT_TRUE(fails("const a = 1 / 0;", "division by zero"));
  // #integer-types: concrete integer overflow wraps, also in const-expressions
  parseOk("const_assert 2147483647i + 1i == -2147483647i - 1i;");
  parseOk("const_assert -1 * i32(-2147483648) == i32(-2147483648);");
  parseOk("const_assert 0u - 1u == 4294967295u && 65536u * 65536u == 0u;");
  parseOk("const_assert -i32(-2147483648) == i32(-2147483648);");
  EXPECT_TRUE(fails("const a = i32(-2147483648) / -1i;", "division overflows i32"));
  EXPECT_TRUE(fails("const a = -(-9223372036854775807 - 1);", "abstract-int negation"));
  EXPECT_TRUE(fails("const a = 1i << 32u;", "must be less than the bit width 32"));
  EXPECT_TRUE(fails("const a = 0x40000000i << 1u;", "overflows 'i32'"));
  EXPECT_TRUE(fails("const a = 0x80000000u << 1u;", "overflows 'u32'"));
  parseOk("const_assert (-1i << 31u) == i32(-2147483648) && (1u << 31u) == 0x80000000u;");
  // #bit-expr abstract shifts: no bit-width limit on the amount, no overflow
  parseOk("const_assert (1 << 40) == 1099511627776 && (0 << 100) == 0 && (-8 >> 100) == -1;");
  EXPECT_TRUE(fails("const a = 1 << 63;", "abstract-int shift '1 << 63' overflows"));
  parseOk("const_assert (-1 << 63) == -9223372036854775807 - 1;");
  EXPECT_TRUE(fails("const a : u32 = -1;", "cannot be represented as 'u32'"));
  EXPECT_TRUE(fails("const a = 9223372036854775807 + 1;", "overflow"));
  EXPECT_TRUE(fails("const a = 1u << 32u;", "shift amount"));
  EXPECT_TRUE(fails("const a = vec2(1, 2)[2];", "out of bounds"));
  EXPECT_TRUE(fails("const_assert 1;", "bool"));
  EXPECT_TRUE(fails("fn f() { let x = 1; const y = x; }", "must be a const-expression"));
}

TEST(Resolver, Overrides) {
  parseOk(R"(
    @id(0) override a : f32 = 1.5;
    override b : u32;
    override c = 4u * 2u;
    override d : bool = c > 3u;
    @compute @workgroup_size(c, 1) fn main() { _ = a; }
  )");
  EXPECT_TRUE(fails("override v : vec2f;", "concrete scalar"));
  EXPECT_TRUE(fails("@id(70000) override v : f32;", "@id value"));
  EXPECT_TRUE(fails("@group(0) override v : f32;", "only valid on 'var'"));
  EXPECT_TRUE(fails("@id(1) const v : f32 = 1.0;", "attributes are not allowed on 'const'"));
  EXPECT_TRUE(fails("override o : u32 = 3u;\nconst c = o;", "must be a const-expression"));
  parseOk("override a = 1;");  // concretized to i32
}

TEST(Resolver, TypeErrors) {
  EXPECT_TRUE(failsAt("fn f() {\n  var a : i32 = 1.5;\n}", 2, 17,
                      "cannot use a value of type 'abstract-float' as 'i32'"));
  EXPECT_TRUE(failsAt("fn f() {\n  let a : u32 = 1i;\n}", 2, 17, "'i32' as 'u32'"));
  EXPECT_TRUE(failsAt("fn f() {\n  let a = 1u + 1i;\n}", 2, 11,
                      "operator '+' cannot be applied to 'u32' and 'i32'"));
  EXPECT_TRUE(fails("fn f() { let a = vec2f(1.0) + vec3f(1.0); }", "operator '+'"));
  EXPECT_TRUE(fails("fn f() { let a = true + 1; }", "operator '+'"));
  EXPECT_TRUE(fails("fn f() { let a = -1u; }", "operator '-'"));
  EXPECT_TRUE(fails("fn f() { let a = !1; }", "operator '!'"));
  EXPECT_TRUE(fails("fn f() { var a : i32 = 1; a.x = 2; }", "has no member"));
  EXPECT_TRUE(fails("fn f() { let v = vec2f(); _ = v.z; }", "beyond"));
  EXPECT_TRUE(fails("fn f() { let v = vec4f(); _ = v.xg; }", "invalid vector swizzle"));
  EXPECT_TRUE(
      fails("struct S { a : i32 }\nfn f() { let s = S(1); _ = s.b; }", "has no member named 'b'"));
  EXPECT_TRUE(fails("fn f() { let a = vec3f(1.0, 2.0); }", "expected 3 components"));
  EXPECT_TRUE(fails("fn f() { let a = array<i32, 2>(1, 2, 3); }", "expected 2 elements"));
  EXPECT_TRUE(fails("fn f() { var a : array<i32, 0>; }", "greater than 0"));
  EXPECT_TRUE(fails("fn f() { var a : array<i32, -1>; }", "greater than 0"));
  EXPECT_TRUE(fails("fn f() { let a = unknown(1); }", "unresolved function 'unknown'"));
  EXPECT_TRUE(fails("fn f() { var a : Missing; }", "unknown type 'Missing'"));
  EXPECT_TRUE(fails("const x = 1;\nfn f() { var a : x; }", "'x' is not a type"));
  EXPECT_TRUE(fails("fn f() { let a = vec3f; }", "cannot be used as a value"));
  EXPECT_TRUE(fails("fn g() {}\nfn f() { let a = g; }", "cannot be used as a value"));
  EXPECT_TRUE(fails("fn g() {}\nfn f() { let a = g(); }", "does not return a value"));
  EXPECT_TRUE(fails("fn g(x : i32) {}\nfn f() { g(); }", "expects 1 argument"));
  EXPECT_TRUE(fails("fn g(x : i32) {}\nfn f() { g(1.5); }", "argument 1 of 'g'"));
  EXPECT_TRUE(fails("fn f() { let a = 1; let b = a[0]; }", "cannot index"));
  EXPECT_TRUE(fails("fn f() { let m = mat2x2<i32>(); }", "matrix components must be f32 or f16"));
  EXPECT_TRUE(fails("var<private> a : atomic<f32>;", "atomic type must be i32 or u32"));
  EXPECT_TRUE(fails("fn f() { let t = texture_2d<bool>; }", "texture sampled type"));
  EXPECT_TRUE(fails("var<private> a : array<f32>;", "must be constructible"));
  EXPECT_TRUE(fails("struct S { a : array<f32>, b : f32 }", "must be the last member"));
}

TEST(Resolver, ImplicitConversionsOfAbstract) {
  parseOk(R"(
    fn f() {
      let a : f32 = 1;          // abstract-int -> f32
      let b : u32 = 3;          // abstract-int -> u32
      let c = 1u + 2;           // abstract-int -> u32
      let d = 2.0 * vec3f(1.0); // scalar * vector
      var e : array<f32, 2> = array(1, 2);
      let g = vec2(1.0, 2);     // mixed abstract
      let h : vec2f = g;
      _ = a; _ = b; _ = c; _ = d; _ = e; _ = h;
    }
  )");
}

TEST(Resolver, AddressSpaces) {
  parseOk(R"(
    var<private> p : i32;
    var<workgroup> w : array<f32, 64>;
    @group(0) @binding(0) var<uniform> u : vec4f;
    @group(0) @binding(1) var<storage> s : array<f32>;
    @group(0) @binding(2) var<storage, read> r : array<f32>;
    @group(0) @binding(3) var<storage, read_write> rw : array<atomic<u32>>;
    @group(0) @binding(4) var t : texture_2d<f32>;
    fn f() { var<function> x : i32; var y : f32; _ = x; _ = y; }
  )");
  EXPECT_TRUE(failsAt("var g : i32;", 1, 5, "must specify an address space"));
  EXPECT_TRUE(fails("var<function> g : i32;", "only allowed for function-scope"));
  EXPECT_TRUE(fails("fn f() { var<private> x : i32; }", "must be in the 'function' address space"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<uniform, read> u : f32;",
                    "only be specified for the 'storage'"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<storage, write> s : f32;", "cannot be 'write'-only"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<stoarge> s : f32;", "expected an address space"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<uniform> u : array<f32>;",
                    "host-shareable and constructible"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<storage> s : bool;", "host-shareable"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<storage> s : atomic<u32>;", "require 'read_write'"));
  EXPECT_TRUE(
      fails("var<private> a : atomic<u32>;", "only allowed in the 'storage' and 'workgroup'"));
  EXPECT_TRUE(fails("var<workgroup> w : i32 = 1;", "cannot have an initializer"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<handle> t : sampler;",
                    "'handle' address space cannot be written"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<private> t : sampler;", "without an address space"));
  EXPECT_TRUE(fails("fn f() { var t : sampler; }", "only be declared at module scope"));
}

TEST(Resolver, ResourceAttributes) {
  EXPECT_TRUE(failsAt("@group(0) var<uniform> u : f32;", 1, 24,
                      "requires both @group and @binding attributes (missing @binding)"));
  EXPECT_TRUE(failsAt("@binding(0) var t : texture_2d<f32>;", 1, 17, "(missing @group)"));
  EXPECT_TRUE(failsAt("var s : sampler;", 1, 5, "requires both @group and @binding"));
  EXPECT_TRUE(failsAt("@group(0) @binding(0) var<private> p : f32;", 1, 36,
                      "only valid on resource variables"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<workgroup> w : f32;", "only valid on resource variables"));
  EXPECT_TRUE(fails("@group(-1) @binding(0) var<uniform> u : f32;", "non-negative"));
  EXPECT_TRUE(fails("@group(0.5) @binding(0) var<uniform> u : f32;", "must be an integer"));
  EXPECT_TRUE(
      fails("fn f() { @group(0) @binding(0) var x : f32; }", "attributes are only allowed"));
  parseOk("const G = 2u;\n@group(G) @binding(G + 1u) var<uniform> u : f32;");
}

TEST(Resolver, AssignmentRules) {
  EXPECT_TRUE(fails("fn f() { let a = 1; a = 2; }", "not a reference"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<uniform> u : f32;\nfn f() { u = 1.0; }",
                    "read-only memory"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<storage> s : f32;\nfn f() { s = 1.0; }", "read-only"));
  parseOk("@group(0) @binding(0) var<storage, read_write> s : f32;\nfn f() { s = 1.0; s += 2.0; }");
  EXPECT_TRUE(fails("fn f() { var a : f32; a = 1u; }", "'u32' as 'f32'"));
  EXPECT_TRUE(fails("fn f() { var a : f32; a++; }", "increment requires"));
  EXPECT_TRUE(fails("fn f() { var a : i32; a += 1.5; }", "compound assignment"));
  EXPECT_TRUE(fails("fn f() { var v : vec2f; v.xy = vec2f(); }", "not a reference"));
  parseOk(
      "fn f() { var v : vec4f; v.x = 1.0; v[2] = 3.0; var a : array<vec2f, 2>; a[1].y = 2.0; }");
  EXPECT_TRUE(fails("@group(0) @binding(0) var t : texture_2d<f32>;\nfn f() { _ = &t; }",
                    "not a reference"));
  parseOk("@group(0) @binding(0) var t : texture_2d<f32>;\nfn f() { _ = t; }");
}

TEST(Resolver, Pointers) {
  parseOk(R"(
    struct S { a : array<f32, 4>, b : i32 }
    var<private> g : S;
    fn read(p : ptr<private, S>) -> f32 { return (*p).a[1] + p.a[2]; }
    fn f() {
      var x = 1;
      let px = &x;
      *px = 2;
      let pa = &g.a;
      (*pa)[0] = 1.0;
      _ = read(&g);
    }
  )");
  EXPECT_TRUE(fails("fn f() { var v : vec2f; let p = &v.x; }", "address of a vector component"));
  EXPECT_TRUE(fails("fn f() { let a = 1; let p = *a; }", "cannot dereference"));
  Options o;
  o.allowPointerCompositeAccess = false;
  EXPECT_TRUE(fails("var<private> g : array<f32, 2>;\nfn f() { let p = &g; _ = p[0]; }",
                    "cannot index a pointer", o));
}

TEST(Resolver, ControlFlowPlacement) {
  EXPECT_TRUE(failsAt("fn f() {\n  break;\n}", 2, 3, "'break' must be inside a loop or switch"));
  EXPECT_TRUE(failsAt("fn f() {\n  continue;\n}", 2, 3, "'continue' must be inside a loop"));
  EXPECT_TRUE(
      fails("fn f() { loop { continuing { break; } } }", "not allowed in a continuing block"));
  EXPECT_TRUE(fails("fn f() { loop { continuing { return; } } }",
                    "'return' is not allowed in a continuing"));
  EXPECT_TRUE(fails("fn f() { switch 1 { case 1: { continue; } default {} } }",
                    "'continue' must be inside a loop"));
  parseOk("fn f() { loop { switch 1 { case 1: { continue; } default { break; } } break; } }");
  EXPECT_TRUE(fails("fn f() { if 1 {} }", "must be of type 'bool'"));
  EXPECT_TRUE(fails("fn f() { while 1.0 {} }", "must be of type 'bool'"));
  EXPECT_TRUE(fails("fn f() { loop { continuing { break if 1; } } }", "must be of type 'bool'"));
  // loop continuing sees body declarations
  parseOk(
      "fn f() { var i = 0; loop { let step = 2; continuing { i += step; break if i > 10; } } }");
}

TEST(Resolver, SwitchRules) {
  EXPECT_TRUE(fails("fn f() { switch 1 { case 1: {} } }", "must have a 'default' clause"));
  EXPECT_TRUE(fails("fn f() { switch 1 { default {} case default {} } }", "exactly one 'default'"));
  EXPECT_TRUE(
      fails("fn f() { switch 1 { case 1, 1 {} default {} } }", "duplicate case selector value 1"));
  EXPECT_TRUE(
      fails("fn f() { switch 1.0 { default {} } }", "switch selector must be an i32 or u32"));
  EXPECT_TRUE(fails("fn f() { switch 1u { case 1i {} default {} } }",
                    "does not match the switch selector"));
  EXPECT_TRUE(
      fails("fn f() { let x = 1; switch 1 { case x {} default {} } }", "const-expressions"));
  parseOk("const K = 3u;\nfn f(s : u32) { switch s { case 1, 2u, K {} default {} } }");
}

TEST(Resolver, Returns) {
  EXPECT_TRUE(
      failsAt("fn f() -> i32 {\n  let a = 1;\n}", 3, 1, "missing return at end of function 'f'"));
  EXPECT_TRUE(fails("fn f() -> i32 { if true { return 1; } }", "missing return"));
  parseOk("fn f() -> i32 { if true { return 1; } else { return 2; } }");
  parseOk("fn f() -> i32 { loop { return 1; } }");
  parseOk("fn f(x : i32) -> i32 { switch x { case 0 { return 0; } default { return 1; } } }");
  EXPECT_TRUE(fails("fn f() -> i32 { loop { break; } }", "missing return"));
  EXPECT_TRUE(fails("fn f() -> i32 { return; }", "missing return value"));
  EXPECT_TRUE(fails("fn f() { return 1; }", "does not return a value"));
  EXPECT_TRUE(fails("fn f() -> u32 { return 1.5; }", "return statement"));
}

TEST(Resolver, Builtins) {
  parseOk(R"(
    @group(0) @binding(0) var<storage, read_write> buf : array<atomic<u32>>;
    @group(0) @binding(1) var<storage, read_write> data : array<f32>;
    var<workgroup> wg : atomic<i32>;
    var<workgroup> shared_v : f32;
    @compute @workgroup_size(1) fn main() {
      let v = vec3f(1.0, 2.0, 3.0);
      let a : f32 = dot(v, v) + length(v) + distance(v, v);
      let c : vec3f = cross(v, v) + normalize(v) + reflect(v, v) + mix(v, v, 0.5) + mix(v, v, v);
      let b : vec3f = clamp(v, vec3f(0.0), vec3f(1.0)) + abs(-v) + floor(v) + fract(v) + sqrt(v);
      let m = mat3x3f(v, v, v);
      let d : f32 = determinant(m);
      let t : mat3x3f = transpose(m);
      let s : vec3f = select(v, v, vec3(true, false, true)) + select(v, v, true);
      let i : i32 = countOneBits(5) + firstLeadingBit(3) + extractBits(7, 1u, 2u);
      let fr = frexp(1.5);
      let e : i32 = fr.exp;
      let md = modf(vec2f(1.5));
      let w : vec2f = md.whole;
      let p : u32 = pack4x8unorm(vec4f(0.5)) + pack2x16float(vec2f(1.0));
      let up : vec4f = unpack4x8snorm(p);
      let x : u32 = atomicAdd(&buf[0], 1u) + atomicLoad(&buf[1]);
      atomicStore(&buf[2], 3u);
      let r = atomicCompareExchangeWeak(&buf[3], 0u, 1u);
      let ok : bool = r.exchanged;
      let o : u32 = r.old_value;
      _ = atomicMax(&wg, 2);
      let len : u32 = arrayLength(&data);
      workgroupBarrier();
      storageBarrier();
      let sv : f32 = workgroupUniformLoad(&shared_v);
      let bc : u32 = bitcast<u32>(1.0f);
      let bv : vec2i = bitcast<vec2i>(vec2u(1u, 2u));
      let ld : vec3f = ldexp(v, vec3i(1));
      _ = a; _ = b; _ = c; _ = d; _ = t; _ = s; _ = i; _ = e; _ = w; _ = up; _ = x; _ = ok;
      _ = o; _ = len; _ = sv; _ = bc; _ = bv; _ = ld;
    }
  )");
  EXPECT_TRUE(failsAt("fn f() {\n  let a = dot(1.0, 2.0);\n}", 2, 11,
                      "no matching overload for 'dot(abstract-float, abstract-float)'"));
  EXPECT_TRUE(
      fails("fn f() { let a = cross(vec2f(), vec2f()); }", "no matching overload for 'cross"));
  EXPECT_TRUE(fails("fn f() { let a = sqrt(1i); }", "no matching overload"));
  EXPECT_TRUE(fails("fn f() { let a = countOneBits(1.0); }", "no matching overload"));
  EXPECT_TRUE(fails("fn f() { let a = select(1, 2, 3); }", "no matching overload"));
  EXPECT_TRUE(fails("fn f() { let a = max(1u, 2i); }", "no matching overload"));
  EXPECT_TRUE(fails("fn f() { let a = abs(); }", "no matching overload"));
  EXPECT_TRUE(
      fails("var<private> x : u32;\nfn f() { _ = atomicAdd(&x, 1u); }", "pointer to an atomic"));
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<storage> b : array<atomic<u32>>;\nfn f() { _ = "
            "atomicAdd(&b[0], 1u); }",
            "require 'read_write'"));
  EXPECT_TRUE(fails("var<private> a : array<f32, 4>;\nfn f() { _ = arrayLength(&a); }",
                    "runtime-sized array"));
  EXPECT_TRUE(fails("fn f() { _ = bitcast<u32>(vec2f()); }", "cannot bitcast"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1) fn main() { _ = dpdx(1.0); }",
                    "only be used in the fragment stage"));
  EXPECT_TRUE(fails("fn f() { let a = abs<i32>(1); }", "does not take template arguments"));
  // const builtins evaluate in const-expressions
  parseOk("const a = max(1, 2);\nvar<private> arr : array<f32, a>;");
}

TEST(Resolver, TextureBuiltins) {
  const char* decls = R"(
    @group(0) @binding(0) var t2 : texture_2d<f32>;
    @group(0) @binding(1) var ta : texture_2d_array<f32>;
    @group(0) @binding(2) var tc : texture_cube<f32>;
    @group(0) @binding(3) var td : texture_depth_2d;
    @group(0) @binding(4) var tms : texture_multisampled_2d<u32>;
    @group(0) @binding(5) var ts : texture_storage_2d<rgba8unorm, write>;
    @group(0) @binding(6) var tsr : texture_storage_2d<r32uint, read_write>;
    @group(0) @binding(7) var s : sampler;
    @group(0) @binding(8) var sc : sampler_comparison;
    @group(0) @binding(9) var te : texture_external;
    @group(0) @binding(10) var t3 : texture_3d<i32>;
    @group(0) @binding(11) var t1 : texture_1d<f32>;
  )";
  std::string ok = std::string(decls) + R"(
    @fragment fn fs() -> @location(0) vec4f {
      var c = textureSample(t2, s, vec2f(0.5));
      c += textureSample(t2, s, vec2f(0.5), vec2i(1, 1));
      c += textureSample(ta, s, vec2f(0.5), 2);
      c += textureSample(tc, s, vec3f(1.0));
      c += textureSampleBias(t2, s, vec2f(0.5), 0.5);
      c += textureSampleLevel(t2, s, vec2f(0.5), 0.0);
      c += textureSampleLevel(t1, s, 0.5, 0.0);
      c += textureSampleGrad(t2, s, vec2f(0.5), vec2f(0.1), vec2f(0.1));
      c += textureGather(1, t2, s, vec2f(0.5));
      c += textureGather(td, s, vec2f(0.5));
      c += textureSampleBaseClampToEdge(te, s, vec2f(0.5));
      c += textureLoad(t2, vec2i(1), 0);
      c += textureLoad(te, vec2u(1u));
      c += vec4f(textureLoad(tms, vec2i(0), 3));
      c += vec4f(textureLoad(t3, vec3i(0), 0));
      c += textureLoad(td, vec2i(0), 0) * vec4f(1.0);
      let d : f32 = textureSample(td, s, vec2f(0.5)) + textureSampleCompare(td, sc, vec2f(0.5), 0.5)
                  + textureSampleCompareLevel(td, sc, vec2f(0.5), 0.5);
      let g : vec4f = textureGatherCompare(td, sc, vec2f(0.5), 0.5);
      textureStore(ts, vec2i(0), vec4f(1.0));
      textureStore(tsr, vec2u(0u), vec4u(1u));
      let v : vec4u = textureLoad(tsr, vec2i(0));
      let dims : vec2u = textureDimensions(t2) + textureDimensions(t2, 1) + textureDimensions(ts);
      let d1 : u32 = textureDimensions(t1);
      let d3 : vec3u = textureDimensions(t3);
      let n : u32 = textureNumLayers(ta) + textureNumLevels(t2) + textureNumSamples(tms);
      _ = d; _ = g; _ = v; _ = dims; _ = d1; _ = d3; _ = n;
      return c;
    }
  )";
  parseOk(ok);
  auto bad = [&](const char* body, const char* msg) {
    std::string src = std::string(decls) + "@fragment fn fs() {\n" + body + "\n}";
    EXPECT_TRUE(fails(src, msg)) << body;
  };
  bad("_ = textureSample(t2, sc, vec2f());", "no matching overload for 'textureSample");
  bad("_ = textureSample(t2, s, vec3f());", "no matching overload");
  bad("_ = textureSample(tms, s, vec2f());", "does not accept");
  bad("_ = textureSample(tc, s, vec3f(), vec3i());", "no matching overload");  // no offset for cube
  bad("let o = vec2i(1); _ = textureSample(t2, s, vec2f(), o);", "must be a const-expression");
  bad("_ = textureSampleCompare(td, s, vec2f(), 0.5);", "no matching overload");
  bad("_ = textureLoad(t2, vec2f(), 0);", "no matching overload");
  bad("_ = textureLoad(ts, vec2i());", "'read' or 'read_write'");
  bad("textureStore(t2, vec2i(), vec4f());", "does not accept");
  bad("textureStore(ts, vec2i(), vec4u());", "no matching overload");
  bad("_ = textureNumLayers(t2);", "does not accept");
  bad("_ = textureFoo(t2);", "unresolved function");
  EXPECT_TRUE(fails(std::string(decls) +
                        "@compute @workgroup_size(1) fn c() { _ = textureSample(t2, s, vec2f()); }",
                    "only be used in the fragment stage"));
}

TEST(Resolver, EntryPoints) {
  EXPECT_TRUE(failsAt("@compute fn main() {}", 1, 13, "requires a @workgroup_size"));
  EXPECT_TRUE(fails("@fragment @workgroup_size(1) fn main() {}", "only valid on @compute"));
  EXPECT_TRUE(fails("@workgroup_size(1) fn helper() {}", "only valid on @compute"));
  EXPECT_TRUE(fails("@compute @workgroup_size(0) fn main() {}", "at least 1"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1.0) fn main() {}", "must be i32 or u32"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1i, 2u) fn main() {}", "same type"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1, 2, 3, 4) fn main() {}", "1 to 3 arguments"));
  EXPECT_TRUE(fails("@compute @vertex @workgroup_size(1) fn main() {}", "only one shader stage"));
  EXPECT_TRUE(fails("@vertex fn vs() {}", "must return a value"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1) fn c() -> @location(0) f32 { return 1.0; }",
                    "must not return"));
  EXPECT_TRUE(fails("@fragment fn fs(x : f32) {}", "needs a @location or @builtin"));
  EXPECT_TRUE(
      fails("@fragment fn fs() -> vec4f { return vec4f(); }", "needs a @location or @builtin"));
  EXPECT_TRUE(fails("@compute @workgroup_size(1) fn c() {}\nfn f() { c(); }", "cannot be called"));
  EXPECT_TRUE(fails("@foo fn f() {}", "not valid on functions"));
  parseOk(
      "@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f { return "
      "vec4f(f32(i)); }");
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Resolver, MustUse) {
  EXPECT_TRUE(test::failsAt("fn f() {\n  max(1, 2);\n}", 2, 3, "the result of 'max' must be used"));
  test::parseOk("fn f() { _ = max(1, 2); }");
  EXPECT_TRUE(test::fails("@must_use fn g() -> i32 { return 1; }\nfn f() { g(); }",
                          "must be used (@must_use)"));
  test::parseOk("fn g() -> i32 { return 1; }\nfn f() { g(); }");
  EXPECT_TRUE(test::fails("@must_use fn g() {}", "requires a function with a return type"));
  EXPECT_TRUE(
      test::fails("fn f() { vec2f(1.0); }", "value constructor cannot be used as a statement"));
  // atomics are not @must_use
  test::parseOk(
      "var<workgroup> a : atomic<u32>;\n@compute @workgroup_size(1) fn c() { atomicAdd(&a, 1u); }");
}

TEST(Resolver, FragmentOnlyBuiltinsThroughHelpers) {
  const char* src = R"(@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
fn helper() -> vec4f { return textureSample(t, s, vec2f()); }
@fragment fn fs() -> @location(0) vec4f { return helper(); }
@compute @workgroup_size(1) fn cs() { _ = helper(); }
)";
  EXPECT_TRUE(test::failsAt(src, 5, 43,
                            "'textureSample' (called through 'helper') can only be used in the "
                            "fragment stage, but entry point 'cs' is a compute shader"));
  test::parseOk(R"(@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
fn helper() -> vec4f { return textureSampleLevel(t, s, vec2f(), 0.0); }
@compute @workgroup_size(1) fn cs() { _ = helper(); }
@vertex fn vs() -> @builtin(position) vec4f { return helper(); }
)");
}

TEST(Parser, StatementNestingGuard) {
  std::string deep = "fn f() ";
  for (int i = 0; i < 1000; ++i) deep += "{";
  for (int i = 0; i < 1000; ++i) deep += "}";
  EXPECT_TRUE(test::fails(deep, "nested too deeply"));
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Resolver, IoAttributes) {
  test::parseOk(R"(
    struct VOut {
      @builtin(position) pos : vec4f,
      @location(0) @interpolate(flat) id : u32,
      @location(1) @interpolate(linear, centroid) uv : vec2f,
      @location(2) @interpolate(flat, either) k : i32,
    }
    @vertex fn vs(@builtin(vertex_index) vi : u32, @location(0) p : vec3f) -> VOut {
      return VOut(vec4f(p, 1.0), vi, vec2f(), 0);
    }
    @fragment fn fs(in : VOut, @builtin(front_facing) ff : bool) -> @location(0) vec4f {
      _ = ff;
      return vec4f(in.uv, 0.0, 1.0);
    }
    @compute @workgroup_size(1) fn cs(@builtin(global_invocation_id) g : vec3u,
                                      @builtin(local_invocation_index) li : u32) { _ = g; _ = li; }
  )");
  EXPECT_TRUE(
      test::fails("@vertex fn vs(@builtin(vertex_index) vi : i32) -> @builtin(position) vec4f { "
                  "return vec4f(); }",
                  "@builtin(vertex_index) requires type 'u32', got 'i32'"));
  EXPECT_TRUE(test::fails("@vertex fn vs() -> @builtin(position) vec3f { return vec3f(); }",
                          "@builtin(position) requires type 'vec4<f32>'"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@builtin(pixel) p : vec4f) {}",
                          "unknown builtin value 'pixel'"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(0) b : bool) {}", "numeric scalar or vector"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(-1) b : f32) {}", "non-negative"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(0) @interpolate(flat, center) b : f32) {}",
                          "invalid interpolation sampling"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(0) @interpolate(cubic) b : f32) {}",
                          "@interpolate requires"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(0) @interpolate(linear) b : i32) {}",
                          "@interpolate(flat)"));
  EXPECT_TRUE(
      test::fails("fn f() -> @location(0) f32 { return 1.0; }", "only valid on entry points"));
}

TEST(Resolver, OverrideIdsAreUnique) {
  EXPECT_TRUE(test::failsAt("@id(1) override a : f32;\n@id(1) override b : f32;", 2, 17,
                            "@id(1) is already used by override 'a'"));
  test::parseOk("@id(1) override a : f32;\n@id(2) override b : f32;");
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Resolver, ConcretizationMustBeRepresentable) {
  EXPECT_TRUE(test::fails("fn f() { let x = 3000000000; }", "cannot be represented as 'i32'"));
  test::parseOk("fn f() { let x = 3000000000u; let y = 2147483647; _ = x; _ = y; }");
  EXPECT_TRUE(
      test::fails("fn f() { var v = vec2(1, 3000000000); }", "cannot be represented as 'i32'"));
}

TEST(Resolver, WorkgroupVariablesOnlyInCompute) {
  const char* src = R"(var<workgroup> w : f32;
fn helper() -> f32 { return w; }
@fragment fn fs() -> @location(0) vec4f { return vec4f(helper()); }
)";
  EXPECT_TRUE(test::failsAt(src, 3, 14, "fragment entry point 'fs' uses workgroup variable 'w'"));
  test::parseOk("var<workgroup> w : f32;\n@compute @workgroup_size(1) fn c() { w = 1.0; }");
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Resolver, EntryPointIoStageAndUniqueness) {
  EXPECT_TRUE(
      test::fails("@fragment fn fs(@builtin(vertex_index) i : u32) {}",
                  "@builtin(vertex_index) cannot be used as an input of a fragment shader"));
  EXPECT_TRUE(test::fails("@vertex fn vs() -> @builtin(frag_depth) f32 { return 1.0; }",
                          "cannot be used as an output of a vertex shader"));
  EXPECT_TRUE(test::fails(R"(
    struct In { @location(0) a : f32, @location(0) b : f32 }
    @fragment fn fs(in : In) {})",
                          "@location(0) appears more than once"));
  EXPECT_TRUE(test::fails("@fragment fn fs(@location(1) a : f32, @location(1) b : vec2f) {}",
                          "appears more than once"));
  EXPECT_TRUE(test::fails("@compute @workgroup_size(1) fn c(@location(0) a : f32) {}",
                          "not valid on compute shader inputs"));
  test::parseOk(R"(
    struct VOut { @builtin(position) p : vec4f, @location(0) a : f32 }
    @vertex fn vs() -> VOut { return VOut(vec4f(), 1.0); }
    @fragment fn fs(in : VOut, @location(1) b : f32) -> @location(0) vec4f { return vec4f(in.a + b); }
  )");
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Resolver, ConstBuiltinEvaluation) {
  test::parseOk(R"(
    const_assert dot(vec3(1, 2, 3), vec3(4, 5, 6)) == 32;
    const_assert length(vec2(3.0, 4.0)) == 5.0;
    const_assert distance(vec2(1.0, 1.0), vec2(4.0, 5.0)) == 5.0;
    const_assert all(cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)) == vec3(0.0, 0.0, 1.0));
    const_assert normalize(vec2(0.0, 2.0)).y == 1.0;
    const_assert sign(-3) == -1 && sign(2.5) == 1.0;
    const_assert step(0.5, 0.7) == 1.0 && saturate(1.5) == 1.0;
    const_assert fract(2.25) == 0.25 && mix(0.0, 10.0, 0.5) == 5.0 && fma(2.0, 3.0, 1.0) == 7.0;
    const_assert countOneBits(7u) == 3u && reverseBits(1u) == 0x80000000u;
    const_assert countLeadingZeros(1u) == 31u && countTrailingZeros(8u) == 3u;
    const_assert log2(8.0) == 3.0 && exp2(3.0) == 8.0;
    const N = u32(length(vec2(3.0, 4.0)));
    var<private> arr : array<f32, N>;
    const_assert N == 5u;
  )");
  EXPECT_TRUE(test::fails("const a = log(-1.0);", "outside the domain of 'log'"));
  EXPECT_TRUE(test::fails("const a = sqrt(-4.0);", "outside the domain of 'sqrt'"));
  EXPECT_TRUE(test::fails("const a = normalize(vec2(0.0, 0.0));", "zero vector"));
  EXPECT_TRUE(test::fails("const a = asin(2.0);", "outside the domain of 'asin', [-1, 1]"));
}

TEST(Module, DiagnosticsTextAndErrorLimit) {
  Options o;
  o.maxErrors = 2;
  Module m = parse("fn f() { let a : i32 = 1.5; let b : i32 = 2.5; let c : i32 = 3.5; }", o);
  EXPECT_FALSE(m.ok());
  EXPECT_EQ(m.diagnostics().size(), 2u);
  EXPECT_NE(m.diagnosticsText().find("1:24: error:"), std::string::npos);
  Module all = parse("fn f() { let a : i32 = 1.5; let b : i32 = 2.5; let c : i32 = 3.5; }");
  EXPECT_EQ(all.diagnostics().size(), 3u);
  EXPECT_EQ(toString(Diagnostic::Severity::Warning), "warning");
  Module w = parse("diagnostic(off, my_unknown_rule);");
  EXPECT_TRUE(w.ok());
  ASSERT_EQ(w.diagnostics().size(), 1u);
  EXPECT_EQ(w.diagnostics()[0].severity, Diagnostic::Severity::Warning);
}

}  // namespace
}  // namespace bindery::wgsl
