// GPUBindGroup: the object (one allocation, entries inline) and
// createBindGroup (#bind-group-creation). The rules are in
// bind_group_validation.cpp.
#include "core/binding/bind_group.h"

#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <vector>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/external_texture.h"
#include "core/resources/sampler.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

size_t BindGroupBase::allocationSize(uint32_t entryCount, uint32_t bufferCount,
                                     uint32_t dynamicCount) {
  static_assert(alignof(DynamicOffsetLimit) <= alignof(BoundBufferRange));
  return kResourcesOffset() + entryCount * sizeof(ObjectBase*) +
         bufferCount * sizeof(BoundBufferRange) + dynamicCount * sizeof(DynamicOffsetLimit);
}

BindGroupBase::BindGroupBase(DeviceBase* device, std::string_view label,
                             Ref<BindGroupLayoutBase> layout, uint32_t count, uint32_t bufferCount,
                             uint32_t dynamicCount)
    : ObjectBase(device, ObjectType::BindGroup, label),
      layout_(std::move(layout)),
      count_(static_cast<uint16_t>(count)),
      bufferCount_(static_cast<uint16_t>(bufferCount)),
      dynamicCount_(static_cast<uint16_t>(dynamicCount)) {}

BindGroupBase::BindGroupBase(DeviceBase* device, std::string_view label,
                             Ref<BindGroupLayoutBase> layout, InvalidTag tag)
    : ObjectBase(device, ObjectType::BindGroup, label, tag), layout_(std::move(layout)) {}

BindGroupBase::~BindGroupBase() = default;

Ref<BindGroupBase> BindGroupBase::create(DeviceBase* device, std::string_view label,
                                         Ref<BindGroupLayoutBase> layout,
                                         std::span<ObjectBase* const> resources,
                                         std::span<const BoundBufferRange> ranges) {
  const auto count = static_cast<uint32_t>(resources.size());
  const auto bufferCount = static_cast<uint32_t>(ranges.size());
  const BindGroupLayoutInternal* internal = layout->internal();
  const uint32_t dynamicCount = internal->dynamicOffsetCount();
  if (count > UINT16_MAX) [[unlikely]] {
    std::abort();  // see count_
  }
  void* memory = ::operator new(allocationSize(count, bufferCount, dynamicCount));
  auto* group = new (memory)
      BindGroupBase(device, label, std::move(layout), count, bufferCount, dynamicCount);
  auto* bytes = static_cast<uint8_t*>(memory) + kResourcesOffset();
  std::copy(resources.begin(), resources.end(), reinterpret_cast<ObjectBase**>(bytes));
  auto* outRanges = reinterpret_cast<BoundBufferRange*>(bytes + count * sizeof(ObjectBase*));
  std::copy(ranges.begin(), ranges.end(), outRanges);
  // Dense order puts the dynamic buffers first: dynamicOffsets[i] is dense entry i.
  auto* limits = reinterpret_cast<DynamicOffsetLimit*>(outRanges + bufferCount);
  const Limits& deviceLimits = device->limits();
  for (uint32_t i = 0; i < dynamicCount; ++i) {
    bool uniform = internal->entry(i).bufferType == BufferBindingType::Uniform;
    uint32_t alignment = uniform ? deviceLimits.minUniformBufferOffsetAlignment
                                 : deviceLimits.minStorageBufferOffsetAlignment;
    uint64_t bufferSize = static_cast<const BufferBase*>(resources[i])->size();
    // #gpubindingcommandsmixin-setbindgroup: offset + dynamicOffset +
    // minBindingSize <= buffer size, with or without a size (a sized range
    // may pass the buffer's end; the backends keep shaders inside it).
    const uint64_t minBindingSize = internal->entry(i).minBindingSize;
    uint64_t end = ranges[i].offset + minBindingSize;
    new (&limits[i]) DynamicOffsetLimit{bufferSize >= end ? bufferSize - end : 0, alignment - 1};
    if (!ranges[i].sized && minBindingSize == 0) group->offsetDependentLateSize_ = true;
  }
  return Ref<BindGroupBase>::adopt(group);
}

Ref<BindGroupBase> BindGroupBase::createInvalid(DeviceBase* device, std::string_view label,
                                                Ref<BindGroupLayoutBase> layout) {
  void* memory = ::operator new(allocationSize(0, 0));
  return Ref<BindGroupBase>::adopt(
      new (memory) BindGroupBase(device, label, std::move(layout), InvalidTag{}));
}

void BindGroupBase::destroySelf() const noexcept {
  auto* self = const_cast<BindGroupBase*>(this);
  for (uint32_t i = 0; i < count_; ++i) resources()[i]->release();
  self->~BindGroupBase();
  ::operator delete(static_cast<void*>(self));
}

BufferBase* BindGroupBase::buffer(uint32_t i) const {
  return i < bufferCount_ ? static_cast<BufferBase*>(resources()[i]) : nullptr;
}

SamplerBase* BindGroupBase::sampler(uint32_t i) const {
  ObjectBase* r = resources()[i];
  return r->objectType() == ObjectType::Sampler ? static_cast<SamplerBase*>(r) : nullptr;
}

TextureViewBase* BindGroupBase::textureView(uint32_t i) const {
  ObjectBase* r = resources()[i];
  return r->objectType() == ObjectType::TextureView ? static_cast<TextureViewBase*>(r) : nullptr;
}

ExternalTextureBase* BindGroupBase::externalTexture(uint32_t i) const {
  ObjectBase* r = resources()[i];
  return r->objectType() == ObjectType::ExternalTexture ? static_cast<ExternalTextureBase*>(r)
                                                        : nullptr;
}

MaybeError BindGroupBase::validateExternalTexturesNotExpired() const {
  for (uint32_t i = bufferCount_; i < count_; ++i) {
    const ExternalTextureBase* external = externalTexture(i);
    if (!external || !external->isExpired()) [[likely]] {
      continue;
    }
    auto error = makeValidationError(
        ErrorCode::BindGroupExternalTextureExpired,
        fmt::format("{} binds {} at binding {}, but that external texture has expired: {}.",
                    describe(), external->describe(), layoutEntry(i).binding,
                    external->expiryReason()));
    error->fix = fmt::format(
        "Import the external texture again for the current frame (device.importExternalTexture) "
        "and create a new bind group in place of {} each frame.",
        describe());
    return error;
  }
  return {};
}

namespace {

enum class OffsetProblem { None, NotAligned, OutOfBounds };

struct DynamicOffsetCheck {
  const BindGroupBase& group;
  uint32_t uniformAlignment;
  uint32_t storageAlignment;

  uint32_t alignment(uint32_t i) const {
    return group.layoutEntry(i).bufferType == BufferBindingType::Uniform ? uniformAlignment
                                                                         : storageAlignment;
  }
  // The bytes that must fit after offset + dynamicOffset: minBindingSize,
  // whether or not the binding has a size (#gpubindingcommandsmixin-setbindgroup).
  uint64_t requiredBytes(uint32_t i) const { return group.layoutEntry(i).minBindingSize; }
  OffsetProblem problem(uint32_t i, uint32_t offset) const {
    if ((offset & (alignment(i) - 1)) != 0) return OffsetProblem::NotAligned;
    const BoundBufferRange& range = group.bufferRange(i);
    if (range.offset + offset + requiredBytes(i) > group.buffer(i)->size()) {
      return OffsetProblem::OutOfBounds;
    }
    return OffsetProblem::None;
  }
  // An order of `offsets` that passes every entry's checks (a bipartite
  // matching of offsets to entries), or empty when none does.
  std::vector<uint32_t> validOrder(const uint32_t* offsets, uint32_t count) const {
    std::vector<int> entryOf(count, -1);  // offset index -> entry
    std::function<bool(uint32_t, std::vector<bool>&)> assign = [&](uint32_t entry,
                                                                   std::vector<bool>& seen) {
      for (uint32_t o = 0; o < count; ++o) {
        if (seen[o] || problem(entry, offsets[o]) != OffsetProblem::None) continue;
        seen[o] = true;
        if (entryOf[o] < 0 || assign(static_cast<uint32_t>(entryOf[o]), seen)) {
          entryOf[o] = static_cast<int>(entry);
          return true;
        }
      }
      return false;
    };
    for (uint32_t entry = 0; entry < count; ++entry) {
      std::vector<bool> seen(count, false);
      if (!assign(entry, seen)) return {};
    }
    std::vector<uint32_t> order(count);
    for (uint32_t o = 0; o < count; ++o) order[static_cast<uint32_t>(entryOf[o])] = offsets[o];
    return order;
  }
};

std::string joinOffsets(const std::vector<uint32_t>& offsets) {
  std::string text;
  for (uint32_t o : offsets) text += (text.empty() ? "" : ", ") + std::to_string(o);
  return text;
}

}  // namespace

MaybeError validateDynamicOffsets(const BindGroupBase& group, const uint32_t* offsets,
                                  uint32_t count, uint32_t uniformAlignment,
                                  uint32_t storageAlignment) {
  DynamicOffsetCheck check{group, uniformAlignment, storageAlignment};
  uint32_t bad = count;
  for (uint32_t i = 0; i < count && bad == count; ++i) {
    if (check.problem(i, offsets[i]) != OffsetProblem::None) bad = i;
  }
  if (bad == count) return {};
  // Dense order puts the dynamic buffers first, in binding-number order:
  // dynamicOffsets[i] belongs to dense entry i.
  const LayoutEntry& entry = group.layoutEntry(bad);
  const BoundBufferRange& range = group.bufferRange(bad);
  const BufferBase* buffer = group.buffer(bad);
  const uint32_t offset = offsets[bad];
  const uint32_t alignment = check.alignment(bad);
  const bool uniform = entry.bufferType == BufferBindingType::Uniform;
  std::unique_ptr<ErrorData> error;
  if (check.problem(bad, offset) == OffsetProblem::NotAligned) {
    error = makeValidationError(
        ErrorCode::DynamicOffsetNotAligned,
        fmt::format(
            "dynamicOffsets[{}] ({}, for binding {} of {}, a '{}' buffer) is not a "
            "multiple of {} ({}).",
            bad, offset, entry.binding, group.describe(), toString(entry.bufferType), alignment,
            uniform ? "minUniformBufferOffsetAlignment" : "minStorageBufferOffsetAlignment"));
    error->fix =
        fmt::format("Round the offset to a multiple of {} (the device's limit).", alignment);
  } else {
    const uint64_t required = check.requiredBytes(bad);
    const uint64_t end = range.offset + offset + required;
    error = makeValidationError(
        ErrorCode::DynamicOffsetOutOfBounds,
        fmt::format("dynamicOffsets[{}] ({}) for binding {} of {} moves the binding past the end "
                    "of {}: offset {} + dynamic offset {} + minBindingSize {} = {} > buffer size "
                    "{} (#gpubindingcommandsmixin-setbindgroup checks minBindingSize{}).",
                    bad, offset, entry.binding, group.describe(), buffer->describe(), range.offset,
                    offset, required, end, buffer->size(),
                    range.sized ? fmt::format(", not the binding's size {}", range.size)
                                : "; the binding has no size, so it covers the buffer from offset "
                                  "+ dynamic offset to its end"));
    uint64_t room =
        buffer->size() >= range.offset + required ? buffer->size() - range.offset - required : 0;
    error->fix = fmt::format("Use a dynamic offset of at most {}.", room / alignment * alignment);
  }
  // Offsets given in the order of the descriptor's entries rather than by
  // binding number are valid in another order: say which.
  if (count > 1) {
    std::vector<uint32_t> order = check.validOrder(offsets, count);
    if (!order.empty()) {
      std::string expected;
      for (uint32_t i = 0; i < count; ++i) {
        const LayoutEntry& e = group.layoutEntry(i);
        expected += fmt::format("{}binding {} ('{}'): {}", i ? ", " : "", e.binding,
                                toString(e.bufferType), order[i]);
      }
      error->message += fmt::format(
          " The offsets given ([{}]) would all be valid in another order: dynamicOffsets are "
          "taken in binding-number order (one per entry with hasDynamicOffset: true), not in "
          "the order of the entries in the descriptor. {} expects: {}.",
          joinOffsets(std::vector<uint32_t>(offsets, offsets + count)),
          group.layout()->describeWithOwner(), expected);
      error->fix =
          fmt::format("Pass dynamicOffsets: [{}] (sorted by binding number).", joinOffsets(order));
    }
  }
  return error;
}

Ref<BindGroupBase> DeviceBase::createBindGroup(const BindGroupDescriptor& descriptor) {
  beginCall();
  auto* layout = fromHandle<BindGroupLayoutBase>(descriptor.layout);
  auto fail = [&](MaybeError error) {
    Ref<BindGroupBase> group = BindGroupBase::createInvalid(
        this, descriptor.label, layout ? Ref<BindGroupLayoutBase>(layout) : nullptr);
    if (error.isError()) {
      group->setInvalidReason(error->message);
      dispatchError(std::move(error),
                    fmt::format("{}.createBindGroup({})", describe(),
                                core::describe(ObjectType::BindGroup, descriptor.label)));
    }
    return group;
  };
  if (isLost()) return fail({});
  if (MaybeError error = validateObject(layout, "descriptor.layout"); error.isError()) {
    return fail(std::move(error));
  }
  const BindGroupLayoutInternal& internal = *layout->internal();
  const uint32_t count = internal.entryCount();
  const uint32_t bufferCount = internal.bufferCount();
  // Small groups resolve on the stack.
  constexpr uint32_t kInline = 16;
  ObjectBase* inlineResources[kInline];
  BoundBufferRange inlineRanges[kInline];
  std::unique_ptr<ObjectBase*[]> heapResources;
  std::unique_ptr<BoundBufferRange[]> heapRanges;
  ObjectBase** resources = inlineResources;
  BoundBufferRange* ranges = inlineRanges;
  if (count > kInline) {
    heapResources.reset(new ObjectBase*[count]);
    heapRanges.reset(new BoundBufferRange[count]);
    resources = heapResources.get();
    ranges = heapRanges.get();
  }
  if (MaybeError error = validateAndResolveBindGroup(this, descriptor, *layout, resources, ranges);
      error.isError()) {
    return fail(std::move(error));
  }
  Ref<BindGroupBase> group =
      BindGroupBase::create(this, descriptor.label, Ref<BindGroupLayoutBase>(layout),
                            {resources, count}, {ranges, bufferCount});
  // The backend's descriptor set (src/backends/backend.h); the call is
  // formatted only for a failure.
  backend::Result<std::unique_ptr<backend::BindGroupBackend>> made =
      backend().createBindGroup(*group);
  if (!made.isError()) {
    group->setBackendObject(std::move(made.value()));
  } else {
    realise(this, *group, std::move(made),
            [&] { return fmt::format("{}.createBindGroup({})", describe(), group->describe()); });
  }
  return group;
}

}  // namespace bindery::core

namespace bindery {

using core::BindGroupBase;
using core::fromHandle;

BindGroup Device::createBindGroup(const BindGroupDescriptor& descriptor) const {
  return core::toHandle<BindGroup>(
      fromHandle<core::DeviceBase>(*this)->createBindGroup(descriptor));
}

std::string_view BindGroup::label() const {
  return fromHandle<BindGroupBase>(*this)->label();
}
void BindGroup::setLabel(std::string_view l) {
  fromHandle<BindGroupBase>(*this)->setLabel(l);
}
BindGroupLayout BindGroup::layout() const {
  return core::toHandle<BindGroupLayout>(
      core::Ref<core::BindGroupLayoutBase>(fromHandle<BindGroupBase>(*this)->layout()));
}

}  // namespace bindery
