// GPUQueue: #dom-gpuqueue-writebuffer, #dom-gpuqueue-writetexture (the
// texel copy rules are in texel_copy.cpp), #dom-gpuqueue-submit,
// #dom-gpuqueue-onsubmittedworkdone; and the device's completion events.
#include "core/device/queue.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/resources/buffer.h"
#include "core/commands/command_buffer.h"
#include "core/commands/command_execution.h"
#include "core/device/device.h"
#include "core/resources/format.h"
#include "core/base/handles.h"
#include "core/commands/texel_copy.h"
#include "core/resources/texture.h"
#include "core/resources/texture_data.h"

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

// #dom-gpuqueue-writetexture
void QueueBase::writeTexture(const TexelCopyTextureInfo& destination, const void* data,
                             size_t dataSize, const TexelCopyBufferLayout& dataLayout,
                             const Extent3D& size) {
  DeviceBase* dev = device();
  dev->beginCall();
  if (dev->isLost()) return;
  TextureBase* texture = fromHandle<TextureBase>(destination.texture);
  std::string call = fmt::format(
      "{}.writeTexture({{texture: {}, mipLevel: {}, origin: {}}}, data ({} bytes), dataLayout, {})",
      describe(), core::describe(texture), destination.mipLevel, describeOrigin(destination.origin),
      dataSize, describeExtent(size));
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(texture, "destination.texture"));
    BINDERY_TRY(texture->validateUsable("destination.texture"));
    BINDERY_TRY(validateTextureBufferCopy(dev, destination, "destination", dataLayout, "dataLayout",
                                          dataSize, size, TextureUsage::CopyDst,
                                          /*aligned=*/false));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    dev->dispatchError(std::move(error), call);
    return;
  }
  // Queue timeline: the null device writes the texels at once.
  if (MaybeError error = writeTexelsFromLinear(*texture, destination,
                                               static_cast<const uint8_t*>(data), dataLayout, size);
      error.isError()) {
    dev->dispatchError(std::move(error), call);
  }
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
