// GPUBuffer on Vulkan: a VkBuffer in sub-allocated memory (device-local, or
// host-visible for MAP_READ / MAP_WRITE), zeroed at creation
// (#buffer-creation), mapped in place when host-visible; mappedAtCreation of
// a device-local buffer writes through staging memory copied at unmap().
#pragma once

#include "backends/vulkan/functions.h"

#include "backends/backend.h"
#include "backends/vulkan/memory_allocator.h"

namespace bindery::core {
class BufferBase;
}

namespace bindery::vulkan {

class Device;

// The range a descriptor is written with for a bound range of `bytes` that
// starts on a 4-byte boundary: whole words. A uniform binding's size need
// not be a multiple of 4 (#bind-group-creation), but shaders read words (a
// `buffer<6>` of f16 reads its last half from word 1), and a word that
// crosses the range's end would read as out of bounds. Every VkBuffer's size
// is a multiple of 4, so the rounded range stays inside it; the bytes it adds
// never reach a shader's result.
inline VkDeviceSize wholeWords(uint64_t bytes) {
  return (bytes + 3) & ~uint64_t{3};
}

class Buffer final : public backend::BufferBackend {
 public:
  static Result<std::unique_ptr<Buffer>> create(Device& device, const core::BufferBase& buffer,
                                                bool mappedAtCreation);
  ~Buffer() override;

  VkBuffer handle() const { return buffer_; }
  uint64_t size() const { return size_; }

  Result<uint8_t*> map(MapModeFlags mode, uint64_t offset, uint64_t size) override;
  Status unmap() override;
  void destroy() override;

  static Buffer& of(const core::BufferBase& buffer);

 private:
  Buffer(Device& device, uint64_t size) : device_(device), size_(size) {}
  Status initialize(BufferUsageFlags usage, bool mappedAtCreation);

  Device& device_;
  uint64_t size_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  Allocation memory_;
  // mappedAtCreation of a device-local buffer: the bytes until unmap().
  VkBuffer uploadBuffer_ = VK_NULL_HANDLE;
  Allocation uploadMemory_;
};

// The VkBufferUsageFlags of a buffer with WebGPU `usage` (transfers always).
VkBufferUsageFlags vkBufferUsage(BufferUsageFlags usage);

}  // namespace bindery::vulkan
