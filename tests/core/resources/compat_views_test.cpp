// The compatibility-mode rule of "Validate encoder bind groups"
// (#abstract-opdef-validate-encoder-bind-groups): at a draw or dispatch, all
// bindings of one texture use views with the same baseMipLevel,
// mipLevelCount, aspect and swizzle.
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

class CompatViewsTest : public EncoderTest {
 protected:
  void useCompat() {
    DeviceOptions options;
    options.featureLevel = FeatureLevel::Compatibility;
    device = makeDevice(options);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  static BindGroupLayoutEntry textureEntry(uint32_t binding) {
    return {.binding = binding,
            .visibility = ShaderStage::Compute | ShaderStage::Fragment,
            .texture = TextureBindingLayout{}};
  }
  // Two groups (or one with two entries) binding views of `t`; dispatches once.
  void dispatchWith(const TextureView& a, const TextureView& b, bool oneGroup,
                    std::optional<ErrorCode> code = std::nullopt,
                    std::initializer_list<std::string> fragments = {}) {
    BindGroupLayout two = layout({textureEntry(0), textureEntry(1)});
    BindGroupLayout one = layout({textureEntry(0)});
    std::shared_ptr<FakePipeline> p;
    BindGroup g0, g1;
    if (oneGroup) {
      p = pipeline({two});
      g0 = group(two, {{0, a}, {1, b}}, "both");
    } else {
      p = pipeline({one, one});
      g0 = group(one, {{0, a}}, "first");
      g1 = group(one, {{0, b}}, "second");
    }
    auto encode = [&](ComputePassEncoder& pass) {
      use(pass, *p);
      pass.setBindGroup(0, g0);
      if (!oneGroup) pass.setBindGroup(1, g1);
      pass.dispatchWorkgroups(1);
    };
    if (code) {
      computeError(*code, encode, fragments);
    } else {
      computeValid(encode);
    }
  }
};

TEST_F(CompatViewsTest, SameTextureThroughDifferentMipRangesFailsInCompat) {
  useCompat();
  Texture t = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding, 2, 1,
                      TextureDimension::e2D, "albedo");
  TextureView mip0 = t.createView({.label = "mip0", .baseMipLevel = 0, .mipLevelCount = 1});
  TextureView mip1 = t.createView({.label = "mip1", .baseMipLevel = 1, .mipLevelCount = 1});
  TextureView mip0again =
      t.createView({.label = "mip0again", .baseMipLevel = 0, .mipLevelCount = 1});
  dispatchWith(mip0, mip1, /*oneGroup=*/true, ErrorCode::CompatTextureViewsDiffer,
               {"@group(0) binding 0", "@group(0) binding 1", "[Texture \"albedo\"]",
                "baseMipLevel 0", "baseMipLevel 1", "compatibility mode"});
  dispatchWith(mip0, mip1, /*oneGroup=*/false, ErrorCode::CompatTextureViewsDiffer,
               {"@group(0) binding 0", "@group(1) binding 0"});
  // Equal descriptors (different view objects) and the same view are fine.
  dispatchWith(mip0, mip0again, /*oneGroup=*/false);
  dispatchWith(mip0, mip0, /*oneGroup=*/true);
  // Different textures never conflict.
  Texture other = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding, 2);
  dispatchWith(mip0, other.createView({.baseMipLevel = 1, .mipLevelCount = 1}), true);
}

TEST_F(CompatViewsTest, GroupsVerifiedAloneAreCheckedTogetherInCompat) {
  // Each group passes with the other slot's first group; together they fail.
  useCompat();
  Texture t = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding, 2);
  TextureView mip0 = t.createView({.baseMipLevel = 0, .mipLevelCount = 1});
  TextureView mip1 = t.createView({.baseMipLevel = 1, .mipLevelCount = 1});
  Texture u = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding);
  BindGroupLayout one = layout({textureEntry(0)});
  auto p = pipeline({one, one});
  BindGroup a0 = group(one, {{0, mip0}}, "a0");
  BindGroup b0 = group(one, {{0, u.createView()}}, "b0");
  BindGroup a1 = group(one, {{0, u.createView()}}, "a1");
  BindGroup b1 = group(one, {{0, mip1}}, "b1");
  computeError(ErrorCode::CompatTextureViewsDiffer, [&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, a0);
    pass.setBindGroup(1, b0);
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, a1);
    pass.setBindGroup(1, b1);
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, a0);  // a0 and b1 were each verified in their slot before
    pass.dispatchWorkgroups(1);
  });
}

TEST_F(CompatViewsTest, DrawsCheckTheRuleToo) {
  useCompat();
  Texture t = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding, 2, 1,
                      TextureDimension::e2D, "albedo");
  BindGroupLayout one = layout({textureEntry(0)});
  auto p = pipeline({one, one});
  BindGroup a = group(one, {{0, t.createView({.baseMipLevel = 0, .mipLevelCount = 1})}});
  BindGroup b = group(one, {{0, t.createView({.baseMipLevel = 1, .mipLevelCount = 1})}});
  BindGroup c = group(one, {{0, t.createView({.baseMipLevel = 0, .mipLevelCount = 1})}});
  renderError(ErrorCode::CompatTextureViewsDiffer,
              [&](RenderPassEncoder& pass) {
                use(pass, *p);
                pass.setBindGroup(0, a);
                pass.setBindGroup(1, b);
                pass.draw(3);
              },
              {"@group(0) binding 0", "@group(1) binding 0", "[Texture \"albedo\"]"});
  renderValid([&](RenderPassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, a);
    pass.setBindGroup(1, c);
    pass.draw(3);
  });
}

TEST_F(CompatViewsTest, CoreDevicesAllowDifferentViews) {
  Texture t = texture(TextureFormat::Rgba8unorm, {8, 8}, TextureUsage::TextureBinding, 2);
  dispatchWith(t.createView({.baseMipLevel = 0, .mipLevelCount = 1}),
               t.createView({.baseMipLevel = 1, .mipLevelCount = 1}), true);
}

}  // namespace
}  // namespace bindery::testing
