// GPUQueue: #dom-gpuqueue-writebuffer, #dom-gpuqueue-writetexture (with the
// image copy rules of copies.bs), #dom-gpuqueue-submit,
// #dom-gpuqueue-onsubmittedworkdone; and the device's completion events.
#include "core/queue.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/buffer.h"
#include "core/command_buffer.h"
#include "core/command_execution.h"
#include "core/device.h"
#include "core/format.h"
#include "core/handles.h"
#include "core/texture.h"

namespace bindery::core {

// #dom-gpuqueue-writebuffer, device timeline.
MaybeError validateWriteBuffer(const DeviceBase* device, const BufferBase* buffer,
                               uint64_t bufferOffset, uint64_t size) {
  BINDERY_TRY(device->validateObject(buffer, "buffer"));
  BINDERY_TRY(buffer->validateAvailable("buffer"));
  BINDERY_INVALID_IF_FIX(!buffer->usage().has(BufferUsage::CopyDst), WriteBufferUsageMissing,
                         "Add GPUBufferUsage.COPY_DST to the buffer's usage.",
                         "buffer ({}) has usage {}, which lacks GPUBufferUsage.COPY_DST.",
                         buffer->describe(), toString(buffer->usage()));
  BINDERY_INVALID_IF(bufferOffset % 4 != 0, WriteBufferOffsetNotAligned,
                     "bufferOffset ({}) is not a multiple of 4.", bufferOffset);
  BINDERY_INVALID_IF(bufferOffset > buffer->size() || size > buffer->size() - bufferOffset,
                     WriteBufferOutOfBounds,
                     "bufferOffset ({}) + size ({}) = {} is past the end of {} (size {}).",
                     bufferOffset, size, bufferOffset + size, buffer->describe(), buffer->size());
  return {};
}

namespace {

// The physical miplevel-specific texture extent (#physical-miplevel-specific-texture-extent).
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

}  // namespace

// "validating linear texture data"
MaybeError validateLinearTextureData(const TexelCopyBufferLayout& layout, uint64_t byteSize,
                                     TextureFormat format, uint32_t blockBytes,
                                     const Extent3D& copyExtent) {
  const FormatInfo& info = formatInfo(format);
  uint64_t widthInBlocks = copyExtent.width / info.blockWidth;
  uint64_t heightInBlocks = copyExtent.height / info.blockHeight;
  uint64_t bytesInLastRow = widthInBlocks * blockBytes;
  BINDERY_INVALID_IF_FIX(heightInBlocks > 1 && !layout.bytesPerRow, TextureCopyBytesPerRowMissing,
                         fmt::format("Set dataLayout.bytesPerRow (at least {}).", bytesInLastRow),
                         "The copy has {} rows of texel blocks, so dataLayout.bytesPerRow must "
                         "be given.",
                         heightInBlocks);
  BINDERY_INVALID_IF_FIX(
      copyExtent.depthOrArrayLayers > 1 && (!layout.bytesPerRow || !layout.rowsPerImage),
      TextureCopyRowsPerImageMissing, "Set dataLayout.bytesPerRow and dataLayout.rowsPerImage.",
      "The copy has {} images (depthOrArrayLayers), so dataLayout.bytesPerRow "
      "and dataLayout.rowsPerImage must both be given.",
      copyExtent.depthOrArrayLayers);
  BINDERY_INVALID_IF(layout.bytesPerRow && *layout.bytesPerRow < bytesInLastRow,
                     TextureCopyBytesPerRowTooSmall,
                     "dataLayout.bytesPerRow ({}) is less than the bytes of one row of texel "
                     "blocks ({} blocks x {} bytes = {}).",
                     *layout.bytesPerRow, widthInBlocks, blockBytes, bytesInLastRow);
  BINDERY_INVALID_IF(layout.rowsPerImage && *layout.rowsPerImage < heightInBlocks,
                     TextureCopyRowsPerImageTooSmall,
                     "dataLayout.rowsPerImage ({}) is less than the copy's height in texel "
                     "blocks ({}).",
                     *layout.rowsPerImage, heightInBlocks);
  uint64_t bytesPerRow = layout.bytesPerRow.value_or(0);
  uint64_t rowsPerImage = layout.rowsPerImage.value_or(0);
  uint64_t required = 0;
  if (copyExtent.depthOrArrayLayers > 0) {
    required += bytesPerRow * rowsPerImage * (copyExtent.depthOrArrayLayers - 1);
    if (heightInBlocks > 0) required += bytesPerRow * (heightInBlocks - 1) + bytesInLastRow;
  }
  BINDERY_INVALID_IF(layout.offset > byteSize || required > byteSize - layout.offset,
                     TextureCopyDataTooSmall,
                     "dataLayout.offset ({}) + the {} bytes the copy reads = {} is more than the "
                     "data's {} bytes.",
                     layout.offset, required, layout.offset + required, byteSize);
  return {};
}

// "validating texture buffer copy" with "validating GPUTexelCopyTextureInfo"
// and "validating texture copy range".
MaybeError validateTextureBufferCopy(const DeviceBase* device, const TexelCopyTextureInfo& info,
                                     const TexelCopyBufferLayout& layout, uint64_t dataLength,
                                     const Extent3D& copySize, TextureUsage textureUsage,
                                     bool aligned) {
  const TextureBase* texture = fromHandle<TextureBase>(info.texture);
  BINDERY_TRY(device->validateObject(texture, "destination.texture"));
  BINDERY_TRY(texture->validateUsable("destination.texture"));
  const FormatInfo& fi = formatInfo(texture->format());
  BINDERY_INVALID_IF(info.mipLevel >= texture->mipLevelCount(), TextureCopyMipLevelOutOfRange,
                     "destination.mipLevel ({}) is not less than {}'s mipLevelCount ({}).",
                     info.mipLevel, texture->describe(), texture->mipLevelCount());
  Extent3D sub = physicalMipExtent(*texture, info.mipLevel);
  // validating texture copy range
  BINDERY_INVALID_IF(
      uint64_t{info.origin.x} + copySize.width > sub.width ||
          uint64_t{info.origin.y} + copySize.height > sub.height ||
          uint64_t{info.origin.z} + copySize.depthOrArrayLayers > sub.depthOrArrayLayers,
      TextureCopyOutOfBounds,
      "destination.origin ({{x: {}, y: {}, z: {}}}) + size {} is outside mip "
      "level {} of {}, whose physical size is {}.",
      info.origin.x, info.origin.y, info.origin.z, describeExtent(copySize), info.mipLevel,
      texture->describe(), describeExtent(sub));
  BINDERY_INVALID_IF(
      copySize.width % fi.blockWidth != 0 || copySize.height % fi.blockHeight != 0,
      TextureCopySizeNotBlockAligned, "size {} is not a multiple of '{}''s {}x{} texel block.",
      describeExtent(copySize), toString(texture->format()), fi.blockWidth, fi.blockHeight);
  BINDERY_INVALID_IF(info.origin.x % fi.blockWidth != 0 || info.origin.y % fi.blockHeight != 0,
                     TextureCopyOriginNotBlockAligned,
                     "destination.origin (x: {}, y: {}) is not a multiple of '{}''s {}x{} texel "
                     "block.",
                     info.origin.x, info.origin.y, toString(texture->format()), fi.blockWidth,
                     fi.blockHeight);
  BINDERY_INVALID_IF(
      (fi.isDepthOrStencil() || texture->sampleCount() > 1) &&
          !(copySize == sub && info.origin == Origin3D{}),
      TextureCopyNotFullSubresource,
      "{} has a {} format, so the copy must cover the whole subresource {} "
      "from origin 0, not {} from ({}, {}, {}).",
      texture->describe(), fi.isDepthOrStencil() ? "depth-or-stencil" : "multisampled",
      describeExtent(sub), describeExtent(copySize), info.origin.x, info.origin.y, info.origin.z);
  // validating texture buffer copy
  BINDERY_INVALID_IF(texture->sampleCount() != 1, TextureCopyMultisampled,
                     "{} has sampleCount {}; buffer copies need a sampleCount of 1.",
                     texture->describe(), texture->sampleCount());
  BINDERY_INVALID_IF_FIX(
      !texture->usage().has(textureUsage), TextureCopyUsageMissing,
      fmt::format("Add {} to the texture's usage.", toString(TextureUsageFlags(textureUsage))),
      "{} has usage {}, which lacks {}.", texture->describe(), toString(texture->usage()),
      toString(TextureUsageFlags(textureUsage)));
  TextureFormat aspectSpecific = texture->format();
  uint32_t blockBytes = fi.texelBlockSize;
  uint64_t offsetAlignment = fi.texelBlockSize;
  if (fi.isDepthOrStencil()) {
    std::optional<TextureFormat> af = aspectFormat(texture->format(), info.aspect);
    bool single = info.aspect != TextureAspect::All || !fi.isCombinedDepthStencil();
    BINDERY_INVALID_IF(!af || !single, TextureCopyAspectInvalid,
                       "destination.aspect ('{}') must name one aspect of '{}'.",
                       toString(info.aspect), toString(texture->format()));
    aspectSpecific = *af;
    bool depth = formatInfo(aspectSpecific).hasDepth();
    // #depth-formats: which aspects are valid copy sources / destinations.
    bool ok = depth ? (aspectSpecific == TextureFormat::Depth16unorm ||
                       (aspectSpecific == TextureFormat::Depth32float &&
                        textureUsage == TextureUsage::CopySrc))
                    : true;
    BINDERY_INVALID_IF(!ok, TextureCopyAspectInvalid,
                       "The {} aspect of '{}' is not a valid texel copy {} (#depth-formats).",
                       depth ? "depth" : "stencil", toString(texture->format()),
                       textureUsage == TextureUsage::CopySrc ? "source" : "destination");
    blockBytes = aspectCopyFootprint(texture->format(), info.aspect).value_or(0);
    if (info.aspect == TextureAspect::All) blockBytes = formatInfo(aspectSpecific).texelBlockSize;
    offsetAlignment = 4;
  }
  BINDERY_INVALID_IF(aligned && offsetAlignment != 0 && layout.offset % offsetAlignment != 0,
                     TextureCopyDataTooSmall, "layout.offset ({}) is not a multiple of {}.",
                     layout.offset, offsetAlignment);
  BINDERY_TRY(validateLinearTextureData(layout, dataLength, aspectSpecific, blockBytes, copySize));
  return {};
}

QueueBase::QueueBase(DeviceBase* device, std::string_view label)
    : ObjectBase(device, ObjectType::Queue, label) {}

QueueBase::~QueueBase() {
  device()->forgetQueue(label());
}

std::optional<Exception> QueueBase::writeBuffer(BufferBase* buffer, uint64_t bufferOffset,
                                                const void* data, size_t dataSize,
                                                uint64_t dataOffset, std::optional<uint64_t> size) {
  DeviceBase* dev = device();
  dev->beginCall();
  // Content timeline: OperationError.
  auto thrown = [&](ErrorCode code, std::string message) {
    return Exception{ExceptionType::OperationError, code,
                     fmt::format("{}.writeBuffer({}, {}, data, {}, {}): {}", describe(),
                                 core::describe(buffer), bufferOffset, dataOffset,
                                 size ? fmt::format("{}", *size) : "undefined", message)};
  };
  if (dataOffset > dataSize) {
    return thrown(ErrorCode::WriteBufferDataOutOfRange,
                  fmt::format("dataOffset ({}) is past the end of the data ({} bytes).", dataOffset,
                              dataSize));
  }
  uint64_t contentsSize = size.value_or(dataSize - dataOffset);
  if (contentsSize > dataSize - dataOffset) {
    return thrown(ErrorCode::WriteBufferDataOutOfRange,
                  fmt::format("dataOffset ({}) + size ({}) is past the end of the data ({} "
                              "bytes).",
                              dataOffset, contentsSize, dataSize));
  }
  if (contentsSize % 4 != 0) {
    return thrown(
        ErrorCode::WriteBufferSizeNotAligned,
        fmt::format("the size to write ({} bytes) is not a multiple of 4.", contentsSize));
  }
  if (dev->isLost()) return std::nullopt;
  if (MaybeError error = validateWriteBuffer(dev, buffer, bufferOffset, contentsSize);
      error.isError()) {
    dev->dispatchError(std::move(error),
                       fmt::format("{}.writeBuffer({}, {}, data, {}, {})", describe(),
                                   core::describe(buffer), bufferOffset, dataOffset, contentsSize));
    return std::nullopt;
  }
  // Queue timeline: the null device writes at once.
  if (contentsSize > 0) {
    uint8_t* bytes = buffer->storage() ? buffer->storage()->bytes() : nullptr;
    if (!bytes) {
      dev->dispatchError(makeError(ErrorType::OutOfMemory, ErrorCode::OutOfMemory,
                                   "Allocating the buffer's memory failed."),
                         fmt::format("{}.writeBuffer", describe()));
      return std::nullopt;
    }
    std::memcpy(bytes + bufferOffset, static_cast<const uint8_t*>(data) + dataOffset, contentsSize);
  }
  return std::nullopt;
}

void QueueBase::writeTexture(const TexelCopyTextureInfo& destination, const void* /*data*/,
                             size_t dataSize, const TexelCopyBufferLayout& dataLayout,
                             const Extent3D& size) {
  DeviceBase* dev = device();
  dev->beginCall();
  if (dev->isLost()) return;
  MaybeError error = validateTextureBufferCopy(dev, destination, dataLayout, dataSize, size,
                                               TextureUsage::CopyDst, /*aligned=*/false);
  if (error.isError()) {
    dev->dispatchError(
        std::move(error),
        fmt::format("{}.writeTexture({{texture: {}, mipLevel: {}}}, data ({} "
                    "bytes), layout, {})",
                    describe(), core::describe(fromHandle<TextureBase>(destination.texture)),
                    destination.mipLevel, dataSize, describeExtent(size)));
  }
  // The null device keeps no texel data.
}

// #dom-gpuqueue-submit
void QueueBase::submit(std::span<CommandBufferBase* const> commandBuffers) {
  DeviceBase* dev = device();
  dev->beginCall();
  if (dev->isLost()) return;
  auto validate = [&]() -> MaybeError {
    for (size_t i = 0; i < commandBuffers.size(); ++i) {
      CommandBufferBase* cb = commandBuffers[i];
      std::string what = fmt::format("commandBuffers[{}]", i);
      for (size_t j = 0; j < i; ++j) {
        BINDERY_INVALID_IF(commandBuffers[j] == cb, QueueSubmitDuplicateCommandBuffer,
                           "{} ({}) is the same command buffer as commandBuffers[{}]; each "
                           "command buffer can be submitted once.",
                           what, core::describe(cb), j);
      }
      if (cb && cb->device() == dev && cb->isSubmitted()) {
        return makeValidationError(
            ErrorCode::CommandBufferAlreadySubmitted,
            fmt::format("{} ({}) was already submitted; a command buffer can be submitted only "
                        "once.",
                        what, cb->describe()));
      }
      BINDERY_TRY(dev->validateObject(cb, what));
      BINDERY_TRY_CONTEXT(cb->validateSubmit(), "validating {} ({})", what, cb->describe());
    }
    return {};
  };
  MaybeError error = validate();
  // Every command buffer is invalidated, submitted or not.
  for (CommandBufferBase* cb : commandBuffers) {
    if (cb && cb->device() == dev) cb->markSubmitted();
  }
  if (error.isError()) {
    dev->dispatchError(std::move(error),
                       fmt::format("{}.submit([{} command buffer{}])", describe(),
                                   commandBuffers.size(), commandBuffers.size() == 1 ? "" : "s"));
    return;
  }
  // Queue timeline: the null device runs the commands now, in order
  // (command_execution.cpp).
  for (CommandBufferBase* cb : commandBuffers) executeCommandBuffer(dev, *cb);
}

void QueueBase::onSubmittedWorkDone(QueueWorkDoneCallback callback) {
  device()->beginCall();
  if (callback) device()->enqueueEvent(std::move(callback));
}

Ref<QueueBase> DeviceBase::queue() {
  if (queue_) return Ref<QueueBase>(queue_);
  auto q = Ref<QueueBase>::adopt(new QueueBase(this, queueLabel_));
  queue_ = q.get();
  return q;
}

void DeviceBase::forgetQueue(std::string label) {
  queue_ = nullptr;
  queueLabel_ = std::move(label);
}

bool DeviceBase::isMappedBufferTracked(const BufferBase* buffer) const {
  return std::find(mappedBuffers_.begin(), mappedBuffers_.end(), buffer) != mappedBuffers_.end();
}

void DeviceBase::tick() {
  // Events queued by the callbacks run at the following tick.
  std::vector<std::function<void()>> events = std::move(events_);
  events_.clear();
  for (auto& event : events) event();
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::QueueBase;

Queue Device::queue() const {
  return core::toHandle<Queue>(fromHandle<core::DeviceBase>(*this)->queue());
}
void Device::tick() const {
  fromHandle<core::DeviceBase>(*this)->tick();
}
std::string_view Queue::label() const {
  return fromHandle<QueueBase>(*this)->label();
}
void Queue::setLabel(std::string_view l) {
  fromHandle<QueueBase>(*this)->setLabel(l);
}
void Queue::submit(std::span<const CommandBuffer> commandBuffers) const {
  std::vector<core::CommandBufferBase*> list;
  list.reserve(commandBuffers.size());
  for (const CommandBuffer& cb : commandBuffers) {
    list.push_back(fromHandle<core::CommandBufferBase>(cb));
  }
  fromHandle<QueueBase>(*this)->submit(list);
}
void Queue::submit(std::initializer_list<CommandBuffer> commandBuffers) const {
  submit(std::span<const CommandBuffer>(commandBuffers.begin(), commandBuffers.size()));
}
std::optional<Exception> Queue::writeBuffer(const Buffer& buffer, uint64_t bufferOffset,
                                            const void* data, size_t dataSize, uint64_t dataOffset,
                                            std::optional<uint64_t> size) const {
  return fromHandle<QueueBase>(*this)->writeBuffer(fromHandle<core::BufferBase>(buffer),
                                                   bufferOffset, data, dataSize, dataOffset, size);
}
void Queue::writeTexture(const TexelCopyTextureInfo& destination, const void* data, size_t dataSize,
                         const TexelCopyBufferLayout& dataLayout, const Extent3D& size) const {
  fromHandle<QueueBase>(*this)->writeTexture(destination, data, dataSize, dataLayout, size);
}
void Queue::onSubmittedWorkDone(QueueWorkDoneCallback callback) const {
  fromHandle<QueueBase>(*this)->onSubmittedWorkDone(std::move(callback));
}

}  // namespace bindery
