// Render pipeline and pass features on Vulkan beyond the first slice
// (render_test.cpp): 'point-list', frag_depth, sample_mask, sample_index,
// interpolation, every blend factor / operation and compare function / stencil
// operation (table-driven). Images compared with ones computed here, under
// the validation layer.
#include <fmt/format.h>

#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

TEST_F(RenderTest, PointListDrawsOnePixelPerPoint) {
  // Four points at texel centres (one per quadrant); each covers exactly its
  // texel (#primitive-assembly: points are 1x1 pixel).
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var texel = array(vec2f(1, 2), vec2f(12, 3), vec2f(5, 9), vec2f(14, 15));
  let p = (texel[i] + 0.5) / 16.0 * 2.0 - 1.0;
  return vec4f(p.x, -p.y, 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(0, 1, 0, 1); }
)");
  d.primitive.topology = PrimitiveTopology::PointList;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.setPipeline(pipeline);
  pass.draw(4);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) {
    bool point =
        (x == 1 && y == 2) || (x == 12 && y == 3) || (x == 5 && y == 9) || (x == 14 && y == 15);
    return point ? kGreen : kBlack;
  });
}

// The triangle of kTriangle, coloured by instance: instance 0 red, 1 green.
constexpr std::string_view kTriangleByInstance = R"(
struct Out { @builtin(position) position : vec4f, @location(0) @interpolate(flat) instance : u32 }
@vertex fn vs(@builtin(vertex_index) i : u32, @builtin(instance_index) n : u32) -> Out {
  var p = array(vec2f(-1, -1), vec2f(1, -1), vec2f(-1, 1));
  return Out(vec4f(p[i], 0, 1), n);
}
@fragment fn fs(@location(0) @interpolate(flat) n : u32) -> @location(0) vec4f {
  return select(vec4f(1, 0, 0, 1), vec4f(0, 1, 0, 1), n == 1u);
}
)";

// Draws with drawIndirect (args at 0) and drawIndexedIndirect (args at 256) on
// `device`; each has firstInstance `firstInstance`. Returns the two images.
class RenderIndirectFirstInstanceTest : public RenderTest {
 protected:
  void drawBoth(uint32_t firstInstance, Texture& direct, Texture& indexed) {
    RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(kTriangleByInstance));
    std::vector<uint32_t> args(64 + 5, 0);
    uint32_t draw[4] = {3, 1, 0, firstInstance};
    uint32_t drawIndexed[5] = {3, 1, 0, 0, firstInstance};
    std::memcpy(&args[0], draw, sizeof(draw));
    std::memcpy(&args[64], drawIndexed, sizeof(drawIndexed));
    Buffer indirect = bufferWith(args, BufferUsage::Indirect);
    Buffer index = bufferWith(std::vector<uint16_t>{0, 1, 2, 0}, BufferUsage::Index);
    direct = target();
    indexed = target();
    CommandEncoder encoder = device_.createCommandEncoder();
    for (Texture* t : {&direct, &indexed}) {
      RenderPassEncoder pass = encoder.beginRenderPass(passFor(*t, {0, 0, 1, 1}));
      pass.setPipeline(pipeline);
      if (t == &direct) {
        pass.drawIndirect(indirect, 0);
      } else {
        pass.setIndexBuffer(index, IndexFormat::Uint16);
        pass.drawIndexedIndirect(indirect, 256);
      }
      pass.end();
    }
    submit(encoder);
  }
};

TEST_F(RenderIndirectFirstInstanceTest, NonZeroFirstInstanceWithoutTheFeatureIsANoOp) {
  ASSERT_FALSE(device_.features().has(FeatureName::IndirectFirstInstance));
  Texture direct, indexed;
  drawBoth(1, direct, indexed);  // no-ops: the clear colour stays
  expectImage(direct, [](uint32_t, uint32_t) { return kBlue; });
  expectImage(indexed, [](uint32_t, uint32_t) { return kBlue; });
  drawBoth(0, direct, indexed);  // firstInstance 0 draws (instance 0: red)
  expectImage(direct, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
  expectImage(indexed, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

TEST_F(RenderIndirectFirstInstanceTest, NonZeroFirstInstanceWithTheFeatureDraws) {
  if (!adapter_.features().has(FeatureName::IndirectFirstInstance)) {
    GTEST_SKIP() << "the adapter has no 'indirect-first-instance'";
  }
  InstanceDescriptor id;
  id.backend = BackendType::Vulkan;
  Adapter adapter = bindery::Instance::create(id).requestAdapter();
  DeviceDescriptor dd;
  dd.requiredFeatures = {FeatureName::IndirectFirstInstance};
  RequestDeviceResult result = adapter.requestDevice(dd);
  ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
  finish();
  device_ = result.device;
  device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  Texture direct, indexed;
  drawBoth(1, direct, indexed);  // instance 1: green
  auto green = [](uint32_t x, uint32_t y) -> std::optional<Rgba> {
    std::optional<Rgba> red = triangleImage(x, y, kBlue);
    if (red && *red == kRed) return kGreen;
    return red;
  };
  expectImage(direct, green);
  expectImage(indexed, green);
}

// A second device with `feature` replaces device_ (the fixture's adapter has
// given its device); false when the adapter lacks it.
class RenderFeatureDeviceTest : public RenderTest {
 protected:
  bool useDeviceWith(FeatureName feature) {
    if (!adapter_.features().has(feature)) return false;
    InstanceDescriptor id;
    id.backend = BackendType::Vulkan;
    Adapter adapter = bindery::Instance::create(id).requestAdapter();
    DeviceDescriptor dd;
    dd.requiredFeatures = {feature};
    RequestDeviceResult result = adapter.requestDevice(dd);
    EXPECT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    finish();
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
    return true;
  }
};

TEST_F(RenderFeatureDeviceTest, UnclippedDepthDrawsBeyondTheFarPlaneClamped) {
  // A triangle at z = 1.5: clipped away by default; with unclippedDepth it is
  // drawn, its depth clamped to the viewport's maxDepth (1.0), so a second
  // draw at 0.99 with 'less' covers it.
  if (!useDeviceWith(FeatureName::DepthClipControl)) GTEST_SKIP() << "no 'depth-clip-control'";
  for (bool unclipped : {false, true}) {
    Texture t = target(), depth = target(TextureFormat::Depth32float);
    auto pipelineAt = [&](float z, std::string_view color, CompareFunction compare) {
      RenderPipelineDescriptor d = pipelineDescriptor(fmt::format(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {{
  var p = array(vec2f(-1, -1), vec2f(1, -1), vec2f(-1, 1));
  return vec4f(p[i], {}, 1);
}}
@fragment fn fs() -> @location(0) vec4f {{ return {}; }}
)",
                                                                  z, color));
      d.primitive.unclippedDepth = unclipped;
      DepthStencilState ds;
      ds.format = TextureFormat::Depth32float;
      ds.depthWriteEnabled = true;
      ds.depthCompare = compare;
      d.depthStencil = ds;
      return device_.createRenderPipeline(d);
    };
    RenderPipeline far = pipelineAt(1.5f, "vec4f(1, 0, 0, 1)", CompareFunction::Always);
    RenderPipeline near = pipelineAt(0.99f, "vec4f(0, 1, 0, 1)", CompareFunction::Less);
    RenderPassDescriptor pd = passFor(t, {0, 0, 1, 1});
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthClearValue = 0.5f;
    da.depthLoadOp = LoadOp::Clear;
    da.depthStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(far);
    pass.draw(3);
    pass.setPipeline(near);
    pass.draw(3);
    pass.end();
    submit(encoder);
    // Clipped: the far triangle is not drawn, the depth stays 0.5 and the
    // near one fails 'less'. Unclipped: depth 1.0 is written, the near one passes.
    expectImage(t, [&](uint32_t x, uint32_t y) -> std::optional<Rgba> {
      std::optional<Rgba> inside = triangleImage(x, y, kBlue);
      if (!inside || *inside == kBlue) return inside;
      return unclipped ? kGreen : kBlue;
    });
  }
}

TEST_F(RenderFeatureDeviceTest, DualSourceBlendingUsesTheSecondOutput) {
  if (!useDeviceWith(FeatureName::DualSourceBlending)) GTEST_SKIP() << "no 'dual-source-blending'";
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
enable dual_source_blending;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
struct Out {
  @location(0) @blend_src(0) color : vec4f,
  @location(0) @blend_src(1) factor : vec4f,
}
@fragment fn fs() -> Out { return Out(vec4f(0.5, 0.25, 0, 0.5), vec4f(0.25, 0.5, 1, 0.5)); }
)");
  // rgb = src0 + dst * src1; alpha = src0.a + dst.a * (1 - src1.a).
  d.fragment->targets[0]->blend =
      BlendState{{BlendOperation::Add, BlendFactor::One, BlendFactor::Src1},
                 {BlendOperation::Add, BlendFactor::One, BlendFactor::OneMinusSrc1Alpha}};
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0.4, 0.4, 0.4, 0.4}));
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  double dst = std::round(0.4 * 255) / 255;
  auto u8 = [](double v) { return static_cast<uint8_t>(std::round(v * 255)); };
  Rgba want{u8(0.5 + dst * 0.25), u8(0.25 + dst * 0.5), u8(dst), u8(0.5 + dst * 0.5)};
  expectImage(t, [&](uint32_t, uint32_t) { return want; });
}

TEST_F(RenderTest, DepthSliceOfA3dAttachmentLeavesTheOtherSlices) {
  // A 16x16x4 texture, slice z filled with (10 z, 20 z, 30 z, 255); pass 1
  // clears slice 2 to blue and draws the triangle; pass 2 loads slice 1 and
  // draws it too. Slices 0 and 3 keep their texels.
  TextureDescriptor td;
  td.size = {kSize, kSize, 4};
  td.dimension = TextureDimension::e3D;
  td.format = TextureFormat::Rgba8unorm;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc | TextureUsage::CopyDst;
  Texture volume = device_.createTexture(td);
  auto fill = [](uint32_t z) {
    return Rgba{uint8_t(10 * z), uint8_t(20 * z), uint8_t(30 * z), 255};
  };
  std::vector<Rgba> texels(kSize * kSize * 4);
  for (uint32_t i = 0; i < texels.size(); ++i) texels[i] = fill(i / (kSize * kSize));
  device_.queue().writeTexture({volume}, texels.data(), texels.size() * 4, {0, kSize * 4, kSize},
                               {kSize, kSize, 4});
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  CommandEncoder encoder = device_.createCommandEncoder();
  for (uint32_t slice : {2u, 1u}) {
    RenderPassDescriptor pd;
    RenderPassColorAttachment color;
    color.view = volume.createView();
    color.depthSlice = slice;
    color.clearValue = {0, 0, 1, 1};
    color.loadOp = slice == 2 ? LoadOp::Clear : LoadOp::Load;
    color.storeOp = StoreOp::Store;
    pd.colorAttachments.push_back(color);
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(pipeline);
    pass.draw(3);
    pass.end();
  }
  Buffer readback = makeBuffer(256 * kSize * 4, BufferUsage::CopySrc | BufferUsage::CopyDst);
  encoder.copyTextureToBuffer({volume}, {readback, 0, 256, kSize}, {kSize, kSize, 4});
  submit(encoder);
  std::vector<uint8_t> raw = readBuffer(readback, 0, 256 * kSize * 4);
  int mismatches = 0;
  for (uint32_t z = 0; z < 4; ++z) {
    for (uint32_t y = 0; y < kSize; ++y) {
      for (uint32_t x = 0; x < kSize; ++x) {
        Rgba got;
        std::memcpy(got.data(), &raw[(z * kSize + y) * 256 + x * 4], 4);
        std::optional<Rgba> want = fill(z);
        if (z == 2) want = triangleImage(x, y, kBlue);
        if (z == 1) want = triangleImage(x, y, fill(1));
        if (want && got != *want && ++mismatches <= 5) {
          ADD_FAILURE() << "slice " << z << " texel (" << x << ", " << y << ")";
        }
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

}  // namespace
}  // namespace bindery::vulkan::testing
