// textureLoad and the texture queries on the Vulkan backend: every dimension
// and sample type (1d, 2d, 2d-array, 3d, cube and cube-array through
// textureSampleLevel, multisampled, depth read as (V, 0, 0, 1), stencil),
// textureDimensions / NumLevels / NumLayers / NumSamples, and lazy
// zero-initialisation of what a shader reads before anything wrote it.
#include <gtest/gtest.h>

#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

class TextureLoadTest : public TextureShaderTest {};

// The value of texel (x, y, layer) of mip `mip`.
uint32_t code(uint32_t x, uint32_t y, uint32_t layer, uint32_t mip) {
  return 1 + x + 16 * y + 256 * layer + 4096 * mip;
}

// Level `mip` of an r32uint texture of `size` (layers or depth in z), coded.
std::vector<uint32_t> coded(Extent3D size, uint32_t mip, bool is3d) {
  uint32_t w = std::max(1u, size.width >> mip), h = std::max(1u, size.height >> mip);
  uint32_t d = is3d ? std::max(1u, size.depthOrArrayLayers >> mip) : size.depthOrArrayLayers;
  std::vector<uint32_t> v;
  for (uint32_t z = 0; z < d; ++z) {
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) v.push_back(code(x, y, z, mip));
    }
  }
  return v;
}

TEST_F(TextureLoadTest, EveryTexelOf2dArrayMipsAndQueries) {
  Extent3D size{8, 4, 3};
  Texture t = makeTexture(TextureFormat::R32uint, size, TextureDimension::e2D, 2);
  for (uint32_t mip = 0; mip < 2; ++mip) {
    std::vector<uint32_t> v = coded(size, mip, false);
    uint32_t w = size.width >> mip, h = size.height >> mip;
    write(t, mip, v.data(), w * 4, h, {w, h, 3});
  }
  TextureViewDescriptor vd;
  vd.dimension = TextureViewDimension::e2DArray;
  // out[0..96): mip 0, [96..120): mip 1, then the queries.
  std::vector<uint32_t> got = run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_2d_array<u32>;
@compute @workgroup_size(1) fn main() {
  var i = 0u;
  for (var mip = 0u; mip < 2u; mip++) {
    let d = textureDimensions(t, mip);
    for (var layer = 0u; layer < 3u; layer++) {
      for (var y = 0u; y < d.y; y++) {
        for (var x = 0u; x < d.x; x++) {
          out[i] = textureLoad(t, vec2u(x, y), layer, mip).x;
          i++;
        }
      }
    }
  }
  out[120] = textureDimensions(t).x;
  out[121] = textureDimensions(t).y;
  out[122] = textureDimensions(t, 1).x;
  out[123] = textureNumLevels(t);
  out[124] = textureNumLayers(t);
})",
                                            {{1, t.createView(vd)}}, 125);
  std::vector<uint32_t> want = coded(size, 0, false);
  std::vector<uint32_t> mip1 = coded(size, 1, false);
  want.insert(want.end(), mip1.begin(), mip1.end());
  want.insert(want.end(), {8, 4, 4, 2, 3});
  EXPECT_EQ(got, want);
}

TEST_F(TextureLoadTest, ViewOfOneMipAndLayerRange) {
  // A view of mip 1 and layers [1, 3) sees only those: load(0) is mip 1.
  Extent3D size{8, 4, 4};
  Texture t = makeTexture(TextureFormat::R32uint, size, TextureDimension::e2D, 2);
  for (uint32_t mip = 0; mip < 2; ++mip) {
    std::vector<uint32_t> v = coded(size, mip, false);
    uint32_t w = size.width >> mip, h = size.height >> mip;
    write(t, mip, v.data(), w * 4, h, {w, h, 4});
  }
  TextureViewDescriptor vd;
  vd.dimension = TextureViewDimension::e2DArray;
  vd.baseMipLevel = 1;
  vd.mipLevelCount = 1;
  vd.baseArrayLayer = 1;
  vd.arrayLayerCount = 2;
  std::vector<uint32_t> got = run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_2d_array<u32>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(t, vec2u(3, 1), 0, 0).x;
  out[1] = textureLoad(t, vec2u(0, 0), 1, 0).x;
  out[2] = textureDimensions(t).x;
  out[3] = textureNumLevels(t);
  out[4] = textureNumLayers(t);
})",
                                            {{1, t.createView(vd)}}, 5);
  EXPECT_EQ(got, (std::vector<uint32_t>{code(3, 1, 1, 1), code(0, 0, 2, 1), 4, 1, 2}));
}

TEST_F(TextureLoadTest, OneDimensionalAndThreeDimensional) {
  Texture t1 = makeTexture(TextureFormat::R32uint, {16, 1, 1}, TextureDimension::e1D);
  std::vector<uint32_t> v1 = coded({16, 1, 1}, 0, false);
  write(t1, 0, v1.data(), 64, 1, {16, 1, 1});
  Extent3D size3{4, 4, 4};
  Texture t3 = makeTexture(TextureFormat::R32uint, size3, TextureDimension::e3D, 2);
  for (uint32_t mip = 0; mip < 2; ++mip) {
    std::vector<uint32_t> v = coded(size3, mip, true);
    uint32_t s = 4 >> mip;
    write(t3, mip, v.data(), s * 4, s, {s, s, s});
  }
  std::vector<uint32_t> got =
      run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t1 : texture_1d<u32>;
@group(0) @binding(2) var t3 : texture_3d<u32>;
@compute @workgroup_size(1) fn main() {
  for (var x = 0u; x < 16u; x++) { out[x] = textureLoad(t1, x, 0).x; }
  var i = 16u;
  for (var mip = 0u; mip < 2u; mip++) {
    let d = textureDimensions(t3, mip);
    for (var z = 0u; z < d.z; z++) {
      for (var y = 0u; y < d.y; y++) {
        for (var x = 0u; x < d.x; x++) {
          out[i] = textureLoad(t3, vec3u(x, y, z), mip).x;
          i++;
        }
      }
    }
  }
  out[i] = textureDimensions(t1);
  out[i + 1] = textureDimensions(t3).z;
  out[i + 2] = textureNumLevels(t3);
})",
                    {{1, t1.createView()}, {2, t3.createView()}}, 16 + 64 + 8 + 3);
  std::vector<uint32_t> want = v1;
  for (uint32_t mip = 0; mip < 2; ++mip) {
    std::vector<uint32_t> v = coded(size3, mip, true);
    want.insert(want.end(), v.begin(), v.end());
  }
  want.insert(want.end(), {16, 4, 2});
  EXPECT_EQ(got, want);
}

TEST_F(TextureLoadTest, FloatIntegerAndNormalizedFormats) {
  // rgba8unorm -> x / 255, rgba8snorm -> max(x / 127, -1), rgba8sint as is,
  // rgba16float as is.
  Texture unorm = makeTexture(TextureFormat::Rgba8unorm, {1, 1, 1});
  Texture snorm = makeTexture(TextureFormat::Rgba8snorm, {1, 1, 1});
  Texture sint = makeTexture(TextureFormat::Rgba8sint, {1, 1, 1});
  Texture half = makeTexture(TextureFormat::Rgba16float, {1, 1, 1});
  uint8_t u[4] = {0, 51, 255, 128};
  int8_t s[4] = {-128, -127, 127, 64};
  uint16_t h[4] = {0x3c00, 0xc000, 0x3800, 0x7bff};  // 1, -2, 0.5, 65504
  write(unorm, 0, u, 4, 1, {1, 1, 1});
  write(snorm, 0, s, 4, 1, {1, 1, 1});
  write(sint, 0, s, 4, 1, {1, 1, 1});
  write(half, 0, h, 8, 1, {1, 1, 1});
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var a : texture_2d<f32>;
@group(0) @binding(2) var b : texture_2d<f32>;
@group(0) @binding(3) var c : texture_2d<i32>;
@group(0) @binding(4) var d : texture_2d<f32>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(a, vec2u(0), 0);
  out[1] = textureLoad(b, vec2u(0), 0);
  out[2] = vec4f(textureLoad(c, vec2u(0), 0));
  out[3] = textureLoad(d, vec2u(0), 0);
})",
                                      {{1, unorm.createView()},
                                       {2, snorm.createView()},
                                       {3, sint.createView()},
                                       {4, half.createView()}},
                                      16);
  std::vector<float> want = {0,    0.2f, 1,   128 / 255.0f, -1, -1, 1,    64 / 127.0f,
                             -128, -127, 127, 64,           1,  -2, 0.5f, 65504};
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-5) << "value " << i;
}

TEST_F(TextureLoadTest, MultisampledEverySampleAndNumSamples) {
  TextureDescriptor d;
  d.size = {4, 4, 1};
  d.format = TextureFormat::Rgba8unorm;
  d.sampleCount = 4;
  d.usage = TextureUsage::RenderAttachment | TextureUsage::TextureBinding;
  Texture t = device_.createTexture(d);
  RenderPassDescriptor rp;
  RenderPassColorAttachment color;
  color.view = t.createView();
  color.clearValue = {0.2, 0.4, 0.6, 1.0};
  color.loadOp = LoadOp::Clear;
  color.storeOp = StoreOp::Store;
  rp.colorAttachments.push_back(color);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.beginRenderPass(rp).end();
  submit(encoder);
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var t : texture_multisampled_2d<f32>;
@compute @workgroup_size(1) fn main() {
  for (var s = 0u; s < 4u; s++) { out[s] = textureLoad(t, vec2u(3, 2), s); }
  out[4] = vec4f(f32(textureNumSamples(t)), vec2f(textureDimensions(t)), 0);
})",
                                      {{1, t.createView()}}, 20);
  for (uint32_t s = 0; s < 4; ++s) {
    EXPECT_NEAR(got[s * 4 + 0], 0.2f, 1.0f / 255) << "sample " << s;
    EXPECT_NEAR(got[s * 4 + 1], 0.4f, 1.0f / 255) << "sample " << s;
    EXPECT_NEAR(got[s * 4 + 2], 0.6f, 1.0f / 255) << "sample " << s;
    EXPECT_NEAR(got[s * 4 + 3], 1.0f, 1.0f / 255) << "sample " << s;
  }
  EXPECT_EQ(got[16], 4);
  EXPECT_EQ(got[17], 4);
  EXPECT_EQ(got[18], 4);
}

TEST_F(TextureLoadTest, DepthReadsAsValueZeroZeroOne) {
  // depth16unorm through texture_depth_2d (a scalar) and through an
  // 'unfilterable-float' texture_2d<f32>: (V, 0, 0, 1).
  Texture t = makeTexture(TextureFormat::Depth16unorm, {2, 2, 1});
  uint16_t texels[4] = {0, 16384, 32768, 65535};
  write(t, 0, texels, 4, 2, {2, 2, 1});
  BindGroupLayoutEntry out;
  out.binding = 0;
  out.visibility = ShaderStage::Compute;
  out.buffer = BufferBindingLayout{BufferBindingType::Storage, false, 0};
  BindGroupLayoutEntry depth;
  depth.binding = 1;
  depth.visibility = ShaderStage::Compute;
  depth.texture = TextureBindingLayout{TextureSampleType::Depth, TextureViewDimension::e2D, false};
  BindGroupLayoutEntry asFloat = depth;
  asFloat.binding = 2;
  asFloat.texture->sampleType = TextureSampleType::UnfilterableFloat;
  BindGroupLayout layout = device_.createBindGroupLayout({"", {out, depth, asFloat}});
  ShaderModuleDescriptor module;
  module.code = R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var d : texture_depth_2d;
@group(0) @binding(2) var f : texture_2d<f32>;
@compute @workgroup_size(1) fn main() {
  for (var i = 0u; i < 4u; i++) {
    let c = vec2u(i % 2u, i / 2u);
    out[i] = vec4f(textureLoad(d, c, 0), 0, 0, 0);
    out[4u + i] = textureLoad(f, c, 0);
  }
})";
  ComputePipelineDescriptor pd;
  pd.layout = device_.createPipelineLayout({"", {layout}, 0});
  pd.compute.module = device_.createShaderModule(module);
  pd.compute.entryPoint = "main";
  ComputePipeline p = device_.createComputePipeline(pd);
  Buffer result = bufferWith(std::vector<float>(32, -7.0f));
  BindGroup g = group(layout, {bufferEntry(0, result), {1, t.createView()}, {2, t.createView()}});
  dispatch(p, g, 1);
  std::vector<float> got = read<float>(result, 32);
  for (uint32_t i = 0; i < 4; ++i) {
    float v = texels[i] / 65535.0f;
    EXPECT_NEAR(got[i * 4], v, 1e-4) << "texel " << i;
    EXPECT_NEAR(got[16 + i * 4 + 0], v, 1e-4) << "texel " << i;
    EXPECT_EQ(got[16 + i * 4 + 1], 0.0f);
    EXPECT_EQ(got[16 + i * 4 + 2], 0.0f);
    EXPECT_EQ(got[16 + i * 4 + 3], 1.0f);
  }
}

TEST_F(TextureLoadTest, StencilOnlyViewReadsAsUint) {
  Texture t = makeTexture(TextureFormat::Stencil8, {4, 1, 1});
  uint8_t stencil[4] = {0, 1, 128, 255};
  write(t, 0, stencil, 4, 1, {4, 1, 1});
  TextureViewDescriptor vd;
  vd.aspect = TextureAspect::StencilOnly;
  std::vector<uint32_t> got = run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4u>;
@group(0) @binding(1) var s : texture_2d<u32>;
@compute @workgroup_size(1) fn main() {
  for (var x = 0u; x < 4u; x++) { out[x] = textureLoad(s, vec2u(x, 0), 0); }
})",
                                            {{1, t.createView(vd)}}, 16);
  for (uint32_t x = 0; x < 4; ++x) {
    EXPECT_EQ(got[x * 4], stencil[x]);
    EXPECT_EQ(got[x * 4 + 1], 0u);
    EXPECT_EQ(got[x * 4 + 2], 0u);
    EXPECT_EQ(got[x * 4 + 3], 1u);
  }
}

TEST_F(TextureLoadTest, CubeAndCubeArrayFaces) {
  // Each face (and layer) one colour: sampling along each axis direction
  // reads the face Vulkan (and WebGPU, #texture-view-dimension cube) selects:
  // +x, -x, +y, -y, +z, -z are layers 0..5.
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {2, 2, 12});
  std::vector<uint8_t> texels;
  for (uint32_t layer = 0; layer < 12; ++layer) {
    for (int i = 0; i < 4; ++i) texels.insert(texels.end(), {uint8_t(layer * 20), 0, 0, 255});
  }
  write(t, 0, texels.data(), 8, 2, {2, 2, 12});
  TextureViewDescriptor cube;
  cube.dimension = TextureViewDimension::Cube;
  cube.arrayLayerCount = 6;
  TextureViewDescriptor cubeArray;
  cubeArray.dimension = TextureViewDimension::CubeArray;
  SamplerDescriptor sd;
  std::vector<float> got =
      run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<f32>;
@group(0) @binding(1) var c : texture_cube<f32>;
@group(0) @binding(2) var a : texture_cube_array<f32>;
@group(0) @binding(3) var s : sampler;
@compute @workgroup_size(1) fn main() {
  var dirs = array(vec3f(1, 0.1, 0.2), vec3f(-1, 0.1, 0.2), vec3f(0.1, 1, 0.2),
                   vec3f(0.1, -1, 0.2), vec3f(0.1, 0.2, 1), vec3f(0.1, 0.2, -1));
  for (var i = 0u; i < 6u; i++) {
    out[i] = textureSampleLevel(c, s, dirs[i], 0).x;
    out[6u + i] = textureSampleLevel(a, s, dirs[i], 1, 0).x;
  }
  out[12] = f32(textureNumLayers(a));
  out[13] = f32(textureDimensions(c).x);
})",
                 {{1, t.createView(cube)}, {2, t.createView(cubeArray)}, {3, sampler(sd)}}, 14);
  for (uint32_t i = 0; i < 6; ++i) {
    EXPECT_NEAR(got[i], unorm8(uint8_t(i * 20)), 1e-5) << "face " << i;
    EXPECT_NEAR(got[6 + i], unorm8(uint8_t((6 + i) * 20)), 1e-5) << "array face " << i;
  }
  EXPECT_EQ(got[12], 2.0f);
  EXPECT_EQ(got[13], 2.0f);
}

TEST_F(TextureLoadTest, NeverWrittenSubresourcesReadAsZero) {
  // #texture-creation: texels start as zero. Mip 0 is written, mip 1 never:
  // the shader reads zeros from mip 1 (and from a never-written texture).
  Texture t = makeTexture(TextureFormat::R32uint, {4, 4, 1}, TextureDimension::e2D, 2);
  std::vector<uint32_t> v(16, 77);
  write(t, 0, v.data(), 16, 4, {4, 4, 1});
  Texture fresh = makeTexture(TextureFormat::Rgba8unorm, {2, 2, 1});
  std::vector<uint32_t> got = run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_2d<u32>;
@group(0) @binding(2) var f : texture_2d<f32>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(t, vec2u(1, 1), 0).x;
  for (var i = 0u; i < 4u; i++) { out[1u + i] = textureLoad(t, vec2u(i % 2u, i / 2u), 1).x; }
  out[5] = u32(dot(textureLoad(f, vec2u(1, 1), 0), vec4f(1)) * 1000);
})",
                                            {{1, t.createView()}, {2, fresh.createView()}}, 6);
  EXPECT_EQ(got, (std::vector<uint32_t>{77, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace bindery::vulkan::testing
