// GPUTextureView -> VkImageView (texture_view.h).
#include "backends/vulkan/texture_view.h"

#include "backends/vulkan/device.h"
#include "backends/vulkan/formats.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::vulkan {

namespace {

VkImageViewType viewTypeOf(TextureViewDimension dimension) {
  switch (dimension) {
    case TextureViewDimension::e1D: return VK_IMAGE_VIEW_TYPE_1D;
    case TextureViewDimension::e2D: return VK_IMAGE_VIEW_TYPE_2D;
    case TextureViewDimension::e2DArray: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    case TextureViewDimension::Cube: return VK_IMAGE_VIEW_TYPE_CUBE;
    case TextureViewDimension::CubeArray: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    case TextureViewDimension::e3D: return VK_IMAGE_VIEW_TYPE_3D;
  }
  return VK_IMAGE_VIEW_TYPE_2D;
}

VkComponentSwizzle swizzleOf(core::SwizzleComponent c) {
  switch (c) {
    case core::SwizzleComponent::R: return VK_COMPONENT_SWIZZLE_R;
    case core::SwizzleComponent::G: return VK_COMPONENT_SWIZZLE_G;
    case core::SwizzleComponent::B: return VK_COMPONENT_SWIZZLE_B;
    case core::SwizzleComponent::A: return VK_COMPONENT_SWIZZLE_A;
    case core::SwizzleComponent::Zero: return VK_COMPONENT_SWIZZLE_ZERO;
    case core::SwizzleComponent::One: return VK_COMPONENT_SWIZZLE_ONE;
  }
  return VK_COMPONENT_SWIZZLE_IDENTITY;
}

// The view's usage (#dom-gputextureviewdescriptor-usage, defaulted to the
// texture's) as the Vulkan usages a view can have.
VkImageUsageFlags viewUsageOf(TextureUsageFlags usage, VkImageAspectFlags aspects) {
  VkImageUsageFlags flags = 0;
  if (usage.has(TextureUsage::TextureBinding)) flags |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (usage.has(TextureUsage::StorageBinding)) flags |= VK_IMAGE_USAGE_STORAGE_BIT;
  if (usage.has(TextureUsage::RenderAttachment)) {
    flags |= (aspects & VK_IMAGE_ASPECT_COLOR_BIT) ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                                   : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  }
  if (usage.has(TextureUsage::TransientAttachment))
    flags |= VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  return flags;
}

}  // namespace

TextureView::TextureView(Device& device, const core::TextureViewBase& view)
    : device_(device), texture_(&Texture::of(*view.texture())) {
  VkImageAspectFlags aspects = aspectsOf(view.texture()->format(), view.aspect());
  // Depth/stencil views use the image's own format (depth24plus's choice).
  bool depthStencil = (aspects & VK_IMAGE_ASPECT_COLOR_BIT) == 0;
  format_ = depthStencil ? texture_->vkFormat() : device.formats()(view.format());
  range_ = {view.baseMipLevel(), view.baseArrayLayer(), view.arrayLayerCount(), aspects};
  info_.image = texture_->handle();
  info_.viewType = viewTypeOf(view.dimension());
  info_.format = format_;
  info_.subresourceRange = {aspects, view.baseMipLevel(), view.mipLevelCount(),
                            view.baseArrayLayer(), view.arrayLayerCount()};
  const core::Swizzle& swizzle = view.swizzle();
  info_.components = {swizzleOf(swizzle.components[0]), swizzleOf(swizzle.components[1]),
                      swizzleOf(swizzle.components[2]), swizzleOf(swizzle.components[3])};
  usage_.usage = viewUsageOf(view.usage(), aspects);
  if (usage_.usage != 0) info_.pNext = &usage_;
}

TextureView::~TextureView() {
  VkDevice device = device_.handle();
  for (const auto& [slice, view] : slices_) {
    device_.deferDestroy([device, view] { vkDestroyImageView(device, view, nullptr); });
  }
  if (view_ == VK_NULL_HANDLE) return;
  VkImageView view = view_;
  device_.deferDestroy([device, view] { vkDestroyImageView(device, view, nullptr); });
}

Result<VkImageView> TextureView::sliceHandle(uint32_t depthSlice) {
  std::lock_guard lock(mutex_);
  for (const auto& [slice, view] : slices_) {
    if (slice == depthSlice) return view;
  }
  // #dom-gpurenderpasscolorattachment-depthslice: a 2d view of the slice of
  // the 3d image (VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT, texture.cpp).
  VkImageViewCreateInfo info = info_;
  info.viewType = VK_IMAGE_VIEW_TYPE_2D;
  info.subresourceRange.levelCount = 1;
  info.subresourceRange.baseArrayLayer = depthSlice;
  info.subresourceRange.layerCount = 1;
  VkImageView view = VK_NULL_HANDLE;
  BINDERY_VK_TRY(
      checkVk(vkCreateImageView(device_.handle(), &info, nullptr, &view), "vkCreateImageView"));
  slices_.push_back({depthSlice, view});
  return view;
}

Result<VkImageView> TextureView::handle() {
  std::lock_guard lock(mutex_);
  if (view_ == VK_NULL_HANDLE) {
    BINDERY_VK_TRY(
        checkVk(vkCreateImageView(device_.handle(), &info_, nullptr, &view_), "vkCreateImageView"));
  }
  return view_;
}

TextureView& TextureView::of(const core::TextureViewBase& view) {
  return *static_cast<TextureView*>(view.backendObject());
}

Result<std::unique_ptr<backend::TextureViewBackend>> Device::createTextureView(
    const core::TextureViewBase& view) {
  return std::unique_ptr<backend::TextureViewBackend>(new TextureView(*this, view));
}

}  // namespace bindery::vulkan
