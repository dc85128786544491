// The null device's texel storage and texel copies (texture_storage.h):
// the subresource layout and the queue-timeline steps of the texel copies,
// block row by block row (#commands-texel-copies: "texel block byte offset",
// "texture copy sub-region").
#include "backends/null/texture_storage.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <new>

#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::backend::null {

using core::formatInfo;
using core::FormatInfo;
using core::TextureBase;

namespace {

using F = TextureFormat;

// A plane of a texture's format: its place among the format's planes and the
// bytes of one of its texel blocks.
struct TexelPlane {
  uint32_t index = 0;
  uint32_t blockBytes = 0;
};

// The planes `aspect` selects of `format` (color: the one plane; 'all' of a
// combined depth-stencil format: depth and stencil). count is 0 when the
// aspect is absent.
struct TexelPlanes {
  uint32_t count = 0;
  TexelPlane planes[2];
};

uint32_t depthBlockBytes(TextureFormat format) {
  return format == F::Depth16unorm ? 2 : 4;  // depth24plus*: 4 (opaque)
}

// One subresource's shape in texel blocks.
struct SubresourceShape {
  uint32_t blocksPerRow = 0;
  uint32_t rowsPerImage = 0;
  uint32_t images = 0;
  uint32_t blockBytes = 0;
  uint64_t bytes() const { return uint64_t{blocksPerRow} * rowsPerImage * images * blockBytes; }
};

// #physical-miplevel-specific-texture-extent in blocks.
SubresourceShape shapeOf(const TextureBase& texture, uint32_t mip, const TexelPlane& plane) {
  const FormatInfo& info = formatInfo(texture.format());
  auto level = [&](uint32_t v) { return std::max<uint32_t>(1, v >> mip); };
  uint32_t width = level(texture.width());
  uint32_t height = texture.dimension() == TextureDimension::e1D ? 1 : level(texture.height());
  SubresourceShape s;
  s.blocksPerRow = (width + info.blockWidth - 1) / info.blockWidth;
  s.rowsPerImage = (height + info.blockHeight - 1) / info.blockHeight;
  s.images = texture.dimension() == TextureDimension::e3D ? level(texture.depthOrArrayLayers()) : 1;
  s.blockBytes = plane.blockBytes;
  return s;
}

// The byte offset of block (x, y) of image `image` in a subresource of `shape`.
uint64_t blockOffset(const SubresourceShape& shape, uint64_t image, uint64_t y, uint64_t x) {
  return ((image * shape.rowsPerImage + y) * shape.blocksPerRow + x) * shape.blockBytes;
}

uint32_t subresourceIndex(const TextureBase& texture, uint32_t mip, uint32_t layer,
                          const TexelPlane& plane) {
  return (plane.index * texture.mipLevelCount() + mip) * texture.arrayLayerCount() + layer;
}

// The subresource and image of copy slice `z` (#abstract-opdef-texture-copy-sub-region).
void sliceOf(const TextureBase& texture, uint32_t originZ, uint32_t z, uint32_t* layer,
             uint32_t* image) {
  bool is3D = texture.dimension() == TextureDimension::e3D;
  *layer = is3D ? 0 : originZ + z;
  *image = is3D ? originZ + z : 0;
}

BackendError textureOutOfMemory(const TextureBase& texture, uint64_t bytes) {
  return outOfMemory(
      fmt::format("allocating {} bytes of texel data for {} failed", bytes, texture.describe()));
}

TexelPlanes texelPlanes(TextureFormat format, TextureAspect aspect) {
  const FormatInfo& info = formatInfo(format);
  TexelPlanes out;
  if (info.hasColor()) {
    if (aspect == TextureAspect::All) out.planes[out.count++] = {0, info.texelBlockSize};
    return out;
  }
  bool depth = info.hasDepth() && aspect != TextureAspect::StencilOnly;
  bool stencil = info.hasStencil() && aspect != TextureAspect::DepthOnly;
  if (depth) out.planes[out.count++] = {0, depthBlockBytes(format)};
  if (stencil) out.planes[out.count++] = {info.hasDepth() ? 1u : 0u, 1};
  return out;
}

uint32_t subresourceCount(const TextureBase& texture) {
  const FormatInfo& info = formatInfo(texture.format());
  uint32_t planes = info.isCombinedDepthStencil() ? 2 : 1;
  return planes * texture.mipLevelCount() * texture.arrayLayerCount();
}

}  // namespace

NullTexture::NullTexture(const TextureBase& texture) : subresources_(subresourceCount(texture)) {}

uint8_t* NullTexture::subresource(uint32_t index, uint64_t size, bool allocate) {
  if (destroyed_ || index >= subresources_.size()) return nullptr;
  std::unique_ptr<uint8_t[]>& bytes = subresources_[index];
  if (!bytes && allocate && size > 0) bytes.reset(new (std::nothrow) uint8_t[size]());
  return bytes.get();
}

bool NullTexture::hasData() const {
  for (const auto& bytes : subresources_) {
    if (bytes) return true;
  }
  return false;
}

void NullTexture::destroy() {
  // The null queue has finished every submitted use already.
  destroyed_ = true;
  subresources_.clear();
}

NullTexture& storageOf(const TextureBase& texture) {
  return *static_cast<NullTexture*>(texture.backendObject());
}

Status writeTexelsFromLinear(const TextureBase& texture, const TexelCopyTextureInfo& destination,
                             const uint8_t* data, const TexelCopyBufferLayout& layout,
                             const Extent3D& copySize) {
  TexelPlanes planes = texelPlanes(texture.format(), destination.aspect);
  NullTexture* storage = &storageOf(texture);
  if (planes.count != 1 || !storage) return {};
  const TexelPlane& plane = planes.planes[0];
  const FormatInfo& info = formatInfo(texture.format());
  SubresourceShape shape = shapeOf(texture, destination.mipLevel, plane);
  uint64_t columns = copySize.width / info.blockWidth;
  uint64_t rows = copySize.height / info.blockHeight;
  uint64_t originX = destination.origin.x / info.blockWidth;
  uint64_t originY = destination.origin.y / info.blockHeight;
  uint64_t rowBytes = columns * plane.blockBytes;
  uint64_t bytesPerRow = layout.bytesPerRow.value_or(0);
  uint64_t imageStride = bytesPerRow * layout.rowsPerImage.value_or(0);
  if (rowBytes == 0 || rows == 0) return {};
  for (uint32_t z = 0; z < copySize.depthOrArrayLayers; ++z) {
    uint32_t layer, image;
    sliceOf(texture, destination.origin.z, z, &layer, &image);
    uint8_t* bytes = storage->subresource(
        subresourceIndex(texture, destination.mipLevel, layer, plane), shape.bytes(), true);
    if (!bytes) return textureOutOfMemory(texture, shape.bytes());
    for (uint64_t y = 0; y < rows; ++y) {
      uint64_t at = blockOffset(shape, image, originY + y, originX);
      std::memcpy(bytes + at, data + layout.offset + z * imageStride + y * bytesPerRow, rowBytes);
    }
  }
  return {};
}

void readTexelsToLinear(const TextureBase& texture, const TexelCopyTextureInfo& source,
                        uint8_t* data, const TexelCopyBufferLayout& layout,
                        const Extent3D& copySize) {
  TexelPlanes planes = texelPlanes(texture.format(), source.aspect);
  if (planes.count != 1) return;
  const TexelPlane& plane = planes.planes[0];
  const FormatInfo& info = formatInfo(texture.format());
  SubresourceShape shape = shapeOf(texture, source.mipLevel, plane);
  NullTexture* storage = &storageOf(texture);
  uint64_t columns = copySize.width / info.blockWidth;
  uint64_t rows = copySize.height / info.blockHeight;
  uint64_t originX = source.origin.x / info.blockWidth;
  uint64_t originY = source.origin.y / info.blockHeight;
  uint64_t rowBytes = columns * plane.blockBytes;
  uint64_t bytesPerRow = layout.bytesPerRow.value_or(0);
  uint64_t imageStride = bytesPerRow * layout.rowsPerImage.value_or(0);
  if (rowBytes == 0 || rows == 0) return;
  for (uint32_t z = 0; z < copySize.depthOrArrayLayers; ++z) {
    uint32_t layer, image;
    sliceOf(texture, source.origin.z, z, &layer, &image);
    const uint8_t* bytes =
        storage ? storage->subresource(subresourceIndex(texture, source.mipLevel, layer, plane),
                                       shape.bytes(), false)
                : nullptr;
    for (uint64_t y = 0; y < rows; ++y) {
      uint8_t* out = data + layout.offset + z * imageStride + y * bytesPerRow;
      if (!bytes) {
        std::memset(out, 0, rowBytes);
        continue;
      }
      uint64_t at = blockOffset(shape, image, originY + y, originX);
      std::memcpy(out, bytes + at, rowBytes);
    }
  }
}

Status copyTexels(const TextureBase& sourceTexture, const TexelCopyTextureInfo& source,
                  const TextureBase& destinationTexture, const TexelCopyTextureInfo& destination,
                  const Extent3D& copySize) {
  TexelPlanes srcPlanes = texelPlanes(sourceTexture.format(), source.aspect);
  TexelPlanes dstPlanes = texelPlanes(destinationTexture.format(), destination.aspect);
  if (srcPlanes.count != dstPlanes.count) return {};
  const FormatInfo& info = formatInfo(sourceTexture.format());
  uint64_t columns = copySize.width / info.blockWidth;
  uint64_t rows = copySize.height / info.blockHeight;
  NullTexture* from = &storageOf(sourceTexture);
  NullTexture* to = &storageOf(destinationTexture);
  if (!to) return {};
  for (uint32_t p = 0; p < srcPlanes.count; ++p) {
    const TexelPlane& sp = srcPlanes.planes[p];
    const TexelPlane& dp = dstPlanes.planes[p];
    SubresourceShape sShape = shapeOf(sourceTexture, source.mipLevel, sp);
    SubresourceShape dShape = shapeOf(destinationTexture, destination.mipLevel, dp);
    uint64_t rowBytes = columns * sp.blockBytes;
    if (rowBytes == 0 || rows == 0) continue;
    for (uint32_t z = 0; z < copySize.depthOrArrayLayers; ++z) {
      uint32_t sLayer, sImage, dLayer, dImage;
      sliceOf(sourceTexture, source.origin.z, z, &sLayer, &sImage);
      sliceOf(destinationTexture, destination.origin.z, z, &dLayer, &dImage);
      const uint8_t* in =
          from ? from->subresource(subresourceIndex(sourceTexture, source.mipLevel, sLayer, sp),
                                   sShape.bytes(), false)
               : nullptr;
      uint8_t* out =
          to->subresource(subresourceIndex(destinationTexture, destination.mipLevel, dLayer, dp),
                          dShape.bytes(), true);
      if (!out) return textureOutOfMemory(destinationTexture, dShape.bytes());
      for (uint64_t y = 0; y < rows; ++y) {
        uint64_t sAt = blockOffset(sShape, sImage, source.origin.y / info.blockHeight + y,
                                   source.origin.x / info.blockWidth);
        uint64_t dAt = blockOffset(dShape, dImage, destination.origin.y / info.blockHeight + y,
                                   destination.origin.x / info.blockWidth);
        if (in) {
          std::memmove(out + dAt, in + sAt, rowBytes);
        } else {
          std::memset(out + dAt, 0, rowBytes);
        }
      }
    }
  }
  return {};
}

}  // namespace bindery::backend::null
