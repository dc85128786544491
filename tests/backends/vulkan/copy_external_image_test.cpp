// GPUQueue.copyExternalImageToTexture on the Vulkan backend
// (#dom-gpuqueue-copyexternalimagetotexture): an ImageData converted on the
// CPU and uploaded through the staging path, read back with
// copyTextureToBuffer and compared with a reference computed here from the
// published constants (sRGB transfer function, Display P3 -> sRGB matrix).
#include <gtest/gtest.h>

#include <cmath>

#include "core/resources/color_space.h"
#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

constexpr uint32_t kW = 4, kH = 3;

class CopyExternalImageTest : public TextureShaderTest {
 protected:
  void SetUp() override {
    TextureShaderTest::SetUp();
    for (uint32_t y = 0; y < kH; ++y) {
      for (uint32_t x = 0; x < kW; ++x) {
        pixels_.insert(pixels_.end(), {uint8_t(40 + x * 60), uint8_t(200 - y * 70),
                                       uint8_t(x * 20 + y * 30), uint8_t(255 - x * 50 - y * 10)});
      }
    }
  }
  const uint8_t* pixel(uint32_t x, uint32_t y) const { return &pixels_[(y * kW + x) * 4]; }
  // Copies the whole image into a new texture of `format` and reads it back.
  std::vector<uint8_t> copyAndRead(TextureFormat format, uint32_t bytesPerTexel,
                                   CopyExternalImageDestInfo dest, bool flipY = false,
                                   PredefinedColorSpace space = PredefinedColorSpace::Srgb) {
    Texture t =
        makeTexture(format, {kW, kH, 1}, TextureDimension::e2D, 1, TextureUsage::RenderAttachment);
    dest.texture = t;
    ImageData image{.data = pixels_, .width = kW, .height = kH, .colorSpace = space};
    EXPECT_FALSE(device_.queue().copyExternalImageToTexture({.source = image, .flipY = flipY}, dest,
                                                            {kW, kH, 1}));
    return readTexture(t, 0, bytesPerTexel, {kW, kH, 1});
  }
  std::vector<uint8_t> pixels_;
};

float srgbDecode(float v) {
  return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
}
float srgbEncode(float v) {
  float a = std::fabs(v);
  float e = a <= 0.0031308f ? a * 12.92f : 1.055f * std::pow(a, 1 / 2.4f) - 0.055f;
  return std::copysign(e, v);
}

TEST_F(CopyExternalImageTest, Rgba8unormFlipY) {
  std::vector<uint8_t> got = copyAndRead(TextureFormat::Rgba8unorm, 4, {}, /*flipY=*/true);
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        EXPECT_EQ(got[(y * kW + x) * 4 + c], pixel(x, kH - 1 - y)[c]) << x << "," << y << "," << c;
      }
    }
  }
}

TEST_F(CopyExternalImageTest, Bgra8unormPremultiplied) {
  std::vector<uint8_t> got =
      copyAndRead(TextureFormat::Bgra8unorm, 4, {.premultipliedAlpha = true});
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      const uint8_t* p = pixel(x, y);
      float a = p[3] / 255.0f;
      const uint8_t* t = &got[(y * kW + x) * 4];
      EXPECT_NEAR(t[2], p[0] * a, 0.51) << x << "," << y;  // R
      EXPECT_NEAR(t[1], p[1] * a, 0.51) << x << "," << y;  // G
      EXPECT_NEAR(t[0], p[2] * a, 0.51) << x << "," << y;  // B
      EXPECT_EQ(t[3], p[3]);
    }
  }
}

TEST_F(CopyExternalImageTest, PremultipliedSourceIsUnpremultiplied) {
  // A premultiplied source (a 2d canvas's bitmap) into a non-premultiplied
  // destination: RGB divided by alpha.
  std::vector<uint8_t> premul = {50, 100, 25, 128, 0, 0, 0, 0};
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {2, 1, 1}, TextureDimension::e2D, 1,
                          TextureUsage::RenderAttachment);
  ImageData image{.data = premul, .width = 2, .height = 1, .premultipliedAlpha = true};
  EXPECT_FALSE(
      device_.queue().copyExternalImageToTexture({.source = image}, {.texture = t}, {2, 1, 1}));
  std::vector<uint8_t> got = readTexture(t, 0, 4, {2, 1, 1});
  EXPECT_EQ(got[0], 100);  // 50 / (128 / 255) = 99.6
  EXPECT_EQ(got[1], 199);  // 100 / 0.50196 = 199.2
  EXPECT_EQ(got[2], 50);
  EXPECT_EQ(got[3], 128);
  for (int c = 4; c < 8; ++c) EXPECT_EQ(got[c], 0);  // alpha 0: no colour
}

TEST_F(CopyExternalImageTest, Rgba16floatFromDisplayP3) {
  // A Display P3 image copied as sRGB into rgba16float: gamut conversion in
  // linear light, values outside [0, 1] kept (the format can hold them).
  std::vector<uint8_t> got =
      copyAndRead(TextureFormat::Rgba16float, 8, {}, false, PredefinedColorSpace::DisplayP3);
  const float m[9] = {1.2249401f, -0.2249404f, 0.0f,        -0.0420569f, 1.0420571f,
                      0.0f,       -0.0196376f, -0.0786361f, 1.0982735f};
  bool outOfRange = false;
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      const uint8_t* p = pixel(x, y);
      float lin[3] = {srgbDecode(p[0] / 255.0f), srgbDecode(p[1] / 255.0f),
                      srgbDecode(p[2] / 255.0f)};
      for (int c = 0; c < 4; ++c) {
        uint16_t h;
        std::memcpy(&h, &got[(y * kW + x) * 8 + c * 2], 2);
        float value = core::halfToFloat(h);
        float want =
            c == 3 ? p[3] / 255.0f
                   : srgbEncode(m[c * 3] * lin[0] + m[c * 3 + 1] * lin[1] + m[c * 3 + 2] * lin[2]);
        outOfRange = outOfRange || want < 0.0f || want > 1.0f;
        EXPECT_NEAR(value, want, 2e-3) << x << "," << y << "," << c;
      }
    }
  }
  EXPECT_TRUE(outOfRange);  // the image has colours outside sRGB's gamut
}

TEST_F(CopyExternalImageTest, SrgbFormatHoldsTheSameBytes) {
  // "Copying into a -srgb texture results in the same texture bytes": the
  // copy linearises, the format's encoding undoes it.
  std::vector<uint8_t> plain = copyAndRead(TextureFormat::Rgba8unorm, 4, {});
  std::vector<uint8_t> srgb = copyAndRead(TextureFormat::Rgba8unormSrgb, 4, {});
  EXPECT_EQ(plain, pixels_);
  ASSERT_EQ(srgb.size(), plain.size());
  for (size_t i = 0; i < srgb.size(); ++i) EXPECT_NEAR(srgb[i], plain[i], 1) << i;
}

TEST_F(CopyExternalImageTest, SubRegionIntoAnOffsetOfAMipLevel) {
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {8, 8, 1}, TextureDimension::e2D, 2,
                          TextureUsage::RenderAttachment);
  ImageData image{.data = pixels_, .width = kW, .height = kH};
  EXPECT_FALSE(device_.queue().copyExternalImageToTexture(
      {.source = image, .origin = {1, 1}}, {.texture = t, .mipLevel = 1, .origin = {2, 1, 0}},
      {2, 2, 1}));
  std::vector<uint8_t> got = readTexture(t, 1, 4, {4, 4, 1});
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 4; ++x) {
      bool inside = x >= 2 && y >= 1 && y < 3;
      for (uint32_t c = 0; c < 4; ++c) {
        uint8_t want = inside ? pixel(x - 2 + 1, y - 1 + 1)[c] : 0;
        EXPECT_EQ(got[(y * 4 + x) * 4 + c], want) << x << "," << y << "," << c;
      }
    }
  }
}

TEST_F(CopyExternalImageTest, FramesAreReadBackFromTheirPlanes) {
  // An RGBA frame in a 'bgra8unorm' plane, copied flipped.
  Texture frame = makeTexture(TextureFormat::Bgra8unorm, {kW, kH, 1});
  std::vector<uint8_t> bgra(pixels_);
  for (size_t i = 0; i < bgra.size(); i += 4) std::swap(bgra[i], bgra[i + 2]);
  write(frame, 0, bgra.data(), kW * 4, kH, {kW, kH, 1});
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {kW, kH, 1}, TextureDimension::e2D, 1,
                          TextureUsage::RenderAttachment);
  EXPECT_FALSE(device_.queue().copyExternalImageToTexture(
      {.source = VideoFrameSource(frame.createView()), .flipY = true}, {.texture = t},
      {kW, kH, 1}));
  std::vector<uint8_t> got = readTexture(t, 0, 4, {kW, kH, 1});
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      for (uint32_t c = 0; c < 4; ++c) {
        EXPECT_EQ(got[(y * kW + x) * 4 + c], pixel(x, kH - 1 - y)[c]) << x << "," << y;
      }
    }
  }
  // An I420 frame: a 4x2 Y plane, 2x1 U and V planes (red channels).
  auto plane = [&](Extent3D size, std::vector<uint8_t> red) {
    Texture p = makeTexture(TextureFormat::Rgba8unorm, size);
    std::vector<uint8_t> texels;
    for (uint8_t r : red) texels.insert(texels.end(), {r, 0, 0, 255});
    write(p, 0, texels.data(), size.width * 4, size.height, size);
    return p;
  };
  std::vector<uint8_t> ys = {16, 64, 128, 235, 30, 90, 150, 200};
  Texture y = plane({4, 2, 1}, ys), u = plane({2, 1, 1}, {100, 180}),
          v = plane({2, 1, 1}, {200, 60});
  Texture out = makeTexture(TextureFormat::Rgba16float, {4, 2, 1}, TextureDimension::e2D, 1,
                            TextureUsage::RenderAttachment);
  VideoFrameSource i420(std::vector<TextureView>{y.createView(), u.createView(), v.createView()});
  EXPECT_FALSE(
      device_.queue().copyExternalImageToTexture({.source = i420}, {.texture = out}, {4, 2, 1}));
  got = readTexture(out, 0, 8, {4, 2, 1});
  for (uint32_t py = 0; py < 2; ++py) {
    for (uint32_t px = 0; px < 4; ++px) {
      float Y = ys[py * 4 + px] / 255.0f;
      float cb = (px < 2 ? 100 : 180) / 255.0f - 0.5f, cr = (px < 2 ? 200 : 60) / 255.0f - 0.5f;
      float want[3] = {Y + 1.5748f * cr, Y - 0.1873f * cb - 0.4681f * cr, Y + 1.8556f * cb};
      for (int c = 0; c < 3; ++c) {
        uint16_t h;
        std::memcpy(&h, &got[(py * 4 + px) * 8 + c * 2], 2);
        EXPECT_NEAR(core::halfToFloat(h), want[c], 2e-3) << px << "," << py << "," << c;
      }
    }
  }
}

// A frame's image is its visible rect, in its own colour space
// (VideoFrame.visibleRect, VideoFrame.colorSpace): a 2x2 rect at (1, 1) of a
// 'display-p3' frame copied into 'srgb'; a copy past the rect (though inside
// plane 0) is an OperationError.
TEST_F(CopyExternalImageTest, FramesAreCopiedFromTheirVisibleRectInTheirColorSpace) {
  Texture frame = makeTexture(TextureFormat::Rgba8unorm, {kW, kH, 1});
  write(frame, 0, pixels_.data(), kW * 4, kH, {kW, kH, 1});
  VideoFrameSource source(frame.createView());
  source.setVisibleRect(VisibleRect{1, 1, 2, 2});
  source.setColorSpace(PredefinedColorSpace::DisplayP3);
  Texture t = makeTexture(TextureFormat::Rgba16float, {2, 2, 1}, TextureDimension::e2D, 1,
                          TextureUsage::RenderAttachment);
  EXPECT_FALSE(
      device_.queue().copyExternalImageToTexture({.source = source}, {.texture = t}, {2, 2, 1}));
  std::vector<uint8_t> got = readTexture(t, 0, 8, {2, 2, 1});
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      const uint8_t* p = pixel(x + 1, y + 1);
      core::Rgba want = core::convertColor(
          {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f},
          {PredefinedColorSpace::DisplayP3, false}, {PredefinedColorSpace::Srgb, false});
      for (int c = 0; c < 4; ++c) {
        uint16_t h;
        std::memcpy(&h, &got[(y * 2 + x) * 8 + c * 2], 2);
        EXPECT_NEAR(core::halfToFloat(h), want[c], 2e-3) << x << "," << y << "," << c;
      }
    }
  }
  std::optional<Exception> past = device_.queue().copyExternalImageToTexture(
      {.source = source, .origin = {1, 0}}, {.texture = t}, {2, 2, 1});
  ASSERT_TRUE(past);
  EXPECT_EQ(past->type, ExceptionType::OperationError);
  EXPECT_EQ(past->code, ErrorCode::CopyExternalImageSourceOutOfBounds);
  EXPECT_NE(past->message.find("<= 2"), std::string::npos) << past->message;
}

}  // namespace
}  // namespace bindery::vulkan::testing
