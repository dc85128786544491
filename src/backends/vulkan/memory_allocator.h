// Sub-allocation of VkDeviceMemory: one pool of blocks per (memory type,
// linear or optimal resource) pair, ranges inside a block by first fit
// (range_allocator.h); an allocation larger than half a block gets its own
// VkDeviceMemory. Host-visible blocks stay mapped for their whole life.
#pragma once

#include "backends/vulkan/functions.h"

#include <cstdint>
#include <memory>
#include <vector>

#include "backends/vulkan/error.h"
#include "backends/vulkan/range_allocator.h"

namespace bindery::vulkan {

// What the memory is for.
enum class MemoryUse : uint8_t {
  GpuOnly,   // device-local: buffers without MAP_*, textures
  Upload,    // host-visible + coherent: MAP_WRITE buffers, staging
  Readback,  // host-visible + coherent, cached when possible: MAP_READ buffers
};

struct MemoryBlock;

struct Allocation {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = 0;
  uint8_t* mapped = nullptr;     // host pointer to `offset`, for host-visible memory
  MemoryBlock* block = nullptr;  // null: a dedicated allocation
  uint32_t memoryType = 0;
  bool isValid() const { return memory != VK_NULL_HANDLE; }
};

class MemoryAllocator {
 public:
  struct Options {
    VkDeviceSize blockSize = VkDeviceSize{64} << 20;
    // Host-visible memory given to GPU-only resources is mapped (a buffer is
    // then zeroed and written by the CPU). False makes such memory behave as
    // a discrete GPU's (fills and uploads on the GPU): the tests run those
    // paths on lavapipe, whose only memory type is host-visible.
    bool mapGpuOnlyMemory = true;
  };
  MemoryAllocator(VkDevice device, const VkPhysicalDeviceMemoryProperties& properties,
                  Options options);
  ~MemoryAllocator();
  MemoryAllocator(const MemoryAllocator&) = delete;
  MemoryAllocator& operator=(const MemoryAllocator&) = delete;

  // Memory for a resource with `requirements`; `linear` for buffers, false for
  // optimal-tiling images (kept in separate blocks, so bufferImageGranularity
  // never applies). OutOfMemory when the heap cannot hold it or the driver
  // refuses.
  Result<Allocation> allocate(const VkMemoryRequirements& requirements, MemoryUse use, bool linear);
  // Returns the memory at once (callers defer this until the GPU is done).
  void free(Allocation& allocation);

  // The memory type chosen for `use` among `typeBits`, or nothing.
  std::optional<uint32_t> chooseMemoryType(uint32_t typeBits, MemoryUse use) const;

  // For tests: VkDeviceMemory objects alive, bytes sub-allocated or dedicated.
  size_t deviceMemoryCount() const;
  VkDeviceSize heapUsage(uint32_t heap) const { return heapUsage_[heap]; }
  VkDeviceSize blockSize() const { return options_.blockSize; }

 private:
  Result<VkDeviceMemory> allocateDeviceMemory(VkDeviceSize size, uint32_t type, bool map,
                                              uint8_t** mapped);
  void freeDeviceMemory(VkDeviceMemory memory, VkDeviceSize size, uint32_t type);

  VkDevice device_;
  VkPhysicalDeviceMemoryProperties properties_;
  Options options_;
  // pools_[(type * 2 + linear) * 2 + mapped]
  std::vector<std::vector<std::unique_ptr<MemoryBlock>>> pools_;
  VkDeviceSize heapUsage_[VK_MAX_MEMORY_HEAPS] = {};
  size_t dedicatedCount_ = 0;
};

struct MemoryBlock {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  uint8_t* mapped = nullptr;
  uint32_t pool = 0;
  RangeAllocator ranges;
  explicit MemoryBlock(VkDeviceSize size) : ranges(size) {}
};

}  // namespace bindery::vulkan
