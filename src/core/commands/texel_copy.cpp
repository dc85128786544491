// The validation rules of texel copies (copies.bs: #gputexelcopybufferinfo,
// #gputexelcopytextureinfo, #image-copies-subroutines).
#include "core/commands/texel_copy.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::core {

Extent3D physicalMipExtent(const TextureBase& texture, uint32_t level) {
  const FormatInfo& info = formatInfo(texture.format());
  auto mip = [&](uint32_t v) { return std::max<uint32_t>(1, v >> level); };
  Extent3D e;
  e.width = mip(texture.width());
  e.height = texture.dimension() == TextureDimension::e1D ? 1 : mip(texture.height());
  e.depthOrArrayLayers = texture.dimension() == TextureDimension::e3D
                             ? mip(texture.depthOrArrayLayers())
                             : texture.depthOrArrayLayers();
  auto roundUp = [](uint32_t v, uint32_t m) { return (v + m - 1) / m * m; };
  e.width = roundUp(e.width, info.blockWidth);
  e.height = roundUp(e.height, info.blockHeight);
  return e;
}

std::string describeExtent(const Extent3D& e) {
  return fmt::format("{{width: {}, height: {}, depthOrArrayLayers: {}}}", e.width, e.height,
                     e.depthOrArrayLayers);
}

std::string describeOrigin(const Origin3D& o) {
  return fmt::format("{{x: {}, y: {}, z: {}}}", o.x, o.y, o.z);
}

// #abstract-opdef-validating-gputexelcopybufferinfo
MaybeError validateTexelCopyBufferInfo(const DeviceBase* device, const TexelCopyBufferInfo& info,
                                       std::string_view what) {
  BINDERY_TRY(device->validateObject(fromHandle<BufferBase>(info.buffer),
                                     [&] { return fmt::format("{}.buffer", what); }));
  BINDERY_INVALID_IF_FIX(
      info.bytesPerRow && *info.bytesPerRow % 256 != 0, TextureCopyBytesPerRowNotAligned,
      fmt::format("Pad each row to {} bytes (the next multiple of 256) and set bytesPerRow to it; "
                  "queue.writeTexture() has no such alignment rule.",
                  (uint64_t{info.bytesPerRow.value_or(0)} + 255) / 256 * 256),
      "{}.bytesPerRow ({}) is not a multiple of 256.", what, info.bytesPerRow.value_or(0));
  return {};
}

// #abstract-opdef-validating-gputexelcopytextureinfo
MaybeError validateTexelCopyTextureInfo(const DeviceBase* device, const TexelCopyTextureInfo& info,
                                        const Extent3D& copySize, std::string_view what) {
  const TextureBase* texture = fromHandle<TextureBase>(info.texture);
  BINDERY_TRY(device->validateObject(texture, [&] { return fmt::format("{}.texture", what); }));
  const FormatInfo& fi = formatInfo(texture->format());
  BINDERY_INVALID_IF(info.mipLevel >= texture->mipLevelCount(), TextureCopyMipLevelOutOfRange,
                     "{}.mipLevel ({}) is not less than {}'s mipLevelCount ({}).", what,
                     info.mipLevel, texture->describe(), texture->mipLevelCount());
  Extent3D sub = physicalMipExtent(*texture, info.mipLevel);
  // #abstract-opdef-validating-texture-copy-range
  BINDERY_INVALID_IF(
      uint64_t{info.origin.x} + copySize.width > sub.width ||
          uint64_t{info.origin.y} + copySize.height > sub.height ||
          uint64_t{info.origin.z} + copySize.depthOrArrayLayers > sub.depthOrArrayLayers,
      TextureCopyOutOfBounds,
      "{}.origin {} + copy size {} is outside mip level {} of {}, whose physical size is {}.", what,
      describeOrigin(info.origin), describeExtent(copySize), info.mipLevel, texture->describe(),
      describeExtent(sub));
  BINDERY_INVALID_IF(copySize.width % fi.blockWidth != 0 || copySize.height % fi.blockHeight != 0,
                     TextureCopySizeNotBlockAligned,
                     "The copy size {} is not a multiple of '{}''s {}x{} texel block.",
                     describeExtent(copySize), toString(texture->format()), fi.blockWidth,
                     fi.blockHeight);
  BINDERY_INVALID_IF(info.origin.x % fi.blockWidth != 0 || info.origin.y % fi.blockHeight != 0,
                     TextureCopyOriginNotBlockAligned,
                     "{}.origin (x: {}, y: {}) is not a multiple of '{}''s {}x{} texel block.",
                     what, info.origin.x, info.origin.y, toString(texture->format()), fi.blockWidth,
                     fi.blockHeight);
  BINDERY_INVALID_IF_FIX(
      (fi.isDepthOrStencil() || texture->sampleCount() > 1) && !(copySize == sub),
      TextureCopyNotFullSubresource,
      fmt::format("Copy the whole mip level: origin {{x: 0, y: 0, z: 0}} and size {}.",
                  describeExtent(sub)),
      "{} has a {}, so the copy must cover the whole subresource ({} at mip level {}), not {} "
      "from {}.origin {}.",
      texture->describe(),
      fi.isDepthOrStencil()
          ? fmt::format("depth-or-stencil format ('{}')", toString(texture->format()))
          : fmt::format("sampleCount of {}", texture->sampleCount()),
      describeExtent(sub), info.mipLevel, describeExtent(copySize), what,
      describeOrigin(info.origin));
  // Not stated by the spec, which leaves "aspect X of" a subresource undefined
  // when the format has no such aspect: a copy must name an aspect the format has.
  BINDERY_INVALID_IF(!aspectPresent(texture->format(), info.aspect) ||
                         (fi.hasColor() && info.aspect != TextureAspect::All),
                     TextureCopyAspectInvalid, "{}.aspect ('{}') is not an aspect of '{}' ({}).",
                     what, toString(info.aspect), toString(texture->format()), texture->describe());
  return {};
}

// #abstract-opdef-validating-texture-buffer-copy
MaybeError validateTextureBufferCopy(const DeviceBase* device, const TexelCopyTextureInfo& info,
                                     std::string_view what, const TexelCopyBufferLayout& layout,
                                     std::string_view layoutWhat, uint64_t dataLength,
                                     const Extent3D& copySize, TextureUsage textureUsage,
                                     bool aligned) {
  BINDERY_TRY(validateTexelCopyTextureInfo(device, info, copySize, what));
  const TextureBase* texture = fromHandle<TextureBase>(info.texture);
  const FormatInfo& fi = formatInfo(texture->format());
  BINDERY_INVALID_IF_FIX(texture->sampleCount() != 1, TextureCopyMultisampled,
                         "Resolve it into a single-sampled texture in a render pass "
                         "(resolveTarget) and copy that one.",
                         "{} has sampleCount {}; copies between textures and buffers (or data) "
                         "need a sampleCount of 1.",
                         texture->describe(), texture->sampleCount());
  BINDERY_INVALID_IF_FIX(
      !texture->usage().has(textureUsage), TextureCopyUsageMissing,
      fmt::format("Add {} to the texture's usage.", toString(TextureUsageFlags(textureUsage))),
      "{}.texture ({}) has usage {}, which lacks {}.", what, texture->describe(),
      toString(texture->usage()), toString(TextureUsageFlags(textureUsage)));
  TextureFormat aspectSpecific = texture->format();
  uint32_t blockBytes = fi.texelBlockSize;
  uint64_t offsetAlignment = fi.texelBlockSize;
  if (fi.isDepthOrStencil()) {
    std::optional<TextureFormat> af = aspectFormat(texture->format(), info.aspect);
    bool single = info.aspect != TextureAspect::All || !fi.isCombinedDepthStencil();
    BINDERY_INVALID_IF_FIX(!af || !single, TextureCopyAspectInvalid,
                           "Copy one aspect at a time: aspect: 'depth-only' or 'stencil-only'.",
                           "{}.aspect ('{}') must name one aspect of '{}'.", what,
                           toString(info.aspect), toString(texture->format()));
    aspectSpecific = *af;
    bool depth = formatInfo(aspectSpecific).hasDepth();
    // #depth-formats, #copying-depth-stencil: which aspects are valid texel
    // copy sources / destinations.
    bool ok =
        !depth || aspectSpecific == TextureFormat::Depth16unorm ||
        (aspectSpecific == TextureFormat::Depth32float && textureUsage == TextureUsage::CopySrc);
    BINDERY_INVALID_IF(
        !ok, TextureCopyAspectInvalid,
        "The depth aspect of '{}' is not a valid texel copy {} (#depth-formats: {}).",
        toString(texture->format()),
        textureUsage == TextureUsage::CopySrc ? "source" : "destination",
        aspectSpecific == TextureFormat::Depth24plus
            ? "depth24plus depth is opaque and cannot be copied to or from buffers; read it in a "
              "shader instead"
            : "depth32float depth can only be written by copies from a texture of the same "
              "format");
    blockBytes = aspectCopyFootprint(texture->format(), info.aspect).value_or(0);
    offsetAlignment = 4;
  }
  BINDERY_INVALID_IF(aligned && offsetAlignment != 0 && layout.offset % offsetAlignment != 0,
                     TextureCopyOffsetNotAligned, "{}.offset ({}) is not a multiple of {} ({}).",
                     layoutWhat, layout.offset, offsetAlignment,
                     fi.isDepthOrStencil() ? "the alignment of depth-or-stencil copies"
                                           : fmt::format("the texel block copy footprint of '{}'",
                                                         toString(texture->format())));
  BINDERY_TRY(validateLinearTextureData(layout, layoutWhat, dataLength, aspectSpecific, blockBytes,
                                        copySize));
  return {};
}

// #abstract-opdef-validating-linear-texture-data
MaybeError validateLinearTextureData(const TexelCopyBufferLayout& layout,
                                     std::string_view layoutWhat, uint64_t byteSize,
                                     TextureFormat format, uint32_t blockBytes,
                                     const Extent3D& copyExtent) {
  const FormatInfo& info = formatInfo(format);
  uint64_t widthInBlocks = copyExtent.width / info.blockWidth;
  uint64_t heightInBlocks = copyExtent.height / info.blockHeight;
  uint64_t bytesInLastRow = widthInBlocks * blockBytes;
  BINDERY_INVALID_IF_FIX(
      heightInBlocks > 1 && !layout.bytesPerRow, TextureCopyBytesPerRowMissing,
      fmt::format("Set {}.bytesPerRow (at least {}).", layoutWhat, bytesInLastRow),
      "The copy has {} rows of texel blocks, so {}.bytesPerRow must be given.", heightInBlocks,
      layoutWhat);
  BINDERY_INVALID_IF_FIX(
      copyExtent.depthOrArrayLayers > 1 && (!layout.bytesPerRow || !layout.rowsPerImage),
      TextureCopyRowsPerImageMissing,
      fmt::format("Set {}.bytesPerRow and {}.rowsPerImage.", layoutWhat, layoutWhat),
      "The copy has {} images (depthOrArrayLayers), so {}.bytesPerRow and {}.rowsPerImage must "
      "both be given.",
      copyExtent.depthOrArrayLayers, layoutWhat, layoutWhat);
  BINDERY_INVALID_IF(
      layout.bytesPerRow && *layout.bytesPerRow < bytesInLastRow, TextureCopyBytesPerRowTooSmall,
      "{}.bytesPerRow ({}) is less than the bytes of one row of texel blocks ({} "
      "blocks x {} bytes = {}).",
      layoutWhat, layout.bytesPerRow.value_or(0), widthInBlocks, blockBytes, bytesInLastRow);
  BINDERY_INVALID_IF(layout.rowsPerImage && *layout.rowsPerImage < heightInBlocks,
                     TextureCopyRowsPerImageTooSmall,
                     "{}.rowsPerImage ({}) is less than the copy's height in texel blocks ({}).",
                     layoutWhat, layout.rowsPerImage.value_or(0), heightInBlocks);
  uint64_t bytesPerRow = layout.bytesPerRow.value_or(0);
  uint64_t rowsPerImage = layout.rowsPerImage.value_or(0);
  uint64_t required = 0;
  if (copyExtent.depthOrArrayLayers > 0) {
    required += bytesPerRow * rowsPerImage * (copyExtent.depthOrArrayLayers - 1);
    if (heightInBlocks > 0) required += bytesPerRow * (heightInBlocks - 1) + bytesInLastRow;
  }
  BINDERY_INVALID_IF(layout.offset > byteSize || required > byteSize - layout.offset,
                     TextureCopyDataTooSmall,
                     "{}.offset ({}) + the {} bytes the copy spans = {} is more than the data's {} "
                     "bytes.",
                     layoutWhat, layout.offset, required, layout.offset + required, byteSize);
  return {};
}

// #copy-compatible
bool copyCompatible(TextureFormat a, TextureFormat b) {
  if (a == b) return true;
  const FormatInfo& info = formatInfo(a);
  return info.srgbPair && *info.srgbPair == b;
}

}  // namespace bindery::core
