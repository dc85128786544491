// First-fit free-list allocation of ranges inside one memory block (no
// Vulkan): the bookkeeping half of the memory allocator, tested on its own.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace bindery::vulkan {

class RangeAllocator {
 public:
  explicit RangeAllocator(uint64_t size);

  // The offset of `size` bytes aligned to `alignment` (a power of two), or
  // nothing when no free range is large enough.
  std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment);
  // Returns [offset, offset + size) (as allocate() gave it); merges it with
  // free neighbours.
  void free(uint64_t offset, uint64_t size);

  uint64_t size() const { return size_; }
  uint64_t usedBytes() const { return used_; }
  bool empty() const { return used_ == 0; }
  // The largest free range (for fragmentation checks).
  uint64_t largestFreeRange() const;
  size_t freeRangeCount() const { return free_.size(); }

 private:
  uint64_t size_;
  uint64_t used_ = 0;
  std::map<uint64_t, uint64_t> free_;  // offset -> size, non-adjacent
};

}  // namespace bindery::vulkan
