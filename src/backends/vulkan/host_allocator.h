// The host memory the Vulkan driver asks of bindery (VkAllocationCallbacks,
// Vulkan spec "Host Memory"), given at vkCreateDevice and
// vkCreateCommandPool.
//
// Why: a command buffer re-recorded every frame makes the driver free its
// command memory at each reset and ask for the same amount again while
// recording. With the C library's allocator those large blocks often go back
// to the kernel in between (a freed mmapped chunk, or a heap top above the
// trim threshold), so every recording writes into fresh pages and takes a
// page fault per 4 KiB. Here blocks of kLargeBlock bytes or more that the
// driver frees are kept, up to kMaxKeptBytes in all, and handed back for its
// next request of the same size; everything else goes to the C library.
#pragma once

#include "backends/vulkan/functions.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace bindery::vulkan {

class HostAllocator {
 public:
  static constexpr size_t kLargeBlock = size_t{64} << 10;
  static constexpr size_t kMaxKeptBytes = size_t{64} << 20;

  HostAllocator();
  ~HostAllocator();
  HostAllocator(const HostAllocator&) = delete;
  HostAllocator& operator=(const HostAllocator&) = delete;

  const VkAllocationCallbacks* callbacks() const { return &callbacks_; }
  // Bytes kept now, for the driver's next requests.
  uint64_t keptBytes();
  // In the whole process: the driver's requests of kLargeBlock bytes or more,
  // and those a kept block answered (tests, benchmark censuses).
  static uint64_t largeAllocationsInProcess() { return largeAllocations_.load(); }
  static uint64_t reusedInProcess() { return reused_.load(); }

 private:
  static void* VKAPI_CALL allocate(void* self, size_t size, size_t alignment,
                                   VkSystemAllocationScope scope);
  static void* VKAPI_CALL reallocate(void* self, void* original, size_t size, size_t alignment,
                                     VkSystemAllocationScope scope);
  static void VKAPI_CALL free(void* self, void* memory);

  void* allocate(size_t size, size_t alignment);
  void release(void* memory);

  VkAllocationCallbacks callbacks_{};
  std::mutex mutex_;  // the driver may call from any thread
  // Kept blocks by (size, alignment): the base pointers of blocks whose
  // header already says that size.
  std::unordered_map<uint64_t, std::vector<void*>> kept_;
  uint64_t keptBytes_ = 0;
  static inline std::atomic<uint64_t> largeAllocations_{0};
  static inline std::atomic<uint64_t> reused_{0};
};

}  // namespace bindery::vulkan
