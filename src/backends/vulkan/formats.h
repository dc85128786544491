// WebGPU texture formats and aspects as Vulkan formats and aspect masks.
#pragma once

#include "backends/vulkan/functions.h"

#include <array>

#include "bindery/enums.h"

namespace bindery::vulkan {

// The VkFormat of every GPUTextureFormat on one physical device: fixed except
// depth24plus (X8_D24_UNORM_PACK32, else D32_SFLOAT) and depth24plus-stencil8
// (D24_UNORM_S8_UINT, else D32_SFLOAT_S8_UINT), chosen by what the device
// supports. VK_FORMAT_UNDEFINED: no Vulkan equivalent.
class FormatTable {
 public:
  FormatTable();
  static FormatTable of(VkPhysicalDevice device);
  VkFormat operator()(TextureFormat format) const { return formats_[static_cast<size_t>(format)]; }

 private:
  std::array<VkFormat, kTextureFormatCount> formats_;
};

// The format's fixed VkFormat (depth24plus formats: their first choice).
VkFormat baseVkFormat(TextureFormat format);

// Every aspect of `format` (color, or depth and/or stencil).
VkImageAspectFlags allAspects(TextureFormat format);
// The aspects `aspect` selects of `format` (#aspect).
VkImageAspectFlags aspectsOf(TextureFormat format, TextureAspect aspect);
// The compressed-format features the device supports (#texture-formats-tier
// families: texture-compression-bc / -etc2 / -astc, and the -sliced-3d forms):
// a family is offered when the device feature (textureCompressionBC / ETC2 /
// ASTC_LDR) is there and every format of it can be sampled with filtering and
// copied both ways in optimal tiling; sliced-3d when every one can also be a
// 3d image.
struct CompressedFormatSupport {
  bool bc = false, bcSliced3d = false;
  bool etc2 = false;
  bool astc = false, astcSliced3d = false;
};
CompressedFormatSupport compressedFormatSupport(VkPhysicalDevice device,
                                                const VkPhysicalDeviceFeatures& features);

// The format-capability features (#texture-format-caps cells that read "if
// <feature> is enabled") the device supports: each is offered when every cell
// that names it holds on the device (format features in optimal tiling:
// COLOR_ATTACHMENT for RENDER_ATTACHMENT and resolve, COLOR_ATTACHMENT_BLEND
// for blendable, 4 samples for multisampling, STORAGE_IMAGE for each storage
// access, SAMPLED_IMAGE and both transfers for a format the feature itself
// enables), and the shader can name the format: the extended SPIR-V formats
// need shaderStorageImageExtendedFormats, 'bgra8unorm' (no SPIR-V format)
// shaderStorageImageWriteWithoutFormat. texture-formats-tier1 implies
// rg11b10ufloat-renderable and tier2 implies tier1 (#texture-formats-tier1).
struct FormatFeatureSupport {
  bool bgra8unormStorage = false;
  bool rg11b10ufloatRenderable = false;
  bool textureFormatsTier1 = false;
  bool textureFormatsTier2 = false;
  // The storage half of each tier alone (lavapipe cannot blend snorm formats,
  // so it lacks tier1's render cells but has every storage cell).
  bool tier1Storage = false;
  bool tier2Storage = false;
};
FormatFeatureSupport formatFeatureSupport(VkPhysicalDevice device,
                                          const VkPhysicalDeviceFeatures& features);

// Bytes of one texel in a buffer copy of `vkAspect` (a single aspect): the
// color format's block size, 2 or 4 for depth, 1 for stencil.
uint32_t copyBlockBytes(TextureFormat format, VkFormat vkFormat, VkImageAspectFlags vkAspect);

}  // namespace bindery::vulkan
