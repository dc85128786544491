// Function calls: value and pointer parameters (function, private,
// workgroup, storage), let/var/const/override, compound assignment.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;

TEST(SpirvFunctions, PointerParameters) {
  std::string d = SPIRV_EXPECT_VALID(R"(
var<private> p: vec2f;
var<workgroup> w: atomic<u32>;
fn bump(x: ptr<function, i32>) { *x += 1; }
fn scale(v: ptr<private, vec2f>, s: f32) { (*v) *= s; v.x += 1.0; }
fn count(a: ptr<workgroup, atomic<u32>>) -> u32 { return atomicAdd(a, 1u); }
@group(0) @binding(0) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1) fn main() {
  var i = 1;
  bump(&i);
  scale(&p, 2.0);
  out = vec4f(f32(i), p, f32(count(&w)));
})",
                                     "main");
  EXPECT_NE(d.find("OpFunctionParameter %_ptr_Function_int"), std::string::npos) << d;
}

TEST(SpirvFunctions, StoragePointerParameter) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> data: array<u32, 4>;
fn put(p: ptr<storage, array<u32, 4>, read_write>, i: u32) { (*p)[i] = i; }
@compute @workgroup_size(1) fn main() { put(&data, 2u); }
)",
                                     "main");
  EXPECT_NE(d.find("VariablePointersStorageBuffer"), std::string::npos) << d;
}

TEST(SpirvFunctions, LetVarConstOverride) {
  bindery::spirv::Options o;
  o.overrideValues = {{"gain", 3.0}, {"7", 5.0}};
  auto c = compile(R"(
const K = 4;
override gain: f32 = 1.0;
@id(7) override n: i32;
override doubled = n * 2;
@group(0) @binding(0) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1) fn main() {
  let a = K * 2;
  var b: f32 = gain;
  b += f32(a + doubled);
  out = vec4f(b, f32(n), 0.0, 1.0);
})",
                   "main", o);
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  EXPECT_NE(c.disassembly.find("%float_3"), std::string::npos) << c.disassembly;
  EXPECT_NE(c.disassembly.find("%int_10"), std::string::npos) << c.disassembly;  // doubled
}

TEST(SpirvFunctions, OverrideWithoutValueIsAPipelineCreationError) {
  auto c = compile(R"(
override n: i32;
@group(0) @binding(0) var<storage, read_write> out: i32;
@compute @workgroup_size(1) fn main() { out = n; })",
                   "main");
  ASSERT_TRUE(c.result.error);
  EXPECT_EQ(c.result.error->kind, bindery::spirv::ErrorKind::PipelineCreation);
  EXPECT_NE(c.result.error->message.find("override 'n'"), std::string::npos);
}

TEST(SpirvFunctions, StructsAndArraysByValue) {
  SPIRV_EXPECT_VALID(R"(
struct P { pos: vec3f, mass: f32 }
fn energy(p: P, v: array<f32, 3>) -> f32 { return p.mass * (v[0] + v[1] + v[2]); }
@group(0) @binding(0) var<storage, read_write> ps: array<P>;
@compute @workgroup_size(1) fn main() {
  let p = ps[0];
  var arr = array(1.0, 2.0, 3.0);
  arr[1] = p.pos.y;
  ps[1] = P(p.pos * 2.0, energy(p, arr));
})",
                     "main");
}

}  // namespace
