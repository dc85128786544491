// GPUQuerySet on Vulkan (query_set.h).
#include "backends/vulkan/query_set.h"

#include "backends/vulkan/barriers.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/device.h"
#include "core/commands/command_buffer.h"
#include "core/resources/query_set.h"

namespace bindery::vulkan {

QuerySet& QuerySet::of(const core::QuerySetBase& querySet) {
  return *static_cast<QuerySet*>(querySet.backendObject());
}

Result<std::unique_ptr<QuerySet>> QuerySet::create(Device& device,
                                                   const core::QuerySetBase& querySet) {
  std::unique_ptr<QuerySet> self(new QuerySet(device, querySet.count()));
  VkQueryType type =
      querySet.type() == QueryType::Occlusion ? VK_QUERY_TYPE_OCCLUSION : VK_QUERY_TYPE_TIMESTAMP;
  BINDERY_VK_TRY(self->initialize(type));
  return self;
}

Status QuerySet::initialize(VkQueryType type) {
  VkDevice device = device_.handle();
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = type;
  info.queryCount = count_;
  BINDERY_VK_TRY(checkVk(vkCreateQueryPool(device, &info, nullptr, &pool_), "vkCreateQueryPool"));
  VkBufferCreateInfo buffer{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  buffer.size = VkDeviceSize{8} * count_;
  buffer.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  buffer.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  BINDERY_VK_TRY(checkVk(vkCreateBuffer(device, &buffer, nullptr, &results_), "vkCreateBuffer"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, results_, &requirements);
  Result<Allocation> allocation =
      device_.allocator().allocate(requirements, MemoryUse::GpuOnly, /*linear=*/true);
  if (allocation.isError()) return allocation.error();
  memory_ = allocation.value();
  BINDERY_VK_TRY(checkVk(vkBindBufferMemory(device, results_, memory_.memory, memory_.offset),
                         "vkBindBufferMemory"));
  // #queryset-creation: every result starts as zero; every query starts reset.
  Result<VkCommandBuffer> commands = device_.pendingCommands();
  if (commands.isError()) return commands.error();
  transferBarrier(commands.value());
  vkCmdFillBuffer(commands.value(), results_, 0, VK_WHOLE_SIZE, 0);
  vkCmdResetQueryPool(commands.value(), pool_, 0, count_);
  return {};
}

QuerySet::~QuerySet() {
  destroy();
}

void QuerySet::destroy() {
  if (pool_ == VK_NULL_HANDLE && results_ == VK_NULL_HANDLE) return;
  VkQueryPool pool = std::exchange(pool_, VK_NULL_HANDLE);
  VkBuffer results = std::exchange(results_, VK_NULL_HANDLE);
  Allocation memory = std::exchange(memory_, {});
  Device* device = &device_;
  device_.deferDestroy([device, pool, results, memory]() mutable {
    if (pool != VK_NULL_HANDLE) vkDestroyQueryPool(device->handle(), pool, nullptr);
    if (results != VK_NULL_HANDLE) vkDestroyBuffer(device->handle(), results, nullptr);
    if (memory.memory != VK_NULL_HANDLE) device->allocator().free(memory);
  });
}

void QuerySet::save(VkCommandBuffer commands, uint32_t index) const {
  transferBarrier(commands);
  vkCmdCopyQueryPoolResults(commands, pool_, index, 1, results_, VkDeviceSize{8} * index, 8,
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  vkCmdResetQueryPool(commands, pool_, index, 1);
}

void recordWriteTimestamp(VkCommandBuffer commands, const core::QuerySetBase& querySet,
                          uint32_t index) {
  const QuerySet& set = QuerySet::of(querySet);
  vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, set.pool(), index);
  set.save(commands, index);
}

void recordResolveQuerySet(VkCommandBuffer commands, const core::ResolveQuerySetCmd& cmd) {
  if (cmd.queryCount == 0) return;
  const QuerySet& set = QuerySet::of(*cmd.querySet);
  transferBarrier(commands);
  VkBufferCopy region{VkDeviceSize{8} * cmd.firstQuery, cmd.destinationOffset,
                      VkDeviceSize{8} * cmd.queryCount};
  vkCmdCopyBuffer(commands, set.results_, Buffer::of(*cmd.destination).handle(), 1, &region);
}

}  // namespace bindery::vulkan
