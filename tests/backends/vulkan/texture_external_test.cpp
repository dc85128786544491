// texture_external on the Vulkan backend (#external-texture-type): an RGBA
// frame and a two-plane YUV frame imported from a VideoFrameSource, and a
// texture view bound to an externalTexture entry, read with textureLoad,
// textureDimensions and textureSampleBaseClampToEdge (the generator's
// lowering: planes and a parameters buffer, external_texture.h); frames
// cropped to their visible rect and converted to the import's colour space
// (#external-texture-creation), against CPU references (color_space.h,
// sampleReference).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/resources/color_space.h"
#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

class TextureExternalTest : public TextureShaderTest {
 protected:
  // A width x height (4x2 by default) rgba8unorm plane whose texel (x, y) is
  // `texel(x, y)`; `cpu` gets its texels as floats.
  template <class F>
  Texture plane(F texel, uint32_t width = 4, uint32_t height = 2, CpuTexture* cpu = nullptr) {
    Texture t = makeTexture(TextureFormat::Rgba8unorm, {width, height, 1});
    std::vector<uint8_t> bytes;
    CpuTexture::Level level{width, height, {}};
    for (uint32_t y = 0; y < height; ++y) {
      for (uint32_t x = 0; x < width; ++x) {
        std::array<uint8_t, 4> v = texel(x, y);
        bytes.insert(bytes.end(), v.begin(), v.end());
        level.texels.push_back({unorm8(v[0]), unorm8(v[1]), unorm8(v[2]), unorm8(v[3])});
      }
    }
    write(t, 0, bytes.data(), width * 4, height, {width, height, 1});
    if (cpu) cpu->levels = {level};
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

// #external-texture-creation's crop, as textureSampleBaseClampToEdge sees it:
// (u, v) over the visible rect of plane 0, scaled to a plane `scale` times
// plane 0's size, clamped half a texel inside the rect's edge, normalized.
std::array<float, 2> croppedCoords(VisibleRect r, float u, float v, float scaleX, float scaleY,
                                   const CpuTexture& plane) {
  auto axis = [](float t, uint32_t lo, uint32_t extent, float scale, uint32_t size) {
    float at = (lo + t * extent) * scale;
    float low = lo * scale + 0.5f, high = (lo + extent) * scale - 0.5f;
    return std::min(std::max(at, low), high) / size;
  };
  return {axis(u, r.x, r.width, scaleX, plane.levels[0].width),
          axis(v, r.y, r.height, scaleY, plane.levels[0].height)};
}

const char* kCropShader = R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var e : texture_external;
@group(0) @binding(2) var s : sampler;
const uvs = array(vec2f(-1, 2), vec2f(0.5, 0.25), vec2f(0.25, 0.75), vec2f(1, 0), vec2f(0.3, 0.6));
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(e, vec2u(0, 0));
  out[1] = textureLoad(e, vec2u(1, 1));
  out[2] = textureLoad(e, vec2u(5, 5));
  out[3] = vec4f(vec2f(textureDimensions(e)), 0, 0);
  for (var i = 0; i < 5; i++) { out[4 + i] = textureSampleBaseClampToEdge(e, s, uvs[i]); }
})";
const std::array<std::array<float, 2>, 5> kCropUvs = {
    {{-1, 2}, {0.5f, 0.25f}, {0.25f, 0.75f}, {1, 0}, {0.3f, 0.6f}}};

void expectNear(const float* got, const Vec4& want, float tolerance, const std::string& what) {
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(got[c], want[c], tolerance) << what << " [" << c << "]";
}

TEST_F(TextureExternalTest, CroppedRgbaFrameShowsOnlyItsVisibleRect) {
  CpuTexture cpu;
  Texture t = plane(rgba, 4, 2, &cpu);
  VideoFrameSource source(t.createView());
  VisibleRect rect{1, 0, 2, 2};
  source.setVisibleRect(rect);
  ExternalTexture external = device_.importExternalTexture({"", source});
  SamplerDescriptor linear{.magFilter = FilterMode::Linear, .minFilter = FilterMode::Linear};
  std::vector<float> got = run<float>(kCropShader, {{1, external}, {2, sampler(linear)}}, 36);
  const auto& texels = cpu.levels[0];
  expectNear(&got[0], texels.at(1, 0), 1e-6f, "load (0, 0)");
  expectNear(&got[4], texels.at(2, 1), 1e-6f, "load (1, 1)");
  expectNear(&got[8], texels.at(2, 1), 1e-6f, "load (5, 5), clamped into the rect");
  EXPECT_EQ(got[12], 2.0f);
  EXPECT_EQ(got[13], 2.0f);
  for (size_t i = 0; i < kCropUvs.size(); ++i) {
    auto [u, v] = croppedCoords(rect, kCropUvs[i][0], kCropUvs[i][1], 1, 1, cpu);
    expectNear(&got[16 + 4 * i], sampleReference(cpu, linear, u, v, 0), 4e-3f,
               "sample " + std::to_string(i));
  }
  // (1, 0) is texel (2, 0) exactly: the rect's edge, not a blend with (3, 0)
  expectNear(&got[28], texels.at(2, 0), 4e-3f, "sample at the right edge");
}

TEST_F(TextureExternalTest, CroppedTwoPlaneFrameScalesTheRectToTheChromaPlane) {
  CpuTexture luma, chroma;
  Texture y = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(40 * x + 100 * row), 0, 0, 255};
      },
      8, 4, &luma);
  Texture uv = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(60 * x), uint8_t(200 - 50 * row), 0, 255};
      },
      4, 2, &chroma);
  VideoFrameSource source(std::vector<TextureView>{y.createView(), uv.createView()});
  VisibleRect rect{2, 1, 4, 2};
  source.setVisibleRect(rect);
  ExternalTexture external = device_.importExternalTexture({"", source});
  SamplerDescriptor linear{.magFilter = FilterMode::Linear, .minFilter = FilterMode::Linear};
  std::vector<float> got = run<float>(kCropShader, {{1, external}, {2, sampler(linear)}}, 36);
  auto convert = [](const Vec4& yTexel, const Vec4& uvTexel) {
    return core::yuvToRgb(yTexel[0], uvTexel[0], uvTexel[1]);
  };
  // load: plane 0 at the rect's origin + (x, y), the chroma plane at half that
  expectNear(&got[0], convert(luma.levels[0].at(2, 1), chroma.levels[0].at(1, 0)), 2e-3f,
             "load (0, 0)");
  expectNear(&got[4], convert(luma.levels[0].at(3, 2), chroma.levels[0].at(1, 1)), 2e-3f,
             "load (1, 1)");
  expectNear(&got[8], convert(luma.levels[0].at(5, 2), chroma.levels[0].at(2, 1)), 2e-3f,
             "load (5, 5), clamped into the rect");
  EXPECT_EQ(got[12], 4.0f);
  EXPECT_EQ(got[13], 2.0f);
  for (size_t i = 0; i < kCropUvs.size(); ++i) {
    auto [u0, v0] = croppedCoords(rect, kCropUvs[i][0], kCropUvs[i][1], 1, 1, luma);
    auto [u1, v1] = croppedCoords(rect, kCropUvs[i][0], kCropUvs[i][1], 0.5f, 0.5f, chroma);
    Vec4 want = convert(sampleReference(luma, linear, u0, v0, 0),
                        sampleReference(chroma, linear, u1, v1, 0));
    expectNear(&got[16 + 4 * i], want, 8e-3f, "sample " + std::to_string(i));
  }
}

// #color-space-conversions: the frame's RGB (after YUV conversion) re-encoded
// in the import's colorSpace: decoded, gamut-mapped, encoded; out-of-gamut
// colours keep their extended values (negative, above 1).
const std::array<std::array<uint8_t, 4>, 8> kPalette = {{{255, 0, 0, 255},
                                                         {0, 255, 0, 255},
                                                         {0, 0, 255, 128},
                                                         {200, 100, 50, 255},
                                                         {10, 20, 30, 255},
                                                         {128, 128, 128, 0},
                                                         {255, 255, 255, 255},
                                                         {0, 0, 0, 255}}};

const char* kPaletteShader = R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var e : texture_external;
@group(0) @binding(2) var s : sampler;
@compute @workgroup_size(1) fn main() {
  for (var i = 0u; i < 8; i++) {
    let at = vec2u(i % 4, i / 4);
    out[i] = textureLoad(e, at);
    out[8 + i] = textureSampleBaseClampToEdge(e, s, (vec2f(at) + 0.5) / vec2f(4, 2));
  }
})";

TEST_F(TextureExternalTest, RgbaFrameIsConvertedToTheImportsColorSpace) {
  using enum PredefinedColorSpace;
  CpuTexture cpu;
  Texture t = plane([](uint32_t x, uint32_t y) { return kPalette[y * 4 + x]; }, 4, 2, &cpu);
  const std::pair<PredefinedColorSpace, PredefinedColorSpace> cases[] = {
      {Srgb, DisplayP3}, {DisplayP3, Srgb}, {DisplayP3, DisplayP3}};
  for (auto [frame, imported] : cases) {
    VideoFrameSource source(t.createView());
    source.setColorSpace(frame);
    ExternalTexture external = device_.importExternalTexture({"", source, imported});
    std::vector<float> got = run<float>(kPaletteShader, {{1, external}, {2, sampler({})}}, 64);
    for (size_t i = 0; i < 8; ++i) {
      Vec4 want = core::convertColor(cpu.levels[0].texels[i], {frame, false}, {imported, false});
      std::string what = fmt::format("{} -> {}, texel {}", toString(frame), toString(imported), i);
      expectNear(&got[4 * i], want, 2e-3f, what + " loaded");
      expectNear(&got[32 + 4 * i], want, 2e-3f, what + " sampled");
    }
  }
}

TEST_F(TextureExternalTest, TwoPlaneFrameIsConvertedAfterItsYuvConversion) {
  CpuTexture luma, chroma;
  Texture y = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(60 * x + 20 * row), 0, 0, 255};
      },
      4, 2, &luma);
  Texture uv = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(255 - 70 * x), uint8_t(30 + 200 * row), 0, 255};
      },
      4, 2, &chroma);
  VideoFrameSource source(std::vector<TextureView>{y.createView(), uv.createView()});
  ExternalTexture external =
      device_.importExternalTexture({"", source, PredefinedColorSpace::DisplayP3});
  std::vector<float> got = run<float>(kPaletteShader, {{1, external}, {2, sampler({})}}, 64);
  for (size_t i = 0; i < 8; ++i) {
    const Vec4& Y = luma.levels[0].texels[i];
    const Vec4& UV = chroma.levels[0].texels[i];
    Vec4 want =
        core::convertColor(core::yuvToRgb(Y[0], UV[0], UV[1]), {PredefinedColorSpace::Srgb, false},
                           {PredefinedColorSpace::DisplayP3, false});
    expectNear(&got[4 * i], want, 2e-3f, fmt::format("texel {} loaded", i));
    expectNear(&got[32 + 4 * i], want, 2e-3f, fmt::format("texel {} sampled", i));
  }
}

// I420: Y, U and V in the red of three planes, U and V at half size; cropped
// and converted to 'display-p3' like the others.
TEST_F(TextureExternalTest, ThreePlaneFrameIsCroppedAndConverted) {
  CpuTexture luma, cb, cr;
  Texture y = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(30 * x + 15 * row), 0, 0, 255};
      },
      8, 4, &luma);
  Texture u = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(250 - 60 * x - 20 * row), 0, 0, 255};
      },
      4, 2, &cb);
  Texture v = plane(
      [](uint32_t x, uint32_t row) {
        return std::array<uint8_t, 4>{uint8_t(20 + 50 * x + 90 * row), 0, 0, 255};
      },
      4, 2, &cr);
  VideoFrameSource source(std::vector<TextureView>{y.createView(), u.createView(), v.createView()});
  VisibleRect rect{2, 1, 4, 2};
  source.setVisibleRect(rect);
  ExternalTexture external =
      device_.importExternalTexture({"", source, PredefinedColorSpace::DisplayP3});
  SamplerDescriptor linear{.magFilter = FilterMode::Linear, .minFilter = FilterMode::Linear};
  std::vector<float> got = run<float>(kCropShader, {{1, external}, {2, sampler(linear)}}, 36);
  auto convert = [](float Y, float U, float V) {
    return core::convertColor(core::yuvToRgb(Y, U, V), {PredefinedColorSpace::Srgb, false},
                              {PredefinedColorSpace::DisplayP3, false});
  };
  auto load = [&](uint32_t x, uint32_t row) {  // plane 0's texel, chroma at half
    return convert(luma.levels[0].at(x, row)[0], cb.levels[0].at(x / 2, row / 2)[0],
                   cr.levels[0].at(x / 2, row / 2)[0]);
  };
  expectNear(&got[0], load(2, 1), 2e-3f, "load (0, 0)");
  expectNear(&got[4], load(3, 2), 2e-3f, "load (1, 1)");
  expectNear(&got[8], load(5, 2), 2e-3f, "load (5, 5), clamped into the rect");
  EXPECT_EQ(got[12], 4.0f);
  EXPECT_EQ(got[13], 2.0f);
  for (size_t i = 0; i < kCropUvs.size(); ++i) {
    float s = kCropUvs[i][0], t = kCropUvs[i][1];
    auto [u0, v0] = croppedCoords(rect, s, t, 1, 1, luma);
    auto [u1, v1] = croppedCoords(rect, s, t, 0.5f, 0.5f, cb);
    Vec4 want = convert(sampleReference(luma, linear, u0, v0, 0)[0],
                        sampleReference(cb, linear, u1, v1, 0)[0],
                        sampleReference(cr, linear, u1, v1, 0)[0]);
    expectNear(&got[16 + 4 * i], want, 8e-3f, "sample " + std::to_string(i));
  }
}

}  // namespace
}  // namespace bindery::vulkan::testing
