// texture_external on the Vulkan backend (#external-texture-type): an RGBA
// frame and a two-plane YUV frame imported from a VideoFrameSource, and a
// texture view bound to an externalTexture entry, read with textureLoad,
// textureDimensions and textureSampleBaseClampToEdge (the generator's
// lowering: planes and a parameters buffer, external_texture.h).
#include <gtest/gtest.h>

#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

class TextureExternalTest : public TextureShaderTest {
 protected:
  // A 4x2 rgba8unorm plane whose texel (x, y) is `texel(x, y)`.
  template <class F>
  Texture plane(F texel) {
    Texture t = makeTexture(TextureFormat::Rgba8unorm, {4, 2, 1});
    std::vector<uint8_t> bytes;
    for (uint32_t y = 0; y < 2; ++y) {
      for (uint32_t x = 0; x < 4; ++x) {
        std::array<uint8_t, 4> v = texel(x, y);
        bytes.insert(bytes.end(), v.begin(), v.end());
      }
    }
    write(t, 0, bytes.data(), 16, 2, {4, 2, 1});
    return t;
  }

  std::vector<float> read(const BindingResource& external) {
    return run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var e : texture_external;
@group(0) @binding(2) var s : sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(e, vec2u(1, 0));
  out[1] = textureLoad(e, vec2u(3, 1));
  out[2] = vec4f(vec2f(textureDimensions(e)), 0, 0);
  out[3] = textureSampleBaseClampToEdge(e, s, vec2f(-1, 2));  // texel (0, 1)
})",
                      {{1, external}, {2, sampler({})}}, 16);
  }
};

std::array<uint8_t, 4> rgba(uint32_t x, uint32_t y) {
  return {uint8_t(x * 50), uint8_t(y * 100), 7, 255};
}

TEST_F(TextureExternalTest, RgbaFrameAndBoundView) {
  Texture t = plane(rgba);
  VideoFrameSource source(t.createView());
  ExternalTexture external = device_.importExternalTexture({"", source});
  for (const BindingResource& resource :
       {BindingResource(external), BindingResource(t.createView())}) {
    std::vector<float> got = read(resource);
    std::vector<float> want = {unorm8(50), 0, unorm8(7), 1, unorm8(150), unorm8(100), unorm8(7), 1,
                               4,          2, 0,         0, 0,           unorm8(100), unorm8(7), 1};
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 2e-3) << i;
  }
}

TEST_F(TextureExternalTest, TwoPlaneYuvFrameIsConverted) {
  // Y in plane 0's red, U and V in plane 1's red and green (BT.709 full range).
  Texture y = plane([](uint32_t x, uint32_t) {
    return std::array<uint8_t, 4>{uint8_t(64 * x), 0, 0, 255};
  });
  Texture uv = plane([](uint32_t, uint32_t row) {
    return row == 0 ? std::array<uint8_t, 4>{128, 128, 0, 255}
                    : std::array<uint8_t, 4>{255, 0, 0, 255};
  });
  VideoFrameSource source(std::vector<TextureView>{y.createView(), uv.createView()});
  ExternalTexture external = device_.importExternalTexture({"", source});
  std::vector<float> got = read(external);
  auto rgb = [](float Y, float U, float V) {
    float u = U - 0.5f, v = V - 0.5f;
    return std::array<float, 3>{Y + 1.5748f * v, Y - 0.1873f * u - 0.4681f * v, Y + 1.8556f * u};
  };
  // (1, 0): Y = 64/255, U = V = 128/255 (grey); (3, 1): Y = 192/255, U = 1, V = 0.
  std::array<float, 3> a = rgb(unorm8(64), unorm8(128), unorm8(128));
  std::array<float, 3> b = rgb(unorm8(192), 1, 0);
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(got[c], a[c], 3e-3) << c;
    EXPECT_NEAR(got[4 + c], b[c], 3e-3) << c;
  }
  EXPECT_EQ(got[8], 4.0f);
  EXPECT_EQ(got[9], 2.0f);
}

}  // namespace
}  // namespace bindery::vulkan::testing
