// GPUQueue.copyExternalImageToTexture (#dom-gpuqueue-copyexternalimagetotexture):
// each content-timeline exception and device-timeline rule, passing and
// failing; the null device stores the converted texels (read back here).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "test_device.h"

namespace bindery::testing {
namespace {

constexpr TextureUsageFlags kDst = TextureUsage::CopyDst | TextureUsage::RenderAttachment;

class CopyExternalImageTest : public DeviceTest {
 protected:
  Texture texture(TextureFormat format, Extent3D size = {4, 4, 1},
                  TextureUsageFlags usage = kDst | TextureUsage::CopySrc,
                  TextureDimension dimension = TextureDimension::e2D, uint32_t samples = 1) {
    return device.createTexture({.label = "dst",
                                 .size = size,
                                 .sampleCount = samples,
                                 .dimension = dimension,
                                 .format = format,
                                 .usage = usage});
  }
  // A 4x4 ImageData whose texel (x, y) is (x * 60, y * 60, 9, 255 - x * 40).
  ImageData image() {
    pixels.clear();
    for (uint32_t y = 0; y < 4; ++y) {
      for (uint32_t x = 0; x < 4; ++x) {
        pixels.insert(pixels.end(), {uint8_t(x * 60), uint8_t(y * 60), 9, uint8_t(255 - x * 40)});
      }
    }
    return ImageData{.data = pixels, .width = 4, .height = 4};
  }
  std::optional<Exception> copy(const CopyExternalImageSourceInfo& source,
                                const CopyExternalImageDestInfo& destination, Extent3D size) {
    return device.queue().copyExternalImageToTexture(source, destination, size);
  }
  // The texels of a 4x4 texture of 4-byte texels, rows packed.
  std::vector<uint8_t> readBack(const Texture& t) {
    Buffer b = device.createBuffer(
        {.size = 256 * 4, .usage = BufferUsage::CopyDst | BufferUsage::MapRead});
    CommandEncoder e = device.createCommandEncoder();
    e.copyTextureToBuffer({.texture = t}, {.buffer = b, .bytesPerRow = 256}, {4, 4, 1});
    device.queue().submit({e.finish()});
    b.mapAsync(MapMode::Read);
    device.tick();
    const uint8_t* mapped = static_cast<const uint8_t*>(b.getMappedRange());
    std::vector<uint8_t> out;
    for (uint32_t y = 0; y < 4; ++y) out.insert(out.end(), mapped + y * 256, mapped + y * 256 + 16);
    return out;
  }
  std::vector<uint8_t> pixels;
};

TEST_F(CopyExternalImageTest, CopiesAndFlipsAnImageData) {
  Texture t = texture(TextureFormat::Rgba8unorm);
  expectValid([&] { EXPECT_FALSE(copy({.source = image()}, {.texture = t}, {4, 4, 1})); });
  EXPECT_EQ(readBack(t), pixels);
  expectValid([&] {
    EXPECT_FALSE(copy({.source = image(), .origin = {1, 2}, .flipY = true},
                      {.texture = t, .origin = {0, 0, 0}}, {2, 2, 1}));
  });
  std::vector<uint8_t> got = readBack(t);
  // Destination row 0 is source row 3 (flipped), row 1 is source row 2.
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      uint32_t sx = 1 + x, sy = 3 - y;
      EXPECT_EQ(got[(y * 4 + x) * 4 + 0], sx * 60) << x << "," << y;
      EXPECT_EQ(got[(y * 4 + x) * 4 + 1], sy * 60) << x << "," << y;
    }
  }
}

TEST_F(CopyExternalImageTest, PremultipliesAndSwizzlesForBgra) {
  Texture t = texture(TextureFormat::Bgra8unorm);
  expectValid([&] {
    EXPECT_FALSE(copy({.source = image()}, {.texture = t, .premultipliedAlpha = true}, {4, 4, 1}));
  });
  std::vector<uint8_t> got = readBack(t);
  // Texel (3, 2): (180, 120, 9, 135) premultiplied by 135/255, stored B, G, R, A.
  const uint8_t* texel = &got[(2 * 4 + 3) * 4];
  EXPECT_EQ(texel[0], 5);   // 9 * 135 / 255 = 4.76
  EXPECT_EQ(texel[1], 64);  // 120 * 135 / 255 = 63.5 (rounded from the float product)
  EXPECT_EQ(texel[2], 95);  // 180 * 135 / 255 = 95.3
  EXPECT_EQ(texel[3], 135);
}

TEST_F(CopyExternalImageTest, CopiesRgbaAndTwoPlaneYuvFrames) {
  auto plane = [&](const std::vector<uint8_t>& texels) {
    Texture t =
        device.createTexture({.size = {4, 4, 1},
                              .format = TextureFormat::Rgba8unorm,
                              .usage = TextureUsage::TextureBinding | TextureUsage::CopyDst});
    device.queue().writeTexture({.texture = t}, texels.data(), texels.size(), {0, 16, 4},
                                {4, 4, 1});
    return t;
  };
  image();
  Texture rgba = plane(pixels);
  Texture t = texture(TextureFormat::Rgba8unorm);
  expectValid([&] {
    EXPECT_FALSE(copy({.source = VideoFrameSource(rgba.createView()), .flipY = true},
                      {.texture = t}, {4, 4, 1}));
  });
  std::vector<uint8_t> got = readBack(t);
  for (uint32_t y = 0; y < 4; ++y) {
    EXPECT_TRUE(
        std::equal(got.begin() + y * 16, got.begin() + y * 16 + 16, pixels.begin() + (3 - y) * 16))
        << y;
  }
  // Y = 128 / 255 everywhere; U, V = 1, 0.5 (BT.709: R = Y, G = Y - 0.1873 * 0.5,
  // B = Y + 1.8556 * 0.5 -> clamped to 1).
  std::vector<uint8_t> luma(64, 0), chroma(64, 0);
  for (size_t i = 0; i < 64; i += 4) {
    luma[i] = 128;
    chroma[i] = 255;
    chroma[i + 1] = 128;
  }
  Texture y = plane(luma), uv = plane(chroma);
  VideoFrameSource yuv(std::vector<TextureView>{y.createView(), uv.createView()});
  expectValid([&] { EXPECT_FALSE(copy({.source = yuv}, {.texture = t}, {4, 4, 1})); });
  got = readBack(t);
  float Y = 128 / 255.0f, cr = 128 / 255.0f - 0.5f;
  EXPECT_EQ(got[0], std::lround((Y + 1.5748f * cr) * 255));
  EXPECT_EQ(got[1], std::lround((Y - 0.1873f * 0.5f - 0.4681f * cr) * 255));
  EXPECT_EQ(got[2], 255);
  EXPECT_EQ(got[3], 255);
  // A plane the frame rules refuse: without TEXTURE_BINDING.
  Texture bare = device.createTexture(
      {.size = {4, 4, 1}, .format = TextureFormat::Rgba8unorm, .usage = TextureUsage::CopyDst});
  expectError(ErrorCode::CopyExternalImageSourceNotUsable,
              [&] {
                copy({.source = VideoFrameSource(bare.createView())}, {.texture = t}, {1, 1, 1});
              },
              {"source.source.planes[0]", "GPUTextureUsage.TEXTURE_BINDING"});
}

TEST_F(CopyExternalImageTest, SourceOutOfBoundsIsAnOperationError) {
  Texture t = texture(TextureFormat::Rgba8unorm);
  std::optional<Exception> e;
  expectValid([&] { e = copy({.source = image(), .origin = {1, 0}}, {.texture = t}, {4, 4, 1}); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->type, ExceptionType::OperationError);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceOutOfBounds);
  EXPECT_THAT(e->message, ::testing::HasSubstr("copyExternalImageToTexture"));
  EXPECT_THAT(e->message, ::testing::HasSubstr("source.origin {x: 1, y: 0} + copySize (4x4)"));
  EXPECT_THAT(e->message, ::testing::HasSubstr("ImageData (4x4, 'srgb'), which is 4x4"));
  e = copy({.source = image(), .origin = {0, 1}}, {.texture = t}, {1, 4, 1});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceOutOfBounds);
  e = copy({.source = image()}, {.texture = t}, {1, 1, 2});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceOutOfBounds);
  EXPECT_THAT(e->message, ::testing::HasSubstr("depthOrArrayLayers is 2"));
  EXPECT_FALSE(copy({.source = image(), .origin = {3, 3}}, {.texture = t}, {1, 1, 1}));
}

TEST_F(CopyExternalImageTest, ImageDataOfTheWrongLengthIsATypeError) {
  Texture t = texture(TextureFormat::Rgba8unorm);
  ImageData bad = image();
  bad.data = std::span<const uint8_t>(pixels).first(60);
  std::optional<Exception> e = copy({.source = bad}, {.texture = t}, {1, 1, 1});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->type, ExceptionType::TypeError);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceInvalid);
  EXPECT_THAT(e->message, ::testing::HasSubstr("has 60 bytes; it needs width x height x 4 = 64"));
}

TEST_F(CopyExternalImageTest, VideoFrameSourceClosedThrowsAndWithoutFrameIsNotUsable) {
  Texture t = texture(TextureFormat::Rgba8unorm);
  VideoFrameSource empty;
  empty.setLabel("camera");
  expectError(ErrorCode::CopyExternalImageSourceNotUsable,
              [&] {
                EXPECT_FALSE(copy({.source = empty}, {.texture = t}, {0, 0, 1}));
              },
              {"source.source [VideoFrameSource \"camera\"] has no frame to copy"});
  Texture frame = device.createTexture({.size = {4, 4, 1},
                                        .format = TextureFormat::Rgba8unorm,
                                        .usage = TextureUsage::TextureBinding});
  VideoFrameSource video(frame.createView());
  // The source's size is its first plane's: 4x4.
  std::optional<Exception> e = copy({.source = video}, {.texture = t}, {5, 1, 1});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceOutOfBounds);
  video.close();
  e = copy({.source = video}, {.texture = t}, {0, 0, 1});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->type, ExceptionType::InvalidStateError);
  EXPECT_EQ(e->code, ErrorCode::CopyExternalImageSourceClosed);
  EXPECT_THAT(e->message, ::testing::HasSubstr("was closed"));
}

TEST_F(CopyExternalImageTest, DestinationNeedsCopyDstAndRenderAttachment) {
  for (TextureUsageFlags usage : {TextureUsageFlags(TextureUsage::CopyDst),
                                  TextureUsageFlags(TextureUsage::RenderAttachment)}) {
    Texture t = texture(TextureFormat::Rgba8unorm, {4, 4, 1}, usage);
    expectError(ErrorCode::CopyExternalImageUsageMissing,
                [&] {
                  copy({.source = image()}, {.texture = t}, {4, 4, 1});
                },
                {"copyExternalImageToTexture", "destination.texture [Texture \"dst\"] has usage",
                 "GPUTextureUsage.COPY_DST and GPUTextureUsage.RENDER_ATTACHMENT"});
  }
  expectValid([&] {
    copy({.source = image()}, {.texture = texture(TextureFormat::Rgba8unorm, {4, 4, 1}, kDst)},
         {4, 4, 1});
  });
}

TEST_F(CopyExternalImageTest, DestinationMustBeTwoDimensionalAndSingleSampled) {
  Texture volume = texture(TextureFormat::Rgba8unorm, {4, 4, 2}, kDst, TextureDimension::e3D);
  expectError(ErrorCode::CopyExternalImageDimensionInvalid,
              [&] {
                copy({.source = image()}, {.texture = volume}, {4, 4, 1});
              },
              {"has dimension '3d'", "only '2d' textures"});
  // A multisampled texture may have COPY_DST; the whole-subresource copy
  // passes the texel copy rules and fails on sampleCount.
  Texture msaa = texture(TextureFormat::Rgba8unorm, {4, 4, 1}, kDst, TextureDimension::e2D, 4);
  expectError(ErrorCode::CopyExternalImageMultisampled,
              [&] {
                copy({.source = image()}, {.texture = msaa}, {4, 4, 1});
              },
              {"has sampleCount 4; it must be 1"});
}

TEST_F(CopyExternalImageTest, DestinationFormatMustBeUnormOrFloatAndRenderable) {
  for (TextureFormat ok :
       {TextureFormat::Rgba8unorm, TextureFormat::Rgba8unormSrgb, TextureFormat::Bgra8unorm,
        TextureFormat::Rgba16float, TextureFormat::Rgb10a2unorm, TextureFormat::R8unorm,
        TextureFormat::Rg16float, TextureFormat::Rgba32float}) {
    expectValid([&] { copy({.source = image()}, {.texture = texture(ok)}, {4, 4, 1}); });
  }
  for (TextureFormat bad :
       {TextureFormat::Rgba8uint, TextureFormat::Rgba8sint, TextureFormat::R32uint}) {
    Texture t = texture(bad);
    expectError(ErrorCode::CopyExternalImageFormatInvalid,
                [&] {
                  copy({.source = image()}, {.texture = t}, {4, 4, 1});
                },
                {"has format '", "unorm, unorm-srgb, float or ufloat"});
  }
}

TEST_F(CopyExternalImageTest, DestinationTexelCopyRulesAndDestroyedTexture) {
  Texture t = texture(TextureFormat::Rgba8unorm);
  expectError(ErrorCode::TextureCopyOutOfBounds, [&] {
    copy({.source = image()}, {.texture = t, .origin = {2, 0, 0}}, {4, 4, 1});
  });
  expectError(ErrorCode::TextureCopyMipLevelOutOfRange, [&] {
    copy({.source = image()}, {.texture = t, .mipLevel = 1}, {1, 1, 1});
  });
  t.destroy();
  expectError(ErrorCode::TextureDestroyed, [&] {
    copy({.source = image()}, {.texture = t}, {1, 1, 1});
  });
}

TEST_F(CopyExternalImageTest, ZeroSizedCopyIsValidated) {
  Texture t = texture(TextureFormat::Rgba8uint);
  expectError(ErrorCode::CopyExternalImageFormatInvalid, [&] {
    copy({.source = image()}, {.texture = t}, {0, 0, 0});
  });
  expectValid([&] {
    copy({.source = image()}, {.texture = texture(TextureFormat::Rgba8unorm)}, {0, 0, 0});
  });
}

}  // namespace
}  // namespace bindery::testing
