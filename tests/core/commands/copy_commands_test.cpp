// GPUCommandEncoder's copy commands (#commands-buffer-copies,
// #commands-texel-copies, the rules of copies.bs) and texel data on the null
// device: writeTexture keeps the texels, copies move them at submit.
#include <cstring>
#include <numeric>
#include <vector>

#include "backends/null/testing.h"
#include "core/base/handles.h"
#include "core/resources/texture.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

class CopyTest : public DeviceTest {
 protected:
  Buffer buffer(uint64_t size, BufferUsageFlags usage = BufferUsage::CopySrc | BufferUsage::CopyDst,
                std::string label = "b") {
    Buffer b;
    expectValid([&] { b = device.createBuffer({.label = label, .size = size, .usage = usage}); });
    return b;
  }
  Texture texture(TextureFormat format, Extent3D size,
                  TextureUsageFlags usage = TextureUsage::CopySrc | TextureUsage::CopyDst,
                  uint32_t mips = 1, TextureDimension dim = TextureDimension::e2D,
                  uint32_t samples = 1, std::string label = "t") {
    Texture t;
    expectValid([&] {
      t = device.createTexture({.label = label,
                                .size = size,
                                .mipLevelCount = mips,
                                .sampleCount = samples,
                                .dimension = dim,
                                .format = format,
                                .usage = usage});
    });
    return t;
  }
  // Encodes with `encode`, finishes and submits; expects no error at all.
  void run(const std::function<void(CommandEncoder&)>& encode) {
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder({.label = "enc"});
      encode(e);
      device.queue().submit({e.finish()});
    });
  }
  // Expects `code` (with `fragments`) at finish().
  Error encodeError(ErrorCode code, const std::function<void(CommandEncoder&)>& encode,
                    std::initializer_list<std::string> fragments = {}) {
    return expectError(
        code,
        [&] {
          CommandEncoder e = device.createCommandEncoder({.label = "enc"});
          encode(e);
          e.finish();
        },
        fragments);
  }
  void encodeValid(const std::function<void(CommandEncoder&)>& encode) {
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder({.label = "enc"});
      encode(e);
      e.finish();
    });
  }
  // The bytes of `b` (a COPY_SRC buffer), through a MAP_READ staging buffer.
  std::vector<uint8_t> read(const Buffer& b) {
    uint64_t size = b.size();
    Buffer staging = buffer(size, BufferUsage::MapRead | BufferUsage::CopyDst, "staging");
    run([&](CommandEncoder& e) { e.copyBufferToBuffer(b, staging); });
    staging.mapAsync(MapMode::Read);
    device.tick();
    std::vector<uint8_t> out(size);
    const void* data = staging.getMappedRange();
    EXPECT_NE(data, nullptr);
    if (data) std::memcpy(out.data(), data, size);
    staging.unmap();
    return out;
  }
  Buffer filled(uint64_t size, uint8_t first = 1,
                BufferUsageFlags usage = BufferUsage::CopySrc | BufferUsage::CopyDst) {
    Buffer b = buffer(size, usage, "src");
    std::vector<uint8_t> bytes(size);
    std::iota(bytes.begin(), bytes.end(), first);
    expectValid([&] { device.queue().writeBuffer(b, 0, bytes.data(), bytes.size()); });
    return b;
  }
  static std::vector<uint8_t> iota(size_t n, uint8_t first = 1) {
    std::vector<uint8_t> v(n);
    std::iota(v.begin(), v.end(), first);
    return v;
  }
};

// --- copyBufferToBuffer / clearBuffer ------------------------------------------

TEST_F(CopyTest, CopyBufferToBufferMovesBytesAtSubmit) {
  Buffer src = filled(16);
  Buffer dst = buffer(48);
  run([&](CommandEncoder& e) {
    e.copyBufferToBuffer(src, 4, dst, 8, 8);
    e.copyBufferToBuffer(src, 0, dst, 32);  // no size: the rest of the source (16 bytes)
    e.copyBufferToBuffer(src, 12, dst, 20, std::nullopt);
  });
  std::vector<uint8_t> out = read(dst);
  std::vector<uint8_t> want(48, 0);
  for (int i = 0; i < 8; ++i) want[8 + i] = static_cast<uint8_t>(5 + i);
  for (int i = 0; i < 4; ++i) want[20 + i] = static_cast<uint8_t>(13 + i);
  for (int i = 0; i < 16; ++i) want[32 + i] = static_cast<uint8_t>(1 + i);
  EXPECT_EQ(out, want);
  // The shorthand: copyBufferToBuffer(source, destination[, size]).
  Buffer dst2 = buffer(16);
  run([&](CommandEncoder& e) { e.copyBufferToBuffer(src, dst2); });
  EXPECT_EQ(read(dst2), iota(16));
  Buffer dst3 = buffer(16);
  run([&](CommandEncoder& e) { e.copyBufferToBuffer(src, dst3, 4); });
  EXPECT_EQ(read(dst3), (std::vector<uint8_t>{1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST_F(CopyTest, CopiesRunInEncodingOrderAfterEarlierWrites) {
  Buffer a = filled(8);
  Buffer b = buffer(8);
  Buffer c = buffer(8);
  run([&](CommandEncoder& e) {
    e.copyBufferToBuffer(a, b);
    e.clearBuffer(a);
    e.copyBufferToBuffer(a, 0, c, 0, 4);  // a is zero by now
  });
  EXPECT_EQ(read(b), iota(8));
  EXPECT_EQ(read(c), std::vector<uint8_t>(8, 0));
}

TEST_F(CopyTest, CopyBufferToBufferErrors) {
  Buffer src = buffer(16, BufferUsage::CopySrc, "src");
  Buffer dst = buffer(16, BufferUsage::CopyDst, "dst");
  Buffer neither = buffer(16, BufferUsage::Uniform, "u");
  encodeValid([&](CommandEncoder& e) { e.copyBufferToBuffer(src, 0, dst, 0, 16); });
  encodeError(ErrorCode::BufferCopyUsageMissing,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(neither, 0, dst, 0, 4); },
              {"source ([Buffer \"u\"])", "lacks GPUBufferUsage.COPY_SRC", "copyBufferToBuffer"});
  encodeError(ErrorCode::BufferCopyUsageMissing,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 0, neither, 0, 4); },
              {"destination", "lacks GPUBufferUsage.COPY_DST"});
  encodeError(ErrorCode::BufferCopySizeNotAligned,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 0, dst, 0, 6); },
              {"size (6) is not a multiple of 4"});
  encodeError(ErrorCode::BufferCopyOffsetNotAligned,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 2, dst, 0, 4); },
              {"sourceOffset (2)"});
  encodeError(ErrorCode::BufferCopyOffsetNotAligned,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 0, dst, 6, 4); },
              {"destinationOffset (6)"});
  encodeError(ErrorCode::BufferCopyOutOfBounds,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 8, dst, 0, 12); },
              {"sourceOffset (8) + size (12) = 20", "size 16"});
  encodeError(ErrorCode::BufferCopyOutOfBounds,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 0, dst, 12, 8); },
              {"destinationOffset (12)"});
  // No size and an offset past the end: the bounds rule fails.
  encodeError(ErrorCode::BufferCopyOutOfBounds,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(src, 20, dst, 0); });
  Buffer both = buffer(16);
  encodeError(ErrorCode::BufferCopySameBuffer,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(both, 0, both, 8, 8); },
              {"the same buffer"});
  encodeError(ErrorCode::NullObject,
              [&](CommandEncoder& e) { e.copyBufferToBuffer(Buffer{}, dst); }, {"source is null"});
  // The error names the command and the encoder.
  encodeError(ErrorCode::BufferCopySizeNotAligned,
              [&](CommandEncoder& e) {
                e.clearBuffer(dst);
                e.copyBufferToBuffer(src, 0, dst, 0, 2);
              },
              {"command #1 (copyBufferToBuffer)", "[CommandEncoder \"enc\"]"});
}

TEST_F(CopyTest, ClearBufferZerosARange) {
  Buffer b = filled(16);
  run([&](CommandEncoder& e) { e.clearBuffer(b, 4, 8); });
  EXPECT_EQ(read(b), (std::vector<uint8_t>{1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 13, 14, 15, 16}));
  run([&](CommandEncoder& e) { e.clearBuffer(b, 12); });  // no size: to the end
  EXPECT_EQ(read(b), (std::vector<uint8_t>{1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  encodeValid([&](CommandEncoder& e) { e.clearBuffer(b, 16); });  // empty at the end
}

TEST_F(CopyTest, ClearBufferErrors) {
  Buffer b = buffer(16, BufferUsage::CopyDst, "b");
  Buffer noDst = buffer(16, BufferUsage::CopySrc, "s");
  encodeError(ErrorCode::BufferCopyUsageMissing, [&](CommandEncoder& e) { e.clearBuffer(noDst); },
              {"buffer ([Buffer \"s\"])", "COPY_DST", "clearBuffer"});
  encodeError(ErrorCode::BufferCopySizeNotAligned,
              [&](CommandEncoder& e) { e.clearBuffer(b, 0, 3); }, {"size (3)"});
  encodeError(ErrorCode::BufferCopyOffsetNotAligned,
              [&](CommandEncoder& e) { e.clearBuffer(b, 2, 4); }, {"offset (2)"});
  encodeError(ErrorCode::BufferCopyOutOfBounds, [&](CommandEncoder& e) { e.clearBuffer(b, 8, 12); },
              {"offset (8) + size (12) = 20"});
  // No size and an offset past the end: size is max(0, 16 - 20) = 0, still out of bounds.
  encodeError(ErrorCode::BufferCopyOutOfBounds, [&](CommandEncoder& e) { e.clearBuffer(b, 20); });
}

TEST_F(CopyTest, CopiesNeedTheEncoderOpen) {
  Buffer src = buffer(16);
  Buffer dst = buffer(16);
  encodeError(ErrorCode::EncoderLocked, [&](CommandEncoder& e) {
    ComputePassEncoder pass = e.beginComputePass();
    e.copyBufferToBuffer(src, dst);
    pass.end();
  });
}

// #dom-gpuqueue-submit: a copy's buffers unmapped and not destroyed, its
// textures not destroyed.
TEST_F(CopyTest, SubmitChecksCopyResources) {
  Queue q = device.queue();
  Buffer src = buffer(16, BufferUsage::CopySrc | BufferUsage::MapWrite, "mapped");
  Buffer dst = buffer(16, BufferUsage::CopyDst, "dst");
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.copyBufferToBuffer(src, dst);
    cb = e.finish();
  });
  src.mapAsync(MapMode::Write);
  device.tick();
  expectError(ErrorCode::BufferMappedInUse, [&] { q.submit({cb}); },
              {"a buffer a copy command uses", "mapped"});
  auto encodeClear = [&] {
    CommandBuffer c;
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder();
      e.clearBuffer(dst);
      c = e.finish();
    });
    return c;
  };
  CommandBuffer clear = encodeClear();
  dst.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { q.submit({clear}); }, {"destroyed"});

  Texture t = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::CopySrc, 1,
                      TextureDimension::e2D, 1, "gone");
  Buffer out = buffer(1024, BufferUsage::CopyDst);
  CommandBuffer copy;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    // Destroyed before finish: still valid to encode, refused at submit.
    t.destroy();
    e.copyTextureToBuffer({.texture = t}, {.buffer = out, .bytesPerRow = 256}, {4, 4});
    copy = e.finish();
  });
  expectError(ErrorCode::TextureDestroyed, [&] { q.submit({copy}); },
              {"a texture a copy command uses", "[Texture \"gone\"]"});
}

// --- texel data ------------------------------------------------------------------

TEST_F(CopyTest, WriteTextureThenCopyToBufferReadsTheTexelsBack) {
  Texture t = texture(TextureFormat::Rgba8unorm, {4, 2});
  std::vector<uint8_t> texels = iota(4 * 4 * 2);
  expectValid([&] {
    device.queue().writeTexture({.texture = t}, texels.data(), texels.size(), {.bytesPerRow = 16},
                                {4, 2});
  });
  Buffer b = buffer(256 + 16);
  run([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = t}, {.buffer = b, .bytesPerRow = 256}, {4, 2});
  });
  std::vector<uint8_t> out = read(b);
  EXPECT_EQ(std::vector<uint8_t>(out.begin(), out.begin() + 16), iota(16));
  EXPECT_EQ(std::vector<uint8_t>(out.begin() + 16, out.begin() + 256),
            std::vector<uint8_t>(240, 0));
  EXPECT_EQ(std::vector<uint8_t>(out.begin() + 256, out.end()), iota(16, 17));
  // A sub-region: texel (1, 1), one texel, from a 3-byte-offset write.
  std::vector<uint8_t> one = {0, 0, 0, 9, 8, 7, 6};
  expectValid([&] {
    device.queue().writeTexture({.texture = t, .origin = {1, 1, 0}}, one.data(), one.size(),
                                {.offset = 3}, {1, 1});
  });
  Buffer px = buffer(4);
  run([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = t, .origin = {1, 1, 0}}, {.buffer = px}, {1, 1});
  });
  EXPECT_EQ(read(px), (std::vector<uint8_t>{9, 8, 7, 6}));
}

TEST_F(CopyTest, UntouchedTexturesKeepNoTexelData) {
  // 8192 x 8192 rgba32float: 1 GiB per mip level 0 layer if it were allocated.
  Texture big = texture(TextureFormat::Rgba32float, {8192, 8192, 4});
  Buffer out = buffer(16);
  run([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = big, .origin = {100, 200, 3}}, {.buffer = out}, {1, 1});
  });
  EXPECT_EQ(read(out), std::vector<uint8_t>(16, 0));
  EXPECT_FALSE(backend::null::hasTexelData(big));
  // A small texture: written, then destroyed (its data goes with it).
  Texture small = texture(TextureFormat::R8uint, {4, 4});
  uint8_t v = 7;
  expectValid([&] { device.queue().writeTexture({.texture = small}, &v, 1, {}, {1, 1}); });
  EXPECT_TRUE(backend::null::hasTexelData(small));
  small.destroy();
  EXPECT_FALSE(backend::null::hasTexelData(small));
}

TEST_F(CopyTest, BufferTextureBufferRoundTripWithPaddedRows) {
  // 3 rows of 5 rg16uint texels (20 bytes each) in 256-byte rows, offset 512.
  Texture t = texture(TextureFormat::Rg16uint, {8, 4});
  std::vector<uint8_t> data(512 + 256 * 3, 0xEE);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 20; ++x) data[512 + 256 * y + x] = static_cast<uint8_t>(y * 20 + x);
  }
  Buffer src = buffer(data.size());
  expectValid([&] { device.queue().writeBuffer(src, 0, data.data(), data.size()); });
  Buffer back = buffer(256 * 2 + 20);
  run([&](CommandEncoder& e) {
    e.copyBufferToTexture({.buffer = src, .offset = 512, .bytesPerRow = 256},
                          {.texture = t, .origin = {2, 1, 0}}, {5, 3});
    e.copyTextureToBuffer({.texture = t, .origin = {2, 1, 0}}, {.buffer = back, .bytesPerRow = 256},
                          {5, 3});
  });
  std::vector<uint8_t> out = read(back);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 20; ++x) {
      ASSERT_EQ(out[256 * y + x], y * 20 + x) << "row " << y << " byte " << x;
    }
    if (y < 2) {
      EXPECT_EQ(out[256 * y + 20], 0) << "padding is not written";
    }
  }
  // Texels outside the region read as zeros (textures start zeroed).
  Buffer all = buffer(256 * 4);
  run([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = t}, {.buffer = all, .bytesPerRow = 256}, {8, 4});
  });
  std::vector<uint8_t> whole = read(all);
  EXPECT_EQ(whole[0], 0);
  EXPECT_EQ(whole[256 + 8], 0);  // (2, 1) starts at byte 8 of row 1
  EXPECT_EQ(whole[256 + 8 + 1], 1);
}

TEST_F(CopyTest, ArrayLayersAnd3dSlicesCopyByImage) {
  std::vector<uint8_t> data = iota(2 * 256 * 2);
  Buffer src = buffer(data.size());
  expectValid([&] { device.queue().writeBuffer(src, 0, data.data(), data.size()); });
  for (TextureDimension dim : {TextureDimension::e2D, TextureDimension::e3D}) {
    SCOPED_TRACE(dim == TextureDimension::e2D ? "2d-array" : "3d");
    Texture t = texture(TextureFormat::R8uint, {4, 2, 4},
                        TextureUsage::CopySrc | TextureUsage::CopyDst, 1, dim);
    Buffer back = buffer(256 * 2 * 2);
    run([&](CommandEncoder& e) {
      // Images 1 and 2 (array layers / depth slices), rows 256 bytes apart, 2 rows per image.
      e.copyBufferToTexture({.buffer = src, .bytesPerRow = 256, .rowsPerImage = 2},
                            {.texture = t, .origin = {0, 0, 1}}, {4, 2, 2});
      e.copyTextureToBuffer({.texture = t, .origin = {0, 0, 2}},
                            {.buffer = back, .bytesPerRow = 256, .rowsPerImage = 2}, {4, 2, 1});
    });
    std::vector<uint8_t> out = read(back);
    // Image 2 of the texture is the copy's second image: data[512..].
    for (int y = 0; y < 2; ++y) {
      for (int x = 0; x < 4; ++x) EXPECT_EQ(out[256 * y + x], data[512 + 256 * y + x]);
    }
  }
}

TEST_F(CopyTest, TextureToTextureCopiesTexels) {
  Texture a =
      texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::CopySrc | TextureUsage::CopyDst, 2);
  Texture b = texture(TextureFormat::Rgba8unormSrgb, {8, 8});  // copy-compatible (-srgb)
  std::vector<uint8_t> texels = iota(64);
  expectValid([&] {
    device.queue().writeTexture({.texture = a}, texels.data(), texels.size(), {.bytesPerRow = 16},
                                {4, 4});
  });
  Buffer out = buffer(256 + 8);
  run([&](CommandEncoder& e) {
    // The 2x2 block at (2, 2) of a to (5, 6) of b, then back to a's mip level 1.
    e.copyTextureToTexture({.texture = a, .origin = {2, 2, 0}}, {.texture = b, .origin = {5, 6, 0}},
                           {2, 2});
    e.copyTextureToTexture({.texture = b, .origin = {5, 6, 0}}, {.texture = a, .mipLevel = 1},
                           {2, 2});
    e.copyTextureToBuffer({.texture = a, .mipLevel = 1}, {.buffer = out, .bytesPerRow = 256},
                          {2, 2});
  });
  std::vector<uint8_t> got = read(out);
  // Row 2 of a starts at byte 32; texel 2 at byte 40.
  EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.begin() + 8),
            std::vector<uint8_t>(texels.begin() + 40, texels.begin() + 48));
  EXPECT_EQ(std::vector<uint8_t>(got.begin() + 256, got.end()),
            std::vector<uint8_t>(texels.begin() + 56, texels.begin() + 64));
}

TEST_F(CopyTest, DepthStencilAspectsCopyTheirOwnBytes) {
  Texture ds = texture(TextureFormat::Depth24plusStencil8, {4, 4});
  std::vector<uint8_t> stencil = iota(16);
  expectValid([&] {
    device.queue().writeTexture({.texture = ds, .aspect = TextureAspect::StencilOnly},
                                stencil.data(), stencil.size(), {.bytesPerRow = 4}, {4, 4});
  });
  // Whole-texture copy of every aspect to another depth24plus-stencil8 texture.
  Texture ds2 = texture(TextureFormat::Depth24plusStencil8, {4, 4});
  Buffer out = buffer(256 * 4);
  run([&](CommandEncoder& e) {
    e.copyTextureToTexture({.texture = ds}, {.texture = ds2}, {4, 4});
    e.copyTextureToBuffer({.texture = ds2, .aspect = TextureAspect::StencilOnly},
                          {.buffer = out, .bytesPerRow = 256}, {4, 4});
  });
  std::vector<uint8_t> got = read(out);
  for (int y = 0; y < 4; ++y) {
    EXPECT_EQ(std::vector<uint8_t>(got.begin() + 256 * y, got.begin() + 256 * y + 4),
              std::vector<uint8_t>(stencil.begin() + 4 * y, stencil.begin() + 4 * y + 4));
  }
  // depth16unorm copies both ways; depth32float only as a source.
  Texture d16 = texture(TextureFormat::Depth16unorm, {2, 2});
  std::vector<uint8_t> depth = {1, 2, 3, 4, 5, 6, 7, 8};
  Buffer dsrc = buffer(256 + 4);
  expectValid([&] { device.queue().writeBuffer(dsrc, 0, depth.data(), 4); });
  expectValid([&] { device.queue().writeBuffer(dsrc, 256, depth.data() + 4, 4); });
  Buffer dout = buffer(256 + 4);
  run([&](CommandEncoder& e) {
    e.copyBufferToTexture({.buffer = dsrc, .bytesPerRow = 256}, {.texture = d16}, {2, 2});
    e.copyTextureToBuffer({.texture = d16, .aspect = TextureAspect::DepthOnly},
                          {.buffer = dout, .bytesPerRow = 256}, {2, 2});
  });
  std::vector<uint8_t> dgot = read(dout);
  EXPECT_EQ(std::vector<uint8_t>(dgot.begin(), dgot.begin() + 4),
            (std::vector<uint8_t>{1, 2, 3, 4}));
  EXPECT_EQ(std::vector<uint8_t>(dgot.begin() + 256, dgot.end()),
            (std::vector<uint8_t>{5, 6, 7, 8}));
  Texture d32 = texture(TextureFormat::Depth32float, {2, 2});
  Buffer big = buffer(1024);
  encodeValid([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = d32}, {.buffer = big, .bytesPerRow = 256}, {2, 2});
  });
  encodeError(
      ErrorCode::TextureCopyAspectInvalid,
      [&](CommandEncoder& e) {
        e.copyBufferToTexture({.buffer = big, .bytesPerRow = 256}, {.texture = d32}, {2, 2});
      },
      {"not a valid texel copy destination", "same format"});
  encodeValid([&](CommandEncoder& e) {
    e.copyTextureToTexture({.texture = d32},
                           {.texture = texture(TextureFormat::Depth32float, {2, 2})}, {2, 2});
  });
}

TEST_F(CopyTest, CompressedFormatsCopyByBlocks) {
  device = makeDeviceWithAllFeatures();
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  // bc1: 4x4 blocks of 8 bytes; a 12x8 texture is 3x2 blocks.
  Texture t = texture(TextureFormat::Bc1RgbaUnorm, {12, 8});
  std::vector<uint8_t> blocks = iota(3 * 8 * 2);
  expectValid([&] {
    device.queue().writeTexture({.texture = t}, blocks.data(), blocks.size(), {.bytesPerRow = 24},
                                {12, 8});
  });
  Buffer out = buffer(256 + 16);
  Texture t2 = texture(TextureFormat::Bc1RgbaUnormSrgb, {8, 8});
  run([&](CommandEncoder& e) {
    e.copyTextureToTexture({.texture = t, .origin = {4, 0, 0}}, {.texture = t2}, {8, 8});
    e.copyTextureToBuffer({.texture = t2}, {.buffer = out, .bytesPerRow = 256}, {8, 8});
  });
  std::vector<uint8_t> got = read(out);
  // Block row 0 of t2 = blocks 1 and 2 of t's row 0; block row 1 = blocks 1 and 2 of row 1.
  EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.begin() + 16),
            std::vector<uint8_t>(blocks.begin() + 8, blocks.begin() + 24));
  EXPECT_EQ(std::vector<uint8_t>(got.begin() + 256, got.end()),
            std::vector<uint8_t>(blocks.begin() + 32, blocks.begin() + 48));
  // Block alignment of origins and sizes.
  encodeError(ErrorCode::TextureCopyOriginNotBlockAligned,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = t, .origin = {2, 0, 0}},
                                      {.buffer = out, .bytesPerRow = 256}, {4, 4});
              },
              {"source.origin (x: 2, y: 0)", "4x4 texel block"});
  encodeError(ErrorCode::TextureCopySizeNotBlockAligned, [&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = t}, {.buffer = out, .bytesPerRow = 256}, {4, 2});
  });
  // Offsets are multiples of the 8-byte block.
  encodeError(ErrorCode::TextureCopyOffsetNotAligned,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = t}, {.buffer = out, .offset = 4}, {4, 4});
              },
              {"destination.offset (4) is not a multiple of 8"});
}

// --- texel copy validation -----------------------------------------------------------

TEST_F(CopyTest, BufferTexelCopyErrors) {
  Texture t =
      texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::CopySrc | TextureUsage::CopyDst, 2,
              TextureDimension::e2D, 1, "tex");
  Buffer b = buffer(4096, BufferUsage::CopySrc | BufferUsage::CopyDst, "buf");
  Buffer noUsage = buffer(4096, BufferUsage::Uniform, "u");
  auto toBuffer = [&](TexelCopyTextureInfo src, TexelCopyBufferInfo dst, Extent3D size) {
    return [=](CommandEncoder& e) { e.copyTextureToBuffer(src, dst, size); };
  };
  auto toTexture = [&](TexelCopyBufferInfo src, TexelCopyTextureInfo dst, Extent3D size) {
    return [=](CommandEncoder& e) { e.copyBufferToTexture(src, dst, size); };
  };
  encodeValid(toBuffer({.texture = t}, {.buffer = b, .bytesPerRow = 256}, {8, 8}));
  encodeValid(toTexture({.buffer = b, .offset = 4}, {.texture = t}, {1, 1}));
  encodeError(ErrorCode::TextureCopyBytesPerRowNotAligned,
              toBuffer({.texture = t}, {.buffer = b, .bytesPerRow = 32}, {8, 8}),
              {"destination.bytesPerRow (32) is not a multiple of 256", "256"});
  encodeError(ErrorCode::TextureCopyBytesPerRowNotAligned,
              toTexture({.buffer = b, .bytesPerRow = 100}, {.texture = t}, {1, 1}),
              {"source.bytesPerRow (100)"});
  encodeError(ErrorCode::BufferCopyUsageMissing,
              toBuffer({.texture = t}, {.buffer = noUsage, .bytesPerRow = 256}, {8, 8}),
              {"destination.buffer", "COPY_DST"});
  encodeError(ErrorCode::BufferCopyUsageMissing,
              toTexture({.buffer = noUsage, .bytesPerRow = 256}, {.texture = t}, {8, 8}),
              {"source.buffer", "COPY_SRC"});
  Texture noCopy = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding);
  encodeError(ErrorCode::TextureCopyUsageMissing,
              toBuffer({.texture = noCopy}, {.buffer = b, .bytesPerRow = 256}, {4, 4}),
              {"source.texture", "lacks GPUTextureUsage.COPY_SRC"});
  encodeError(ErrorCode::TextureCopyUsageMissing,
              toTexture({.buffer = b, .bytesPerRow = 256}, {.texture = noCopy}, {4, 4}),
              {"destination.texture", "lacks GPUTextureUsage.COPY_DST"});
  encodeError(ErrorCode::TextureCopyMipLevelOutOfRange,
              toBuffer({.texture = t, .mipLevel = 2}, {.buffer = b}, {1, 1}),
              {"source.mipLevel (2) is not less than", "mipLevelCount (2)"});
  encodeError(ErrorCode::TextureCopyOutOfBounds,
              toBuffer({.texture = t, .mipLevel = 1, .origin = {2, 0, 0}},
                       {.buffer = b, .bytesPerRow = 256}, {4, 4}),
              {"source.origin {x: 2, y: 0, z: 0}", "physical size is {width: 4, height: 4"});
  encodeError(ErrorCode::TextureCopyOutOfBounds,
              toBuffer({.texture = t, .origin = {0, 0, 1}}, {.buffer = b}, {1, 1}));
  encodeError(ErrorCode::TextureCopyOffsetNotAligned,
              toTexture({.buffer = b, .offset = 2}, {.texture = t}, {1, 1}),
              {"source.offset (2) is not a multiple of 4", "'rgba8unorm'"});
  encodeError(ErrorCode::TextureCopyBytesPerRowMissing,
              toBuffer({.texture = t}, {.buffer = b}, {8, 2}),
              {"destination.bytesPerRow must be given"});
  encodeError(ErrorCode::TextureCopyBytesPerRowTooSmall,
              toBuffer({.texture = t}, {.buffer = b, .bytesPerRow = 0}, {8, 2}), {"= 32"});
  Texture arr = texture(TextureFormat::R8unorm, {4, 4, 3});
  encodeError(ErrorCode::TextureCopyRowsPerImageMissing,
              toTexture({.buffer = b, .bytesPerRow = 256}, {.texture = arr}, {4, 4, 2}),
              {"source.rowsPerImage"});
  encodeError(
      ErrorCode::TextureCopyRowsPerImageTooSmall,
      toTexture({.buffer = b, .bytesPerRow = 256, .rowsPerImage = 2}, {.texture = arr}, {4, 4, 2}));
  // 256 x 4 rows x (2 - 1) + 256 x 3 + 4 = 1796 bytes from offset 2304: past 4096.
  encodeError(ErrorCode::TextureCopyDataTooSmall,
              toTexture({.buffer = b, .offset = 2304, .bytesPerRow = 256, .rowsPerImage = 4},
                        {.texture = arr}, {4, 4, 2}),
              {"source.offset (2304) + the 1796 bytes", "4096 bytes"});
  encodeValid(toTexture({.buffer = b, .offset = 2300, .bytesPerRow = 256, .rowsPerImage = 4},
                        {.texture = arr}, {4, 4, 2}));
  Texture ms =
      texture(TextureFormat::Rgba8unorm, {4, 4},
              TextureUsage::CopySrc | TextureUsage::RenderAttachment, 1, TextureDimension::e2D, 4);
  encodeError(ErrorCode::TextureCopyMultisampled,
              toBuffer({.texture = ms}, {.buffer = b, .bytesPerRow = 256}, {4, 4}),
              {"sampleCount 4"});
  // A color format has only the 'all' aspect (the spec leaves other aspects undefined).
  encodeError(ErrorCode::TextureCopyAspectInvalid,
              toBuffer({.texture = t, .aspect = TextureAspect::DepthOnly},
                       {.buffer = b, .bytesPerRow = 256}, {8, 8}),
              {"source.aspect ('depth-only') is not an aspect of 'rgba8unorm'"});
  encodeError(ErrorCode::NullObject, toBuffer({}, {.buffer = b}, {1, 1}),
              {"source.texture is null"});
}

TEST_F(CopyTest, DepthStencilBufferCopyRules) {
  Buffer b = buffer(4096);
  Texture d24 = texture(TextureFormat::Depth24plus, {4, 4});
  encodeError(ErrorCode::TextureCopyAspectInvalid,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = d24}, {.buffer = b, .bytesPerRow = 256}, {4, 4});
              },
              {"depth aspect of 'depth24plus' is not a valid texel copy source", "opaque"});
  Texture ds = texture(TextureFormat::Depth24plusStencil8, {4, 4});
  encodeError(ErrorCode::TextureCopyAspectInvalid,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = ds}, {.buffer = b, .bytesPerRow = 256}, {4, 4});
              },
              {"source.aspect ('all') must name one aspect"});
  encodeError(ErrorCode::TextureCopyAspectInvalid, [&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = ds, .aspect = TextureAspect::DepthOnly},
                          {.buffer = b, .bytesPerRow = 256}, {4, 4});
  });
  Texture s8 = texture(TextureFormat::Stencil8, {4, 4});
  encodeValid([&](CommandEncoder& e) {
    e.copyTextureToBuffer({.texture = s8}, {.buffer = b, .offset = 4, .bytesPerRow = 256}, {4, 4});
    e.copyBufferToTexture({.buffer = b, .bytesPerRow = 256}, {.texture = s8}, {4, 4});
  });
  // Depth-or-stencil offsets are multiples of 4, whatever the footprint (1 for stencil).
  encodeError(ErrorCode::TextureCopyOffsetNotAligned,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = s8},
                                      {.buffer = b, .offset = 1, .bytesPerRow = 256}, {4, 4});
              },
              {"offset (1) is not a multiple of 4", "depth-or-stencil"});
  // The whole subresource.
  encodeError(ErrorCode::TextureCopyNotFullSubresource,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = s8}, {.buffer = b, .bytesPerRow = 256}, {2, 2});
              },
              {"depth-or-stencil format ('stencil8')", "whole subresource"});
}

TEST_F(CopyTest, TextureToTextureErrors) {
  Texture a =
      texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::CopySrc | TextureUsage::CopyDst, 1,
              TextureDimension::e2D, 1, "a");
  Texture r =
      texture(TextureFormat::R32float, {8, 8}, TextureUsage::CopySrc | TextureUsage::CopyDst, 1,
              TextureDimension::e2D, 1, "r");
  Texture srcOnly = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::CopySrc);
  Texture dstOnly = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::CopyDst);
  auto t2t = [](TexelCopyTextureInfo s, TexelCopyTextureInfo d, Extent3D size) {
    return [=](CommandEncoder& e) { e.copyTextureToTexture(s, d, size); };
  };
  encodeValid(t2t({.texture = srcOnly}, {.texture = dstOnly}, {8, 8}));
  encodeError(ErrorCode::TextureCopyUsageMissing, t2t({.texture = dstOnly}, {.texture = a}, {8, 8}),
              {"source.texture", "COPY_SRC"});
  encodeError(ErrorCode::TextureCopyUsageMissing, t2t({.texture = a}, {.texture = srcOnly}, {8, 8}),
              {"destination.texture", "COPY_DST"});
  encodeError(ErrorCode::TextureCopyFormatIncompatible, t2t({.texture = a}, {.texture = r}, {8, 8}),
              {"'rgba8unorm'", "'r32float'", "copy-compatible"});
  encodeError(ErrorCode::TextureCopyOutOfBounds,
              t2t({.texture = a, .origin = {4, 0, 0}}, {.texture = dstOnly}, {8, 8}),
              {"source.origin {x: 4, y: 0, z: 0}"});
  Texture ms = texture(TextureFormat::Rgba8unorm, {8, 8},
                       TextureUsage::CopySrc | TextureUsage::RenderAttachment, 1,
                       TextureDimension::e2D, 4, "ms");
  Texture ms2 = texture(TextureFormat::Rgba8unorm, {8, 8},
                        TextureUsage::CopyDst | TextureUsage::RenderAttachment, 1,
                        TextureDimension::e2D, 4, "ms2");
  encodeError(ErrorCode::TextureCopySampleCountMismatch,
              t2t({.texture = ms}, {.texture = dstOnly}, {8, 8}),
              {"sampleCount 4", "sampleCount 1"});
  encodeValid(t2t({.texture = ms}, {.texture = ms2}, {8, 8}));
  encodeError(ErrorCode::TextureCopyNotFullSubresource,
              t2t({.texture = ms}, {.texture = ms2}, {4, 4}), {"sampleCount of 4"});
  // Depth-or-stencil: both aspects refer to all aspects.
  Texture ds = texture(TextureFormat::Depth24plusStencil8, {4, 4});
  Texture ds2 = texture(TextureFormat::Depth24plusStencil8, {4, 4});
  encodeError(ErrorCode::TextureCopyAspectInvalid,
              t2t({.texture = ds, .aspect = TextureAspect::StencilOnly}, {.texture = ds2}, {4, 4}),
              {"source.aspect ('stencil-only') does not refer to all aspects"});
  Texture d16 = texture(TextureFormat::Depth16unorm, {4, 4});
  Texture d16b = texture(TextureFormat::Depth16unorm, {4, 4});
  // 'depth-only' is every aspect of depth16unorm.
  encodeValid(t2t({.texture = d16, .aspect = TextureAspect::DepthOnly}, {.texture = d16b}, {4, 4}));
  // Overlapping subresources of one texture.
  Texture layers =
      texture(TextureFormat::Rgba8unorm, {4, 4, 4}, TextureUsage::CopySrc | TextureUsage::CopyDst,
              2, TextureDimension::e2D, 1, "layers");
  encodeValid(t2t({.texture = layers, .origin = {0, 0, 0}},
                  {.texture = layers, .origin = {0, 0, 2}}, {4, 4, 2}));
  encodeValid(t2t({.texture = layers}, {.texture = layers, .mipLevel = 1}, {2, 2}));
  encodeError(ErrorCode::TextureCopySubresourcesOverlap,
              t2t({.texture = layers, .origin = {0, 0, 0}},
                  {.texture = layers, .origin = {0, 0, 1}}, {4, 4, 2}),
              {"array layers ([0, 2) and [1, 3))", "[Texture \"layers\"]"});
  Texture vol =
      texture(TextureFormat::Rgba8unorm, {4, 4, 4}, TextureUsage::CopySrc | TextureUsage::CopyDst,
              1, TextureDimension::e3D, 1, "vol");
  encodeError(
      ErrorCode::TextureCopySubresourcesOverlap,
      t2t({.texture = vol, .origin = {0, 0, 0}}, {.texture = vol, .origin = {0, 0, 2}}, {4, 4, 2}),
      {"'3d' texture's mip level is one subresource"});
}

// --- compatibility mode --------------------------------------------------------------

class CompatCopyTest : public CopyTest {
 protected:
  void SetUp() override {
    CopyTest::SetUp();
    DeviceOptions options;
    options.featureLevel = FeatureLevel::Compatibility;
    options.descriptor.requiredFeatures = {FeatureName::TextureCompressionBc};
    device = makeDevice(options);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
};

TEST_F(CompatCopyTest, NoCompressedOrMultisampledCopiesOutOfTextures) {
  Texture bc = texture(TextureFormat::Bc1RgbaUnorm, {4, 4});
  Texture bc2 = texture(TextureFormat::Bc1RgbaUnorm, {4, 4});
  Buffer b = buffer(256);
  // Writing a compressed texture is allowed; reading it back is not.
  encodeValid([&](CommandEncoder& e) {
    e.copyBufferToTexture({.buffer = b, .bytesPerRow = 256}, {.texture = bc}, {4, 4});
  });
  encodeError(ErrorCode::TextureCopyCompatibilityMode,
              [&](CommandEncoder& e) {
                e.copyTextureToBuffer({.texture = bc}, {.buffer = b, .bytesPerRow = 256}, {4, 4});
              },
              {"compressed format 'bc1-rgba-unorm'", "compatibility mode", "copyTextureToBuffer"});
  encodeError(ErrorCode::TextureCopyCompatibilityMode,
              [&](CommandEncoder& e) {
                e.copyTextureToTexture({.texture = bc}, {.texture = bc2}, {4, 4});
              },
              {"copyTextureToTexture"});
  Texture ms =
      texture(TextureFormat::Rgba8unorm, {4, 4},
              TextureUsage::CopySrc | TextureUsage::RenderAttachment, 1, TextureDimension::e2D, 4);
  Texture ms2 =
      texture(TextureFormat::Rgba8unorm, {4, 4},
              TextureUsage::CopyDst | TextureUsage::RenderAttachment, 1, TextureDimension::e2D, 4);
  encodeError(ErrorCode::TextureCopyCompatibilityMode,
              [&](CommandEncoder& e) {
                e.copyTextureToTexture({.texture = ms}, {.texture = ms2}, {4, 4});
              },
              {"needs a sampleCount of 1"});
  Texture plain = texture(TextureFormat::Rgba8unorm, {4, 4});
  Texture plain2 = texture(TextureFormat::Rgba8unorm, {4, 4});
  encodeValid([&](CommandEncoder& e) {
    e.copyTextureToTexture({.texture = plain}, {.texture = plain2}, {4, 4});
    e.copyTextureToBuffer({.texture = plain}, {.buffer = b, .bytesPerRow = 256}, {1, 1});
  });
}

}  // namespace
}  // namespace bindery::testing
