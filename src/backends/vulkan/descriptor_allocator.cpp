// Descriptor sets from a few large pools (descriptor_allocator.h).
#include "backends/vulkan/descriptor_allocator.h"

#include <array>
#include <atomic>

namespace bindery::vulkan {

namespace {

constexpr std::array<VkDescriptorType, 7> kPoolTypes = {
    VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
    VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,  VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
    VK_DESCRIPTOR_TYPE_SAMPLER,
};

std::atomic<uint64_t> gPools{0};
std::atomic<uint64_t> gSets{0};

bool outOfRoom(VkResult result) {
  return result == VK_ERROR_OUT_OF_POOL_MEMORY || result == VK_ERROR_FRAGMENTED_POOL;
}

}  // namespace

uint64_t DescriptorAllocator::poolsInProcess() {
  return gPools.load();
}
uint64_t DescriptorAllocator::setsInProcess() {
  return gSets.load();
}

DescriptorAllocator::~DescriptorAllocator() {
  for (Pool& pool : pools_) vkDestroyDescriptorPool(device_, pool.pool, nullptr);
  gPools -= pools_.size();
  gSets -= liveSets_;
}

Result<uint32_t> DescriptorAllocator::makePool() {
  std::array<VkDescriptorPoolSize, kPoolTypes.size()> sizes{};
  for (size_t i = 0; i < kPoolTypes.size(); ++i) {
    sizes[i] = {kPoolTypes[i], kSetsPerPool * kDescriptorsPerSet};
  }
  VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  info.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  info.maxSets = kSetsPerPool;
  info.poolSizeCount = static_cast<uint32_t>(sizes.size());
  info.pPoolSizes = sizes.data();
  VkDescriptorPool pool = VK_NULL_HANDLE;
  BINDERY_VK_TRY(
      checkVk(vkCreateDescriptorPool(device_, &info, nullptr, &pool), "vkCreateDescriptorPool"));
  pools_.push_back({pool, 0, false});
  ++gPools;
  return static_cast<uint32_t>(pools_.size() - 1);
}

Result<DescriptorSetAllocation> DescriptorAllocator::allocate(VkDescriptorSetLayout layout) {
  VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  info.descriptorSetCount = 1;
  info.pSetLayouts = &layout;
  // The current pool, then every other pool not known to be full, then a new one.
  for (size_t tried = 0; tried <= pools_.size(); ++tried) {
    uint32_t index = current_;
    bool fresh = false;
    if (tried > 0 || pools_.empty()) {
      index = static_cast<uint32_t>(pools_.size());
      for (uint32_t i = 0; i < pools_.size(); ++i) {
        if (!pools_[i].full && i != current_) {
          index = i;
          break;
        }
      }
      if (index == pools_.size()) {
        Result<uint32_t> made = makePool();
        if (made.isError()) return made.error();
        index = made.value();
        fresh = true;
      }
    }
    Pool& pool = pools_[index];
    info.descriptorPool = pool.pool;
    VkDescriptorSet set = VK_NULL_HANDLE;
    VkResult result = vkAllocateDescriptorSets(device_, &info, &set);
    if (outOfRoom(result)) {
      pool.full = true;
      if (fresh) break;
      continue;
    }
    BINDERY_VK_TRY(checkVk(result, "vkAllocateDescriptorSets"));
    current_ = index;
    ++pool.live;
    ++liveSets_;
    ++gSets;
    return DescriptorSetAllocation{set, index};
  }
  return backend::outOfMemory(
      "vkAllocateDescriptorSets: no descriptor pool has room for a set of this layout, even a "
      "new one (the layout needs more descriptors of one type than a pool holds).");
}

void DescriptorAllocator::free(const DescriptorSetAllocation& allocation) {
  Pool& pool = pools_[allocation.pool];
  vkFreeDescriptorSets(device_, pool.pool, 1, &allocation.set);
  --pool.live;
  --liveSets_;
  --gSets;
  pool.full = false;
}

}  // namespace bindery::vulkan
