// Staging memory for uploads (queue writes, mappedAtCreation of GPU-only
// buffers): host-visible VkBuffers of a fixed chunk size, bump-allocated,
// each reused once the serial of its last use has completed. An upload larger
// than a chunk gets a chunk of its own, freed after use.
#pragma once

#include "backends/vulkan/functions.h"

#include <deque>
#include <memory>
#include <vector>

#include "backends/vulkan/error.h"
#include "backends/vulkan/memory_allocator.h"

namespace bindery::vulkan {

struct StagingSpan {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  uint8_t* data = nullptr;
};

class StagingRing {
 public:
  StagingRing(VkDevice device, MemoryAllocator& allocator, VkDeviceSize chunkSize);
  ~StagingRing();
  StagingRing(const StagingRing&) = delete;
  StagingRing& operator=(const StagingRing&) = delete;

  // `size` bytes aligned to `alignment`, used by work of serial `serial`
  // (the pending serial).
  Result<StagingSpan> allocate(VkDeviceSize size, VkDeviceSize alignment, Serial serial);
  // Chunks whose last use completed become free again.
  void reclaim(Serial completed);
  size_t chunkCount() const { return chunks_.size(); }

 private:
  struct Chunk {
    VkBuffer buffer = VK_NULL_HANDLE;
    Allocation memory;
    VkDeviceSize size = 0;
    VkDeviceSize used = 0;
    Serial lastUse = 0;
  };
  Result<std::unique_ptr<Chunk>> makeChunk(VkDeviceSize size);
  void destroyChunk(Chunk& chunk);

  VkDevice device_;
  MemoryAllocator& allocator_;
  VkDeviceSize chunkSize_;
  std::vector<std::unique_ptr<Chunk>> chunks_;  // chunks_.back() is the current one
};

}  // namespace bindery::vulkan
