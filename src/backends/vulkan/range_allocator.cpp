// First-fit range allocation inside a block (range_allocator.h).
#include "backends/vulkan/range_allocator.h"

#include <algorithm>
#include <iterator>

namespace bindery::vulkan {

RangeAllocator::RangeAllocator(uint64_t size) : size_(size) {
  if (size > 0) free_.emplace(0, size);
}

std::optional<uint64_t> RangeAllocator::allocate(uint64_t size, uint64_t alignment) {
  if (size == 0) size = 1;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    uint64_t start = it->first;
    uint64_t end = it->first + it->second;
    uint64_t aligned = (start + alignment - 1) & ~(alignment - 1);
    if (aligned < start || aligned > end || end - aligned < size) continue;
    // Split the free range into what is left before and after the allocation.
    free_.erase(it);
    if (aligned > start) free_.emplace(start, aligned - start);
    if (aligned + size < end) free_.emplace(aligned + size, end - aligned - size);
    used_ += size;
    return aligned;
  }
  return std::nullopt;
}

void RangeAllocator::free(uint64_t offset, uint64_t size) {
  if (size == 0) size = 1;
  used_ -= size;
  auto next = free_.lower_bound(offset);
  uint64_t start = offset;
  uint64_t end = offset + size;
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      free_.erase(prev);
    }
  }
  if (next != free_.end() && next->first == end) {
    end += next->second;
    free_.erase(next);
  }
  free_.emplace(start, end - start);
}

uint64_t RangeAllocator::largestFreeRange() const {
  uint64_t largest = 0;
  for (const auto& [offset, size] : free_) largest = std::max(largest, size);
  return largest;
}

}  // namespace bindery::vulkan
