// BufferBase: a GPUBuffer inside the core (#gpubuffer).
#pragma once

#include <memory>
#include <optional>

#include "bindery/buffer.h"
#include "core/backend.h"
#include "core/error_data.h"
#include "core/object_base.h"

namespace bindery::core {

class BufferBase final : public ObjectBase {
 public:
  BufferBase(DeviceBase* device, const BufferDescriptor& descriptor,
             std::unique_ptr<backend::BufferStorage> storage);
  BufferBase(DeviceBase* device, const BufferDescriptor& descriptor, InvalidTag);
  ~BufferBase() override;

  uint64_t size() const { return size_; }
  BufferUsageFlags usage() const { return usage_; }
  BufferMapState mapState() const { return mapState_; }
  bool isDestroyed() const { return destroyed_; }
  backend::BufferStorage* storage() const { return storage_.get(); }

  void* getMappedRange(uint64_t offset, std::optional<uint64_t> size);
  void unmap();
  void destroy();

  // Checks the buffer is usable in a command or submit: valid and not destroyed.
  MaybeError validateUsable(std::string_view what) const;

 private:
  uint64_t size_;
  BufferUsageFlags usage_;
  BufferMapState mapState_ = BufferMapState::Unmapped;
  bool destroyed_ = false;
  uint64_t mappedOffset_ = 0;
  uint64_t mappedSize_ = 0;
  std::unique_ptr<backend::BufferStorage> storage_;
};

MaybeError validateBufferDescriptor(const DeviceBase* device, const BufferDescriptor& descriptor);

}  // namespace bindery::core
