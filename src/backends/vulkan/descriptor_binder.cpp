// SPDX-License-Identifier: MIT OR Apache-2.0
#include "backends/vulkan/descriptor_binder.h"

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/dynamic_ranges.h"
#include "backends/vulkan/pipeline_layout.h"
#include "core/commands/command_buffer.h"

namespace bindery::vulkan {

Status DescriptorBinder::indexAboveLimit() {
  return backend::internalError("setBindGroup: a group index above 31 is not supported yet.");
}

void DescriptorBinder::setLayout(const PipelineLayout& layout) {
  if (boundLayout_ == &layout) return;
  uint32_t keep = PipelineLayout::firstIncompatibleSet(boundLayout_, layout);
  for (uint32_t n = keep; n < kMaxSets; ++n) bound_[n] = {};
  dirty_ |= keep >= kMaxSets ? 0u : ~0u << keep;
  // The same range with the size words elsewhere (push_constants.h) is pushed again.
  if (!boundLayout_ || boundLayout_->pushConstantSize() != layout.pushConstantSize() ||
      boundLayout_->immediateBytes() != layout.immediateBytes()) {
    pushConstantsValid_ = false;
  }
  boundLayout_ = &layout;
}

// The general case: several sets changed, or one whose own set cannot serve
// its dynamic offsets (bind() has taken `candidates` out of dirty_).
DescriptorBinder::Bound DescriptorBinder::bindRuns(VkCommandBuffer commands,
                                                   const uint32_t candidates) {
  Bound done;
  const PipelineLayout& layout = *boundLayout_;
  const uint32_t end = kMaxSets - static_cast<uint32_t>(__builtin_clz(candidates));
  std::array<VkDescriptorSet, kMaxSets> sets;
  std::array<uint32_t, 256> offsets;
  uint32_t n = static_cast<uint32_t>(__builtin_ctz(candidates));
  while (n < end) {
    // A run of sets that differ from what is bound.
    uint32_t first = n, setCount = 0, offsetCount = 0;
    bool failed = false;
    for (; n < end; ++n) {
      const WantedGroup& w = wanted_[n];
      BoundSet& b = bound_[n];
      bool differs = w.group && !layout.set(n).empty() &&
                     (b.set != w.group->handle() || b.offsetCount != w.offsetCount ||
                      (w.offsetCount && !sameOffsets(b.offsets, w.offsets, w.offsetCount)));
      if (!differs || offsetCount + w.offsetCount > offsets.size()) break;
      VkDescriptorSet set = w.group->handle();
      bool exact = w.source && w.offsetCount && !w.group->ownSetServes(w.offsets);
      if (exact) {
        Result<VkDescriptorSet> made = exactSet(*w.source, w.offsets);
        if (made.isError()) {
          // Nothing of this group is bound (the recorder reports the error);
          // the next bind tries again.
          done.error = made.error();
          b = {};
          dirty_ |= 1u << n;
          failed = true;
          break;
        }
        set = made.value();
        ++done.exactSets;
      } else {
        w.group->noteBound(serial_);
      }
      sets[setCount++] = set;
      // A transient set has its offsets written in: its dynamic offsets are 0.
      for (uint32_t i = 0; i < w.offsetCount; ++i)
        offsets[offsetCount++] = exact ? 0 : w.offsets[i];
      b = {w.group->handle(), w.offsets, w.offsetCount};
    }
    if (setCount > 0) {
      vkCmdBindDescriptorSets(commands, bindPoint_, layout.handle(), first, setCount, sets.data(),
                              offsetCount, offsets.data());
      ++done.calls;
      done.sets += setCount;
    }
    // Past a set that needs nothing, or one whose transient set failed.
    if (setCount == 0 || failed) ++n;
  }
  return done;
}

void DescriptorBinder::forget() {
  boundLayout_ = nullptr;
  bound_ = {};
  dirty_ = ~0u;
  pushConstantsValid_ = false;
}

}  // namespace bindery::vulkan
