// Indirect dispatch arguments checked on the GPU (indirect_dispatch.h).
#include "backends/vulkan/indirect_dispatch.h"

#include "backends/vulkan/compute_pipeline.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"

namespace bindery::vulkan {

namespace {

constexpr uint32_t kMaxChunks = 1024;

// The check, in WGSL: any count above the limit -> no work (all zero).
constexpr const char* kCheckArgs = R"(
struct Limit { value: u32 }
var<immediate> limit: Limit;
@group(0) @binding(0) var<storage, read_write> args: array<u32, 3>;
@compute @workgroup_size(1) fn main() {
  if (args[0] > limit.value || args[1] > limit.value || args[2] > limit.value) {
    args[0] = 0u;
    args[1] = 0u;
    args[2] = 0u;
  }
}
)";

void barrier(VkCommandBuffer commands, VkPipelineStageFlags src, VkAccessFlags srcAccess,
             VkPipelineStageFlags dst, VkAccessFlags dstAccess) {
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  b.srcAccessMask = srcAccess;
  b.dstAccessMask = dstAccess;
  vkCmdPipelineBarrier(commands, src, dst, 0, 1, &b, 0, nullptr, 0, nullptr);
}

}  // namespace

Result<std::unique_ptr<IndirectDispatchValidator>> IndirectDispatchValidator::create(
    ComputeState& state) {
  std::unique_ptr<IndirectDispatchValidator> self(new IndirectDispatchValidator(state));
  BINDERY_VK_TRY(self->initialize());
  return self;
}

Status IndirectDispatchValidator::initialize() {
  VkDevice device = state_.handle();
  InternalComputePipeline made;
  Status status = createInternalComputePipeline(device, state_.pipelineCache(),
                                                VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 4,
                                                kCheckArgs, "indirect-dispatch check", made);
  setLayout_ = made.setLayout;
  layout_ = made.layout;
  pipeline_ = made.pipeline;
  if (status.isError()) return status;
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, kMaxChunks};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = kMaxChunks;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &size;
  return checkVk(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool_),
                 "vkCreateDescriptorPool");
}

IndirectDispatchValidator::~IndirectDispatchValidator() {
  VkDevice device = state_.handle();
  for (auto& chunk : chunks_) {
    vkDestroyBuffer(device, chunk->buffer, nullptr);
    state_.device().allocator().free(chunk->memory);
  }
  if (pool_ != VK_NULL_HANDLE) vkDestroyDescriptorPool(device, pool_, nullptr);
  if (pipeline_ != VK_NULL_HANDLE) vkDestroyPipeline(device, pipeline_, nullptr);
  if (layout_ != VK_NULL_HANDLE) vkDestroyPipelineLayout(device, layout_, nullptr);
  if (setLayout_ != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(device, setLayout_, nullptr);
}

Result<IndirectDispatchValidator::Chunk*> IndirectDispatchValidator::takeChunk() {
  if (!free_.empty()) {
    Chunk* chunk = free_.back();
    free_.pop_back();
    return chunk;
  }
  if (chunks_.size() >= kMaxChunks) {
    return backend::outOfMemory(
        "dispatchWorkgroupsIndirect: too many indirect dispatches in flight (scratch for the "
        "argument check is exhausted).");
  }
  VkDevice device = state_.handle();
  auto chunk = std::make_unique<Chunk>();
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = kSlotSize * kSlotsPerChunk;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  BINDERY_VK_TRY(checkVk(vkCreateBuffer(device, &info, nullptr, &chunk->buffer), "vkCreateBuffer"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, chunk->buffer, &requirements);
  Result<Allocation> memory =
      state_.device().allocator().allocate(requirements, MemoryUse::GpuOnly, true);
  if (memory.isError()) {
    vkDestroyBuffer(device, chunk->buffer, nullptr);
    return memory.error();
  }
  chunk->memory = memory.value();
  Chunk* raw = chunk.get();
  chunks_.push_back(std::move(chunk));  // destroyed with the validator from here on
  BINDERY_VK_TRY(
      checkVk(vkBindBufferMemory(device, raw->buffer, raw->memory.memory, raw->memory.offset),
              "vkBindBufferMemory"));
  VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  allocate.descriptorPool = pool_;
  allocate.descriptorSetCount = 1;
  allocate.pSetLayouts = &setLayout_;
  BINDERY_VK_TRY(
      checkVk(vkAllocateDescriptorSets(device, &allocate, &raw->set), "vkAllocateDescriptorSets"));
  VkDescriptorBufferInfo bufferInfo{raw->buffer, 0, 12};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = raw->set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
  write.pBufferInfo = &bufferInfo;
  vkUpdateDescriptorSets(device, 1, &write, 0, nullptr);
  return raw;
}

Status IndirectDispatchValidator::record(VkCommandBuffer commands, Scratch& scratch,
                                         VkBuffer indirect, VkDeviceSize offset, uint32_t limit,
                                         VkBuffer* args, VkDeviceSize* argsOffset) {
  if (scratch.used == kSlotsPerChunk) {
    Result<Chunk*> chunk = takeChunk();
    if (chunk.isError()) return chunk.error();
    scratch.chunks.push_back(chunk.value());
    scratch.used = 0;
  }
  Chunk& chunk = *scratch.chunks.back();
  uint32_t slotOffset = static_cast<uint32_t>(scratch.used++ * kSlotSize);
  // Earlier writes of the arguments (a dispatch, a copy, an earlier
  // submission) -> the copy; earlier reads of the slot are of finished work.
  barrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
          VK_PIPELINE_STAGE_TRANSFER_BIT,
          VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT);
  VkBufferCopy region{offset, slotOffset, 12};
  vkCmdCopyBuffer(commands, indirect, chunk.buffer, 1, &region);
  barrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
          VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
  vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &chunk.set, 1,
                          &slotOffset);
  vkCmdPushConstants(commands, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &limit);
  vkCmdDispatch(commands, 1, 1, 1);
  barrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
          VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, VK_ACCESS_INDIRECT_COMMAND_READ_BIT);
  *args = chunk.buffer;
  *argsOffset = slotOffset;
  return {};
}

void IndirectDispatchValidator::release(Scratch& scratch, std::shared_ptr<ComputeState> keep) {
  if (scratch.chunks.empty()) return;
  Device& device = state_.device();
  // The recording belongs to the next submission (device.h: pendingSerial);
  // making the pending command buffer exist pins deferDestroy to it.
  Result<VkCommandBuffer> pending = device.pendingCommands();
  (void)pending;
  std::vector<Chunk*> chunks = std::move(scratch.chunks);
  device.deferDestroy([this, keep = std::move(keep), chunks = std::move(chunks)]() mutable {
    free_.insert(free_.end(), chunks.begin(), chunks.end());
    keep.reset();
  });
  scratch = {};
}

}  // namespace bindery::vulkan
