// GPUBindGroupLayout -> VkDescriptorSetLayout (bind_group_layout.h).
#include "backends/vulkan/bind_group_layout.h"

#include <algorithm>

#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/external_texture.h"

namespace bindery::vulkan {

namespace {

VkShaderStageFlags vkStages(uint8_t visibility) {
  VkShaderStageFlags flags = 0;
  if (visibility & static_cast<uint8_t>(ShaderStage::Vertex)) flags |= VK_SHADER_STAGE_VERTEX_BIT;
  if (visibility & static_cast<uint8_t>(ShaderStage::Fragment)) {
    flags |= VK_SHADER_STAGE_FRAGMENT_BIT;
  }
  if (visibility & static_cast<uint8_t>(ShaderStage::Compute)) flags |= VK_SHADER_STAGE_COMPUTE_BIT;
  return flags;
}

// #bind-group-layout-creation: the binding member's Vulkan descriptor.
SetLayoutBinding vkBinding(const core::LayoutEntry& e) {
  SetLayoutBinding b{e.binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, false};
  switch (e.kind) {
    case core::BindingKind::Buffer:
      if (e.bufferType == BufferBindingType::Uniform) {
        b.type = e.hasDynamicOffset ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
                                    : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      } else {
        b.type = e.hasDynamicOffset ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC
                                    : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        b.writable = e.bufferType == BufferBindingType::Storage;
      }
      break;
    case core::BindingKind::Sampler: b.type = VK_DESCRIPTOR_TYPE_SAMPLER; break;
    case core::BindingKind::Texture:
    case core::BindingKind::ExternalTexture: b.type = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE; break;
    case core::BindingKind::StorageTexture:
      b.type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      b.writable = e.access != StorageTextureAccess::ReadOnly;
      break;
  }
  return b;
}

}  // namespace

SetLayout::SetLayout(std::shared_ptr<ComputeState> state, std::vector<core::LayoutEntry> entries)
    : state_(std::move(state)), device_(state_->handle()), entries_(std::move(entries)) {}

Status SetLayout::initialize() {
  std::vector<VkDescriptorSetLayoutBinding> vk;
  // The template's entries: one per descriptor, its info at its slot.
  std::vector<VkDescriptorUpdateTemplateEntry> slots;
  auto addSlot = [&](uint32_t binding, VkDescriptorType type) {
    VkDescriptorUpdateTemplateEntry t{};
    t.dstBinding = binding;
    t.descriptorCount = 1;
    t.descriptorType = type;
    t.offset = slots.size() * sizeof(DescriptorInfo);
    t.stride = sizeof(DescriptorInfo);
    slots.push_back(t);
  };
  bindings_.reserve(entries_.size());
  external_.resize(entries_.size());
  for (size_t i = 0; i < entries_.size(); ++i) {
    const core::LayoutEntry& e = entries_[i];
    SetLayoutBinding b = vkBinding(e);
    b.slot = static_cast<uint32_t>(slots.size());
    bindings_.push_back(b);
    if (e.kind == core::BindingKind::Buffer && e.hasDynamicOffset) ++dynamicCount_;
    VkShaderStageFlags stages = vkStages(e.visibility);
    vk.push_back({b.binding, b.type, 1, stages, nullptr});
    addSlot(b.binding, b.type);
    if (e.kind == core::BindingKind::ExternalTexture) {
      // Planes 1 and 2 and the parameters where the generator reads them
      // (external_texture.h); slots in bind_group.cpp's order: plane 1, the
      // parameters, plane 2.
      external_[i] = {e.binding + kExternalPlane1Offset, e.binding + kExternalParamsOffset,
                      e.binding + kExternalPlane2Offset};
      vk.push_back({external_[i].plane1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, stages, nullptr});
      vk.push_back({external_[i].plane2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, stages, nullptr});
      vk.push_back(
          {external_[i].parameters, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, stages, nullptr});
      addSlot(external_[i].plane1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE);
      addSlot(external_[i].parameters, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
      addSlot(external_[i].plane2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE);
    }
  }
  descriptorCount_ = static_cast<uint32_t>(slots.size());
  VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  info.bindingCount = static_cast<uint32_t>(vk.size());
  info.pBindings = vk.data();
  BINDERY_VK_TRY(checkVk(vkCreateDescriptorSetLayout(device_, &info, nullptr, &layout_),
                         "vkCreateDescriptorSetLayout"));
  if (slots.empty()) return {};
  VkDescriptorUpdateTemplateCreateInfo t{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
  t.descriptorUpdateEntryCount = descriptorCount_;
  t.pDescriptorUpdateEntries = slots.data();
  t.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET;
  t.descriptorSetLayout = layout_;
  return checkVk(vkCreateDescriptorUpdateTemplate(device_, &t, nullptr, &template_),
                 "vkCreateDescriptorUpdateTemplate");
}

SetLayout::~SetLayout() {
  DescriptorAllocator& pools = state_->descriptors();
  Device& device = state_->device();
  for (const DescriptorSetAllocation& set : ready_) pools.free(set);
  // Sets whose work may still run go back to the pools once it completes.
  std::vector<DescriptorSetAllocation> inFlight;
  backend::Serial last = 0;
  for (const Released& r : inFlight_) {
    if (device.hasCompleted(r.serial)) {
      pools.free(r.set);
    } else {
      inFlight.push_back(r.set);
      last = std::max(last, r.serial);
    }
  }
  if (!inFlight.empty()) {
    device.deferDestroyAfter(last, [state = state_, sets = std::move(inFlight)] {
      for (const DescriptorSetAllocation& set : sets) state->descriptors().free(set);
    });
  }
  if (template_ != VK_NULL_HANDLE) vkDestroyDescriptorUpdateTemplate(device_, template_, nullptr);
  if (layout_ != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(device_, layout_, nullptr);
}

void SetLayout::release(const DescriptorSetAllocation& set, backend::Serial serial) {
  if (state_->device().hasCompleted(serial)) {
    ready_.push_back(set);
  } else {
    inFlight_.push_back({serial, set});
  }
}

Result<DescriptorSetAllocation> SetLayout::allocateSet() {
  if (ready_.empty()) {
    const Device& device = state_->device();
    while (!inFlight_.empty() && device.hasCompleted(inFlight_.front().serial)) {
      ready_.push_back(inFlight_.front().set);
      inFlight_.pop_front();
    }
  }
  if (!ready_.empty()) {
    DescriptorSetAllocation set = ready_.back();
    ready_.pop_back();
    return set;
  }
  return state_->descriptors().allocate(layout_);
}

Result<std::shared_ptr<SetLayout>> SetLayoutCache::get(std::span<const core::LayoutEntry> entries,
                                                       size_t hash) {
  auto [begin, end] = layouts_.equal_range(hash);
  for (auto it = begin; it != end;) {
    std::shared_ptr<SetLayout> live = it->second.lock();
    if (!live) {
      it = layouts_.erase(it);
      continue;
    }
    if (std::ranges::equal(live->entries(), entries)) return live;
    ++it;
  }
  auto layout = std::make_shared<SetLayout>(
      state_.shared_from_this(), std::vector<core::LayoutEntry>(entries.begin(), entries.end()));
  BINDERY_VK_TRY(layout->initialize());
  layouts_.emplace(hash, layout);
  return layout;
}

Result<std::shared_ptr<SetLayout>> SetLayoutCache::get(
    const core::BindGroupLayoutInternal& layout) {
  return get(layout.entries(), layout.hash());
}

Result<std::shared_ptr<SetLayout>> SetLayoutCache::empty() {
  return get({}, 0);
}

size_t SetLayoutCache::liveCount() {
  size_t n = 0;
  for (auto& [hash, layout] : layouts_) n += layout.expired() ? 0 : 1;
  return n;
}

BindGroupLayout::BindGroupLayout(std::shared_ptr<ComputeState> state,
                                 std::shared_ptr<SetLayout> layout)
    : state_(std::move(state)), layout_(std::move(layout)) {}

BindGroupLayout::~BindGroupLayout() {
  layout_.reset();  // before the state it uses
}

Result<std::shared_ptr<SetLayout>> setLayoutOf(ComputeState& state,
                                               const core::BindGroupLayoutBase& layout) {
  if (const backend::BindGroupLayoutBackend* made = layout.backendObject()) {
    return static_cast<const BindGroupLayout*>(made)->setLayout();
  }
  return state.setLayouts().get(*layout.internal());
}

Result<std::shared_ptr<SetLayout>> setLayoutOf(Device& device,
                                               const core::BindGroupLayoutBase& layout) {
  if (const backend::BindGroupLayoutBackend* made = layout.backendObject()) {
    return static_cast<const BindGroupLayout*>(made)->setLayout();
  }
  return setLayoutOf(*ComputeState::of(device), layout);
}

Result<std::unique_ptr<backend::BindGroupLayoutBackend>> Device::createBindGroupLayout(
    const core::BindGroupLayoutBase& layout) {
  std::shared_ptr<ComputeState> state = ComputeState::of(*this);
  Result<std::shared_ptr<SetLayout>> set = setLayoutOf(*state, layout);
  if (set.isError()) return track(set.error()).error();
  return std::unique_ptr<backend::BindGroupLayoutBackend>(
      new BindGroupLayout(std::move(state), std::move(set.value())));
}

}  // namespace bindery::vulkan
