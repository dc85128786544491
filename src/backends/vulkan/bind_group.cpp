// GPUBindGroup -> VkDescriptorSet (bind_group.h).
#include "backends/vulkan/bind_group.h"

#include <fmt/format.h>

#include <array>
#include <memory>
#include <new>

#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/external_texture.h"
#include "backends/vulkan/formats.h"
#include "backends/vulkan/sampler.h"
#include "backends/vulkan/texture_view.h"
#include "core/binding/bind_group.h"
#include "core/resources/buffer.h"
#include "core/resources/external_texture.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

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

Result<std::unique_ptr<BindGroup>> BindGroup::create(Device& device,
                                                     const core::BindGroupBase& group) {
  Result<std::shared_ptr<SetLayout>> layout = setLayoutOf(device, *group.layout());
  if (layout.isError()) return layout.error();
  std::unique_ptr<BindGroup> self(new (group.bufferCount())
                                      BindGroup(std::move(layout.value()), group.bufferCount()));
  Result<DescriptorSetAllocation> set = self->layout_->allocateSet();
  if (set.isError()) return set.error();
  self->set_ = set.value();
  BINDERY_VK_TRY(self->write(group));
  self->fits_ = ownSetFits(group);
  return self;
}

BindGroup::BindGroup(std::shared_ptr<SetLayout> layout, uint32_t buffers)
    : layout_(std::move(layout)),
      uses_(std::launder(reinterpret_cast<BufferUse*>(this + 1))),
      useCount_(buffers) {
  std::uninitialized_value_construct_n(uses_, buffers);
}

void* BindGroup::operator new(size_t size, uint32_t buffers) {
  static_assert(sizeof(BindGroup) % alignof(BufferUse) == 0);
  return ::operator new (size + size_t{buffers} * sizeof(BufferUse));
}
void BindGroup::operator delete(void* p, uint32_t) {
  ::operator delete(p);
}
void BindGroup::operator delete(void* p) {
  ::operator delete(p);
}

Result<VkImageView> BindGroup::useView(const core::TextureViewBase& coreView, VkImageLayout layout,
                                       bool writable) {
  TextureView& view = TextureView::of(coreView);
  Result<VkImageView> handle = view.handle();
  if (handle.isError()) return handle.error();
  textures_.push_back({&view, layout, writable});
  writes_ |= writable;
  return handle.value();
}

Status BindGroup::writeTexture(const core::BindGroupBase& group, uint32_t i,
                               VkDescriptorImageInfo& info) {
  const core::LayoutEntry& e = group.layoutEntry(i);
  const SetLayoutBinding& b = layout_->binding(i);
  if (e.kind == core::BindingKind::Sampler) {
    info = {Sampler::of(*group.sampler(i)).handle(), VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
    return {};
  }
  // Storage textures (every access) are used in GENERAL; sampled textures in
  // SHADER_READ_ONLY_OPTIMAL, except depth/stencil textures that can also be
  // attachments: DEPTH_STENCIL_READ_ONLY_OPTIMAL, the layout a read-only
  // depth-stencil attachment has too, so one pass may sample the texture it
  // depth-tests against (attachment-read and constant are compatible in one
  // usage scope, #programming-model-resource-usages). Vulkan allows that
  // layout only for images with the depth-stencil attachment usage.
  // A sampled texture that can also be a storage texture is sampled in
  // GENERAL: 'sampled' and 'storage-read' are both read-only usages, allowed
  // together in one usage scope (#programming-model-resource-usages), so one
  // dispatch or draw may read the same subresources through both bindings,
  // and GENERAL is the one layout valid for both descriptors.
  const core::TextureViewBase& coreView = *group.textureView(i);
  const TextureUsageFlags usage = coreView.texture()->usage();
  bool depthStencil = (allAspects(coreView.format()) &
                       (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) != 0 &&
                      usage.has(TextureUsage::RenderAttachment);
  VkImageLayout layout =
      e.kind == core::BindingKind::StorageTexture || usage.has(TextureUsage::StorageBinding)
          ? VK_IMAGE_LAYOUT_GENERAL
      : depthStencil ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
                     : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  Result<VkImageView> view = useView(coreView, layout, b.writable);
  if (view.isError()) return view.error();
  info = {VK_NULL_HANDLE, view.value(), layout};
  return {};
}

// A texture_external entry: its four descriptors' infos, in its slots'
// order (bind_group_layout.cpp): plane 0, plane 1, the parameters, plane 2
// (absent planes repeat the last one; the shader does not read them).
Status BindGroup::writeExternal(const core::BindGroupBase& group, uint32_t i,
                                DescriptorInfo* infos) {
  std::vector<const core::TextureViewBase*> planes;
  core::ExternalTextureParams values;
  if (const core::ExternalTextureBase* external = group.externalTexture(i)) {
    for (const auto& plane : external->planes()) planes.push_back(plane.get());
    values = external->params();
  } else {
    planes.push_back(group.textureView(i));  // a texture view bound to the entry
    Extent3D size = planes[0]->renderExtent();
    values = core::makeExternalTextureParams(
        1, {0, 0, size.width, size.height}, PredefinedColorSpace::Srgb, PredefinedColorSpace::Srgb);
  }
  constexpr VkImageLayout kRead = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  constexpr size_t kPlaneSlot[3] = {0, 1, 3};
  for (size_t p = 0; p < 3; ++p) {
    Result<VkImageView> view = useView(*planes[std::min(p, planes.size() - 1)], kRead, false);
    if (view.isError()) return view.error();
    infos[kPlaneSlot[p]].image = {VK_NULL_HANDLE, view.value(), kRead};
  }
  Result<std::unique_ptr<ExternalParamsBuffer>> params =
      ExternalParamsBuffer::create(layout_->state().device(), values);
  if (params.isError()) return params.error();
  infos[2].buffer = {params.value()->handle(), 0, kExternalParamsSize};
  params_.push_back(std::move(params.value()));
  return {};
}

// Every descriptor's info at its slot, then one templated update.
Status BindGroup::write(const core::BindGroupBase& group) {
  const uint32_t count = group.entryCount();
  const uint32_t buffers = group.bufferCount();
  const uint32_t dynamicCount = group.dynamicOffsetCount();
  // Small groups write from the stack.
  constexpr uint32_t kInline = 8;
  std::array<DescriptorInfo, kInline> inlineInfos;
  std::vector<DescriptorInfo> heapInfos;
  DescriptorInfo* infos = inlineInfos.data();
  if (layout_->descriptorCount() > kInline) {
    heapInfos.resize(layout_->descriptorCount());
    infos = heapInfos.data();
  }
  for (uint32_t i = 0; i < buffers; ++i) {
    const SetLayoutBinding& b = layout_->binding(i);
    const core::BoundBufferRange& range = group.bufferRange(i);
    const VkBuffer buffer = Buffer::of(*group.buffer(i)).handle();
    infos[b.slot].buffer = {buffer, range.offset, wholeWords(descriptorRange(group, i))};
    uses_[i] = {buffer, b.writable, range.offset, range.size, i < dynamicCount ? int32_t(i) : -1};
    writes_ |= b.writable;
  }
  for (uint32_t i = buffers; i < count; ++i) {
    DescriptorInfo* at = infos + layout_->binding(i).slot;
    if (group.layoutEntry(i).kind == core::BindingKind::ExternalTexture) {
      BINDERY_VK_TRY(writeExternal(group, i, at));
    } else {
      BINDERY_VK_TRY(writeTexture(group, i, at->image));
    }
  }
  layout_->update(set_.set, infos);
  return {};
}

void prepareTextureUses(VkCommandBuffer commands, const BindGroup& group,
                        VkPipelineStageFlags stages) {
  for (const TextureUse& use : group.textureUses()) {
    use.view->texture().prepareShaderUse(commands, use.view->range(), use.view->mipLevelCount(),
                                         use.layout, stages);
  }
}

BindGroup::~BindGroup() {
  // The set returns to its layout, reused once the last submission that
  // bound it completes.
  if (set_.set != VK_NULL_HANDLE) layout_->release(set_, lastBound_);
}

Result<std::unique_ptr<backend::BindGroupBackend>> Device::createBindGroup(
    const core::BindGroupBase& group) {
  Result<std::unique_ptr<BindGroup>> made = BindGroup::create(*this, group);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::BindGroupBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
