// Pipeline barriers of the copy path (barriers.h).
#include "backends/vulkan/barriers.h"

namespace bindery::vulkan {

namespace {

void memoryBarrier(VkCommandBuffer commands, VkPipelineStageFlags dstStage,
                   VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.dstAccessMask = dstAccess;
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, dstStage, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);
}

}  // namespace

void transferBarrier(VkCommandBuffer commands) {
  memoryBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
}

void hostReadBarrier(VkCommandBuffer commands) {
  memoryBarrier(commands, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
}

}  // namespace bindery::vulkan
