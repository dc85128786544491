// Sampling on the Vulkan backend against the CPU reference sampler
// (texture_test.h): textureSampleLevel for each filter, address mode and
// mipmap filter, LOD clamps, textureSampleGrad, textureGather,
// textureSampleCompareLevel, textureGatherCompare,
// textureSampleBaseClampToEdge in compute; textureSample, textureSampleBias
// and textureSampleCompare in a fragment shader (implicit derivatives).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "texture_test.h"
// After the fixture: the Vulkan backend's Sampler and Device are not the API's.
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/sampler.h"
#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/sampler.h"

namespace bindery::vulkan::testing {
namespace {

class TextureSampleTest : public TextureShaderTest {
 protected:
  // An 8x8 rgba8unorm texture with 4 mips of pattern texels, and its CPU model.
  Texture mipmapped(CpuTexture& model) {
    Texture t = makeTexture(TextureFormat::Rgba8unorm, {8, 8, 1}, TextureDimension::e2D, 4);
    model.levels.clear();
    for (uint32_t mip = 0; mip < 4; ++mip) {
      uint32_t s = 8 >> mip;
      std::vector<uint8_t> bytes = pattern(s * s * 4, 10 + mip);
      CpuTexture::Level level{s, s, {}};
      for (uint32_t i = 0; i < s * s; ++i) {
        level.texels.push_back({unorm8(bytes[i * 4]), unorm8(bytes[i * 4 + 1]),
                                unorm8(bytes[i * 4 + 2]), unorm8(bytes[i * 4 + 3])});
      }
      model.levels.push_back(std::move(level));
      write(t, mip, bytes.data(), s * 4, s, {s, s, 1});
    }
    return t;
  }

  // Runs textureSampleLevel at every (u, v, lod) of `points`.
  std::vector<Vec4> sampleLevel(const Texture& t, const SamplerDescriptor& sd,
                                const std::vector<Vec4>& points) {
    Buffer in = bufferWith(points);
    std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var t : texture_2d<f32>;
@group(0) @binding(2) var s : sampler;
@group(0) @binding(3) var<storage, read> points : array<vec4f>;
@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) id : vec3u) {
  let p = points[id.x];
  out[id.x] = textureSampleLevel(t, s, p.xy, p.z);
})",
                                        {{1, t.createView()}, {2, sampler(sd)}, bufferEntry(3, in)},
                                        points.size() * 4, static_cast<uint32_t>(points.size()));
    std::vector<Vec4> result(points.size());
    std::memcpy(result.data(), got.data(), got.size() * sizeof(float));
    return result;
  }
};

// Coordinates away from texel edges at every level (nearest is exact there)
// and outside [0, 1] (the address modes).
std::vector<Vec4> samplePoints() {
  std::vector<Vec4> points;
  const float us[] = {0.07f, 0.31f, 0.58f, 0.93f, -0.21f, 1.37f, -1.19f};
  const float vs[] = {0.14f, 0.69f, -0.44f, 1.81f};
  const float lods[] = {0, 0.3f, 1, 1.7f, 2.2f, 3, 4.6f};
  size_t i = 0;
  for (float u : us) {
    for (float v : vs) points.push_back({u, v, lods[i++ % 7], 0});
  }
  return points;
}

void expectNear(const std::vector<Vec4>& got, const std::vector<Vec4>& want, float tolerance,
                const std::string& what) {
  ASSERT_EQ(got.size(), want.size());
  int mismatches = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    for (int c = 0; c < 4; ++c) {
      if (std::abs(got[i][c] - want[i][c]) > tolerance && ++mismatches <= 4) {
        ADD_FAILURE() << what << ": point " << i << " channel " << c << ": got " << got[i][c]
                      << ", expected " << want[i][c];
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << what;
}

TEST_F(TextureSampleTest, SampleLevelEveryFilterAddressModeAndMipmapFilter) {
  CpuTexture model;
  Texture t = mipmapped(model);
  std::vector<Vec4> points = samplePoints();
  const AddressMode modes[] = {AddressMode::Repeat, AddressMode::MirrorRepeat,
                               AddressMode::ClampToEdge};
  for (AddressMode mode : modes) {
    for (FilterMode filter : {FilterMode::Nearest, FilterMode::Linear}) {
      for (MipmapFilterMode mip : {MipmapFilterMode::Nearest, MipmapFilterMode::Linear}) {
        SamplerDescriptor sd;
        sd.addressModeU = sd.addressModeV = mode;
        sd.magFilter = sd.minFilter = filter;
        sd.mipmapFilter = mip;
        std::vector<Vec4> want;
        for (const Vec4& p : points) want.push_back(sampleReference(model, sd, p[0], p[1], p[2]));
        // lavapipe filters rgba8unorm with 8-bit weights.
        float tolerance =
            filter == FilterMode::Nearest && mip == MipmapFilterMode::Nearest ? 1e-5f : 3.0f / 255;
        expectNear(sampleLevel(t, sd, points), want, tolerance,
                   fmt::format("{} {} {}", toString(mode), toString(filter), toString(mip)));
      }
    }
  }
}

TEST_F(TextureSampleTest, LodClampsAndMixedAddressModes) {
  CpuTexture model;
  Texture t = mipmapped(model);
  SamplerDescriptor sd;
  sd.addressModeU = AddressMode::Repeat;
  sd.addressModeV = AddressMode::MirrorRepeat;
  sd.magFilter = FilterMode::Linear;
  sd.minFilter = FilterMode::Nearest;
  sd.lodMinClamp = 1;
  sd.lodMaxClamp = 2;
  std::vector<Vec4> points = samplePoints();
  std::vector<Vec4> want;
  for (const Vec4& p : points) want.push_back(sampleReference(model, sd, p[0], p[1], p[2]));
  expectNear(sampleLevel(t, sd, points), want, 1e-5f, "lod clamps [1, 2]");
}

TEST_F(TextureSampleTest, SamplerDescriptorBecomesTheVkSampler) {
  // #sampler-creation: every member reaches VkSamplerCreateInfo; maxAnisotropy
  // is clamped to the device's limit (and off without samplerAnisotropy).
  SamplerDescriptor sd;
  sd.addressModeU = AddressMode::Repeat;
  sd.addressModeV = AddressMode::MirrorRepeat;
  sd.addressModeW = AddressMode::ClampToEdge;
  sd.magFilter = sd.minFilter = FilterMode::Linear;
  sd.mipmapFilter = MipmapFilterMode::Linear;
  sd.lodMinClamp = 0.5f;
  sd.lodMaxClamp = 3.25f;
  sd.maxAnisotropy = 64;
  Sampler anisotropic = sampler(sd);
  VkSamplerCreateInfo info =
      samplerCreateInfo(*core::fromHandle<core::SamplerBase>(anisotropic), physicalDevice());
  EXPECT_EQ(info.addressModeU, VK_SAMPLER_ADDRESS_MODE_REPEAT);
  EXPECT_EQ(info.addressModeV, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
  EXPECT_EQ(info.addressModeW, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
  EXPECT_EQ(info.magFilter, VK_FILTER_LINEAR);
  EXPECT_EQ(info.minFilter, VK_FILTER_LINEAR);
  EXPECT_EQ(info.mipmapMode, VK_SAMPLER_MIPMAP_MODE_LINEAR);
  EXPECT_EQ(info.minLod, 0.5f);
  EXPECT_EQ(info.maxLod, 3.25f);
  EXPECT_EQ(info.compareEnable, VK_FALSE);
  const PhysicalDevice& physical = physicalDevice();
  if (physical.features.samplerAnisotropy) {
    EXPECT_EQ(info.anisotropyEnable, VK_TRUE);
    EXPECT_EQ(info.maxAnisotropy, std::min(64.0f, physical.properties.limits.maxSamplerAnisotropy));
  } else {
    EXPECT_EQ(info.anisotropyEnable, VK_FALSE);
  }
  SamplerDescriptor compare;
  compare.compare = CompareFunction::GreaterEqual;
  VkSamplerCreateInfo c =
      samplerCreateInfo(*core::fromHandle<core::SamplerBase>(sampler(compare)), physical);
  EXPECT_EQ(c.compareEnable, VK_TRUE);
  EXPECT_EQ(c.compareOp, VK_COMPARE_OP_GREATER_OR_EQUAL);
  EXPECT_EQ(c.anisotropyEnable, VK_FALSE);
  EXPECT_EQ(c.magFilter, VK_FILTER_NEAREST);
  EXPECT_EQ(c.mipmapMode, VK_SAMPLER_MIPMAP_MODE_NEAREST);
  // The anisotropic sampler samples (the validation layer stays silent);
  // with an explicit LOD the anisotropic footprint is the driver's, so only
  // the range is checked.
  CpuTexture model;
  Texture t = mipmapped(model);
  std::vector<Vec4> points;
  for (const Vec4& p : samplePoints()) points.push_back({p[0], p[1], 0, 0});
  for (const Vec4& v : sampleLevel(t, sd, points)) {
    for (float c4 : v) EXPECT_TRUE(c4 >= 0 && c4 <= 1) << c4;
  }
}

TEST_F(TextureSampleTest, SampleGradSelectsTheLevel) {
  // ddx = ddy = 2^k / 8 on an 8x8 texture: lambda = k (nearest mip filter).
  CpuTexture model;
  Texture t = mipmapped(model);
  SamplerDescriptor sd;
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var t : texture_2d<f32>;
@group(0) @binding(2) var s : sampler;
@compute @workgroup_size(1) fn main() {
  for (var k = 0u; k < 4u; k++) {
    let d = f32(1u << k) / 8.0;
    out[k] = textureSampleGrad(t, s, vec2f(0.3, 0.6), vec2f(d, 0), vec2f(0, d));
  }
})",
                                      {{1, t.createView()}, {2, sampler(sd)}}, 16);
  for (uint32_t k = 0; k < 4; ++k) {
    Vec4 want = sampleReference(model, sd, 0.3f, 0.6f, static_cast<float>(k));
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[k * 4 + c], want[c], 1e-5) << "level " << k;
  }
}

TEST_F(TextureSampleTest, GatherEachComponentAndBaseClampToEdge) {
  CpuTexture model;
  Texture t = mipmapped(model);
  SamplerDescriptor sd;
  sd.addressModeU = AddressMode::Repeat;
  sd.magFilter = sd.minFilter = FilterMode::Linear;
  // (0.32, 0.5): the footprint of texels x 2..3, y 3..4 of level 0.
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var t : texture_2d<f32>;
@group(0) @binding(2) var s : sampler;
@compute @workgroup_size(1) fn main() {
  let c = vec2f(0.32, 0.5);
  out[0] = textureGather(0, t, s, c);
  out[1] = textureGather(1, t, s, c);
  out[2] = textureGather(3, t, s, c);
  out[3] = textureGather(0, t, s, vec2f(-0.0001, 0.5));
  out[4] = textureSampleBaseClampToEdge(t, s, vec2f(-0.4, 1.3));
  out[5] = textureSampleBaseClampToEdge(t, s, vec2f(0.3, 0.55));
})",
                                      {{1, t.createView()}, {2, sampler(sd)}}, 24);
  const CpuTexture::Level& l0 = model.levels[0];
  // #texturegather: (umin, vmax), (umax, vmax), (umax, vmin), (umin, vmin).
  auto expectGather = [&](int slot, int component, uint32_t x0, uint32_t x1) {
    float want[4] = {l0.at(x0, 4)[component], l0.at(x1, 4)[component], l0.at(x1, 3)[component],
                     l0.at(x0, 3)[component]};
    for (int i = 0; i < 4; ++i) {
      EXPECT_NEAR(got[slot * 4 + i], want[i], 1e-5) << "gather " << slot << " texel " << i;
    }
  };
  expectGather(0, 0, 2, 3);
  expectGather(1, 1, 2, 3);
  expectGather(2, 3, 2, 3);
  expectGather(3, 0, 7, 0);  // repeat wraps the footprint
  // Clamped half a texel inside: (0.5 / 8, 1 - 0.5 / 8) is texel (0, 7)'s centre.
  Vec4 corner = l0.at(0, 7);
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[16 + c], corner[c], 2.0 / 255);
  Vec4 inside = sampleReference(model, sd, 0.3f, 0.55f, 0);
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[20 + c], inside[c], 3.0 / 255);
}

TEST_F(TextureSampleTest, CompareLevelAndGatherCompare) {
  // depth16unorm texels 0.25 | 0.75 per column; comparison 'less': ref < texel.
  Texture t = makeTexture(TextureFormat::Depth16unorm, {2, 2, 1});
  uint16_t texels[4] = {16384, 49151, 16384, 49151};
  write(t, 0, texels, 4, 2, {2, 2, 1});
  SamplerDescriptor sd;
  sd.compare = CompareFunction::Less;
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var t : texture_depth_2d;
@group(0) @binding(2) var s : sampler_comparison;
@compute @workgroup_size(1) fn main() {
  out[0] = vec4f(textureSampleCompareLevel(t, s, vec2f(0.25, 0.25), 0.5),
                 textureSampleCompareLevel(t, s, vec2f(0.75, 0.25), 0.5),
                 textureSampleCompareLevel(t, s, vec2f(0.75, 0.75), 0.9),
                 textureSampleCompareLevel(t, s, vec2f(0.25, 0.75), 0.1));
  out[1] = textureGatherCompare(t, s, vec2f(0.5, 0.5), 0.5);
})",
                                      {{1, t.createView()}, {2, sampler(sd)}}, 8);
  EXPECT_EQ(std::vector<float>(got.begin(), got.begin() + 4), (std::vector<float>{0, 1, 0, 1}));
  // Footprint x 0..1, y 0..1: (0, 1), (1, 1), (1, 0), (0, 0) -> 0, 1, 1, 0.
  EXPECT_EQ(std::vector<float>(got.begin() + 4, got.end()), (std::vector<float>{0, 1, 1, 0}));
}

// Fragment-only builtins: a 16x16 target, uv = pixel centre / 16, so the
// implicit derivatives are 1/16 per pixel: on a 32x32 texture lambda = 1.
class TextureFragmentSampleTest : public TextureShaderTest {
 protected:
  static constexpr uint32_t kSize = 16;
  std::vector<uint8_t> draw(std::string_view fragment, std::vector<BindGroupEntry> entries) {
    TextureDescriptor td;
    td.size = {kSize, kSize, 1};
    td.format = TextureFormat::Rgba8unorm;
    td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
    Texture target = device_.createTexture(td);
    ShaderModuleDescriptor module;
    module.code = std::string(R"(
struct V { @builtin(position) position : vec4f, @location(0) uv : vec2f }
@vertex fn vs(@builtin(vertex_index) i : u32) -> V {
  let p = vec2f(f32(i & 1u) * 4 - 1, f32(i >> 1u) * 4 - 1);
  return V(vec4f(p, 0, 1), vec2f(p.x + 1, 1 - p.y) / 2);
}
)") + std::string(fragment);
    ShaderModule shader = device_.createShaderModule(module);
    RenderPipelineDescriptor d;
    d.layout = kAutoLayout;
    d.vertex.module = shader;
    d.vertex.entryPoint = "vs";
    FragmentState fs;
    fs.module = shader;
    fs.entryPoint = "fs";
    fs.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
    d.fragment = fs;
    RenderPipeline p = device_.createRenderPipeline(d);
    BindGroup g = group(p.getBindGroupLayout(0), std::move(entries));
    RenderPassDescriptor rp;
    RenderPassColorAttachment color;
    color.view = target.createView();
    color.loadOp = LoadOp::Clear;
    color.storeOp = StoreOp::Store;
    rp.colorAttachments.push_back(color);
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(rp);
    pass.setPipeline(p);
    pass.setBindGroup(0, g);
    pass.draw(3);
    pass.end();
    submit(encoder);
    return readTexture(target, 0, 4, {kSize, kSize, 1});
  }

  // A 32x32 rgba8unorm texture whose level k is one colour: (k * 60, 255 - k * 60, 0, 255).
  Texture levels() {
    Texture t = makeTexture(TextureFormat::Rgba8unorm, {32, 32, 1}, TextureDimension::e2D, 4);
    for (uint32_t mip = 0; mip < 4; ++mip) {
      uint32_t s = 32 >> mip;
      std::vector<uint8_t> bytes;
      for (uint32_t i = 0; i < s * s; ++i) {
        bytes.insert(bytes.end(), {uint8_t(mip * 60), uint8_t(255 - mip * 60), 0, 255});
      }
      write(t, mip, bytes.data(), s * 4, s, {s, s, 1});
    }
    return t;
  }

  void expectEvery(const std::vector<uint8_t>& texels, std::array<uint8_t, 4> want) {
    int mismatches = 0;
    for (size_t i = 0; i < texels.size(); i += 4) {
      for (int c = 0; c < 4; ++c) {
        if (std::abs(int(texels[i + c]) - int(want[c])) > 1 && ++mismatches <= 4) {
          ADD_FAILURE() << "texel " << i / 4 << " channel " << c << ": got " << int(texels[i + c])
                        << ", expected " << int(want[c]);
        }
      }
    }
    EXPECT_EQ(mismatches, 0);
  }
};

TEST_F(TextureFragmentSampleTest, ImplicitDerivativesSelectTheLevel) {
  Texture t = levels();
  std::vector<uint8_t> got = draw(R"(
@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@fragment fn fs(v : V) -> @location(0) vec4f { return textureSample(t, s, v.uv); }
)",
                                  {{0, t.createView()}, {1, sampler({})}});
  expectEvery(got, {60, 195, 0, 255});
}

TEST_F(TextureFragmentSampleTest, SampleBiasAddsToTheLevel) {
  Texture t = levels();
  std::vector<uint8_t> got = draw(R"(
@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@fragment fn fs(v : V) -> @location(0) vec4f { return textureSampleBias(t, s, v.uv, 1.0); }
)",
                                  {{0, t.createView()}, {1, sampler({})}});
  expectEvery(got, {120, 135, 0, 255});
}

TEST_F(TextureFragmentSampleTest, SampleCompareInAFragmentShader) {
  // Left half of the depth texture 0.25, right half 0.75; ref 0.5 'less':
  // the left half of the target fails (0), the right passes (1).
  Texture t = makeTexture(TextureFormat::Depth16unorm, {2, 1, 1});
  uint16_t texels[2] = {16384, 49151};
  write(t, 0, texels, 4, 1, {2, 1, 1});
  SamplerDescriptor sd;
  sd.compare = CompareFunction::Less;
  std::vector<uint8_t> got = draw(R"(
@group(0) @binding(0) var t : texture_depth_2d;
@group(0) @binding(1) var s : sampler_comparison;
@fragment fn fs(v : V) -> @location(0) vec4f {
  return vec4f(textureSampleCompare(t, s, v.uv, 0.5), 0, 0, 1);
}
)",
                                  {{0, t.createView()}, {1, sampler(sd)}});
  for (uint32_t y = 0; y < kSize; ++y) {
    for (uint32_t x = 0; x < kSize; ++x) {
      EXPECT_EQ(got[(y * kSize + x) * 4], x < kSize / 2 ? 0 : 255) << x << ", " << y;
    }
  }
}

TEST_F(TextureFragmentSampleTest, ComputeWritesThenARenderBundleSamples) {
  // A storage texture written by a compute pass (layout GENERAL), then
  // sampled by a draw recorded in a render bundle: the texture moves to
  // SHADER_READ_ONLY_OPTIMAL before the render pass begins.
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {kSize, kSize, 1}, TextureDimension::e2D, 1,
                          TextureUsage::StorageBinding);
  runRaw(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(16, 16) fn main(@builtin(local_invocation_id) id : vec3u) {
  textureStore(t, id.xy, vec4f(f32(id.x) / 255, f32(id.y) / 255, 0.5, 1));
  out[0] = 1u;
})",
         {{1, t.createView()}}, 4, 1, 1, 1);
  TextureDescriptor td;
  td.size = {kSize, kSize, 1};
  td.format = TextureFormat::Rgba8unorm;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
  Texture target = device_.createTexture(td);
  ShaderModuleDescriptor module;
  module.code = R"(
@group(0) @binding(0) var t : texture_2d<f32>;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  return vec4f(f32(i & 1u) * 4 - 1, f32(i >> 1u) * 4 - 1, 0, 1);
}
@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4f {
  return textureLoad(t, vec2u(p.xy), 0);
})";
  ShaderModule shader = device_.createShaderModule(module);
  RenderPipelineDescriptor d;
  d.layout = kAutoLayout;
  d.vertex.module = shader;
  d.vertex.entryPoint = "vs";
  FragmentState fs;
  fs.module = shader;
  fs.entryPoint = "fs";
  fs.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
  d.fragment = fs;
  RenderPipeline p = device_.createRenderPipeline(d);
  BindGroup g = group(p.getBindGroupLayout(0), {{0, t.createView()}});
  RenderBundleEncoderDescriptor bd;
  bd.colorFormats = {TextureFormat::Rgba8unorm};
  RenderBundleEncoder bundleEncoder = device_.createRenderBundleEncoder(bd);
  bundleEncoder.setPipeline(p);
  bundleEncoder.setBindGroup(0, g);
  bundleEncoder.draw(3);
  RenderBundle bundle = bundleEncoder.finish();
  RenderPassDescriptor rp;
  RenderPassColorAttachment color;
  color.view = target.createView();
  color.loadOp = LoadOp::Clear;
  color.storeOp = StoreOp::Store;
  rp.colorAttachments.push_back(color);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(rp);
  pass.executeBundles({bundle});
  pass.end();
  submit(encoder);
  std::vector<uint8_t> got = readTexture(target, 0, 4, {kSize, kSize, 1});
  int mismatches = 0;
  for (uint32_t y = 0; y < kSize; ++y) {
    for (uint32_t x = 0; x < kSize; ++x) {
      const uint8_t* texel = &got[(y * kSize + x) * 4];
      bool ok = texel[0] == x && texel[1] == y && std::abs(texel[2] - 128) <= 1 && texel[3] == 255;
      if (!ok && ++mismatches <= 4) {
        ADD_FAILURE() << "texel (" << x << ", " << y << "): " << int(texel[0]) << " "
                      << int(texel[1]) << " " << int(texel[2]) << " " << int(texel[3]);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST_F(TextureSampleTest, EqualDescriptorsShareOneVkSampler) {
  auto& backend =
      static_cast<vulkan::Device&>(core::fromHandle<core::DeviceBase>(device_)->backend());
  std::shared_ptr<ComputeState> state = ComputeState::of(backend);  // keeps the cache alive
  SamplerCache& cache = state->samplers();
  auto vkSamplerOf = [](const Sampler& s) {
    return vulkan::Sampler::of(*core::fromHandle<core::SamplerBase>(s)).handle();
  };
  const size_t before = cache.size();
  SamplerDescriptor d;
  d.magFilter = FilterMode::Linear;
  d.addressModeU = AddressMode::Repeat;
  d.lodMaxClamp = 4.5f;
  {
    d.label = "first";
    Sampler first = sampler(d);
    d.label = "second";
    Sampler second = sampler(d);
    SamplerDescriptor other = d;
    other.addressModeV = AddressMode::MirrorRepeat;  // one field differs
    Sampler third = sampler(other);
    other = d;
    other.compare = CompareFunction::Less;
    Sampler comparison = sampler(other);
    // Distinct GPUSamplers, labels their own; one VkSampler for the equal pair.
    EXPECT_NE(core::fromHandle<core::SamplerBase>(first),
              core::fromHandle<core::SamplerBase>(second));
    EXPECT_EQ(first.label(), "first");
    EXPECT_EQ(second.label(), "second");
    EXPECT_EQ(vkSamplerOf(first), vkSamplerOf(second));
    EXPECT_NE(vkSamplerOf(first), vkSamplerOf(third));
    EXPECT_NE(vkSamplerOf(first), vkSamplerOf(comparison));
    EXPECT_EQ(cache.size(), before + 3);
    // Both sample in one dispatch (the shared VkSampler is written twice).
    Texture t = makeTexture(TextureFormat::Rgba8unorm, {2, 1, 1});
    uint8_t texels[8] = {0, 51, 102, 153, 204, 255, 17, 34};
    write(t, 0, texels, 8, 1, {2, 1, 1});
    std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f, 2>;
@group(0) @binding(1) var t : texture_2d<f32>;
@group(0) @binding(2) var a : sampler;
@group(0) @binding(3) var b : sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(t, a, vec2f(0.25, 0.5), 0);
  out[1] = textureSampleLevel(t, b, vec2f(0.75, 0.5), 0);
})",
                                        {{1, t.createView()}, {2, first}, {3, second}}, 8);
    for (uint32_t i = 0; i < 8; ++i) EXPECT_NEAR(got[i], unorm8(texels[i]), 1e-6) << i;
    first = Sampler();  // the VkSampler stays for `second`
    EXPECT_EQ(cache.size(), before + 3);
  }
  // The last users are gone: their VkSamplers are destroyed (once the work
  // that used them completes; a leak would be reported by the validation
  // layer at vkDestroyDevice).
  EXPECT_EQ(cache.size(), before);
  // The same descriptor later makes a new one.
  Sampler again = sampler(d);
  EXPECT_EQ(cache.size(), before + 1);
}

}  // namespace
}  // namespace bindery::vulkan::testing
