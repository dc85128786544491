// Block-compressed textures on Vulkan (texture-compression-bc and its
// sliced-3d form where the device has them; lavapipe offers BC only):
// writeTexture, copies and the lazy zero-initialisation (by copying zero
// blocks: vkCmdClearColorImage refuses compressed formats), checked by
// reading the blocks back (#texture-formats-tier, copies.bs).
#include <cstring>

#include "api_test.h"

namespace bindery::vulkan::testing {
namespace {

class CompressedTextureTest : public VulkanApiTest {
 protected:
  void SetUp() override {
    VulkanApiTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    if (!adapter_.features().has(FeatureName::TextureCompressionBc)) {
      GTEST_SKIP() << "the adapter has no 'texture-compression-bc'";
    }
    sliced3d = adapter_.features().has(FeatureName::TextureCompressionBcSliced3d);
    // A second device with the features (the first adapter has given its device).
    InstanceDescriptor id;
    id.backend = BackendType::Vulkan;
    Adapter adapter = bindery::Instance::create(id).requestAdapter();
    DeviceDescriptor dd;
    dd.requiredFeatures = {FeatureName::TextureCompressionBc};
    if (sliced3d) dd.requiredFeatures.push_back(FeatureName::TextureCompressionBcSliced3d);
    RequestDeviceResult result = adapter.requestDevice(dd);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    finish();
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
  Texture texture(TextureFormat format, Extent3D size, uint32_t mips = 1,
                  TextureDimension dimension = TextureDimension::e2D) {
    TextureDescriptor d;
    d.size = size;
    d.mipLevelCount = mips;
    d.dimension = dimension;
    d.format = format;
    d.usage = TextureUsage::CopySrc | TextureUsage::CopyDst | TextureUsage::TextureBinding;
    return device_.createTexture(d);
  }
  // The blocks of (mip, z) of `t`: `blocksWide` x `blocksHigh` blocks of
  // `blockBytes`, read back through a buffer with 256-byte rows.
  std::vector<uint8_t> readBlocks(const Texture& t, uint32_t mip, Extent3D size,
                                  uint32_t blocksWide, uint32_t blocksHigh, uint32_t blockBytes,
                                  uint32_t z = 0) {
    Buffer b = makeBuffer(256 * blocksHigh, BufferUsage::CopyDst | BufferUsage::CopySrc);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.copyTextureToBuffer({t, mip, {0, 0, z}}, {b, 0, 256, blocksHigh},
                                {size.width, size.height, 1});
    submit(encoder);
    std::vector<uint8_t> rows = readBuffer(b, 0, 256 * blocksHigh);
    std::vector<uint8_t> packed;
    for (uint32_t y = 0; y < blocksHigh; ++y) {
      packed.insert(packed.end(), rows.begin() + y * 256,
                    rows.begin() + y * 256 + blocksWide * blockBytes);
    }
    return packed;
  }
  bool sliced3d = false;
};

TEST_F(CompressedTextureTest, WriteTextureAndReadBackEveryBcFormat) {
  const TextureFormat formats[] = {TextureFormat::Bc1RgbaUnorm,     TextureFormat::Bc2RgbaUnorm,
                                   TextureFormat::Bc3RgbaUnormSrgb, TextureFormat::Bc4RSnorm,
                                   TextureFormat::Bc5RgUnorm,       TextureFormat::Bc6hRgbFloat,
                                   TextureFormat::Bc7RgbaUnorm};
  for (TextureFormat format : formats) {
    SCOPED_TRACE(static_cast<int>(format));
    uint32_t blockBytes =
        (format == TextureFormat::Bc1RgbaUnorm || format == TextureFormat::Bc4RSnorm) ? 8 : 16;
    Texture t = texture(format, {16, 8});
    // 4 x 2 blocks, rows padded to 100 bytes in the source.
    std::vector<uint8_t> blocks = pattern(4 * 2 * blockBytes, static_cast<uint32_t>(format));
    std::vector<uint8_t> data(100 * 2);
    for (uint32_t y = 0; y < 2; ++y) {
      std::memcpy(data.data() + y * 100, blocks.data() + y * 4 * blockBytes, 4 * blockBytes);
    }
    device_.queue().writeTexture({t}, data.data(), data.size(), {0, 100, 2}, {16, 8});
    EXPECT_EQ(readBlocks(t, 0, {16, 8}, 4, 2, blockBytes), blocks);
  }
  EXPECT_TRUE(takeErrors().empty());
}

TEST_F(CompressedTextureTest, UnwrittenBlocksReadAsZero) {
  Texture t = texture(TextureFormat::Bc7RgbaUnorm, {16, 16}, 3);
  // One block at (4, 8) of mip 0; the rest of mip 0 and all of mip 1 were never written.
  std::vector<uint8_t> block = pattern(16, 7);
  device_.queue().writeTexture({t, 0, {4, 8, 0}}, block.data(), block.size(), {0, 16, 1}, {4, 4});
  std::vector<uint8_t> mip0 = readBlocks(t, 0, {16, 16}, 4, 4, 16);
  std::vector<uint8_t> expected(4 * 4 * 16, 0);
  std::memcpy(expected.data() + (2 * 4 + 1) * 16, block.data(), 16);
  EXPECT_EQ(mip0, expected);
  EXPECT_EQ(readBlocks(t, 1, {8, 8}, 2, 2, 16), std::vector<uint8_t>(2 * 2 * 16, 0));
  // Mip 2 is 4 x 4: one block.
  EXPECT_EQ(readBlocks(t, 2, {4, 4}, 1, 1, 16), std::vector<uint8_t>(16, 0));
  EXPECT_TRUE(takeErrors().empty());
}

TEST_F(CompressedTextureTest, BufferAndTextureCopiesMoveBlocks) {
  Texture a = texture(TextureFormat::Bc1RgbaUnormSrgb, {8, 8});
  Texture b = texture(TextureFormat::Bc1RgbaUnormSrgb, {8, 8});
  std::vector<uint8_t> blocks = pattern(2 * 2 * 8, 3);
  Buffer source = makeBuffer(512, BufferUsage::CopySrc | BufferUsage::CopyDst);
  std::vector<uint8_t> rows(512, 0);
  std::memcpy(rows.data(), blocks.data(), 16);
  std::memcpy(rows.data() + 256, blocks.data() + 16, 16);
  device_.queue().writeBuffer(source, 0, rows.data(), rows.size());
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.copyBufferToTexture({source, 0, 256, 2}, {a}, {8, 8});
  // The lower-right block of a to the upper-left of b.
  encoder.copyTextureToTexture({a, 0, {4, 4, 0}}, {b}, {4, 4});
  submit(encoder);
  EXPECT_EQ(readBlocks(a, 0, {8, 8}, 2, 2, 8), blocks);
  std::vector<uint8_t> expected(2 * 2 * 8, 0);
  std::memcpy(expected.data(), blocks.data() + 3 * 8, 8);
  EXPECT_EQ(readBlocks(b, 0, {8, 8}, 2, 2, 8), expected);
  EXPECT_TRUE(takeErrors().empty());
}

TEST_F(CompressedTextureTest, SlicedThreeDimensionalTextures) {
  if (!sliced3d) GTEST_SKIP() << "the adapter has no 'texture-compression-bc-sliced-3d'";
  Texture t = texture(TextureFormat::Bc4RUnorm, {8, 4, 3}, 1, TextureDimension::e3D);
  std::vector<uint8_t> slice = pattern(2 * 8, 11);
  device_.queue().writeTexture({t, 0, {0, 0, 1}}, slice.data(), slice.size(), {0, 16, 1},
                               {8, 4, 1});
  EXPECT_EQ(readBlocks(t, 0, {8, 4}, 2, 1, 8, 0), std::vector<uint8_t>(16, 0));
  EXPECT_EQ(readBlocks(t, 0, {8, 4}, 2, 1, 8, 1), slice);
  EXPECT_EQ(readBlocks(t, 0, {8, 4}, 2, 1, 8, 2), std::vector<uint8_t>(16, 0));
  EXPECT_TRUE(takeErrors().empty());
}

}  // namespace
}  // namespace bindery::vulkan::testing
