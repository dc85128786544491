// The texture fixture and the CPU reference sampler (texture_test.h).
#include "texture_test.h"

#include <algorithm>

namespace bindery::vulkan::testing {

Texture TextureShaderTest::makeTexture(TextureFormat format, Extent3D size,
                                       TextureDimension dimension, uint32_t mips,
                                       TextureUsageFlags extra,
                                       std::vector<TextureFormat> viewFormats) {
  TextureDescriptor d;
  d.size = size;
  d.format = format;
  d.dimension = dimension;
  d.mipLevelCount = mips;
  d.usage = TextureUsage::CopyDst | TextureUsage::CopySrc | TextureUsage::TextureBinding | extra;
  d.viewFormats = std::move(viewFormats);
  return device_.createTexture(d);
}

void TextureShaderTest::write(const Texture& texture, uint32_t mip, const void* data,
                              uint32_t bytesPerRow, uint32_t rows, Extent3D extent, Origin3D origin,
                              TextureAspect aspect) {
  size_t size = size_t{bytesPerRow} * rows * extent.depthOrArrayLayers;
  device_.queue().writeTexture({texture, mip, origin, aspect}, data, size, {0, bytesPerRow, rows},
                               extent);
}

Buffer TextureShaderTest::runRaw(std::string_view wgsl, std::vector<BindGroupEntry> entries,
                                 uint64_t outBytes, uint32_t x, uint32_t y, uint32_t z) {
  std::vector<uint8_t> zeros(outBytes, 0);
  Buffer out = bufferWith(zeros.data(), zeros.size());
  ComputePipeline p = pipeline(wgsl);
  entries.insert(entries.begin(), bufferEntry(0, out));
  BindGroup g = group(p.getBindGroupLayout(0), std::move(entries));
  dispatch(p, g, x, y, z);
  return out;
}

std::vector<uint8_t> TextureShaderTest::readTexture(const Texture& texture, uint32_t mip,
                                                    uint32_t bytesPerTexel, Extent3D extent,
                                                    TextureAspect aspect) {
  uint32_t rowBytes = extent.width * bytesPerTexel;
  uint32_t bytesPerRow = (rowBytes + 255) & ~255u;
  uint64_t size = uint64_t{bytesPerRow} * extent.height * extent.depthOrArrayLayers;
  Buffer buffer = makeBuffer(size, BufferUsage::CopySrc | BufferUsage::CopyDst);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyTextureToBuffer({texture, mip, {}, aspect}, {buffer, 0, bytesPerRow, extent.height},
                              extent);
  submit(encoder);
  std::vector<uint8_t> raw = readBuffer(buffer, 0, size);
  std::vector<uint8_t> packed;
  for (uint32_t row = 0; row < extent.height * extent.depthOrArrayLayers; ++row) {
    const uint8_t* p = raw.data() + uint64_t{row} * bytesPerRow;
    packed.insert(packed.end(), p, p + rowBytes);
  }
  return packed;
}

namespace {

// Vulkan's texel coordinate wrapping ("Wrapping Operation").
int32_t wrap(int32_t i, int32_t size, AddressMode mode) {
  switch (mode) {
    case AddressMode::Repeat: return ((i % size) + size) % size;
    case AddressMode::MirrorRepeat: {
      int32_t t = ((i % (2 * size)) + 2 * size) % (2 * size) - size;
      int32_t mirror = t >= 0 ? t : -(1 + t);
      return size - 1 - mirror;
    }
    case AddressMode::ClampToEdge: return std::clamp(i, 0, size - 1);
  }
  return i;
}

Vec4 mix(const Vec4& a, const Vec4& b, float t) {
  Vec4 r;
  for (int c = 0; c < 4; ++c) r[c] = a[c] * (1 - t) + b[c] * t;
  return r;
}

Vec4 sampleLevel(const CpuTexture::Level& level, const SamplerDescriptor& s, FilterMode filter,
                 float u, float v) {
  auto w = static_cast<int32_t>(level.width);
  auto h = static_cast<int32_t>(level.height);
  auto texel = [&](int32_t x, int32_t y) {
    return level.at(static_cast<uint32_t>(wrap(x, w, s.addressModeU)),
                    static_cast<uint32_t>(wrap(y, h, s.addressModeV)));
  };
  float x = u * static_cast<float>(w);
  float y = v * static_cast<float>(h);
  if (filter == FilterMode::Nearest) {
    return texel(static_cast<int32_t>(std::floor(x)), static_cast<int32_t>(std::floor(y)));
  }
  float fx = x - 0.5f, fy = y - 0.5f;
  auto x0 = static_cast<int32_t>(std::floor(fx));
  auto y0 = static_cast<int32_t>(std::floor(fy));
  float a = fx - std::floor(fx), b = fy - std::floor(fy);
  Vec4 top = mix(texel(x0, y0), texel(x0 + 1, y0), a);
  Vec4 bottom = mix(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), a);
  return mix(top, bottom, b);
}

}  // namespace

Vec4 sampleReference(const CpuTexture& texture, const SamplerDescriptor& s, float u, float v,
                     float lod) {
  float lambda = std::clamp(lod, s.lodMinClamp, s.lodMaxClamp);
  FilterMode filter = lambda <= 0 ? s.magFilter : s.minFilter;
  auto last = static_cast<float>(texture.levels.size() - 1);
  lambda = std::clamp(lambda, 0.0f, last);
  if (s.mipmapFilter == MipmapFilterMode::Nearest) {
    // Vulkan: d = ceil(lambda + 0.5) - 1.
    auto d = static_cast<size_t>(std::max(0.0f, std::ceil(lambda + 0.5f) - 1));
    return sampleLevel(texture.levels[std::min<size_t>(d, texture.levels.size() - 1)], s, filter, u,
                       v);
  }
  auto lo = static_cast<size_t>(std::floor(lambda));
  size_t hi = std::min(lo + 1, texture.levels.size() - 1);
  float t = lambda - std::floor(lambda);
  return mix(sampleLevel(texture.levels[lo], s, filter, u, v),
             sampleLevel(texture.levels[hi], s, filter, u, v), t);
}

}  // namespace bindery::vulkan::testing
