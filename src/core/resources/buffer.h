// BufferBase: a GPUBuffer inside the core (#gpubuffer).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "bindery/buffer.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class BufferBase final : public ObjectBase, public BackendOwner<backend::BufferBackend> {
 public:
  // A valid buffer; DeviceBase::createBuffer gives it its backend object.
  BufferBase(DeviceBase* device, const BufferDescriptor& descriptor);
  BufferBase(DeviceBase* device, const BufferDescriptor& descriptor, InvalidTag);
  ~BufferBase() override;

  uint64_t size() const { return size_; }
  BufferUsageFlags usage() const { return usage_; }
  BufferMapState mapState() const { return mapState_; }
  bool isDestroyed() const { return destroyed_; }

  // #dom-gpubuffer-mapasync, #dom-gpubuffer-getmappedrange, #dom-gpubuffer-unmap
  void mapAsync(MapModeFlags mode, uint64_t offset, std::optional<uint64_t> size,
                MapAsyncCallback callback);
  MappedRange tryGetMappedRange(uint64_t offset, std::optional<uint64_t> size);
  void* getMappedRange(uint64_t offset, std::optional<uint64_t> size) {
    return tryGetMappedRange(offset, size).data;
  }
  void unmap();
  void destroy();

  // Checks the buffer is usable in a command or submit: valid and not destroyed.
  MaybeError validateUsable(std::string_view what) const;
  // [[internal state]] is "available": not destroyed, not mapped, no pending map.
  // A map that failed validation leaves it available while pending.
  bool isAvailable() const {
    return !destroyed_ && (mapState_ == BufferMapState::Unmapped || mapFails_);
  }
  // Fails with BufferDestroyed or BufferMappedInUse naming `what`.
  MaybeError validateAvailable(std::string_view what) const;

 private:
  uint64_t size_;
  BufferUsageFlags usage_;
  BufferMapState mapState_ = BufferMapState::Unmapped;
  bool destroyed_ = false;
  uint64_t mappedOffset_ = 0;
  uint64_t mappedSize_ = 0;
  MapModeFlags mapMode_;  // empty for mappedAtCreation
  // The pending map's promise: its callback and an id that unmap() changes
  // so a completion arriving after it knows it was cancelled.
  MapAsyncCallback pendingCallback_;
  uint64_t mapSerial_ = 0;
  // The pending map failed on the device timeline: its promise rejects at
  // the next tick (the map failure steps) and the buffer stays available.
  bool mapFails_ = false;
  // [[mapping]].views: ranges handed out by getMappedRange, [begin, end).
  std::vector<std::pair<uint64_t, uint64_t>> mappedViews_;
  // A READ mapping's own copy of the range (writes to it are discarded),
  // of readCopyCapacity_ bytes; kept from one map to the next up to
  // kKeptReadCopy bytes, so a small readback loop allocates nothing.
  std::unique_ptr<uint8_t[]> readCopy_;
  uint64_t readCopyCapacity_ = 0;
  static constexpr uint64_t kKeptReadCopy = 64 * 1024;
  // A WRITE or mappedAtCreation mapping: the backend's pointer to byte
  // mappedOffset_ (null until the first getMappedRange for mappedAtCreation).
  uint8_t* mapped_ = nullptr;
  // An invalid buffer's mappedAtCreation range: host memory that goes nowhere.
  std::unique_ptr<uint8_t[]> scratch_;

  void completeMap(uint64_t serial, MapModeFlags mode, uint64_t offset, uint64_t size);
  // Makes the map pending until the next tick, which runs the map failure
  // steps: rejects with `status` and `message` unless unmap() came first.
  void failMapLater(MapAsyncCallback callback, MapAsyncStatus status, std::string message);
  // The backend's pointer for the current WRITE / mappedAtCreation mapping.
  uint8_t* mapWritable();
};

MaybeError validateBufferDescriptor(const DeviceBase* device, const BufferDescriptor& descriptor);

}  // namespace bindery::core
