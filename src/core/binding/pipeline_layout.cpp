// GPUPipelineLayout: #pipeline-layout-creation.
#include "core/binding/pipeline_layout.h"

#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/device/device.h"

namespace bindery::core {

// #pipeline-layout-creation: the device-timeline requirements.
MaybeError validatePipelineLayoutDescriptor(const DeviceBase* device,
                                            const PipelineLayoutDescriptor& d) {
  const Limits& limits = device->limits();
  for (size_t i = 0; i < d.bindGroupLayouts.size(); ++i) {
    const auto* layout = fromHandle<BindGroupLayoutBase>(d.bindGroupLayouts[i]);
    if (!layout) continue;  // a null slot
    std::string what = fmt::format("descriptor.bindGroupLayouts[{}]", i);
    BINDERY_TRY(device->validateObject(layout, what));
    BINDERY_INVALID_IF_FIX(
        layout->exclusivePipeline() != nullptr, PipelineLayoutExclusiveBindGroupLayout,
        fmt::format("Create the layout with device.createBindGroupLayout() (explicit layouts "
                    "with equal entries are interchangeable), and use it both here and in the "
                    "descriptor of {} instead of layout: 'auto'.",
                    layout->exclusivePipelineDescription()),
        "{} is {}, which was made by the layout: 'auto' of {} (its [[exclusivePipeline]]); such "
        "a layout belongs to that pipeline alone and cannot be part of a pipeline layout.",
        what, layout->describe(), layout->exclusivePipelineDescription());
  }
  BINDERY_INVALID_IF_FIX(
      d.bindGroupLayouts.size() > limits.maxBindGroups, PipelineLayoutTooManyBindGroups,
      fmt::format("Merge groups so that at most {} are used (@group(0) .. @group({})), or "
                  "request a higher maxBindGroups in requiredLimits (up to the adapter's).",
                  limits.maxBindGroups, limits.maxBindGroups - 1),
      "descriptor.bindGroupLayouts has {} elements, but the device's maxBindGroups limit is "
      "{}.",
      d.bindGroupLayouts.size(), limits.maxBindGroups);

  BindingSlotCounts counts;
  std::vector<SlotSource> sources;
  for (size_t i = 0; i < d.bindGroupLayouts.size(); ++i) {
    const auto* layout = fromHandle<BindGroupLayoutBase>(d.bindGroupLayouts[i]);
    if (!layout || layout->entryCount() == 0) continue;
    counts += layout->internal()->slotCounts();
    sources.push_back({static_cast<int>(i), layout->internal()->entries()});
  }
  BINDERY_TRY(validateBindingSlotLimits(counts, limits, ErrorCode::PipelineLayoutBindingSlotLimits,
                                        sources));

  BINDERY_INVALID_IF_FIX(d.immediateSize > limits.maxImmediateSize,
                         PipelineLayoutImmediateSizeTooLarge,
                         "Move the rest of the data to a uniform buffer, or request a higher "
                         "maxImmediateSize in requiredLimits.",
                         "descriptor.immediateSize ({}) exceeds the device's maxImmediateSize "
                         "limit ({}).",
                         d.immediateSize, limits.maxImmediateSize);
  BINDERY_INVALID_IF_FIX(d.immediateSize % 4 != 0, PipelineLayoutImmediateSizeNotAligned,
                         fmt::format("Round it up to {}.", (d.immediateSize + 3) / 4 * 4),
                         "descriptor.immediateSize ({}) must be a multiple of 4.", d.immediateSize);
  return {};
}

PipelineLayoutBase::PipelineLayoutBase(DeviceBase* device, const PipelineLayoutDescriptor& d,
                                       std::span<const Ref<BindGroupLayoutBase>> layouts)
    : ObjectBase(device, ObjectType::PipelineLayout, d.label), immediateSize_(d.immediateSize) {
  for (const Ref<BindGroupLayoutBase>& layout : layouts) layouts_.emplace_back(layout.get());
  for (const Ref<BindGroupLayoutBase>& layout : layouts_) {
    if (layout) slotCounts_ += layout->internal()->slotCounts();
  }
}

PipelineLayoutBase::PipelineLayoutBase(DeviceBase* device, const PipelineLayoutDescriptor& d,
                                       InvalidTag tag)
    : ObjectBase(device, ObjectType::PipelineLayout, d.label, tag),
      immediateSize_(d.immediateSize) {}

PipelineLayoutBase::~PipelineLayoutBase() = default;

bool PipelineLayoutBase::isEquivalent(const PipelineLayoutBase& other) const {
  if (immediateSize_ != other.immediateSize_ || layouts_.size() != other.layouts_.size()) {
    return false;
  }
  for (size_t i = 0; i < layouts_.size(); ++i) {
    const BindGroupLayoutBase* a = layouts_[i].get();
    const BindGroupLayoutBase* b = other.layouts_[i].get();
    if ((a == nullptr) != (b == nullptr)) return false;
    if (a && !a->isGroupEquivalent(*b)) return false;
  }
  return true;
}

Ref<PipelineLayoutBase> DeviceBase::createPipelineLayout(
    const PipelineLayoutDescriptor& descriptor) {
  beginCall();
  auto invalid = [&] {
    return Ref<PipelineLayoutBase>::adopt(new PipelineLayoutBase(this, descriptor, InvalidTag{}));
  };
  if (isLost()) return invalid();
  if (MaybeError error = validatePipelineLayoutDescriptor(this, descriptor); error.isError()) {
    Ref<PipelineLayoutBase> layout = invalid();
    layout->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createPipelineLayout({})", describe(),
                              core::describe(ObjectType::PipelineLayout, descriptor.label)));
    return layout;
  }
  // maxBindGroups slots; a null or empty layout leaves its slot null.
  std::vector<Ref<BindGroupLayoutBase>> layouts(limits().maxBindGroups);
  for (size_t i = 0; i < descriptor.bindGroupLayouts.size(); ++i) {
    auto* layout = fromHandle<BindGroupLayoutBase>(descriptor.bindGroupLayouts[i]);
    if (layout && layout->entryCount() > 0) layouts[i] = Ref<BindGroupLayoutBase>(layout);
  }
  auto layout = Ref<PipelineLayoutBase>::adopt(new PipelineLayoutBase(this, descriptor, layouts));
  realise(this, *layout, backend().createPipelineLayout(*layout), [&] {
    return fmt::format("{}.createPipelineLayout({})", describe(), layout->describe());
  });
  return layout;
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::PipelineLayoutBase;

PipelineLayout Device::createPipelineLayout(const PipelineLayoutDescriptor& descriptor) const {
  return core::toHandle<PipelineLayout>(
      fromHandle<core::DeviceBase>(*this)->createPipelineLayout(descriptor));
}

std::string_view PipelineLayout::label() const {
  return fromHandle<PipelineLayoutBase>(*this)->label();
}
void PipelineLayout::setLabel(std::string_view l) {
  fromHandle<PipelineLayoutBase>(*this)->setLabel(l);
}
std::vector<BindGroupLayout> PipelineLayout::bindGroupLayouts() const {
  std::vector<BindGroupLayout> result;
  for (const auto& layout : fromHandle<PipelineLayoutBase>(*this)->bindGroupLayouts()) {
    result.push_back(core::toHandle<BindGroupLayout>(layout));
  }
  return result;
}
uint32_t PipelineLayout::immediateSize() const {
  return fromHandle<PipelineLayoutBase>(*this)->immediateSize();
}

}  // namespace bindery
