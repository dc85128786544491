// #dom-gpuqueue-writebuffer, #dom-gpuqueue-writetexture (copies.bs rules),
// #dom-gpuqueue-submit, #dom-gpuqueue-onsubmittedworkdone.
#include <vector>

#include "test_device.h"

namespace bindery::testing {
namespace {

class QueueTest : public DeviceTest {
 protected:
  Buffer buffer(uint64_t size, BufferUsageFlags usage, std::string label = "b") {
    return device.createBuffer({.label = std::move(label), .size = size, .usage = usage});
  }
  Texture texture(TextureFormat format, Extent3D size, TextureUsageFlags usage, uint32_t mips = 1,
                  uint32_t samples = 1) {
    Texture t;
    expectValid([&] {
      t = device.createTexture({.label = "t",
                                .size = size,
                                .mipLevelCount = mips,
                                .sampleCount = samples,
                                .format = format,
                                .usage = usage});
    });
    return t;
  }
  std::vector<uint8_t> bytes = std::vector<uint8_t>(4096);
};

TEST_F(QueueTest, QueueIsOneObjectWithTheDescriptorsLabel) {
  DeviceOptions options;
  options.descriptor.defaultQueue.label = "principal";
  Device d = makeDevice(options);
  EXPECT_EQ(d.queue().label(), "principal");
  Queue q = d.queue();
  EXPECT_EQ(q, d.queue());
  q.setLabel("renamed");
  q = {};
  EXPECT_EQ(d.queue().label(), "renamed");
}

TEST_F(QueueTest, WriteBufferValidAndReadsBack) {
  Buffer b = buffer(16, BufferUsage::MapRead | BufferUsage::CopyDst);
  uint32_t data[] = {10, 20, 30, 40};
  expectValid([&] { EXPECT_FALSE(device.queue().writeBuffer(b, 4, data, 16, 4, 8)); });
  b.mapAsync(MapMode::Read);
  device.tick();
  const uint32_t* mapped = static_cast<const uint32_t*>(b.getMappedRange());
  ASSERT_NE(mapped, nullptr);
  EXPECT_EQ(mapped[0], 0u);
  EXPECT_EQ(mapped[1], 20u);
  EXPECT_EQ(mapped[2], 30u);
  EXPECT_EQ(mapped[3], 0u);
}

TEST_F(QueueTest, WriteBufferValidationErrors) {
  Queue q = device.queue();
  Buffer uniform = buffer(64, BufferUsage::Uniform, "sin-copia");
  Buffer dst = buffer(64, BufferUsage::Uniform | BufferUsage::CopyDst, "dst");
  expectError(ErrorCode::WriteBufferUsageMissing,
              [&] { q.writeBuffer(uniform, 0, bytes.data(), 16); },
              {"[Buffer \"sin-copia\"]", "lacks GPUBufferUsage.COPY_DST", ".writeBuffer("});
  expectError(ErrorCode::WriteBufferOffsetNotAligned,
              [&] { q.writeBuffer(dst, 2, bytes.data(), 16); },
              {"bufferOffset (2) is not a multiple of 4"});
  expectError(ErrorCode::WriteBufferOutOfBounds, [&] { q.writeBuffer(dst, 56, bytes.data(), 16); },
              {"56", "(size 64)"});
  expectValid([&] { q.writeBuffer(dst, 48, bytes.data(), 16); });
  dst.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { q.writeBuffer(dst, 0, bytes.data(), 4); });
  Buffer mapped = device.createBuffer(
      {.size = 16, .usage = BufferUsage::CopyDst | BufferUsage::Uniform, .mappedAtCreation = true});
  expectError(ErrorCode::BufferMappedInUse, [&] { q.writeBuffer(mapped, 0, bytes.data(), 4); },
              {"mapState is 'mapped'"});
  expectError(ErrorCode::NullObject, [&] { q.writeBuffer(Buffer{}, 0, bytes.data(), 4); });
}

TEST_F(QueueTest, WriteBufferContentTimelineErrorsAreExceptions) {
  Queue q = device.queue();
  Buffer dst = buffer(64, BufferUsage::CopyDst);
  expectValid([&] {
    std::optional<Exception> e = q.writeBuffer(dst, 0, bytes.data(), 6);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->type, ExceptionType::OperationError);
    EXPECT_EQ(e->code, ErrorCode::WriteBufferSizeNotAligned);
    e = q.writeBuffer(dst, 0, bytes.data(), 16, 8, 12);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::WriteBufferDataOutOfRange);
    e = q.writeBuffer(dst, 0, bytes.data(), 16, 20);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::WriteBufferDataOutOfRange);
  });
}

TEST_F(QueueTest, WriteTextureValid) {
  Texture t = texture(TextureFormat::Rgba8unorm, {16, 8, 2}, TextureUsage::CopyDst, 2);
  Queue q = device.queue();
  expectValid([&] {
    q.writeTexture({.texture = t}, bytes.data(), 64 * 8 * 2, {.bytesPerRow = 64, .rowsPerImage = 8},
                   {16, 8, 2});
    // One row needs no bytesPerRow; no alignment of bytesPerRow or offset for writeTexture.
    q.writeTexture({.texture = t, .origin = {1, 2, 1}}, bytes.data(), 100, {.offset = 3},
                   {4, 1, 1});
    q.writeTexture({.texture = t, .mipLevel = 1}, bytes.data(), 4096,
                   {.bytesPerRow = 33, .rowsPerImage = 4}, {8, 4, 2});
  });
}

TEST_F(QueueTest, WriteTextureErrors) {
  Queue q = device.queue();
  Texture t = texture(TextureFormat::Rgba8unorm, {16, 8}, TextureUsage::CopyDst, 2);
  Texture noCopy = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding);
  auto write = [&](const Texture& tex, TexelCopyTextureInfo info, size_t size,
                   TexelCopyBufferLayout layout, Extent3D extent) {
    info.texture = tex;
    q.writeTexture(info, bytes.data(), size, layout, extent);
  };
  expectError(ErrorCode::TextureCopyUsageMissing,
              [&] {
                write(noCopy, {}, 64, {.bytesPerRow = 16}, {4, 4});
              },
              {"lacks GPUTextureUsage.COPY_DST"});
  expectError(ErrorCode::TextureCopyMipLevelOutOfRange,
              [&] { write(t, {.mipLevel = 2}, 64, {}, {1}); }, {"mipLevel (2)"});
  expectError(ErrorCode::TextureCopyOutOfBounds,
              [&] {
                write(t, {.mipLevel = 1, .origin = {4, 0, 0}}, 4096, {.bytesPerRow = 64}, {8, 4});
              },
              {"physical size is {width: 8, height: 4"});
  expectError(ErrorCode::TextureCopyBytesPerRowMissing,
              [&] {
                write(t, {}, 4096, {}, {16, 2});
              },
              {"bytesPerRow must be given"});
  expectError(ErrorCode::TextureCopyBytesPerRowTooSmall,
              [&] {
                write(t, {}, 4096, {.bytesPerRow = 60}, {16, 2});
              },
              {"(60)", "= 64"});
  Texture arr = texture(TextureFormat::R8unorm, {4, 4, 3}, TextureUsage::CopyDst);
  expectError(ErrorCode::TextureCopyRowsPerImageMissing, [&] {
    write(arr, {}, 4096, {.bytesPerRow = 4}, {4, 4, 2});
  });
  expectError(ErrorCode::TextureCopyRowsPerImageTooSmall, [&] {
    write(arr, {}, 4096, {.bytesPerRow = 4, .rowsPerImage = 3}, {4, 4, 2});
  });
  // 4 x (4 rows of 4 bytes) x 2 images with rowsPerImage 4: 16 + 12 + 4 = 32 bytes.
  expectValid([&] { write(arr, {}, 32, {.bytesPerRow = 4, .rowsPerImage = 4}, {4, 4, 2}); });
  expectError(ErrorCode::TextureCopyDataTooSmall,
              [&] {
                write(arr, {}, 32, {.offset = 1, .bytesPerRow = 4, .rowsPerImage = 4}, {4, 4, 2});
              },
              {"more than the data's 32 bytes"});
  Texture depth = texture(TextureFormat::Depth32float, {4, 4}, TextureUsage::CopyDst);
  expectError(ErrorCode::TextureCopyAspectInvalid,
              [&] {
                write(depth, {}, 4096, {.bytesPerRow = 16}, {4, 4});
              },
              {"not a valid texel copy destination"});
  expectError(ErrorCode::TextureCopyNotFullSubresource, [&] {
    write(depth, {}, 4096, {.bytesPerRow = 16}, {2, 2});
  });
  Texture d16 = texture(TextureFormat::Depth16unorm, {4, 4}, TextureUsage::CopyDst);
  expectValid([&] { write(d16, {}, 32, {.bytesPerRow = 8}, {4, 4}); });
  Texture ds = texture(TextureFormat::Depth24plusStencil8, {4, 4}, TextureUsage::CopyDst);
  expectError(ErrorCode::TextureCopyAspectInvalid,
              [&] {
                write(ds, {}, 4096, {.bytesPerRow = 16}, {4, 4});
              },
              {"must name one aspect"});
  expectValid([&] {
    write(ds, {.aspect = TextureAspect::StencilOnly}, 16, {.bytesPerRow = 4}, {4, 4});
  });
  Texture ms = texture(TextureFormat::Rgba8unorm, {4, 4},
                       TextureUsage::CopyDst | TextureUsage::RenderAttachment, 1, 4);
  expectError(ErrorCode::TextureCopyMultisampled, [&] {
    write(ms, {}, 4096, {.bytesPerRow = 16}, {4, 4});
  });
  t.destroy();
  expectError(ErrorCode::TextureDestroyed, [&] { write(t, {}, 64, {}, {1}); });
}

TEST_F(QueueTest, WriteTextureBlockAlignment) {
  device = makeDeviceWithAllFeatures();
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  Texture bc = texture(TextureFormat::Bc1RgbaUnorm, {16, 16}, TextureUsage::CopyDst);
  Queue q = device.queue();
  expectValid([&] {
    q.writeTexture({.texture = bc}, bytes.data(), 4096, {.bytesPerRow = 32}, {16, 16});
  });
  expectError(ErrorCode::TextureCopySizeNotBlockAligned, [&] {
    q.writeTexture({.texture = bc}, bytes.data(), 4096, {.bytesPerRow = 32}, {6, 4});
  });
  expectError(ErrorCode::TextureCopyOriginNotBlockAligned, [&] {
    q.writeTexture({.texture = bc, .origin = {2, 0, 0}}, bytes.data(), 4096, {.bytesPerRow = 32},
                   {4, 4});
  });
}

TEST_F(QueueTest, SubmitEmptyAndFinishedBuffers) {
  Queue q = device.queue();
  expectValid([&] { q.submit({}); });
  CommandBuffer cb = device.createCommandEncoder({.label = "frame"}).finish({.label = "cb"});
  expectValid([&] { q.submit({cb}); });
  expectError(ErrorCode::CommandBufferAlreadySubmitted, [&] { q.submit({cb}); },
              {"([CommandBuffer \"cb\"]) was already submitted"});
  CommandBuffer a = device.createCommandEncoder().finish();
  expectError(ErrorCode::QueueSubmitDuplicateCommandBuffer,
              [&] {
                q.submit({a, a});
              },
              {"commandBuffers[1]"});
  // Every command buffer of a failed submit is invalidated too.
  expectError(ErrorCode::CommandBufferAlreadySubmitted, [&] { q.submit({a}); });
}

TEST_F(QueueTest, SubmitInvalidCommandBuffer) {
  CommandEncoder e = device.createCommandEncoder();
  e.popDebugGroup();
  CommandBuffer cb;
  expectError(ErrorCode::DebugGroupStackEmpty, [&] { cb = e.finish(); });
  expectError(ErrorCode::InvalidObject, [&] { device.queue().submit({cb}); },
              {"commandBuffers[0]", "invalid"});
}

TEST_F(QueueTest, OnSubmittedWorkDoneRunsAtTickInOrderWithMaps) {
  std::vector<int> order;
  Buffer b = buffer(16, BufferUsage::MapRead | BufferUsage::CopyDst);
  b.mapAsync(MapMode::Read, 0, std::nullopt,
             [&](MapAsyncStatus, std::string_view) { order.push_back(1); });
  device.queue().onSubmittedWorkDone([&] { order.push_back(2); });
  EXPECT_TRUE(order.empty());
  device.tick();
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace bindery::testing
