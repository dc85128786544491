// Recording of the copy commands (copies.h).
#include "backends/vulkan/copies.h"

#include <algorithm>

#include "backends/vulkan/barriers.h"
#include "backends/vulkan/formats.h"
#include "backends/vulkan/texture.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::vulkan {

namespace {

// A texel region in Vulkan's terms: its subresources, offset and extent.
struct VkRegion {
  SubresourceRange range;
  VkOffset3D offset{};
  VkExtent3D extent{};
  bool whole = false;  // the region covers every texel of its subresources
};

// #abstract-opdef-texture-copy-sub-region in Vulkan's terms. The extent is
// clamped to the mip level's size (a compressed format's copy may reach past
// it to the block boundary; Vulkan wants the edge).
VkRegion vkRegionOf(const TexelRegion& region, const Extent3D& size) {
  const core::TextureBase& t = *region.texture;
  auto level = [&](uint32_t v) { return std::max<uint32_t>(1, v >> region.mipLevel); };
  uint32_t width = level(t.width());
  uint32_t height = t.dimension() == TextureDimension::e1D ? 1 : level(t.height());
  uint32_t depth = t.dimension() == TextureDimension::e3D ? level(t.depthOrArrayLayers()) : 1;
  VkRegion out;
  out.range.mipLevel = region.mipLevel;
  out.range.aspects = aspectsOf(t.format(), region.aspect);
  out.offset = {static_cast<int32_t>(region.origin.x), static_cast<int32_t>(region.origin.y), 0};
  out.extent = {std::min(size.width, width - std::min(width, region.origin.x)),
                std::min(size.height, height - std::min(height, region.origin.y)), 1};
  if (t.dimension() == TextureDimension::e3D) {
    out.range.firstLayer = 0;
    out.range.layerCount = 1;
    out.offset.z = static_cast<int32_t>(region.origin.z);
    out.extent.depth = size.depthOrArrayLayers;
  } else {
    out.range.firstLayer = region.origin.z;
    out.range.layerCount = size.depthOrArrayLayers;
  }
  out.whole = region.origin.x == 0 && region.origin.y == 0 && size.width >= width &&
              size.height >= height &&
              (t.dimension() != TextureDimension::e3D ||
               (region.origin.z == 0 && size.depthOrArrayLayers >= depth));
  return out;
}

VkImageSubresourceLayers layersOf(const SubresourceRange& range) {
  return {range.aspects, range.mipLevel, range.firstLayer, range.layerCount};
}

// bufferRowLength / bufferImageHeight in texels (0: tightly packed).
VkBufferImageCopy bufferImageCopy(const LinearTexels& linear, const TexelRegion& region,
                                  const VkRegion& vk) {
  TextureFormat format = region.texture->format();
  const core::FormatInfo& info = core::formatInfo(format);
  uint32_t blockBytes =
      core::aspectCopyFootprint(format, region.aspect).value_or(info.texelBlockSize);
  VkBufferImageCopy copy{};
  copy.bufferOffset = linear.offset;
  copy.bufferRowLength = blockBytes == 0 ? 0 : linear.bytesPerRow / blockBytes * info.blockWidth;
  copy.bufferImageHeight = linear.rowsPerImage * info.blockHeight;
  copy.imageSubresource = layersOf(vk.range);
  copy.imageOffset = vk.offset;
  copy.imageExtent = vk.extent;
  return copy;
}

bool isEmpty(const Extent3D& size) {
  return size.width == 0 || size.height == 0 || size.depthOrArrayLayers == 0;
}

}  // namespace

void recordCopyBufferToBuffer(VkCommandBuffer commands, VkBuffer source, uint64_t sourceOffset,
                              VkBuffer destination, uint64_t destinationOffset, uint64_t size) {
  if (size == 0) return;
  transferBarrier(commands);
  VkBufferCopy region{sourceOffset, destinationOffset, size};
  vkCmdCopyBuffer(commands, source, destination, 1, &region);
}

void recordClearBuffer(VkCommandBuffer commands, VkBuffer buffer, uint64_t offset, uint64_t size) {
  if (size == 0) return;
  transferBarrier(commands);
  // #dom-gpucommandencoder-clearbuffer: offset and size are multiples of 4.
  vkCmdFillBuffer(commands, buffer, offset, size, 0);
}

void recordCopyBufferToTexture(VkCommandBuffer commands, const LinearTexels& source,
                               const TexelRegion& destination, const Extent3D& copySize) {
  if (isEmpty(copySize)) return;
  Texture& texture = Texture::of(*destination.texture);
  VkRegion vk = vkRegionOf(destination, copySize);
  transferBarrier(commands);
  texture.prepareTransferWrite(commands, vk.range, vk.whole);
  VkBufferImageCopy copy = bufferImageCopy(source, destination, vk);
  vkCmdCopyBufferToImage(commands, source.buffer, texture.handle(),
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
}

void recordCopyTextureToBuffer(VkCommandBuffer commands, const TexelRegion& source,
                               const LinearTexels& destination, const Extent3D& copySize) {
  if (isEmpty(copySize)) return;
  Texture& texture = Texture::of(*source.texture);
  VkRegion vk = vkRegionOf(source, copySize);
  transferBarrier(commands);
  texture.prepareTransferRead(commands, vk.range);
  VkBufferImageCopy copy = bufferImageCopy(destination, source, vk);
  vkCmdCopyImageToBuffer(commands, texture.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         destination.buffer, 1, &copy);
}

void recordCopyTextureToTexture(VkCommandBuffer commands, const TexelRegion& source,
                                const TexelRegion& destination, const Extent3D& copySize) {
  if (isEmpty(copySize)) return;
  Texture& from = Texture::of(*source.texture);
  Texture& to = Texture::of(*destination.texture);
  VkRegion src = vkRegionOf(source, copySize);
  VkRegion dst = vkRegionOf(destination, copySize);
  transferBarrier(commands);
  from.prepareTransferRead(commands, src.range);
  to.prepareTransferWrite(commands, dst.range, dst.whole);
  VkImageCopy copy{};
  copy.srcSubresource = layersOf(src.range);
  copy.dstSubresource = layersOf(dst.range);
  copy.srcOffset = src.offset;
  copy.dstOffset = dst.offset;
  // A 3d side copies depth slices where the other side copies array layers
  // (VK 1.1: the extent's depth then matches the layer count).
  copy.extent = {std::min(src.extent.width, dst.extent.width),
                 std::min(src.extent.height, dst.extent.height),
                 std::max(src.extent.depth, dst.extent.depth)};
  vkCmdCopyImage(commands, from.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to.handle(),
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
}

}  // namespace bindery::vulkan
