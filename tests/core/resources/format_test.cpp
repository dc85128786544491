// The format table (#texture-format-caps): spot checks against the spec's
// tables, and the helpers that read it.
#include "core/resources/format.h"

#include <gtest/gtest.h>

namespace bindery::core {
namespace {

using F = TextureFormat;
using ST = TextureSampleType;
using SA = StorageTextureAccess;

FeatureSet none() {
  return FeatureSet{};
}
FeatureSet core() {
  return FeatureSet{FeatureName::CoreFeaturesAndLimits};
}
FeatureSet with(std::initializer_list<FeatureName> fs) {
  FeatureSet s = core();
  for (FeatureName f : fs) s.add(f);
  return s;
}

TEST(FormatTable, EveryFormatHasItsRow) {
  ASSERT_EQ(allFormats().size(), kTextureFormatCount);
  for (uint32_t v = 0; v < kTextureFormatCount; ++v) {
    auto f = static_cast<F>(v);
    EXPECT_EQ(formatInfo(f).format, f) << toString(f);
    EXPECT_NE(formatInfo(f).aspects, 0) << toString(f);
  }
}

TEST(FormatTable, PlainColorRows) {
  // r8unorm: float, renderable, blendable, multisample, resolve; storage
  // write-only/read-only with tier1, read-write with tier2.
  const FormatInfo& r8 = formatInfo(F::R8unorm);
  EXPECT_TRUE(r8.isPlainColor());
  EXPECT_EQ(r8.texelBlockSize, 1);
  EXPECT_TRUE(isRenderable(F::R8unorm, core()));
  EXPECT_TRUE(isBlendable(F::R8unorm, core()));
  EXPECT_TRUE(supportsMultisample(F::R8unorm, core()));
  EXPECT_TRUE(supportsResolve(F::R8unorm, core()));
  EXPECT_FALSE(isStorageFormat(F::R8unorm, SA::WriteOnly, core()));
  EXPECT_TRUE(isStorageFormat(F::R8unorm, SA::WriteOnly, with({FeatureName::TextureFormatsTier1})));
  EXPECT_FALSE(
      isStorageFormat(F::R8unorm, SA::ReadWrite, with({FeatureName::TextureFormatsTier1})));
  EXPECT_TRUE(isStorageFormat(F::R8unorm, SA::ReadWrite, with({FeatureName::TextureFormatsTier2})));

  // rgba8unorm: storage write-only and read-only always.
  EXPECT_TRUE(isStorageFormat(F::Rgba8unorm, SA::WriteOnly, core()));
  EXPECT_TRUE(isStorageFormat(F::Rgba8unorm, SA::ReadOnly, core()));
  EXPECT_FALSE(isStorageFormat(F::Rgba8unorm, SA::ReadWrite, core()));
  EXPECT_EQ(formatInfo(F::Rgba8unorm).renderTargetPixelByteCost, 8);
  // rgba8unorm-srgb: no storage at all.
  EXPECT_TRUE(storageAccesses(F::Rgba8unormSrgb, FeatureSet::all()).empty());
  EXPECT_TRUE(formatInfo(F::Rgba8unormSrgb).isSrgb);
  // rgba8uint: not blendable, multisample only with core-features-and-limits.
  EXPECT_FALSE(isBlendable(F::Rgba8uint, FeatureSet::all()));
  EXPECT_TRUE(supportsMultisample(F::Rgba8uint, core()));
  EXPECT_FALSE(supportsMultisample(F::Rgba8uint, none()));
  EXPECT_EQ(formatInfo(F::Rgba8uint).renderTargetPixelByteCost, 4);
  // bgra8unorm: write-only storage with bgra8unorm-storage.
  EXPECT_FALSE(isStorageFormat(F::Bgra8unorm, SA::WriteOnly, core()));
  EXPECT_TRUE(
      isStorageFormat(F::Bgra8unorm, SA::WriteOnly, with({FeatureName::Bgra8unormStorage})));
  EXPECT_FALSE(isStorageFormat(F::Bgra8unorm, SA::ReadOnly, FeatureSet::all()));
  EXPECT_EQ(storageFeatureNeeded(F::Bgra8unorm, SA::WriteOnly), FeatureName::Bgra8unormStorage);
  // bgra8unorm-srgb needs core-features-and-limits.
  EXPECT_EQ(formatInfo(F::Bgra8unormSrgb).requiredFeature, FeatureName::CoreFeaturesAndLimits);
  // r8snorm / rgba8snorm: render only with tier1.
  EXPECT_FALSE(isRenderable(F::R8snorm, core()));
  EXPECT_TRUE(isRenderable(F::R8snorm, with({FeatureName::TextureFormatsTier1})));
  EXPECT_TRUE(isStorageFormat(F::Rgba8snorm, SA::ReadOnly, core()));
  EXPECT_FALSE(isBlendable(F::Rgba8snorm, core()));
  // r16unorm: needs tier1 itself, unfilterable, no resolve.
  EXPECT_EQ(formatInfo(F::R16unorm).requiredFeature, FeatureName::TextureFormatsTier1);
  EXPECT_FALSE(isFilterable(F::R16unorm, FeatureSet::all()));
  EXPECT_FALSE(supportsResolve(F::R16unorm, FeatureSet::all()));
  EXPECT_FALSE(formatSupported(F::R16unorm, core()));
  EXPECT_TRUE(formatSupported(F::R16unorm, with({FeatureName::TextureFormatsTier1})));
  // rgba16float: multisample and resolve only with core-features-and-limits.
  EXPECT_FALSE(supportsResolve(F::Rgba16float, none()));
  EXPECT_TRUE(supportsResolve(F::Rgba16float, core()));
  // r32float: read-write storage always; blendable with float32-blendable;
  // not resolvable.
  EXPECT_TRUE(isStorageFormat(F::R32float, SA::ReadWrite, core()));
  EXPECT_FALSE(isBlendable(F::R32float, core()));
  EXPECT_TRUE(isBlendable(F::R32float, with({FeatureName::Float32Blendable})));
  EXPECT_FALSE(supportsResolve(F::R32float, FeatureSet::all()));
  // rg32float: storage only with core-features-and-limits, no read-write.
  EXPECT_TRUE(isStorageFormat(F::Rg32float, SA::WriteOnly, core()));
  EXPECT_FALSE(isStorageFormat(F::Rg32float, SA::WriteOnly, none()));
  EXPECT_FALSE(isStorageFormat(F::Rg32float, SA::ReadWrite, FeatureSet::all()));
  // rgba32float: 16 bytes, no multisample.
  EXPECT_EQ(formatInfo(F::Rgba32float).texelBlockSize, 16);
  EXPECT_FALSE(supportsMultisample(F::Rgba32float, FeatureSet::all()));
  // r32uint: read-write storage, no multisample.
  EXPECT_TRUE(isStorageFormat(F::R32uint, SA::ReadWrite, core()));
  EXPECT_FALSE(supportsMultisample(F::R32uint, FeatureSet::all()));
  // rg11b10ufloat: renderable with its feature; storage with tier1.
  EXPECT_FALSE(isRenderable(F::Rg11b10ufloat, core()));
  EXPECT_TRUE(isRenderable(F::Rg11b10ufloat, with({FeatureName::Rg11b10ufloatRenderable})));
  EXPECT_TRUE(
      isStorageFormat(F::Rg11b10ufloat, SA::ReadOnly, with({FeatureName::TextureFormatsTier1})));
  // rgb10a2uint: render cost 8, alignment 4.
  EXPECT_EQ(formatInfo(F::Rgb10a2uint).renderTargetPixelByteCost, 8);
  EXPECT_EQ(formatInfo(F::Rgb10a2uint).renderTargetComponentAlignment, 4);
}

TEST(FormatTable, DepthStencilRows) {
  const FormatInfo& ds = formatInfo(F::Depth24plusStencil8);
  EXPECT_TRUE(ds.isCombinedDepthStencil());
  EXPECT_EQ(ds.texelBlockSize, 0);
  EXPECT_TRUE(isRenderable(F::Depth24plusStencil8, none()));
  EXPECT_TRUE(supportsMultisample(F::Depth24plusStencil8, none()));
  EXPECT_FALSE(isBlendable(F::Depth24plusStencil8, FeatureSet::all()));
  EXPECT_FALSE(ds.dimension3D.possible());
  EXPECT_FALSE(isStorageFormatAnyAccess(F::Depth32float, FeatureSet::all()));
  EXPECT_EQ(formatInfo(F::Depth32floatStencil8).requiredFeature, FeatureName::Depth32floatStencil8);
  EXPECT_TRUE(formatInfo(F::Stencil8).hasStencil());
  EXPECT_FALSE(formatInfo(F::Stencil8).hasDepth());
  // Copy footprints per aspect.
  EXPECT_EQ(aspectCopyFootprint(F::Depth16unorm, TextureAspect::All), 2u);
  EXPECT_EQ(aspectCopyFootprint(F::Depth24plus, TextureAspect::DepthOnly), std::nullopt);
  EXPECT_EQ(aspectCopyFootprint(F::Depth24plusStencil8, TextureAspect::StencilOnly), 1u);
  EXPECT_EQ(aspectCopyFootprint(F::Depth32floatStencil8, TextureAspect::DepthOnly), 4u);
  EXPECT_EQ(aspectCopyFootprint(F::Stencil8, TextureAspect::All), 1u);
  EXPECT_EQ(aspectCopyFootprint(F::Rgba16float, TextureAspect::All), 8u);
}

TEST(FormatTable, PackedRows) {
  const FormatInfo& bc1 = formatInfo(F::Bc1RgbaUnorm);
  EXPECT_TRUE(bc1.isCompressed);
  EXPECT_EQ(bc1.texelBlockSize, 8);
  EXPECT_EQ(bc1.blockWidth, 4);
  EXPECT_EQ(bc1.requiredFeature, FeatureName::TextureCompressionBc);
  EXPECT_FALSE(isRenderable(F::Bc1RgbaUnorm, FeatureSet::all()));
  EXPECT_TRUE(isFilterable(F::Bc1RgbaUnorm, none()));
  EXPECT_FALSE(bc1.dimension3D.supported(core()));
  EXPECT_TRUE(bc1.dimension3D.supported(with({FeatureName::TextureCompressionBcSliced3d})));
  EXPECT_EQ(formatInfo(F::Bc7RgbaUnorm).texelBlockSize, 16);
  EXPECT_EQ(formatInfo(F::Bc4RSnorm).texelBlockSize, 8);
  EXPECT_FALSE(formatInfo(F::Etc2Rgba8unorm).dimension3D.possible());
  EXPECT_EQ(formatInfo(F::EacRg11snorm).texelBlockSize, 16);
  EXPECT_EQ(formatInfo(F::Astc12x10UnormSrgb).blockWidth, 12);
  EXPECT_EQ(formatInfo(F::Astc12x10UnormSrgb).blockHeight, 10);
  EXPECT_TRUE(formatInfo(F::Astc12x10UnormSrgb).isSrgb);
  EXPECT_EQ(formatInfo(F::Astc12x10UnormSrgb).srgbPair, F::Astc12x10Unorm);
  const FormatInfo& e5 = formatInfo(F::Rgb9e5ufloat);
  EXPECT_FALSE(e5.isCompressed);
  EXPECT_TRUE(e5.isPacked());
  EXPECT_FALSE(e5.isPlainColor());
  EXPECT_TRUE(e5.dimension3D.supported(none()));
  EXPECT_FALSE(isRenderable(F::Rgb9e5ufloat, FeatureSet::all()));
}

TEST(FormatHelpers, AspectFormat) {
  EXPECT_EQ(aspectFormat(F::Depth24plusStencil8, TextureAspect::DepthOnly), F::Depth24plus);
  EXPECT_EQ(aspectFormat(F::Depth24plusStencil8, TextureAspect::StencilOnly), F::Stencil8);
  EXPECT_EQ(aspectFormat(F::Depth32floatStencil8, TextureAspect::DepthOnly), F::Depth32float);
  EXPECT_EQ(aspectFormat(F::Depth16unorm, TextureAspect::DepthOnly), F::Depth16unorm);
  EXPECT_EQ(aspectFormat(F::Depth16unorm, TextureAspect::StencilOnly), std::nullopt);
  EXPECT_EQ(aspectFormat(F::Stencil8, TextureAspect::StencilOnly), F::Stencil8);
  EXPECT_EQ(aspectFormat(F::Rgba8unorm, TextureAspect::DepthOnly), std::nullopt);
  EXPECT_EQ(aspectFormat(F::Rgba8unorm, TextureAspect::All), F::Rgba8unorm);
  EXPECT_TRUE(aspectPresent(F::Rgba8unorm, TextureAspect::All));
  EXPECT_FALSE(aspectPresent(F::Depth24plus, TextureAspect::StencilOnly));
}

TEST(FormatHelpers, CompatibleSampleTypes) {
  EXPECT_EQ(compatibleSampleTypes(F::Rgba8unorm, TextureAspect::All, none()),
            (SampleTypeSet{ST::Float, ST::UnfilterableFloat}));
  // float32: 'unfilterable-float' always, 'float' with float32-filterable.
  EXPECT_EQ(compatibleSampleTypes(F::R32float, TextureAspect::All, core()),
            (SampleTypeSet{ST::UnfilterableFloat}));
  EXPECT_EQ(compatibleSampleTypes(F::Rgba32float, TextureAspect::All,
                                  with({FeatureName::Float32Filterable})),
            (SampleTypeSet{ST::Float, ST::UnfilterableFloat}));
  EXPECT_EQ(compatibleSampleTypes(F::R16unorm, TextureAspect::All, FeatureSet::all()),
            (SampleTypeSet{ST::UnfilterableFloat}));
  EXPECT_EQ(compatibleSampleTypes(F::Rg8uint, TextureAspect::All, none()),
            (SampleTypeSet{ST::Uint}));
  EXPECT_EQ(compatibleSampleTypes(F::R32sint, TextureAspect::All, none()),
            (SampleTypeSet{ST::Sint}));
  // depth: 'depth' and 'unfilterable-float'; stencil: 'uint'.
  EXPECT_EQ(compatibleSampleTypes(F::Depth32float, TextureAspect::All, none()),
            (SampleTypeSet{ST::Depth, ST::UnfilterableFloat}));
  EXPECT_EQ(compatibleSampleTypes(F::Depth24plusStencil8, TextureAspect::DepthOnly, none()),
            (SampleTypeSet{ST::Depth, ST::UnfilterableFloat}));
  EXPECT_EQ(compatibleSampleTypes(F::Depth24plusStencil8, TextureAspect::StencilOnly, none()),
            (SampleTypeSet{ST::Uint}));
  // Both aspects of a combined format: no sample type (bind an aspect view).
  EXPECT_EQ(compatibleSampleTypes(F::Depth24plusStencil8, TextureAspect::All, none()),
            SampleTypeSet{});
  EXPECT_EQ(compatibleSampleTypes(F::Depth32floatStencil8, TextureAspect::All, FeatureSet::all()),
            SampleTypeSet{});
  EXPECT_EQ(compatibleSampleTypes(F::Stencil8, TextureAspect::All, none()),
            (SampleTypeSet{ST::Uint}));
  // View-format spelling of an aspect view: 'depth24plus' / 'stencil8' with 'all'.
  EXPECT_EQ(compatibleSampleTypes(F::Depth24plus, TextureAspect::All, none()),
            (SampleTypeSet{ST::Depth, ST::UnfilterableFloat}));
  EXPECT_EQ((SampleTypeSet{ST::Float, ST::UnfilterableFloat}).toString(),
            "'float', 'unfilterable-float'");
  EXPECT_EQ(SampleTypeSet{}.toString(), "none");
}

TEST(FormatHelpers, ViewFormatCompatible) {
  EXPECT_TRUE(viewFormatCompatible(F::Rgba8unorm, F::Rgba8unorm, none()));
  EXPECT_TRUE(viewFormatCompatible(F::Rgba8unorm, F::Rgba8unormSrgb, core()));
  EXPECT_TRUE(viewFormatCompatible(F::Bgra8unormSrgb, F::Bgra8unorm, core()));
  EXPECT_TRUE(viewFormatCompatible(F::Bc7RgbaUnorm, F::Bc7RgbaUnormSrgb, core()));
  // Compatibility mode: srgb differences are not compatible.
  EXPECT_FALSE(viewFormatCompatible(F::Rgba8unorm, F::Rgba8unormSrgb, none()));
  EXPECT_FALSE(viewFormatCompatible(F::Rgba8unorm, F::Bgra8unorm, core()));
  EXPECT_FALSE(viewFormatCompatible(F::R32float, F::R32uint, core()));
  EXPECT_FALSE(viewFormatCompatible(F::Bc4RUnorm, F::Bc4RSnorm, core()));
}

TEST(FormatHelpers, SrgbPairsAreSymmetric) {
  for (const FormatInfo& info : allFormats()) {
    if (!info.srgbPair) continue;
    EXPECT_EQ(formatInfo(*info.srgbPair).srgbPair, info.format) << toString(info.format);
    EXPECT_NE(info.isSrgb, formatInfo(*info.srgbPair).isSrgb);
    std::string_view name = toString(info.isSrgb ? info.format : *info.srgbPair);
    EXPECT_TRUE(name.ends_with("-srgb")) << name;
  }
}

TEST(FormatHelpers, EveryCapabilityFollowsTheSpecInvariants) {
  for (const FormatInfo& info : allFormats()) {
    SCOPED_TRACE(toString(info.format));
    if (info.isDepthOrStencil()) {
      EXPECT_TRUE(isRenderable(info.format, none()));
      EXPECT_FALSE(info.dimension3D.possible());
    }
    if (info.isPacked()) {
      EXPECT_FALSE(info.renderable.possible());
      EXPECT_FALSE(info.multisample.possible());
      EXPECT_TRUE(isFilterable(info.format, none()));
    }
    if (info.isPlainColor()) {
      EXPECT_TRUE(info.dimension3D.supported(none()));
    }
    // Blendable and resolve imply renderable.
    if (info.blendable.possible() || info.resolve.possible()) {
      EXPECT_TRUE(info.renderable.possible());
    }
    // A -srgb format has no storage.
    if (info.isSrgb) {
      EXPECT_FALSE(isStorageFormatAnyAccess(info.format, FeatureSet::all()));
    }
  }
}

}  // namespace
}  // namespace bindery::core
