// Storage textures on the Vulkan backend: textureStore to every core storage
// format (#plain-color-formats with STORAGE_BINDING; each is one Vulkan
// requires storage-image support for), read back by copy and compared with
// the format's encoding computed here; read-only and read-write access;
// storage writes then sampled reads in one pass (a texture with
// STORAGE_BINDING is sampled in GENERAL too: barriers, no transition);
// sampled and read-only storage in one dispatch; write-after-write ordering;
// lazy zero-initialisation around a partial storage write.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>

#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

class TextureStoreTest : public TextureShaderTest {};

enum class Kind { Unorm8, Snorm8, Uint, Sint, Float };

struct StorageFormat {
  TextureFormat format;
  const char* wgsl;
  Kind kind;
  uint32_t components;
  uint32_t componentBytes;
};

constexpr StorageFormat kFormats[] = {
    {TextureFormat::Rgba8unorm, "rgba8unorm", Kind::Unorm8, 4, 1},
    {TextureFormat::Rgba8snorm, "rgba8snorm", Kind::Snorm8, 4, 1},
    {TextureFormat::Rgba8uint, "rgba8uint", Kind::Uint, 4, 1},
    {TextureFormat::Rgba8sint, "rgba8sint", Kind::Sint, 4, 1},
    {TextureFormat::Rgba16uint, "rgba16uint", Kind::Uint, 4, 2},
    {TextureFormat::Rgba16sint, "rgba16sint", Kind::Sint, 4, 2},
    {TextureFormat::Rgba16float, "rgba16float", Kind::Float, 4, 2},
    {TextureFormat::R32uint, "r32uint", Kind::Uint, 1, 4},
    {TextureFormat::R32sint, "r32sint", Kind::Sint, 1, 4},
    {TextureFormat::R32float, "r32float", Kind::Float, 1, 4},
    {TextureFormat::Rg32uint, "rg32uint", Kind::Uint, 2, 4},
    {TextureFormat::Rg32sint, "rg32sint", Kind::Sint, 2, 4},
    {TextureFormat::Rg32float, "rg32float", Kind::Float, 2, 4},
    {TextureFormat::Rgba32uint, "rgba32uint", Kind::Uint, 4, 4},
    {TextureFormat::Rgba32sint, "rgba32sint", Kind::Sint, 4, 4},
    {TextureFormat::Rgba32float, "rgba32float", Kind::Float, 4, 4},
};

// The value component `n` (= texel * 4 + c) stores, as the shader computes
// it, and its encoding.
double valueOf(Kind kind, uint32_t n) {
  switch (kind) {
    case Kind::Unorm8: return n * 16 / 255.0;
    case Kind::Snorm8: return (n * 16.0 - 127) / 127.0;
    case Kind::Uint: return n * 13 + 1;
    case Kind::Sint: return n * 13.0 - 100;
    case Kind::Float: return n * 0.25 - 1.5;
  }
  return 0;
}

// f16 bits of a value f16 holds exactly (normal or zero).
uint16_t halfBits(float v) {
  if (v == 0) return 0;
  uint32_t f = std::bit_cast<uint32_t>(v);
  uint32_t sign = (f >> 16) & 0x8000;
  int32_t exponent = static_cast<int32_t>((f >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = (f >> 13) & 0x3ff;
  return static_cast<uint16_t>(sign | (static_cast<uint32_t>(exponent) << 10) | mantissa);
}

void encode(const StorageFormat& f, uint32_t n, uint8_t* out) {
  double v = valueOf(f.kind, n);
  switch (f.kind) {
    case Kind::Unorm8: *out = static_cast<uint8_t>(n * 16); return;
    case Kind::Snorm8: *out = static_cast<uint8_t>(static_cast<int8_t>(n * 16 - 127)); return;
    case Kind::Uint:
    case Kind::Sint: {
      auto i = static_cast<int64_t>(v);
      std::memcpy(out, &i, f.componentBytes);  // little-endian truncation
      return;
    }
    case Kind::Float:
      if (f.componentBytes == 2) {
        uint16_t h = halfBits(static_cast<float>(v));
        std::memcpy(out, &h, 2);
      } else {
        auto x = static_cast<float>(v);
        std::memcpy(out, &x, 4);
      }
      return;
  }
}

TEST_F(TextureStoreTest, EveryCoreStorageFormat) {
  for (const StorageFormat& f : kFormats) {
    SCOPED_TRACE(f.wgsl);
    Texture t =
        makeTexture(f.format, {4, 1, 1}, TextureDimension::e2D, 1, TextureUsage::StorageBinding);
    const char* type = f.kind == Kind::Uint ? "vec4u" : f.kind == Kind::Sint ? "vec4i" : "vec4f";
    std::string value = f.kind == Kind::Unorm8   ? "vec4f(n * 16) / 255"
                        : f.kind == Kind::Snorm8 ? "(vec4f(n * 16) - 127) / 127"
                        : f.kind == Kind::Uint   ? "vec4u(n * 13 + 1)"
                        : f.kind == Kind::Sint   ? "vec4i(n * 13) - 100"
                                                 : "vec4f(n) * 0.25 - 1.5";
    std::string wgsl = fmt::format(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<{}, write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {{
  let n = vec4u(i * 4u) + vec4u(0, 1, 2, 3);
  let v : {} = {};
  textureStore(t, vec2u(i, 0), v);
  out[i] = 1u;
}})",
                                   f.wgsl, type, value);
    runRaw(wgsl, {{1, t.createView()}}, 4, 1, 1, 1);
    uint32_t texelBytes = f.components * f.componentBytes;
    std::vector<uint8_t> got = readTexture(t, 0, texelBytes, {4, 1, 1});
    std::vector<uint8_t> want(4 * texelBytes);
    for (uint32_t i = 0; i < 4; ++i) {
      for (uint32_t c = 0; c < f.components; ++c) {
        encode(f, i * 4 + c, &want[i * texelBytes + c * f.componentBytes]);
      }
    }
    EXPECT_EQ(got, want);
  }
}

TEST_F(TextureStoreTest, ReadOnlyAndReadWriteAccess) {
  Texture src = makeTexture(TextureFormat::Rgba8unorm, {4, 1, 1}, TextureDimension::e2D, 1,
                            TextureUsage::StorageBinding);
  Texture counters = makeTexture(TextureFormat::R32uint, {4, 1, 1}, TextureDimension::e2D, 1,
                                 TextureUsage::StorageBinding);
  uint8_t texels[16];
  for (uint8_t i = 0; i < 16; ++i) texels[i] = static_cast<uint8_t>(i * 17);
  write(src, 0, texels, 16, 1, {4, 1, 1});
  uint32_t start[4] = {10, 20, 30, 40};
  write(counters, 0, start, 16, 1, {4, 1, 1});
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var r : texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(2) var rw : texture_storage_2d<r32uint, read_write>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i : u32) {
  out[i] = textureLoad(r, vec2u(i, 0));
  let c = textureLoad(rw, vec2u(i, 0)).x;
  textureStore(rw, vec2u(i, 0), vec4u(c * 2u + i));
  out[4u + i] = vec4f(f32(textureDimensions(rw).x));
})",
                                      {{1, src.createView()}, {2, counters.createView()}}, 32);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_NEAR(got[i], texels[i] / 255.0f, 1e-6) << i;
  EXPECT_EQ(got[16], 4.0f);
  std::vector<uint8_t> raw = readTexture(counters, 0, 4, {4, 1, 1});
  uint32_t after[4];
  std::memcpy(after, raw.data(), 16);
  EXPECT_EQ(std::vector<uint32_t>(after, after + 4), (std::vector<uint32_t>{20, 41, 62, 83}));
}

TEST_F(TextureStoreTest, StoreThenSampleAndStoreAgainInOnePass) {
  // Dispatch 1 stores, dispatch 2 reads the texture as a sampled texture
  // (a layout transition between dispatches), dispatch 3 stores again over
  // dispatch 1's values (write after write), dispatch 4 reads them.
  Texture t = makeTexture(TextureFormat::R32uint, {8, 1, 1}, TextureDimension::e2D, 1,
                          TextureUsage::StorageBinding);
  ComputePipeline store = pipeline(R"(
@group(0) @binding(0) var t : texture_storage_2d<r32uint, write>;
@group(0) @binding(1) var<storage, read> add : u32;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i : u32) {
  textureStore(t, vec2u(i, 0), vec4u(i * 3u + add));
})");
  ComputePipeline load = pipeline(R"(
@group(0) @binding(0) var t : texture_2d<u32>;
@group(0) @binding(1) var<storage, read_write> out : array<u32, 8>;
@compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i : u32) {
  out[i] = textureLoad(t, vec2u(i, 0), 0).x;
}
)");
  Buffer add1 = bufferWith(std::vector<uint32_t>{100});
  Buffer add2 = bufferWith(std::vector<uint32_t>{500});
  Buffer out1 = bufferWith(std::vector<uint32_t>(8, 0));
  Buffer out2 = bufferWith(std::vector<uint32_t>(8, 0));
  BindGroup s1 = group(store.getBindGroupLayout(0), {{0, t.createView()}, bufferEntry(1, add1)});
  BindGroup s2 = group(store.getBindGroupLayout(0), {{0, t.createView()}, bufferEntry(1, add2)});
  BindGroup l1 = group(load.getBindGroupLayout(0), {{0, t.createView()}, bufferEntry(1, out1)});
  BindGroup l2 = group(load.getBindGroupLayout(0), {{0, t.createView()}, bufferEntry(1, out2)});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  const std::pair<const ComputePipeline*, const BindGroup*> steps[] = {
      {&store, &s1}, {&load, &l1}, {&store, &s2}, {&load, &l2}};
  for (const auto& [p, g] : steps) {
    pass.setPipeline(*p);
    pass.setBindGroup(0, *g);
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  submit(encoder);
  std::vector<uint32_t> want1, want2;
  for (uint32_t i = 0; i < 8; ++i) {
    want1.push_back(i * 3 + 100);
    want2.push_back(i * 3 + 500);
  }
  EXPECT_EQ(read<uint32_t>(out1, 8), want1);
  EXPECT_EQ(read<uint32_t>(out2, 8), want2);
}

TEST_F(TextureStoreTest, SampledAndReadOnlyStorageInOneDispatch) {
  // 'sampled' and 'storage-read' are both read-only usages, allowed together
  // in one usage scope (#programming-model-resource-usages): one dispatch
  // reads the same texels through a texture_2d (textureLoad and
  // textureSampleLevel) and a read-only storage binding, in one group and
  // across two groups. The image is in GENERAL for both descriptors (a
  // layout mismatch is a validation-layer error, failing the test).
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {4, 2, 1}, TextureDimension::e2D, 1,
                          TextureUsage::StorageBinding);
  uint8_t texels[32];
  for (uint8_t i = 0; i < 32; ++i) texels[i] = static_cast<uint8_t>(i * 7 + 3);
  write(t, 0, texels, 16, 2, {4, 2, 1});
  SamplerDescriptor nearest;
  const char* wgsl = R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var sampled : texture_2d<f32>;
@group(0) @binding(2) var storage : texture_storage_2d<rgba8unorm, read>;
@group(0) @binding(3) var s : sampler;
@group(1) @binding(0) var storage2 : texture_storage_2d<rgba8unorm, read>;
@compute @workgroup_size(4, 2) fn main(@builtin(local_invocation_id) id : vec3u) {
  let i = id.y * 4u + id.x;
  let uv = (vec2f(id.xy) + 0.5) / vec2f(4, 2);
  out[i] = textureLoad(sampled, id.xy, 0);
  out[8u + i] = textureLoad(storage, id.xy);
  out[16u + i] = textureSampleLevel(sampled, s, uv, 0);
  out[24u + i] = textureLoad(storage2, id.xy);
})";
  ComputePipeline p = pipeline(wgsl);
  Buffer out = bufferWith(std::vector<float>(32 * 4, -1.0f));
  BindGroup g0 =
      group(p.getBindGroupLayout(0),
            {bufferEntry(0, out), {1, t.createView()}, {2, t.createView()}, {3, sampler(nearest)}});
  BindGroup g1 = group(p.getBindGroupLayout(1), {{0, t.createView()}});
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g0);
  pass.setBindGroup(1, g1);
  pass.dispatchWorkgroups(1);
  pass.end();
  submit(encoder);
  std::vector<float> got = read<float>(out, 32 * 4);
  for (uint32_t view = 0; view < 4; ++view) {
    for (uint32_t i = 0; i < 32; ++i) {
      EXPECT_NEAR(got[view * 32 + i], unorm8(texels[i]), 1e-6) << "read " << view << ", " << i;
    }
  }
}

TEST_F(TextureStoreTest, PartialStoreLeavesTheRestZero) {
  // A storage write to one texel of a never-written texture: the others
  // read back as zero (the texture is cleared before the shader uses it).
  Texture t = makeTexture(TextureFormat::Rgba8uint, {4, 4, 1}, TextureDimension::e2D, 1,
                          TextureUsage::StorageBinding);
  runRaw(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var t : texture_storage_2d<rgba8uint, write>;
@compute @workgroup_size(1) fn main() {
  textureStore(t, vec2u(2, 1), vec4u(1, 2, 3, 4));
  textureStore(t, vec2u(9, 1), vec4u(9));  // outside: not executed (#texturestore)
  out[0] = 1u;
})",
         {{1, t.createView()}}, 4, 1, 1, 1);
  std::vector<uint8_t> got = readTexture(t, 0, 4, {4, 4, 1});
  std::vector<uint8_t> want(64, 0);
  uint8_t texel[4] = {1, 2, 3, 4};
  std::memcpy(&want[(1 * 4 + 2) * 4], texel, 4);
  EXPECT_EQ(got, want);
}

TEST_F(TextureStoreTest, StorageArrayAnd3dLayers) {
  Texture array = makeTexture(TextureFormat::R32uint, {2, 2, 3}, TextureDimension::e2D, 1,
                              TextureUsage::StorageBinding);
  Texture volume = makeTexture(TextureFormat::R32uint, {2, 2, 2}, TextureDimension::e3D, 1,
                               TextureUsage::StorageBinding);
  TextureViewDescriptor vd;
  vd.dimension = TextureViewDimension::e2DArray;
  runRaw(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var a : texture_storage_2d_array<r32uint, write>;
@group(0) @binding(2) var v : texture_storage_3d<r32uint, write>;
@compute @workgroup_size(2, 2, 3) fn main(@builtin(local_invocation_id) id : vec3u) {
  textureStore(a, id.xy, id.z, vec4u(id.x + 10u * id.y + 100u * id.z));
  if (id.z < 2u) { textureStore(v, id, vec4u(7u + id.x + 10u * id.y + 100u * id.z)); }
  out[0] = 1u;
})",
         {{1, array.createView(vd)}, {2, volume.createView()}}, 4, 1, 1, 1);
  std::vector<uint8_t> a = readTexture(array, 0, 4, {2, 2, 3});
  std::vector<uint8_t> v = readTexture(volume, 0, 4, {2, 2, 2});
  std::vector<uint32_t> got(12), gotV(8), want, wantV;
  std::memcpy(got.data(), a.data(), 48);
  std::memcpy(gotV.data(), v.data(), 32);
  for (uint32_t z = 0; z < 3; ++z) {
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 2; ++x) {
        want.push_back(x + 10 * y + 100 * z);
        if (z < 2) wantV.push_back(7 + x + 10 * y + 100 * z);
      }
    }
  }
  EXPECT_EQ(got, want);
  EXPECT_EQ(gotV, wantV);
}

TEST_F(TextureStoreTest, FragmentShaderStoresAndSampledReadInTheNextPass) {
  // Pass 1: each fragment stores its coordinates to an r32uint storage
  // texture (GENERAL). Pass 2 reads it as a sampled texture: the layout moves
  // between the passes.
  constexpr uint32_t kSize = 8;
  Texture storage = makeTexture(TextureFormat::R32uint, {kSize, kSize, 1}, TextureDimension::e2D, 1,
                                TextureUsage::StorageBinding);
  TextureDescriptor td;
  td.size = {kSize, kSize, 1};
  td.format = TextureFormat::R32uint;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
  Texture target = device_.createTexture(td);
  auto makePipeline = [&](std::string_view fragment) {
    ShaderModuleDescriptor module;
    module.code = std::string(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  return vec4f(f32(i & 1u) * 4 - 1, f32(i >> 1u) * 4 - 1, 0, 1);
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
    fs.targets.push_back(ColorTargetState{TextureFormat::R32uint, std::nullopt});
    d.fragment = fs;
    return device_.createRenderPipeline(d);
  };
  RenderPipeline store = makePipeline(R"(
@group(0) @binding(0) var t : texture_storage_2d<r32uint, write>;
@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4u {
  textureStore(t, vec2u(p.xy), vec4u(u32(p.x) + 100u * u32(p.y)));
  return vec4u(0);
})");
  RenderPipeline load = makePipeline(R"(
@group(0) @binding(0) var t : texture_2d<u32>;
@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4u {
  return textureLoad(t, vec2u(p.xy), 0) + vec4u(7);
})");
  CommandEncoder encoder = device_.createCommandEncoder();
  for (const RenderPipeline* p : {&store, &load}) {
    RenderPassDescriptor rp;
    RenderPassColorAttachment color;
    color.view = target.createView();
    color.loadOp = LoadOp::Clear;
    color.storeOp = StoreOp::Store;
    rp.colorAttachments.push_back(color);
    RenderPassEncoder pass = encoder.beginRenderPass(rp);
    pass.setPipeline(*p);
    pass.setBindGroup(0, group(p->getBindGroupLayout(0), {{0, storage.createView()}}));
    pass.draw(3);
    pass.end();
  }
  submit(encoder);
  std::vector<uint8_t> raw = readTexture(target, 0, 4, {kSize, kSize, 1});
  std::vector<uint32_t> got(kSize * kSize), want;
  std::memcpy(got.data(), raw.data(), raw.size());
  for (uint32_t y = 0; y < kSize; ++y) {
    for (uint32_t x = 0; x < kSize; ++x) want.push_back(x + 100 * y + 7);
  }
  EXPECT_EQ(got, want);
}

}  // namespace
}  // namespace bindery::vulkan::testing
