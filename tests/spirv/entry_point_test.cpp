// Entry points: compute builtins, workgroup zero-initialisation, vertex and
// fragment stage IO (Location, BuiltIn, interpolation), discard, textures.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

bool has(const std::string& d, const char* s) {
  return d.find(s) != std::string::npos;
}

TEST(SpirvEntryPoint, ComputeBuiltinsAndWorkgroupZeroInit) {
  std::string d = SPIRV_EXPECT_VALID(R"(
var<workgroup> tile: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
struct Ids { @builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) n: vec3u }
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) g: vec3u, @builtin(local_invocation_id) l: vec3u,
        @builtin(local_invocation_index) li: u32, ids: Ids) {
  tile[li] = g.x + l.y + ids.wg.x + ids.n.y;
  workgroupBarrier();
  out[li] = tile[63u - li];
})",
                                     "main");
  EXPECT_TRUE(has(d, "LocalSize 8 8 1")) << d;
  EXPECT_TRUE(has(d, "BuiltIn GlobalInvocationId")) << d;
  EXPECT_TRUE(has(d, "BuiltIn WorkgroupId")) << d;
  EXPECT_TRUE(has(d, "OpConstantNull")) << d;  // workgroup zero values
}

TEST(SpirvEntryPoint, VertexAndFragmentIo) {
  const char* src = R"(
struct VsOut {
  @builtin(position) pos: vec4f,
  @location(0) uv: vec2f,
  @location(1) @interpolate(flat) id: u32,
  @location(2) @interpolate(linear, centroid) w: f32,
}
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@vertex fn vs(@builtin(vertex_index) vi: u32, @location(0) p: vec3f) -> VsOut {
  return VsOut(vec4f(p, 1.0), vec2f(f32(vi)), vi, 1.0);
}
@fragment fn fs(in: VsOut, @builtin(front_facing) ff: bool) -> @location(0) vec4f {
  if in.w < 0.0 { discard; }
  let c = textureSample(t, s, in.uv) * dpdx(in.uv.x) + fwidth(in.w);
  return select(c, vec4f(f32(in.id)), ff);
})";
  std::string v = SPIRV_EXPECT_VALID(src, "vs");
  EXPECT_TRUE(has(v, "OpEntryPoint Vertex")) << v;
  EXPECT_TRUE(has(v, "BuiltIn Position")) << v;
  EXPECT_TRUE(has(v, "BuiltIn VertexIndex")) << v;
  EXPECT_TRUE(has(v, "Location 2")) << v;
  std::string f = SPIRV_EXPECT_VALID(src, "fs");
  EXPECT_TRUE(has(f, "OriginUpperLeft")) << f;
  EXPECT_TRUE(has(f, "BuiltIn FragCoord")) << f;
  EXPECT_TRUE(has(f, "Flat")) << f;
  EXPECT_TRUE(has(f, "NoPerspective")) << f;
  EXPECT_TRUE(has(f, "Centroid")) << f;
  EXPECT_TRUE(has(f, "OpKill")) << f;
  EXPECT_TRUE(has(f, "OpImageSampleImplicitLod")) << f;
}

TEST(SpirvEntryPoint, TexturesInCompute) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var arr: texture_2d_array<u32>;
@group(0) @binding(2) var dst: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(3) var depth: texture_depth_2d;
@group(0) @binding(4) var s: sampler;
@group(0) @binding(5) var cmp: sampler_comparison;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(src);
  let a = textureLoad(arr, vec2i(id.xy), 1, 0);
  let l = f32(textureNumLayers(arr) + textureNumLevels(src));
  let c = textureSampleLevel(src, s, vec2f(id.xy) / vec2f(size), 0.0);
  let z = textureSampleCompareLevel(depth, cmp, vec2f(0.5), 0.5) + textureLoad(depth, id.xy, 0);
  textureStore(dst, id.xy, c * z + vec4f(a) + l);
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpImageFetch")) << d;
  EXPECT_TRUE(has(d, "OpImageWrite")) << d;
  EXPECT_TRUE(has(d, "OpImageQuerySizeLod")) << d;
  EXPECT_TRUE(has(d, "OpImageSampleDrefExplicitLod")) << d;
}

TEST(SpirvEntryPoint, ExternalTextureAsThreePlanesAndParams) {
  bindery::spirv::Options o;
  o.externalTextures[{0, 1}] = {{2, 5}, {2, 6}};
  auto c = bindery::spirv::testing::compile(R"(
@group(0) @binding(1) var video: texture_external;
@group(0) @binding(2) var s: sampler;
@fragment fn fs(@builtin(position) p: vec4f) -> @location(0) vec4f {
  let size = textureDimensions(video);
  let texel = textureLoad(video, vec2u(p.xy) % size);
  return textureSampleBaseClampToEdge(video, s, p.xy / vec2f(size)) + texel;
})",
                                            "fs", o);
  ASSERT_TRUE(c.valid()) << bindery::spirv::testing::describe(c);
  const std::string& d = c.disassembly;
  EXPECT_TRUE(has(d, "OpDecorate %video_plane0 Binding 1")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %video_plane1 DescriptorSet 2")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %video_plane1 Binding 5")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %video_params Binding 6")) << d;
  // plane 2 not given: plane 0's binding + 3000 in plane 0's group
  EXPECT_TRUE(has(d, "OpDecorate %video_plane2 DescriptorSet 0")) << d;
  EXPECT_TRUE(has(d, "OpDecorate %video_plane2 Binding 3001")) << d;
  EXPECT_TRUE(has(d, "OpVectorTimesMatrix")) << d;  // YUV -> RGB
  // generate.h's layout: yuvToRgb at 16, visibleSize at 64, gamut at 80
  // (16-byte columns), the encoding curve's second half at 176
  EXPECT_TRUE(has(d, "OpMemberDecorate %ExternalTextureParams 3 Offset 16")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %ExternalTextureParams 4 Offset 64")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %ExternalTextureParams 5 Offset 80")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %ExternalTextureParams 5 MatrixStride 16")) << d;
  EXPECT_TRUE(has(d, "OpMemberDecorate %ExternalTextureParams 9 Offset 176")) << d;
  EXPECT_TRUE(has(d, "Pow")) << d;  // the transfer functions
}

}  // namespace
