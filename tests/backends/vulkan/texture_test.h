// Textures and samplers in shaders on the Vulkan backend, through the public
// C++ API: helpers to make textures with known texels, run a compute shader
// that reads them (writing what it read to a storage buffer at binding 0),
// and a small CPU reference sampler (nearest/linear, the three address modes,
// mip selection by explicit LOD) to compare sampled values with.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "compute_test.h"

namespace bindery::vulkan::testing {

// The public API's objects, not the Vulkan backend's of the same names.
using bindery::Device;
using bindery::Sampler;

using Vec4 = std::array<float, 4>;

class TextureShaderTest : public ComputeTest {
 protected:
  // COPY_DST | COPY_SRC | TEXTURE_BINDING plus `extra`.
  Texture makeTexture(TextureFormat format, Extent3D size,
                      TextureDimension dimension = TextureDimension::e2D, uint32_t mips = 1,
                      TextureUsageFlags extra = {}, std::vector<TextureFormat> viewFormats = {});
  // queue.writeTexture of `data` (rows of `bytesPerRow`, images of `rows`
  // rows) to `extent` at `origin` of mip `mip`.
  void write(const Texture& texture, uint32_t mip, const void* data, uint32_t bytesPerRow,
             uint32_t rows, Extent3D extent, Origin3D origin = {},
             TextureAspect aspect = TextureAspect::All);
  // Runs `wgsl`'s `main` (binding 0: `var<storage, read_write> out`) with
  // the other `entries` in group 0, dispatches (x, y, z) and reads `count`
  // values of out back.
  template <class T>
  std::vector<T> run(std::string_view wgsl, std::vector<BindGroupEntry> entries, size_t count,
                     uint32_t x = 1, uint32_t y = 1, uint32_t z = 1) {
    Buffer out = runRaw(wgsl, std::move(entries), count * sizeof(T), x, y, z);
    return read<T>(out, count);
  }
  Buffer runRaw(std::string_view wgsl, std::vector<BindGroupEntry> entries, uint64_t outBytes,
                uint32_t x, uint32_t y, uint32_t z);
  // The bytes of mip `mip` (every layer) read with copyTextureToBuffer, rows packed.
  std::vector<uint8_t> readTexture(const Texture& texture, uint32_t mip, uint32_t bytesPerTexel,
                                   Extent3D extent, TextureAspect aspect = TextureAspect::All);
  Sampler sampler(const SamplerDescriptor& descriptor) { return device_.createSampler(descriptor); }
};

// A CPU model of a one-channel-per-component float texture: level 0 of
// width x height and its mips, texels as RGBA floats.
struct CpuTexture {
  struct Level {
    uint32_t width, height;
    std::vector<Vec4> texels;
    const Vec4& at(uint32_t x, uint32_t y) const { return texels[y * width + x]; }
  };
  std::vector<Level> levels;
};

// #texture-builtins-sampling with the sampler's address modes and filters,
// at explicit level `lod` (mipmapFilter as given), coordinates (u, v)
// normalized, as Vulkan's texel filtering computes it.
Vec4 sampleReference(const CpuTexture& texture, const SamplerDescriptor& sampler, float u, float v,
                     float lod);

// An rgba8unorm texel's value as a float (x / 255).
inline float unorm8(uint8_t v) {
  return static_cast<float>(v) / 255.0f;
}

}  // namespace bindery::vulkan::testing
