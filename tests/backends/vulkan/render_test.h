// The render tests' fixture (render_test.cpp, render_*_test.cpp): a
// 16x16 target, read back and compared with an image computed in the test
// (tolerance per format), pipelines from WGSL with an auto layout.
#pragma once

#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "api_test.h"

namespace bindery::vulkan::testing {

constexpr uint32_t kSize = 16;
using Rgba = std::array<uint8_t, 4>;

class RenderTest : public VulkanApiTest {
 protected:
  Texture target(TextureFormat format = TextureFormat::Rgba8unorm, uint32_t samples = 1) {
    TextureDescriptor d;
    d.size = {kSize, kSize, 1};
    d.format = format;
    d.sampleCount = samples;
    d.usage = TextureUsage::RenderAttachment;
    if (samples == 1 && format == TextureFormat::Rgba8unorm) d.usage |= TextureUsage::CopySrc;
    return device_.createTexture(d);
  }

  // The rgba8unorm texture's texels, row by row (y down).
  std::vector<Rgba> read(const Texture& texture) {
    constexpr uint32_t kBytesPerRow = 256;
    Buffer buffer = makeBuffer(kBytesPerRow * kSize, BufferUsage::CopySrc | BufferUsage::CopyDst);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.copyTextureToBuffer({texture}, {buffer, 0, kBytesPerRow, kSize}, {kSize, kSize, 1});
    submit(encoder);
    std::vector<uint8_t> raw = readBuffer(buffer, 0, kBytesPerRow * kSize);
    std::vector<Rgba> texels(kSize * kSize);
    for (uint32_t y = 0; y < kSize; ++y) {
      std::memcpy(&texels[y * kSize], raw.data() + y * kBytesPerRow, kSize * 4);
    }
    return texels;
  }

  // Compares every texel with `expected(x, y)` (nullopt: not checked) within `tolerance`.
  void expectImage(const Texture& texture,
                   const std::function<std::optional<Rgba>(uint32_t, uint32_t)>& expected,
                   int tolerance = 1) {
    std::vector<Rgba> texels = read(texture);
    int mismatches = 0;
    for (uint32_t y = 0; y < kSize; ++y) {
      for (uint32_t x = 0; x < kSize; ++x) {
        std::optional<Rgba> want = expected(x, y);
        if (!want) continue;
        const Rgba& got = texels[y * kSize + x];
        for (int c = 0; c < 4; ++c) {
          if (std::abs(int(got[c]) - int((*want)[c])) > tolerance) {
            if (++mismatches <= 5) {
              ADD_FAILURE() << "texel (" << x << ", " << y << ") channel " << c << ": got "
                            << int(got[c]) << ", expected " << int((*want)[c]);
            }
            break;
          }
        }
      }
    }
    EXPECT_EQ(mismatches, 0);
  }

  Buffer bufferWith(const void* data, uint64_t size, BufferUsageFlags usage) {
    uint64_t rounded = (size + 3) & ~uint64_t{3};
    Buffer buffer = makeBuffer(rounded, usage | BufferUsage::CopyDst, true);
    std::memcpy(buffer.getMappedRange(0, rounded), data, size);
    buffer.unmap();
    return buffer;
  }
  template <class T>
  Buffer bufferWith(const std::vector<T>& values, BufferUsageFlags usage) {
    return bufferWith(values.data(), values.size() * sizeof(T), usage);
  }

  RenderPipelineDescriptor pipelineDescriptor(std::string_view wgsl) {
    ShaderModuleDescriptor module;
    module.code = std::string(wgsl);
    ShaderModule shader = device_.createShaderModule(module);
    RenderPipelineDescriptor d;
    d.layout = kAutoLayout;
    d.vertex.module = shader;
    d.vertex.entryPoint = "vs";
    FragmentState fragment;
    fragment.module = shader;
    fragment.entryPoint = "fs";
    fragment.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
    d.fragment = fragment;
    return d;
  }

  RenderPassDescriptor passFor(const Texture& texture, Color clear) {
    RenderPassDescriptor pass;
    RenderPassColorAttachment color;
    color.view = texture.createView();
    color.clearValue = clear;
    color.loadOp = LoadOp::Clear;
    color.storeOp = StoreOp::Store;
    pass.colorAttachments.push_back(color);
    return pass;
  }

  // One pass over `texture` (cleared to black): `pipeline` draws 3 vertices
  // with `group` (and its dynamic `offsets`) at @group(0); submitted.
  void drawTriangle(const Texture& texture, const RenderPipeline& pipeline, const BindGroup& group,
                    std::initializer_list<uint32_t> offsets = {}) {
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(texture, {0, 0, 0, 1}));
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group, offsets);
    pass.draw(3);
    pass.end();
    submit(encoder);
  }
};

// The pixel centre (x, y) in normalized device coordinates (y up).
inline float ndcX(uint32_t x) {
  return (x + 0.5f) / kSize * 2 - 1;
}
inline float ndcY(uint32_t y) {
  return 1 - (y + 0.5f) / kSize * 2;
}

constexpr Rgba kRed{255, 0, 0, 255};
constexpr Rgba kGreen{0, 255, 0, 255};
constexpr Rgba kBlue{0, 0, 255, 255};
constexpr Rgba kBlack{0, 0, 0, 255};

// The lower-left half triangle of the attachment (y up in NDC), red.
constexpr std::string_view kTriangle = R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(1, -1), vec2f(-1, 1));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1, 0, 0, 1); }
)";

// Inside the lower-left triangle: red; off the diagonal, the clear colour.
inline std::optional<Rgba> triangleImage(uint32_t x, uint32_t y, Rgba clear) {
  float s = ndcX(x) + ndcY(y);
  if (std::abs(s) < 1e-4f) return std::nullopt;  // on the edge
  return s < 0 ? kRed : clear;
}

}  // namespace bindery::vulkan::testing
