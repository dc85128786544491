// BindGroupLayoutBase: a GPUBindGroupLayout inside the core (#gpubindgrouplayout).
//
// Internally equal layouts share one BindGroupLayoutInternal, found through a
// device-level content-hashed cache that holds it weakly (it dies with the
// last wrapper that uses it). The public object is a thin wrapper {label,
// [[exclusivePipeline]], Ref to the shared contents}, so group-equivalence
// (#bind-group-compatibility) is a pointer compare, and every wrapper keeps
// its own label.
//
// The contents are dense: entry i of the layout (and of every bind group made
// with it) is at index i. Buffers come first (those with a dynamic offset
// first, in binding-number order, then the others in binding-number order),
// then the other entries in binding-number order; a table maps a (sparse)
// binding number to its dense index.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "bindery/bind_group_layout.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/binding/binding_slot_limits.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class BindGroupLayoutCache;

// The binding member of an entry (#binding-member).
enum class BindingKind : uint8_t { Buffer, Sampler, Texture, StorageTexture, ExternalTexture };
std::string_view toString(BindingKind kind);  // "buffer", "sampler", ...

// One entry, normalised: fields of other binding kinds are zero, so
// memberwise equality is the spec's entry equality.
struct LayoutEntry {
  uint32_t binding = 0;
  uint8_t visibility = 0;  // ShaderStage bits
  BindingKind kind = BindingKind::Buffer;
  // buffer
  BufferBindingType bufferType = BufferBindingType::Uniform;
  bool hasDynamicOffset = false;
  // sampler
  SamplerBindingType samplerType = SamplerBindingType::Filtering;
  // texture
  TextureSampleType sampleType = TextureSampleType::Float;
  bool multisampled = false;
  // texture and storageTexture
  TextureViewDimension viewDimension = TextureViewDimension::e2D;
  // storageTexture
  StorageTextureAccess access = StorageTextureAccess::WriteOnly;
  TextureFormat storageFormat = TextureFormat::R8unorm;
  uint64_t minBindingSize = 0;  // buffer

  bool operator==(const LayoutEntry&) const = default;

  ShaderStageFlags stages() const { return ShaderStageFlags::fromBits(visibility); }
  static LayoutEntry fromPublic(const BindGroupLayoutEntry& entry);
  BindGroupLayoutEntry toPublic() const;
  // As the user writes it: "{binding: 0, visibility: GPUShaderStage.FRAGMENT,
  // buffer: {type: 'uniform', hasDynamicOffset: false, minBindingSize: 144}}".
  std::string describe() const;
  // Only the binding member: "buffer: {type: 'uniform', ...}".
  std::string describeMember() const;
};

// The shared, immutable contents of internally equal layouts.
class BindGroupLayoutInternal final : public detail::RefCounted {
 public:
  // Entries sorted into dense order (see above); `hash` of that order.
  static Ref<BindGroupLayoutInternal> create(BindGroupLayoutCache* cache,
                                             std::span<const LayoutEntry> dense, size_t hash);

  std::span<const LayoutEntry> entries() const { return {entries_, count_}; }
  uint32_t entryCount() const { return count_; }
  const LayoutEntry& entry(uint32_t index) const { return entries_[index]; }
  // Buffers are dense indices [0, bufferCount); dynamic ones [0, dynamicOffsetCount).
  uint32_t bufferCount() const { return bufferCount_; }
  uint32_t dynamicOffsetCount() const { return dynamicCount_; }
  const BindingSlotCounts& slotCounts() const { return slotCounts_; }
  // The dense index of `binding`, or kNoIndex.
  static constexpr uint32_t kNoIndex = 0xFFFFFFFFu;
  uint32_t indexOf(uint32_t binding) const {
    if (binding >= tableSize_) return kNoIndex;
    uint16_t i = table_[binding];
    return i == kNoSlot ? kNoIndex : i;
  }
  size_t hash() const { return hash_; }
  // In binding-number order (for messages and the public entries()).
  std::vector<const LayoutEntry*> sortedByBinding() const;

 private:
  static constexpr uint16_t kNoSlot = 0xFFFF;
  BindGroupLayoutInternal() = default;
  ~BindGroupLayoutInternal() override = default;
  void destroySelf() const noexcept override;

  BindGroupLayoutCache* cache_ = nullptr;
  size_t hash_ = 0;
  uint32_t count_ = 0;
  uint32_t bufferCount_ = 0;
  uint32_t dynamicCount_ = 0;
  uint32_t tableSize_ = 0;
  BindingSlotCounts slotCounts_;
  LayoutEntry* entries_ = nullptr;  // trailing storage
  uint16_t* table_ = nullptr;       // trailing storage, tableSize_ slots
};

class BindGroupLayoutBase final : public ObjectBase,
                                  public BackendOwner<backend::BindGroupLayoutBackend> {
 public:
  BindGroupLayoutBase(DeviceBase* device, std::string_view label,
                      Ref<BindGroupLayoutInternal> internal, const ObjectBase* exclusivePipeline);
  BindGroupLayoutBase(DeviceBase* device, std::string_view label, InvalidTag);
  ~BindGroupLayoutBase() override;

  const BindGroupLayoutInternal* internal() const { return internal_.get(); }
  uint32_t entryCount() const { return internal_ ? internal_->entryCount() : 0; }
  // [[exclusivePipeline]]: the pipeline whose layout: 'auto' made this layout; null otherwise.
  // Compared by identity only; the pipeline may be gone, so messages use
  // exclusivePipelineDescription() ("[RenderPipeline "p"]"), taken at creation.
  const ObjectBase* exclusivePipeline() const { return exclusivePipeline_; }
  std::string exclusivePipelineDescription() const;
  // describe(), followed for a layout: 'auto' layout by the pipeline that
  // made it: "[BindGroupLayout] (the layout: 'auto' of [ComputePipeline "p"])".
  std::string describeWithOwner() const;
  // The owning pipeline while it lives, for explanations that read it; null
  // once the pipeline is gone (its destructor calls detachExclusivePipeline()).
  const ObjectBase* liveExclusivePipeline() const {
    return exclusivePipelineAlive_ ? exclusivePipeline_ : nullptr;
  }
  // Called by the owning pipeline's destructor. The layout stays an 'auto'
  // layout, and its identity can no longer collide with a new pipeline that
  // reuses the address: it becomes equivalent only to itself.
  void detachExclusivePipeline() {
    exclusivePipelineAlive_ = false;
    exclusivePipeline_ = this;
  }

  // #bind-group-compatibility
  bool isGroupEquivalent(const BindGroupLayoutBase& other) const {
    return internal_ == other.internal_ && exclusivePipeline_ == other.exclusivePipeline_ &&
           internal_;
  }

 private:
  Ref<BindGroupLayoutInternal> internal_;
  const ObjectBase* exclusivePipeline_ = nullptr;
  bool exclusivePipelineAlive_ = true;
  // What exclusivePipelineDescription() says, as the pipeline was at creation
  // (its label copied: no description formatted for each 'auto' layout).
  ObjectType exclusivePipelineType_ = ObjectType::ComputePipeline;
  bool exclusivePipelineValid_ = true;
  std::string exclusivePipelineLabel_;
};

// The device's set of live BindGroupLayoutInternals, keyed by content.
class BindGroupLayoutCache {
 public:
  BindGroupLayoutCache();
  ~BindGroupLayoutCache();
  // The internal with these dense entries, made if none lives.
  Ref<BindGroupLayoutInternal> getOrCreate(std::span<const LayoutEntry> dense);
  size_t size() const;
  void erase(const BindGroupLayoutInternal* internal);

 private:
  struct Impl;
  Impl* impl_;
};

// #bind-group-layout-creation validation. On success `dense` holds the
// normalised entries in dense order.
MaybeError validateBindGroupLayoutDescriptor(const DeviceBase* device,
                                             const BindGroupLayoutDescriptor& descriptor,
                                             std::vector<LayoutEntry>* dense);

}  // namespace bindery::core
