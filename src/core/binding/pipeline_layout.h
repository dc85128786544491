// PipelineLayoutBase: a GPUPipelineLayout inside the core (#gpupipelinelayout).
#pragma once

#include <cstdint>
#include <span>

#include "bindery/pipeline_layout.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/base/ref_list.h"
#include "core/binding/bind_group_layout.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class PipelineLayoutBase final : public ObjectBase,
                                 public BackendOwner<backend::PipelineLayoutBackend> {
 public:
  // `layouts` has maxBindGroups slots (null: an empty slot).
  PipelineLayoutBase(DeviceBase* device, const PipelineLayoutDescriptor& descriptor,
                     std::span<const Ref<BindGroupLayoutBase>> layouts);
  PipelineLayoutBase(DeviceBase* device, const PipelineLayoutDescriptor& descriptor, InvalidTag);
  ~PipelineLayoutBase() override;

  // [[bindGroupLayouts]]: maxBindGroups slots; null for a null or empty layout.
  std::span<const Ref<BindGroupLayoutBase>> bindGroupLayouts() const {
    return {layouts_.begin(), layouts_.size()};
  }
  const BindGroupLayoutBase* bindGroupLayout(uint32_t group) const {
    return group < layouts_.size() ? layouts_[group].get() : nullptr;
  }
  uint32_t immediateSize() const { return immediateSize_; }
  // Slots used by all groups together.
  const BindingSlotCounts& slotCounts() const { return slotCounts_; }
  // The spec's note on equivalent pipeline layouts: group-equivalent layouts
  // in every slot and equal immediateSize.
  bool isEquivalent(const PipelineLayoutBase& other) const;

 private:
  // The slots: inline up to 4 (the default maxBindGroups), so a layout
  // allocates no list of its own; more on the heap.
  RefList<BindGroupLayoutBase, 4> layouts_;
  uint32_t immediateSize_ = 0;
  BindingSlotCounts slotCounts_;
};

// #pipeline-layout-creation validation.
MaybeError validatePipelineLayoutDescriptor(const DeviceBase* device,
                                            const PipelineLayoutDescriptor& descriptor);

}  // namespace bindery::core
