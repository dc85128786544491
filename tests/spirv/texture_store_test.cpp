// textureStore (#texturestore): a store whose coordinates or array index are
// outside the texture is not executed; the generator tests them against
// OpImageQuerySize itself, relying on no robustImageAccess.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::Options;
using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

bool has(const std::string& d, std::string_view s) {
  return d.find(s) != std::string::npos;
}

constexpr const char* kArray = R"(
@group(0) @binding(0) var dst: texture_storage_2d_array<rgba8unorm, write>;
var<private> n: f32;
fn texel() -> vec4f { n += 1.0; return vec4f(n); }
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) id: vec3u) {
  textureStore(dst, vec2i(id.xy) - 4, i32(id.z) - 1, texel());
}
)";

TEST(SpirvTextureStore, OutOfRangeStoreIsSkipped) {
  std::string d = SPIRV_EXPECT_VALID(kArray, "main");
  // coordinates and layer as one vec3<u32> (negative wraps high) < the size with layers
  EXPECT_TRUE(has(d, "OpImageQuerySize %v3uint")) << d;
  size_t cmp = d.find("OpULessThan %v3bool");
  ASSERT_NE(cmp, std::string::npos) << d;
  size_t all = d.find("OpAll %bool", cmp);
  size_t sel = d.find("OpSelectionMerge", all);
  size_t br = d.find("OpBranchConditional", sel);
  size_t write = d.find("OpImageWrite", br);
  ASSERT_NE(all, std::string::npos) << d;
  ASSERT_NE(sel, std::string::npos) << d;
  ASSERT_NE(br, std::string::npos) << d;
  ASSERT_NE(write, std::string::npos) << d;
  // the one write is inside the selection; the texel argument is evaluated before the test
  EXPECT_EQ(d.rfind("OpImageWrite"), write) << d;
  EXPECT_LT(d.find("OpFunctionCall"), br) << d;
}

TEST(SpirvTextureStore, OneDimensionalComparesAScalar) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var dst: texture_storage_1d<r32uint, write>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  textureStore(dst, i32(id.x) - 3, vec4u(id.x));
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpImageQuerySize %uint")) << d;
  EXPECT_TRUE(has(d, "OpULessThan %bool")) << d;
  EXPECT_FALSE(has(d, "OpAll")) << d;
  EXPECT_TRUE(has(d, "OpSelectionMerge")) << d;
}

TEST(SpirvTextureStore, UncheckedWithoutTheBoundsPolicy) {
  Options o;
  o.clampIndices = false;
  auto c = compile(kArray, "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_TRUE(has(c.disassembly, "OpImageWrite")) << c.disassembly;
  EXPECT_FALSE(has(c.disassembly, "OpImageQuerySize")) << c.disassembly;
  EXPECT_FALSE(has(c.disassembly, "OpSelectionMerge")) << c.disassembly;
}

}  // namespace
