#include "backends/vulkan/host_allocator.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>

namespace bindery::vulkan {
namespace {

// Every block starts with one alignment unit (at least 16 bytes) whose last
// 16 bytes say the block's size and alignment; the driver gets the address
// just past it.
struct Header {
  uint64_t size;
  uint64_t alignment;
};

Header& headerOf(void* memory) {
  return *reinterpret_cast<Header*>(static_cast<char*>(memory) - sizeof(Header));
}

void* baseOf(void* memory) {
  return static_cast<char*>(memory) - headerOf(memory).alignment;
}

uint64_t keyOf(size_t size, size_t alignment) {
  return (static_cast<uint64_t>(size) << 6) |
         static_cast<uint64_t>(std::countr_zero(static_cast<uint64_t>(alignment)));
}

}  // namespace

HostAllocator::HostAllocator() {
  callbacks_.pUserData = this;
  callbacks_.pfnAllocation = &HostAllocator::allocate;
  callbacks_.pfnReallocation = &HostAllocator::reallocate;
  callbacks_.pfnFree = &HostAllocator::free;
}

HostAllocator::~HostAllocator() {
  for (auto& [key, blocks] : kept_) {
    for (void* base : blocks) std::free(base);
  }
}

uint64_t HostAllocator::keptBytes() {
  std::lock_guard lock(mutex_);
  return keptBytes_;
}

void* HostAllocator::allocate(size_t size, size_t alignment) {
  // Vulkan's alignments are powers of two; large blocks are at least 64
  // bytes aligned, so one kept block serves every alignment up to that.
  alignment = std::max(alignment, sizeof(Header));
  bool large = size >= kLargeBlock;
  if (large) {
    alignment = std::max<size_t>(alignment, 64);
    largeAllocations_.fetch_add(1, std::memory_order_relaxed);
    std::lock_guard lock(mutex_);
    auto it = kept_.find(keyOf(size, alignment));
    if (it != kept_.end() && !it->second.empty()) {
      void* base = it->second.back();
      it->second.pop_back();
      keptBytes_ -= size;
      reused_.fetch_add(1, std::memory_order_relaxed);
      return static_cast<char*>(base) + alignment;
    }
  }
  if (size > SIZE_MAX - alignment) return nullptr;
  void* base = nullptr;
  if (posix_memalign(&base, alignment, alignment + size) != 0) return nullptr;
  void* memory = static_cast<char*>(base) + alignment;
  headerOf(memory) = {size, alignment};
  return memory;
}

void HostAllocator::release(void* memory) {
  if (memory == nullptr) return;
  Header header = headerOf(memory);
  void* base = baseOf(memory);
  if (header.size >= kLargeBlock) {
    std::lock_guard lock(mutex_);
    if (keptBytes_ + header.size <= kMaxKeptBytes) {
      kept_[keyOf(header.size, header.alignment)].push_back(base);
      keptBytes_ += header.size;
      return;
    }
  }
  std::free(base);
}

void* VKAPI_CALL HostAllocator::allocate(void* self, size_t size, size_t alignment,
                                         VkSystemAllocationScope) {
  return static_cast<HostAllocator*>(self)->allocate(size, alignment);
}

void* VKAPI_CALL HostAllocator::reallocate(void* self, void* original, size_t size,
                                           size_t alignment, VkSystemAllocationScope) {
  auto* allocator = static_cast<HostAllocator*>(self);
  if (original == nullptr) return allocator->allocate(size, alignment);
  if (size == 0) {
    allocator->release(original);
    return nullptr;
  }
  void* memory = allocator->allocate(size, alignment);
  if (memory == nullptr) return nullptr;  // the original stays valid
  std::memcpy(memory, original, std::min<size_t>(size, headerOf(original).size));
  allocator->release(original);
  return memory;
}

void VKAPI_CALL HostAllocator::free(void* self, void* memory) {
  static_cast<HostAllocator*>(self)->release(memory);
}

}  // namespace bindery::vulkan
