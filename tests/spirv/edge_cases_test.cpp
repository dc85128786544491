// Corners that mix features: pointers to parts of variables, f16,
// immediates, negative case values, continue inside switch, bool memory,
// increments of components, shadowing, discard in a helper.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

TEST(SpirvEdgeCases, PointerToArrayElementArgument) {
  SPIRV_EXPECT_VALID(R"(
fn inc(p: ptr<function, i32>) { *p += 1; }
fn incPrivate(p: ptr<private, vec2f>) { p.y += 1.0; }
var<private> pv: array<vec2f, 4>;
@group(0) @binding(0) var<storage, read_write> o: i32;
@compute @workgroup_size(1) fn main() {
  var a = array<i32, 4>(1, 2, 3, 4);
  inc(&a[o]);
  incPrivate(&pv[2]);
  o = a[1] + i32(pv[2].y);
})",
                     "main");
}

TEST(SpirvEdgeCases, LetPointerAndArrayLength) {
  SPIRV_EXPECT_VALID(R"(
struct B { n: u32, items: array<u32> }
@group(0) @binding(0) var<storage, read_write> b: B;
@compute @workgroup_size(1) fn main() {
  let p = &b.items;
  let q = &b;
  b.n = arrayLength(p) + arrayLength(&q.items);
  (*p)[0] = 1u;
  q.items[1] = 2u;
})",
                     "main");
}

TEST(SpirvEdgeCases, F16ArithmeticAndStorage) {
  std::string d = SPIRV_EXPECT_VALID(R"(
enable f16;
struct S { h: vec4h, m: mat2x2h, s: f16 }
@group(0) @binding(0) var<storage, read_write> s: S;
@compute @workgroup_size(1) fn main() {
  let x = s.h * 2.0h + vec4h(1.0);
  s.h = x;
  s.s = f16(f32(x.x) * 0.5) + s.m[1].y;
  s.m = s.m * s.m;
  let i = i32(s.s) + i32(u32(s.h.w));
  s.s = f16(i);
})",
                                     "main");
  EXPECT_NE(d.find("Float16"), std::string::npos);
  EXPECT_NE(d.find("StorageBuffer16BitAccess"), std::string::npos);
}

TEST(SpirvEdgeCases, ImmediateAsPushConstant) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct Push { scale: f32, offset: vec2f }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> o: vec2f;
@compute @workgroup_size(1) fn main() { o = o * push.scale + push.offset; }
)",
                                     "main");
  EXPECT_NE(d.find("PushConstant"), std::string::npos) << d;
}

TEST(SpirvEdgeCases, NegativeCasesAndContinueInSwitch) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> o: i32;
@compute @workgroup_size(1) fn main() {
  for (var i = -3; i < 3; i++) {
    switch i {
      case -3, -1: { continue; }
      case 0: { o += 10; }
      default: { if i == 2 { break; } o += i; }
    }
    o *= 2;
  }
})",
                     "main");
}

TEST(SpirvEdgeCases, BoolMemoryAndShadowing) {
  SPIRV_EXPECT_VALID(R"(
var<private> flags: array<bool, 4>;
var<workgroup> done: bool;
@group(0) @binding(0) var<storage, read_write> o: u32;
fn o2() -> u32 { let o = 5u; return o; }
@compute @workgroup_size(1) fn main() {
  flags[o % 4u] = !done;
  let o = o2();
  { var o = 3u; o++; }
  done = flags[o % 4u] && true;
})",
                     "main");
}

TEST(SpirvEdgeCases, ComponentIncrementsAndCompoundAssignment) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: vec4i;
@group(0) @binding(1) var<storage, read_write> m: mat3x3f;
@compute @workgroup_size(1) fn main() {
  v.x++;
  v[v.y]--;
  v.z += 3;
  v >>= vec4u(1u);
  v <<= vec4u(u32(v.w) + 33u);  // run-time amounts: a constant >= 32 is an error
  v %= vec4i(v.w);
  m[1] *= 2.0;
  m *= 0.5;
  m[2].y /= 3.0;
})",
                     "main");
}

TEST(SpirvEdgeCases, DiscardInAHelper) {
  SPIRV_EXPECT_VALID(R"(
fn clip(a: f32) -> f32 { if a < 0.5 { discard; } return a; }
@fragment fn fs(@location(0) a: f32, @builtin(position) p: vec4f) -> @location(0) vec4f {
  return vec4f(clip(a), p.xy, 1.0);
})",
                     "fs");
}

TEST(SpirvEdgeCases, FragmentBuiltinsOutputs) {
  SPIRV_EXPECT_VALID(R"(
struct Out { @location(0) c: vec4f, @builtin(frag_depth) d: f32, @builtin(sample_mask) m: u32 }
@fragment fn fs(@builtin(sample_index) si: u32, @builtin(sample_mask) mi: u32) -> Out {
  return Out(vec4f(f32(si)), 0.5, mi & 1u);
})",
                     "fs");
}

TEST(SpirvEdgeCases, NestedArraysOfStructsWithMatricesInUniform) {
  SPIRV_EXPECT_VALID(R"(
struct Light { m: mat3x3f, color: vec3f, on: u32 }
struct Scene { lights: array<Light, 4>, grid: array<array<vec4f, 2>, 3> }
@group(0) @binding(0) var<uniform> scene: Scene;
@group(0) @binding(1) var<storage, read_write> o: vec4f;
@group(0) @binding(2) var<storage, read_write> i: u32;
@compute @workgroup_size(1) fn main() {
  let l = scene.lights[i];
  o = vec4f(l.m * l.color, f32(l.on)) + scene.grid[i][i + 1u];
})",
                     "main");
}

TEST(SpirvEdgeCases, AtomicsInArraysAndWorkgroupArrays) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> bins: array<atomic<u32>>;
var<workgroup> local: array<atomic<i32>, 16>;
@compute @workgroup_size(16) fn main(@builtin(local_invocation_index) i: u32) {
  atomicAdd(&local[i], 1);
  workgroupBarrier();
  atomicAdd(&bins[i], u32(atomicLoad(&local[15u - i])));
})",
                     "main");
}

TEST(SpirvEdgeCases, RuntimeIndexIntoStructArrayValue) {
  SPIRV_EXPECT_VALID(R"(
struct P { a: array<vec2f, 3> }
@group(0) @binding(0) var<storage, read_write> o: vec2f;
@group(0) @binding(1) var<storage, read_write> i: u32;
fn make() -> P { return P(array(vec2f(1.0), vec2f(2.0), o)); }
@compute @workgroup_size(1) fn main() {
  o = make().a[i];
  o.x = mat2x2f(o, o)[i].y;
})",
                     "main");
}

}  // namespace

namespace {

TEST(SpirvEdgeCases, RuntimeArrayThroughPointerParameters) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct B { n: u32, items: array<u32> }
@group(0) @binding(0) var<storage, read_write> b: B;
@group(0) @binding(1) var<storage, read_write> flat: array<f32>;
fn fill(p: ptr<storage, array<f32>, read_write>, i: u32) { (*p)[i] = f32(arrayLength(p)); }
fn count(s: ptr<storage, B, read_write>) -> u32 { s.items[7] = 1u; return arrayLength(&s.items); }
fn outer(p: ptr<storage, array<f32>, read_write>) { fill(p, 3u); }
@compute @workgroup_size(1) fn main() {
  outer(&flat);
  b.n = count(&b);
})",
                                     "main");
  EXPECT_NE(d.find("OpArrayLength"), std::string::npos);
}

TEST(SpirvEdgeCases, F16StageIo) {
  std::string d = SPIRV_EXPECT_VALID(R"(
enable f16;
struct V { @builtin(position) p: vec4f, @location(0) h: vec2h }
@vertex fn vs(@location(0) x: f16) -> V { return V(vec4f(f32(x)), vec2h(x)); }
@fragment fn fs(in: V) -> @location(0) vec4h { return vec4h(in.h, 0.0h, 1.0h); }
)",
                                     "vs");
  // f16 IO crosses the interface as f32: no StorageInputOutput16 (lavapipe lacks it)
  EXPECT_EQ(d.find("StorageInputOutput16"), std::string::npos) << d;
  EXPECT_NE(d.find("%h = OpVariable %_ptr_Output_v2float Output"), std::string::npos) << d;
  EXPECT_NE(d.find("OpFConvert %half"), std::string::npos) << d;
  std::string f = SPIRV_EXPECT_VALID(R"(
enable f16;
@fragment fn fs(@location(0) h: vec2h) -> @location(0) vec4h { return vec4h(h, 0.0h, 1.0h); }
)",
                                     "fs");
  EXPECT_EQ(f.find("StorageInputOutput16"), std::string::npos) << f;
  EXPECT_NE(f.find("OpFConvert %v4float"), std::string::npos) << f;
}

}  // namespace
