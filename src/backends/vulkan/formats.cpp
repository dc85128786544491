// GPUTextureFormat -> VkFormat, aspects (formats.h).
#include "backends/vulkan/formats.h"

#include "core/resources/format.h"

namespace bindery::vulkan {

namespace {

using F = TextureFormat;

bool supportsDepthStencil(VkPhysicalDevice device, VkFormat format) {
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(device, format, &properties);
  constexpr VkFormatFeatureFlags kNeeded = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                           VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                           VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  return (properties.optimalTilingFeatures & kNeeded) == kNeeded;
}

}  // namespace

VkFormat baseVkFormat(TextureFormat format) {
  switch (format) {
    case F::R8unorm: return VK_FORMAT_R8_UNORM;
    case F::R8snorm: return VK_FORMAT_R8_SNORM;
    case F::R8uint: return VK_FORMAT_R8_UINT;
    case F::R8sint: return VK_FORMAT_R8_SINT;
    case F::R16unorm: return VK_FORMAT_R16_UNORM;
    case F::R16snorm: return VK_FORMAT_R16_SNORM;
    case F::R16uint: return VK_FORMAT_R16_UINT;
    case F::R16sint: return VK_FORMAT_R16_SINT;
    case F::R16float: return VK_FORMAT_R16_SFLOAT;
    case F::Rg8unorm: return VK_FORMAT_R8G8_UNORM;
    case F::Rg8snorm: return VK_FORMAT_R8G8_SNORM;
    case F::Rg8uint: return VK_FORMAT_R8G8_UINT;
    case F::Rg8sint: return VK_FORMAT_R8G8_SINT;
    case F::R32uint: return VK_FORMAT_R32_UINT;
    case F::R32sint: return VK_FORMAT_R32_SINT;
    case F::R32float: return VK_FORMAT_R32_SFLOAT;
    case F::Rg16unorm: return VK_FORMAT_R16G16_UNORM;
    case F::Rg16snorm: return VK_FORMAT_R16G16_SNORM;
    case F::Rg16uint: return VK_FORMAT_R16G16_UINT;
    case F::Rg16sint: return VK_FORMAT_R16G16_SINT;
    case F::Rg16float: return VK_FORMAT_R16G16_SFLOAT;
    case F::Rgba8unorm: return VK_FORMAT_R8G8B8A8_UNORM;
    case F::Rgba8unormSrgb: return VK_FORMAT_R8G8B8A8_SRGB;
    case F::Rgba8snorm: return VK_FORMAT_R8G8B8A8_SNORM;
    case F::Rgba8uint: return VK_FORMAT_R8G8B8A8_UINT;
    case F::Rgba8sint: return VK_FORMAT_R8G8B8A8_SINT;
    case F::Bgra8unorm: return VK_FORMAT_B8G8R8A8_UNORM;
    case F::Bgra8unormSrgb: return VK_FORMAT_B8G8R8A8_SRGB;
    case F::Rgb9e5ufloat: return VK_FORMAT_E5B9G9R9_UFLOAT_PACK32;
    case F::Rgb10a2uint: return VK_FORMAT_A2B10G10R10_UINT_PACK32;
    case F::Rgb10a2unorm: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    case F::Rg11b10ufloat: return VK_FORMAT_B10G11R11_UFLOAT_PACK32;
    case F::Rg32uint: return VK_FORMAT_R32G32_UINT;
    case F::Rg32sint: return VK_FORMAT_R32G32_SINT;
    case F::Rg32float: return VK_FORMAT_R32G32_SFLOAT;
    case F::Rgba16unorm: return VK_FORMAT_R16G16B16A16_UNORM;
    case F::Rgba16snorm: return VK_FORMAT_R16G16B16A16_SNORM;
    case F::Rgba16uint: return VK_FORMAT_R16G16B16A16_UINT;
    case F::Rgba16sint: return VK_FORMAT_R16G16B16A16_SINT;
    case F::Rgba16float: return VK_FORMAT_R16G16B16A16_SFLOAT;
    case F::Rgba32uint: return VK_FORMAT_R32G32B32A32_UINT;
    case F::Rgba32sint: return VK_FORMAT_R32G32B32A32_SINT;
    case F::Rgba32float: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case F::Stencil8: return VK_FORMAT_S8_UINT;
    case F::Depth16unorm: return VK_FORMAT_D16_UNORM;
    case F::Depth24plus: return VK_FORMAT_X8_D24_UNORM_PACK32;
    case F::Depth24plusStencil8: return VK_FORMAT_D24_UNORM_S8_UINT;
    case F::Depth32float: return VK_FORMAT_D32_SFLOAT;
    case F::Depth32floatStencil8: return VK_FORMAT_D32_SFLOAT_S8_UINT;
    case F::Bc1RgbaUnorm: return VK_FORMAT_BC1_RGBA_UNORM_BLOCK;
    case F::Bc1RgbaUnormSrgb: return VK_FORMAT_BC1_RGBA_SRGB_BLOCK;
    case F::Bc2RgbaUnorm: return VK_FORMAT_BC2_UNORM_BLOCK;
    case F::Bc2RgbaUnormSrgb: return VK_FORMAT_BC2_SRGB_BLOCK;
    case F::Bc3RgbaUnorm: return VK_FORMAT_BC3_UNORM_BLOCK;
    case F::Bc3RgbaUnormSrgb: return VK_FORMAT_BC3_SRGB_BLOCK;
    case F::Bc4RUnorm: return VK_FORMAT_BC4_UNORM_BLOCK;
    case F::Bc4RSnorm: return VK_FORMAT_BC4_SNORM_BLOCK;
    case F::Bc5RgUnorm: return VK_FORMAT_BC5_UNORM_BLOCK;
    case F::Bc5RgSnorm: return VK_FORMAT_BC5_SNORM_BLOCK;
    case F::Bc6hRgbUfloat: return VK_FORMAT_BC6H_UFLOAT_BLOCK;
    case F::Bc6hRgbFloat: return VK_FORMAT_BC6H_SFLOAT_BLOCK;
    case F::Bc7RgbaUnorm: return VK_FORMAT_BC7_UNORM_BLOCK;
    case F::Bc7RgbaUnormSrgb: return VK_FORMAT_BC7_SRGB_BLOCK;
    case F::Etc2Rgb8unorm: return VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK;
    case F::Etc2Rgb8unormSrgb: return VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK;
    case F::Etc2Rgb8a1unorm: return VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK;
    case F::Etc2Rgb8a1unormSrgb: return VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK;
    case F::Etc2Rgba8unorm: return VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK;
    case F::Etc2Rgba8unormSrgb: return VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK;
    case F::EacR11unorm: return VK_FORMAT_EAC_R11_UNORM_BLOCK;
    case F::EacR11snorm: return VK_FORMAT_EAC_R11_SNORM_BLOCK;
    case F::EacRg11unorm: return VK_FORMAT_EAC_R11G11_UNORM_BLOCK;
    case F::EacRg11snorm: return VK_FORMAT_EAC_R11G11_SNORM_BLOCK;
    case F::Astc4x4Unorm: return VK_FORMAT_ASTC_4x4_UNORM_BLOCK;
    case F::Astc4x4UnormSrgb: return VK_FORMAT_ASTC_4x4_SRGB_BLOCK;
    case F::Astc5x4Unorm: return VK_FORMAT_ASTC_5x4_UNORM_BLOCK;
    case F::Astc5x4UnormSrgb: return VK_FORMAT_ASTC_5x4_SRGB_BLOCK;
    case F::Astc5x5Unorm: return VK_FORMAT_ASTC_5x5_UNORM_BLOCK;
    case F::Astc5x5UnormSrgb: return VK_FORMAT_ASTC_5x5_SRGB_BLOCK;
    case F::Astc6x5Unorm: return VK_FORMAT_ASTC_6x5_UNORM_BLOCK;
    case F::Astc6x5UnormSrgb: return VK_FORMAT_ASTC_6x5_SRGB_BLOCK;
    case F::Astc6x6Unorm: return VK_FORMAT_ASTC_6x6_UNORM_BLOCK;
    case F::Astc6x6UnormSrgb: return VK_FORMAT_ASTC_6x6_SRGB_BLOCK;
    case F::Astc8x5Unorm: return VK_FORMAT_ASTC_8x5_UNORM_BLOCK;
    case F::Astc8x5UnormSrgb: return VK_FORMAT_ASTC_8x5_SRGB_BLOCK;
    case F::Astc8x6Unorm: return VK_FORMAT_ASTC_8x6_UNORM_BLOCK;
    case F::Astc8x6UnormSrgb: return VK_FORMAT_ASTC_8x6_SRGB_BLOCK;
    case F::Astc8x8Unorm: return VK_FORMAT_ASTC_8x8_UNORM_BLOCK;
    case F::Astc8x8UnormSrgb: return VK_FORMAT_ASTC_8x8_SRGB_BLOCK;
    case F::Astc10x5Unorm: return VK_FORMAT_ASTC_10x5_UNORM_BLOCK;
    case F::Astc10x5UnormSrgb: return VK_FORMAT_ASTC_10x5_SRGB_BLOCK;
    case F::Astc10x6Unorm: return VK_FORMAT_ASTC_10x6_UNORM_BLOCK;
    case F::Astc10x6UnormSrgb: return VK_FORMAT_ASTC_10x6_SRGB_BLOCK;
    case F::Astc10x8Unorm: return VK_FORMAT_ASTC_10x8_UNORM_BLOCK;
    case F::Astc10x8UnormSrgb: return VK_FORMAT_ASTC_10x8_SRGB_BLOCK;
    case F::Astc10x10Unorm: return VK_FORMAT_ASTC_10x10_UNORM_BLOCK;
    case F::Astc10x10UnormSrgb: return VK_FORMAT_ASTC_10x10_SRGB_BLOCK;
    case F::Astc12x10Unorm: return VK_FORMAT_ASTC_12x10_UNORM_BLOCK;
    case F::Astc12x10UnormSrgb: return VK_FORMAT_ASTC_12x10_SRGB_BLOCK;
    case F::Astc12x12Unorm: return VK_FORMAT_ASTC_12x12_UNORM_BLOCK;
    case F::Astc12x12UnormSrgb: return VK_FORMAT_ASTC_12x12_SRGB_BLOCK;
  }
  return VK_FORMAT_UNDEFINED;
}

FormatTable::FormatTable() {
  for (uint32_t i = 0; i < kTextureFormatCount; ++i) {
    formats_[i] = baseVkFormat(static_cast<TextureFormat>(i));
  }
}

FormatTable FormatTable::of(VkPhysicalDevice device) {
  FormatTable table;
  // depth24plus: any depth format with at least 24 bits (#depth-formats).
  if (!supportsDepthStencil(device, VK_FORMAT_X8_D24_UNORM_PACK32)) {
    table.formats_[static_cast<size_t>(F::Depth24plus)] = VK_FORMAT_D32_SFLOAT;
  }
  if (!supportsDepthStencil(device, VK_FORMAT_D24_UNORM_S8_UINT)) {
    table.formats_[static_cast<size_t>(F::Depth24plusStencil8)] = VK_FORMAT_D32_SFLOAT_S8_UINT;
  }
  return table;
}

VkImageAspectFlags allAspects(TextureFormat format) {
  switch (format) {
    case F::Stencil8: return VK_IMAGE_ASPECT_STENCIL_BIT;
    case F::Depth16unorm:
    case F::Depth24plus:
    case F::Depth32float: return VK_IMAGE_ASPECT_DEPTH_BIT;
    case F::Depth24plusStencil8:
    case F::Depth32floatStencil8: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

VkImageAspectFlags aspectsOf(TextureFormat format, TextureAspect aspect) {
  VkImageAspectFlags all = allAspects(format);
  switch (aspect) {
    case TextureAspect::All: return all;
    case TextureAspect::DepthOnly: return all & VK_IMAGE_ASPECT_DEPTH_BIT;
    case TextureAspect::StencilOnly: return all & VK_IMAGE_ASPECT_STENCIL_BIT;
  }
  return all;
}

namespace {

enum class Family { None, Bc, Etc2, Astc };

// The compression family of a block-compressed VkFormat (the core's
// ranges: BC 131-146, ETC2/EAC 147-156, ASTC 157-184).
Family familyOf(VkFormat format) {
  if (format >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && format <= VK_FORMAT_BC7_SRGB_BLOCK) {
    return Family::Bc;
  }
  if (format >= VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK && format <= VK_FORMAT_EAC_R11G11_SNORM_BLOCK) {
    return Family::Etc2;
  }
  if (format >= VK_FORMAT_ASTC_4x4_UNORM_BLOCK && format <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK) {
    return Family::Astc;
  }
  return Family::None;
}

bool sampledAndCopied(VkPhysicalDevice device, VkFormat format) {
  constexpr VkFormatFeatureFlags kNeeded =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(device, format, &properties);
  return (properties.optimalTilingFeatures & kNeeded) == kNeeded;
}

bool usableAs3d(VkPhysicalDevice device, VkFormat format) {
  VkImageFormatProperties properties{};
  return vkGetPhysicalDeviceImageFormatProperties(
             device, format, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
             0, &properties) == VK_SUCCESS;
}

}  // namespace

CompressedFormatSupport compressedFormatSupport(VkPhysicalDevice device,
                                                const VkPhysicalDeviceFeatures& features) {
  bool all[4] = {false, features.textureCompressionBC == VK_TRUE,
                 features.textureCompressionETC2 == VK_TRUE,
                 features.textureCompressionASTC_LDR == VK_TRUE};
  bool all3d[4] = {false, all[1], all[2], all[3]};
  for (uint32_t i = 0; i < kTextureFormatCount; ++i) {
    VkFormat format = baseVkFormat(static_cast<TextureFormat>(i));
    auto family = static_cast<size_t>(familyOf(format));
    if (family == 0 || !all[family]) continue;
    if (!sampledAndCopied(device, format)) all[family] = false;
    if (!usableAs3d(device, format)) all3d[family] = false;
  }
  CompressedFormatSupport s;
  s.bc = all[1];
  s.bcSliced3d = s.bc && all3d[1];
  s.etc2 = all[2];
  s.astc = all[3];
  s.astcSliced3d = s.astc && all3d[3];
  return s;
}

uint32_t copyBlockBytes(TextureFormat format, VkFormat vkFormat, VkImageAspectFlags vkAspect) {
  (void)format;
  if (vkAspect == VK_IMAGE_ASPECT_STENCIL_BIT) return 1;
  if (vkAspect == VK_IMAGE_ASPECT_DEPTH_BIT) return vkFormat == VK_FORMAT_D16_UNORM ? 2 : 4;
  return 0;  // color: the caller uses the format table's texel block size
}

namespace {

bool hasFeatures(VkPhysicalDevice device, VkFormat format, VkFormatFeatureFlags needed) {
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(device, format, &properties);
  return (properties.optimalTilingFeatures & needed) == needed;
}

bool multisamples4(VkPhysicalDevice device, VkFormat format) {
  VkImageFormatProperties properties{};
  return vkGetPhysicalDeviceImageFormatProperties(
             device, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, 0,
             &properties) == VK_SUCCESS &&
         (properties.sampleCounts & VK_SAMPLE_COUNT_4_BIT) != 0;
}

}  // namespace

FormatFeatureSupport formatFeatureSupport(VkPhysicalDevice device,
                                          const VkPhysicalDeviceFeatures& features) {
  using FN = FeatureName;
  constexpr FN kFeatures[] = {FN::Bgra8unormStorage, FN::Rg11b10ufloatRenderable,
                              FN::TextureFormatsTier1, FN::TextureFormatsTier2};
  // Per feature: its storage cells (and formats), its render cells.
  bool storage[4] = {features.shaderStorageImageWriteWithoutFormat == VK_TRUE, true,
                     features.shaderStorageImageExtendedFormats == VK_TRUE,
                     features.shaderStorageImageExtendedFormats == VK_TRUE};
  bool render[4] = {true, true, true, true};
  auto require = [&](bool* ok, FN feature, bool holds) {
    for (size_t i = 0; i < 4; ++i) {
      if (kFeatures[i] == feature && !holds) ok[i] = false;
    }
  };
  for (uint32_t i = 0; i < kTextureFormatCount; ++i) {
    const core::FormatInfo& info = core::formatInfo(static_cast<TextureFormat>(i));
    const VkFormat format = baseVkFormat(info.format);
    auto has = [&](VkFormatFeatureFlags needed) {
      return format != VK_FORMAT_UNDEFINED && hasFeatures(device, format, needed);
    };
    auto cell = [&](bool* ok, const core::FormatCap& cap, auto&& holds) {
      if (cap.kind == core::FormatCap::Kind::IfFeature) require(ok, cap.feature, holds());
    };
    if (info.requiredFeature) {
      require(storage, *info.requiredFeature,
              has(VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                  VK_FORMAT_FEATURE_TRANSFER_DST_BIT));
    }
    auto colorAttachment = [&] { return has(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT); };
    auto storageImage = [&] { return has(VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT); };
    cell(render, info.renderable, colorAttachment);
    cell(render, info.resolve, colorAttachment);
    cell(render, info.blendable, [&] { return has(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT); });
    cell(render, info.multisample, [&] { return multisamples4(device, format); });
    cell(storage, info.storageWriteOnly, storageImage);
    cell(storage, info.storageReadOnly, storageImage);
    cell(storage, info.storageReadWrite, storageImage);
  }
  FormatFeatureSupport s;
  s.bgra8unormStorage = storage[0] && render[0];
  s.rg11b10ufloatRenderable = storage[1] && render[1];
  s.tier1Storage = storage[2];
  s.tier2Storage = storage[2] && storage[3];
  s.textureFormatsTier1 = s.tier1Storage && render[2] && s.rg11b10ufloatRenderable;
  s.textureFormatsTier2 = s.tier2Storage && render[3] && s.textureFormatsTier1;
  return s;
}

}  // namespace bindery::vulkan
