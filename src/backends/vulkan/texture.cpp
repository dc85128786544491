// GPUTexture on Vulkan (texture.h).
#include "backends/vulkan/texture.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "backends/vulkan/device.h"
#include "backends/vulkan/formats.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::vulkan {

namespace {

VkImageUsageFlags vkImageUsage(TextureUsageFlags usage, VkImageAspectFlags aspects) {
  bool depthStencil = aspects != VK_IMAGE_ASPECT_COLOR_BIT;
  VkImageUsageFlags flags = 0;
  if (usage.has(TextureUsage::TransientAttachment)) {
    // Transient attachments are never copied (#dom-gputextureusage-transient_attachment).
    flags |= VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  } else {
    flags |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  }
  if (usage.has(TextureUsage::TextureBinding)) flags |= VK_IMAGE_USAGE_SAMPLED_BIT;
  if (usage.has(TextureUsage::StorageBinding)) flags |= VK_IMAGE_USAGE_STORAGE_BIT;
  if (usage.has(TextureUsage::RenderAttachment)) {
    flags |= depthStencil ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
                          : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  }
  return flags;
}

VkImageType vkImageType(TextureDimension dimension) {
  switch (dimension) {
    case TextureDimension::e1D: return VK_IMAGE_TYPE_1D;
    case TextureDimension::e2D: return VK_IMAGE_TYPE_2D;
    case TextureDimension::e3D: return VK_IMAGE_TYPE_3D;
  }
  return VK_IMAGE_TYPE_2D;
}

}  // namespace

namespace {

// The texture's bytes (every mip level and layer; depth-stencil: 8 a texel),
// a lower bound of what the driver needs.
uint64_t estimatedBytes(const core::TextureBase& texture) {
  const core::FormatInfo& info = core::formatInfo(texture.format());
  uint64_t blockBytes = info.texelBlockSize != 0 ? info.texelBlockSize : 8;
  uint64_t total = 0;
  for (uint32_t mip = 0; mip < texture.mipLevelCount(); ++mip) {
    auto level = [&](uint32_t v) { return uint64_t{std::max<uint32_t>(1, v >> mip)}; };
    uint64_t blocksWide = (level(texture.width()) + info.blockWidth - 1) / info.blockWidth;
    uint64_t blocksHigh = (level(texture.height()) + info.blockHeight - 1) / info.blockHeight;
    uint64_t depth = texture.dimension() == TextureDimension::e3D
                         ? level(texture.depthOrArrayLayers())
                         : texture.arrayLayerCount();
    total += blocksWide * blocksHigh * depth * blockBytes * texture.sampleCount();
  }
  return total;
}

}  // namespace

// What vkGetPhysicalDeviceImageFormatProperties says the device can make: a
// texture WebGPU's limits allow may still be more than the driver's
// maxResourceSize, which is an allocation the device cannot satisfy.
Status Texture::checkImageFits(const core::TextureBase& texture,
                               const VkImageCreateInfo& info) const {
  VkImageFormatProperties properties{};
  VkResult result = vkGetPhysicalDeviceImageFormatProperties(
      device_.physicalDevice().handle, info.format, info.imageType, info.tiling, info.usage,
      info.flags, &properties);
  if (result == VK_ERROR_FORMAT_NOT_SUPPORTED) {
    return backend::internalError(
        fmt::format("The Vulkan device does not support {} images of format {} with usage 0x{:x}.",
                    toString(texture.dimension()), toString(texture.format()), info.usage));
  }
  BINDERY_VK_TRY(checkVk(result, "vkGetPhysicalDeviceImageFormatProperties"));
  uint64_t bytes = estimatedBytes(texture);
  if (bytes > properties.maxResourceSize) {
    return backend::outOfMemory(fmt::format(
        "{} needs at least {} bytes, more than the Vulkan device's largest image of this "
        "format ({} bytes, maxResourceSize)",
        texture.describe(), bytes, properties.maxResourceSize));
  }
  return {};
}

Texture::Texture(Device& device, const core::TextureBase& texture)
    : device_(device), webgpuFormat_(texture.format()) {}

Texture& Texture::of(const core::TextureBase& texture) {
  return *static_cast<Texture*>(texture.backendObject());
}

Result<std::unique_ptr<Texture>> Texture::create(Device& device, const core::TextureBase& texture) {
  std::unique_ptr<Texture> self(new Texture(device, texture));
  BINDERY_VK_TRY(self->initialize(texture));
  return self;
}

Status Texture::initialize(const core::TextureBase& texture) {
  format_ = device_.formats()(texture.format());
  allAspects_ = allAspects(texture.format());
  mipCount_ = texture.mipLevelCount();
  layerCount_ = texture.arrayLayerCount();
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = vkImageType(texture.dimension());
  info.format = format_;
  info.extent = {texture.width(),
                 texture.dimension() == TextureDimension::e1D ? 1 : texture.height(),
                 texture.dimension() == TextureDimension::e3D ? texture.depthOrArrayLayers() : 1};
  extent_ = info.extent;
  const core::FormatInfo& block = core::formatInfo(texture.format());
  blockWidth_ = block.blockWidth;
  blockHeight_ = block.blockHeight;
  blockBytes_ = block.texelBlockSize;
  info.mipLevels = mipCount_;
  info.arrayLayers = layerCount_;
  info.samples = static_cast<VkSampleCountFlagBits>(texture.sampleCount());
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = vkImageUsage(texture.usage(), allAspects_);
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  // Views may reinterpret the format (viewFormats) or be cubes.
  if (!texture.viewFormats().empty()) info.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
  if (texture.dimension() == TextureDimension::e2D && layerCount_ >= 6 &&
      texture.width() == texture.height() && texture.sampleCount() == 1) {
    info.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  }
  // A 3d color attachment is one depthSlice: a 2d view of that slice
  // (TextureView::sliceHandle).
  if (texture.dimension() == TextureDimension::e3D &&
      texture.usage().has(TextureUsage::RenderAttachment)) {
    info.flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
  }
  BINDERY_VK_TRY(checkImageFits(texture, info));
  BINDERY_VK_TRY(
      checkVk(vkCreateImage(device_.handle(), &info, nullptr, &image_), "vkCreateImage"));
  VkMemoryRequirements requirements;
  vkGetImageMemoryRequirements(device_.handle(), image_, &requirements);
  Result<Allocation> memory =
      device_.allocator().allocate(requirements, MemoryUse::GpuOnly, /*linear=*/false);
  if (memory.isError()) return memory.error();
  memory_ = memory.value();
  BINDERY_VK_TRY(
      checkVk(vkBindImageMemory(device_.handle(), image_, memory_.memory, memory_.offset),
              "vkBindImageMemory"));
  layouts_.assign(size_t{mipCount_} * layerCount_, VK_IMAGE_LAYOUT_UNDEFINED);
  initialized_.assign(size_t{mipCount_} * layerCount_, 0);
  return {};
}

uint8_t Texture::aspectBits(VkImageAspectFlags aspects) {
  uint8_t bits = 0;
  if (aspects & (VK_IMAGE_ASPECT_COLOR_BIT | VK_IMAGE_ASPECT_DEPTH_BIT)) bits |= 1;
  if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) bits |= 2;
  return bits;
}

bool Texture::isInitialized(uint32_t mipLevel, uint32_t layer, VkImageAspectFlags aspect) const {
  uint8_t bits = aspectBits(aspect);
  return (initialized_[index(mipLevel, layer)] & bits) == bits;
}

void Device::noteTextureState(const TextureStateChange& change) {
  if (recordingSubmission_) textureChanges_.push_back(change);
}

void Texture::aboutToChange(uint32_t i) {
  device_.noteTextureState({this, i, layouts_[i], initialized_[i]});
}

void Texture::transition(VkCommandBuffer commands, const SubresourceRange& range,
                         VkImageLayout layout, VkPipelineStageFlags dstStage,
                         VkAccessFlags dstAccess) {
  std::vector<VkImageMemoryBarrier> barriers;
  for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
    aboutToChange(index(range.mipLevel, layer));
    VkImageLayout& current = layouts_[index(range.mipLevel, layer)];
    // Even an unchanged layout gets a barrier: it orders this transfer after
    // earlier writes of the subresource.
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    barrier.dstAccessMask = dstAccess;
    barrier.oldLayout = current;
    barrier.newLayout = layout;
    barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image_;
    // Depth and stencil of one subresource always move together.
    barrier.subresourceRange = {allAspects_, range.mipLevel, 1, layer, 1};
    barriers.push_back(barrier);
    current = layout;
  }
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, dstStage, 0, 0, nullptr, 0,
                       nullptr, static_cast<uint32_t>(barriers.size()), barriers.data());
}

void Texture::clearUninitialized(VkCommandBuffer commands, const SubresourceRange& range) {
  uint8_t wanted = aspectBits(range.aspects & allAspects_);
  bool any = false;
  for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
    if ((initialized_[index(range.mipLevel, layer)] & wanted) != wanted) any = true;
  }
  if (!any) return;
  transition(commands, range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
    uint8_t& done = initialized_[index(range.mipLevel, layer)];
    uint8_t missing = static_cast<uint8_t>(wanted & ~done);
    if (missing == 0) continue;
    VkImageAspectFlags aspects = 0;
    if (missing & 1) aspects |= allAspects_ & ~VkImageAspectFlags{VK_IMAGE_ASPECT_STENCIL_BIT};
    if (missing & 2) aspects |= VK_IMAGE_ASPECT_STENCIL_BIT;
    VkImageSubresourceRange subresource{aspects, range.mipLevel, 1, layer, 1};
    if (blockWidth_ > 1 || blockHeight_ > 1) {
      copyZeros(commands, range.mipLevel, layer);
    } else if (allAspects_ == VK_IMAGE_ASPECT_COLOR_BIT) {
      VkClearColorValue zero{};
      vkCmdClearColorImage(commands, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1,
                           &subresource);
    } else {
      VkClearDepthStencilValue zero{0.0f, 0};
      vkCmdClearDepthStencilImage(commands, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &zero, 1,
                                  &subresource);
    }
    done |= missing;
  }
}

void Texture::copyZeros(VkCommandBuffer commands, uint32_t mip, uint32_t layer) {
  VkExtent3D size{std::max(1u, extent_.width >> mip), std::max(1u, extent_.height >> mip),
                  std::max(1u, extent_.depth >> mip)};
  uint64_t blocks = uint64_t{(size.width + blockWidth_ - 1) / blockWidth_} *
                    ((size.height + blockHeight_ - 1) / blockHeight_) * size.depth;
  Result<StagingSpan> zeros =
      device_.staging().allocate(blocks * blockBytes_, blockBytes_, device_.pendingSerial());
  if (zeros.isError()) {
    (void)device_.track(zeros.error());
    return;
  }
  std::memset(zeros.value().data, 0, blocks * blockBytes_);
  VkBufferImageCopy region{};
  region.bufferOffset = zeros.value().offset;
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, mip, layer, 1};
  region.imageExtent = size;
  vkCmdCopyBufferToImage(commands, zeros.value().buffer, image_,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
}

void Texture::prepareTransferRead(VkCommandBuffer commands, const SubresourceRange& range) {
  clearUninitialized(commands, range);
  transition(commands, range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
}

void Texture::prepareTransferWrite(VkCommandBuffer commands, const SubresourceRange& range,
                                   bool whole) {
  if (whole) {
    uint8_t bits = aspectBits(range.aspects & allAspects_);
    for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
      aboutToChange(index(range.mipLevel, layer));
      initialized_[index(range.mipLevel, layer)] |= bits;
    }
  } else {
    clearUninitialized(commands, range);
  }
  transition(commands, range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
}

void Texture::prepareAttachment(VkCommandBuffer commands, const SubresourceRange& range,
                                VkImageLayout layout, bool cleared) {
  if (cleared) {
    uint8_t bits = aspectBits(range.aspects & allAspects_);
    for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
      aboutToChange(index(range.mipLevel, layer));
      initialized_[index(range.mipLevel, layer)] |= bits;
    }
  } else {
    clearUninitialized(commands, range);
  }
  transition(commands, range, layout,
             VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                 VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                 VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
             VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                 VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                 VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
}

void Texture::prepareShaderUse(VkCommandBuffer commands, const SubresourceRange& range,
                               uint32_t mipCount, VkImageLayout layout,
                               VkPipelineStageFlags stages) {
  for (uint32_t mip = range.mipLevel; mip < range.mipLevel + mipCount; ++mip) {
    SubresourceRange level = range;
    level.mipLevel = mip;
    clearUninitialized(commands, level);
    for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
      if (layouts_[index(mip, layer)] == layout) continue;
      transition(commands, {mip, layer, 1, range.aspects}, layout, stages,
                 VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    }
  }
}

void Texture::markDiscarded(const SubresourceRange& range) {
  uint8_t bits = aspectBits(range.aspects & allAspects_);
  for (uint32_t layer = range.firstLayer; layer < range.firstLayer + range.layerCount; ++layer) {
    aboutToChange(index(range.mipLevel, layer));
    initialized_[index(range.mipLevel, layer)] &= static_cast<uint8_t>(~bits);
  }
}

void Texture::destroy() {
  if (image_ == VK_NULL_HANDLE) return;
  VkImage image = std::exchange(image_, VK_NULL_HANDLE);
  Allocation memory = std::exchange(memory_, {});
  Device* device = &device_;
  device_.deferDestroy([device, image, memory]() mutable {
    vkDestroyImage(device->handle(), image, nullptr);
    device->allocator().free(memory);
  });
}

Texture::~Texture() {
  destroy();
}

Result<std::unique_ptr<backend::TextureBackend>> Device::createTexture(
    const core::TextureBase& texture) {
  Result<std::unique_ptr<Texture>> made = Texture::create(*this, texture);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::TextureBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
