// Textures on Vulkan through the public API: every copy and upload path
// (queue.writeTexture, copyBufferToTexture, copyTextureToBuffer,
// copyTextureToTexture) for every copyable format and aspect, with offsets,
// bytesPerRow / rowsPerImage padding, mip levels, array layers and 3d slices,
// read back and compared with a reference computed here; lazy
// zero-initialisation of every subresource.
#include <cstring>

#include "api_test.h"
#include "core/resources/format.h"

namespace bindery::vulkan::testing {
namespace {

uint32_t align(uint32_t v, uint32_t a) {
  return (v + a - 1) / a * a;
}

// One mip level of a texture as tightly packed blocks of one aspect:
// images (array layers or 3d slices) x rows x row bytes.
struct Level {
  uint32_t blockBytes = 0, blocksPerRow = 0, rows = 0, images = 0;
  std::vector<uint8_t> bytes;
  uint32_t rowBytes() const { return blocksPerRow * blockBytes; }
  uint8_t* at(uint32_t image, uint32_t row, uint32_t block) {
    return bytes.data() + (uint64_t{image} * rows + row) * rowBytes() + block * blockBytes;
  }
};

class TextureTest : public VulkanApiTest {
 protected:
  Texture makeTexture(TextureFormat format, Extent3D size, uint32_t mips = 1,
                      TextureDimension dimension = TextureDimension::e2D) {
    TextureDescriptor d;
    d.size = size;
    d.format = format;
    d.mipLevelCount = mips;
    d.dimension = dimension;
    d.usage = TextureUsage::CopySrc | TextureUsage::CopyDst;
    desc_ = d;
    return device_.createTexture(d);
  }

  // An all-zero reference of mip `mip` of the last texture made, for `aspect`.
  Level zeroLevel(uint32_t mip, TextureAspect aspect) const {
    const core::FormatInfo& info = core::formatInfo(*desc_.format);
    Level l;
    l.blockBytes = core::aspectCopyFootprint(*desc_.format, aspect).value_or(info.texelBlockSize);
    auto level = [&](uint32_t v) { return std::max<uint32_t>(1, v >> mip); };
    l.blocksPerRow = level(desc_.size.width) / info.blockWidth;
    l.rows = desc_.dimension == TextureDimension::e1D ? 1 : level(desc_.size.height);
    l.rows /= info.blockHeight;
    l.images = desc_.dimension == TextureDimension::e3D ? level(desc_.size.depthOrArrayLayers)
                                                        : desc_.size.depthOrArrayLayers;
    if (desc_.dimension == TextureDimension::e1D) l.images = 1;
    l.bytes.assign(uint64_t{l.images} * l.rows * l.rowBytes(), 0);
    return l;
  }
  Extent3D extentOf(const Level& l) const {
    const core::FormatInfo& info = core::formatInfo(*desc_.format);
    return {l.blocksPerRow * info.blockWidth, l.rows * info.blockHeight, l.images};
  }

  // The whole mip level, through copyTextureToBuffer with padded rows and
  // images at an offset.
  Level readLevel(const Texture& texture, uint32_t mip, TextureAspect aspect) {
    Level l = zeroLevel(mip, aspect);
    uint32_t bytesPerRow = align(l.rowBytes(), 256);
    uint32_t rowsPerImage = l.rows + 1;
    uint64_t offset = 256;
    uint64_t size = offset + uint64_t{bytesPerRow} * rowsPerImage * l.images;
    Buffer buffer = makeBuffer(size, BufferUsage::CopySrc | BufferUsage::CopyDst);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.copyTextureToBuffer({texture, mip, {}, aspect},
                                {buffer, offset, bytesPerRow, rowsPerImage}, extentOf(l));
    submit(encoder);
    std::vector<uint8_t> raw = readBuffer(buffer, 0, size);
    for (uint32_t z = 0; z < l.images; ++z) {
      for (uint32_t y = 0; y < l.rows; ++y) {
        std::memcpy(l.at(z, y, 0),
                    raw.data() + offset + (uint64_t{z} * rowsPerImage + y) * bytesPerRow,
                    l.rowBytes());
      }
    }
    return l;
  }

  // Linear data for `region` (in blocks) of `ref`, laid out with `layout`,
  // filled with a pattern that is also written into `ref`.
  std::vector<uint8_t> regionData(Level& ref, Origin3D o, Extent3D blocks,
                                  const TexelCopyBufferLayout& layout, uint32_t seed) {
    uint32_t rowBytes = blocks.width * ref.blockBytes;
    uint64_t size =
        layout.offset +
        uint64_t{layout.bytesPerRow.value_or(rowBytes)} *
            layout.rowsPerImage.value_or(blocks.height) * (blocks.depthOrArrayLayers - 1) +
        uint64_t{layout.bytesPerRow.value_or(rowBytes)} * (blocks.height - 1) + rowBytes;
    std::vector<uint8_t> data = pattern(size, seed);
    for (uint32_t z = 0; z < blocks.depthOrArrayLayers; ++z) {
      for (uint32_t y = 0; y < blocks.height; ++y) {
        uint64_t from =
            layout.offset +
            uint64_t{layout.bytesPerRow.value_or(0)} * layout.rowsPerImage.value_or(0) * z +
            uint64_t{layout.bytesPerRow.value_or(0)} * y;
        std::memcpy(ref.at(o.z + z, o.y + y, o.x), data.data() + from, rowBytes);
      }
    }
    return data;
  }

  TextureDescriptor desc_;
};

std::vector<TextureFormat> copyableColorFormats(const FeatureSet& features) {
  std::vector<TextureFormat> formats;
  for (const core::FormatInfo& info : core::allFormats()) {
    if (!info.hasColor() || info.isCompressed) continue;
    if (!core::formatSupported(info.format, features)) continue;
    formats.push_back(info.format);
  }
  return formats;
}

TEST_F(TextureTest, WriteTextureEveryColorFormatMipsAndLayers) {
  std::vector<TextureFormat> formats = copyableColorFormats(device_.features());
  EXPECT_GE(formats.size(), 30u);
  uint32_t seed = 1;
  for (TextureFormat format : formats) {
    SCOPED_TRACE(std::string(toString(format)));
    Texture texture = makeTexture(format, {7, 5, 3}, 2);
    // Mip 1 is 3x2; write 2x2 blocks at (1, 0) of layers 1..2, with a padded
    // layout at an unaligned offset.
    Level ref = zeroLevel(1, TextureAspect::All);
    TexelCopyBufferLayout layout{ref.blockBytes * 3, 2 * ref.blockBytes + 5, 3};
    std::vector<uint8_t> data = regionData(ref, {1, 0, 1}, {2, 2, 2}, layout, seed++);
    device_.queue().writeTexture({texture, 1, {1, 0, 1}}, data.data(), data.size(), layout,
                                 {2, 2, 2});
    EXPECT_EQ(readLevel(texture, 1, TextureAspect::All).bytes, ref.bytes);
    // Mip 0 was never written: zeros.
    EXPECT_EQ(readLevel(texture, 0, TextureAspect::All).bytes,
              zeroLevel(0, TextureAspect::All).bytes);
  }
}

TEST_F(TextureTest, CopyBufferToTextureWithPaddingOffsetsAndLayers) {
  for (TextureFormat format :
       {TextureFormat::Rgba8unorm, TextureFormat::R32float, TextureFormat::Rg16float,
        TextureFormat::Rgba32uint, TextureFormat::R8uint, TextureFormat::Bgra8unormSrgb}) {
    SCOPED_TRACE(std::string(toString(format)));
    Texture texture = makeTexture(format, {9, 6, 4}, 3);
    for (uint32_t mip = 0; mip < 3; ++mip) {
      Level ref = zeroLevel(mip, TextureAspect::All);
      // Layers 1..3 of the whole level: a full-subresource write (no clear).
      TexelCopyBufferLayout layout{512, align(ref.rowBytes(), 256), ref.rows + 2};
      Extent3D blocks{ref.blocksPerRow, ref.rows, 3};
      std::vector<uint8_t> data = regionData(ref, {0, 0, 1}, blocks, layout, 10 + mip);
      Buffer buffer = makeBuffer(align(static_cast<uint32_t>(data.size()), 4),
                                 BufferUsage::CopySrc | BufferUsage::CopyDst);
      data.resize(align(static_cast<uint32_t>(data.size()), 4));
      device_.queue().writeBuffer(buffer, 0, data.data(), data.size());
      CommandEncoder encoder = device_.createCommandEncoder();
      encoder.copyBufferToTexture({buffer, layout.offset, layout.bytesPerRow, layout.rowsPerImage},
                                  {texture, mip, {0, 0, 1}}, blocks);
      submit(encoder);
      EXPECT_EQ(readLevel(texture, mip, TextureAspect::All).bytes, ref.bytes) << "mip " << mip;
    }
  }
}

TEST_F(TextureTest, ThreeDimensionalSlices) {
  Texture texture = makeTexture(TextureFormat::Rgba8uint, {8, 4, 6}, 2, TextureDimension::e3D);
  Level ref0 = zeroLevel(0, TextureAspect::All);
  TexelCopyBufferLayout layout{4, 8 * 4 + 4, 5};
  std::vector<uint8_t> data = regionData(ref0, {2, 1, 2}, {5, 3, 3}, layout, 21);
  device_.queue().writeTexture({texture, 0, {2, 1, 2}}, data.data(), data.size(), layout,
                               {5, 3, 3});
  EXPECT_EQ(readLevel(texture, 0, TextureAspect::All).bytes, ref0.bytes);
  // Mip 1 (4x2x3) through copyBufferToTexture, slice 1 only.
  Level ref1 = zeroLevel(1, TextureAspect::All);
  TexelCopyBufferLayout padded{0, 256, 2};
  std::vector<uint8_t> slice = regionData(ref1, {0, 0, 1}, {4, 2, 1}, padded, 22);
  slice.resize(align(static_cast<uint32_t>(slice.size()), 4));
  Buffer buffer = makeBuffer(slice.size(), BufferUsage::CopySrc | BufferUsage::CopyDst);
  device_.queue().writeBuffer(buffer, 0, slice.data(), slice.size());
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToTexture({buffer, 0, 256, 2}, {texture, 1, {0, 0, 1}}, {4, 2, 1});
  submit(encoder);
  EXPECT_EQ(readLevel(texture, 1, TextureAspect::All).bytes, ref1.bytes);
}

TEST_F(TextureTest, OneDimensional) {
  Texture texture = makeTexture(TextureFormat::Rgba16float, {37, 1, 1}, 1, TextureDimension::e1D);
  Level ref = zeroLevel(0, TextureAspect::All);
  TexelCopyBufferLayout layout{8, std::nullopt, std::nullopt};
  std::vector<uint8_t> data = regionData(ref, {3, 0, 0}, {30, 1, 1}, layout, 31);
  device_.queue().writeTexture({texture, 0, {3, 0, 0}}, data.data(), data.size(), layout,
                               {30, 1, 1});
  EXPECT_EQ(readLevel(texture, 0, TextureAspect::All).bytes, ref.bytes);
}

TEST_F(TextureTest, TextureToTextureAcrossMipsLayersAndDimensions) {
  Texture source = makeTexture(TextureFormat::Rg32float, {8, 8, 3}, 2);
  Level src = zeroLevel(0, TextureAspect::All);
  TexelCopyBufferLayout layout{0, src.rowBytes(), src.rows};
  std::vector<uint8_t> data = regionData(src, {0, 0, 0}, {8, 8, 3}, layout, 41);
  device_.queue().writeTexture({source, 0}, data.data(), data.size(), layout, {8, 8, 3});

  // Into mip 1 (4x4) of another texture's layers 0..1, from (2, 3) of layers 1..2.
  Texture destination = makeTexture(TextureFormat::Rg32float, {8, 8, 2}, 2);
  Level expected = zeroLevel(1, TextureAspect::All);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyTextureToTexture({source, 0, {2, 3, 1}}, {destination, 1, {1, 0, 0}}, {3, 4, 2});
  // Within one texture: layer 0 of mip 0 into layer 2's corner.
  encoder.copyTextureToTexture({source, 0, {0, 0, 0}}, {source, 0, {4, 4, 2}}, {4, 4, 1});
  submit(encoder);
  for (uint32_t z = 0; z < 2; ++z) {
    for (uint32_t y = 0; y < 4; ++y) {
      std::memcpy(expected.at(z, y, 1), src.at(1 + z, 3 + y, 2), 3 * 8);
    }
  }
  EXPECT_EQ(readLevel(destination, 1, TextureAspect::All).bytes, expected.bytes);
  for (uint32_t y = 0; y < 4; ++y) std::memcpy(src.at(2, 4 + y, 4), src.at(0, y, 0), 4 * 8);
  Level got = readLevel(source, 0, TextureAspect::All);
  for (size_t i = 0; i < got.bytes.size(); ++i) {
    if (got.bytes[i] != src.bytes[i]) {
      ADD_FAILURE() << "first difference at byte " << i << " (image " << i / (8 * 64) << ", row "
                    << i % (8 * 64) / 64 << ", byte in row " << i % 64 << ")";
      break;
    }
  }

  // 2d-array layers into 3d slices.
  Level layers = src;
  desc_.format = TextureFormat::Rg32float;
  Texture volume = makeTexture(TextureFormat::Rg32float, {8, 8, 4}, 1, TextureDimension::e3D);
  CommandEncoder encoder2 = device_.createCommandEncoder();
  encoder2.copyTextureToTexture({source, 0, {0, 0, 0}}, {volume, 0, {0, 0, 1}}, {8, 8, 3});
  submit(encoder2);
  Level slices = zeroLevel(0, TextureAspect::All);
  std::memcpy(slices.at(1, 0, 0), layers.at(0, 0, 0), layers.bytes.size());
  EXPECT_EQ(readLevel(volume, 0, TextureAspect::All).bytes, slices.bytes);
}

TEST_F(TextureTest, UnwrittenSubresourcesReadAsZeroEvenInReusedMemory) {
  for (int round = 0; round < 2; ++round) {
    Texture texture = makeTexture(TextureFormat::Rgba8unorm, {16, 16, 2}, 1);
    Level ref = zeroLevel(0, TextureAspect::All);
    if (round == 0) {
      // Fill everything, then free it: the next texture likely gets this memory.
      TexelCopyBufferLayout layout{0, ref.rowBytes(), ref.rows};
      std::vector<uint8_t> data = regionData(ref, {}, {16, 16, 2}, layout, 51);
      device_.queue().writeTexture({texture}, data.data(), data.size(), layout, {16, 16, 2});
      finish();
      texture.destroy();
      finish();
      continue;
    }
    // A partial write: the rest of that subresource and the other layer are zero.
    TexelCopyBufferLayout layout{0, 16, 2};
    std::vector<uint8_t> data = regionData(ref, {5, 7, 1}, {4, 2, 1}, layout, 52);
    device_.queue().writeTexture({texture, 0, {5, 7, 1}}, data.data(), data.size(), layout,
                                 {4, 2, 1});
    EXPECT_EQ(readLevel(texture, 0, TextureAspect::All).bytes, ref.bytes);
  }
}

// Depth and stencil aspects (#depth-formats: depth16unorm copies both ways,
// depth32float and depth24plus* depth only out of / never, stencil both ways).
TEST_F(TextureTest, DepthAndStencilAspects) {
  struct Case {
    TextureFormat format;
    TextureAspect aspect;
    bool writable;
  };
  std::vector<Case> cases = {
      {TextureFormat::Depth16unorm, TextureAspect::DepthOnly, true},
      {TextureFormat::Depth16unorm, TextureAspect::All, true},
      {TextureFormat::Stencil8, TextureAspect::All, true},
      {TextureFormat::Stencil8, TextureAspect::StencilOnly, true},
      {TextureFormat::Depth24plusStencil8, TextureAspect::StencilOnly, true},
      {TextureFormat::Depth32float, TextureAspect::DepthOnly, false},
  };
  if (device_.features().has(FeatureName::Depth32floatStencil8)) {
    cases.push_back({TextureFormat::Depth32floatStencil8, TextureAspect::StencilOnly, true});
    cases.push_back({TextureFormat::Depth32floatStencil8, TextureAspect::DepthOnly, false});
  }
  uint32_t seed = 60;
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(toString(c.format)) + " " + std::string(toString(c.aspect)));
    Texture texture = makeTexture(c.format, {6, 4, 2}, 2);
    for (uint32_t mip = 0; mip < 2; ++mip) {
      Level ref = zeroLevel(mip, c.aspect);
      if (c.writable && mip == 0) {
        // Depth-or-stencil copies cover whole subresources, every layer
        // (webgpu-copies.bs "validating GPUTexelCopyTextureInfo"); mip 1 stays
        // unwritten and reads as zero.
        TexelCopyBufferLayout layout{4, ref.rowBytes() + 4, ref.rows + 1};
        Extent3D blocks{ref.blocksPerRow, ref.rows, 2};
        std::vector<uint8_t> data = regionData(ref, {0, 0, 0}, blocks, layout, seed++);
        device_.queue().writeTexture({texture, mip, {0, 0, 0}, c.aspect}, data.data(), data.size(),
                                     layout, blocks);
      }
      // Never-written depth reads back as zero.
      EXPECT_EQ(readLevel(texture, mip, c.aspect).bytes, ref.bytes) << "mip " << mip;
    }
  }
}

TEST_F(TextureTest, DepthStencilTextureToTexture) {
  Texture a = makeTexture(TextureFormat::Depth24plusStencil8, {4, 4, 1}, 1);
  Level ref = zeroLevel(0, TextureAspect::StencilOnly);
  TexelCopyBufferLayout layout{0, 4, 4};
  std::vector<uint8_t> data = regionData(ref, {}, {4, 4, 1}, layout, 70);
  device_.queue().writeTexture({a, 0, {}, TextureAspect::StencilOnly}, data.data(), data.size(),
                               layout, {4, 4, 1});
  Texture b = makeTexture(TextureFormat::Depth24plusStencil8, {4, 4, 1}, 1);
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyTextureToTexture({a}, {b}, {4, 4, 1});
  submit(encoder);
  EXPECT_EQ(readLevel(b, 0, TextureAspect::StencilOnly).bytes, ref.bytes);
}

}  // namespace
}  // namespace bindery::vulkan::testing
