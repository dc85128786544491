// Compute passes into a VkCommandBuffer (compute_pass_recorder.h).
#include "backends/vulkan/compute_pass_recorder.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_pipeline.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/pipeline_layout.h"
#include "backends/vulkan/query_set.h"
#include "backends/vulkan/texture_view.h"
#include "core/binding/bind_group.h"
#include "core/commands/command_buffer.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/resources/buffer.h"

namespace bindery::vulkan {

namespace {

using core::CommandType;

struct GlobalStats {
  std::atomic<uint64_t> dispatches{0}, pipelineBinds{0}, bindCalls{0}, setsBound{0}, barriers{0},
      indirectChecks{0};
};
GlobalStats& globalStats() {
  static GlobalStats stats;
  return stats;
}

template <class T>
const T& payload(const uint8_t* p) {
  return *reinterpret_cast<const T*>(p);
}

constexpr VkAccessFlags kShaderAccess = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;

}  // namespace

// Adds r to one epoch's writes: merged into a range it overlaps or
// touches; past kMaxRangesPerEpoch distinct ranges the list becomes their
// hull. Both only widen what a later dispatch is compared with (one more
// barrier at worst, never one fewer), and keep each comparison short.
void ComputePassRecorder::addRange(std::vector<ByteRange>& ranges, ByteRange r) {
  for (ByteRange& x : ranges) {
    if (x.begin <= r.end && r.begin <= x.end) {
      x.begin = std::min(x.begin, r.begin);
      x.end = std::max(x.end, r.end);
      return;
    }
  }
  if (ranges.size() < kMaxRangesPerEpoch) {
    ranges.push_back(r);
    return;
  }
  ByteRange hull = r;
  for (const ByteRange& x : ranges) {
    hull.begin = std::min(hull.begin, x.begin);
    hull.end = std::max(hull.end, x.end);
  }
  ranges.assign(1, hull);
}

ComputeRecordingStats computeRecordingStats() {
  GlobalStats& g = globalStats();
  return {g.dispatches.load(), g.pipelineBinds.load(), g.bindCalls.load(),
          g.setsBound.load(),  g.barriers.load(),      g.indirectChecks.load()};
}

ComputePassRecorder::~ComputePassRecorder() {
  if (indirectState_) {
    Result<IndirectDispatchValidator*> validator = indirectState_->indirectValidator();
    if (!validator.isError()) validator.value()->release(scratch_, indirectState_);
  }
  GlobalStats& g = globalStats();
  g.dispatches += stats_.dispatches;
  g.pipelineBinds += stats_.pipelineBinds;
  g.bindCalls += stats_.bindDescriptorSetsCalls;
  g.setsBound += stats_.descriptorSetsBound;
  g.barriers += stats_.barriers;
  g.indirectChecks += stats_.indirectChecks;
}

void ComputePassRecorder::noteOtherCommand(CommandType type) {
  switch (type) {
    case CommandType::PushDebugGroup:
    case CommandType::PopDebugGroup:
    case CommandType::InsertDebugMarker: return;
    case CommandType::ResolveQuerySet:
      // It may bind its own compute pipeline and set (query_set.h).
      boundPipeline_ = VK_NULL_HANDLE;
      preparedPipeline_ = nullptr;
      binder_.forget();
      otherWorkSincePass_ = true;
      return;
    default: otherWorkSincePass_ = true;
  }
}

// The commands of a pass run once per pair (setBindGroup + dispatch): their
// steps below are inlined into this loop (always_inline), no call per
// command.
Status ComputePassRecorder::recordPass(core::CommandStream::Reader& reader) {
  beginPass();
  CommandType type;
  const uint8_t* p;
  while (reader.next(&type, &p)) {
    switch (type) {
      case CommandType::EndPass: inPass_ = false; return {};
      case CommandType::SetPipeline: BINDERY_VK_TRY(setPipeline(p)); break;
      case CommandType::SetBindGroup: BINDERY_VK_TRY(setBindGroup(p)); break;
      case CommandType::SetImmediates: setImmediates(p); break;
      case CommandType::Dispatch: BINDERY_VK_TRY(dispatch(p)); break;
      case CommandType::DispatchIndirect: BINDERY_VK_TRY(dispatchIndirect(p)); break;
      // timestampWrites' beginningOfPassWriteIndex (recorded after the begin).
      case CommandType::WriteTimestamp: {
        const auto& cmd = payload<core::QueryCmd>(p);
        recordWriteTimestamp(commands_, *cmd.querySet, cmd.queryIndex);
        noteOtherCommand(type);
        break;
      }
      default: break;  // debug markers
    }
  }
  return {};  // a finished command buffer ends each pass it begins
}

void ComputePassRecorder::barrierNow(VkPipelineStageFlags src, VkAccessFlags srcAccess) {
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  b.srcAccessMask = srcAccess;
  b.dstAccessMask = kShaderAccess;
  vkCmdPipelineBarrier(commands_, src, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &b, 0, nullptr,
                       0, nullptr);
  ++epoch_;
  // The barrier orders everything before it: a new epoch starts empty.
  pendingReads_.clear();
  everythingRead_ = false;
  epochHasWrites_ = false;
  ++stats_.barriers;
}

void ComputePassRecorder::beginPass() {
  inPass_ = true;
  // #dom-gpucommandencoder-begincomputepass: nothing is inherited from an
  // earlier pass (the command buffer keeps its bindings, reused when equal).
  pipeline_ = nullptr;
  binder_.clearWanted();
  push_.reset();
  usesDirty_ = true;
  // Work before the pass (earlier submissions, queue writes, copies):
  // its writes become visible to the pass's shaders.
  if (!passSeen_ || otherWorkSincePass_) {
    barrierNow(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT);
  }
  passSeen_ = true;
  otherWorkSincePass_ = false;
}

[[gnu::always_inline]] inline Status ComputePassRecorder::setPipeline(const uint8_t* p) {
  const auto* pipeline =
      static_cast<const core::ComputePipelineBase*>(payload<core::SetPipelineCmd>(p).pipeline);
  const ComputePipeline* next = &ComputePipeline::of(*pipeline);
  if (next != pipeline_) usesDirty_ = true;
  pipeline_ = next;
  return {};
}

[[gnu::always_inline]] inline Status ComputePassRecorder::setBindGroup(const uint8_t* p) {
  const auto& cmd = payload<core::SetBindGroupCmd>(p);
  BINDERY_VK_TRY(binder_.setBindGroup(cmd));
  usesDirty_ = true;
  return {};
}

void ComputePassRecorder::setImmediates(const uint8_t* p) {
  push_.setImmediates(payload<core::ImmediatesCmd>(p));
}

[[gnu::always_inline]] inline Status ComputePassRecorder::bindPipeline() {
  // The same pipeline as the last dispatch's: nothing to do (no shared_future read).
  if (pipeline_ == preparedPipeline_) return {};
  Result<VkPipeline> handle = pipeline_->handle();
  if (handle.isError()) return handle.error();
  if (handle.value() != boundPipeline_) {
    vkCmdBindPipeline(commands_, VK_PIPELINE_BIND_POINT_COMPUTE, handle.value());
    boundPipeline_ = handle.value();
    ++stats_.pipelineBinds;
  }
  binder_.setLayout(pipeline_->layout());
  preparedPipeline_ = pipeline_;
  return {};
}

[[gnu::always_inline]] inline Status ComputePassRecorder::bindSets() {
  DescriptorBinder::Bound bound = binder_.bind(commands_);
  stats_.bindDescriptorSetsCalls += bound.calls;
  stats_.descriptorSetsBound += bound.sets;
  // A transient set for dynamic offsets could not be made: this dispatch
  // cannot run, nor the command buffer.
  return std::move(bound.error);
}

// The byte range a group's buffer use covers: its own range moved by its
// dynamic offset.
ComputePassRecorder::ByteRange ComputePassRecorder::rangeOf(const DescriptorBinder::WantedGroup& w,
                                                            const BufferUse& use) {
  uint64_t begin = use.offset;
  if (use.dynamicIndex >= 0 && static_cast<uint32_t>(use.dynamicIndex) < w.offsetCount) {
    begin += w.offsets[use.dynamicIndex];
  }
  return ByteRange{begin, begin + use.size};
}

[[gnu::always_inline]] inline bool ComputePassRecorder::onlyReadsBuffers(uint32_t count) const {
  for (uint32_t n = 0; n < count; ++n) {
    const BindGroup* group = binder_.wanted(n).group;
    if (group && (group->writesAnything() || !group->textureUses().empty())) return false;
  }
  return true;
}

ComputePassRecorder::BufferRanges& ComputePassRecorder::rangesOf(VkBuffer buffer) {
  BufferRanges& s = buffers_[buffer];
  if (s.epoch != epoch_) {
    s.epoch = epoch_;
    s.reads = {};
    s.writes.clear();
  }
  return s;
}

void ComputePassRecorder::widen(ByteRange& hull, ByteRange r) {
  if (hull.begin == hull.end) {
    hull = r;
  } else {
    hull.begin = std::min(hull.begin, r.begin);
    hull.end = std::max(hull.end, r.end);
  }
}

void ComputePassRecorder::notePendingReads() {
  for (const DescriptorBinder::WantedGroup& w : pendingReads_) {
    for (const BufferUse& use : w.group->bufferUses())
      widen(rangesOf(use.buffer).reads, rangeOf(w, use));
  }
  pendingReads_.clear();
}

void ComputePassRecorder::trackChangedUses() {
  const PipelineLayout& layout = *binder_.layout();
  uint32_t count = layout.setCount();
  // Reads never wait for reads: while this epoch has no write, a dispatch
  // that only reads buffers needs no barrier, and its groups are kept as
  // they are; they become byte ranges only when a write comes (a write after
  // them waits for them), or when many have gathered.
  if (!epochHasWrites_ && onlyReadsBuffers(count)) {
    lastUsesReadOnly_ = true;
    usesDirty_ = false;
    // Every buffer already counts as read whole: nothing to keep.
    if (everythingRead_) return;
    if (pendingReads_.size() >= kMaxPendingReads) {
      // Many read-only dispatches in one epoch: every buffer counts as read
      // whole (the next write waits for them all: one barrier at worst).
      pendingReads_.clear();
      everythingRead_ = true;
    }
    for (uint32_t n = 0; n < count; ++n) {
      const DescriptorBinder::WantedGroup& w = binder_.wanted(n);
      if (!w.group || w.group->bufferUses().empty()) continue;
      // The group just kept again, with no dynamic offsets: nothing new.
      if (!pendingReads_.empty() && w.offsetCount == 0 && pendingReads_.back().group == w.group &&
          pendingReads_.back().offsetCount == 0) {
        continue;
      }
      pendingReads_.push_back(w);
    }
    return;
  }
  notePendingReads();
  bool conflict = false, readOnly = true;
  // Read or write after write; write after read.
  auto conflicts = [&](const auto& states, auto key, bool writable) {
    auto it = states.find(key);
    return it != states.end() &&
           (it->second.writeEpoch == epoch_ || (writable && it->second.readEpoch == epoch_));
  };
  auto note = [&](BufferState& s, bool writable) {
    (writable ? s.writeEpoch : s.readEpoch) = epoch_;
    if (writable) readOnly = false;
  };
  auto bufferConflicts = [&](VkBuffer buffer, ByteRange r, bool writable) {
    auto it = buffers_.find(buffer);
    if (it == buffers_.end() || it->second.epoch != epoch_) return false;
    for (const ByteRange& x : it->second.writes) {
      if (x.overlaps(r)) return true;
    }
    return writable && it->second.reads.overlaps(r);
  };
  auto noteBuffer = [&](VkBuffer buffer, ByteRange r, bool writable) {
    BufferRanges& s = rangesOf(buffer);
    if (writable) {
      addRange(s.writes, r);
      readOnly = false;
    } else {
      widen(s.reads, r);
    }
  };
  for (uint32_t n = 0; n < count && !conflict; ++n) {
    const DescriptorBinder::WantedGroup& w = binder_.wanted(n);
    if (!w.group) continue;
    for (const BufferUse& use : w.group->bufferUses()) {
      conflict |= (use.writable && everythingRead_) ||
                  bufferConflicts(use.buffer, rangeOf(w, use), use.writable);
    }
    for (const TextureUse& use : binder_.wanted(n).group->textureUses()) {
      conflict |= conflicts(images_, use.view->texture().handle(), use.writable);
    }
  }
  if (conflict) {
    barrierNow(VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT);
  }
  for (uint32_t n = 0; n < count; ++n) {
    const DescriptorBinder::WantedGroup& w = binder_.wanted(n);
    if (!w.group) continue;
    for (const BufferUse& use : w.group->bufferUses()) {
      noteBuffer(use.buffer, rangeOf(w, use), use.writable);
    }
    // Textures move to their layout (cleared first if never written).
    prepareTextureUses(commands_, *binder_.wanted(n).group, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    for (const TextureUse& use : binder_.wanted(n).group->textureUses()) {
      note(images_[use.view->texture().handle()], use.writable);
    }
  }
  if (!readOnly) epochHasWrites_ = true;
  lastUsesReadOnly_ = readOnly;
  usesDirty_ = false;
}

[[gnu::always_inline]] inline Status ComputePassRecorder::prepareDispatch() {
  if (Status s = bindPipeline(); s.isError()) return s;
  if (Status s = bindSets(); s.isError()) return s;
  push_.push(commands_, binder_);
  trackUses();
  ++stats_.dispatches;
  return {};
}

[[gnu::always_inline]] inline Status ComputePassRecorder::dispatch(const uint8_t* p) {
  const auto& cmd = payload<core::DispatchCmd>(p);
  if (Status s = prepareDispatch(); s.isError()) return s;
  vkCmdDispatch(commands_, cmd.x, cmd.y, cmd.z);
  return {};
}

// #dom-gpucomputepassencoder-dispatchworkgroupsindirect
Status ComputePassRecorder::dispatchIndirect(const uint8_t* p) {
  const auto& cmd = payload<core::BufferCmd>(p);
  if (!indirectState_) indirectState_ = pipeline_->sharedState();
  Result<IndirectDispatchValidator*> validator = indirectState_->indirectValidator();
  if (validator.isError()) return validator.error();
  uint32_t limit = cmd.buffer->device()->limits().maxComputeWorkgroupsPerDimension;
  VkBuffer args = VK_NULL_HANDLE;
  VkDeviceSize argsOffset = 0;
  Status checked = validator.value()->record(commands_, scratch_, Buffer::of(*cmd.buffer).handle(),
                                             cmd.offset, limit, &args, &argsOffset);
  if (checked.isError()) return checked;
  ++stats_.indirectChecks;
  // The check bound its own pipeline, set and push constants.
  boundPipeline_ = VK_NULL_HANDLE;
  preparedPipeline_ = nullptr;
  binder_.forget();
  if (Status s = prepareDispatch(); s.isError()) return s;
  vkCmdDispatchIndirect(commands_, args, argsOffset);
  return {};
}

}  // namespace bindery::vulkan
