// Staging memory for uploads (staging.h).
#include "backends/vulkan/staging.h"

#include <algorithm>

namespace bindery::vulkan {

StagingRing::StagingRing(VkDevice device, MemoryAllocator& allocator, VkDeviceSize chunkSize)
    : device_(device), allocator_(allocator), chunkSize_(chunkSize) {}

StagingRing::~StagingRing() {
  for (auto& chunk : chunks_) destroyChunk(*chunk);
}

Result<std::unique_ptr<StagingRing::Chunk>> StagingRing::makeChunk(VkDeviceSize size) {
  auto chunk = std::make_unique<Chunk>();
  chunk->size = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  BINDERY_VK_TRY(
      checkVk(vkCreateBuffer(device_, &info, nullptr, &chunk->buffer), "vkCreateBuffer (staging)"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device_, chunk->buffer, &requirements);
  Result<Allocation> memory = allocator_.allocate(requirements, MemoryUse::Upload, true);
  if (memory.isError()) {
    vkDestroyBuffer(device_, chunk->buffer, nullptr);
    return memory.error();
  }
  chunk->memory = memory.value();
  Status bound = checkVk(
      vkBindBufferMemory(device_, chunk->buffer, chunk->memory.memory, chunk->memory.offset),
      "vkBindBufferMemory (staging)");
  if (bound.isError()) {
    destroyChunk(*chunk);
    return bound.error();
  }
  return chunk;
}

void StagingRing::destroyChunk(Chunk& chunk) {
  vkDestroyBuffer(device_, chunk.buffer, nullptr);
  allocator_.free(chunk.memory);
}

Result<StagingSpan> StagingRing::allocate(VkDeviceSize size, VkDeviceSize alignment,
                                          Serial serial) {
  auto take = [&](Chunk& chunk) -> std::optional<StagingSpan> {
    VkDeviceSize at = (chunk.used + alignment - 1) / alignment * alignment;
    if (at > chunk.size || chunk.size - at < size) return std::nullopt;
    chunk.used = at + size;
    chunk.lastUse = serial;
    return StagingSpan{chunk.buffer, at, chunk.memory.mapped + at};
  };
  if (!chunks_.empty()) {
    if (std::optional<StagingSpan> span = take(*chunks_.back())) return *span;
  }
  // A free chunk (reclaimed: used == 0) of the right size, else a new one.
  VkDeviceSize wanted = std::max(chunkSize_, size);
  for (size_t i = 0; i + 1 < chunks_.size(); ++i) {
    Chunk& chunk = *chunks_[i];
    if (chunk.used == 0 && chunk.size >= size) {
      std::rotate(chunks_.begin() + static_cast<ptrdiff_t>(i),
                  chunks_.begin() + static_cast<ptrdiff_t>(i) + 1, chunks_.end());
      return *take(*chunks_.back());
    }
  }
  Result<std::unique_ptr<Chunk>> chunk = makeChunk(wanted);
  if (chunk.isError()) return chunk.error();
  chunks_.push_back(std::move(chunk.value()));
  return *take(*chunks_.back());
}

void StagingRing::reclaim(Serial completed) {
  for (size_t i = 0; i < chunks_.size();) {
    Chunk& chunk = *chunks_[i];
    if (chunk.lastUse > completed) {
      ++i;
      continue;
    }
    // Oversized chunks and surplus free chunks go; the rest are reused.
    bool current = i + 1 == chunks_.size();
    if (chunk.size > chunkSize_ && !current) {
      destroyChunk(chunk);
      chunks_.erase(chunks_.begin() + static_cast<ptrdiff_t>(i));
      continue;
    }
    chunk.used = 0;
    ++i;
  }
}

}  // namespace bindery::vulkan
