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
}

TextureView::~TextureView() {
  if (view_ == VK_NULL_HANDLE) return;
  VkDevice device = device_.handle();
  VkImageView view = view_;
  device_.deferDestroy([device, view] { vkDestroyImageView(device, view, nullptr); });
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
