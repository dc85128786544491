// GPUQueue: #dom-gpuqueue-writebuffer, #dom-gpuqueue-writetexture (the
// texel copy rules are in texel_copy.cpp), #dom-gpuqueue-submit,
// #dom-gpuqueue-onsubmittedworkdone; and the device's completion events.
#include "core/device/queue.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/base/handles.h"
#include "core/commands/command_buffer.h"
#include "core/commands/texel_copy.h"
#include "core/device/backend_owner.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

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
  // Queue timeline: the backend copies the data now and writes it in order.
  if (contentsSize > 0) {
    backend::Status status = dev->backend().writeBuffer(
        *buffer, bufferOffset, static_cast<const uint8_t*>(data) + dataOffset, contentsSize);
    if (status.isError()) {
      reportBackendError(
          dev, status.error(),
          fmt::format("{}.writeBuffer({}, {}, data, {}, {})", describe(), core::describe(buffer),
                      bufferOffset, dataOffset, contentsSize));
    }
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
  // Queue timeline: the backend copies the data now and writes it in order.
  backend::Status status = dev->backend().writeTexture(
      *texture, destination, static_cast<const uint8_t*>(data), dataLayout, size);
  if (status.isError()) reportBackendError(dev, status.error(), call);
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
  // Queue timeline: the backend executes the recorded streams, in order.
  std::vector<const CommandStream*> streams;
  streams.reserve(commandBuffers.size());
  for (CommandBufferBase* cb : commandBuffers) streams.push_back(&cb->commands());
  backend::Result<backend::Serial> serial = dev->backend().submit(streams);
  if (serial.isError()) {
    reportBackendError(dev, serial.error(),
                       fmt::format("{}.submit([{} command buffer{}])", describe(),
                                   commandBuffers.size(), commandBuffers.size() == 1 ? "" : "s"));
  }
}

// #dom-gpuqueue-onsubmittedworkdone: resolves when the work submitted so far
// has completed (the backend's latest serial).
void QueueBase::onSubmittedWorkDone(QueueWorkDoneCallback callback) {
  DeviceBase* dev = device();
  dev->beginCall();
  if (!callback) return;
  dev->enqueueEventAfter(dev->isLost() ? 0 : dev->backend().lastSubmittedSerial(),
                         std::move(callback));
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

backend::Serial DeviceBase::completedSerial() {
  if (isLost()) return ~backend::Serial{0};
  backend::Result<backend::Serial> completed = backend_->completedSerial();
  if (completed.isError()) {
    reportBackendError(this, completed.error(), fmt::format("{}.tick()", describe()));
    return ~backend::Serial{0};
  }
  return completed.value();
}

void DeviceBase::tick() {
  if (events_.empty()) return;
  backend::Serial completed = completedSerial();
  // Events queued by the callbacks run at the following tick; events whose
  // work is still on the GPU stay, in order.
  std::vector<PendingEvent> events = std::move(events_);
  events_.clear();
  std::vector<PendingEvent> later;
  for (PendingEvent& event : events) {
    if (event.serial <= completed) {
      event.run();
    } else {
      later.push_back(std::move(event));
    }
  }
  if (!later.empty()) {
    later.insert(later.end(), std::make_move_iterator(events_.begin()),
                 std::make_move_iterator(events_.end()));
    events_ = std::move(later);
  }
}

std::optional<backend::Serial> DeviceBase::pendingSerial() {
  if (events_.empty()) return std::nullopt;
  backend::Serial completed = completedSerial();
  backend::Serial earliest = ~backend::Serial{0};
  for (const PendingEvent& event : events_) {
    if (event.serial <= completed) return 0;
    earliest = std::min(earliest, event.serial);
  }
  return earliest;
}

bool DeviceBase::waitSerial(backend::Serial serial, std::chrono::nanoseconds timeout) {
  // Another thread may call this: only the backend's wait is touched.
  if (!backend_) return true;  // lost from the start
  backend::Result<bool> done = backend_->waitSerial(serial, timeout);
  return done.isError() || done.value();
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
std::optional<uint64_t> Device::pendingSerial() const {
  return fromHandle<core::DeviceBase>(*this)->pendingSerial();
}
bool Device::waitSerial(uint64_t serial, std::chrono::nanoseconds timeout) const {
  return fromHandle<core::DeviceBase>(*this)->waitSerial(serial, timeout);
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
