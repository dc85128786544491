// GPUBindGroup -> VkDescriptorSet (bind_group.h).
#include "backends/vulkan/bind_group.h"

#include <fmt/format.h>

#include <array>

#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "core/binding/bind_group.h"
#include "core/resources/buffer.h"

namespace bindery::vulkan {

namespace {

// The range written for buffer entry `i` (see bind_group.h).
VkDeviceSize descriptorRange(const core::BindGroupBase& group, uint32_t i) {
  const core::BoundBufferRange& r = group.bufferRange(i);
  const core::LayoutEntry& e = group.layoutEntry(i);
  if (!e.hasDynamicOffset || r.sized) return r.size;
  // i < dynamicOffsetCount: dynamic entries come first in dense order.
  uint64_t maxOffset = group.dynamicOffsetLimits()[i].maxOffset;
  uint64_t window = r.size > maxOffset ? r.size - maxOffset : 0;
  return std::max<uint64_t>(window, std::min<uint64_t>(r.size, 4));
}

}  // namespace

Result<std::unique_ptr<BindGroup>> BindGroup::create(std::shared_ptr<ComputeState> state,
                                                     const core::BindGroupBase& group) {
  Result<std::shared_ptr<SetLayout>> layout = setLayoutOf(*state, *group.layout());
  if (layout.isError()) return layout.error();
  std::unique_ptr<BindGroup> self(new BindGroup(std::move(state), std::move(layout.value())));
  Result<DescriptorSetAllocation> set = self->layout_->allocateSet();
  if (set.isError()) return set.error();
  self->set_ = set.value();
  BINDERY_VK_TRY(self->write(group));
  return self;
}

Status BindGroup::write(const core::BindGroupBase& group) {
  uint32_t count = group.entryCount();
  uint32_t buffers = group.bufferCount();
  // Small groups write from the stack.
  constexpr uint32_t kInline = 8;
  std::array<VkDescriptorBufferInfo, kInline> inlineInfos;
  std::array<VkWriteDescriptorSet, kInline> inlineWrites;
  std::vector<VkDescriptorBufferInfo> heapInfos;
  std::vector<VkWriteDescriptorSet> heapWrites;
  VkDescriptorBufferInfo* infos = inlineInfos.data();
  VkWriteDescriptorSet* writes = inlineWrites.data();
  if (count > kInline) {
    heapInfos.resize(count);
    heapWrites.resize(count);
    infos = heapInfos.data();
    writes = heapWrites.data();
  }
  uint32_t written = 0;
  uses_.reserve(buffers);
  for (uint32_t i = 0; i < count; ++i) {
    const SetLayoutBinding& b = layout_->binding(i);
    if (i >= buffers) {
      // Textures, samplers and external textures need the image views and
      // samplers of "Render on the GPU".
      return backend::internalError(fmt::format(
          "createBindGroup: binding {} is a {}: not supported yet on Vulkan (bindery's Vulkan "
          "backend binds buffers; textures, samplers and external textures come with the "
          "render work).",
          b.binding, core::toString(group.layoutEntry(i).kind)));
    }
    VkBuffer buffer = Buffer::of(*group.buffer(i)).handle();
    infos[i] = {buffer, group.bufferRange(i).offset, descriptorRange(group, i)};
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set_.set;
    w.dstBinding = b.binding;
    w.descriptorCount = 1;
    w.descriptorType = b.type;
    w.pBufferInfo = &infos[i];
    writes[written++] = w;
    uses_.push_back({buffer, b.writable});
    writes_ |= b.writable;
  }
  vkUpdateDescriptorSets(state_->handle(), written, writes, 0, nullptr);
  return {};
}

BindGroup::~BindGroup() {
  if (set_.set == VK_NULL_HANDLE) return;
  // The set returns to its layout once the work submitted so far completes.
  // The state outlives the layout (its destructor frees sets to the pools).
  std::shared_ptr<ComputeState> state = state_;
  state_->device().deferDestroy(
      [state = std::move(state), layout = std::move(layout_), set = set_]() mutable {
        layout->recycle(set);
        layout.reset();
        state.reset();
      });
}

BindGroup& BindGroup::of(const core::BindGroupBase& group) {
  return *static_cast<BindGroup*>(group.backendObject());
}

Result<std::unique_ptr<backend::BindGroupBackend>> Device::createBindGroup(
    const core::BindGroupBase& group) {
  Result<std::unique_ptr<BindGroup>> made = BindGroup::create(ComputeState::of(*this), group);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::BindGroupBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
