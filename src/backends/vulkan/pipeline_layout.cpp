// GPUPipelineLayout -> VkPipelineLayout (pipeline_layout.h).
#include "backends/vulkan/pipeline_layout.h"

#include <algorithm>

#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "core/binding/bind_group_layout.h"
#include "core/binding/pipeline_layout.h"

namespace bindery::vulkan {

Result<std::unique_ptr<PipelineLayout>> PipelineLayout::create(
    std::shared_ptr<ComputeState> state, const core::PipelineLayoutBase& layout) {
  std::unique_ptr<PipelineLayout> self(new PipelineLayout(state));
  // #pipeline-layout-creation: [[bindGroupLayouts]] has maxBindGroups slots;
  // Vulkan needs sets up to the last one used.
  const auto& groups = layout.bindGroupLayouts();
  uint32_t count = 0;
  for (uint32_t g = 0; g < groups.size(); ++g) {
    if (groups[g] && groups[g]->entryCount() > 0) count = g + 1;
  }
  std::vector<VkDescriptorSetLayout> handles;
  for (uint32_t g = 0; g < count; ++g) {
    Result<std::shared_ptr<SetLayout>> set = groups[g] && groups[g]->internal()
                                                 ? setLayoutOf(*state, *groups[g])
                                                 : state->setLayouts().empty();
    if (set.isError()) return set.error();
    handles.push_back(set.value()->handle());
    if (g < 32 && !set.value()->empty()) self->nonEmptySets_ |= 1u << g;
    self->sets_.push_back(std::move(set.value()));
  }
  self->immediateBytes_ = (layout.immediateSize() + 3) & ~3u;
  // The effective binding sizes of dynamic storage entries (pipeline_layout.h).
  for (uint32_t g = 0; g < count; ++g) {
    const core::BindGroupLayoutInternal* internal = groups[g] ? groups[g]->internal() : nullptr;
    if (!internal) continue;
    for (uint32_t i = 0; i < internal->dynamicOffsetCount(); ++i) {
      const core::LayoutEntry& e = internal->entry(i);
      if (e.kind != core::BindingKind::Buffer || e.bufferType == BufferBindingType::Uniform)
        continue;
      self->effectiveSizeWords_[{g, e.binding}] =
          self->immediateBytes_ + 4 * static_cast<uint32_t>(self->sizeWords_.size());
      self->sizeWords_.push_back({g, i});
    }
  }
  self->pushConstantSize_ =
      self->immediateBytes_ + 4 * static_cast<uint32_t>(self->sizeWords_.size());
  VkPushConstantRange range{kPushConstantStages, 0, self->pushConstantSize_};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = count;
  info.pSetLayouts = handles.data();
  info.pushConstantRangeCount = self->pushConstantSize_ > 0 ? 1 : 0;
  info.pPushConstantRanges = &range;
  BINDERY_VK_TRY(checkVk(vkCreatePipelineLayout(state->handle(), &info, nullptr, &self->layout_),
                         "vkCreatePipelineLayout"));
  return self;
}

PipelineLayout::~PipelineLayout() {
  if (layout_ != VK_NULL_HANDLE) {
    // Command buffers that used it may still be pending: destroyed after them.
    VkDevice device = state_->handle();
    VkPipelineLayout layout = layout_;
    state_->device().deferDestroy(
        [device, layout] { vkDestroyPipelineLayout(device, layout, nullptr); });
  }
  sets_.clear();
}

VkDescriptorSetLayout PipelineLayout::setHandle(uint32_t n) const {
  return sets_[n]->handle();
}

uint32_t PipelineLayout::firstIncompatibleSet(const PipelineLayout* a, const PipelineLayout& b) {
  if (a == nullptr || a->pushConstantSize_ != b.pushConstantSize_) return 0;
  if (a == &b) return b.setCount();
  uint32_t shared = std::min(a->setCount(), b.setCount());
  for (uint32_t n = 0; n < shared; ++n) {
    if (a->setHandle(n) != b.setHandle(n)) return n;
  }
  return shared;
}

PipelineLayout& PipelineLayout::of(const core::PipelineLayoutBase& layout) {
  return *static_cast<PipelineLayout*>(layout.backendObject());
}

Result<std::unique_ptr<backend::PipelineLayoutBackend>> Device::createPipelineLayout(
    const core::PipelineLayoutBase& layout) {
  Result<std::unique_ptr<PipelineLayout>> made =
      PipelineLayout::create(ComputeState::of(*this), layout);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::PipelineLayoutBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
