// BindGroupBase: a GPUBindGroup inside the core (#gpubindgroup).
//
// Immutable and made in one allocation: the object, then its resources inline
// in the layout's dense order (one owning pointer per entry), then for the
// buffer entries (dense indices [0, bufferCount), dynamic-offset ones first)
// the bound range. That is all draw-time validation needs: per buffer entry
// the buffer, offset and size; per other entry the view, sampler or
// external texture.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "bindery/bind_group.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/binding/bind_group_layout.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class BufferBase;
class SamplerBase;
class TextureViewBase;
class ExternalTextureBase;

// One buffer entry's bound range (offset and size resolved: size is the
// effective buffer binding size, #abstract-opdef-effective-buffer-binding-size).
// `sized`: the GPUBufferBinding gave a size. Without one the binding covers
// the buffer from offset (+ the dynamic offset, when it has one) to its end.
struct BoundBufferRange {
  uint64_t offset = 0;
  uint64_t size = 0;
  bool sized = true;
};

// What setBindGroup checks a dynamic offset against, per dynamic entry,
// derived once at creation: the alignment mask of its buffer type's
// min*BufferOffsetAlignment limit and the largest offset that keeps the
// binding in bounds: offset + dynamicOffset + minBindingSize <= buffer size,
// with or without a size (#gpubindingcommandsmixin-setbindgroup). A sized
// range may then reach past the buffer's end: the spec allows it, and the
// backends bind only the part inside the buffer (shaders never reach past it).
struct DynamicOffsetLimit {
  uint64_t maxOffset = 0;
  uint32_t alignMask = 0;
};

class BindGroupBase final : public ObjectBase, public BackendOwner<backend::BindGroupBackend> {
 public:
  // `resources` in dense order, each already referenced once for the group
  // (ownership passes to it); `ranges` for the buffer entries.
  static Ref<BindGroupBase> create(DeviceBase* device, std::string_view label,
                                   Ref<BindGroupLayoutBase> layout,
                                   std::span<ObjectBase* const> resources,
                                   std::span<const BoundBufferRange> ranges);
  static Ref<BindGroupBase> createInvalid(DeviceBase* device, std::string_view label,
                                          Ref<BindGroupLayoutBase> layout);

  // [[layout]] (null only for a group whose descriptor had no layout).
  BindGroupLayoutBase* layout() const { return layout_.get(); }
  uint32_t entryCount() const { return count_; }
  uint32_t bufferCount() const { return bufferCount_; }
  // The layout's dynamicOffsetCount (0 for an invalid group).
  uint32_t dynamicOffsetCount() const { return dynamicCount_; }
  // [0, dynamicOffsetCount()): the limits of dynamicOffsets[i].
  const DynamicOffsetLimit* dynamicOffsetLimits() const;
  // Encoders' hint (never trusted alone): the stamp of the last pass encoder
  // that put this group in its used resources, so rebinding it in that pass
  // skips the lookup. Relaxed atomics: a stale value only costs the lookup.
  std::atomic<uint64_t>& passStamp() const { return passStamp_; }
  // Encoders' memo (BindGroupTracker): PipelineBindingInfo::lateSizeKey of
  // the last pipeline and @group slot whose late minimum buffer sizes this
  // group was checked against and met (never set for a group whose late
  // sizes depend on the dynamic offset), so binding it again there skips
  // the check. Relaxed: a stale value only costs the check.
  std::atomic<uint64_t>& lateSizeMemo() const { return lateSizeMemo_; }
  // The layout entry at dense index i.
  const LayoutEntry& layoutEntry(uint32_t i) const { return layout_->internal()->entry(i); }

  // The resource at dense index i: a BufferBase (i < bufferCount), a
  // SamplerBase, a TextureViewBase, or an ExternalTextureBase (an
  // externalTexture entry may also hold a TextureViewBase).
  ObjectBase* resource(uint32_t i) const { return resources()[i]; }
  BufferBase* buffer(uint32_t i) const;
  const BoundBufferRange& bufferRange(uint32_t i) const { return ranges()[i]; }
  // The effective buffer binding size of buffer entry i once `dynamicOffset`
  // is added to its offset ("Validate encoder bind groups",
  // #abstract-opdef-effective-buffer-binding-size): a binding without a size
  // shrinks by the dynamic offset, one with a size keeps it.
  uint64_t effectiveSize(uint32_t i, uint64_t dynamicOffset) const {
    const BoundBufferRange& r = ranges()[i];
    if (r.sized) return r.size;
    return r.size > dynamicOffset ? r.size - dynamicOffset : 0;
  }
  // Some dynamic-offset entry has no size and a layout minBindingSize of 0:
  // its late minimum size check (at draw/dispatch) depends on the offset.
  bool hasOffsetDependentLateSize() const { return offsetDependentLateSize_; }
  SamplerBase* sampler(uint32_t i) const;
  TextureViewBase* textureView(uint32_t i) const;          // null unless a view
  ExternalTextureBase* externalTexture(uint32_t i) const;  // null unless one
  // [[prevalidatedSize]]: false for a buffer entry whose layout minBindingSize is 0.
  bool prevalidatedSize(uint32_t i) const {
    return layoutEntry(i).kind != BindingKind::Buffer || layoutEntry(i).minBindingSize != 0;
  }

  // For submit: fails when an external texture of the group has expired,
  // naming the group, the binding, the texture and why it expired.
  MaybeError validateExternalTexturesNotExpired() const;

  // Bytes of one group with this many entries: the object and its trailing storage.
  static size_t allocationSize(uint32_t entryCount, uint32_t bufferCount,
                               uint32_t dynamicCount = 0);

 private:
  BindGroupBase(DeviceBase* device, std::string_view label, Ref<BindGroupLayoutBase> layout,
                uint32_t count, uint32_t bufferCount, uint32_t dynamicCount);
  BindGroupBase(DeviceBase* device, std::string_view label, Ref<BindGroupLayoutBase> layout,
                InvalidTag tag);
  ~BindGroupBase() override;
  void destroySelf() const noexcept override;

  static constexpr size_t kResourcesOffset();
  ObjectBase* const* resources() const;
  const BoundBufferRange* ranges() const;

  Ref<BindGroupLayoutBase> layout_;
  // 16 bits each: a group has at most maxBindingsPerBindGroup entries (an
  // entry per binding number below it), and no adapter offers more than
  // 1000 (create() checks).
  uint16_t count_ = 0;
  uint16_t bufferCount_ = 0;
  uint16_t dynamicCount_ = 0;
  bool offsetDependentLateSize_ = false;
  mutable std::atomic<uint64_t> passStamp_{0};
  mutable std::atomic<uint64_t> lateSizeMemo_{0};
};

// The entries follow the object in its one allocation: the resources, the
// buffer ranges, then the dynamic offsets' limits.
constexpr size_t BindGroupBase::kResourcesOffset() {
  return (sizeof(BindGroupBase) + alignof(ObjectBase*) - 1) & ~(alignof(ObjectBase*) - 1);
}
inline ObjectBase* const* BindGroupBase::resources() const {
  return reinterpret_cast<ObjectBase* const*>(reinterpret_cast<const uint8_t*>(this) +
                                              kResourcesOffset());
}
inline const BoundBufferRange* BindGroupBase::ranges() const {
  return reinterpret_cast<const BoundBufferRange*>(
      reinterpret_cast<const uint8_t*>(this) + kResourcesOffset() + count_ * sizeof(ObjectBase*));
}
inline const DynamicOffsetLimit* BindGroupBase::dynamicOffsetLimits() const {
  return reinterpret_cast<const DynamicOffsetLimit*>(ranges() + bufferCount_);
}

// #gpubindingcommandsmixin-setbindgroup: each of `group`'s dynamic offsets
// (as many as its layout's dynamicOffsetCount) aligned to its buffer type's
// limit and in bounds. When the offsets fail but would pass in another order,
// the message says so and shows the order the layout expects.
MaybeError validateDynamicOffsets(const BindGroupBase& group, const uint32_t* offsets,
                                  uint32_t count, uint32_t uniformAlignment,
                                  uint32_t storageAlignment);

// #bind-group-creation validation and resolution: on success `resources`
// (dense order, each referenced) and `ranges` are filled; on failure every
// reference taken is dropped.
MaybeError validateAndResolveBindGroup(DeviceBase* device, const BindGroupDescriptor& descriptor,
                                       const BindGroupLayoutBase& layout, ObjectBase** resources,
                                       BoundBufferRange* ranges);

// The layout-diff check for a bind group used where `expected` is wanted
// (setBindGroup against a pipeline's layout): fails with
// BindGroupLayoutNotEquivalent and lists every differing binding.
// `where` says where ("the pipeline's @group(1)").
MaybeError validateBindGroupLayoutEquivalent(const BindGroupBase& group,
                                             const BindGroupLayoutBase& expected,
                                             std::string_view where);
// The diff alone, one "  - binding N: ..." line per difference.
std::string describeLayoutDiff(const BindGroupLayoutBase& expected,
                               const BindGroupLayoutBase& actual);

}  // namespace bindery::core
