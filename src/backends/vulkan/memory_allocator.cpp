// Sub-allocation of VkDeviceMemory (memory_allocator.h).
#include "backends/vulkan/memory_allocator.h"

#include <fmt/format.h>

#include <algorithm>

namespace bindery::vulkan {

namespace {

constexpr VkMemoryPropertyFlags kHostVisibleCoherent =
    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

// What a memory type must have for `use`, and what is preferred.
VkMemoryPropertyFlags required(MemoryUse use) {
  return use == MemoryUse::GpuOnly ? 0 : kHostVisibleCoherent;
}

// Higher is better.
int score(VkMemoryPropertyFlags flags, MemoryUse use) {
  bool deviceLocal = flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  bool cached = flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  bool hostVisible = flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
  switch (use) {
    case MemoryUse::GpuOnly: return (deviceLocal ? 4 : 0) + (hostVisible ? 0 : 1);
    case MemoryUse::Upload: return deviceLocal ? 0 : 1;  // keep small BAR heaps for the GPU
    case MemoryUse::Readback: return (cached ? 2 : 0) + (deviceLocal ? 0 : 1);
  }
  return 0;
}

std::string_view useName(MemoryUse use) {
  switch (use) {
    case MemoryUse::GpuOnly: return "device-local";
    case MemoryUse::Upload: return "host-visible";
    case MemoryUse::Readback: return "host-visible (readback)";
  }
  return "";
}

}  // namespace

MemoryAllocator::MemoryAllocator(VkDevice device,
                                 const VkPhysicalDeviceMemoryProperties& properties,
                                 Options options)
    : device_(device), properties_(properties), options_(options) {
  pools_.resize(properties.memoryTypeCount * 4);
}

MemoryAllocator::~MemoryAllocator() {
  for (auto& pool : pools_) {
    for (auto& block : pool) {
      vkFreeMemory(device_, block->memory, nullptr);
    }
  }
}

std::optional<uint32_t> MemoryAllocator::chooseMemoryType(uint32_t typeBits, MemoryUse use) const {
  std::optional<uint32_t> best;
  int bestScore = -1;
  for (uint32_t i = 0; i < properties_.memoryTypeCount; ++i) {
    if (!(typeBits & (1u << i))) continue;
    VkMemoryPropertyFlags flags = properties_.memoryTypes[i].propertyFlags;
    if ((flags & required(use)) != required(use)) continue;
    int s = score(flags, use);
    if (s > bestScore) {
      best = i;
      bestScore = s;
    }
  }
  return best;
}

Result<VkDeviceMemory> MemoryAllocator::allocateDeviceMemory(VkDeviceSize size, uint32_t type,
                                                             bool map, uint8_t** mapped) {
  uint32_t heap = properties_.memoryTypes[type].heapIndex;
  VkDeviceSize heapSize = properties_.memoryHeaps[heap].size;
  if (size > heapSize || heapUsage_[heap] > heapSize - size) {
    return backend::outOfMemory(fmt::format(
        "Allocating {} bytes of Vulkan memory (type {}) would exceed its heap: {} of {} bytes "
        "are in use.",
        size, type, heapUsage_[heap], heapSize));
  }
  VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  info.allocationSize = size;
  info.memoryTypeIndex = type;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  BINDERY_VK_TRY(checkVk(vkAllocateMemory(device_, &info, nullptr, &memory),
                         fmt::format("vkAllocateMemory({} bytes, type {})", size, type)));
  *mapped = nullptr;
  if (map && (properties_.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)) {
    void* pointer = nullptr;
    Status status =
        checkVk(vkMapMemory(device_, memory, 0, VK_WHOLE_SIZE, 0, &pointer), "vkMapMemory");
    if (status.isError()) {
      vkFreeMemory(device_, memory, nullptr);
      return status.error();
    }
    *mapped = static_cast<uint8_t*>(pointer);
  }
  heapUsage_[heap] += size;
  return memory;
}

void MemoryAllocator::freeDeviceMemory(VkDeviceMemory memory, VkDeviceSize size, uint32_t type) {
  vkFreeMemory(device_, memory, nullptr);
  heapUsage_[properties_.memoryTypes[type].heapIndex] -= size;
}

Result<Allocation> MemoryAllocator::allocate(const VkMemoryRequirements& requirements,
                                             MemoryUse use, bool linear) {
  std::optional<uint32_t> type = chooseMemoryType(requirements.memoryTypeBits, use);
  if (!type) {
    return backend::internalError(
        fmt::format("No Vulkan memory type is {} among the resource's allowed types (0x{:x}).",
                    useName(use), requirements.memoryTypeBits));
  }
  bool map = use != MemoryUse::GpuOnly || options_.mapGpuOnlyMemory;
  Allocation a;
  a.memoryType = *type;
  a.size = requirements.size;
  // Large resources get their own VkDeviceMemory.
  if (requirements.size > options_.blockSize / 2) {
    Result<VkDeviceMemory> memory = allocateDeviceMemory(requirements.size, *type, map, &a.mapped);
    if (memory.isError()) return memory.error();
    a.memory = memory.value();
    ++dedicatedCount_;
    return a;
  }
  uint32_t poolIndex = (*type * 2 + (linear ? 1 : 0)) * 2 + (map ? 1 : 0);
  std::vector<std::unique_ptr<MemoryBlock>>& pool = pools_[poolIndex];
  VkDeviceSize alignment = std::max<VkDeviceSize>(requirements.alignment, 1);
  for (auto& block : pool) {
    if (std::optional<uint64_t> offset = block->ranges.allocate(requirements.size, alignment)) {
      a.memory = block->memory;
      a.offset = *offset;
      a.block = block.get();
      a.mapped = block->mapped ? block->mapped + *offset : nullptr;
      return a;
    }
  }
  auto block = std::make_unique<MemoryBlock>(options_.blockSize);
  block->pool = poolIndex;
  Result<VkDeviceMemory> memory =
      allocateDeviceMemory(options_.blockSize, *type, map, &block->mapped);
  if (memory.isError()) {
    // A heap that cannot take a whole new block may still take the resource.
    if (memory.error().kind != ErrorKind::OutOfMemory) return memory.error();
    Result<VkDeviceMemory> dedicated =
        allocateDeviceMemory(requirements.size, *type, map, &a.mapped);
    if (dedicated.isError()) return dedicated.error();
    a.memory = dedicated.value();
    ++dedicatedCount_;
    return a;
  }
  block->memory = memory.value();
  std::optional<uint64_t> offset = block->ranges.allocate(requirements.size, alignment);
  a.memory = block->memory;
  a.offset = *offset;
  a.block = block.get();
  a.mapped = block->mapped ? block->mapped + *offset : nullptr;
  pool.push_back(std::move(block));
  return a;
}

void MemoryAllocator::free(Allocation& a) {
  if (!a.isValid()) return;
  if (!a.block) {
    freeDeviceMemory(a.memory, a.size, a.memoryType);
    --dedicatedCount_;
    a = {};
    return;
  }
  MemoryBlock* block = a.block;
  block->ranges.free(a.offset, a.size);
  a = {};
  // An empty block goes back to the driver unless it is its pool's last one
  // (kept so a create/destroy loop does not allocate every time).
  std::vector<std::unique_ptr<MemoryBlock>>& pool = pools_[block->pool];
  if (block->ranges.empty() && pool.size() > 1) {
    auto it = std::find_if(pool.begin(), pool.end(), [&](auto& b) { return b.get() == block; });
    freeDeviceMemory(block->memory, block->ranges.size(), block->pool / 4);
    pool.erase(it);
  }
}

size_t MemoryAllocator::deviceMemoryCount() const {
  size_t count = dedicatedCount_;
  for (const auto& pool : pools_) count += pool.size();
  return count;
}

}  // namespace bindery::vulkan
