// The colour math of #color-space-conversions (src/core/resources/color_space.*),
// against published values: the sRGB transfer function's fixed points, the
// Display P3 <-> sRGB linear matrices (CSS Color 4's sample code gives the
// same to 7 digits), binary16 rounding, and texel encodings.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/resources/color_space.h"

namespace bindery::core {
namespace {

TEST(ColorSpaceTest, SrgbTransferFunction) {
  EXPECT_FLOAT_EQ(srgbToLinear(0.0f), 0.0f);
  EXPECT_FLOAT_EQ(srgbToLinear(1.0f), 1.0f);
  EXPECT_NEAR(srgbToLinear(0.5f), 0.2140411f, 1e-6);
  EXPECT_NEAR(srgbToLinear(0.04f), 0.04f / 12.92f, 1e-7);
  EXPECT_NEAR(srgbToLinear(-0.5f), -0.2140411f, 1e-6);  // extended: odd symmetry
  for (float v : {0.0f, 0.01f, 0.2f, 0.5f, 0.9f, 1.0f, 1.5f}) {
    EXPECT_NEAR(linearToSrgb(srgbToLinear(v)), v, 1e-6) << v;
  }
}

TEST(ColorSpaceTest, GamutMatrices) {
  Mat3 p3ToSrgb = gamutMatrix(PredefinedColorSpace::DisplayP3, PredefinedColorSpace::Srgb);
  Mat3 want = {1.2249401f, -0.2249404f, 0.0f,        -0.0420569f, 1.0420571f,
               0.0f,       -0.0196376f, -0.0786361f, 1.0982735f};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(p3ToSrgb[i], want[i], 2e-5) << i;
  Mat3 srgbToP3 = gamutMatrix(PredefinedColorSpace::Srgb, PredefinedColorSpace::DisplayP3);
  Mat3 back = {0.8224621f, 0.1775380f, 0.0f,       0.0331941f, 0.9668058f,
               0.0f,       0.0170827f, 0.0723974f, 0.9105199f};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(srgbToP3[i], back[i], 2e-5) << i;
}

TEST(ColorSpaceTest, ConvertColorElidesIdentitiesAndRoundTrips) {
  Rgba c = {0.3f, 0.6f, 0.9f, 0.5f};
  ColorEncoding srgb{PredefinedColorSpace::Srgb, false};
  ColorEncoding srgbPremul{PredefinedColorSpace::Srgb, true};
  ColorEncoding p3{PredefinedColorSpace::DisplayP3, false};
  EXPECT_EQ(convertColor(c, srgb, srgb), c);
  EXPECT_EQ(convertColor(c, srgbPremul, srgbPremul), c);
  Rgba pm = convertColor(c, srgb, srgbPremul);
  EXPECT_FLOAT_EQ(pm[0], 0.15f);
  EXPECT_FLOAT_EQ(pm[3], 0.5f);
  Rgba un = convertColor(pm, srgbPremul, srgb);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(un[i], c[i], 1e-6);
  // Pure sRGB red is outside P3's red primary's direction: P3 (0.9175, 0.2003, 0.1387).
  Rgba red = convertColor({1, 0, 0, 1}, srgb, p3);
  EXPECT_NEAR(red[0], 0.9175f, 2e-4);
  EXPECT_NEAR(red[1], 0.2003f, 2e-4);
  EXPECT_NEAR(red[2], 0.1387f, 2e-4);
  // P3 red is outside sRGB: a component above 1 and others below 0, not clamped.
  Rgba p3red = convertColor({1, 0, 0, 1}, p3, srgb);
  EXPECT_GT(p3red[0], 1.0f);
  EXPECT_LT(p3red[1], 0.0f);
  Rgba round = convertColor(convertColor(c, srgb, p3), p3, srgb);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(round[i], c[i], 1e-5);
}

TEST(ColorSpaceTest, HalfFloat) {
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalf(0.5f), 0x3800);
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalf(1e6f), 0x7c00);
  EXPECT_EQ(floatToHalf(5.960464e-8f), 0x0001);           // smallest subnormal
  EXPECT_EQ(floatToHalf(1.0f + 1.0f / 2048.0f), 0x3c00);  // halfway: to even
  EXPECT_EQ(floatToHalf(1.0f + 3.0f / 2048.0f), 0x3c02);
  for (uint16_t h : {0x3c00, 0x0001, 0x03ff, 0x7bff, 0x3555, 0xb800}) {
    EXPECT_EQ(floatToHalf(halfToFloat(h)), h) << h;
  }
}

TEST(ColorSpaceTest, WriteTexel) {
  std::vector<uint8_t> out(16);
  writeTexel(TextureFormat::Bgra8unorm, {1.0f, 0.5f, -1.0f, 2.0f}, out);
  EXPECT_EQ(out[0], 0);
  EXPECT_EQ(out[1], 128);
  EXPECT_EQ(out[2], 255);
  EXPECT_EQ(out[3], 255);
  writeTexel(TextureFormat::Rgba8unormSrgb, {srgbToLinear(128.0f / 255.0f), 1.0f, 0.0f, 0.5f}, out);
  EXPECT_EQ(out[0], 128);  // encoded back to the sRGB byte
  EXPECT_EQ(out[3], 128);  // alpha stays linear
  writeTexel(TextureFormat::Rgb10a2unorm, {1.0f, 0.0f, 1.0f, 1.0f}, out);
  uint32_t packed;
  std::memcpy(&packed, out.data(), 4);
  EXPECT_EQ(packed, 0x3ffu | (0x3ffu << 20) | (3u << 30));
  writeTexel(TextureFormat::Rg11b10ufloat, {1.0f, 1.0f, 1.0f, 1.0f}, out);
  std::memcpy(&packed, out.data(), 4);
  EXPECT_EQ(packed, (15u << 6) | ((15u << 6) << 11) | ((15u << 5) << 22));
  EXPECT_TRUE(canWriteTexel(TextureFormat::Rgba16float));
  EXPECT_FALSE(canWriteTexel(TextureFormat::Rgba8uint));
  EXPECT_EQ(texelBytes(TextureFormat::Rgba32float), 16u);
}

}  // namespace
}  // namespace bindery::core
