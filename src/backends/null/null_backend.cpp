// The validating null device's backend: no GPU, data kept in host memory so
// a written buffer or texture reads back.
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "core/device/backend.h"

namespace bindery::core::backend {

namespace {

class NullBufferStorage final : public BufferStorage {
 public:
  explicit NullBufferStorage(uint64_t size) : size_(size) {}
  uint8_t* bytes() override {
    if (!bytes_ && size_ > 0) {
      // Zero-filled on first use (#buffer-creation: "each byte is zero").
      bytes_.reset(new (std::nothrow) uint8_t[size_]());
    }
    return bytes_.get();
  }

 private:
  uint64_t size_;
  std::unique_ptr<uint8_t[]> bytes_;
};

class NullTextureStorage final : public TextureStorage {
 public:
  explicit NullTextureStorage(uint32_t subresourceCount) : subresources_(subresourceCount) {}
  uint8_t* subresource(uint32_t index, uint64_t size, bool allocate) override {
    if (index >= subresources_.size()) return nullptr;
    std::unique_ptr<uint8_t[]>& bytes = subresources_[index];
    if (!bytes && allocate && size > 0) bytes.reset(new (std::nothrow) uint8_t[size]());
    return bytes.get();
  }

 private:
  std::vector<std::unique_ptr<uint8_t[]>> subresources_;
};

class NullDeviceBackend final : public DeviceBackend {
 public:
  const char* name() const override { return "null"; }
  std::unique_ptr<BufferStorage> createBufferStorage(uint64_t size) override {
    return std::make_unique<NullBufferStorage>(size);
  }
  std::unique_ptr<TextureStorage> createTextureStorage(uint32_t subresourceCount) override {
    return std::make_unique<NullTextureStorage>(subresourceCount);
  }
};

}  // namespace

std::unique_ptr<DeviceBackend> createNullBackend() {
  return std::make_unique<NullDeviceBackend>();
}

}  // namespace bindery::core::backend
