// Enumerations of the WebGPU IDL, with the spec's values.
// toString() gives the spelling the user writes ('2d-array'); parse() the reverse.
// Value order matches the IDL; the spelling tables are in src/core/enum_names.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bindery {

enum class TextureFormat : uint8_t {
  R8unorm,               // "r8unorm"
  R8snorm,               // "r8snorm"
  R8uint,                // "r8uint"
  R8sint,                // "r8sint"
  R16unorm,              // "r16unorm"
  R16snorm,              // "r16snorm"
  R16uint,               // "r16uint"
  R16sint,               // "r16sint"
  R16float,              // "r16float"
  Rg8unorm,              // "rg8unorm"
  Rg8snorm,              // "rg8snorm"
  Rg8uint,               // "rg8uint"
  Rg8sint,               // "rg8sint"
  R32uint,               // "r32uint"
  R32sint,               // "r32sint"
  R32float,              // "r32float"
  Rg16unorm,             // "rg16unorm"
  Rg16snorm,             // "rg16snorm"
  Rg16uint,              // "rg16uint"
  Rg16sint,              // "rg16sint"
  Rg16float,             // "rg16float"
  Rgba8unorm,            // "rgba8unorm"
  Rgba8unormSrgb,        // "rgba8unorm-srgb"
  Rgba8snorm,            // "rgba8snorm"
  Rgba8uint,             // "rgba8uint"
  Rgba8sint,             // "rgba8sint"
  Bgra8unorm,            // "bgra8unorm"
  Bgra8unormSrgb,        // "bgra8unorm-srgb"
  Rgb9e5ufloat,          // "rgb9e5ufloat"
  Rgb10a2uint,           // "rgb10a2uint"
  Rgb10a2unorm,          // "rgb10a2unorm"
  Rg11b10ufloat,         // "rg11b10ufloat"
  Rg32uint,              // "rg32uint"
  Rg32sint,              // "rg32sint"
  Rg32float,             // "rg32float"
  Rgba16unorm,           // "rgba16unorm"
  Rgba16snorm,           // "rgba16snorm"
  Rgba16uint,            // "rgba16uint"
  Rgba16sint,            // "rgba16sint"
  Rgba16float,           // "rgba16float"
  Rgba32uint,            // "rgba32uint"
  Rgba32sint,            // "rgba32sint"
  Rgba32float,           // "rgba32float"
  Stencil8,              // "stencil8"
  Depth16unorm,          // "depth16unorm"
  Depth24plus,           // "depth24plus"
  Depth24plusStencil8,   // "depth24plus-stencil8"
  Depth32float,          // "depth32float"
  Depth32floatStencil8,  // "depth32float-stencil8"
  Bc1RgbaUnorm,          // "bc1-rgba-unorm"
  Bc1RgbaUnormSrgb,      // "bc1-rgba-unorm-srgb"
  Bc2RgbaUnorm,          // "bc2-rgba-unorm"
  Bc2RgbaUnormSrgb,      // "bc2-rgba-unorm-srgb"
  Bc3RgbaUnorm,          // "bc3-rgba-unorm"
  Bc3RgbaUnormSrgb,      // "bc3-rgba-unorm-srgb"
  Bc4RUnorm,             // "bc4-r-unorm"
  Bc4RSnorm,             // "bc4-r-snorm"
  Bc5RgUnorm,            // "bc5-rg-unorm"
  Bc5RgSnorm,            // "bc5-rg-snorm"
  Bc6hRgbUfloat,         // "bc6h-rgb-ufloat"
  Bc6hRgbFloat,          // "bc6h-rgb-float"
  Bc7RgbaUnorm,          // "bc7-rgba-unorm"
  Bc7RgbaUnormSrgb,      // "bc7-rgba-unorm-srgb"
  Etc2Rgb8unorm,         // "etc2-rgb8unorm"
  Etc2Rgb8unormSrgb,     // "etc2-rgb8unorm-srgb"
  Etc2Rgb8a1unorm,       // "etc2-rgb8a1unorm"
  Etc2Rgb8a1unormSrgb,   // "etc2-rgb8a1unorm-srgb"
  Etc2Rgba8unorm,        // "etc2-rgba8unorm"
  Etc2Rgba8unormSrgb,    // "etc2-rgba8unorm-srgb"
  EacR11unorm,           // "eac-r11unorm"
  EacR11snorm,           // "eac-r11snorm"
  EacRg11unorm,          // "eac-rg11unorm"
  EacRg11snorm,          // "eac-rg11snorm"
  Astc4x4Unorm,          // "astc-4x4-unorm"
  Astc4x4UnormSrgb,      // "astc-4x4-unorm-srgb"
  Astc5x4Unorm,          // "astc-5x4-unorm"
  Astc5x4UnormSrgb,      // "astc-5x4-unorm-srgb"
  Astc5x5Unorm,          // "astc-5x5-unorm"
  Astc5x5UnormSrgb,      // "astc-5x5-unorm-srgb"
  Astc6x5Unorm,          // "astc-6x5-unorm"
  Astc6x5UnormSrgb,      // "astc-6x5-unorm-srgb"
  Astc6x6Unorm,          // "astc-6x6-unorm"
  Astc6x6UnormSrgb,      // "astc-6x6-unorm-srgb"
  Astc8x5Unorm,          // "astc-8x5-unorm"
  Astc8x5UnormSrgb,      // "astc-8x5-unorm-srgb"
  Astc8x6Unorm,          // "astc-8x6-unorm"
  Astc8x6UnormSrgb,      // "astc-8x6-unorm-srgb"
  Astc8x8Unorm,          // "astc-8x8-unorm"
  Astc8x8UnormSrgb,      // "astc-8x8-unorm-srgb"
  Astc10x5Unorm,         // "astc-10x5-unorm"
  Astc10x5UnormSrgb,     // "astc-10x5-unorm-srgb"
  Astc10x6Unorm,         // "astc-10x6-unorm"
  Astc10x6UnormSrgb,     // "astc-10x6-unorm-srgb"
  Astc10x8Unorm,         // "astc-10x8-unorm"
  Astc10x8UnormSrgb,     // "astc-10x8-unorm-srgb"
  Astc10x10Unorm,        // "astc-10x10-unorm"
  Astc10x10UnormSrgb,    // "astc-10x10-unorm-srgb"
  Astc12x10Unorm,        // "astc-12x10-unorm"
  Astc12x10UnormSrgb,    // "astc-12x10-unorm-srgb"
  Astc12x12Unorm,        // "astc-12x12-unorm"
  Astc12x12UnormSrgb,    // "astc-12x12-unorm-srgb"
};
inline constexpr uint32_t kTextureFormatCount = 101;
std::string_view toString(TextureFormat value);
std::optional<TextureFormat> parseTextureFormat(std::string_view text);

enum class TextureDimension : uint8_t {
  e1D,  // "1d"
  e2D,  // "2d"
  e3D,  // "3d"
};
inline constexpr uint32_t kTextureDimensionCount = 3;
std::string_view toString(TextureDimension value);
std::optional<TextureDimension> parseTextureDimension(std::string_view text);

enum class TextureViewDimension : uint8_t {
  e1D,        // "1d"
  e2D,        // "2d"
  e2DArray,   // "2d-array"
  Cube,       // "cube"
  CubeArray,  // "cube-array"
  e3D,        // "3d"
};
inline constexpr uint32_t kTextureViewDimensionCount = 6;
std::string_view toString(TextureViewDimension value);
std::optional<TextureViewDimension> parseTextureViewDimension(std::string_view text);

enum class TextureAspect : uint8_t {
  All,          // "all"
  StencilOnly,  // "stencil-only"
  DepthOnly,    // "depth-only"
};
inline constexpr uint32_t kTextureAspectCount = 3;
std::string_view toString(TextureAspect value);
std::optional<TextureAspect> parseTextureAspect(std::string_view text);

enum class AddressMode : uint8_t {
  ClampToEdge,   // "clamp-to-edge"
  Repeat,        // "repeat"
  MirrorRepeat,  // "mirror-repeat"
};
inline constexpr uint32_t kAddressModeCount = 3;
std::string_view toString(AddressMode value);
std::optional<AddressMode> parseAddressMode(std::string_view text);

enum class FilterMode : uint8_t {
  Nearest,  // "nearest"
  Linear,   // "linear"
};
inline constexpr uint32_t kFilterModeCount = 2;
std::string_view toString(FilterMode value);
std::optional<FilterMode> parseFilterMode(std::string_view text);

enum class MipmapFilterMode : uint8_t {
  Nearest,  // "nearest"
  Linear,   // "linear"
};
inline constexpr uint32_t kMipmapFilterModeCount = 2;
std::string_view toString(MipmapFilterMode value);
std::optional<MipmapFilterMode> parseMipmapFilterMode(std::string_view text);

enum class CompareFunction : uint8_t {
  Never,         // "never"
  Less,          // "less"
  Equal,         // "equal"
  LessEqual,     // "less-equal"
  Greater,       // "greater"
  NotEqual,      // "not-equal"
  GreaterEqual,  // "greater-equal"
  Always,        // "always"
};
inline constexpr uint32_t kCompareFunctionCount = 8;
std::string_view toString(CompareFunction value);
std::optional<CompareFunction> parseCompareFunction(std::string_view text);

enum class BufferBindingType : uint8_t {
  Uniform,          // "uniform"
  Storage,          // "storage"
  ReadOnlyStorage,  // "read-only-storage"
};
inline constexpr uint32_t kBufferBindingTypeCount = 3;
std::string_view toString(BufferBindingType value);
std::optional<BufferBindingType> parseBufferBindingType(std::string_view text);

enum class SamplerBindingType : uint8_t {
  Filtering,     // "filtering"
  NonFiltering,  // "non-filtering"
  Comparison,    // "comparison"
};
inline constexpr uint32_t kSamplerBindingTypeCount = 3;
std::string_view toString(SamplerBindingType value);
std::optional<SamplerBindingType> parseSamplerBindingType(std::string_view text);

enum class TextureSampleType : uint8_t {
  Float,              // "float"
  UnfilterableFloat,  // "unfilterable-float"
  Depth,              // "depth"
  Sint,               // "sint"
  Uint,               // "uint"
};
inline constexpr uint32_t kTextureSampleTypeCount = 5;
std::string_view toString(TextureSampleType value);
std::optional<TextureSampleType> parseTextureSampleType(std::string_view text);

enum class StorageTextureAccess : uint8_t {
  WriteOnly,  // "write-only"
  ReadOnly,   // "read-only"
  ReadWrite,  // "read-write"
};
inline constexpr uint32_t kStorageTextureAccessCount = 3;
std::string_view toString(StorageTextureAccess value);
std::optional<StorageTextureAccess> parseStorageTextureAccess(std::string_view text);

enum class ErrorFilter : uint8_t {
  Validation,   // "validation"
  OutOfMemory,  // "out-of-memory"
  Internal,     // "internal"
};
inline constexpr uint32_t kErrorFilterCount = 3;
std::string_view toString(ErrorFilter value);
std::optional<ErrorFilter> parseErrorFilter(std::string_view text);

enum class DeviceLostReason : uint8_t {
  Unknown,    // "unknown"
  Destroyed,  // "destroyed"
};
inline constexpr uint32_t kDeviceLostReasonCount = 2;
std::string_view toString(DeviceLostReason value);
std::optional<DeviceLostReason> parseDeviceLostReason(std::string_view text);

enum class PowerPreference : uint8_t {
  LowPower,         // "low-power"
  HighPerformance,  // "high-performance"
};
inline constexpr uint32_t kPowerPreferenceCount = 2;
std::string_view toString(PowerPreference value);
std::optional<PowerPreference> parsePowerPreference(std::string_view text);

enum class BufferMapState : uint8_t {
  Unmapped,  // "unmapped"
  Pending,   // "pending"
  Mapped,    // "mapped"
};
inline constexpr uint32_t kBufferMapStateCount = 3;
std::string_view toString(BufferMapState value);
std::optional<BufferMapState> parseBufferMapState(std::string_view text);

enum class FeatureLevel : uint8_t {
  Core,           // "core"
  Compatibility,  // "compatibility"
};
inline constexpr uint32_t kFeatureLevelCount = 2;
std::string_view toString(FeatureLevel value);
std::optional<FeatureLevel> parseFeatureLevel(std::string_view text);

enum class FeatureName : uint8_t {
  CoreFeaturesAndLimits,           // "core-features-and-limits"
  DepthClipControl,                // "depth-clip-control"
  Depth32floatStencil8,            // "depth32float-stencil8"
  TextureCompressionBc,            // "texture-compression-bc"
  TextureCompressionBcSliced3d,    // "texture-compression-bc-sliced-3d"
  TextureCompressionEtc2,          // "texture-compression-etc2"
  TextureCompressionAstc,          // "texture-compression-astc"
  TextureCompressionAstcSliced3d,  // "texture-compression-astc-sliced-3d"
  TimestampQuery,                  // "timestamp-query"
  IndirectFirstInstance,           // "indirect-first-instance"
  ShaderF16,                       // "shader-f16"
  Rg11b10ufloatRenderable,         // "rg11b10ufloat-renderable"
  Bgra8unormStorage,               // "bgra8unorm-storage"
  Float32Filterable,               // "float32-filterable"
  Float32Blendable,                // "float32-blendable"
  ClipDistances,                   // "clip-distances"
  DualSourceBlending,              // "dual-source-blending"
  Subgroups,                       // "subgroups"
  TextureFormatsTier1,             // "texture-formats-tier1"
  TextureFormatsTier2,             // "texture-formats-tier2"
  PrimitiveIndex,                  // "primitive-index"
  TextureComponentSwizzle,         // "texture-component-swizzle"
  SubgroupSizeControl,             // "subgroup-size-control"
};
inline constexpr uint32_t kFeatureNameCount = 23;
std::string_view toString(FeatureName value);
std::optional<FeatureName> parseFeatureName(std::string_view text);

}  // namespace bindery
