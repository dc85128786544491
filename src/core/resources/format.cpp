// The texture format table: #texture-format-caps, with its three tables
// #plain-color-formats, #depth-formats and #packed-formats, one row each, in
// the spec's order. The helpers below read it.
#include "core/resources/format.h"

#include <array>
#include <cstdlib>

namespace bindery::core {

namespace {

using F = TextureFormat;
using FN = FeatureName;
using ST = TextureSampleType;

// Capability shorthands, as the spec's cells read.
constexpr FormatCap N = FormatCap::no();   // empty cell
constexpr FormatCap Y = FormatCap::yes();  // ✓
constexpr FormatCap Tier1 = FormatCap::ifFeature(FN::TextureFormatsTier1);
constexpr FormatCap Tier2 = FormatCap::ifFeature(FN::TextureFormatsTier2);
constexpr FormatCap Core = FormatCap::ifFeature(FN::CoreFeaturesAndLimits);
constexpr FormatCap F32Filterable = FormatCap::ifFeature(FN::Float32Filterable);
constexpr FormatCap F32Blendable = FormatCap::ifFeature(FN::Float32Blendable);
constexpr FormatCap Rg11b10 = FormatCap::ifFeature(FN::Rg11b10ufloatRenderable);
constexpr FormatCap Bgra8Storage = FormatCap::ifFeature(FN::Bgra8unormStorage);
constexpr FormatCap BcSliced3d = FormatCap::ifFeature(FN::TextureCompressionBcSliced3d);
constexpr FormatCap AstcSliced3d = FormatCap::ifFeature(FN::TextureCompressionAstcSliced3d);

// The GPUTextureSampleType column of a color format.
struct SampleCol {
  ST type;
  FormatCap filterable;
};
constexpr SampleCol kFloat{ST::Float, Y};                        // "float", "unfilterable-float"
constexpr SampleCol kUnfilterable{ST::UnfilterableFloat, N};     // "unfilterable-float"
constexpr SampleCol kF32{ST::UnfilterableFloat, F32Filterable};  // "float" if float32-filterable
constexpr SampleCol kUint{ST::Uint, N};
constexpr SampleCol kSint{ST::Sint, N};

constexpr std::optional<FeatureName> kNone = std::nullopt;

// A row of #plain-color-formats.
FormatInfo color(F f, std::optional<FeatureName> required, SampleCol sample, FormatCap render,
                 FormatCap blend, FormatCap multisample, FormatCap resolve, FormatCap writeOnly,
                 FormatCap readOnly, FormatCap readWrite, uint8_t copyBytes, uint8_t rtCost,
                 uint8_t rtAlign) {
  FormatInfo i{};
  i.format = f;
  i.requiredFeature = required;
  i.texelBlockSize = copyBytes;
  i.aspects = static_cast<uint8_t>(Aspect::Color);
  i.sampleType = sample.type;
  i.filterable = sample.filterable;
  i.renderable = render;
  i.blendable = blend;
  i.multisample = multisample;
  i.resolve = resolve;
  i.storageWriteOnly = writeOnly;
  i.storageReadOnly = readOnly;
  i.storageReadWrite = readWrite;
  i.dimension3D = Y;  // all plain color formats support "3d"
  i.renderTargetPixelByteCost = rtCost;
  i.renderTargetComponentAlignment = rtAlign;
  return i;
}

// A row of #depth-formats. `copyBytes` is the whole format's copy footprint
// (0 when it has none, or it has two aspects).
FormatInfo depthStencil(F f, std::optional<FeatureName> required, uint8_t aspects,
                        uint8_t copyBytes) {
  FormatInfo i{};
  i.format = f;
  i.requiredFeature = required;
  i.texelBlockSize = copyBytes;
  i.aspects = aspects;
  i.sampleType = (aspects & static_cast<uint8_t>(Aspect::Depth)) ? ST::Depth : ST::Uint;
  i.filterable = N;
  i.renderable = Y;   // all depth-or-stencil formats are renderable
  i.multisample = Y;  // and support multisampling
  i.dimension3D = N;  // and none supports "3d"
  return i;
}

// A row of #packed-formats.
FormatInfo packed(F f, std::optional<FeatureName> required, uint8_t copyBytes, uint8_t bw,
                  uint8_t bh, FormatCap dim3D) {
  FormatInfo i{};
  i.format = f;
  i.requiredFeature = required;
  i.texelBlockSize = copyBytes;
  i.blockWidth = bw;
  i.blockHeight = bh;
  i.isCompressed = bw > 1 || bh > 1;
  i.aspects = static_cast<uint8_t>(Aspect::Color);
  i.sampleType = ST::Float;
  i.filterable = Y;  // all packed formats are filterable
  i.dimension3D = dim3D;
  return i;
}

constexpr uint8_t kDepth = static_cast<uint8_t>(Aspect::Depth);
constexpr uint8_t kStencil = static_cast<uint8_t>(Aspect::Stencil);
constexpr uint8_t kDepthStencil = Aspect::Depth | Aspect::Stencil;

std::vector<FormatInfo> buildTable() {
  const FN bc = FN::TextureCompressionBc;
  const FN etc2 = FN::TextureCompressionEtc2;
  const FN astc = FN::TextureCompressionAstc;
  // clang-format off
  std::vector<FormatInfo> rows = {
    // #plain-color-formats
    //     format              required feature   sample         RENDER blend  ms     resolve  | STORAGE: write-only read-only read-write | copy bytes, RT byte cost, RT alignment
    // 8 bits per component
    color(F::R8unorm,         kNone,             kFloat,        Y,     Y,     Y,     Y,       Tier1, Tier1, Tier2, 1, 1, 1),
    color(F::R8snorm,         kNone,             kFloat,        Tier1, Tier1, Tier1, Tier1,   Tier1, Tier1, N,     1, 1, 1),
    color(F::R8uint,          kNone,             kUint,         Y,     N,     Core,  N,       Tier1, Tier1, Tier2, 1, 1, 1),
    color(F::R8sint,          kNone,             kSint,         Y,     N,     Core,  N,       Tier1, Tier1, Tier2, 1, 1, 1),
    color(F::Rg8unorm,        kNone,             kFloat,        Y,     Y,     Y,     Y,       Tier1, Tier1, N,     2, 2, 1),
    color(F::Rg8snorm,        kNone,             kFloat,        Tier1, Tier1, Tier1, Tier1,   Tier1, Tier1, N,     2, 2, 1),
    color(F::Rg8uint,         kNone,             kUint,         Y,     N,     Core,  N,       Tier1, Tier1, N,     2, 2, 1),
    color(F::Rg8sint,         kNone,             kSint,         Y,     N,     Core,  N,       Tier1, Tier1, N,     2, 2, 1),
    color(F::Rgba8unorm,      kNone,             kFloat,        Y,     Y,     Y,     Y,       Y,     Y,     Tier2, 4, 8, 1),
    color(F::Rgba8unormSrgb,  kNone,             kFloat,        Y,     Y,     Y,     Y,       N,     N,     N,     4, 8, 1),
    color(F::Rgba8snorm,      kNone,             kFloat,        Tier1, Tier1, Tier1, Tier1,   Y,     Y,     N,     4, 8, 1),
    color(F::Rgba8uint,       kNone,             kUint,         Y,     N,     Core,  N,       Y,     Y,     Tier2, 4, 4, 1),
    color(F::Rgba8sint,       kNone,             kSint,         Y,     N,     Core,  N,       Y,     Y,     Tier2, 4, 4, 1),
    color(F::Bgra8unorm,      kNone,             kFloat,        Y,     Y,     Y,     Y,       Bgra8Storage, N, N,  4, 8, 1),
    color(F::Bgra8unormSrgb,  FN::CoreFeaturesAndLimits, kFloat, Y,    Y,     Y,     Y,       N,     N,     N,     4, 8, 1),
    // 16 bits per component
    color(F::R16unorm,        FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     2, 2, 2),
    color(F::R16snorm,        FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     2, 2, 2),
    color(F::R16uint,         kNone,             kUint,         Y,     N,     Core,  N,       Tier1, Tier1, Tier2, 2, 2, 2),
    color(F::R16sint,         kNone,             kSint,         Y,     N,     Core,  N,       Tier1, Tier1, Tier2, 2, 2, 2),
    color(F::R16float,        kNone,             kFloat,        Y,     Y,     Y,     Y,       Tier1, Tier1, Tier2, 2, 2, 2),
    color(F::Rg16unorm,       FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     4, 4, 2),
    color(F::Rg16snorm,       FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     4, 4, 2),
    color(F::Rg16uint,        kNone,             kUint,         Y,     N,     Core,  N,       Tier1, Tier1, N,     4, 4, 2),
    color(F::Rg16sint,        kNone,             kSint,         Y,     N,     Core,  N,       Tier1, Tier1, N,     4, 4, 2),
    color(F::Rg16float,       kNone,             kFloat,        Y,     Y,     Y,     Y,       Tier1, Tier1, N,     4, 4, 2),
    color(F::Rgba16unorm,     FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     8, 8, 2),
    color(F::Rgba16snorm,     FN::TextureFormatsTier1, kUnfilterable, Y, Y,   Y,     N,       Y,     Y,     N,     8, 8, 2),
    color(F::Rgba16uint,      kNone,             kUint,         Y,     N,     Core,  N,       Y,     Y,     Tier2, 8, 8, 2),
    color(F::Rgba16sint,      kNone,             kSint,         Y,     N,     Core,  N,       Y,     Y,     Tier2, 8, 8, 2),
    color(F::Rgba16float,     kNone,             kFloat,        Y,     Y,     Core,  Core,    Y,     Y,     Tier2, 8, 8, 2),
    // 32 bits per component
    color(F::R32uint,         kNone,             kUint,         Y,     N,     N,     N,       Y,     Y,     Y,     4, 4, 4),
    color(F::R32sint,         kNone,             kSint,         Y,     N,     N,     N,       Y,     Y,     Y,     4, 4, 4),
    color(F::R32float,        kNone,             kF32,          Y, F32Blendable, Core, N,     Y,     Y,     Y,     4, 4, 4),
    color(F::Rg32uint,        kNone,             kUint,         Y,     N,     N,     N,       Core,  Core,  N,     8, 8, 4),
    color(F::Rg32sint,        kNone,             kSint,         Y,     N,     N,     N,       Core,  Core,  N,     8, 8, 4),
    color(F::Rg32float,       kNone,             kF32,          Y, F32Blendable, N,  N,       Core,  Core,  N,     8, 8, 4),
    color(F::Rgba32uint,      kNone,             kUint,         Y,     N,     N,     N,       Y,     Y,     Tier2, 16, 16, 4),
    color(F::Rgba32sint,      kNone,             kSint,         Y,     N,     N,     N,       Y,     Y,     Tier2, 16, 16, 4),
    color(F::Rgba32float,     kNone,             kF32,          Y, F32Blendable, N,  N,       Y,     Y,     Tier2, 16, 16, 4),
    // mixed component width, 32 bits per texel
    color(F::Rgb10a2uint,     kNone,             kUint,         Y,     N,     Core,  N,       Tier1, Tier1, N,     4, 8, 4),
    color(F::Rgb10a2unorm,    kNone,             kFloat,        Y,     Y,     Y,     Y,       Tier1, Tier1, N,     4, 8, 4),
    color(F::Rg11b10ufloat,   kNone,             kFloat,        Rg11b10, Rg11b10, Rg11b10, Rg11b10, Tier1, Tier1, N, 4, 8, 4),

    // #depth-formats
    //            format                  required feature          aspects        copy bytes
    depthStencil(F::Stencil8,             kNone,                    kStencil,      1),
    depthStencil(F::Depth16unorm,         kNone,                    kDepth,        2),
    depthStencil(F::Depth24plus,          kNone,                    kDepth,        0),
    depthStencil(F::Depth24plusStencil8,  kNone,                    kDepthStencil, 0),
    depthStencil(F::Depth32float,         kNone,                    kDepth,        4),
    depthStencil(F::Depth32floatStencil8, FN::Depth32floatStencil8, kDepthStencil, 0),

    // #packed-formats
    //      format                  feature  copy bytes  block w x h  "3d"
    packed(F::Rgb9e5ufloat,         kNone,  4,  1,  1,  Y),
    packed(F::Bc1RgbaUnorm,         bc,     8,  4,  4,  BcSliced3d),
    packed(F::Bc1RgbaUnormSrgb,     bc,     8,  4,  4,  BcSliced3d),
    packed(F::Bc2RgbaUnorm,         bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc2RgbaUnormSrgb,     bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc3RgbaUnorm,         bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc3RgbaUnormSrgb,     bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc4RUnorm,            bc,     8,  4,  4,  BcSliced3d),
    packed(F::Bc4RSnorm,            bc,     8,  4,  4,  BcSliced3d),
    packed(F::Bc5RgUnorm,           bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc5RgSnorm,           bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc6hRgbUfloat,        bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc6hRgbFloat,         bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc7RgbaUnorm,         bc,     16, 4,  4,  BcSliced3d),
    packed(F::Bc7RgbaUnormSrgb,     bc,     16, 4,  4,  BcSliced3d),
    packed(F::Etc2Rgb8unorm,        etc2,   8,  4,  4,  N),
    packed(F::Etc2Rgb8unormSrgb,    etc2,   8,  4,  4,  N),
    packed(F::Etc2Rgb8a1unorm,      etc2,   8,  4,  4,  N),
    packed(F::Etc2Rgb8a1unormSrgb,  etc2,   8,  4,  4,  N),
    packed(F::Etc2Rgba8unorm,       etc2,   16, 4,  4,  N),
    packed(F::Etc2Rgba8unormSrgb,   etc2,   16, 4,  4,  N),
    packed(F::EacR11unorm,          etc2,   8,  4,  4,  N),
    packed(F::EacR11snorm,          etc2,   8,  4,  4,  N),
    packed(F::EacRg11unorm,         etc2,   16, 4,  4,  N),
    packed(F::EacRg11snorm,         etc2,   16, 4,  4,  N),
    packed(F::Astc4x4Unorm,         astc,   16, 4,  4,  AstcSliced3d),
    packed(F::Astc4x4UnormSrgb,     astc,   16, 4,  4,  AstcSliced3d),
    packed(F::Astc5x4Unorm,         astc,   16, 5,  4,  AstcSliced3d),
    packed(F::Astc5x4UnormSrgb,     astc,   16, 5,  4,  AstcSliced3d),
    packed(F::Astc5x5Unorm,         astc,   16, 5,  5,  AstcSliced3d),
    packed(F::Astc5x5UnormSrgb,     astc,   16, 5,  5,  AstcSliced3d),
    packed(F::Astc6x5Unorm,         astc,   16, 6,  5,  AstcSliced3d),
    packed(F::Astc6x5UnormSrgb,     astc,   16, 6,  5,  AstcSliced3d),
    packed(F::Astc6x6Unorm,         astc,   16, 6,  6,  AstcSliced3d),
    packed(F::Astc6x6UnormSrgb,     astc,   16, 6,  6,  AstcSliced3d),
    packed(F::Astc8x5Unorm,         astc,   16, 8,  5,  AstcSliced3d),
    packed(F::Astc8x5UnormSrgb,     astc,   16, 8,  5,  AstcSliced3d),
    packed(F::Astc8x6Unorm,         astc,   16, 8,  6,  AstcSliced3d),
    packed(F::Astc8x6UnormSrgb,     astc,   16, 8,  6,  AstcSliced3d),
    packed(F::Astc8x8Unorm,         astc,   16, 8,  8,  AstcSliced3d),
    packed(F::Astc8x8UnormSrgb,     astc,   16, 8,  8,  AstcSliced3d),
    packed(F::Astc10x5Unorm,        astc,   16, 10, 5,  AstcSliced3d),
    packed(F::Astc10x5UnormSrgb,    astc,   16, 10, 5,  AstcSliced3d),
    packed(F::Astc10x6Unorm,        astc,   16, 10, 6,  AstcSliced3d),
    packed(F::Astc10x6UnormSrgb,    astc,   16, 10, 6,  AstcSliced3d),
    packed(F::Astc10x8Unorm,        astc,   16, 10, 8,  AstcSliced3d),
    packed(F::Astc10x8UnormSrgb,    astc,   16, 10, 8,  AstcSliced3d),
    packed(F::Astc10x10Unorm,       astc,   16, 10, 10, AstcSliced3d),
    packed(F::Astc10x10UnormSrgb,   astc,   16, 10, 10, AstcSliced3d),
    packed(F::Astc12x10Unorm,       astc,   16, 12, 10, AstcSliced3d),
    packed(F::Astc12x10UnormSrgb,   astc,   16, 12, 10, AstcSliced3d),
    packed(F::Astc12x12Unorm,       astc,   16, 12, 12, AstcSliced3d),
    packed(F::Astc12x12UnormSrgb,   astc,   16, 12, 12, AstcSliced3d),
  };
  // The formats that differ only in -srgb (#texture-view-format-compatible).
  const std::pair<F, F> srgbPairs[] = {
    {F::Rgba8unorm, F::Rgba8unormSrgb},       {F::Bgra8unorm, F::Bgra8unormSrgb},
    {F::Bc1RgbaUnorm, F::Bc1RgbaUnormSrgb},   {F::Bc2RgbaUnorm, F::Bc2RgbaUnormSrgb},
    {F::Bc3RgbaUnorm, F::Bc3RgbaUnormSrgb},   {F::Bc7RgbaUnorm, F::Bc7RgbaUnormSrgb},
    {F::Etc2Rgb8unorm, F::Etc2Rgb8unormSrgb}, {F::Etc2Rgb8a1unorm, F::Etc2Rgb8a1unormSrgb},
    {F::Etc2Rgba8unorm, F::Etc2Rgba8unormSrgb},
    {F::Astc4x4Unorm, F::Astc4x4UnormSrgb},   {F::Astc5x4Unorm, F::Astc5x4UnormSrgb},
    {F::Astc5x5Unorm, F::Astc5x5UnormSrgb},   {F::Astc6x5Unorm, F::Astc6x5UnormSrgb},
    {F::Astc6x6Unorm, F::Astc6x6UnormSrgb},   {F::Astc8x5Unorm, F::Astc8x5UnormSrgb},
    {F::Astc8x6Unorm, F::Astc8x6UnormSrgb},   {F::Astc8x8Unorm, F::Astc8x8UnormSrgb},
    {F::Astc10x5Unorm, F::Astc10x5UnormSrgb}, {F::Astc10x6Unorm, F::Astc10x6UnormSrgb},
    {F::Astc10x8Unorm, F::Astc10x8UnormSrgb}, {F::Astc10x10Unorm, F::Astc10x10UnormSrgb},
    {F::Astc12x10Unorm, F::Astc12x10UnormSrgb}, {F::Astc12x12Unorm, F::Astc12x12UnormSrgb},
  };
  // clang-format on

  // Index by enum value; every format must have exactly one row.
  std::vector<FormatInfo> table(kTextureFormatCount);
  std::vector<bool> seen(kTextureFormatCount, false);
  for (const FormatInfo& row : rows) {
    auto index = static_cast<size_t>(row.format);
    if (index >= kTextureFormatCount || seen[index]) std::abort();
    seen[index] = true;
    table[index] = row;
  }
  for (bool s : seen) {
    if (!s) std::abort();  // a GPUTextureFormat without a row
  }
  for (const auto& [linear, srgb] : srgbPairs) {
    table[static_cast<size_t>(linear)].srgbPair = srgb;
    table[static_cast<size_t>(srgb)].srgbPair = linear;
    table[static_cast<size_t>(srgb)].isSrgb = true;
  }
  return table;
}

const std::vector<FormatInfo>& table() {
  static const std::vector<FormatInfo> t = buildTable();
  return t;
}

}  // namespace

bool FormatInfo::isPacked() const {
  return isCompressed || format == TextureFormat::Rgb9e5ufloat;
}

std::string SampleTypeSet::toString() const {
  std::string out;
  for (uint32_t v = 0; v < kTextureSampleTypeCount; ++v) {
    auto t = static_cast<TextureSampleType>(v);
    if (!has(t)) continue;
    if (!out.empty()) out += ", ";
    out += "'";
    out += bindery::toString(t);
    out += "'";
  }
  return out.empty() ? "none" : out;
}

const std::vector<FormatInfo>& allFormats() {
  return table();
}

const FormatInfo& formatInfo(TextureFormat format) {
  return table()[static_cast<size_t>(format)];
}

bool formatSupported(TextureFormat format, const FeatureSet& features) {
  const FormatInfo& info = formatInfo(format);
  return !info.requiredFeature || features.has(*info.requiredFeature);
}

// "resolving GPUTextureAspect" (#depth-formats, Aspect-specific format column).
std::optional<TextureFormat> aspectFormat(TextureFormat format, TextureAspect aspect) {
  const FormatInfo& info = formatInfo(format);
  switch (aspect) {
    case TextureAspect::All: return format;
    case TextureAspect::DepthOnly:
      if (!info.hasDepth()) return std::nullopt;
      switch (format) {
        case F::Depth24plusStencil8: return F::Depth24plus;
        case F::Depth32floatStencil8: return F::Depth32float;
        default: return format;
      }
    case TextureAspect::StencilOnly:
      if (!info.hasStencil()) return std::nullopt;
      return F::Stencil8;
  }
  return std::nullopt;
}

bool aspectPresent(TextureFormat format, TextureAspect aspect) {
  const FormatInfo& info = formatInfo(format);
  switch (aspect) {
    case TextureAspect::All: return true;
    case TextureAspect::DepthOnly: return info.hasDepth();
    case TextureAspect::StencilOnly: return info.hasStencil();
  }
  return false;
}

SampleTypeSet compatibleSampleTypes(TextureFormat format, TextureAspect aspect,
                                    const FeatureSet& features) {
  const FormatInfo& info = formatInfo(format);
  SampleTypeSet set;
  if (info.hasColor()) {
    if (aspect != TextureAspect::All) return set;
    switch (info.sampleType) {
      case ST::Float:
      case ST::UnfilterableFloat:
        set.add(ST::UnfilterableFloat);
        if (info.filterable.supported(features)) set.add(ST::Float);
        break;
      case ST::Uint: set.add(ST::Uint); break;
      case ST::Sint: set.add(ST::Sint); break;
      case ST::Depth: break;
    }
    return set;
  }
  // #depth-formats lists a combined depth-stencil format's sample types per
  // aspect: a view of both aspects (aspect 'all') has no single one, so it
  // matches no texture binding (#bind-group-creation); bind an aspect view.
  if (info.isCombinedDepthStencil() && aspect == TextureAspect::All) return set;
  bool depth = info.hasDepth() && aspect != TextureAspect::StencilOnly;
  bool stencil = info.hasStencil() && aspect != TextureAspect::DepthOnly;
  if (depth) {
    set.add(ST::Depth);
    set.add(ST::UnfilterableFloat);
  }
  if (stencil) set.add(ST::Uint);
  return set;
}

bool isFilterable(TextureFormat format, const FeatureSet& features) {
  const FormatInfo& info = formatInfo(format);
  return info.hasColor() && info.filterable.supported(features);
}

bool isRenderable(TextureFormat format, const FeatureSet& features) {
  const FormatInfo& info = formatInfo(format);
  return info.isDepthOrStencil() || info.renderable.supported(features);
}

bool isBlendable(TextureFormat format, const FeatureSet& features) {
  return formatInfo(format).blendable.supported(features);
}

bool supportsMultisample(TextureFormat format, const FeatureSet& features) {
  return formatInfo(format).multisample.supported(features);
}

bool supportsResolve(TextureFormat format, const FeatureSet& features) {
  return formatInfo(format).resolve.supported(features);
}

namespace {
const FormatCap& storageCap(const FormatInfo& info, StorageTextureAccess access) {
  switch (access) {
    case StorageTextureAccess::WriteOnly: return info.storageWriteOnly;
    case StorageTextureAccess::ReadOnly: return info.storageReadOnly;
    case StorageTextureAccess::ReadWrite: return info.storageReadWrite;
  }
  return info.storageReadWrite;
}
}  // namespace

bool isStorageFormat(TextureFormat format, StorageTextureAccess access,
                     const FeatureSet& features) {
  return storageCap(formatInfo(format), access).supported(features);
}

bool isStorageFormatAnyAccess(TextureFormat format, const FeatureSet& features) {
  return !storageAccesses(format, features).empty();
}

std::vector<StorageTextureAccess> storageAccesses(TextureFormat format,
                                                  const FeatureSet& features) {
  std::vector<StorageTextureAccess> out;
  for (uint32_t v = 0; v < kStorageTextureAccessCount; ++v) {
    auto access = static_cast<StorageTextureAccess>(v);
    if (isStorageFormat(format, access, features)) out.push_back(access);
  }
  return out;
}

std::optional<FeatureName> storageFeatureNeeded(TextureFormat format, StorageTextureAccess access) {
  const FormatCap& cap = storageCap(formatInfo(format), access);
  if (cap.kind == FormatCap::Kind::IfFeature) return cap.feature;
  return std::nullopt;
}

bool viewFormatCompatible(TextureFormat a, TextureFormat b, const FeatureSet& features) {
  if (a == b) return true;
  return formatInfo(a).srgbPair == b && features.has(FeatureName::CoreFeaturesAndLimits);
}

std::optional<uint32_t> aspectCopyFootprint(TextureFormat format, TextureAspect aspect) {
  const FormatInfo& info = formatInfo(format);
  if (info.hasColor()) {
    if (aspect != TextureAspect::All) return std::nullopt;
    return info.texelBlockSize;
  }
  bool wantDepth =
      aspect == TextureAspect::DepthOnly || (aspect == TextureAspect::All && !info.hasStencil());
  bool wantStencil =
      aspect == TextureAspect::StencilOnly || (aspect == TextureAspect::All && !info.hasDepth());
  if (wantStencil && info.hasStencil()) return 1;
  if (wantDepth && info.hasDepth()) {
    switch (format) {
      case F::Depth16unorm: return 2;
      case F::Depth32float:
      case F::Depth32floatStencil8: return 4;
      default: return std::nullopt;  // depth24plus*: no depth copies
    }
  }
  return std::nullopt;
}

}  // namespace bindery::core
