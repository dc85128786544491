// The lazy bind-group tracker of a pass or bundle encoder: setBindGroup
// records the group and its dynamic offsets and marks the slot dirty;
// dispatch and draw validate ("Validate encoder bind groups",
// #abstract-opdef-validate-encoder-bind-groups) only the slots that changed
// since the last successful check, or every slot of the pipeline's layout
// when the pipeline changed. Group-equivalence is a pointer compare; the
// per-binding diff is built only on failure.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/binding/bind_group.h"

namespace bindery::core {

class BindGroupBase;
class BindGroupLayoutBase;
class PipelineLayoutBase;

// What the tracker needs of a pipeline, derived once per pipeline.
struct PipelineBindingInfo {
  const ObjectBase* pipeline = nullptr;  // for messages
  const PipelineLayoutBase* layout = nullptr;
  uint64_t groupMask = 0;  // @group indices with a (non-null, non-empty) layout
  // Some binding of the layout is writable (a 'storage' buffer, a
  // 'write-only' / 'read-write' storage texture): only then can bindings
  // alias a writable resource or conflict in a compute usage scope.
  bool hasWritableBindings = false;
  // Per @group, per dense buffer index of the group's layout: the shader's
  // minimum binding size for entries whose layout minBindingSize is 0 (0
  // when the shader does not use the binding). A group past the end, or an
  // empty one, has none: only groups with such an entry are allocated.
  std::vector<std::vector<uint64_t>> minBufferSizes;
  // AccessibleSlots of the immediate data variable the pipeline's entry
  // points statically use (#abstract-opdef-validate-immediate-data): bit i
  // of word i / 64 for 4-byte slot i. Empty when none uses one.
  std::vector<uint64_t> immediateSlots;
  // The @group indices with some nonzero minBufferSizes entry (derived
  // with them: deriveLateSizes).
  uint64_t lateSizeMask = 0;
  // Unique in the process (never reused, unlike the address): names this
  // pipeline in the bind groups' late-size memo (BindGroupBase::lateSizeMemo).
  uint64_t serial = 0;

  // Fills groupMask and hasWritableBindings from `layout`, and gives the
  // info its serial.
  void deriveFromLayout();
  // Fills lateSizeMask from minBufferSizes.
  void deriveLateSizes();
  // The memo value that says "the group's late sizes suffice for this
  // pipeline at @group(slot)".
  uint64_t lateSizeKey(uint32_t slot) const { return serial << 6 | slot; }
};

class BindGroupTracker {
 public:
  static constexpr uint32_t kMaxGroups = 64;

  BindGroupTracker() = default;
  // groups_ and checkedLayouts_ may point into the object itself.
  BindGroupTracker(const BindGroupTracker&) = delete;
  BindGroupTracker& operator=(const BindGroupTracker&) = delete;

  void init(uint32_t maxBindGroups, uint32_t maxDynamicOffsetsPerGroup);
  // Compatibility mode adds a rule across groups (validateCompatTextureViews),
  // so a group verified alone is not enough there.
  void setCompatibilityMode(bool compat) { compat_ = compat; }

  // kMayAllocate false: the caller checked setAllocatesNothing(count).
  template <bool kMayAllocate = true>
  void set(uint32_t index, BindGroupBase* group, const uint32_t* offsets, uint32_t count) {
    if (count) {
      if constexpr (kMayAllocate) {
        if (offsets_.empty()) [[unlikely]] {
          offsets_.assign(size_t{slotCount_} * stride_, 0);  // the first dynamic offsets
        }
      }
      uint32_t* dst = &offsets_[size_t{index} * stride_];
      for (uint32_t i = 0; i < count; ++i) dst[i] = offsets[i];
    }
    uint64_t bit = uint64_t{1} << index;
    if (groups_[index] == group) {
      // Only the offsets changed: that matters for writable aliasing, and
      // for the late minimum size of a binding without a size.
      offsetsDirty_ |= bit;
      if (offsetDependent_ & bit) dirty_ |= bit;
      return;
    }
    groups_[index] = group;
    if (group && group->hasOffsetDependentLateSize()) [[unlikely]] {
      offsetDependent_ |= bit;
    } else {
      offsetDependent_ &= ~bit;
    }
    // A group whose layout was already found group-equivalent at this slot
    // for the current pipeline needs no new check (see fastSlots_); at a
    // slot with late minimum sizes, only if this group's sizes were found
    // enough for this pipeline there (the group's memo).
    if (!group || group->layout() != checkedLayouts_[index] || (fastSlots_ & bit) == 0 ||
        ((lateSizeMask_ & bit) != 0 &&
         group->lateSizeMemo().load(std::memory_order_relaxed) != pipeline_->lateSizeKey(index))) {
      dirty_ |= bit;
    }
    if (group) {
      setMask_ |= bit;
    } else {
      setMask_ &= ~bit;
    }
  }
  void setPipeline(const PipelineBindingInfo* pipeline) {
    if (pipeline != pipeline_) {
      pipeline_ = pipeline;
      pipelineDirty_ = true;
      fastSlots_ = 0;
    }
  }
  const PipelineBindingInfo* pipeline() const { return pipeline_; }
  // Whether set() with `count` dynamic offsets allocates nothing (the
  // offsets' storage exists once some group with offsets was set).
  bool setAllocatesNothing(uint32_t count) const { return count == 0 || !offsets_.empty(); }
  BindGroupBase* group(uint32_t index) const { return groups_[index]; }
  // Null until some group with dynamic offsets is set (only such a group's are read).
  const uint32_t* offsets(uint32_t index) const {
    return offsets_.empty() ? nullptr : &offsets_[size_t{index} * stride_];
  }
  // The slots with a bind group, a bit each.
  uint64_t setMask() const { return setMask_; }
  // (the highest index with a bind group) + 1; 0 when none.
  uint32_t bindGroupSpaceUsed() const { return setMask_ ? 64 - __builtin_clzll(setMask_) : 0; }
  // Forgets every group and the pipeline (#abstract-opdef-reset-the-render-pass-binding-state).
  void reset();

  // Validate encoder bind groups + "Encoder bind groups alias a writable
  // resource" + (compute) the dispatch's usage scope, lazily. The pipeline
  // must be set.
  MaybeError validate(bool checkUsageScope) {
    if (upToDate()) [[likely]] {
      return {};
    }
    return validateSlow(pipelineDirty_ ? pipeline_->groupMask : (pipeline_->groupMask & dirty_),
                        checkUsageScope);
  }
  // True (and the changed slots marked checked) when validate() has nothing
  // to check: the pipeline is the one last checked and each slot that
  // changed holds a group whose layout was already found group-equivalent
  // at that slot (a pointer compare: the check depends on the layout alone
  // unless the slot has late minimum buffer sizes, which use the per-group
  // memo), with no writable binding to alias and no compatibility-mode rule.
  bool upToDate() {
    if (pipelineDirty_) return false;
    uint64_t mask = pipeline_->groupMask;
    uint64_t check = mask & dirty_;
    if (check == 0) return !pipeline_->hasWritableBindings || (mask & offsetsDirty_) == 0;
    if (pipeline_->hasWritableBindings || compat_) return false;
    for (uint64_t c = check & ~lateSizeMask_; c; c &= c - 1) {
      uint32_t slot = static_cast<uint32_t>(__builtin_ctzll(c));
      const BindGroupBase* group = groups_[slot];
      if (!group || group->layout() != checkedLayouts_[slot]) return false;
    }
    if ((check & lateSizeMask_) != 0 &&
        ((check & lateSizeMask_ & offsetDependent_) != 0 || !allVerified(check & lateSizeMask_))) {
      return false;
    }
    dirty_ &= ~mask;
    return true;
  }

 private:
  struct Verified {
    const BindGroupBase* group = nullptr;
    const PipelineBindingInfo* pipeline = nullptr;
    uint32_t slot = 0;
  };
  // The table starts small (a pass that sets few groups allocates little)
  // and grows, up to kMaxVerifiedSlots, when entries keep being replaced.
  static constexpr size_t kFirstVerifiedSlots = 16;
  static constexpr size_t kMaxVerifiedSlots = 1024;
  Verified& verifiedSlot(const BindGroupBase* group, uint32_t slot) {
    size_t h = static_cast<size_t>(
                   ((reinterpret_cast<uintptr_t>(group) ^ slot) * 0x9E3779B97F4A7C15ull) >> 40) &
               (verified_.size() - 1);
    return verified_[h];
  }
  bool allVerified(uint64_t check) {
    if (verified_.empty()) return false;  // allocated by the second slow check
    for (; check; check &= check - 1) {
      uint32_t slot = static_cast<uint32_t>(__builtin_ctzll(check));
      const BindGroupBase* group = groups_[slot];
      const Verified& v = verifiedSlot(group, slot);
      if (!group || v.group != group || v.pipeline != pipeline_ || v.slot != slot) return false;
    }
    return true;
  }

  // After the group at `slot` passed validateSlot: remembers in the group
  // that its late sizes meet the pipeline's there (see set()).
  void noteLateSizesChecked(uint32_t slot) const {
    uint64_t bit = uint64_t{1} << slot;
    if ((lateSizeMask_ & bit) != 0 && (offsetDependent_ & bit) == 0) {
      groups_[slot]->lateSizeMemo().store(pipeline_->lateSizeKey(slot), std::memory_order_relaxed);
    }
  }
  MaybeError validateSlow(uint64_t check, bool checkUsageScope);
  MaybeError validateSlot(uint32_t index) const;
  // The late minimum size of dense buffer entry i of the group at `index`
  // is `size`, below the shader's `minSize`.
  std::unique_ptr<ErrorData> lateSizeError(uint32_t index, uint32_t i, uint64_t size,
                                           uint64_t minSize, uint32_t dynamicOffset) const;
  MaybeError validateWritableAliasing() const;

  // (group, slot, pipeline) triples already checked: the check depends on
  // nothing else (all three are immutable and kept alive by the encoder), so
  // cycling through many groups checks each only once.
  std::vector<Verified> verified_;
  size_t verifiedReplaced_ = 0;  // entries replaced since the table last grew
  uint32_t slowChecks_ = 0;      // validateSlow calls before the table exists

  // The groups per slot and, per slot, the layout last found
  // group-equivalent to the pipeline's @group(slot) layout (meaningful for
  // the slots of the pipeline last checked: validateSlow refreshes them when
  // the pipeline changes). Both point into the inline arrays, which hold
  // kInlineGroups slots (every pass of a device whose maxBindGroups is at
  // most that), or into the heap arrays of slotCount_ slots past it: a pass
  // encoder stays small.
  static constexpr uint32_t kInlineGroups = 8;
  std::array<BindGroupBase*, kInlineGroups> inlineGroups_{};
  std::array<const BindGroupLayoutBase*, kInlineGroups> inlineCheckedLayouts_{};
  std::unique_ptr<BindGroupBase*[]> heapGroups_;
  std::unique_ptr<const BindGroupLayoutBase*[]> heapCheckedLayouts_;
  BindGroupBase** groups_ = inlineGroups_.data();
  const BindGroupLayoutBase** checkedLayouts_ = inlineCheckedLayouts_.data();
  uint32_t slotCount_ = kInlineGroups;
  // Slots where the pipeline checks late minimum buffer sizes (a
  // group-specific check): the pipeline's lateSizeMask, once it is checked.
  uint64_t lateSizeMask_ = 0;
  // Slots where set() may skip marking a group dirty when its layout is the
  // one in checkedLayouts_ (and, at a late-size slot, the group's memo
  // names this pipeline and slot): every slot, once the current pipeline
  // has been checked, unless the pipeline has writable bindings (aliasing
  // depends on the groups themselves) or the device is in compatibility
  // mode (a rule across groups). 0 until then.
  uint64_t fastSlots_ = 0;
  std::vector<uint32_t> offsets_;
  uint32_t stride_ = 0;
  uint64_t dirty_ = 0;         // slots whose group changed since the last check
  uint64_t offsetsDirty_ = 0;  // slots whose dynamic offsets alone changed
  uint64_t setMask_ = 0;
  // Slots whose group has a dynamic binding without a size whose late
  // minimum size depends on the dynamic offset (never memoised).
  uint64_t offsetDependent_ = 0;
  const PipelineBindingInfo* pipeline_ = nullptr;
  bool pipelineDirty_ = false;
  bool compat_ = false;
};

}  // namespace bindery::core
