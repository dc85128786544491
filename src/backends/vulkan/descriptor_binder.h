// SPDX-License-Identifier: MIT OR Apache-2.0
// The descriptor sets of one bind point (compute or graphics) in one command
// buffer: the groups the pass wants (setBindGroup records only that) and the
// sets the command buffer has bound. At a dispatch or draw, bind() binds the
// runs of sets that differ (group or dynamic offsets, in binding-number
// order), each run in one vkCmdBindDescriptorSets; nothing the command buffer
// already has is bound again. A pipeline change keeps the sets its layout is
// compatible with (Vulkan's pipeline layout compatibility). A group whose
// own set cannot serve its dynamic offsets (a sized binding passing the
// buffer's end, a binding without a size: dynamic_ranges.h) is bound as a
// transient set written for those offsets. Used by compute_pass_recorder and
// render_pass_recorder.
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/pipeline_layout.h"
#include "core/commands/command_buffer.h"

namespace bindery::vulkan {

class DescriptorBinder {
 public:
  static constexpr uint32_t kMaxSets = 32;
  struct WantedGroup {
    const BindGroup* group = nullptr;
    const uint32_t* offsets = nullptr;  // in the command stream
    uint32_t offsetCount = 0;
    const core::BindGroupBase* source = nullptr;  // the core group (dynamic ranges)
  };
  // What one bind() did, for the recorders' counters.
  struct Bound {
    uint32_t calls = 0;
    uint32_t sets = 0;
    uint32_t exactSets = 0;  // transient sets written for dynamic offsets
    Status error;            // a transient set could not be made (its group is not bound)
  };

  // `serial`: the submission being recorded; each group whose set bind()
  // binds is noted as used by it (BindGroup::noteBound).
  DescriptorBinder(VkPipelineBindPoint bindPoint, backend::Serial serial)
      : bindPoint_(bindPoint), serial_(serial) {}

  // A recorded setBindGroup (index, group or null, its dynamic offsets in the
  // command stream) becomes the wanted group at its index; both pass
  // recorders translate it here (once per pair: inline).
  Status setBindGroup(const core::SetBindGroupCmd& cmd) {
    if (cmd.index >= kMaxSets) [[unlikely]]
      return indexAboveLimit();
    WantedGroup& w = wanted_[cmd.index];
    w.group = cmd.group ? &BindGroup::of(*cmd.group) : nullptr;
    w.offsets = reinterpret_cast<const uint32_t*>(core::CommandStream::extraOf(&cmd));
    w.offsetCount = cmd.dynamicOffsetCount;
    w.source = cmd.group;
    dirty_ |= 1u << cmd.index;
    return {};
  }
  const WantedGroup& wanted(uint32_t index) const { return wanted_[index]; }
  // A new pass inherits no bind groups (the command buffer keeps its sets).
  void clearWanted() {
    wanted_ = {};
    dirty_ = ~0u;
  }

  // The bound pipeline's layout: sets from the first incompatible one on are
  // gone, and so are the push constants when their range differs.
  void setLayout(const PipelineLayout& layout);
  // Null before the first pipeline, or after forget().
  const PipelineLayout* layout() const { return boundLayout_; }
  // Only sets whose wanted group changed (or whose binding a layout change
  // undid) since the last bind can differ from what is bound; sets without
  // bindings are never bound (their bits stay until a layout has bindings
  // there). One changed set (a setBindGroup between draws) is bound here,
  // inline, unless its own set cannot serve the dynamic offsets.
  Bound bind(VkCommandBuffer commands) {
    const uint32_t candidates = dirty_ & boundLayout_->nonEmptySets();
    if (candidates == 0) return {};
    dirty_ &= ~candidates;
    if ((candidates & (candidates - 1)) == 0) {
      const uint32_t n = static_cast<uint32_t>(__builtin_ctz(candidates));
      const WantedGroup& w = wanted_[n];
      if (!w.group) return {};
      BoundSet& b = bound_[n];
      const VkDescriptorSet set = w.group->handle();
      if (b.set == set && b.offsetCount == w.offsetCount &&
          (w.offsetCount == 0 || sameOffsets(b.offsets, w.offsets, w.offsetCount))) {
        return {};
      }
      if (w.offsetCount == 0 || w.group->ownSetServes(w.offsets)) {
        vkCmdBindDescriptorSets(commands, bindPoint_, boundLayout_->handle(), n, 1, &set,
                                w.offsetCount, w.offsets);
        w.group->noteBound(serial_);
        b = {set, w.offsets, w.offsetCount};
        Bound done;
        done.calls = 1;
        done.sets = 1;
        return done;
      }
    }
    return bindRuns(commands, candidates);
  }
  // Something else bound its own pipeline, sets and push constants.
  void forget();

  bool pushConstantsValid() const { return pushConstantsValid_; }
  void markPushConstantsValid() { pushConstantsValid_ = true; }

 private:
  static Status indexAboveLimit();
  Bound bindRuns(VkCommandBuffer commands, uint32_t candidates);
  // Dynamic offsets are few (one per dynamic entry): compared inline, not
  // through a library memcmp call per bind.
  static bool sameOffsets(const uint32_t* a, const uint32_t* b, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  }
  struct BoundSet {
    VkDescriptorSet set = VK_NULL_HANDLE;
    const uint32_t* offsets = nullptr;
    uint32_t offsetCount = 0;
  };
  VkPipelineBindPoint bindPoint_;
  backend::Serial serial_;
  std::array<WantedGroup, kMaxSets> wanted_{};
  const PipelineLayout* boundLayout_ = nullptr;  // compatibility of bound_
  std::array<BoundSet, kMaxSets> bound_{};
  uint32_t dirty_ = ~0u;  // sets whose wanted group or bound set changed since the last bind
  bool pushConstantsValid_ = false;
};

}  // namespace bindery::vulkan
