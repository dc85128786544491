// GPUTexture on Vulkan: a VkImage in device-local memory, with the layout of
// each subresource (mip level x array layer; depth and stencil move together)
// tracked as commands are recorded, and lazy zero-initialisation: each
// subresource (per aspect) is cleared before its first read or partial write
// (#texture-creation: a texture's texels start as zero), never when the
// first write covers it whole.
#pragma once

#include "backends/vulkan/functions.h"

#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/memory_allocator.h"

namespace bindery::core {
class TextureBase;
}

namespace bindery::vulkan {

class Device;

// A range of a texture's subresources: one mip level, some array layers,
// some aspects.
struct SubresourceRange {
  uint32_t mipLevel = 0;
  uint32_t firstLayer = 0;
  uint32_t layerCount = 1;
  VkImageAspectFlags aspects = 0;
};

class Texture;

// One subresource's tracked state before a recording changed it
// (Device::noteTextureState).
struct TextureStateChange {
  Texture* texture;
  uint32_t index;  // (mip, layer)
  VkImageLayout layout;
  uint8_t initialized;
};

class Texture final : public backend::TextureBackend {
 public:
  static Result<std::unique_ptr<Texture>> create(Device& device, const core::TextureBase& texture);
  ~Texture() override;

  VkImage handle() const { return image_; }
  Device& device() const { return device_; }
  VkFormat vkFormat() const { return format_; }
  TextureFormat format() const { return webgpuFormat_; }
  void destroy() override;

  static Texture& of(const core::TextureBase& texture);

  // Puts back one subresource's tracked layout and initialised bits (a
  // failed submission's, Device::submit: nothing of it runs).
  void restoreState(uint32_t index, VkImageLayout layout, uint8_t initialized) {
    layouts_[index] = layout;
    initialized_[index] = initialized;
  }

  // Before a transfer reads `range`: clears what was never written, then
  // moves it to TRANSFER_SRC_OPTIMAL.
  void prepareTransferRead(VkCommandBuffer commands, const SubresourceRange& range);
  // Before a transfer writes `range`: when `whole` (the write covers every
  // texel of those subresources) they count as initialised; otherwise the
  // uninitialised ones are cleared first. Then TRANSFER_DST_OPTIMAL.
  void prepareTransferWrite(VkCommandBuffer commands, const SubresourceRange& range, bool whole);

  // Before a render pass uses `range` as an attachment in `layout`: when
  // `cleared` (loadOp 'clear') it counts as initialised; otherwise (loadOp
  // 'load') what was never written is cleared first (render_pass_recorder.h).
  void prepareAttachment(VkCommandBuffer commands, const SubresourceRange& range,
                         VkImageLayout layout, bool cleared);
  // Before shaders use `range` and the `mipCount` - 1 mip levels after it
  // through a bind group (a sampled or storage texture view): what was never
  // written is cleared first (shader reads see zeros, #texture-creation; a
  // storage write may cover only part of it), then each subresource moves to
  // `layout` (SHADER_READ_ONLY_OPTIMAL sampled, GENERAL storage). One already
  // in `layout` gets no barrier here: the pass's own barriers order it
  // (compute_pass_recorder.h, render_pass_recorder.h).
  void prepareShaderUse(VkCommandBuffer commands, const SubresourceRange& range, uint32_t mipCount,
                        VkImageLayout layout, VkPipelineStageFlags stages);
  // storeOp 'discard': the contents are zero again for the next reader.
  void markDiscarded(const SubresourceRange& range);

  // For tests: whether (mip, layer, aspect) has been initialised.
  bool isInitialized(uint32_t mipLevel, uint32_t layer, VkImageAspectFlags aspect) const;

 private:
  Texture(Device& device, const core::TextureBase& texture);
  Status initialize(const core::TextureBase& texture);
  Status checkImageFits(const core::TextureBase& texture, const VkImageCreateInfo& info) const;
  uint32_t index(uint32_t mip, uint32_t layer) const { return mip * layerCount_ + layer; }
  static uint8_t aspectBits(VkImageAspectFlags aspects);
  void transition(VkCommandBuffer commands, const SubresourceRange& range, VkImageLayout layout,
                  VkPipelineStageFlags dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VkAccessFlags dstAccess = VK_ACCESS_TRANSFER_READ_BIT |
                                            VK_ACCESS_TRANSFER_WRITE_BIT);
  void clearUninitialized(VkCommandBuffer commands, const SubresourceRange& range);
  // A block-compressed format cannot be cleared (vkCmdClearColorImage):
  // zeros are copied in from staging memory instead.
  void copyZeros(VkCommandBuffer commands, uint32_t mip, uint32_t layer);
  // Before the tracked state of subresource `index` changes: the device
  // keeps what it was while it records a submission.
  void aboutToChange(uint32_t index);

  Device& device_;
  TextureFormat webgpuFormat_;
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  VkImageAspectFlags allAspects_ = 0;
  uint32_t mipCount_ = 1;
  uint32_t layerCount_ = 1;
  VkExtent3D extent_{};                                         // of mip level 0
  uint32_t blockWidth_ = 1, blockHeight_ = 1, blockBytes_ = 0;  // compressed formats: > 1
  VkImage image_ = VK_NULL_HANDLE;
  Allocation memory_;
  std::vector<VkImageLayout> layouts_;  // per (mip, layer)
  std::vector<uint8_t> initialized_;    // per (mip, layer): bit 0 color/depth, bit 1 stencil
};

}  // namespace bindery::vulkan
