// GPUTextureView on Vulkan (#texture-view-creation): the view's format
// (a viewFormats reinterpretation on a MUTABLE_FORMAT image), dimension,
// aspects, mip and layer ranges, usage (VkImageViewUsageCreateInfo: only the
// view's usage, so an 'rgba8unorm-srgb' view of a storage texture is valid)
// and swizzle (texture-component-swizzle: VkComponentMapping) as validated by
// the core, realised as a VkImageView when first used (a render pass
// attachment or a bind group), so views the GPU never uses cost no Vulkan
// object.
#pragma once

#include "backends/vulkan/functions.h"

#include <mutex>
#include <utility>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/texture.h"

namespace bindery::core {
class TextureViewBase;
}

namespace bindery::vulkan {

class Device;

class TextureView final : public backend::TextureViewBackend {
 public:
  TextureView(Device& device, const core::TextureViewBase& view);
  ~TextureView() override;

  // The VkImageView, created on first use.
  Result<VkImageView> handle();
  // A 3d view's 2d view of one depth slice (a render pass attachment's
  // depthSlice), created on first use.
  Result<VkImageView> sliceHandle(uint32_t depthSlice);
  Texture& texture() const { return *texture_; }
  // The subresources of base mip level, every layer of the view, its aspects.
  SubresourceRange range() const { return range_; }
  uint32_t mipLevelCount() const { return info_.subresourceRange.levelCount; }
  VkFormat vkFormat() const { return format_; }

  static TextureView& of(const core::TextureViewBase& view);

 private:
  Device& device_;
  Texture* texture_;  // the core view holds its texture
  VkImageViewCreateInfo info_{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  VkImageViewUsageCreateInfo usage_{VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO};
  SubresourceRange range_;
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  std::mutex mutex_;
  VkImageView view_ = VK_NULL_HANDLE;
  std::vector<std::pair<uint32_t, VkImageView>> slices_;
};

}  // namespace bindery::vulkan
