// Types and layout: scalars, vectors, matrices, arrays, structs with the
// front end's offsets and strides, buffers as Block structs.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

TEST(SpirvTypes, ComputeSkeletonWithStorageBuffer) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(1) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  data[id.x] = data[id.x] * 2u + 1u;
})",
                                     "main");
  EXPECT_NE(d.find("OpEntryPoint GLCompute"), std::string::npos);
  EXPECT_NE(d.find("LocalSize 64 1 1"), std::string::npos);
  EXPECT_NE(d.find("DescriptorSet 0"), std::string::npos);
  EXPECT_NE(d.find("Binding 1"), std::string::npos);
  EXPECT_NE(d.find("OpArrayLength"), std::string::npos);  // runtime-array index clamped
}

TEST(SpirvTypes, StructLayoutOffsetsAndMatrixStride) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct Camera { pos: vec3f, scale: f32, view: mat4x4f, offsets: array<vec2f, 3> }
@group(1) @binding(0) var<uniform> camera: Camera;
@group(0) @binding(0) var<storage, read_write> out: vec4f;
@compute @workgroup_size(1) fn main() {
  out = camera.view * vec4f(camera.pos, camera.scale) + vec4f(camera.offsets[2], 0.0, 1.0);
})",
                                     "main");
  EXPECT_NE(d.find("OpMemberDecorate %Camera 1 Offset 12"), std::string::npos) << d;
  EXPECT_NE(d.find("OpMemberDecorate %Camera 2 Offset 16"), std::string::npos) << d;
  EXPECT_NE(d.find("OpMemberDecorate %Camera 2 MatrixStride 16"), std::string::npos) << d;
  EXPECT_NE(d.find("OpMemberDecorate %Camera 3 Offset 80"), std::string::npos) << d;
  EXPECT_NE(d.find("ArrayStride 8"), std::string::npos) << d;
  EXPECT_NE(d.find("OpMemberName %Camera 0 \"pos\""), std::string::npos) << d;
}

TEST(SpirvTypes, AddressSpaces) {
  SPIRV_EXPECT_VALID(R"(
var<private> counter: i32 = 3;
var<workgroup> tile: array<f32, 64>;
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> output: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
  var local: f32 = input[i];
  tile[i] = local + f32(counter);
  workgroupBarrier();
  output[i] = tile[63u - i];
})",
                     "main");
}

TEST(SpirvTypes, RuntimeArrayInStruct) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct Particles { count: u32, items: array<vec4f> }
@group(0) @binding(0) var<storage, read_write> ps: Particles;
@compute @workgroup_size(1) fn main() {
  ps.count = arrayLength(&ps.items);
  ps.items[ps.count] = vec4f(1.0);
})",
                                     "main");
  EXPECT_NE(d.find("OpDecorate %Particles Block"), std::string::npos) << d;
}

TEST(SpirvTypes, OverrideSizedWorkgroupArray) {
  SPIRV_EXPECT_VALID(R"(
override size: u32 = 16;
var<workgroup> buf: array<u32, size * 2>;
@group(0) @binding(0) var<storage, read_write> out: u32;
@compute @workgroup_size(size) fn main(@builtin(local_invocation_index) i: u32) {
  buf[i] = i;
  out = buf[0];
})",
                     "main");
}

}  // namespace
