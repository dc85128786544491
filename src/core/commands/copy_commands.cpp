// GPUCommandEncoder's copy commands: copyBufferToBuffer and clearBuffer
// (#commands-buffer-copies), copyBufferToTexture, copyTextureToBuffer and
// copyTextureToTexture (#commands-texel-copies), device-timeline validation
// and recording; and their queue-timeline steps on the null device.
#include "core/commands/copy_commands.h"

#include <fmt/format.h>

#include <cstring>

#include "core/base/handles.h"
#include "core/commands/command_encoder.h"
#include "core/commands/texel_copy.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::core {

namespace {

bool compatibilityMode(const DeviceBase* device) {
  return !device->hasFeature(FeatureName::CoreFeaturesAndLimits);
}

MaybeError validateBufferUsage(const BufferBase* buffer, std::string_view what, BufferUsage usage,
                               std::string_view usageName) {
  BINDERY_INVALID_IF_FIX(!buffer->usage().has(usage), BufferCopyUsageMissing,
                         fmt::format("Add GPUBufferUsage.{} to the buffer's usage.", usageName),
                         "{} ({}) has usage {}, which lacks GPUBufferUsage.{}.", what,
                         buffer->describe(), toString(buffer->usage()), usageName);
  return {};
}

MaybeError validateTextureUsage(const TextureBase* texture, std::string_view what,
                                TextureUsage usage) {
  BINDERY_INVALID_IF_FIX(
      !texture->usage().has(usage), TextureCopyUsageMissing,
      fmt::format("Add {} to the texture's usage.", toString(TextureUsageFlags(usage))),
      "{}.texture ({}) has usage {}, which lacks {}.", what, texture->describe(),
      toString(texture->usage()), toString(TextureUsageFlags(usage)));
  return {};
}

// The "buffer is big enough" rule of copyBufferToBuffer and clearBuffer.
MaybeError validateBufferRange(const BufferBase* buffer, std::string_view what,
                               std::string_view offsetName, uint64_t offset, uint64_t size) {
  BINDERY_INVALID_IF(offset > buffer->size() || size > buffer->size() - offset,
                     BufferCopyOutOfBounds,
                     "{} ({}) + size ({}) = {} is past the end of {} ({}, size {}).", offsetName,
                     offset, size, offset + size, what, buffer->describe(), buffer->size());
  return {};
}

// Compatibility mode (#dom-gpucommandencoder-copytexturetobuffer,
// #dom-gpucommandencoder-copytexturetotexture): no compressed formats.
MaybeError validateNotCompressedInCompat(const DeviceBase* device, const TextureBase* texture,
                                         std::string_view what, std::string_view command) {
  BINDERY_INVALID_IF_FIX(
      compatibilityMode(device) && formatInfo(texture->format()).isCompressed,
      TextureCopyCompatibilityMode,
      "Request a device with the 'core-features-and-limits' feature, or keep an uncompressed "
      "copy of the data.",
      "{}.texture ({}) has the compressed format '{}'; in compatibility mode {}() cannot copy "
      "from or to compressed textures.",
      what, texture->describe(), toString(texture->format()), command);
  return {};
}

TexelCopyTextureRecord record(const TexelCopyTextureInfo& info) {
  return {fromHandle<TextureBase>(info.texture), info.mipLevel, info.origin, info.aspect};
}
TexelCopyBufferRecord record(const TexelCopyBufferInfo& info) {
  return {fromHandle<BufferBase>(info.buffer), info.offset, info.bytesPerRow, info.rowsPerImage};
}

std::string describeBufferInfo(const TexelCopyBufferInfo& info) {
  auto opt = [](const std::optional<uint32_t>& v) {
    return v ? fmt::format("{}", *v) : std::string("undefined");
  };
  return fmt::format("{{buffer: {}, offset: {}, bytesPerRow: {}, rowsPerImage: {}}}",
                     describe(fromHandle<BufferBase>(info.buffer)), info.offset,
                     opt(info.bytesPerRow), opt(info.rowsPerImage));
}
std::string describeTextureInfo(const TexelCopyTextureInfo& info) {
  return fmt::format("{{texture: {}, mipLevel: {}, origin: {}, aspect: '{}'}}",
                     describe(fromHandle<TextureBase>(info.texture)), info.mipLevel,
                     describeOrigin(info.origin), toString(info.aspect));
}

// The aspect bits of `aspect` in `format` (#dom-gputextureaspect, "set of aspects").
uint8_t aspectBits(TextureFormat format, TextureAspect aspect) {
  uint8_t own = formatInfo(format).aspects;
  switch (aspect) {
    case TextureAspect::All: return own;
    case TextureAspect::DepthOnly: return own & static_cast<uint8_t>(Aspect::Depth);
    case TextureAspect::StencilOnly: return own & static_cast<uint8_t>(Aspect::Stencil);
  }
  return own;
}

}  // namespace

void CommandEncoderBase::failCommand(MaybeError error, uint32_t index, std::string_view kind,
                                     std::string call) {
  ctx_.recordError(error.release(), index, {kind, this, nullptr}, call);
}

// #dom-gpucommandencoder-copybuffertobuffer
void CommandEncoderBase::copyBufferToBuffer(BufferBase* source, uint64_t sourceOffset,
                                            BufferBase* destination, uint64_t destinationOffset,
                                            std::optional<uint64_t> size) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("copyBufferToBuffer", index)) return;
  uint64_t copySize = 0;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(source, "source"));
    BINDERY_TRY(dev->validateObject(destination, "destination"));
    // "If size is undefined, set it to source.size - sourceOffset" (an
    // offset past the end fails the bounds rule below).
    copySize = size.value_or(sourceOffset <= source->size() ? source->size() - sourceOffset : 0);
    BINDERY_TRY(validateBufferUsage(source, "source", BufferUsage::CopySrc, "COPY_SRC"));
    BINDERY_TRY(validateBufferUsage(destination, "destination", BufferUsage::CopyDst, "COPY_DST"));
    BINDERY_INVALID_IF_FIX(copySize % 4 != 0, BufferCopySizeNotAligned,
                           "Copy a multiple of 4 bytes (pad the buffers if needed).",
                           "size ({}) is not a multiple of 4.", copySize);
    BINDERY_INVALID_IF(sourceOffset % 4 != 0, BufferCopyOffsetNotAligned,
                       "sourceOffset ({}) is not a multiple of 4.", sourceOffset);
    BINDERY_INVALID_IF(destinationOffset % 4 != 0, BufferCopyOffsetNotAligned,
                       "destinationOffset ({}) is not a multiple of 4.", destinationOffset);
    BINDERY_TRY(validateBufferRange(source, "source", "sourceOffset", sourceOffset, copySize));
    BINDERY_TRY(validateBufferRange(destination, "destination", "destinationOffset",
                                    destinationOffset, copySize));
    BINDERY_INVALID_IF_FIX(source == destination, BufferCopySameBuffer,
                           "Copy through a second buffer (or use a compute shader).",
                           "source and destination are the same buffer ({}); copyBufferToBuffer "
                           "copies between two different buffers.",
                           source->describe());
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return failCommand(
        std::move(error), index, "copyBufferToBuffer",
        fmt::format("{}.copyBufferToBuffer({}, {}, {}, {}, {})", describe(), core::describe(source),
                    sourceOffset, core::describe(destination), destinationOffset,
                    size ? fmt::format("{}", *size) : "undefined"));
  }
  auto* rec = ctx_.stream().append<CopyBufferToBufferCmd>(CommandType::CopyBufferToBuffer);
  *rec = {source, destination, sourceOffset, destinationOffset, copySize};
  ctx_.used().copyBuffers.emplace_back(source);
  ctx_.used().copyBuffers.emplace_back(destination);
}

// #dom-gpucommandencoder-clearbuffer
void CommandEncoderBase::clearBuffer(BufferBase* buffer, uint64_t offset,
                                     std::optional<uint64_t> size) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("clearBuffer", index)) return;
  uint64_t clearSize = 0;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(buffer, "buffer"));
    // "If size is missing, set size to max(0, buffer.size - offset)".
    clearSize = size.value_or(offset <= buffer->size() ? buffer->size() - offset : 0);
    BINDERY_TRY(validateBufferUsage(buffer, "buffer", BufferUsage::CopyDst, "COPY_DST"));
    BINDERY_INVALID_IF(clearSize % 4 != 0, BufferCopySizeNotAligned,
                       "size ({}) is not a multiple of 4.", clearSize);
    BINDERY_INVALID_IF(offset % 4 != 0, BufferCopyOffsetNotAligned,
                       "offset ({}) is not a multiple of 4.", offset);
    BINDERY_TRY(validateBufferRange(buffer, "buffer", "offset", offset, clearSize));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return failCommand(std::move(error), index, "clearBuffer",
                       fmt::format("{}.clearBuffer({}, {}, {})", describe(), core::describe(buffer),
                                   offset, size ? fmt::format("{}", *size) : "undefined"));
  }
  auto* rec = ctx_.stream().append<ClearBufferCmd>(CommandType::ClearBuffer);
  *rec = {buffer, offset, clearSize};
  ctx_.used().copyBuffers.emplace_back(buffer);
}

// #dom-gpucommandencoder-copybuffertotexture
void CommandEncoderBase::copyBufferToTexture(const TexelCopyBufferInfo& source,
                                             const TexelCopyTextureInfo& destination,
                                             const Extent3D& copySize) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("copyBufferToTexture", index)) return;
  BufferBase* buffer = fromHandle<BufferBase>(source.buffer);
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateTexelCopyBufferInfo(dev, source, "source"));
    BINDERY_TRY(validateBufferUsage(buffer, "source.buffer", BufferUsage::CopySrc, "COPY_SRC"));
    BINDERY_TRY(validateTextureBufferCopy(dev, destination, "destination", source.layout(),
                                          "source", buffer->size(), copySize, TextureUsage::CopyDst,
                                          /*aligned=*/true));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return failCommand(
        std::move(error), index, "copyBufferToTexture",
        fmt::format("{}.copyBufferToTexture({}, {}, {})", describe(), describeBufferInfo(source),
                    describeTextureInfo(destination), describeExtent(copySize)));
  }
  auto* rec = ctx_.stream().append<CopyBufferTextureCmd>(CommandType::CopyBufferToTexture);
  *rec = {record(source), record(destination), copySize};
  ctx_.used().copyBuffers.emplace_back(buffer);
  ctx_.used().copyTextures.emplace_back(fromHandle<TextureBase>(destination.texture));
}

// #dom-gpucommandencoder-copytexturetobuffer
void CommandEncoderBase::copyTextureToBuffer(const TexelCopyTextureInfo& source,
                                             const TexelCopyBufferInfo& destination,
                                             const Extent3D& copySize) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("copyTextureToBuffer", index)) return;
  BufferBase* buffer = fromHandle<BufferBase>(destination.buffer);
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateTexelCopyBufferInfo(dev, destination, "destination"));
    BINDERY_TRY(
        validateBufferUsage(buffer, "destination.buffer", BufferUsage::CopyDst, "COPY_DST"));
    BINDERY_TRY(validateTextureBufferCopy(dev, source, "source", destination.layout(),
                                          "destination", buffer->size(), copySize,
                                          TextureUsage::CopySrc, /*aligned=*/true));
    BINDERY_TRY(validateNotCompressedInCompat(dev, fromHandle<TextureBase>(source.texture),
                                              "source", "copyTextureToBuffer"));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return failCommand(
        std::move(error), index, "copyTextureToBuffer",
        fmt::format("{}.copyTextureToBuffer({}, {}, {})", describe(), describeTextureInfo(source),
                    describeBufferInfo(destination), describeExtent(copySize)));
  }
  auto* rec = ctx_.stream().append<CopyBufferTextureCmd>(CommandType::CopyTextureToBuffer);
  *rec = {record(destination), record(source), copySize};
  ctx_.used().copyBuffers.emplace_back(buffer);
  ctx_.used().copyTextures.emplace_back(fromHandle<TextureBase>(source.texture));
}

// #dom-gpucommandencoder-copytexturetotexture
void CommandEncoderBase::copyTextureToTexture(const TexelCopyTextureInfo& source,
                                              const TexelCopyTextureInfo& destination,
                                              const Extent3D& copySize) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("copyTextureToTexture", index)) return;
  TextureBase* src = fromHandle<TextureBase>(source.texture);
  TextureBase* dst = fromHandle<TextureBase>(destination.texture);
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateTexelCopyTextureInfo(dev, source, copySize, "source"));
    BINDERY_TRY(validateTextureUsage(src, "source", TextureUsage::CopySrc));
    BINDERY_TRY(validateTexelCopyTextureInfo(dev, destination, copySize, "destination"));
    BINDERY_TRY(validateTextureUsage(dst, "destination", TextureUsage::CopyDst));
    BINDERY_INVALID_IF_FIX(
        src->sampleCount() != dst->sampleCount(), TextureCopySampleCountMismatch,
        "Copy between textures of the same sampleCount (resolve a multisampled texture in a "
        "render pass instead).",
        "source.texture ({}) has sampleCount {} but destination.texture ({}) has sampleCount {}.",
        src->describe(), src->sampleCount(), dst->describe(), dst->sampleCount());
    BINDERY_INVALID_IF_FIX(
        !copyCompatible(src->format(), dst->format()), TextureCopyFormatIncompatible,
        "Copy between textures of the same format, or formats that differ only in '-srgb'.",
        "source.texture ({}) has format '{}' and destination.texture ({}) has format '{}'; they "
        "are not copy-compatible (equal, or differing only in '-srgb').",
        src->describe(), toString(src->format()), dst->describe(), toString(dst->format()));
    const FormatInfo& fi = formatInfo(src->format());
    if (fi.isDepthOrStencil()) {
      // Both aspects must refer to all aspects of their texture's format.
      bool srcAll = aspectBits(src->format(), source.aspect) == fi.aspects;
      bool dstAll =
          aspectBits(dst->format(), destination.aspect) == formatInfo(dst->format()).aspects;
      BINDERY_INVALID_IF_FIX(
          !srcAll || !dstAll, TextureCopyAspectInvalid,
          "Use aspect: 'all' for both (texture-to-texture copies of depth-or-stencil formats "
          "copy every aspect).",
          "{}.aspect ('{}') does not refer to all aspects of '{}'; copyTextureToTexture of a "
          "depth-or-stencil format copies whole texels.",
          srcAll ? "destination" : "source", toString(srcAll ? destination.aspect : source.aspect),
          toString(src->format()));
    }
    // "The set of subresources for texture copy" of source and destination are disjoint.
    if (src == dst && source.mipLevel == destination.mipLevel &&
        (aspectBits(src->format(), source.aspect) &
         aspectBits(dst->format(), destination.aspect)) != 0) {
      bool layersOverlap = true;
      if (src->dimension() == TextureDimension::e2D) {
        uint64_t s = source.origin.z, d = destination.origin.z, n = copySize.depthOrArrayLayers;
        layersOverlap = s < d + n && d < s + n;
      }
      BINDERY_INVALID_IF_FIX(
          layersOverlap, TextureCopySubresourcesOverlap,
          "Copy between different mip levels or array layers, or through a second texture.",
          "source and destination are mip level {} of the same texture ({}) and their {} "
          "overlap; a copy's source and destination subresources must be disjoint.",
          source.mipLevel, src->describe(),
          src->dimension() == TextureDimension::e2D
              ? fmt::format("array layers ([{}, {}) and [{}, {}))", source.origin.z,
                            uint64_t{source.origin.z} + copySize.depthOrArrayLayers,
                            destination.origin.z,
                            uint64_t{destination.origin.z} + copySize.depthOrArrayLayers)
              : fmt::format("subresources (a '{}' texture's mip level is one subresource)",
                            toString(src->dimension())));
    }
    if (compatibilityMode(dev)) {
      BINDERY_TRY(validateNotCompressedInCompat(dev, src, "source", "copyTextureToTexture"));
      BINDERY_TRY(validateNotCompressedInCompat(dev, dst, "destination", "copyTextureToTexture"));
      BINDERY_INVALID_IF_FIX(
          src->sampleCount() != 1 || dst->sampleCount() != 1, TextureCopyCompatibilityMode,
          "Request a device with the 'core-features-and-limits' feature, or resolve the texture "
          "in a render pass.",
          "source.texture ({}) has sampleCount {} and destination.texture ({}) sampleCount {}; in "
          "compatibility mode copyTextureToTexture() needs a sampleCount of 1.",
          src->describe(), src->sampleCount(), dst->describe(), dst->sampleCount());
    }
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return failCommand(
        std::move(error), index, "copyTextureToTexture",
        fmt::format("{}.copyTextureToTexture({}, {}, {})", describe(), describeTextureInfo(source),
                    describeTextureInfo(destination), describeExtent(copySize)));
  }
  auto* rec = ctx_.stream().append<CopyTextureToTextureCmd>(CommandType::CopyTextureToTexture);
  *rec = {record(source), record(destination), copySize};
  ctx_.used().copyTextures.emplace_back(src);
  if (dst != src) ctx_.used().copyTextures.emplace_back(dst);
}

// --- queue timeline ------------------------------------------------------------

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::BufferBase;
using core::CommandEncoderBase;
using core::fromHandle;

void CommandEncoder::copyBufferToBuffer(const Buffer& source, const Buffer& destination,
                                        std::optional<uint64_t> size) {
  fromHandle<CommandEncoderBase>(*this)->copyBufferToBuffer(
      fromHandle<BufferBase>(source), 0, fromHandle<BufferBase>(destination), 0, size);
}
void CommandEncoder::copyBufferToBuffer(const Buffer& source, uint64_t sourceOffset,
                                        const Buffer& destination, uint64_t destinationOffset,
                                        std::optional<uint64_t> size) {
  fromHandle<CommandEncoderBase>(*this)->copyBufferToBuffer(
      fromHandle<BufferBase>(source), sourceOffset, fromHandle<BufferBase>(destination),
      destinationOffset, size);
}
void CommandEncoder::copyBufferToTexture(const TexelCopyBufferInfo& source,
                                         const TexelCopyTextureInfo& destination,
                                         const Extent3D& copySize) {
  fromHandle<CommandEncoderBase>(*this)->copyBufferToTexture(source, destination, copySize);
}
void CommandEncoder::copyTextureToBuffer(const TexelCopyTextureInfo& source,
                                         const TexelCopyBufferInfo& destination,
                                         const Extent3D& copySize) {
  fromHandle<CommandEncoderBase>(*this)->copyTextureToBuffer(source, destination, copySize);
}
void CommandEncoder::copyTextureToTexture(const TexelCopyTextureInfo& source,
                                          const TexelCopyTextureInfo& destination,
                                          const Extent3D& copySize) {
  fromHandle<CommandEncoderBase>(*this)->copyTextureToTexture(source, destination, copySize);
}
void CommandEncoder::clearBuffer(const Buffer& buffer, uint64_t offset,
                                 std::optional<uint64_t> size) {
  fromHandle<CommandEncoderBase>(*this)->clearBuffer(fromHandle<BufferBase>(buffer), offset, size);
}

}  // namespace bindery
