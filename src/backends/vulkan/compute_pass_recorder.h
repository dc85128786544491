// The compute part of recording a command stream (command_recorder.cpp reads
// the stream and hands each compute pass here):
//
// - setPipeline / setBindGroup / setImmediates only record what the pass
//   wants; at each dispatch the pipeline, the descriptor sets that differ
//   from what the command buffer already has (with their dynamic offsets, in
//   binding-number order) and the push constants are bound, contiguous sets
//   in one vkCmdBindDescriptorSets. State survives across passes of the
//   command buffer, and a pipeline change keeps the sets its layout is
//   compatible with (Vulkan's pipeline layout compatibility).
// - Barriers from usage tracking: each buffer a dispatch uses is read or
//   written (storage, read_write); a dispatch that reads or writes a buffer
//   written since the last barrier, or writes one read since then, gets one
//   compute -> compute barrier first; textures (sampled, storage) likewise,
//   by image, and each moves to the layout its bind group wants first
//   (prepareTextureUses, bind_group.h). Nothing else gets one. A pass that
//   follows other work (the command buffer's start: earlier submissions and
//   queue writes; copies and clears) begins with one barrier from all
//   earlier writes; copies after a pass have their own (barriers.h).
// - dispatchWorkgroupsIndirect's counts are checked on the GPU
//   (indirect_dispatch.h).
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "backends/vulkan/descriptor_binder.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/indirect_dispatch.h"
#include "backends/vulkan/push_constants.h"
#include "core/commands/command_buffer.h"

namespace bindery::vulkan {

class BindGroup;
struct BufferUse;
class ComputePipeline;
class ComputeState;
class PipelineLayout;

// Process-wide counts of what compute recording emitted (tests and benchmarks read deltas).
struct ComputeRecordingStats {
  uint64_t dispatches = 0;
  uint64_t pipelineBinds = 0;
  uint64_t bindDescriptorSetsCalls = 0;
  uint64_t descriptorSetsBound = 0;
  uint64_t barriers = 0;  // compute -> compute and pass-begin barriers
  uint64_t indirectChecks = 0;
};
ComputeRecordingStats computeRecordingStats();

class ComputePassRecorder {
 public:
  // `serial`: the submission being recorded (the bind groups it binds keep
  // their sets until it completes, BindGroup::noteBound).
  ComputePassRecorder(VkCommandBuffer commands, backend::Serial serial)
      : commands_(commands), binder_(VK_PIPELINE_BIND_POINT_COMPUTE, serial) {}
  ~ComputePassRecorder();
  ComputePassRecorder(const ComputePassRecorder&) = delete;
  ComputePassRecorder& operator=(const ComputePassRecorder&) = delete;

  // Records one compute pass: `reader` has just read its BeginComputePass;
  // its commands are read and translated, in one loop, up to and including
  // its EndPass.
  Status recordPass(core::CommandStream::Reader& reader);
  // Another command of the stream (outside compute passes) was recorded.
  void noteOtherCommand(core::CommandType type);

 private:
  struct BufferState {
    uint64_t readEpoch = 0;
    uint64_t writeEpoch = 0;
  };
  // Buffers are tracked per byte range: dispatches that write disjoint
  // ranges of one buffer need no barrier between them (each epoch's writes:
  // up to kMaxRangesPerEpoch ranges, then their hull), and reads never wait
  // for reads (each epoch's reads: their hull, which a write must miss).
  struct ByteRange {
    uint64_t begin = 0, end = 0;
    bool overlaps(ByteRange r) const { return begin < r.end && r.begin < end; }
  };
  static constexpr size_t kMaxRangesPerEpoch = 32;
  struct BufferRanges {
    uint64_t epoch = 0;  // the ranges below are this epoch's
    ByteRange reads;     // empty: none
    std::vector<ByteRange> writes;
  };
  static void addRange(std::vector<ByteRange>& ranges, ByteRange r);
  static void widen(ByteRange& hull, ByteRange r);  // hull of both (an empty hull: r)
  static ByteRange rangeOf(const DescriptorBinder::WantedGroup& w, const BufferUse& use);
  // This epoch's state of `buffer` (emptied when it was an earlier epoch's).
  BufferRanges& rangesOf(VkBuffer buffer);
  // While an epoch has no write, read-only dispatches' groups are kept whole
  // (no lookup per dispatch) until a write needs their ranges.
  static constexpr size_t kMaxPendingReads = 2048;
  bool onlyReadsBuffers(uint32_t setCount) const;
  void notePendingReads();

  void beginPass();
  Status setPipeline(const uint8_t* payload);
  Status setBindGroup(const uint8_t* payload);
  void setImmediates(const uint8_t* payload);
  Status dispatch(const uint8_t* payload);
  Status dispatchIndirect(const uint8_t* payload);
  // Binds what the next dispatch needs; the barrier its uses need.
  Status prepareDispatch();
  Status bindPipeline();
  Status bindSets();
  // The barrier the next dispatch's uses need, and its uses noted: nothing
  // to do when its groups are the last dispatch's and only read.
  void trackUses() {
    if (!usesDirty_ && lastUsesReadOnly_) return;
    trackChangedUses();
  }
  void trackChangedUses();
  void barrierNow(VkPipelineStageFlags src, VkAccessFlags srcAccess);

  VkCommandBuffer commands_;
  ComputeRecordingStats stats_;  // this recording's, added to the global counts at its end
  bool inPass_ = false;
  bool passSeen_ = false;
  bool otherWorkSincePass_ = false;

  // What the pass wants.
  const ComputePipeline* pipeline_ = nullptr;
  PushConstants push_;  // the immediates and the layout's binding sizes
  bool usesDirty_ = true;
  bool lastUsesReadOnly_ = false;

  // What the command buffer has.
  VkPipeline boundPipeline_ = VK_NULL_HANDLE;
  const ComputePipeline* preparedPipeline_ = nullptr;  // bound, with its layout
  // The groups the pass wants and the sets, layout and push constants the
  // command buffer has.
  DescriptorBinder binder_;

  // Usage tracking: epoch_ grows at each barrier.
  uint64_t epoch_ = 1;
  std::unordered_map<VkBuffer, BufferRanges> buffers_;
  std::vector<DescriptorBinder::WantedGroup> pendingReads_;  // this epoch's, not in buffers_ yet
  bool epochHasWrites_ = false;
  bool everythingRead_ = false;                      // pendingReads_ overflowed this epoch
  std::unordered_map<VkImage, BufferState> images_;  // storage and sampled textures

  // Indirect dispatches.
  std::shared_ptr<ComputeState> indirectState_;
  IndirectDispatchValidator::Scratch scratch_;
};

}  // namespace bindery::vulkan
