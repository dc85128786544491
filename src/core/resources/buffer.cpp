// GPUBuffer: #buffer-creation, #buffer-destruction, and mapping
// (mappedAtCreation, #dom-gpubuffer-mapasync, getMappedRange, unmap).
#include "core/resources/buffer.h"

#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <new>

#include "core/base/handles.h"
#include "core/device/device.h"

namespace bindery::core {

// #buffer-creation: the device-timeline requirements.
MaybeError validateBufferDescriptor(const DeviceBase* device, const BufferDescriptor& d) {
  BINDERY_INVALID_IF_FIX(d.usage.empty(), BufferUsageEmpty,
                         "Give the buffer the GPUBufferUsage flags it is used with, e.g. "
                         "GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST.",
                         "descriptor.usage is 0; a buffer needs at least one usage.");
  BINDERY_INVALID_IF(
      (d.usage.bits() & ~kBufferUsageAll) != 0, BufferUsageUnknownBits,
      "descriptor.usage ({}) has bits that are not GPUBufferUsage flags (valid bits: 0x{:X}).",
      toString(d.usage), kBufferUsageAll);
  BINDERY_INVALID_IF_FIX(
      d.usage.has(BufferUsage::MapRead) &&
          !d.usage.without(BufferUsage::MapRead | BufferUsage::CopyDst).empty(),
      BufferMapUsageCombination,
      "Use a separate GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST staging buffer and "
      "copyBufferToBuffer into it.",
      "descriptor.usage is {}: GPUBufferUsage.MAP_READ may only be combined with "
      "GPUBufferUsage.COPY_DST, but it also has {}.",
      toString(d.usage), toString(d.usage.without(BufferUsage::MapRead | BufferUsage::CopyDst)));
  BINDERY_INVALID_IF_FIX(
      d.usage.has(BufferUsage::MapWrite) &&
          !d.usage.without(BufferUsage::MapWrite | BufferUsage::CopySrc).empty(),
      BufferMapUsageCombination,
      "Use a separate GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC staging buffer and "
      "copyBufferToBuffer from it, or write with queue.writeBuffer().",
      "descriptor.usage is {}: GPUBufferUsage.MAP_WRITE may only be combined with "
      "GPUBufferUsage.COPY_SRC, but it also has {}.",
      toString(d.usage), toString(d.usage.without(BufferUsage::MapWrite | BufferUsage::CopySrc)));
  BINDERY_INVALID_IF(d.size > device->limits().maxBufferSize, BufferSizeExceedsLimit,
                     "descriptor.size ({}) exceeds the device's maxBufferSize limit ({}).", d.size,
                     device->limits().maxBufferSize);
  // A RangeError in JavaScript (content timeline); a validation error here.
  BINDERY_INVALID_IF(d.mappedAtCreation && d.size % 4 != 0, BufferMappedAtCreationSizeNotAligned,
                     "descriptor.mappedAtCreation is true, so descriptor.size ({}) must be a "
                     "multiple of 4.",
                     d.size);
  return {};
}

BufferBase::BufferBase(DeviceBase* device, const BufferDescriptor& d)
    : ObjectBase(device, ObjectType::Buffer, d.label), size_(d.size), usage_(d.usage) {
  if (d.mappedAtCreation) {
    mapState_ = BufferMapState::Mapped;
    mappedSize_ = size_;
    device->trackMappedBuffer(this);
  }
}

BufferBase::BufferBase(DeviceBase* device, const BufferDescriptor& d, InvalidTag tag)
    : ObjectBase(device, ObjectType::Buffer, d.label, tag), size_(d.size), usage_(d.usage) {
  // An invalid buffer created mappedAtCreation is still mapped on the content
  // timeline; its range is host memory that goes nowhere.
  if (d.mappedAtCreation && d.size % 4 == 0) {
    mapState_ = BufferMapState::Mapped;
    mappedSize_ = size_;
    device->trackMappedBuffer(this);
  }
}

BufferBase::~BufferBase() {
  if (mapState_ != BufferMapState::Unmapped) device()->untrackMappedBuffer(this);
}

namespace {

Exception operationError(ErrorCode code, std::string message) {
  return Exception{ExceptionType::OperationError, code, std::move(message)};
}

}  // namespace

// #dom-gpubuffer-mapasync
void BufferBase::mapAsync(MapModeFlags mode, uint64_t offset, std::optional<uint64_t> size,
                          MapAsyncCallback callback) {
  DeviceBase* dev = device();
  dev->beginCall();
  // The call as the user wrote it, spelled only for an error.
  auto call = [&] {
    return fmt::format("{}.mapAsync({}, {}, {})", describe(), toString(mode), offset,
                       size ? fmt::format("{}", *size) : std::string("undefined"));
  };
  // Content timeline: a second map while mapped or pending rejects at once
  // (the early-reject steps: a validation error, and a rejected promise).
  if (mapState_ != BufferMapState::Unmapped) {
    MaybeError error =
        makeValidationError(ErrorCode::BufferMapStateNotUnmapped,
                            fmt::format("{}'s mapState is '{}'; mapAsync needs an unmapped buffer.",
                                        describe(), bindery::toString(mapState_)));
    error.setFix(mapState_ == BufferMapState::Pending
                     ? "Wait for the earlier mapAsync() to settle (its callback runs at "
                       "device.tick()) before mapping again."
                     : "Call unmap() before mapping the buffer again.");
    std::string message = error->message;
    dev->dispatchError(error.release(), call());
    if (callback) callback(MapAsyncStatus::OperationError, message);
    return;
  }
  // Device timeline (the validation steps): an invalid buffer or a lost
  // device rejects with AbortError, later, through the map failure steps.
  if (!isValid() || dev->isLost()) {
    return failMapLater(std::move(callback), MapAsyncStatus::AbortError,
                        dev->isLost() ? "The device is lost." : "The buffer is invalid.");
  }
  uint64_t rangeSize = size.value_or(size_ > offset ? size_ - offset : 0);
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateUsable("this"));
    BINDERY_INVALID_IF((mode.bits() & ~0x3u) != 0, BufferMapModeInvalid,
                       "mode ({}) has bits that are not GPUMapMode flags.", toString(mode));
    BINDERY_INVALID_IF_FIX(mode.has(MapMode::Read) == mode.has(MapMode::Write),
                           BufferMapModeInvalid, "Pass GPUMapMode.READ or GPUMapMode.WRITE.",
                           "mode is {}; it must contain exactly one of GPUMapMode.READ and "
                           "GPUMapMode.WRITE.",
                           toString(mode));
    BINDERY_INVALID_IF(offset % 8 != 0, BufferMapOffsetNotAligned,
                       "offset ({}) is not a multiple of 8.", offset);
    BINDERY_INVALID_IF(rangeSize % 4 != 0, BufferMapSizeNotAligned,
                       "The range size ({}{}) is not a multiple of 4.", rangeSize,
                       size ? "" : ", from offset to the end of the buffer");
    BINDERY_INVALID_IF(offset > size_ || rangeSize > size_ - offset, BufferMapOutOfBounds,
                       "The range [{}, {}) is outside the buffer (size {}).", offset,
                       offset + rangeSize, size_);
    BINDERY_INVALID_IF_FIX(mode.has(MapMode::Read) && !usage_.has(BufferUsage::MapRead),
                           BufferMapUsageMissing,
                           "Create the buffer with GPUBufferUsage.MAP_READ (| COPY_DST), or "
                           "copy into such a staging buffer.",
                           "GPUMapMode.READ needs GPUBufferUsage.MAP_READ, but the buffer's usage "
                           "is {}.",
                           toString(usage_));
    BINDERY_INVALID_IF_FIX(mode.has(MapMode::Write) && !usage_.has(BufferUsage::MapWrite),
                           BufferMapUsageMissing,
                           "Create the buffer with GPUBufferUsage.MAP_WRITE (| COPY_SRC), or "
                           "use queue.writeBuffer().",
                           "GPUMapMode.WRITE needs GPUBufferUsage.MAP_WRITE, but the buffer's "
                           "usage is {}.",
                           toString(usage_));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    // A validation error now (in the call's error scope); the promise
    // rejects with OperationError later (#dom-gpubuffer-mapasync).
    std::string message = error->message;
    dev->dispatchError(error.release(), call());
    return failMapLater(std::move(callback), MapAsyncStatus::OperationError, std::move(message));
  }
  // Pending until the GPU has finished the work submitted so far (the first
  // tick after the backend's serial completes).
  mapState_ = BufferMapState::Pending;
  pendingCallback_ = std::move(callback);
  // A serial unique on the device: a completion still queued after unmap()
  // (or after the buffer died and another took its address) does nothing.
  static std::atomic<uint64_t> serials{0};
  uint64_t serial = mapSerial_ = ++serials;
  dev->trackMappedBuffer(this);
  // The event holds no reference (a pending map must not keep the buffer,
  // and through it the device, alive): a buffer still pending when it runs
  // is still tracked by the device.
  BufferBase* self = this;
  dev->enqueueEventAfter(dev->backend().lastSubmittedSerial(),
                         [dev, self, serial, mode, offset, rangeSize] {
                           if (dev->isMappedBufferTracked(self)) {
                             self->completeMap(serial, mode, offset, rangeSize);
                           }
                         });
}

void BufferBase::failMapLater(MapAsyncCallback callback, MapAsyncStatus status,
                              std::string message) {
  DeviceBase* dev = device();
  mapState_ = BufferMapState::Pending;
  mapFails_ = true;
  pendingCallback_ = std::move(callback);
  static std::atomic<uint64_t> failSerials{0};

  // only equality with mapSerial_ matters and both are checked with it).
  uint64_t serial = mapSerial_ = (++failSerials << 1) | (uint64_t{1} << 63);
  dev->trackMappedBuffer(this);
  BufferBase* self = this;
  dev->enqueueEvent([dev, self, serial, status, message = std::move(message)] {
    if (!dev->isMappedBufferTracked(self)) return;
    // The map failure steps: nothing when unmap() cancelled the map.
    if (serial != self->mapSerial_ || self->mapState_ != BufferMapState::Pending) return;
    MapAsyncCallback pending = std::move(self->pendingCallback_);
    self->pendingCallback_ = nullptr;
    self->mapState_ = BufferMapState::Unmapped;
    self->mapFails_ = false;
    dev->untrackMappedBuffer(self);
    if (pending) pending(status, message);
  });
}

// The "map success steps" (or failure, when the device was lost meanwhile).
void BufferBase::completeMap(uint64_t serial, MapModeFlags mode, uint64_t offset, uint64_t size) {
  if (serial != mapSerial_ || mapState_ != BufferMapState::Pending) return;  // cancelled
  MapAsyncCallback callback = std::move(pendingCallback_);
  pendingCallback_ = nullptr;
  if (device()->isLost()) {
    mapState_ = BufferMapState::Unmapped;
    device()->untrackMappedBuffer(this);
    if (callback)
      callback(MapAsyncStatus::AbortError, "The device was lost before the map finished.");
    return;
  }
  // The GPU is done with the buffer: the backend hands out its bytes.
  backend::Result<uint8_t*> mapped = backendObject()->map(mode, offset, size);
  if (mapped.isError()) {
    mapState_ = BufferMapState::Unmapped;
    device()->untrackMappedBuffer(this);
    reportBackendError(device(), mapped.error(), fmt::format("{}.mapAsync", describe()));
    if (callback) {
      callback(device()->isLost() ? MapAsyncStatus::AbortError : MapAsyncStatus::OperationError,
               mapped.error().message);
    }
    return;
  }
  mapState_ = BufferMapState::Mapped;
  mapMode_ = mode;
  mappedOffset_ = offset;
  mappedSize_ = size;
  mappedViews_.clear();
  if (mode.has(MapMode::Read)) {
    // The mapping's data is a copy: local writes are discarded at unmap().
    if (size > readCopyCapacity_) {
      readCopy_.reset(new (std::nothrow) uint8_t[size]);
      readCopyCapacity_ = readCopy_ ? size : 0;
    }
    if (size > 0 && readCopy_ && mapped.value()) {
      std::memcpy(readCopy_.get(), mapped.value(), size);
    }
    if (backend::Status status = backendObject()->unmap(); status.isError()) {
      reportBackendError(device(), status.error(), fmt::format("{}.mapAsync", describe()));
    }
  } else {
    mapped_ = mapped.value();
  }
  if (callback) callback(MapAsyncStatus::Success, "");
}

// #dom-gpubuffer-getmappedrange
MappedRange BufferBase::tryGetMappedRange(uint64_t offset, std::optional<uint64_t> size) {
  MappedRange result;
  uint64_t rangeSize = size.value_or(size_ > offset ? size_ - offset : 0);
  auto fail = [&](ErrorCode code, std::string message) {
    result.error = operationError(
        code, fmt::format("{}.getMappedRange({}, {}): {}", describe(), offset,
                          size ? fmt::format("{}", *size) : std::string("undefined"), message));
    return result;
  };
  if (mapState_ != BufferMapState::Mapped) {
    return fail(
        ErrorCode::BufferNotMapped,
        fmt::format("the buffer is not mapped (mapState is '{}'); {}", bindery::toString(mapState_),
                    mapState_ == BufferMapState::Pending
                        ? "wait for mapAsync()'s callback (device.tick())."
                        : "map it with mapAsync() first."));
  }
  if (offset % 8 != 0) {
    return fail(ErrorCode::BufferMappedRangeOffsetNotAligned,
                fmt::format("offset ({}) is not a multiple of 8.", offset));
  }
  if (rangeSize % 4 != 0) {
    return fail(ErrorCode::BufferMappedRangeSizeNotAligned,
                fmt::format("the size ({}) is not a multiple of 4.", rangeSize));
  }
  uint64_t mappedEnd = mappedOffset_ + mappedSize_;
  if (offset < mappedOffset_ || offset > mappedEnd || rangeSize > mappedEnd - offset) {
    return fail(ErrorCode::BufferMappedRangeOutOfBounds,
                fmt::format("[{}, {}) is outside the mapped range [{}, {}).", offset,
                            offset + rangeSize, mappedOffset_, mappedEnd));
  }
  for (const auto& [begin, end] : mappedViews_) {
    if (offset < end && begin < offset + rangeSize) {
      return fail(ErrorCode::BufferMappedRangeOverlap,
                  fmt::format("[{}, {}) overlaps the range [{}, {}) returned earlier.", offset,
                              offset + rangeSize, begin, end));
    }
  }
  mappedViews_.emplace_back(offset, offset + rangeSize);
  if (mapMode_.has(MapMode::Read) && readCopy_) {
    result.data = readCopy_.get() + (offset - mappedOffset_);
  } else {
    uint8_t* bytes = mapWritable();
    result.data = bytes ? bytes + (offset - mappedOffset_) : nullptr;
  }
  result.size = rangeSize;
  return result;
}

uint8_t* BufferBase::mapWritable() {
  if (mapped_ || size_ == 0) return mapped_;
  if (!backendObject() || device()->isLost()) {
    // Invalid buffers get a scratch mapping so mappedAtCreation writes land somewhere.
    if (!scratch_) scratch_.reset(new (std::nothrow) uint8_t[size_]());
    return scratch_.get();
  }
  // mappedAtCreation: the backend maps the whole buffer on first use.
  backend::Result<uint8_t*> mapped = backendObject()->map({}, 0, size_);
  if (mapped.isError()) {
    reportBackendError(device(), mapped.error(), fmt::format("{}.getMappedRange", describe()));
    return nullptr;
  }
  mapped_ = mapped.value();
  return mapped_;
}

// #dom-gpubuffer-unmap
void BufferBase::unmap() {
  MapAsyncCallback pending = std::move(pendingCallback_);
  pendingCallback_ = nullptr;
  bool wasPending = mapState_ == BufferMapState::Pending;
  if (mapState_ != BufferMapState::Unmapped) device()->untrackMappedBuffer(this);
  mapSerial_ = 0;  // a completion still queued is now cancelled
  mapFails_ = false;
  if (mapped_ && backendObject() && !device()->isLost()) {
    // Written bytes reach the buffer.
    if (backend::Status status = backendObject()->unmap(); status.isError()) {
      reportBackendError(device(), status.error(), fmt::format("{}.unmap()", describe()));
    }
  }
  mapped_ = nullptr;
  mapState_ = BufferMapState::Unmapped;
  mappedOffset_ = mappedSize_ = 0;
  mapMode_ = {};
  mappedViews_.clear();
  // READ mappings discard local writes; a small copy stays for the next map.
  if (readCopyCapacity_ > kKeptReadCopy) {
    readCopy_.reset();
    readCopyCapacity_ = 0;
  }
  if (wasPending && pending) {
    pending(MapAsyncStatus::AbortError, "The buffer was unmapped before the map finished.");
  }
}

// #dom-gpubuffer-destroy
void BufferBase::destroy() {
  unmap();
  if (!destroyed_ && backendObject() && !device()->isLost()) backendObject()->destroy();
  destroyed_ = true;
}

MaybeError BufferBase::validateAvailable(std::string_view what) const {
  BINDERY_TRY(validateUsable(what));
  BINDERY_INVALID_IF_FIX(mapState_ != BufferMapState::Unmapped && !mapFails_, BufferMappedInUse,
                         "Call unmap() before using the buffer on the GPU.",
                         "{} is {}, whose mapState is '{}'; the GPU cannot use a buffer while it "
                         "is mapped or a map is pending.",
                         what, describe(), bindery::toString(mapState_));
  return {};
}

MaybeError BufferBase::validateUsable(std::string_view what) const {
  BINDERY_INVALID_IF(destroyed_, BufferDestroyed, "{} is {}, which was destroyed.", what,
                     describe());
  return {};
}

Ref<BufferBase> DeviceBase::createBuffer(const BufferDescriptor& descriptor) {
  beginCall();
  if (isLost()) return Ref<BufferBase>::adopt(new BufferBase(this, descriptor, InvalidTag{}));
  if (MaybeError error = validateBufferDescriptor(this, descriptor); error.isError()) {
    auto buffer = Ref<BufferBase>::adopt(new BufferBase(this, descriptor, InvalidTag{}));
    buffer->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createBuffer({})", describe(),
                              core::describe(ObjectType::Buffer, descriptor.label)));
    return buffer;
  }
  auto buffer = Ref<BufferBase>::adopt(new BufferBase(this, descriptor));
  realise(this, *buffer, backend().createBuffer(*buffer, descriptor.mappedAtCreation),
          [&] { return fmt::format("{}.createBuffer({})", describe(), buffer->describe()); });
  return buffer;
}

}  // namespace bindery::core

namespace bindery {

using core::BufferBase;
using core::fromHandle;

Buffer Device::createBuffer(const BufferDescriptor& descriptor) const {
  return core::toHandle<Buffer>(fromHandle<core::DeviceBase>(*this)->createBuffer(descriptor));
}

std::string_view Buffer::label() const {
  return fromHandle<BufferBase>(*this)->label();
}
void Buffer::setLabel(std::string_view l) {
  fromHandle<BufferBase>(*this)->setLabel(l);
}
uint64_t Buffer::size() const {
  return fromHandle<BufferBase>(*this)->size();
}
BufferUsageFlags Buffer::usage() const {
  return fromHandle<BufferBase>(*this)->usage();
}
BufferMapState Buffer::mapState() const {
  return fromHandle<BufferBase>(*this)->mapState();
}
void* Buffer::getMappedRange(uint64_t offset, std::optional<uint64_t> size) {
  return fromHandle<BufferBase>(*this)->getMappedRange(offset, size);
}
void Buffer::mapAsync(MapModeFlags mode, uint64_t offset, std::optional<uint64_t> size,
                      MapAsyncCallback callback) {
  fromHandle<BufferBase>(*this)->mapAsync(mode, offset, size, std::move(callback));
}
MappedRange Buffer::tryGetMappedRange(uint64_t offset, std::optional<uint64_t> size) {
  return fromHandle<BufferBase>(*this)->tryGetMappedRange(offset, size);
}
std::string_view toString(MapAsyncStatus status) {
  switch (status) {
    case MapAsyncStatus::Success: return "success";
    case MapAsyncStatus::OperationError: return "OperationError";
    case MapAsyncStatus::AbortError: return "AbortError";
  }
  return "unknown";
}
std::string_view toString(ExceptionType type) {
  switch (type) {
    case ExceptionType::OperationError: return "OperationError";
    case ExceptionType::RangeError: return "RangeError";
    case ExceptionType::AbortError: return "AbortError";
    case ExceptionType::TypeError: return "TypeError";
    case ExceptionType::InvalidStateError: return "InvalidStateError";
  }
  return "Error";
}
void Buffer::unmap() {
  fromHandle<BufferBase>(*this)->unmap();
}
void Buffer::destroy() {
  fromHandle<BufferBase>(*this)->destroy();
}

}  // namespace bindery
