// The texture format table (#texture-format-caps, #plain-color-formats,
// #depth-formats, #packed-formats) and the rules that read it: aspects
// (#aspect-specific-format), sample types, view-format compatibility
// (#texture-view-format-compatible), storage access support.
//
// Capabilities that depend on a feature (e.g. r32float is blendable "if
// float32-blendable is enabled") are a FormatCap: never, always, or when a
// feature is on. Ask them through the helpers with the device's FeatureSet.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "bindery/device.h"
#include "bindery/enums.h"
#include "bindery/flags.h"

namespace bindery::core {

// A capability of a format: never, always, or only with a feature enabled.
struct FormatCap {
  enum class Kind : uint8_t { No, Yes, IfFeature };
  Kind kind = Kind::No;
  FeatureName feature = FeatureName::CoreFeaturesAndLimits;  // for IfFeature

  static constexpr FormatCap no() { return {}; }
  static constexpr FormatCap yes() { return {Kind::Yes, FeatureName::CoreFeaturesAndLimits}; }
  static constexpr FormatCap ifFeature(FeatureName f) { return {Kind::IfFeature, f}; }

  bool supported(const FeatureSet& features) const {
    return kind == Kind::Yes || (kind == Kind::IfFeature && features.has(feature));
  }
  // True when some feature set supports it (Yes or IfFeature).
  bool possible() const { return kind != Kind::No; }
};

// Bits of the spec's aspects (#aspect): a format has one or more.
enum class Aspect : uint8_t { None = 0, Color = 1, Depth = 2, Stencil = 4 };
constexpr uint8_t operator|(Aspect a, Aspect b) {
  return static_cast<uint8_t>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b));
}

// A set of GPUTextureSampleType, one bit per value (bit = 1 << value).
class SampleTypeSet {
 public:
  constexpr SampleTypeSet() = default;
  constexpr SampleTypeSet(std::initializer_list<TextureSampleType> types) {
    for (TextureSampleType t : types) add(t);
  }
  constexpr void add(TextureSampleType t) { bits_ |= bit(t); }
  constexpr bool has(TextureSampleType t) const { return (bits_ & bit(t)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr uint8_t bits() const { return bits_; }
  constexpr bool operator==(const SampleTypeSet&) const = default;
  // "'float', 'unfilterable-float'" (each quoted, in enum order), or "none".
  std::string toString() const;

 private:
  static constexpr uint8_t bit(TextureSampleType t) {
    return static_cast<uint8_t>(1u << static_cast<unsigned>(t));
  }
  uint8_t bits_ = 0;
};

struct FormatInfo {
  TextureFormat format;
  // The feature the format itself needs (#texture-format-caps "Required
  // Feature"); std::nullopt when none.
  std::optional<FeatureName> requiredFeature;

  // --- shape -----------------------------------------------------------------
  // Texel block copy footprint in bytes (#texel-block-copy-footprint) of the
  // whole format; 0 when there is none (depth24plus, depth24plus-stencil8,
  // depth32float-stencil8: copy per aspect; see aspectCopyFootprint()).
  uint8_t texelBlockSize = 0;
  uint8_t blockWidth = 1;
  uint8_t blockHeight = 1;
  uint8_t aspects = 0;  // Aspect bits
  bool isCompressed = false;
  bool isSrgb = false;
  // The format with/without -srgb ("rgba8unorm" <-> "rgba8unorm-srgb"), if any.
  std::optional<TextureFormat> srgbPair;

  // --- sampling --------------------------------------------------------------
  // For color formats: the sample type. Float formats are "float" (also
  // usable as 'unfilterable-float'); r32float/rg32float/rgba32float are
  // 'unfilterable-float', and 'float' with float32-filterable (see
  // `filterable`). Meaningless for depth/stencil: use compatibleSampleTypes().
  TextureSampleType sampleType = TextureSampleType::Float;
  FormatCap filterable;  // supports 'float' (not just 'unfilterable-float')

  // --- usages (#plain-color-formats columns) ----------------------------------
  FormatCap renderable;  // RENDER_ATTACHMENT (depth/stencil: always)
  FormatCap blendable;
  FormatCap multisample;
  FormatCap resolve;
  FormatCap storageWriteOnly;
  FormatCap storageReadOnly;
  FormatCap storageReadWrite;
  FormatCap dimension3D;  // may be a "3d" texture
  // Render target pixel byte cost / component alignment (maxColorAttachmentBytesPerSample).
  uint8_t renderTargetPixelByteCost = 0;
  uint8_t renderTargetComponentAlignment = 0;

  bool hasColor() const { return (aspects & static_cast<uint8_t>(Aspect::Color)) != 0; }
  bool hasDepth() const { return (aspects & static_cast<uint8_t>(Aspect::Depth)) != 0; }
  bool hasStencil() const { return (aspects & static_cast<uint8_t>(Aspect::Stencil)) != 0; }
  bool isDepthOrStencil() const { return hasDepth() || hasStencil(); }
  bool isCombinedDepthStencil() const { return hasDepth() && hasStencil(); }
  // Listed in #plain-color-formats.
  bool isPlainColor() const { return hasColor() && !isCompressed && !isPacked(); }
  // rgb9e5ufloat and the compressed formats (#packed-formats).
  bool isPacked() const;
};

// The table row of `format`.
const FormatInfo& formatInfo(TextureFormat format);

// Whether the device may use `format` at all (its requiredFeature is enabled).
bool formatSupported(TextureFormat format, const FeatureSet& features);

// #aspect-specific-format / "resolving GPUTextureAspect": 'all' gives the
// format; 'depth-only'/'stencil-only' of a depth-or-stencil format give its
// aspect-specific format, or nullopt when the aspect is absent or the format
// is a color format.
std::optional<TextureFormat> aspectFormat(TextureFormat format, TextureAspect aspect);
// Whether `aspect` is present in `format` ('all' always is).
bool aspectPresent(TextureFormat format, TextureAspect aspect);

// The GPUTextureSampleTypes a view of `format` (a view's format) and `aspect`
// may be bound as (#texture-format-caps, #reading-depth-stencil):
//  - float-filterable color: 'float', 'unfilterable-float'
//  - r32float/rg32float/rgba32float: 'unfilterable-float', plus 'float' with float32-filterable
//  - uint / sint color: 'uint' / 'sint'
//  - depth aspect: 'depth', 'unfilterable-float'
//  - stencil aspect: 'uint'
// For a combined depth-stencil format with aspect 'all', the union of both
// (such a view cannot be bound anyway; a binding check should refuse it first).
SampleTypeSet compatibleSampleTypes(TextureFormat format, TextureAspect aspect,
                                    const FeatureSet& features);

// Whether `format` is filterable (supports 'float') on this device.
bool isFilterable(TextureFormat format, const FeatureSet& features);
// Renderable: color renderable (with its feature) or any depth-or-stencil format.
bool isRenderable(TextureFormat format, const FeatureSet& features);
bool isBlendable(TextureFormat format, const FeatureSet& features);
bool supportsMultisample(TextureFormat format, const FeatureSet& features);
bool supportsResolve(TextureFormat format, const FeatureSet& features);

// STORAGE_BINDING with `access` (#plain-color-formats STORAGE_BINDING columns).
bool isStorageFormat(TextureFormat format, StorageTextureAccess access, const FeatureSet& features);
// STORAGE_BINDING with at least one access mode on this device.
bool isStorageFormatAnyAccess(TextureFormat format, const FeatureSet& features);
// The access modes `format` supports as a storage texture on this device.
std::vector<StorageTextureAccess> storageAccesses(TextureFormat format, const FeatureSet& features);
// When `format` would support `access` with a feature the device lacks, that
// feature (e.g. r32float 'read-write' needs nothing; r8unorm 'write-only'
// needs texture-formats-tier1); nullopt otherwise.
std::optional<FeatureName> storageFeatureNeeded(TextureFormat format, StorageTextureAccess access);

// #texture-view-format-compatible: equal, or differing only in -srgb with
// core-features-and-limits enabled (not in compatibility mode).
bool viewFormatCompatible(TextureFormat a, TextureFormat b, const FeatureSet& features);

// The texel block copy footprint of one aspect (#depth-formats); nullopt when
// that aspect cannot be copied (depth of depth24plus*).
std::optional<uint32_t> aspectCopyFootprint(TextureFormat format, TextureAspect aspect);

// All formats in enum order (for tests and tables).
const std::vector<FormatInfo>& allFormats();

}  // namespace bindery::core
