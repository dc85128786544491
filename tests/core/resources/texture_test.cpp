// #texture-creation, #texture-destruction
#include "core/resources/texture.h"
#include "core/base/handles.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

class TextureTest : public DeviceTest {
 protected:
  // Replaces the fixture's device (e.g. with one that has features).
  void useDevice(Device d) {
    device = std::move(d);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  void useAllFeatures() { useDevice(makeDeviceWithAllFeatures()); }
  void useCompatibilityDevice() {
    DeviceOptions options;
    options.featureLevel = FeatureLevel::Compatibility;
    options.adapter.features = FeatureSet::all();
    options.adapter.features.remove(FeatureName::CoreFeaturesAndLimits);
    useDevice(makeDevice(options));
  }

  static TextureDescriptor desc2D(TextureFormat format = TextureFormat::Rgba8unorm,
                                  TextureUsageFlags usage = TextureUsage::TextureBinding) {
    TextureDescriptor d;
    d.size = {16, 16, 1};
    d.format = format;
    d.usage = usage;
    return d;
  }
};

TEST_F(TextureTest, SpecExample16x16Rgba) {
  Texture t;
  expectValid([&] {
    t = device.createTexture({.size = {16, 16},
                              .format = TextureFormat::Rgba8unorm,
                              .usage = TextureUsage::TextureBinding});
  });
  EXPECT_EQ(t.width(), 16u);
  EXPECT_EQ(t.height(), 16u);
  EXPECT_EQ(t.depthOrArrayLayers(), 1u);
  EXPECT_EQ(t.mipLevelCount(), 1u);
  EXPECT_EQ(t.sampleCount(), 1u);
  EXPECT_EQ(t.dimension(), TextureDimension::e2D);
  EXPECT_EQ(t.format(), TextureFormat::Rgba8unorm);
  EXPECT_EQ(t.usage(), TextureUsageFlags(TextureUsage::TextureBinding));
  EXPECT_FALSE(t.textureBindingViewDimension().has_value());  // core device
}

TEST_F(TextureTest, FormatIsRequired) {
  TextureDescriptor d = desc2D();
  d.label = "albedo";
  d.format.reset();
  expectError(ErrorCode::TextureFormatMissing, [&] { device.createTexture(d); },
              {"createTexture([Texture \"albedo\"])", "descriptor.format is required",
               "Fix: Give the texture a format"});
}

TEST_F(TextureTest, InvalidTextureIsInvalidObject) {
  TextureDescriptor d = desc2D();
  d.usage = {};
  Texture t;
  expectError(ErrorCode::TextureUsageEmpty, [&] { t = device.createTexture(d); });
  EXPECT_FALSE(core::fromHandle<core::TextureBase>(t)->isValid());
}

TEST_F(TextureTest, UsageEmptyAndUnknownBits) {
  TextureDescriptor d = desc2D();
  d.usage = {};
  expectError(ErrorCode::TextureUsageEmpty, [&] { device.createTexture(d); },
              {"descriptor.usage is 0", "GPUTextureUsage.TEXTURE_BINDING"});
  d.usage = TextureUsageFlags::fromBits(0x04 | 0x100);
  expectError(ErrorCode::TextureUsageUnknownBits, [&] { device.createTexture(d); },
              {"GPUTextureUsage.TEXTURE_BINDING | 0x100", "valid bits: 0x3F"});
}

TEST_F(TextureTest, SizeMustBeNonZero) {
  TextureDescriptor d = desc2D();
  d.size = {16, 0, 1};
  expectError(ErrorCode::TextureSizeZero, [&] { device.createTexture(d); },
              {"{width: 16, height: 0, depthOrArrayLayers: 1}", "greater than 0"});
  d.size = {0, 1, 1};
  expectError(ErrorCode::TextureSizeZero, [&] { device.createTexture(d); });
  d.size = {4, 4, 0};
  expectError(ErrorCode::TextureSizeZero, [&] { device.createTexture(d); });
}

TEST_F(TextureTest, MipLevelCountZeroAndMaximum) {
  TextureDescriptor d = desc2D();
  d.mipLevelCount = 0;
  expectError(ErrorCode::TextureMipLevelCountInvalid, [&] { device.createTexture(d); },
              {"descriptor.mipLevelCount is 0"});
  // 16x16: log2(16) + 1 = 5 levels.
  d.mipLevelCount = 5;
  expectValid([&] { device.createTexture(d); });
  d.mipLevelCount = 6;
  expectError(ErrorCode::TextureMipLevelCountInvalid, [&] { device.createTexture(d); },
              {"descriptor.mipLevelCount (6) exceeds the maximum", "(5:", "mipLevelCount: 5"});
  // Non-square and non-power-of-two: max(17, 5) -> floor(log2 17) + 1 = 5.
  d.size = {17, 5, 1};
  d.mipLevelCount = 5;
  expectValid([&] { device.createTexture(d); });
  // 3d includes depth: 4x4x32 -> 6 levels.
  d.dimension = TextureDimension::e3D;
  d.size = {4, 4, 32};
  d.mipLevelCount = 6;
  expectValid([&] { device.createTexture(d); });
  d.mipLevelCount = 7;
  expectError(ErrorCode::TextureMipLevelCountInvalid, [&] { device.createTexture(d); });
}

TEST_F(TextureTest, MaxMipLevelCountFunction) {
  EXPECT_EQ(core::maxMipLevelCount(TextureDimension::e1D, {256, 1, 1}), 1u);
  EXPECT_EQ(core::maxMipLevelCount(TextureDimension::e2D, {1, 1, 1}), 1u);
  EXPECT_EQ(core::maxMipLevelCount(TextureDimension::e2D, {1024, 1024, 6}), 11u);
  EXPECT_EQ(core::maxMipLevelCount(TextureDimension::e2D, {1023, 1, 64}), 10u);
  EXPECT_EQ(core::maxMipLevelCount(TextureDimension::e3D, {2, 2, 64}), 7u);
}

TEST_F(TextureTest, SampleCountOneOrFour) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm, TextureUsage::RenderAttachment);
  d.sampleCount = 4;
  expectValid([&] { device.createTexture(d); });
  d.sampleCount = 2;
  expectError(ErrorCode::TextureSampleCountInvalid, [&] { device.createTexture(d); },
              {"descriptor.sampleCount is 2; it must be 1 or 4"});
}

TEST_F(TextureTest, LimitsPerDimension) {
  const Limits& limits = device.limits();
  TextureDescriptor d = desc2D();
  d.size = {limits.maxTextureDimension2D, 1, 1};
  expectValid([&] { device.createTexture(d); });
  d.size = {limits.maxTextureDimension2D + 1, 1, 1};
  expectError(ErrorCode::TextureSizeExceedsLimit, [&] { device.createTexture(d); },
              {"descriptor.size.width", "maxTextureDimension2D"});
  d.size = {1, limits.maxTextureDimension2D + 1, 1};
  expectError(ErrorCode::TextureSizeExceedsLimit, [&] { device.createTexture(d); },
              {"descriptor.size.height"});
  d.size = {1, 1, limits.maxTextureArrayLayers + 1};
  expectError(ErrorCode::TextureSizeExceedsLimit, [&] { device.createTexture(d); },
              {"descriptor.size.depthOrArrayLayers", "maxTextureArrayLayers"});

  d.dimension = TextureDimension::e1D;
  d.size = {limits.maxTextureDimension1D, 1, 1};
  expectValid([&] { device.createTexture(d); });
  d.size = {limits.maxTextureDimension1D + 1, 1, 1};
  expectError(ErrorCode::TextureSizeExceedsLimit, [&] { device.createTexture(d); },
              {"maxTextureDimension1D"});

  d.dimension = TextureDimension::e3D;
  d.size = {4, 4, limits.maxTextureDimension3D};
  expectValid([&] { device.createTexture(d); });
  d.size = {4, 4, limits.maxTextureDimension3D + 1};
  expectError(ErrorCode::TextureSizeExceedsLimit, [&] { device.createTexture(d); },
              {"maxTextureDimension3D"});
}

TEST_F(TextureTest, OneDimensionalRestrictions) {
  TextureDescriptor d = desc2D();
  d.dimension = TextureDimension::e1D;
  d.size = {64, 1, 1};
  expectValid([&] { device.createTexture(d); });
  d.size = {64, 2, 1};
  expectError(ErrorCode::TextureSizeInvalidForDimension, [&] { device.createTexture(d); },
              {"a '1d' texture must have height 1 and depthOrArrayLayers 1"});
  d.size = {64, 1, 3};
  expectError(ErrorCode::TextureSizeInvalidForDimension, [&] { device.createTexture(d); });
  d.size = {64, 1, 1};
  d.format = TextureFormat::Depth16unorm;
  expectError(ErrorCode::TextureFormatUnsupportedForDimension, [&] { device.createTexture(d); },
              {"'depth16unorm' is a depth-or-stencil format", "'1d'"});
  d.format = TextureFormat::Rgba8unorm;
  d.usage = TextureUsage::RenderAttachment;
  expectError(ErrorCode::TextureRenderAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.dimension is '1d'", "'2d' or '3d'"});
  d.usage = TextureUsage::TextureBinding;
  d.mipLevelCount = 2;
  expectError(ErrorCode::TextureMipLevelCountInvalid, [&] { device.createTexture(d); },
              {"'1d' textures have 1 level"});
}

TEST_F(TextureTest, OneDimensionalCompressedFormat) {
  useAllFeatures();
  TextureDescriptor d = desc2D(TextureFormat::Bc1RgbaUnorm);
  d.dimension = TextureDimension::e1D;
  d.size = {4, 1, 1};
  expectError(ErrorCode::TextureFormatUnsupportedForDimension, [&] { device.createTexture(d); },
              {"'bc1-rgba-unorm' is a compressed format"});
}

TEST_F(TextureTest, ThreeDimensionalRestrictions) {
  TextureDescriptor d = desc2D();
  d.dimension = TextureDimension::e3D;
  d.size = {8, 8, 8};
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Depth32float;
  expectError(ErrorCode::TextureFormatUnsupportedForDimension, [&] { device.createTexture(d); },
              {"'depth32float' cannot be used with dimension '3d'"});
  d.format = TextureFormat::Rgb9e5ufloat;  // packed but 3d-capable
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Rgba8unorm;
  d.usage = TextureUsage::RenderAttachment;
  d.sampleCount = 4;
  d.size = {8, 8, 1};
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"a '3d' texture cannot be multisampled"});
}

TEST_F(TextureTest, ThreeDimensionalCompressedNeedsSliced3d) {
  DeviceOptions options;
  options.descriptor.requiredFeatures = {FeatureName::TextureCompressionBc,
                                         FeatureName::TextureCompressionEtc2};
  useDevice(makeDevice(options));
  TextureDescriptor d = desc2D(TextureFormat::Bc7RgbaUnorm);
  d.dimension = TextureDimension::e3D;
  d.size = {8, 8, 4};
  expectError(ErrorCode::TextureFormatUnsupportedForDimension, [&] { device.createTexture(d); },
              {"only with the 'texture-compression-bc-sliced-3d' feature"});
  d.format = TextureFormat::Etc2Rgba8unorm;
  expectError(ErrorCode::TextureFormatUnsupportedForDimension, [&] { device.createTexture(d); },
              {"'etc2-rgba8unorm' cannot be used with dimension '3d'"});

  useAllFeatures();
  d.format = TextureFormat::Bc7RgbaUnorm;
  expectValid([&] { device.createTexture(d); });
}

// #texture-creation content timeline: what JavaScript throws as a TypeError
// (the Node addon calls textureTypeError before createTexture); reports nothing.
TEST_F(TextureTest, ContentTimelineTypeErrors) {
  TextureDescriptor d = desc2D(TextureFormat::Depth32floatStencil8);
  std::optional<Exception> thrown;
  expectValid([&] { thrown = textureTypeError(device, d); });
  ASSERT_TRUE(thrown.has_value());
  EXPECT_EQ(thrown->type, ExceptionType::TypeError);
  EXPECT_EQ(thrown->code, ErrorCode::MissingFeature);
  EXPECT_THAT(thrown->message, ::testing::HasSubstr("createTexture(): descriptor.format is "
                                                    "'depth32float-stencil8', which needs the "
                                                    "'depth32float-stencil8' feature"));
  d = desc2D(TextureFormat::Rgba8unorm);
  d.viewFormats = {TextureFormat::Rgba8unormSrgb, TextureFormat::Bc1RgbaUnorm};
  thrown = textureTypeError(device, d);
  ASSERT_TRUE(thrown.has_value());
  EXPECT_THAT(thrown->message,
              ::testing::HasSubstr("descriptor.viewFormats[1] is 'bc1-rgba-unorm'"));
  // Device-timeline problems are not TypeErrors: usage 0 passes here.
  d = desc2D(TextureFormat::Rgba8unorm);
  d.usage = {};
  EXPECT_FALSE(textureTypeError(device, d).has_value());
  EXPECT_FALSE(textureTypeError(device, TextureDescriptor{}).has_value());
  // The same step for one format of another descriptor.
  std::optional<Exception> target =
      formatFeatureTypeError(device, TextureFormat::Bc1RgbaUnorm,
                             "descriptor.fragment.targets[0].format", "createRenderPipeline");
  ASSERT_TRUE(target.has_value());
  EXPECT_EQ(target->type, ExceptionType::TypeError);
  EXPECT_THAT(target->message,
              ::testing::HasSubstr("createRenderPipeline(): descriptor.fragment.targets[0].format "
                                   "is 'bc1-rgba-unorm', which needs the 'texture-compression-bc' "
                                   "feature"));
  EXPECT_FALSE(formatFeatureTypeError(device, TextureFormat::Rgba8unorm, "descriptor.format", "x"));
  useAllFeatures();
  EXPECT_FALSE(textureTypeError(device, desc2D(TextureFormat::Depth32floatStencil8)).has_value());
  EXPECT_FALSE(formatFeatureTypeError(device, TextureFormat::Bc1RgbaUnorm, "f", "x").has_value());
}

TEST_F(TextureTest, FormatsNeedingFeatures) {
  TextureDescriptor d = desc2D(TextureFormat::Bc1RgbaUnorm);
  d.size = {4, 4, 1};
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"descriptor.format is 'bc1-rgba-unorm', which needs the 'texture-compression-bc' "
               "feature",
               "requiredFeatures: ['texture-compression-bc']"});
  d.format = TextureFormat::Etc2Rgb8unorm;
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"'texture-compression-etc2'"});
  d.format = TextureFormat::Astc4x4Unorm;
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"'texture-compression-astc'"});
  d.format = TextureFormat::Depth32floatStencil8;
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"'depth32float-stencil8'"});
  d.format = TextureFormat::R16unorm;
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"'texture-formats-tier1'"});
  // viewFormats are checked too.
  d = desc2D(TextureFormat::Rgba8unorm);
  d.viewFormats = {TextureFormat::Rgba8unormSrgb, TextureFormat::Bc1RgbaUnorm};
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"descriptor.viewFormats[1] is 'bc1-rgba-unorm'"});

  useAllFeatures();
  d = desc2D(TextureFormat::Bc1RgbaUnorm);
  d.size = {4, 4, 1};
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Depth32floatStencil8;
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::R16unorm;
  expectValid([&] { device.createTexture(d); });
}

TEST_F(TextureTest, CompressedBlockAlignment) {
  useAllFeatures();
  TextureDescriptor d = desc2D(TextureFormat::Bc3RgbaUnorm);
  d.size = {64, 64, 1};
  expectValid([&] { device.createTexture(d); });
  d.size = {62, 64, 1};
  expectError(ErrorCode::TextureSizeNotBlockAligned, [&] { device.createTexture(d); },
              {"'bc3-rgba-unorm' has 4x4 texel blocks", "{width: 64, height: 64}"});
  d.format = TextureFormat::Astc10x6Unorm;
  d.size = {20, 12, 1};
  expectValid([&] { device.createTexture(d); });
  d.size = {20, 10, 1};
  expectError(ErrorCode::TextureSizeNotBlockAligned, [&] { device.createTexture(d); },
              {"10x6 texel blocks", "height a multiple of 6"});
}

TEST_F(TextureTest, MultisampleRules) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm, TextureUsage::RenderAttachment);
  d.sampleCount = 4;
  d.mipLevelCount = 2;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"descriptor.mipLevelCount must be 1, but it is 2"});
  d.mipLevelCount = 1;
  d.size.depthOrArrayLayers = 2;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"descriptor.size.depthOrArrayLayers must be 1, but it is 2"});
  d.size.depthOrArrayLayers = 1;
  d.usage = TextureUsage::RenderAttachment | TextureUsage::StorageBinding;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"GPUTextureUsage.STORAGE_BINDING", "cannot be storage textures"});
  d.usage = TextureUsage::TextureBinding;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"must include GPUTextureUsage.RENDER_ATTACHMENT",
               "Fix: Add GPUTextureUsage.RENDER_ATTACHMENT"});
  // Formats without multisampling: r32uint (never), rgba32float (never).
  d.usage = TextureUsage::RenderAttachment;
  d.format = TextureFormat::R32uint;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"'r32uint' does not support multisampling"});
  // Depth formats all multisample.
  d.format = TextureFormat::Depth24plusStencil8;
  expectValid([&] { device.createTexture(d); });
  // rgba16float multisamples only with core-features-and-limits: fine on core.
  d.format = TextureFormat::Rgba16float;
  expectValid([&] { device.createTexture(d); });
}

TEST_F(TextureTest, MultisampleNeedsCoreFeaturesInCompatibilityMode) {
  useCompatibilityDevice();
  TextureDescriptor d = desc2D(TextureFormat::Rgba16float, TextureUsage::RenderAttachment);
  d.sampleCount = 4;
  expectError(ErrorCode::TextureMultisampleInvalid, [&] { device.createTexture(d); },
              {"'rgba16float' does not support multisampling without the "
               "'core-features-and-limits' feature"});
  d.format = TextureFormat::Rgba8unorm;
  expectValid([&] { device.createTexture(d); });
}

TEST_F(TextureTest, RenderAttachmentNeedsRenderableFormat) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm, TextureUsage::RenderAttachment);
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Depth24plus;
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Rgb9e5ufloat;
  expectError(ErrorCode::TextureRenderAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.format 'rgb9e5ufloat' is not renderable"});
  d.format = TextureFormat::Rg11b10ufloat;
  expectError(ErrorCode::TextureRenderAttachmentInvalid, [&] { device.createTexture(d); },
              {"not renderable without the 'rg11b10ufloat-renderable' feature",
               "Request the 'rg11b10ufloat-renderable' feature"});
  d.format = TextureFormat::R8snorm;
  expectError(ErrorCode::TextureRenderAttachmentInvalid, [&] { device.createTexture(d); },
              {"'texture-formats-tier1'"});
  useAllFeatures();
  d.format = TextureFormat::Rg11b10ufloat;
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::R8snorm;
  expectValid([&] { device.createTexture(d); });
}

TEST_F(TextureTest, StorageBindingNeedsStorageFormat) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm, TextureUsage::StorageBinding);
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::R32float;
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::Rgba8unormSrgb;
  expectError(ErrorCode::TextureStorageFormatInvalid, [&] { device.createTexture(d); },
              {"GPUTextureUsage.STORAGE_BINDING", "'rgba8unorm-srgb' cannot be a storage texture"});
  d.format = TextureFormat::Bgra8unorm;
  expectError(ErrorCode::TextureStorageFormatInvalid, [&] { device.createTexture(d); },
              {"without the 'bgra8unorm-storage' feature"});
  d.format = TextureFormat::R8unorm;
  expectError(ErrorCode::TextureStorageFormatInvalid, [&] { device.createTexture(d); },
              {"without the 'texture-formats-tier1' feature"});
  d.format = TextureFormat::Depth32float;
  expectError(ErrorCode::TextureStorageFormatInvalid, [&] { device.createTexture(d); });

  useAllFeatures();
  d.format = TextureFormat::Bgra8unorm;
  expectValid([&] { device.createTexture(d); });
  d.format = TextureFormat::R8unorm;
  expectValid([&] { device.createTexture(d); });
}

TEST_F(TextureTest, TransientAttachmentRules) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm,
                               TextureUsage::TransientAttachment | TextureUsage::RenderAttachment);
  expectValid([&] { device.createTexture(d); });
  d.usage = TextureUsage::TransientAttachment | TextureUsage::RenderAttachment |
            TextureUsage::TextureBinding;
  expectError(ErrorCode::TextureTransientAttachmentInvalid, [&] { device.createTexture(d); },
              {"must be exactly GPUTextureUsage.RENDER_ATTACHMENT | "
               "GPUTextureUsage.TRANSIENT_ATTACHMENT"});
  d.usage = TextureUsage::TransientAttachment | TextureUsage::RenderAttachment;
  d.viewFormats = {TextureFormat::Rgba8unormSrgb};
  expectError(ErrorCode::TextureTransientAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.viewFormats must be empty"});
  d.viewFormats = {};
  d.mipLevelCount = 2;
  expectError(ErrorCode::TextureTransientAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.mipLevelCount must be 1"});
  d.mipLevelCount = 1;
  d.size.depthOrArrayLayers = 2;
  expectError(ErrorCode::TextureTransientAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.size.depthOrArrayLayers must be 1"});
  d.size.depthOrArrayLayers = 2;
  d.dimension = TextureDimension::e3D;
  expectError(ErrorCode::TextureTransientAttachmentInvalid, [&] { device.createTexture(d); },
              {"descriptor.dimension must be '2d', but it is '3d'"});
}

TEST_F(TextureTest, ViewFormatsCompatibility) {
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm);
  d.viewFormats = {TextureFormat::Rgba8unormSrgb, TextureFormat::Rgba8unorm};
  expectValid([&] { device.createTexture(d); });
  d = desc2D(TextureFormat::Bgra8unormSrgb);
  d.viewFormats = {TextureFormat::Bgra8unorm};
  expectValid([&] { device.createTexture(d); });
  d = desc2D(TextureFormat::Rgba8unorm);
  d.viewFormats = {TextureFormat::Bgra8unorm};
  expectError(ErrorCode::TextureViewFormatIncompatible, [&] { device.createTexture(d); },
              {"descriptor.viewFormats[0] is 'bgra8unorm'", "not texture view format compatible",
               "The only other view format 'rgba8unorm' allows is 'rgba8unorm-srgb'"});
  d = desc2D(TextureFormat::R32float);
  d.viewFormats = {TextureFormat::R32uint};
  expectError(ErrorCode::TextureViewFormatIncompatible, [&] { device.createTexture(d); },
              {"'r32float' allows no other view format"});
}

TEST_F(TextureTest, ViewFormatsSrgbNotInCompatibilityMode) {
  useCompatibilityDevice();
  TextureDescriptor d = desc2D(TextureFormat::Rgba8unorm);
  d.viewFormats = {TextureFormat::Rgba8unormSrgb};
  expectError(ErrorCode::TextureViewFormatIncompatible, [&] { device.createTexture(d); },
              {"differs from descriptor.format 'rgba8unorm' only in -srgb", "compatibility-mode"});
  d.viewFormats = {TextureFormat::Rgba8unorm};
  expectValid([&] { device.createTexture(d); });
  // bgra8unorm-srgb needs core-features-and-limits.
  d = desc2D(TextureFormat::Bgra8unormSrgb);
  expectError(ErrorCode::MissingFeature, [&] { device.createTexture(d); },
              {"'bgra8unorm-srgb', which needs the 'core-features-and-limits' feature"});
}

TEST_F(TextureTest, CompatibilityTextureBindingViewDimension) {
  useCompatibilityDevice();
  TextureDescriptor d = desc2D();
  Texture t;
  expectValid([&] { t = device.createTexture(d); });
  EXPECT_EQ(t.textureBindingViewDimension(), TextureViewDimension::e2D);
  d.size.depthOrArrayLayers = 2;
  expectValid([&] { t = device.createTexture(d); });
  EXPECT_EQ(t.textureBindingViewDimension(), TextureViewDimension::e2DArray);
  EXPECT_THAT(core::fromHandle<core::TextureBase>(t)->textureBindingViewDimensionReason(),
              ::testing::HasSubstr("defaulted to '2d-array' because the texture's "
                                   "size.depthOrArrayLayers is 2"));
  d.size.depthOrArrayLayers = 6;
  d.textureBindingViewDimension = TextureViewDimension::Cube;
  expectValid([&] { t = device.createTexture(d); });
  EXPECT_EQ(t.textureBindingViewDimension(), TextureViewDimension::Cube);
  d.size.depthOrArrayLayers = 4;
  expectError(ErrorCode::TextureBindingViewDimensionInvalid, [&] { device.createTexture(d); },
              {"'cube'", "must be 6, but it is 4"});
  d.textureBindingViewDimension = TextureViewDimension::e2D;
  expectError(ErrorCode::TextureBindingViewDimensionInvalid, [&] { device.createTexture(d); },
              {"must be 1, but it is 4"});
  d.size.depthOrArrayLayers = 12;
  d.textureBindingViewDimension = TextureViewDimension::CubeArray;
  expectError(ErrorCode::TextureBindingViewDimensionInvalid, [&] { device.createTexture(d); },
              {"'cube-array', which compatibility mode does not support"});

  TextureDescriptor d3 = desc2D();
  d3.dimension = TextureDimension::e3D;
  d3.size = {4, 4, 4};
  expectValid([&] { t = device.createTexture(d3); });
  EXPECT_EQ(t.textureBindingViewDimension(), TextureViewDimension::e3D);
}

TEST_F(TextureTest, TextureBindingViewDimensionIgnoredOnCoreDevices) {
  TextureDescriptor d = desc2D();
  d.size.depthOrArrayLayers = 4;
  d.textureBindingViewDimension = TextureViewDimension::Cube;
  Texture t;
  expectValid([&] { t = device.createTexture(d); });
  EXPECT_FALSE(t.textureBindingViewDimension().has_value());
}

TEST_F(TextureTest, DestroyAndValidateUsable) {
  TextureDescriptor d = desc2D();
  d.label = "albedo";
  Texture t = device.createTexture(d);
  auto* base = core::fromHandle<core::TextureBase>(t);
  EXPECT_TRUE(base->validateUsable("the texture").isSuccess());
  t.destroy();
  EXPECT_TRUE(base->isDestroyed());
  core::MaybeError e = base->validateUsable("descriptor.colorAttachments[0].view's texture");
  ASSERT_TRUE(e.isError());
  EXPECT_EQ(e->code, ErrorCode::TextureDestroyed);
  EXPECT_THAT(e->message, ::testing::HasSubstr("[Texture \"albedo\"], which was destroyed"));
  // Destroying twice is fine.
  expectValid([&] { t.destroy(); });
}

TEST_F(TextureTest, LostDeviceMakesInvalidTexturesSilently) {
  device.destroy();
  Texture t = device.createTexture(desc2D());
  EXPECT_FALSE(core::fromHandle<core::TextureBase>(t)->isValid());
  EXPECT_TRUE(uncaptured.empty());
}

TEST_F(TextureTest, LabelRoundTrip) {
  Texture t = device.createTexture(desc2D());
  t.setLabel("shadow map");
  EXPECT_EQ(t.label(), "shadow map");
}

}  // namespace
}  // namespace bindery::testing
