// dispatchWorkgroupsIndirect's rule enforced on the GPU
// (#dom-gpucomputepassencoder-dispatchworkgroupsindirect: when a workgroup
// count read from the buffer is above maxComputeWorkgroupsPerDimension, no
// work is done). The 12 bytes of arguments are copied into a scratch slot; a
// one-invocation compute shader (WGSL, through bindery's own SPIR-V
// generator) zeroes all three counts there when any is above the limit; the
// dispatch then reads the slot (vkCmdDispatchIndirect). Scratch chunks are
// reused once the GPU has finished the submission that used them.
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>
#include <vector>

#include "backends/vulkan/error.h"
#include "backends/vulkan/memory_allocator.h"

namespace bindery::vulkan {

class ComputeState;

class IndirectDispatchValidator {
 public:
  static constexpr VkDeviceSize kSlotSize = 256;  // >= any minStorageBufferOffsetAlignment
  static constexpr uint32_t kSlotsPerChunk = 256;

  struct Chunk {
    VkBuffer buffer = VK_NULL_HANDLE;
    Allocation memory;
    VkDescriptorSet set = VK_NULL_HANDLE;
  };
  // The scratch of one command buffer's recording.
  struct Scratch {
    std::vector<Chunk*> chunks;
    uint32_t used = kSlotsPerChunk;  // slots used in chunks.back()
  };

  static Result<std::unique_ptr<IndirectDispatchValidator>> create(ComputeState& state);
  ~IndirectDispatchValidator();

  // Records the copy, the check and the barriers; *args / *argsOffset is
  // where the checked arguments are for vkCmdDispatchIndirect. Disturbs the
  // compute pipeline, descriptor sets and push constants bound.
  Status record(VkCommandBuffer commands, Scratch& scratch, VkBuffer indirect, VkDeviceSize offset,
                uint32_t limit, VkBuffer* args, VkDeviceSize* argsOffset);
  // The recording is over: its chunks come back once its submission completes.
  // `keep` (this validator's state) lives until then.
  void release(Scratch& scratch, std::shared_ptr<ComputeState> keep);

 private:
  explicit IndirectDispatchValidator(ComputeState& state) : state_(state) {}
  Status initialize();
  Result<Chunk*> takeChunk();

  ComputeState& state_;
  VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  std::vector<std::unique_ptr<Chunk>> chunks_;
  std::vector<Chunk*> free_;
};

}  // namespace bindery::vulkan
