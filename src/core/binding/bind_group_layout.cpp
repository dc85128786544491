// GPUBindGroupLayout: #bind-group-layout-creation, #bind-group-compatibility,
// and the device's content-hashed cache of shared layout contents.
#include "core/binding/bind_group_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <new>
#include <unordered_map>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/format.h"

namespace bindery::core {

std::string_view toString(BindingKind kind) {
  switch (kind) {
    case BindingKind::Buffer: return "buffer";
    case BindingKind::Sampler: return "sampler";
    case BindingKind::Texture: return "texture";
    case BindingKind::StorageTexture: return "storageTexture";
    case BindingKind::ExternalTexture: return "externalTexture";
  }
  return "unknown";
}

namespace {

int bindingMemberCount(const BindGroupLayoutEntry& e) {
  return int(e.buffer.has_value()) + int(e.sampler.has_value()) + int(e.texture.has_value()) +
         int(e.storageTexture.has_value()) + int(e.externalTexture.has_value());
}

std::string bindingMembersSet(const BindGroupLayoutEntry& e) {
  std::string s;
  auto add = [&](bool set, const char* name) {
    if (!set) return;
    if (!s.empty()) s += ", ";
    s += name;
  };
  add(e.buffer.has_value(), "buffer");
  add(e.sampler.has_value(), "sampler");
  add(e.texture.has_value(), "texture");
  add(e.storageTexture.has_value(), "storageTexture");
  add(e.externalTexture.has_value(), "externalTexture");
  return s;
}

std::string accessList(const std::vector<StorageTextureAccess>& accesses) {
  std::string s;
  for (StorageTextureAccess a : accesses) {
    if (!s.empty()) s += ", ";
    s += fmt::format("'{}'", toString(a));
  }
  return s;
}

// The entry rules of #bind-group-layout-creation that look at one entry.
MaybeError validateEntry(const DeviceBase* device, const BindGroupLayoutEntry& e) {
  const Limits& limits = device->limits();
  BINDERY_INVALID_IF_FIX(
      e.binding >= limits.maxBindingsPerBindGroup, BindGroupLayoutBindingOutOfRange,
      fmt::format("Use a binding number below {} (numbers need not be consecutive), or request "
                  "a higher maxBindingsPerBindGroup in requiredLimits.",
                  limits.maxBindingsPerBindGroup),
      "binding ({}) must be less than the device's maxBindingsPerBindGroup limit ({}).", e.binding,
      limits.maxBindingsPerBindGroup);

  int members = bindingMemberCount(e);
  BINDERY_INVALID_IF_FIX(
      members == 0, BindGroupLayoutEntryNoBindingMember,
      "Set the member that matches the WGSL declaration: buffer: {} for var<uniform> / "
      "var<storage>, sampler: {} for sampler, texture: {} for texture_2d<f32>, storageTexture: "
      "{format} for texture_storage_2d, externalTexture: {} for texture_external.",
      "binding {} sets none of buffer, sampler, texture, storageTexture, externalTexture; "
      "exactly one must be set.",
      e.binding);
  BINDERY_INVALID_IF_FIX(members > 1, BindGroupLayoutEntryMultipleBindingMembers,
                         "Keep only the one that matches the WGSL declaration, and give the "
                         "other resource its own binding number.",
                         "binding {} sets {} ({}), but exactly one of them may be set.", e.binding,
                         bindingMembersSet(e), members);

  BINDERY_INVALID_IF(
      (e.visibility.bits() & ~kShaderStageAll) != 0, BindGroupLayoutVisibilityUnknownBits,
      "visibility ({}) has bits that are not GPUShaderStage flags (valid bits: 0x{:X}: VERTEX, "
      "FRAGMENT, COMPUTE).",
      toString(e.visibility), kShaderStageAll);

  if (e.visibility.has(ShaderStage::Vertex)) {
    BINDERY_INVALID_IF_FIX(
        e.buffer && e.buffer->type == BufferBindingType::Storage,
        BindGroupLayoutVertexWritableStorage,
        "Use buffer: {type: 'read-only-storage'} if the vertex shader only reads it "
        "(var<storage, read>), or remove GPUShaderStage.VERTEX from visibility.",
        "binding {} is visible to GPUShaderStage.VERTEX with buffer.type 'storage'; the vertex "
        "stage cannot write storage buffers, so only 'uniform' or 'read-only-storage' are "
        "allowed there.",
        e.binding);
    BINDERY_INVALID_IF_FIX(
        e.storageTexture && e.storageTexture->access != StorageTextureAccess::ReadOnly,
        BindGroupLayoutVertexWritableStorage,
        "Use storageTexture.access 'read-only' if the vertex shader only reads it, or remove "
        "GPUShaderStage.VERTEX from visibility.",
        "binding {} is visible to GPUShaderStage.VERTEX with storageTexture.access '{}'; the "
        "vertex stage cannot write storage textures, so only 'read-only' is allowed there.",
        e.binding, toString(e.storageTexture->access));
  }

  if (e.texture && e.texture->multisampled) {
    BINDERY_INVALID_IF_FIX(
        e.texture->viewDimension != TextureViewDimension::e2D,
        BindGroupLayoutMultisampledViewDimension,
        "Use texture.viewDimension '2d' (texture_multisampled_2d) or multisampled: false.",
        "binding {} has texture.multisampled true and texture.viewDimension '{}'; multisampled "
        "textures must be '2d'.",
        e.binding, toString(e.texture->viewDimension));
    BINDERY_INVALID_IF_FIX(
        e.texture->sampleType == TextureSampleType::Float, BindGroupLayoutMultisampledFloat,
        "Use texture.sampleType 'unfilterable-float' for a float multisampled texture "
        "(or 'depth', 'sint', 'uint').",
        "binding {} has texture.multisampled true and texture.sampleType 'float'; multisampled "
        "textures are not filtered, so 'float' is not allowed.",
        e.binding);
  }

  if (e.storageTexture) {
    const StorageTextureBindingLayout& st = *e.storageTexture;
    BINDERY_INVALID_IF_FIX(!st.format.has_value(), BindGroupLayoutStorageTextureFormatMissing,
                           "Give the format of the WGSL texture_storage_*<format, access>, e.g. "
                           "storageTexture: {format: 'rgba8unorm'}.",
                           "binding {} has a storageTexture without format; format is required.",
                           e.binding);
    TextureFormat format = *st.format;
    // Content timeline: "Validate texture format required features".
    const FormatInfo& info = formatInfo(format);
    BINDERY_INVALID_IF_FIX(
        !formatSupported(format, device->features()), MissingFeature,
        fmt::format("Request the '{}' feature in requiredFeatures.",
                    info.requiredFeature ? toString(*info.requiredFeature) : ""),
        "binding {} has storageTexture.format '{}', which needs the '{}' feature, not enabled "
        "on this device.",
        e.binding, toString(format),
        info.requiredFeature ? toString(*info.requiredFeature) : std::string_view());
    BINDERY_INVALID_IF_FIX(
        st.viewDimension == TextureViewDimension::Cube ||
            st.viewDimension == TextureViewDimension::CubeArray,
        BindGroupLayoutStorageTextureCube,
        "Bind the cube's faces as storageTexture.viewDimension '2d-array' "
        "(texture_storage_2d_array).",
        "binding {} has storageTexture.viewDimension '{}'; storage textures cannot be cube "
        "views.",
        e.binding, toString(st.viewDimension));
    if (!isStorageFormat(format, st.access, device->features())) [[unlikely]] {
      std::vector<StorageTextureAccess> accesses = storageAccesses(format, device->features());
      std::optional<FeatureName> needed = storageFeatureNeeded(format, st.access);
      std::string fix;
      if (needed) {
        fix = fmt::format("Request the '{}' feature in requiredFeatures", toString(*needed));
        if (!accesses.empty()) fix += fmt::format(", or use access {}", accessList(accesses));
        fix += ".";
      } else if (!accesses.empty()) {
        fix = fmt::format(
            "Use access {} with '{}', or a format that supports '{}' (e.g. "
            "'r32float', 'r32uint', 'r32sint').",
            accessList(accesses), toString(format), toString(st.access));
      } else {
        fix =
            "Use a format with the STORAGE_BINDING capability (#plain-color-formats), e.g. "
            "'rgba8unorm', 'rgba16float', 'r32float', 'rgba32float'.";
      }
      auto error = makeValidationError(
          ErrorCode::BindGroupLayoutStorageTextureFormat,
          accesses.empty()
              ? fmt::format("binding {} has storageTexture.format '{}', which cannot be a "
                            "storage texture on this device.",
                            e.binding, toString(format))
              : fmt::format("binding {} has storageTexture.format '{}' with access '{}', but "
                            "'{}' supports only {} as a storage texture on this device.",
                            e.binding, toString(format), toString(st.access), toString(format),
                            accessList(accesses)));
      error->fix = std::move(fix);
      return error;
    }
  }
  return {};
}

// Dense order: dynamic-offset buffers, other buffers, then the rest; each by binding number.
int denseRank(const LayoutEntry& e) {
  if (e.kind != BindingKind::Buffer) return 2;
  return e.hasDynamicOffset ? 0 : 1;
}

size_t hashEntries(std::span<const LayoutEntry> dense) {
  uint64_t h = 0xcbf29ce484222325ull ^ dense.size();
  auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
  for (const LayoutEntry& e : dense) {
    mix(uint64_t{e.binding} | (uint64_t{e.visibility} << 32) | (uint64_t(e.kind) << 40) |
        (uint64_t(e.bufferType) << 48) | (uint64_t(e.hasDynamicOffset) << 56));
    mix(uint64_t(e.samplerType) | (uint64_t(e.sampleType) << 8) | (uint64_t(e.multisampled) << 16) |
        (uint64_t(e.viewDimension) << 24) | (uint64_t(e.access) << 32) |
        (uint64_t(e.storageFormat) << 40));
    mix(e.minBindingSize);
  }
  return static_cast<size_t>(h);
}

}  // namespace

// #bind-group-layout-creation: the device-timeline requirements (and the
// content-timeline format-feature check).
MaybeError validateBindGroupLayoutDescriptor(const DeviceBase* device,
                                             const BindGroupLayoutDescriptor& d,
                                             std::vector<LayoutEntry>* dense) {
  const size_t n = d.entries.size();
  dense->clear();
  dense->reserve(n);
  for (size_t i = 0; i < n; ++i) {
    BINDERY_TRY_CONTEXT(validateEntry(device, d.entries[i]),
                        "validating descriptor.entries[{}] (binding {})", i, d.entries[i].binding);
    dense->push_back(LayoutEntry::fromPublic(d.entries[i]));
  }
  // Unique binding numbers: sort the dense order (binding-major within each rank),
  // and look for equal neighbours by binding over the whole list.
  std::sort(dense->begin(), dense->end(),
            [](const LayoutEntry& a, const LayoutEntry& b) { return a.binding < b.binding; });
  for (size_t i = 1; i < n; ++i) {
    if ((*dense)[i].binding == (*dense)[i - 1].binding) [[unlikely]] {
      uint32_t binding = (*dense)[i].binding;
      std::vector<size_t> where;
      for (size_t j = 0; j < n; ++j) {
        if (d.entries[j].binding == binding) where.push_back(j);
      }
      auto error = makeValidationError(
          ErrorCode::BindGroupLayoutDuplicateBinding,
          fmt::format("descriptor.entries[{}] and descriptor.entries[{}] both have binding {}; "
                      "each binding number may appear once in a layout.",
                      where[0], where[1], binding));
      error->fix =
          "Give one of them another binding number (and the matching @binding(n) in "
          "WGSL).";
      return error;
    }
  }

  BindingSlotCounts counts;
  for (const LayoutEntry& e : *dense) counts.add(e);
  SlotSource source{-1, *dense};
  BINDERY_TRY(validateBindingSlotLimits(counts, device->limits(),
                                        ErrorCode::BindGroupLayoutBindingSlotLimits, {&source, 1}));

  // Binding numbers are unique now, so (rank, binding) is a total order.
  std::sort(dense->begin(), dense->end(), [](const LayoutEntry& a, const LayoutEntry& b) {
    int ra = denseRank(a), rb = denseRank(b);
    return ra != rb ? ra < rb : a.binding < b.binding;
  });
  return {};
}

// --- LayoutEntry --------------------------------------------------------------

LayoutEntry LayoutEntry::fromPublic(const BindGroupLayoutEntry& e) {
  LayoutEntry r;
  r.binding = e.binding;
  r.visibility = static_cast<uint8_t>(e.visibility.bits());
  if (e.buffer) {
    r.kind = BindingKind::Buffer;
    r.bufferType = e.buffer->type;
    r.hasDynamicOffset = e.buffer->hasDynamicOffset;
    r.minBindingSize = e.buffer->minBindingSize;
  } else if (e.sampler) {
    r.kind = BindingKind::Sampler;
    r.samplerType = e.sampler->type;
  } else if (e.texture) {
    r.kind = BindingKind::Texture;
    r.sampleType = e.texture->sampleType;
    r.viewDimension = e.texture->viewDimension;
    r.multisampled = e.texture->multisampled;
  } else if (e.storageTexture) {
    r.kind = BindingKind::StorageTexture;
    r.access = e.storageTexture->access;
    r.storageFormat = e.storageTexture->format.value_or(TextureFormat::R8unorm);
    r.viewDimension = e.storageTexture->viewDimension;
  } else {
    r.kind = BindingKind::ExternalTexture;
  }
  return r;
}

BindGroupLayoutEntry LayoutEntry::toPublic() const {
  BindGroupLayoutEntry e;
  e.binding = binding;
  e.visibility = stages();
  switch (kind) {
    case BindingKind::Buffer: e.buffer = {bufferType, hasDynamicOffset, minBindingSize}; break;
    case BindingKind::Sampler: e.sampler = {samplerType}; break;
    case BindingKind::Texture: e.texture = {sampleType, viewDimension, multisampled}; break;
    case BindingKind::StorageTexture:
      e.storageTexture = {access, storageFormat, viewDimension};
      break;
    case BindingKind::ExternalTexture: e.externalTexture = ExternalTextureBindingLayout{}; break;
  }
  return e;
}

std::string LayoutEntry::describeMember() const {
  switch (kind) {
    case BindingKind::Buffer:
      return fmt::format("buffer: {{type: '{}', hasDynamicOffset: {}, minBindingSize: {}}}",
                         toString(bufferType), hasDynamicOffset, minBindingSize);
    case BindingKind::Sampler: return fmt::format("sampler: {{type: '{}'}}", toString(samplerType));
    case BindingKind::Texture:
      return fmt::format("texture: {{sampleType: '{}', viewDimension: '{}', multisampled: {}}}",
                         toString(sampleType), toString(viewDimension), multisampled);
    case BindingKind::StorageTexture:
      return fmt::format("storageTexture: {{access: '{}', format: '{}', viewDimension: '{}'}}",
                         toString(access), toString(storageFormat), toString(viewDimension));
    case BindingKind::ExternalTexture: return "externalTexture: {}";
  }
  return {};
}

std::string LayoutEntry::describe() const {
  return fmt::format("{{binding: {}, visibility: {}, {}}}", binding, toString(stages()),
                     describeMember());
}

// --- BindGroupLayoutInternal ----------------------------------------------------

Ref<BindGroupLayoutInternal> BindGroupLayoutInternal::create(BindGroupLayoutCache* cache,
                                                             std::span<const LayoutEntry> dense,
                                                             size_t hash) {
  uint32_t maxBinding = 0;
  for (const LayoutEntry& e : dense) maxBinding = std::max(maxBinding, e.binding);
  const uint32_t tableSize = dense.empty() ? 0 : maxBinding + 1;
  // One allocation: the object, then the entries, then the binding table.
  const size_t entriesOffset =
      (sizeof(BindGroupLayoutInternal) + alignof(LayoutEntry) - 1) & ~(alignof(LayoutEntry) - 1);
  const size_t tableOffset = entriesOffset + dense.size() * sizeof(LayoutEntry);
  const size_t bytes = tableOffset + tableSize * sizeof(uint16_t);
  void* memory = ::operator new(bytes);
  auto* self = new (memory) BindGroupLayoutInternal();
  auto* base = static_cast<uint8_t*>(memory);
  self->cache_ = cache;
  self->hash_ = hash;
  self->count_ = static_cast<uint32_t>(dense.size());
  self->tableSize_ = tableSize;
  self->entries_ = reinterpret_cast<LayoutEntry*>(base + entriesOffset);
  self->table_ = reinterpret_cast<uint16_t*>(base + tableOffset);
  std::fill_n(self->table_, tableSize, kNoSlot);
  for (uint32_t i = 0; i < self->count_; ++i) {
    const LayoutEntry& e = dense[i];
    new (&self->entries_[i]) LayoutEntry(e);
    self->table_[e.binding] = static_cast<uint16_t>(i);
    self->slotCounts_.add(e);
    if (e.kind == BindingKind::Buffer) {
      ++self->bufferCount_;
      if (e.hasDynamicOffset) ++self->dynamicCount_;
    }
  }
  return Ref<BindGroupLayoutInternal>::adopt(self);
}

void BindGroupLayoutInternal::destroySelf() const noexcept {
  auto* self = const_cast<BindGroupLayoutInternal*>(this);
  if (cache_) cache_->erase(self);
  // LayoutEntry is trivially destructible; the trailing storage goes with the block.
  self->~BindGroupLayoutInternal();
  ::operator delete(static_cast<void*>(self));
}

std::vector<const LayoutEntry*> BindGroupLayoutInternal::sortedByBinding() const {
  std::vector<const LayoutEntry*> sorted;
  sorted.reserve(count_);
  for (uint32_t i = 0; i < count_; ++i) sorted.push_back(&entries_[i]);
  std::sort(sorted.begin(), sorted.end(),
            [](const LayoutEntry* a, const LayoutEntry* b) { return a->binding < b->binding; });
  return sorted;
}

// --- BindGroupLayoutCache --------------------------------------------------------

struct BindGroupLayoutCache::Impl {
  // hash -> the live internals with that hash (weak: an internal erases itself).
  std::unordered_multimap<size_t, BindGroupLayoutInternal*> byHash;
};

BindGroupLayoutCache::BindGroupLayoutCache() : impl_(new Impl) {}
BindGroupLayoutCache::~BindGroupLayoutCache() {
  delete impl_;
}

Ref<BindGroupLayoutInternal> BindGroupLayoutCache::getOrCreate(std::span<const LayoutEntry> dense) {
  const size_t hash = hashEntries(dense);
  auto [begin, end] = impl_->byHash.equal_range(hash);
  for (auto it = begin; it != end; ++it) {
    std::span<const LayoutEntry> other = it->second->entries();
    if (std::equal(dense.begin(), dense.end(), other.begin(), other.end())) {
      return Ref<BindGroupLayoutInternal>(it->second);
    }
  }
  Ref<BindGroupLayoutInternal> internal = BindGroupLayoutInternal::create(this, dense, hash);
  impl_->byHash.emplace(hash, internal.get());
  return internal;
}

size_t BindGroupLayoutCache::size() const {
  return impl_->byHash.size();
}

void BindGroupLayoutCache::erase(const BindGroupLayoutInternal* internal) {
  auto [begin, end] = impl_->byHash.equal_range(internal->hash());
  for (auto it = begin; it != end; ++it) {
    if (it->second == internal) {
      impl_->byHash.erase(it);
      return;
    }
  }
}

BindGroupLayoutCache& DeviceBase::bindGroupLayoutCache() {
  if (!bindGroupLayoutCache_) bindGroupLayoutCache_ = std::make_shared<BindGroupLayoutCache>();
  return *bindGroupLayoutCache_;
}

// --- BindGroupLayoutBase ------------------------------------------------------------

BindGroupLayoutBase::BindGroupLayoutBase(DeviceBase* device, std::string_view label,
                                         Ref<BindGroupLayoutInternal> internal,
                                         const ObjectBase* exclusivePipeline)
    : ObjectBase(device, ObjectType::BindGroupLayout, label),
      internal_(std::move(internal)),
      exclusivePipeline_(exclusivePipeline) {
  if (exclusivePipeline != nullptr) {
    exclusivePipelineType_ = exclusivePipeline->objectType();
    exclusivePipelineValid_ = exclusivePipeline->isValid();
    exclusivePipelineLabel_ = exclusivePipeline->label();
  }
}

BindGroupLayoutBase::BindGroupLayoutBase(DeviceBase* device, std::string_view label, InvalidTag tag)
    : ObjectBase(device, ObjectType::BindGroupLayout, label, tag) {}

BindGroupLayoutBase::~BindGroupLayoutBase() = default;

std::string BindGroupLayoutBase::exclusivePipelineDescription() const {
  // The pipeline's describe() as it was at creation: "[ComputePipeline "p"]".
  std::string text = core::describe(exclusivePipelineType_, exclusivePipelineLabel_);
  if (!exclusivePipelineValid_) text.insert(1, "Invalid ");
  return text;
}

std::string BindGroupLayoutBase::describeWithOwner() const {
  if (!exclusivePipeline_) return describe();
  return fmt::format("{} (the layout: 'auto' of {})", describe(), exclusivePipelineDescription());
}

Ref<BindGroupLayoutBase> DeviceBase::createBindGroupLayout(
    const BindGroupLayoutDescriptor& descriptor) {
  beginCall();
  auto invalid = [&] {
    return Ref<BindGroupLayoutBase>::adopt(
        new BindGroupLayoutBase(this, descriptor.label, InvalidTag{}));
  };
  if (isLost()) return invalid();
  std::vector<LayoutEntry> dense;
  if (MaybeError error = validateBindGroupLayoutDescriptor(this, descriptor, &dense);
      error.isError()) {
    Ref<BindGroupLayoutBase> layout = invalid();
    layout->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createBindGroupLayout({})", describe(),
                              core::describe(ObjectType::BindGroupLayout, descriptor.label)));
    return layout;
  }
  auto layout = Ref<BindGroupLayoutBase>::adopt(new BindGroupLayoutBase(
      this, descriptor.label, bindGroupLayoutCache().getOrCreate(dense), nullptr));
  if (MaybeError error = realiseNoReport(this, *layout, backend().createBindGroupLayout(*layout));
      error.isError()) {
    dispatchError(std::move(error),
                  fmt::format("{}.createBindGroupLayout({})", describe(),
                              core::describe(ObjectType::BindGroupLayout, descriptor.label)));
  }
  return layout;
}

MaybeError DeviceBase::createAutoBindGroupLayout(const BindGroupLayoutDescriptor& descriptor,
                                                 const ObjectBase* owner,
                                                 Ref<BindGroupLayoutBase>* result) {
  // Per thread, reused: the cache copies what it keeps, so a layout of
  // layout: 'auto' allocates no temporary list.
  thread_local std::vector<LayoutEntry> dense;
  MaybeError error = validateBindGroupLayoutDescriptor(this, descriptor, &dense);
  if (error.isError()) {
    *result = Ref<BindGroupLayoutBase>::adopt(
        new BindGroupLayoutBase(this, descriptor.label, InvalidTag{}));
    (*result)->setInvalidReason(error->message);
    return error;
  }
  *result = Ref<BindGroupLayoutBase>::adopt(new BindGroupLayoutBase(
      this, descriptor.label, bindGroupLayoutCache().getOrCreate(dense), owner));
  return realiseNoReport(this, **result, backend().createBindGroupLayout(**result));
}

}  // namespace bindery::core

namespace bindery {

using core::BindGroupLayoutBase;
using core::fromHandle;

BindGroupLayout Device::createBindGroupLayout(const BindGroupLayoutDescriptor& descriptor) const {
  return core::toHandle<BindGroupLayout>(
      fromHandle<core::DeviceBase>(*this)->createBindGroupLayout(descriptor));
}

std::string_view BindGroupLayout::label() const {
  return fromHandle<BindGroupLayoutBase>(*this)->label();
}
void BindGroupLayout::setLabel(std::string_view l) {
  fromHandle<BindGroupLayoutBase>(*this)->setLabel(l);
}
std::vector<BindGroupLayoutEntry> BindGroupLayout::entries() const {
  std::vector<BindGroupLayoutEntry> result;
  const core::BindGroupLayoutInternal* internal =
      fromHandle<BindGroupLayoutBase>(*this)->internal();
  if (!internal) return result;
  for (const core::LayoutEntry* e : internal->sortedByBinding()) result.push_back(e->toPublic());
  return result;
}
bool BindGroupLayout::isGroupEquivalent(const BindGroupLayout& other) const {
  if (!*this || !other) return false;
  return fromHandle<BindGroupLayoutBase>(*this)->isGroupEquivalent(
      *fromHandle<BindGroupLayoutBase>(other));
}

}  // namespace bindery
