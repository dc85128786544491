// GPUBuffer: #buffer-creation, #buffer-destruction, and the mapping a buffer
// has from mappedAtCreation. (mapAsync arrives with the queue.)
#include "core/buffer.h"

#include <fmt/format.h>

#include "core/device.h"
#include "core/handles.h"

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

BufferBase::BufferBase(DeviceBase* device, const BufferDescriptor& d,
                       std::unique_ptr<backend::BufferStorage> storage)
    : ObjectBase(device, ObjectType::Buffer, d.label),
      size_(d.size),
      usage_(d.usage),
      storage_(std::move(storage)) {
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

void* BufferBase::getMappedRange(uint64_t offset, std::optional<uint64_t> size) {
  if (mapState_ != BufferMapState::Mapped) return nullptr;
  uint64_t rangeSize = size.value_or(mappedSize_ > offset ? mappedSize_ - offset : 0);
  if (offset % 8 != 0 || rangeSize % 4 != 0 || offset < mappedOffset_ ||
      offset + rangeSize > mappedOffset_ + mappedSize_ || offset + rangeSize < offset) {
    return nullptr;
  }
  if (!storage_) {
    // Invalid buffers get a scratch mapping so mappedAtCreation writes land somewhere.
    storage_ = device()->backend().createBufferStorage(size_);
  }
  uint8_t* bytes = storage_ ? storage_->bytes() : nullptr;
  return bytes ? bytes + offset : nullptr;
}

void BufferBase::unmap() {
  if (mapState_ != BufferMapState::Unmapped) device()->untrackMappedBuffer(this);
  mapState_ = BufferMapState::Unmapped;
  mappedOffset_ = mappedSize_ = 0;
}

// #dom-gpubuffer-destroy
void BufferBase::destroy() {
  unmap();
  destroyed_ = true;
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
  return Ref<BufferBase>::adopt(
      new BufferBase(this, descriptor, backend().createBufferStorage(descriptor.size)));
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
void Buffer::unmap() {
  fromHandle<BufferBase>(*this)->unmap();
}
void Buffer::destroy() {
  fromHandle<BufferBase>(*this)->destroy();
}

}  // namespace bindery
