// The lazy bind-group tracker: "Validate encoder bind groups"
// (#abstract-opdef-validate-encoder-bind-groups), "Encoder bind groups alias
// a writable resource", and the per-dispatch usage scope of compute passes.
#include "core/binding/bind_group_tracker.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>

#include "core/binding/bind_group.h"
#include "core/binding/pipeline_layout.h"
#include "core/commands/usage_scope.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/pipeline_explain.h"
#include "core/resources/buffer.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

bool isWritable(const LayoutEntry& e) {
  return (e.kind == BindingKind::Buffer && e.bufferType == BufferBindingType::Storage) ||
         (e.kind == BindingKind::StorageTexture && e.access != StorageTextureAccess::ReadOnly);
}

}  // namespace

void PipelineBindingInfo::deriveFromLayout() {
  static std::atomic<uint64_t> nextSerial{1};
  if (serial == 0) serial = nextSerial.fetch_add(1, std::memory_order_relaxed);
  groupMask = 0;
  hasWritableBindings = false;
  if (!layout) return;
  const auto& layouts = layout->bindGroupLayouts();
  for (uint32_t g = 0; g < layouts.size() && g < BindGroupTracker::kMaxGroups; ++g) {
    const BindGroupLayoutBase* bgl = layouts[g].get();
    if (!bgl) continue;
    groupMask |= uint64_t{1} << g;
    if (const BindGroupLayoutInternal* internal = bgl->internal()) {
      for (const LayoutEntry& e : internal->entries()) hasWritableBindings |= isWritable(e);
    }
  }
}

void PipelineBindingInfo::deriveLateSizes() {
  lateSizeMask = 0;
  for (uint32_t g = 0; g < minBufferSizes.size() && g < BindGroupTracker::kMaxGroups; ++g) {
    for (uint64_t size : minBufferSizes[g]) {
      if (size != 0) lateSizeMask |= uint64_t{1} << g;
    }
  }
}

void BindGroupTracker::init(uint32_t maxBindGroups, uint32_t maxDynamicOffsetsPerGroup) {
  if (maxBindGroups > kInlineGroups && groups_ == inlineGroups_.data()) {
    slotCount_ = std::min(maxBindGroups, kMaxGroups);
    heapGroups_ = std::make_unique<BindGroupBase*[]>(slotCount_);  // zeroed
    heapCheckedLayouts_ = std::make_unique<const BindGroupLayoutBase*[]>(slotCount_);
    groups_ = heapGroups_.get();
    checkedLayouts_ = heapCheckedLayouts_.get();
  }
  stride_ = maxDynamicOffsetsPerGroup;
  offsets_.clear();  // allocated by the first set() with dynamic offsets
}

void BindGroupTracker::reset() {
  std::fill_n(groups_, slotCount_, nullptr);
  offsetDependent_ = 0;
  dirty_ = ~uint64_t{0};
  offsetsDirty_ = 0;
  setMask_ = 0;
  pipeline_ = nullptr;
  pipelineDirty_ = true;
  fastSlots_ = 0;
}

MaybeError BindGroupTracker::validateSlot(uint32_t index) const {
  const BindGroupLayoutBase* expected = pipeline_->layout->bindGroupLayout(index);
  const BindGroupBase* group = groups_[index];
  if (!group) [[unlikely]] {
    auto error = makeValidationError(
        ErrorCode::BindGroupNotSet,
        fmt::format("{}'s layout {} has @group({}) = {}, but no bind group is set at index {}.",
                    describe(pipeline_->pipeline), describe(pipeline_->layout), index,
                    expected->describe(), index));
    error->fix = fmt::format(
        "Call setBindGroup({}, group) with a group of a layout "
        "group-equivalent to {} before this command.",
        index, expected->describe());
    return error;
  }
  if (!group->layout() || !group->layout()->isGroupEquivalent(*expected)) [[unlikely]] {
    MaybeError error = validateBindGroupLayoutEquivalent(
        *group, *expected,
        fmt::format("@group({}) of {} (layout {})", index, describe(pipeline_->pipeline),
                    describe(pipeline_->layout)));
    // For layout: 'auto', say which entry points used what ('auto' drops the rest).
    const ObjectBase* owner = pipeline_->pipeline;
    if (error.isError() && group->layout() && owner &&
        (owner->objectType() == ObjectType::ComputePipeline ||
         owner->objectType() == ObjectType::RenderPipeline)) {
      error->message += explainAutoLayoutMismatch(*static_cast<const PipelineBase*>(owner), index,
                                                  *group->layout());
    }
    return error;
  }
  // Late minimum buffer binding sizes ([[prevalidatedSize]] false), with
  // the dynamic offset added to the binding's offset.
  if (index < pipeline_->minBufferSizes.size()) {
    const std::vector<uint64_t>& minSizes = pipeline_->minBufferSizes[index];
    uint32_t n = std::min<uint32_t>(group->bufferCount(), static_cast<uint32_t>(minSizes.size()));
    const uint32_t* dyn = offsets(index);
    const uint32_t dynCount = group->dynamicOffsetCount();
    for (uint32_t i = 0; i < n; ++i) {
      if (minSizes[i] == 0 || group->prevalidatedSize(i)) continue;
      uint64_t size = group->effectiveSize(i, i < dynCount ? dyn[i] : 0);
      if (size < minSizes[i]) [[unlikely]] {
        return lateSizeError(index, i, size, minSizes[i], i < dynCount ? dyn[i] : 0);
      }
    }
  }
  return {};
}

std::unique_ptr<ErrorData> BindGroupTracker::lateSizeError(uint32_t index, uint32_t i,
                                                           uint64_t size, uint64_t minSize,
                                                           uint32_t dynamicOffset) const {
  const BindGroupBase* group = groups_[index];
  const LayoutEntry& entry = group->layoutEntry(i);
  const BoundBufferRange& range = group->bufferRange(i);
  std::string bound =
      range.sized ? fmt::format("size {} at offset {}", range.size, range.offset)
      : entry.hasDynamicOffset
          ? fmt::format(
                "no size: from offset {} + dynamic offset {} to the end of the {}-byte "
                "buffer",
                range.offset, dynamicOffset, group->buffer(i)->size())
          : fmt::format("no size: from offset {} to the end of the {}-byte buffer", range.offset,
                        group->buffer(i)->size());
  auto error = makeValidationError(
      ErrorCode::BindingSizeTooSmallForShader,
      fmt::format("Binding {} of {} (at @group({})) binds {} bytes of {} ({}), but the shader "
                  "variable at @group({}) @binding({}) of {} needs at least {} bytes (its "
                  "minimum binding size); the minBindingSize of {} is 0 there, so the size is "
                  "checked at this draw/dispatch.{}",
                  entry.binding, group->describe(), index, size, describe(group->buffer(i)), bound,
                  index, entry.binding, describe(pipeline_->pipeline), minSize,
                  group->layout()->describeWithOwner(),
                  explainMinimumBindingSize(pipeline_->pipeline, index, entry.binding)));
  error->fix = fmt::format(
      "Bind at least {} bytes, or set minBindingSize: {} for binding {} in {} to catch this at "
      "createBindGroup().",
      minSize, minSize, entry.binding, group->layout()->describe());
  return error;
}

// "Encoder bind groups alias a writable resource".
MaybeError BindGroupTracker::validateWritableAliasing() const {
  struct BufferRange {
    const BufferBase* buffer;
    uint64_t begin, end;
    bool writable;
    uint8_t stages;
    uint32_t group, binding;
  };
  struct ViewUse {
    const TextureViewBase* view;
    bool writable;
    uint8_t stages;
    uint32_t group, binding;
  };
  std::vector<BufferRange> buffers;
  std::vector<ViewUse> views;
  for (uint64_t mask = pipeline_->groupMask; mask; mask &= mask - 1) {
    uint32_t g = static_cast<uint32_t>(__builtin_ctzll(mask));
    const BindGroupBase* group = groups_[g];
    if (!group) continue;
    const uint32_t* dyn = offsets(g);
    uint32_t dynCount = group->layout()->internal()->dynamicOffsetCount();
    for (uint32_t i = 0; i < group->entryCount(); ++i) {
      const LayoutEntry& e = group->layoutEntry(i);
      if (i < group->bufferCount()) {
        uint32_t dynamicOffset = i < dynCount ? dyn[i] : 0;
        uint64_t begin = group->bufferRange(i).offset + dynamicOffset;
        buffers.push_back({group->buffer(i), begin, begin + group->effectiveSize(i, dynamicOffset),
                           isWritable(e), e.visibility, g, e.binding});
      } else if (e.kind == BindingKind::StorageTexture) {
        views.push_back({group->textureView(i), isWritable(e), e.visibility, g, e.binding});
      }
    }
  }
  auto conflict = [&](std::string what) {
    auto error = makeValidationError(ErrorCode::WritableResourceAliasing, std::move(what));
    error->fix =
        "Bind disjoint ranges (or different buffers / subresources), or make the other "
        "bindings not visible to that stage.";
    return error;
  };
  for (size_t a = 0; a < buffers.size(); ++a) {
    for (size_t b = a + 1; b < buffers.size(); ++b) {
      const BufferRange& x = buffers[a];
      const BufferRange& y = buffers[b];
      if (x.buffer != y.buffer || !(x.writable || y.writable) || !(x.stages & y.stages)) continue;
      if (x.begin < y.end && y.begin < x.end) [[unlikely]] {
        return conflict(fmt::format(
            "@group({}) binding {} ({} [{}, {}){}) and @group({}) binding {} ({} [{}, {}){}) "
            "overlap in {} and are visible to the same stage ({}); a writable binding must not "
            "alias another binding.",
            x.group, x.binding, x.writable ? "writable" : "read", x.begin, x.end, "", y.group,
            y.binding, y.writable ? "writable" : "read", y.begin, y.end, "", describe(x.buffer),
            toString(ShaderStageFlags::fromBits(x.stages & y.stages))));
      }
    }
  }
  for (size_t a = 0; a < views.size(); ++a) {
    for (size_t b = a + 1; b < views.size(); ++b) {
      const ViewUse& x = views[a];
      const ViewUse& y = views[b];
      if (!x.view || !y.view || !(x.writable || y.writable) || !(x.stages & y.stages)) continue;
      if (x.view->aliases(*y.view)) [[unlikely]] {
        return conflict(fmt::format(
            "@group({}) binding {} ({}) and @group({}) binding {} ({}) are storage textures "
            "whose subresources of {} overlap, and at least one is writable.",
            x.group, x.binding, x.view->describe(), y.group, y.binding, y.view->describe(),
            describe(x.view->texture())));
      }
    }
  }
  return {};
}

MaybeError BindGroupTracker::validateSlow(uint64_t check, bool checkUsageScope) {
  // The memo pays off from the second slow check on: a pass that checks
  // once (one pipeline, one dispatch) allocates no table.
  bool memo = !verified_.empty() || slowChecks_++ != 0;
  if (memo && verified_.empty()) verified_.resize(kFirstVerifiedSlots);
  if (pipelineDirty_) lateSizeMask_ = pipeline_->lateSizeMask;
  for (uint64_t mask = check; mask; mask &= mask - 1) {
    uint32_t slot = static_cast<uint32_t>(__builtin_ctzll(mask));
    const BindGroupBase* group = groups_[slot];
    if (!memo) {
      BINDERY_TRY(validateSlot(slot));
      checkedLayouts_[slot] = group->layout();
      noteLateSizesChecked(slot);
      continue;
    }
    Verified& v = verifiedSlot(group, slot);
    if (!(group && v.group == group && v.pipeline == pipeline_ && v.slot == slot) ||
        (offsetDependent_ & (uint64_t{1} << slot)) != 0) {
      BINDERY_TRY(validateSlot(slot));
      if (v.group != nullptr && ++verifiedReplaced_ > verified_.size() &&
          verified_.size() < kMaxVerifiedSlots) {
        // Many groups cycle through the slots: a larger table (empty again).
        verified_.assign(verified_.size() * 4, Verified{});
        verifiedReplaced_ = 0;
      }
      verifiedSlot(group, slot) = {group, pipeline_, slot};
      noteLateSizesChecked(slot);
    }
    checkedLayouts_[slot] = group->layout();
  }
  if (compat_) {
    BINDERY_TRY(validateCompatTextureViews(groups_, pipeline_->groupMask));
  }
  if (pipeline_->hasWritableBindings) {
    BINDERY_TRY(validateWritableAliasing());
    if (checkUsageScope) {
      // The dispatch's usage scope: the groups in slots the pipeline uses.
      UsageScope scope;
      for (uint64_t mask = pipeline_->groupMask; mask; mask &= mask - 1) {
        uint32_t g = static_cast<uint32_t>(__builtin_ctzll(mask));
        if (groups_[g]) scope.addBindGroup(groups_[g], g);
      }
      BINDERY_TRY(scope.validate());
    }
  }
  dirty_ &= ~pipeline_->groupMask;
  offsetsDirty_ &= ~pipeline_->groupMask;
  pipelineDirty_ = false;
  fastSlots_ = pipeline_->hasWritableBindings || compat_ ? 0 : ~uint64_t{0};
  return {};
}

}  // namespace bindery::core
