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
#include "core/commands/command_buffer.h"

namespace bindery::vulkan {

class PipelineLayout;

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
  Bound bind(VkCommandBuffer commands);
  // Something else bound its own pipeline, sets and push constants.
  void forget();

  bool pushConstantsValid() const { return pushConstantsValid_; }
  void markPushConstantsValid() { pushConstantsValid_ = true; }

 private:
  static Status indexAboveLimit();
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
