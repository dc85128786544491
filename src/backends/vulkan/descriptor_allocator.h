// Descriptor sets for bind groups, from a few large VkDescriptorPools shared
// by every set layout of the device (never a pool per group or per layout:
// drivers may map memory per pool, and 100,000 live bind groups must neither
// exhaust the process's map count nor slow down).
//
// Each pool holds kSetsPerPool sets and, per descriptor type, kSetsPerPool x
// kDescriptorsPerSet descriptors; when one is full the next with room is
// tried, then a new pool is made. Sets are freed individually
// (VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT). Sets of destroyed bind
// groups are not freed at once: they go back to their set layout
// (bind_group_layout.h), and the next group of that layout reuses them once
// the GPU has finished with them (no vkAllocateDescriptorSets in a steady
// state).
#pragma once

#include "backends/vulkan/functions.h"

#include <cstdint>
#include <vector>

#include "backends/vulkan/error.h"

namespace bindery::vulkan {

struct DescriptorSetAllocation {
  VkDescriptorSet set = VK_NULL_HANDLE;
  uint32_t pool = 0;  // index into the allocator's pools
};

class DescriptorAllocator {
 public:
  static constexpr uint32_t kSetsPerPool = 4096;
  static constexpr uint32_t kDescriptorsPerSet = 4;

  explicit DescriptorAllocator(VkDevice device) : device_(device) {}
  ~DescriptorAllocator();
  DescriptorAllocator(const DescriptorAllocator&) = delete;
  DescriptorAllocator& operator=(const DescriptorAllocator&) = delete;

  Result<DescriptorSetAllocation> allocate(VkDescriptorSetLayout layout);
  void free(const DescriptorSetAllocation& allocation);

  // For tests: pools made, sets allocated from them and not freed.
  size_t poolCount() const { return pools_.size(); }
  uint64_t liveSets() const { return liveSets_; }
  // For tests: descriptor pools and sets alive in the process (every device).
  static uint64_t poolsInProcess();
  static uint64_t setsInProcess();

 private:
  struct Pool {
    VkDescriptorPool pool = VK_NULL_HANDLE;
    uint32_t live = 0;
    bool full = false;  // the last allocation from it failed for lack of room
  };
  Result<uint32_t> makePool();

  VkDevice device_;
  std::vector<Pool> pools_;
  uint32_t current_ = 0;
  uint64_t liveSets_ = 0;
};

}  // namespace bindery::vulkan
