// Texture views realised as validated (#texture-view-creation) on the Vulkan
// backend, read by shaders: viewFormats reinterpretation (rgba8unorm <->
// rgba8unorm-srgb), depth-only and stencil-only aspects of a combined
// depth-stencil texture, swizzle with texture-component-swizzle, a view of a
// storage texture with a narrower usage, and samplers of the same
// descriptor in one group.
#include <gtest/gtest.h>

#include <cmath>

#include "texture_test.h"

namespace bindery::vulkan::testing {
namespace {

class TextureViewTest : public TextureShaderTest {};

float srgbToLinear(float c) {
  return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

TEST_F(TextureViewTest, SrgbReinterpretationBothWays) {
  // One rgba8unorm texture read through an rgba8unorm view (as stored) and an
  // rgba8unorm-srgb view (decoded); and the reverse for an srgb texture.
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {1, 1, 1}, TextureDimension::e2D, 1, {},
                          {TextureFormat::Rgba8unormSrgb});
  Texture s = makeTexture(TextureFormat::Rgba8unormSrgb, {1, 1, 1}, TextureDimension::e2D, 1, {},
                          {TextureFormat::Rgba8unorm});
  uint8_t texel[4] = {0, 64, 188, 255};
  write(t, 0, texel, 4, 1, {1, 1, 1});
  write(s, 0, texel, 4, 1, {1, 1, 1});
  TextureViewDescriptor asSrgb;
  asSrgb.format = TextureFormat::Rgba8unormSrgb;
  TextureViewDescriptor asUnorm;
  asUnorm.format = TextureFormat::Rgba8unorm;
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var a : texture_2d<f32>;
@group(0) @binding(2) var b : texture_2d<f32>;
@group(0) @binding(3) var c : texture_2d<f32>;
@group(0) @binding(4) var d : texture_2d<f32>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(a, vec2u(0), 0);
  out[1] = textureLoad(b, vec2u(0), 0);
  out[2] = textureLoad(c, vec2u(0), 0);
  out[3] = textureLoad(d, vec2u(0), 0);
})",
                                      {{1, t.createView()},
                                       {2, t.createView(asSrgb)},
                                       {3, s.createView()},
                                       {4, s.createView(asUnorm)}},
                                      16);
  for (int c = 0; c < 4; ++c) {
    float stored = unorm8(texel[c]);
    float decoded = c == 3 ? stored : srgbToLinear(stored);  // alpha stays linear
    EXPECT_NEAR(got[c], stored, 1e-6) << c;
    EXPECT_NEAR(got[4 + c], decoded, 2e-3) << c;
    EXPECT_NEAR(got[8 + c], decoded, 2e-3) << c;
    EXPECT_NEAR(got[12 + c], stored, 1e-6) << c;
  }
}

TEST_F(TextureViewTest, DepthOnlyAndStencilOnlyAspects) {
  // depth24plus-stencil8: the stencil aspect written by writeTexture, the
  // depth aspect never written (zero); each read through its own view.
  Texture t = makeTexture(TextureFormat::Depth24plusStencil8, {4, 1, 1});
  uint8_t stencil[4] = {3, 0, 200, 255};
  write(t, 0, stencil, 4, 1, {4, 1, 1}, {}, TextureAspect::StencilOnly);
  TextureViewDescriptor depthOnly;
  depthOnly.aspect = TextureAspect::DepthOnly;
  TextureViewDescriptor stencilOnly;
  stencilOnly.aspect = TextureAspect::StencilOnly;
  std::vector<uint32_t> got =
      run<uint32_t>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<u32>;
@group(0) @binding(1) var d : texture_depth_2d;
@group(0) @binding(2) var s : texture_2d<u32>;
@compute @workgroup_size(1) fn main() {
  for (var x = 0u; x < 4u; x++) {
    out[x] = bitcast<u32>(textureLoad(d, vec2u(x, 0), 0));
    out[4u + x] = textureLoad(s, vec2u(x, 0), 0).x;
  }
})",
                    {{1, t.createView(depthOnly)}, {2, t.createView(stencilOnly)}}, 8);
  EXPECT_EQ(got, (std::vector<uint32_t>{0, 0, 0, 0, 3, 0, 200, 255}));
}

TEST_F(TextureViewTest, StorageTextureViewWithTextureBindingUsageOnly) {
  // A storage texture's 'rgba8unorm-srgb' view (sRGB has no storage
  // support) is valid with usage TEXTURE_BINDING alone: the VkImageView gets
  // only the view's usage.
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {1, 1, 1}, TextureDimension::e2D, 1,
                          TextureUsage::StorageBinding, {TextureFormat::Rgba8unormSrgb});
  uint8_t texel[4] = {255, 128, 0, 255};
  write(t, 0, texel, 4, 1, {1, 1, 1});
  TextureViewDescriptor vd;
  vd.format = TextureFormat::Rgba8unormSrgb;
  vd.usage = TextureUsage::TextureBinding;
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var a : texture_2d<f32>;
@compute @workgroup_size(1) fn main() { out[0] = textureLoad(a, vec2u(0), 0); }
)",
                                      {{1, t.createView(vd)}}, 4);
  EXPECT_NEAR(got[0], 1.0f, 1e-3);
  EXPECT_NEAR(got[1], srgbToLinear(unorm8(128)), 2e-3);
  EXPECT_NEAR(got[2], 0.0f, 1e-6);
}

class TextureSwizzleTest : public TextureShaderTest {
 protected:
  void SetUp() override {
    TextureShaderTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    ASSERT_TRUE(adapter_.features().has(FeatureName::TextureComponentSwizzle));
    // A device with the feature (the fixture's has none).
    device_ = {};
    InstanceDescriptor id;
    id.backend = BackendType::Vulkan;
    adapter_ = bindery::Instance::create(id).requestAdapter();
    DeviceDescriptor dd;
    dd.requiredFeatures = {FeatureName::TextureComponentSwizzle};
    RequestDeviceResult result = adapter_.requestDevice(dd);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
};

TEST_F(TextureSwizzleTest, ViewSwizzleRemapsComponents) {
  Texture t = makeTexture(TextureFormat::Rgba8unorm, {1, 1, 1});
  uint8_t texel[4] = {10, 20, 30, 40};
  write(t, 0, texel, 4, 1, {1, 1, 1});
  std::vector<float> got = run<float>(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@group(0) @binding(1) var a : texture_2d<f32>;
@group(0) @binding(2) var b : texture_2d<f32>;
@group(0) @binding(3) var s : sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureLoad(a, vec2u(0), 0);
  out[1] = textureSampleLevel(b, s, vec2f(0.5), 0);
})",
                                      {{1, t.createView({.swizzle = "bgra"})},
                                       {2, t.createView({.swizzle = "r01g"})},
                                       {3, sampler({})}},
                                      8);
  std::vector<float> want = {unorm8(30), unorm8(20), unorm8(10), unorm8(40),
                             unorm8(10), 0,          1,          unorm8(20)};
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << i;
}

}  // namespace
}  // namespace bindery::vulkan::testing
