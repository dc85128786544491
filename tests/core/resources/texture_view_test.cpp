// #texture-view-creation: every default of "resolving GPUTextureViewDescriptor
// defaults", every rule, and the examples of seed article 002.
#include "core/resources/texture_view.h"
#include "core/base/handles.h"
#include "core/resources/texture.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

class TextureViewTest : public DeviceTest {
 protected:
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

  Texture make(Extent3D size, TextureFormat format = TextureFormat::Rgba8unorm,
               TextureUsageFlags usage = TextureUsage::TextureBinding, uint32_t mips = 1,
               TextureDimension dimension = TextureDimension::e2D, std::string label = "") {
    Texture t;
    expectValid([&] {
      t = device.createTexture({.label = std::move(label),
                                .size = size,
                                .mipLevelCount = mips,
                                .dimension = dimension,
                                .format = format,
                                .usage = usage});
    });
    return t;
  }

  static core::TextureViewBase* base(const TextureView& v) {
    return core::fromHandle<core::TextureViewBase>(v);
  }

  // Creates a view expecting no error and returns its core object.
  core::TextureViewBase* validView(const Texture& t, const TextureViewDescriptor& d,
                                   TextureView* keep) {
    expectValid([&] { *keep = t.createView(d); });
    EXPECT_TRUE(base(*keep)->isValid());
    return base(*keep);
  }
};

// --- defaults ---------------------------------------------------------------------

TEST_F(TextureViewTest, DefaultsOfASimple2DTexture) {
  Texture t = make({64, 64, 1}, TextureFormat::Rgba8unorm,
                   TextureUsage::TextureBinding | TextureUsage::CopyDst, 7);
  TextureView keep;
  auto* v = validView(t, {}, &keep);
  EXPECT_EQ(v->format(), TextureFormat::Rgba8unorm);
  EXPECT_EQ(v->dimension(), TextureViewDimension::e2D);
  EXPECT_EQ(v->aspect(), TextureAspect::All);
  EXPECT_EQ(v->baseMipLevel(), 0u);
  EXPECT_EQ(v->mipLevelCount(), 7u);
  EXPECT_EQ(v->baseArrayLayer(), 0u);
  EXPECT_EQ(v->arrayLayerCount(), 1u);
  EXPECT_EQ(v->usage(), TextureUsage::TextureBinding | TextureUsage::CopyDst);
  EXPECT_TRUE(v->swizzle().isIdentity());
  EXPECT_EQ(v->texture(), core::fromHandle<core::TextureBase>(t));
  const core::TextureViewDefaults& why = v->defaults();
  EXPECT_THAT(why.format(), HasSubstr("defaulted to the texture's format 'rgba8unorm'"));
  EXPECT_THAT(why.dimension(), HasSubstr("defaulted to '2d' because the texture's dimension is "
                                         "'2d' and its size.depthOrArrayLayers is 1"));
  EXPECT_THAT(why.mipLevelCount(), HasSubstr("defaulted to 7"));
  EXPECT_THAT(why.arrayLayerCount(), HasSubstr("defaulted to 1 because descriptor.dimension is "
                                               "'2d'"));
  EXPECT_THAT(why.usage(), HasSubstr("GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING"));
}

TEST_F(TextureViewTest, ExplicitFieldsRecordNoDefault) {
  Texture t = make({64, 64, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 3);
  TextureView keep;
  auto* v = validView(t,
                      {.format = TextureFormat::Rgba8unorm,
                       .dimension = TextureViewDimension::e2D,
                       .usage = TextureUsage::TextureBinding,
                       .mipLevelCount = 1,
                       .arrayLayerCount = 1},
                      &keep);
  EXPECT_FALSE(v->defaults().any());
  EXPECT_EQ(v->defaults().describe(), "");
}

TEST_F(TextureViewTest, DimensionDefaultsFromTheTexture) {
  TextureView keep;
  // 1d -> '1d'
  Texture t1 = make({64, 1, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                    TextureDimension::e1D);
  EXPECT_EQ(validView(t1, {}, &keep)->dimension(), TextureViewDimension::e1D);
  // 3d -> '3d'
  Texture t3 = make({8, 8, 8}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                    TextureDimension::e3D);
  auto* v3 = validView(t3, {}, &keep);
  EXPECT_EQ(v3->dimension(), TextureViewDimension::e3D);
  EXPECT_EQ(v3->arrayLayerCount(), 1u);
  // 2d with 2 layers -> '2d-array' with 2 layers (the surprise the seed warns about).
  Texture t2 = make({8, 8, 2});
  auto* v2 = validView(t2, {}, &keep);
  EXPECT_EQ(v2->dimension(), TextureViewDimension::e2DArray);
  EXPECT_EQ(v2->arrayLayerCount(), 2u);
  EXPECT_THAT(v2->defaults().dimension(),
              HasSubstr("defaulted to '2d-array' because the texture's dimension is '2d' and its "
                        "size.depthOrArrayLayers is 2"));
  EXPECT_THAT(v2->defaults().arrayLayerCount(),
              HasSubstr("defaulted to 2 (the texture's size.depthOrArrayLayers 2 minus "
                        "descriptor.baseArrayLayer 0) because descriptor.dimension is "
                        "'2d-array'"));
  // Even with arrayLayerCount: 1 the dimension is '2d-array' (spec note).
  auto* v2one = validView(t2, {.arrayLayerCount = 1}, &keep);
  EXPECT_EQ(v2one->dimension(), TextureViewDimension::e2DArray);
}

TEST_F(TextureViewTest, ArrayLayerCountDefaultsPerDimension) {
  Texture t = make({16, 16, 12});
  TextureView keep;
  EXPECT_EQ(validView(t, {.dimension = TextureViewDimension::e2D}, &keep)->arrayLayerCount(), 1u);
  EXPECT_EQ(validView(t, {.dimension = TextureViewDimension::Cube}, &keep)->arrayLayerCount(), 6u);
  EXPECT_EQ(validView(t, {.dimension = TextureViewDimension::Cube, .baseArrayLayer = 6}, &keep)
                ->arrayLayerCount(),
            6u);
  EXPECT_EQ(validView(t, {.dimension = TextureViewDimension::e2DArray, .baseArrayLayer = 4}, &keep)
                ->arrayLayerCount(),
            8u);
  EXPECT_EQ(validView(t, {.dimension = TextureViewDimension::CubeArray}, &keep)->arrayLayerCount(),
            12u);
}

TEST_F(TextureViewTest, MipLevelCountDefaultsToTheRest) {
  Texture t = make({64, 64, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 7);
  TextureView keep;
  auto* v = validView(t, {.baseMipLevel = 2}, &keep);
  EXPECT_EQ(v->mipLevelCount(), 5u);
  EXPECT_THAT(v->defaults().mipLevelCount(),
              HasSubstr("defaulted to 5 (the texture's mipLevelCount 7 minus "
                        "descriptor.baseMipLevel 2)"));
}

TEST_F(TextureViewTest, FormatDefaultsToAspectSpecificFormat) {
  Texture t = make({16, 16, 1}, TextureFormat::Depth24plusStencil8);
  TextureView keep;
  auto* depth = validView(t, {.aspect = TextureAspect::DepthOnly}, &keep);
  EXPECT_EQ(depth->format(), TextureFormat::Depth24plus);
  EXPECT_THAT(depth->defaults().format(),
              HasSubstr("defaulted to 'depth24plus', the 'depth-only' format of the texture's "
                        "'depth24plus-stencil8'"));
  TextureView keep2;
  auto* stencil = validView(t, {.aspect = TextureAspect::StencilOnly}, &keep2);
  EXPECT_EQ(stencil->format(), TextureFormat::Stencil8);
  TextureView keep3;
  EXPECT_EQ(validView(t, {}, &keep3)->format(), TextureFormat::Depth24plusStencil8);
}

TEST_F(TextureViewTest, DepthOnlyOfADepthFormatKeepsTheFormat) {
  Texture t = make({16, 16, 1}, TextureFormat::Depth32float);
  TextureView keep;
  EXPECT_EQ(validView(t, {.aspect = TextureAspect::DepthOnly}, &keep)->format(),
            TextureFormat::Depth32float);
}

// --- seed 002 ---------------------------------------------------------------------

TEST_F(TextureViewTest, Seed002MipLevelViewForARenderPass) {
  Texture t = make({256, 256, 1}, TextureFormat::Rgba8unorm,
                   TextureUsage::RenderAttachment | TextureUsage::TextureBinding, 9);
  for (uint32_t level = 0; level < 9; ++level) {
    TextureView keep;
    auto* v = validView(
        t, {.dimension = TextureViewDimension::e2D, .baseMipLevel = level, .mipLevelCount = 1},
        &keep);
    EXPECT_EQ(v->renderExtent().width, std::max(1u, 256u >> level));
    EXPECT_EQ(v->mipLevelCount(), 1u);
  }
}

TEST_F(TextureViewTest, Seed002SixCubeFaces) {
  Texture t = make({128, 128, 6}, TextureFormat::Rgba8unorm,
                   TextureUsage::RenderAttachment | TextureUsage::TextureBinding);
  std::vector<TextureView> faces;
  for (uint32_t i = 0; i < 6; ++i) {
    TextureView v;
    expectValid([&] {
      v = t.createView({.dimension = TextureViewDimension::e2D,
                        .mipLevelCount = 1,
                        .baseArrayLayer = i,
                        .arrayLayerCount = 1});
    });
    EXPECT_EQ(base(v)->baseArrayLayer(), i);
    faces.push_back(v);
  }
  // Distinct faces do not alias; a cube view aliases each.
  EXPECT_FALSE(base(faces[0])->aliases(*base(faces[1])));
  TextureView cube;
  expectValid([&] { cube = t.createView({.dimension = TextureViewDimension::Cube}); });
  for (const TextureView& f : faces) {
    EXPECT_TRUE(base(cube)->aliases(*base(f)));
  }
  // A seventh face is out of range.
  expectError(
      ErrorCode::TextureViewArrayLayerRangeInvalid,
      [&] {
        t.createView(
            {.dimension = TextureViewDimension::e2D, .baseArrayLayer = 6, .arrayLayerCount = 1});
      },
      {"descriptor.baseArrayLayer (6) must be less than the texture's array layer count (6"});
}

TEST_F(TextureViewTest, Seed002DepthAndStencilAspects) {
  Texture t = make({64, 64, 1}, TextureFormat::Depth24plusStencil8,
                   TextureUsage::RenderAttachment | TextureUsage::TextureBinding);
  TextureView all, depth, stencil;
  expectValid([&] {
    all = t.createView();
    depth = t.createView({.aspect = TextureAspect::DepthOnly});
    stencil = t.createView({.aspect = TextureAspect::StencilOnly});
  });
  EXPECT_EQ(base(all)->aspect(), TextureAspect::All);
  EXPECT_EQ(base(depth)->format(), TextureFormat::Depth24plus);
  EXPECT_EQ(base(stencil)->format(), TextureFormat::Stencil8);
  EXPECT_FALSE(base(depth)->aliases(*base(stencil)));
  EXPECT_TRUE(base(all)->aliases(*base(depth)));
  // An explicit format must be the aspect-specific one.
  expectError(ErrorCode::TextureViewAspectFormatMismatch,
              [&] {
                t.createView({.format = TextureFormat::Depth24plusStencil8,
                              .aspect = TextureAspect::DepthOnly});
              },
              {"descriptor.format is 'depth24plus-stencil8'",
               "must have the aspect-specific format "
               "'depth24plus'",
               "Leave descriptor.format out"});
}

TEST_F(TextureViewTest, Seed002SrgbReinterpretationWithViewFormats) {
  Texture t;
  expectValid([&] {
    t = device.createTexture(
        {.size = {1024, 1024},
         .format = TextureFormat::Rgba8unorm,
         .usage = TextureUsage::RenderAttachment | TextureUsage::TextureBinding,
         .viewFormats = {TextureFormat::Rgba8unormSrgb}});
  });
  TextureView write, read;
  expectValid([&] {
    write = t.createView();
    read = t.createView({.format = TextureFormat::Rgba8unormSrgb});
  });
  EXPECT_EQ(base(write)->format(), TextureFormat::Rgba8unorm);
  EXPECT_EQ(base(read)->format(), TextureFormat::Rgba8unormSrgb);
}

TEST_F(TextureViewTest, Seed002SrgbWithoutViewFormatsFails) {
  Texture t = make({16, 16, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                   TextureDimension::e2D, "albedo");
  expectError(ErrorCode::TextureViewFormatNotAllowed,
              [&] { t.createView({.label = "srgb", .format = TextureFormat::Rgba8unormSrgb}); },
              {"[Texture \"albedo\"].createView([TextureView \"srgb\"])",
               "descriptor.format is 'rgba8unorm-srgb'", "its viewFormats are []",
               "Fix: Create the texture with viewFormats: ['rgba8unorm-srgb']"});
  expectError(ErrorCode::TextureViewFormatNotAllowed,
              [&] { t.createView({.format = TextureFormat::R32float}); },
              {"'rgba8unorm' cannot be reinterpreted as 'r32float'"});
}

TEST_F(TextureViewTest, Seed002SwizzleRrr1WithTheFeature) {
  DeviceOptions options;
  options.descriptor.requiredFeatures = {FeatureName::TextureComponentSwizzle};
  useDevice(makeDevice(options));
  Texture t = make({16, 16, 1}, TextureFormat::R8unorm);
  TextureView gray;
  expectValid([&] { gray = t.createView({.swizzle = "rrr1"}); });
  const core::Swizzle& s = base(gray)->swizzle();
  EXPECT_EQ(s.toString(), "rrr1");
  EXPECT_EQ(s.components[0], core::SwizzleComponent::R);
  EXPECT_EQ(s.components[3], core::SwizzleComponent::One);
  EXPECT_FALSE(s.isIdentity());
}

TEST_F(TextureViewTest, Seed002SwizzleWithoutTheFeatureIsAValidationError) {
  // The seed says the field is silently ignored; the spec makes it an error.
  Texture t = make({16, 16, 1}, TextureFormat::R8unorm);
  expectError(ErrorCode::MissingFeature, [&] { t.createView({.swizzle = "rrr1"}); },
              {"descriptor.swizzle is 'rrr1', which needs the 'texture-component-swizzle' "
               "feature",
               "only 'rgba' is allowed"});
  expectValid([&] { t.createView({.swizzle = "rgba"}); });
}

TEST_F(TextureViewTest, SwizzleStringMustMatchThePattern) {
  useAllFeatures();
  Texture t = make({16, 16, 1});
  for (const char* bad : {"rgb", "rgbax", "rgbx", "RGBA", "", "rg2a"}) {
    expectError(ErrorCode::TextureViewSwizzleInvalid, [&] { t.createView({.swizzle = bad}); },
                {"descriptor.swizzle is", "r, g, b, a, 0, 1"});
  }
  for (const char* good : {"bgra", "0001", "aaaa", "r001"}) {
    expectValid([&] { t.createView({.swizzle = good}); });
  }
}

// #texture-view-creation content timeline: what JavaScript throws as a
// TypeError (the Node addon calls textureViewTypeError before createView).
TEST_F(TextureViewTest, ContentTimelineTypeErrors) {
  Texture t = make({16, 16, 1});
  std::optional<Exception> thrown;
  expectValid([&] { thrown = textureViewTypeError(t, {.swizzle = "rgbx"}); });
  ASSERT_TRUE(thrown.has_value());
  EXPECT_EQ(thrown->type, ExceptionType::TypeError);
  EXPECT_EQ(thrown->code, ErrorCode::TextureViewSwizzleInvalid);
  EXPECT_THAT(thrown->message,
              HasSubstr("createView(): descriptor.swizzle is 'rgbx'; it must be four characters"));
  thrown = textureViewTypeError(t, {.format = TextureFormat::Bc1RgbaUnorm});
  ASSERT_TRUE(thrown.has_value());
  EXPECT_EQ(thrown->code, ErrorCode::MissingFeature);
  EXPECT_THAT(thrown->message, HasSubstr("'texture-compression-bc'"));
  // A well-formed swizzle without the feature is a validation error, not a TypeError.
  EXPECT_FALSE(textureViewTypeError(t, {.swizzle = "rrr1"}).has_value());
  EXPECT_FALSE(textureViewTypeError(t, {}).has_value());
}

// --- rules ------------------------------------------------------------------------------

TEST_F(TextureViewTest, ViewOfAnInvalidTexture) {
  Texture t;
  expectError(ErrorCode::TextureUsageEmpty, [&] {
    t = device.createTexture({.label = "broken", .size = {4, 4}, .format = TextureFormat::R8unorm});
  });
  expectError(ErrorCode::InvalidObject, [&] { t.createView(); },
              {"[Invalid Texture \"broken\"]", "Its creation failed: descriptor.usage is 0"});
}

TEST_F(TextureViewTest, ViewOfADestroyedTextureIsAllowed) {
  // #texture-view-creation only needs the texture to be valid; destroyed
  // textures fail when the view is used in a submit.
  Texture t = make({16, 16, 1});
  t.destroy();
  expectValid([&] { t.createView(); });
}

TEST_F(TextureViewTest, AspectMustBePresent) {
  Texture color = make({16, 16, 1});
  expectError(ErrorCode::TextureViewAspectNotPresent,
              [&] { color.createView({.aspect = TextureAspect::DepthOnly}); },
              {"descriptor.aspect is 'depth-only'", "'rgba8unorm' has no depth aspect",
               "Use aspect: 'all'"});
  Texture depth = make({16, 16, 1}, TextureFormat::Depth16unorm);
  expectError(ErrorCode::TextureViewAspectNotPresent,
              [&] { depth.createView({.aspect = TextureAspect::StencilOnly}); },
              {"has no stencil aspect", "'depth-only'"});
  Texture stencil = make({16, 16, 1}, TextureFormat::Stencil8);
  expectValid([&] { stencil.createView({.aspect = TextureAspect::StencilOnly}); });
  expectError(ErrorCode::TextureViewAspectNotPresent,
              [&] { stencil.createView({.aspect = TextureAspect::DepthOnly}); });
}

TEST_F(TextureViewTest, ViewFormatRequiresItsFeature) {
  Texture t = make({16, 16, 1});
  expectError(ErrorCode::MissingFeature,
              [&] { t.createView({.format = TextureFormat::Bc1RgbaUnorm}); },
              {"'bc1-rgba-unorm', which needs the 'texture-compression-bc' feature"});
}

TEST_F(TextureViewTest, UsageMustBeASubset) {
  Texture t = make({16, 16, 1}, TextureFormat::Rgba8unorm,
                   TextureUsage::TextureBinding | TextureUsage::CopyDst);
  TextureView keep;
  EXPECT_EQ(validView(t, {.usage = TextureUsage::TextureBinding}, &keep)->usage(),
            TextureUsageFlags(TextureUsage::TextureBinding));
  expectError(ErrorCode::TextureViewUsageNotSubset,
              [&] { t.createView({.usage = TextureUsage::StorageBinding}); },
              {"descriptor.usage (GPUTextureUsage.STORAGE_BINDING) must be a subset",
               "but GPUTextureUsage.STORAGE_BINDING is not in it"});
}

TEST_F(TextureViewTest, DefaultUsageFailsWhenTheViewFormatLacksStorage) {
  // Seed 002: a RENDER_ATTACHMENT | STORAGE_BINDING texture viewed in a format
  // without storage: the default usage fails, an explicit one works.
  Texture t;
  expectValid([&] {
    t = device.createTexture(
        {.size = {16, 16},
         .format = TextureFormat::Rgba8unorm,
         .usage = TextureUsage::RenderAttachment | TextureUsage::StorageBinding,
         .viewFormats = {TextureFormat::Rgba8unormSrgb}});
  });
  expectError(
      ErrorCode::TextureViewUsageUnsupportedByFormat,
      [&] { t.createView({.format = TextureFormat::Rgba8unormSrgb}); },
      {"descriptor.usage (GPUTextureUsage.STORAGE_BINDING | "
       "GPUTextureUsage.RENDER_ATTACHMENT, defaulted to the texture's usage)",
       "includes GPUTextureUsage.STORAGE_BINDING", "'rgba8unorm-srgb' cannot be a storage texture",
       "createView({format: 'rgba8unorm-srgb', usage: "
       "GPUTextureUsage.RENDER_ATTACHMENT})"});
  expectValid([&] {
    t.createView(
        {.format = TextureFormat::Rgba8unormSrgb, .usage = TextureUsage::RenderAttachment});
  });
}

TEST_F(TextureViewTest, ExplicitStorageUsageWithANonStorageViewFormat) {
  Texture t;
  expectValid([&] {
    t = device.createTexture({.size = {16, 16},
                              .format = TextureFormat::Rgba8unorm,
                              .usage = TextureUsage::StorageBinding,
                              .viewFormats = {TextureFormat::Rgba8unormSrgb}});
  });
  Error e = expectError(ErrorCode::TextureViewUsageUnsupportedByFormat,
                        [&] {
                          t.createView({.format = TextureFormat::Rgba8unormSrgb,
                                        .usage = TextureUsage::StorageBinding});
                        },
                        {"descriptor.usage (GPUTextureUsage.STORAGE_BINDING) includes",
                         "Use a view format that supports storage, such as 'rgba8unorm'"});
  EXPECT_THAT(e.message, ::testing::Not(HasSubstr("defaulted")));
}

TEST_F(TextureViewTest, TransientAttachmentViewsKeepTheFullUsage) {
  Texture t = make({16, 16, 1}, TextureFormat::Rgba8unorm,
                   TextureUsage::TransientAttachment | TextureUsage::RenderAttachment);
  expectValid([&] { t.createView(); });
  expectError(ErrorCode::TextureViewUsageTransient,
              [&] { t.createView({.usage = TextureUsage::RenderAttachment}); },
              {"GPUTextureUsage.TRANSIENT_ATTACHMENT", "must be exactly the texture's usage"});
}

TEST_F(TextureViewTest, MipRange) {
  Texture t = make({64, 64, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 4);
  expectValid([&] { t.createView({.baseMipLevel = 3}); });
  expectError(ErrorCode::TextureViewMipRangeInvalid, [&] { t.createView({.baseMipLevel = 4}); },
              {"descriptor.baseMipLevel (4) must be less than the texture's mipLevelCount (4)",
               "from 0 to 3"});
  expectError(ErrorCode::TextureViewMipRangeInvalid, [&] { t.createView({.mipLevelCount = 0}); },
              {"descriptor.mipLevelCount is 0"});
  expectError(ErrorCode::TextureViewMipRangeInvalid,
              [&] { t.createView({.baseMipLevel = 2, .mipLevelCount = 3}); },
              {"(2 + 3 = 5) exceeds the texture's mipLevelCount (4)", "mipLevelCount: 2"});
}

TEST_F(TextureViewTest, ArrayLayerRange) {
  Texture t = make({16, 16, 4});
  expectValid([&] { t.createView({.baseArrayLayer = 3}); });
  expectError(ErrorCode::TextureViewArrayLayerRangeInvalid,
              [&] { t.createView({.baseArrayLayer = 4}); },
              {"descriptor.baseArrayLayer (4) must be less than the texture's array layer count "
               "(4"});
  expectError(ErrorCode::TextureViewArrayLayerRangeInvalid,
              [&] { t.createView({.arrayLayerCount = 0}); }, {"descriptor.arrayLayerCount is 0"});
  expectError(ErrorCode::TextureViewArrayLayerRangeInvalid,
              [&] { t.createView({.baseArrayLayer = 1, .arrayLayerCount = 4}); },
              {"(1 + 4 = 5) exceeds the texture's array layer count (4)"});
}

TEST_F(TextureViewTest, CubeViewOfATwoLayerTextureSaysWhichDefault) {
  // arrayLayerCount defaults to 6 for 'cube'; the texture has 2 layers.
  Texture t = make({16, 16, 2}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                   TextureDimension::e2D, "shadow cascades");
  Error e = expectError(
      ErrorCode::TextureViewArrayLayerRangeInvalid,
      [&] { t.createView({.dimension = TextureViewDimension::Cube}); },
      {"[Texture \"shadow cascades\"].createView([TextureView])",
       "(0 + 6 = 6) exceeds the texture's array layer count (2). "
       "descriptor.arrayLayerCount defaulted to 6 because descriptor.dimension is 'cube'.",
       "createView({dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1})"});
  // '2d' without arrayLayerCount defaults to one layer: valid (per the spec).
  expectValid([&] { t.createView({.dimension = TextureViewDimension::e2D}); });
}

TEST_F(TextureViewTest, CubeArrayOfATwoLayerTextureSaysWhichDefault) {
  Texture t = make({16, 16, 2});
  expectError(ErrorCode::TextureViewArrayLayerCountForDimension,
              [&] { t.createView({.dimension = TextureViewDimension::CubeArray}); },
              {"descriptor.arrayLayerCount is 2, but a 'cube-array' view must have a multiple "
               "of 6 array layers. descriptor.arrayLayerCount defaulted to 2 (the texture's "
               "size.depthOrArrayLayers 2",
               "size.depthOrArrayLayers a multiple of 6"});
}

TEST_F(TextureViewTest, TwoDViewNeedsOneLayer) {
  Texture t = make({16, 16, 4});
  expectError(ErrorCode::TextureViewArrayLayerCountForDimension,
              [&] { t.createView({.dimension = TextureViewDimension::e2D, .arrayLayerCount = 2}); },
              {"descriptor.arrayLayerCount is 2", "a '2d' view must have exactly 1 array layer",
               "dimension: '2d-array'"});
}

TEST_F(TextureViewTest, DimensionMustFitTheTexture) {
  Texture t2 = make({16, 16, 1});
  expectError(ErrorCode::TextureViewDimensionIncompatible,
              [&] { t2.createView({.dimension = TextureViewDimension::e3D}); },
              {"descriptor.dimension is '3d', which needs a '3d' texture", "is '2d'"});
  expectError(ErrorCode::TextureViewDimensionIncompatible,
              [&] { t2.createView({.dimension = TextureViewDimension::e1D}); });
  Texture t3 = make({8, 8, 8}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                    TextureDimension::e3D);
  expectError(ErrorCode::TextureViewDimensionIncompatible,
              [&] { t3.createView({.dimension = TextureViewDimension::e2D}); },
              {"A '3d' texture has only '3d' views."});
  expectError(ErrorCode::TextureViewDimensionIncompatible,
              [&] { t3.createView({.dimension = TextureViewDimension::e2DArray}); });
  Texture t1 = make({8, 1, 1}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 1,
                    TextureDimension::e1D);
  expectError(ErrorCode::TextureViewDimensionIncompatible,
              [&] { t1.createView({.dimension = TextureViewDimension::e2D}); });
  expectValid([&] { t1.createView({.dimension = TextureViewDimension::e1D}); });
}

TEST_F(TextureViewTest, CubeRules) {
  Texture t = make({16, 16, 12});
  expectValid([&] { t.createView({.dimension = TextureViewDimension::Cube}); });
  expectError(
      ErrorCode::TextureViewArrayLayerCountForDimension,
      [&] { t.createView({.dimension = TextureViewDimension::Cube, .arrayLayerCount = 5}); },
      {"a 'cube' view must have exactly 6 array layers", "+X, -X, +Y, -Y, +Z, -Z"});
  expectValid(
      [&] { t.createView({.dimension = TextureViewDimension::CubeArray, .arrayLayerCount = 12}); });
  expectError(
      ErrorCode::TextureViewArrayLayerCountForDimension,
      [&] { t.createView({.dimension = TextureViewDimension::CubeArray, .arrayLayerCount = 8}); },
      {"multiple of 6", "arrayLayerCount: 12"});
  Texture wide = make({32, 16, 6});
  expectError(ErrorCode::TextureViewCubeNotSquare,
              [&] { wide.createView({.dimension = TextureViewDimension::Cube}); },
              {"32x16", "width == height"});
  expectError(ErrorCode::TextureViewCubeNotSquare,
              [&] { wide.createView({.dimension = TextureViewDimension::CubeArray}); });
}

TEST_F(TextureViewTest, CubeArrayNotInCompatibilityMode) {
  useCompatibilityDevice();
  Texture t = make({16, 16, 12});
  expectError(ErrorCode::TextureViewCubeArrayInCompatibilityMode,
              [&] { t.createView({.dimension = TextureViewDimension::CubeArray}); },
              {"compatibility-mode"});
}

TEST_F(TextureViewTest, MultisampledViewsAre2D) {
  Texture t = make({16, 16, 1}, TextureFormat::Rgba8unorm, TextureUsage::RenderAttachment);
  // The fixture's make() creates single-sampled textures; make a 4x one here.
  Texture ms;
  expectValid([&] {
    ms = device.createTexture({.size = {16, 16},
                               .sampleCount = 4,
                               .format = TextureFormat::Rgba8unorm,
                               .usage = TextureUsage::RenderAttachment});
  });
  TextureView v;
  expectValid([&] { v = ms.createView(); });
  EXPECT_EQ(base(v)->sampleCount(), 4u);
  expectError(ErrorCode::TextureViewMultisampledDimension,
              [&] { ms.createView({.dimension = TextureViewDimension::e2DArray}); },
              {"descriptor.dimension is '2d-array'", "multisampled (sampleCount 4)"});
  (void)t;
}

TEST_F(TextureViewTest, DescribeDescriptorAndDefaults) {
  Texture t = make({8, 8, 2});
  TextureView keep;
  auto* v = validView(t, {}, &keep);
  EXPECT_EQ(v->describeDescriptor(),
            "{format: 'rgba8unorm', dimension: '2d-array', aspect: 'all', baseMipLevel: 0, "
            "mipLevelCount: 1, baseArrayLayer: 0, arrayLayerCount: 2, usage: "
            "GPUTextureUsage.TEXTURE_BINDING}");
  std::string all = v->defaults().describe();
  EXPECT_THAT(all, HasSubstr("descriptor.dimension defaulted to '2d-array'"));
  EXPECT_THAT(all, HasSubstr("; descriptor.mipLevelCount defaulted to 1"));
}

TEST_F(TextureViewTest, CreateViewNoReportReturnsTheError) {
  Texture t = make({16, 16, 2});
  auto* tex = core::fromHandle<core::TextureBase>(t);
  core::Ref<core::TextureViewBase> view;
  core::MaybeError e;
  expectValid(
      [&] { e = tex->createViewNoReport({.dimension = TextureViewDimension::Cube}, &view); });
  ASSERT_TRUE(e.isError());
  EXPECT_EQ(e->code, ErrorCode::TextureViewArrayLayerRangeInvalid);
  ASSERT_TRUE(view);
  EXPECT_FALSE(view->isValid());
  core::MaybeError ok = tex->createDefaultView(&view);
  EXPECT_TRUE(ok.isSuccess());
  EXPECT_TRUE(view->isValid());
  EXPECT_EQ(view->dimension(), TextureViewDimension::e2DArray);
}

TEST_F(TextureViewTest, TheDefaultViewIsValidatedOnceAtTheTexturesCreation) {
  // createView() with no descriptor, or only a label, reuses the checks the
  // texture's creation made (TextureBase::prepareDefaultView): the view is
  // the one the full checks give, with the same defaults and reasons.
  Texture t = make({16, 16, 6}, TextureFormat::Rgba8unorm,
                   TextureUsage::TextureBinding | TextureUsage::CopyDst, 3);
  TextureView a, b, c;
  auto* prepared = validView(t, {}, &a);
  auto* labelled = validView(t, {.label = "kept"}, &b);
  // A member given (here the default usage spelt out) takes the full checks.
  auto* full = validView(t, {.usage = TextureUsage::TextureBinding | TextureUsage::CopyDst}, &c);
  for (auto* v : {prepared, labelled}) {
    EXPECT_EQ(v->format(), full->format());
    EXPECT_EQ(v->dimension(), TextureViewDimension::e2DArray);
    EXPECT_EQ(v->dimension(), full->dimension());
    EXPECT_EQ(v->mipLevelCount(), 3u);
    EXPECT_EQ(v->arrayLayerCount(), 6u);
    EXPECT_EQ(v->usage(), full->usage());
    EXPECT_TRUE(v->swizzle().isIdentity());
    EXPECT_EQ(v->defaults().dimension(), full->defaults().dimension());
    EXPECT_EQ(v->defaults().arrayLayerCount(), full->defaults().arrayLayerCount());
    EXPECT_TRUE(v->defaults().applied(core::TextureViewDefaults::kUsage));
  }
  EXPECT_FALSE(full->defaults().applied(core::TextureViewDefaults::kUsage));
  EXPECT_EQ(labelled->label(), "kept");
  // Each keeps its own label (the prepared descriptor has none).
  EXPECT_EQ(prepared->label(), "");
  EXPECT_EQ(validView(t, {.label = "again"}, &a)->label(), "again");

  // An invalid texture has no prepared default view: the full checks fail it,
  // reported or not.
  Texture broken;
  expectError(ErrorCode::TextureUsageEmpty, [&] {
    broken = device.createTexture({.label = "b", .size = {4, 4}, .format = TextureFormat::R8unorm});
  });
  expectError(ErrorCode::InvalidObject, [&] { broken.createView({.label = "v"}); },
              {"[Invalid Texture \"b\"]"});
  core::Ref<core::TextureViewBase> view;
  core::MaybeError e = core::fromHandle<core::TextureBase>(broken)->createDefaultView(&view);
  ASSERT_TRUE(e.isError());
  EXPECT_EQ(e->code, ErrorCode::InvalidObject);
  EXPECT_FALSE(view->isValid());
}

TEST_F(TextureViewTest, LabelRoundTrip) {
  Texture t = make({16, 16, 1});
  TextureView v = t.createView({.label = "face +X"});
  EXPECT_EQ(v.label(), "face +X");
  v.setLabel("other");
  EXPECT_EQ(v.label(), "other");
}

}  // namespace
}  // namespace bindery::testing
