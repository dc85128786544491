// The resolved representation (ir.h) is complete: every expression is
// resolved and typed, every identifier names its declaration, every call has
// a target. (What a code generator needs without reparsing.)
#include <gtest/gtest.h>

#include <set>

#include "ir.h"
#include "test_util.h"

namespace bindery::wgsl {
namespace {

const char* kShader = R"(
struct Light { pos : vec3f, color : vec3f }
@group(0) @binding(0) var<uniform> light : Light;
@group(0) @binding(1) var tex : texture_2d<f32>;
@group(0) @binding(2) var smp : sampler;
@group(0) @binding(3) var<storage, read_write> counts : array<atomic<u32>>;
const K = 3;
override scale : f32 = 2.0;
fn shade(n : vec3f, p : ptr<function, f32>) -> vec3f {
  *p += 1.0;
  return max(dot(n, normalize(light.pos)), 0.0) * light.color * scale;
}
struct VOut { @builtin(position) pos : vec4f, @location(0) uv : vec2f }
@fragment fn fs(in : VOut) -> @location(0) vec4f {
  var acc = 0.0;
  for (var i = 0; i < K; i++) { acc += f32(i); }
  let c = textureSample(tex, smp, in.uv);
  _ = atomicAdd(&counts[0], 1u);
  return vec4f(shade(c.xyz, &acc), c.a) * vec4f(array<f32, 2>(1.0, 2.0)[1]);
}
)";

TEST(Ir, EveryExpressionIsResolvedAndTyped) {
  Module m = test::parseOk(kShader);
  const ModuleImpl* ir = m.impl();
  ASSERT_NE(ir, nullptr);
  // enumerant arguments of IO attributes are names, not expressions
  std::set<uint32_t> enumerants;
  for (const Attribute& a : ir->ast.attrs)
    if (a.name == "builtin" || a.name == "interpolate" || a.name == "diagnostic")
      for (uint32_t i = 0; i < a.args.count; ++i) enumerants.insert(ir->ast.at(a.args, i));
  for (const VarDecl& v : ir->ast.vars)
    for (uint32_t i = 0; i < v.templateArgs.count; ++i)
      enumerants.insert(ir->ast.at(v.templateArgs, i));
  ASSERT_EQ(ir->exprs.size(), ir->ast.exprs.size());
  for (uint32_t e = 0; e < ir->exprs.size(); ++e) {
    if (enumerants.count(e)) continue;
    const ExprInfo& info = ir->exprs[e];
    if (info.ref == RefKind::Enumerant) {
      EXPECT_TRUE(info.resolved);
      continue;
    }
    const Expr& ex = ir->ast.exprs[e];
    EXPECT_TRUE(info.resolved) << "expression at offset " << ex.span.offset;
    EXPECT_NE(info.type, kNoType) << "expression '" << ex.name << "' at offset " << ex.span.offset;
    if (ex.kind == ExprKind::Ident) {
      EXPECT_NE(info.ref, RefKind::None) << "identifier '" << ex.name << "'";
    }
    if (ex.kind == ExprKind::Call) {
      EXPECT_NE(info.call, CallKind::None) << "call '" << ex.name << "'";
    }
  }
  // spot checks
  const TypeTable& T = ir->types;
  bool sawBuiltin = false, sawUser = false, sawCtor = false;
  for (uint32_t e = 0; e < ir->exprs.size(); ++e) {
    const Expr& ex = ir->ast.exprs[e];
    if (ex.kind != ExprKind::Call) continue;
    if (ex.name == "textureSample") {
      sawBuiltin = ir->exprs[e].call == CallKind::Builtin;
      EXPECT_EQ(T.name(ir->exprs[e].type), "vec4<f32>");
    }
    if (ex.name == "shade") sawUser = ir->exprs[e].call == CallKind::Function;
    if (ex.name == "array") sawCtor = ir->exprs[e].call == CallKind::Constructor;
  }
  EXPECT_TRUE(sawBuiltin);
  EXPECT_TRUE(sawUser);
  EXPECT_TRUE(sawCtor);
  // variables: address spaces, access modes, bindings
  for (uint32_t v = 0; v < ir->vars.size(); ++v) {
    const VarDecl& d = ir->ast.vars[v];
    const VarInfo& vi = ir->vars[v];
    if (d.name == "counts") {
      EXPECT_EQ(vi.space, AddressSpace::Storage);
      EXPECT_EQ(vi.access, AccessMode::ReadWrite);
      EXPECT_EQ(vi.binding, 3u);
    }
    if (d.name == "acc") {
      EXPECT_EQ(vi.space, AddressSpace::Function);
      EXPECT_EQ(T.name(vi.type), "f32");
    }
    if (d.name == "K") {
      ASSERT_TRUE(vi.value.has_value());
      EXPECT_EQ(vi.value->elems[0].i, 3);
    }
  }
}

}  // namespace
}  // namespace bindery::wgsl
