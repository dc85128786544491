// Spellings of every enum value, as the user writes them in WebGPU.
#include "bindery/enums.h"

#include <array>

namespace bindery {

namespace {

template <class E, size_t N>
std::optional<E> parseIn(const std::array<std::string_view, N>& names, std::string_view text) {
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == text) return static_cast<E>(i);
  }
  return std::nullopt;
}

constexpr std::array<std::string_view, 101> kTextureFormatNames = {
    "r8unorm",
    "r8snorm",
    "r8uint",
    "r8sint",
    "r16unorm",
    "r16snorm",
    "r16uint",
    "r16sint",
    "r16float",
    "rg8unorm",
    "rg8snorm",
    "rg8uint",
    "rg8sint",
    "r32uint",
    "r32sint",
    "r32float",
    "rg16unorm",
    "rg16snorm",
    "rg16uint",
    "rg16sint",
    "rg16float",
    "rgba8unorm",
    "rgba8unorm-srgb",
    "rgba8snorm",
    "rgba8uint",
    "rgba8sint",
    "bgra8unorm",
    "bgra8unorm-srgb",
    "rgb9e5ufloat",
    "rgb10a2uint",
    "rgb10a2unorm",
    "rg11b10ufloat",
    "rg32uint",
    "rg32sint",
    "rg32float",
    "rgba16unorm",
    "rgba16snorm",
    "rgba16uint",
    "rgba16sint",
    "rgba16float",
    "rgba32uint",
    "rgba32sint",
    "rgba32float",
    "stencil8",
    "depth16unorm",
    "depth24plus",
    "depth24plus-stencil8",
    "depth32float",
    "depth32float-stencil8",
    "bc1-rgba-unorm",
    "bc1-rgba-unorm-srgb",
    "bc2-rgba-unorm",
    "bc2-rgba-unorm-srgb",
    "bc3-rgba-unorm",
    "bc3-rgba-unorm-srgb",
    "bc4-r-unorm",
    "bc4-r-snorm",
    "bc5-rg-unorm",
    "bc5-rg-snorm",
    "bc6h-rgb-ufloat",
    "bc6h-rgb-float",
    "bc7-rgba-unorm",
    "bc7-rgba-unorm-srgb",
    "etc2-rgb8unorm",
    "etc2-rgb8unorm-srgb",
    "etc2-rgb8a1unorm",
    "etc2-rgb8a1unorm-srgb",
    "etc2-rgba8unorm",
    "etc2-rgba8unorm-srgb",
    "eac-r11unorm",
    "eac-r11snorm",
    "eac-rg11unorm",
    "eac-rg11snorm",
    "astc-4x4-unorm",
    "astc-4x4-unorm-srgb",
    "astc-5x4-unorm",
    "astc-5x4-unorm-srgb",
    "astc-5x5-unorm",
    "astc-5x5-unorm-srgb",
    "astc-6x5-unorm",
    "astc-6x5-unorm-srgb",
    "astc-6x6-unorm",
    "astc-6x6-unorm-srgb",
    "astc-8x5-unorm",
    "astc-8x5-unorm-srgb",
    "astc-8x6-unorm",
    "astc-8x6-unorm-srgb",
    "astc-8x8-unorm",
    "astc-8x8-unorm-srgb",
    "astc-10x5-unorm",
    "astc-10x5-unorm-srgb",
    "astc-10x6-unorm",
    "astc-10x6-unorm-srgb",
    "astc-10x8-unorm",
    "astc-10x8-unorm-srgb",
    "astc-10x10-unorm",
    "astc-10x10-unorm-srgb",
    "astc-12x10-unorm",
    "astc-12x10-unorm-srgb",
    "astc-12x12-unorm",
    "astc-12x12-unorm-srgb",
};
constexpr std::array<std::string_view, 3> kTextureDimensionNames = {
    "1d",
    "2d",
    "3d",
};
constexpr std::array<std::string_view, 6> kTextureViewDimensionNames = {
    "1d", "2d", "2d-array", "cube", "cube-array", "3d",
};
constexpr std::array<std::string_view, 3> kTextureAspectNames = {
    "all",
    "stencil-only",
    "depth-only",
};
constexpr std::array<std::string_view, 3> kAddressModeNames = {
    "clamp-to-edge",
    "repeat",
    "mirror-repeat",
};
constexpr std::array<std::string_view, 2> kFilterModeNames = {
    "nearest",
    "linear",
};
constexpr std::array<std::string_view, 2> kMipmapFilterModeNames = {
    "nearest",
    "linear",
};
constexpr std::array<std::string_view, 8> kCompareFunctionNames = {
    "never", "less", "equal", "less-equal", "greater", "not-equal", "greater-equal", "always",
};
constexpr std::array<std::string_view, 3> kBufferBindingTypeNames = {
    "uniform",
    "storage",
    "read-only-storage",
};
constexpr std::array<std::string_view, 3> kSamplerBindingTypeNames = {
    "filtering",
    "non-filtering",
    "comparison",
};
constexpr std::array<std::string_view, 5> kTextureSampleTypeNames = {
    "float", "unfilterable-float", "depth", "sint", "uint",
};
constexpr std::array<std::string_view, 3> kStorageTextureAccessNames = {
    "write-only",
    "read-only",
    "read-write",
};
constexpr std::array<std::string_view, 3> kErrorFilterNames = {
    "validation",
    "out-of-memory",
    "internal",
};
constexpr std::array<std::string_view, 2> kDeviceLostReasonNames = {
    "unknown",
    "destroyed",
};
constexpr std::array<std::string_view, 2> kPowerPreferenceNames = {
    "low-power",
    "high-performance",
};
constexpr std::array<std::string_view, 3> kBufferMapStateNames = {
    "unmapped",
    "pending",
    "mapped",
};
constexpr std::array<std::string_view, 2> kFeatureLevelNames = {
    "core",
    "compatibility",
};
constexpr std::array<std::string_view, 23> kFeatureNameNames = {
    "core-features-and-limits",
    "depth-clip-control",
    "depth32float-stencil8",
    "texture-compression-bc",
    "texture-compression-bc-sliced-3d",
    "texture-compression-etc2",
    "texture-compression-astc",
    "texture-compression-astc-sliced-3d",
    "timestamp-query",
    "indirect-first-instance",
    "shader-f16",
    "rg11b10ufloat-renderable",
    "bgra8unorm-storage",
    "float32-filterable",
    "float32-blendable",
    "clip-distances",
    "dual-source-blending",
    "subgroups",
    "texture-formats-tier1",
    "texture-formats-tier2",
    "primitive-index",
    "texture-component-swizzle",
    "subgroup-size-control",
};

}  // namespace

std::string_view toString(TextureFormat value) {
  auto i = static_cast<size_t>(value);
  return i < kTextureFormatNames.size() ? kTextureFormatNames[i]
                                        : std::string_view("(invalid TextureFormat)");
}
std::optional<TextureFormat> parseTextureFormat(std::string_view text) {
  return parseIn<TextureFormat>(kTextureFormatNames, text);
}

std::string_view toString(TextureDimension value) {
  auto i = static_cast<size_t>(value);
  return i < kTextureDimensionNames.size() ? kTextureDimensionNames[i]
                                           : std::string_view("(invalid TextureDimension)");
}
std::optional<TextureDimension> parseTextureDimension(std::string_view text) {
  return parseIn<TextureDimension>(kTextureDimensionNames, text);
}

std::string_view toString(TextureViewDimension value) {
  auto i = static_cast<size_t>(value);
  return i < kTextureViewDimensionNames.size() ? kTextureViewDimensionNames[i]
                                               : std::string_view("(invalid TextureViewDimension)");
}
std::optional<TextureViewDimension> parseTextureViewDimension(std::string_view text) {
  return parseIn<TextureViewDimension>(kTextureViewDimensionNames, text);
}

std::string_view toString(TextureAspect value) {
  auto i = static_cast<size_t>(value);
  return i < kTextureAspectNames.size() ? kTextureAspectNames[i]
                                        : std::string_view("(invalid TextureAspect)");
}
std::optional<TextureAspect> parseTextureAspect(std::string_view text) {
  return parseIn<TextureAspect>(kTextureAspectNames, text);
}

std::string_view toString(AddressMode value) {
  auto i = static_cast<size_t>(value);
  return i < kAddressModeNames.size() ? kAddressModeNames[i]
                                      : std::string_view("(invalid AddressMode)");
}
std::optional<AddressMode> parseAddressMode(std::string_view text) {
  return parseIn<AddressMode>(kAddressModeNames, text);
}

std::string_view toString(FilterMode value) {
  auto i = static_cast<size_t>(value);
  return i < kFilterModeNames.size() ? kFilterModeNames[i]
                                     : std::string_view("(invalid FilterMode)");
}
std::optional<FilterMode> parseFilterMode(std::string_view text) {
  return parseIn<FilterMode>(kFilterModeNames, text);
}

std::string_view toString(MipmapFilterMode value) {
  auto i = static_cast<size_t>(value);
  return i < kMipmapFilterModeNames.size() ? kMipmapFilterModeNames[i]
                                           : std::string_view("(invalid MipmapFilterMode)");
}
std::optional<MipmapFilterMode> parseMipmapFilterMode(std::string_view text) {
  return parseIn<MipmapFilterMode>(kMipmapFilterModeNames, text);
}

std::string_view toString(CompareFunction value) {
  auto i = static_cast<size_t>(value);
  return i < kCompareFunctionNames.size() ? kCompareFunctionNames[i]
                                          : std::string_view("(invalid CompareFunction)");
}
std::optional<CompareFunction> parseCompareFunction(std::string_view text) {
  return parseIn<CompareFunction>(kCompareFunctionNames, text);
}

std::string_view toString(BufferBindingType value) {
  auto i = static_cast<size_t>(value);
  return i < kBufferBindingTypeNames.size() ? kBufferBindingTypeNames[i]
                                            : std::string_view("(invalid BufferBindingType)");
}
std::optional<BufferBindingType> parseBufferBindingType(std::string_view text) {
  return parseIn<BufferBindingType>(kBufferBindingTypeNames, text);
}

std::string_view toString(SamplerBindingType value) {
  auto i = static_cast<size_t>(value);
  return i < kSamplerBindingTypeNames.size() ? kSamplerBindingTypeNames[i]
                                             : std::string_view("(invalid SamplerBindingType)");
}
std::optional<SamplerBindingType> parseSamplerBindingType(std::string_view text) {
  return parseIn<SamplerBindingType>(kSamplerBindingTypeNames, text);
}

std::string_view toString(TextureSampleType value) {
  auto i = static_cast<size_t>(value);
  return i < kTextureSampleTypeNames.size() ? kTextureSampleTypeNames[i]
                                            : std::string_view("(invalid TextureSampleType)");
}
std::optional<TextureSampleType> parseTextureSampleType(std::string_view text) {
  return parseIn<TextureSampleType>(kTextureSampleTypeNames, text);
}

std::string_view toString(StorageTextureAccess value) {
  auto i = static_cast<size_t>(value);
  return i < kStorageTextureAccessNames.size() ? kStorageTextureAccessNames[i]
                                               : std::string_view("(invalid StorageTextureAccess)");
}
std::optional<StorageTextureAccess> parseStorageTextureAccess(std::string_view text) {
  return parseIn<StorageTextureAccess>(kStorageTextureAccessNames, text);
}

std::string_view toString(ErrorFilter value) {
  auto i = static_cast<size_t>(value);
  return i < kErrorFilterNames.size() ? kErrorFilterNames[i]
                                      : std::string_view("(invalid ErrorFilter)");
}
std::optional<ErrorFilter> parseErrorFilter(std::string_view text) {
  return parseIn<ErrorFilter>(kErrorFilterNames, text);
}

std::string_view toString(DeviceLostReason value) {
  auto i = static_cast<size_t>(value);
  return i < kDeviceLostReasonNames.size() ? kDeviceLostReasonNames[i]
                                           : std::string_view("(invalid DeviceLostReason)");
}
std::optional<DeviceLostReason> parseDeviceLostReason(std::string_view text) {
  return parseIn<DeviceLostReason>(kDeviceLostReasonNames, text);
}

std::string_view toString(PowerPreference value) {
  auto i = static_cast<size_t>(value);
  return i < kPowerPreferenceNames.size() ? kPowerPreferenceNames[i]
                                          : std::string_view("(invalid PowerPreference)");
}
std::optional<PowerPreference> parsePowerPreference(std::string_view text) {
  return parseIn<PowerPreference>(kPowerPreferenceNames, text);
}

std::string_view toString(BufferMapState value) {
  auto i = static_cast<size_t>(value);
  return i < kBufferMapStateNames.size() ? kBufferMapStateNames[i]
                                         : std::string_view("(invalid BufferMapState)");
}
std::optional<BufferMapState> parseBufferMapState(std::string_view text) {
  return parseIn<BufferMapState>(kBufferMapStateNames, text);
}

std::string_view toString(FeatureLevel value) {
  auto i = static_cast<size_t>(value);
  return i < kFeatureLevelNames.size() ? kFeatureLevelNames[i]
                                       : std::string_view("(invalid FeatureLevel)");
}
std::optional<FeatureLevel> parseFeatureLevel(std::string_view text) {
  return parseIn<FeatureLevel>(kFeatureLevelNames, text);
}

std::string_view toString(FeatureName value) {
  auto i = static_cast<size_t>(value);
  return i < kFeatureNameNames.size() ? kFeatureNameNames[i]
                                      : std::string_view("(invalid FeatureName)");
}
std::optional<FeatureName> parseFeatureName(std::string_view text) {
  return parseIn<FeatureName>(kFeatureNameNames, text);
}

}  // namespace bindery
