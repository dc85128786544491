// Render bundles on Vulkan (#bundles, #dom-gpurenderpassencoder-executebundles):
// a bundle is recorded once and replayed in several passes; each bundle
// starts from and leaves a reset binding state, and draws with the pass's
// viewport. Images compared with ones computed here, under the validation
// layer.
#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

// One unit square per object: its offset, scale and colour from a uniform
// block at a dynamic offset (seed 000's per-object pattern).
constexpr std::string_view kObjects = R"(
struct Object { offset : vec2f, scale : f32, color : vec4f }
@group(0) @binding(0) var<uniform> object : Object;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(0, 0), vec2f(1, 0), vec2f(1, 1), vec2f(0, 0), vec2f(1, 1), vec2f(0, 1));
  return vec4f(p[i] * object.scale + object.offset, 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return object.color; }
)";

constexpr uint32_t kStride = 256;

class RenderBundleTest : public RenderTest {
 protected:
  void SetUp() override {
    RenderTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    RenderPipelineDescriptor d = pipelineDescriptor(kObjects);
    BindGroupLayoutEntry entry;
    entry.binding = 0;
    entry.visibility = ShaderStage::Vertex | ShaderStage::Fragment;
    entry.buffer = BufferBindingLayout{BufferBindingType::Uniform, true, 0};
    BindGroupLayout layout = device_.createBindGroupLayout({"", {entry}});
    d.layout = device_.createPipelineLayout({"", {layout}, 0});
    objects_ = device_.createRenderPipeline(d);
    // Objects 0..3: the top-left (red), top-right (green), bottom-left
    // (blue) and bottom-right (white) quadrants.
    std::vector<uint8_t> blocks(4 * kStride);
    float objects[4][8] = {{-1, 0, 1, 0, 1, 0, 0, 1},
                           {0, 0, 1, 0, 0, 1, 0, 1},
                           {-1, -1, 1, 0, 0, 0, 1, 1},
                           {0, -1, 1, 0, 1, 1, 1, 1}};
    for (uint32_t i = 0; i < 4; ++i) std::memcpy(&blocks[i * kStride], objects[i], 32);
    Buffer uniforms = bufferWith(blocks, BufferUsage::Uniform);
    BindGroupDescriptor gd;
    gd.layout = layout;
    gd.entries.push_back({0, BufferBinding{uniforms, 0, 32}});
    group_ = device_.createBindGroup(gd);
  }

  RenderBundleEncoder bundleEncoder() {
    RenderBundleEncoderDescriptor bd;
    bd.colorFormats = {TextureFormat::Rgba8unorm};
    return device_.createRenderBundleEncoder(bd);
  }
  // Draws object `i` (a pass or a bundle encoder).
  template <class Encoder>
  void drawObject(Encoder& encoder, uint32_t i) {
    encoder.setPipeline(objects_);
    encoder.setBindGroup(0, group_, {i * kStride});
    encoder.draw(6);
  }

  RenderPipeline objects_;
  BindGroup group_;
};

Rgba quadrantColor(uint32_t x, uint32_t y) {
  bool left = x < kSize / 2, top = y < kSize / 2;
  if (top) return left ? kRed : kGreen;
  return left ? kBlue : Rgba{255, 255, 255, 255};
}

TEST_F(RenderBundleTest, RecordedOnceReplayedInTwoPassesAndSubmits) {
  RenderBundleEncoder be = bundleEncoder();
  for (uint32_t i = 0; i < 4; ++i) drawObject(be, i);
  RenderBundle bundle = be.finish();
  Texture first = target(), second = target();
  for (Texture* t : {&first, &second}) {
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(*t, {0, 0, 0, 1}));
    if (t == &second) pass.setViewport(0, 0, kSize / 2, kSize / 2, 0, 1);  // the pass's viewport
    pass.executeBundles({bundle});
    pass.end();
    submit(encoder);
  }
  expectImage(first, quadrantColor);
  // The bundle drew into the top-left quarter: each quadrant shrunk to 4x4.
  expectImage(second, [](uint32_t x, uint32_t y) {
    if (x >= kSize / 2 || y >= kSize / 2) return kBlack;
    return quadrantColor(x * 2, y * 2);
  });
}

TEST_F(RenderBundleTest, BindingStateIsResetAroundBundles) {
  // The pass binds object 0, the bundle object 1; after the bundle the pass
  // binds object 0 again (the command buffer still has object 1's offset:
  // the recorder must bind again) and draws it into the bottom-right quarter.
  RenderBundleEncoder be = bundleEncoder();
  drawObject(be, 1);
  RenderBundle bundle = be.finish();
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  drawObject(pass, 0);
  pass.executeBundles({bundle});
  pass.setViewport(kSize / 2, kSize / 2, kSize / 2, kSize / 2, 0, 1);
  drawObject(pass, 0);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) {
    if (y < kSize / 2 && x < kSize) return x < kSize / 2 ? kRed : kGreen;
    if (x >= kSize / 2 && x < kSize * 3 / 4 && y < kSize * 3 / 4) return kRed;
    return kBlack;
  });
}

TEST_F(RenderBundleTest, SeveralBundlesWithVertexIndexBuffersAndPipelines) {
  // Bundle 1: four instanced quads through vertex, instance and index
  // buffers; bundle 2: another pipeline's triangle over the lower-left half;
  // an empty bundle between them.
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) corner : vec2f, @location(1) offset : vec2f,
              @location(2) color : vec4f) -> Out {
  return Out(vec4f(corner + offset, 0, 1), color);
}
@fragment fn fs(@location(0) color : vec4f) -> @location(0) vec4f { return color; }
)");
  d.vertex.buffers.push_back(VertexBufferLayout{
      8, VertexStepMode::Vertex, {VertexAttribute{VertexFormat::Float32x2, 0, 0}}});
  d.vertex.buffers.push_back(VertexBufferLayout{12,
                                                VertexStepMode::Instance,
                                                {VertexAttribute{VertexFormat::Float32x2, 0, 1},
                                                 VertexAttribute{VertexFormat::Unorm8x4, 8, 2}}});
  RenderPipeline quads = device_.createRenderPipeline(d);
  RenderPipeline triangle = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  std::vector<float> corners{0, 0, 1, 0, 1, 1, 0, 1};
  struct Instance {
    float x, y;
    uint8_t rgba[4];
  };
  std::vector<Instance> instances{{-1, 0, {255, 0, 0, 255}},
                                  {0, 0, {0, 255, 0, 255}},
                                  {-1, -1, {0, 0, 255, 255}},
                                  {0, -1, {255, 255, 255, 255}}};
  std::vector<uint32_t> indices{0, 1, 2, 0, 2, 3};
  Buffer vertices = bufferWith(corners, BufferUsage::Vertex);
  Buffer perInstance = bufferWith(instances, BufferUsage::Vertex);
  Buffer index = bufferWith(indices, BufferUsage::Index);
  RenderBundleEncoder b1 = bundleEncoder();
  b1.setPipeline(quads);
  b1.setVertexBuffer(0, vertices);
  b1.setVertexBuffer(1, perInstance);
  b1.setIndexBuffer(index, IndexFormat::Uint32);
  b1.drawIndexed(6, 4);
  RenderBundle quadBundle = b1.finish();
  RenderBundle empty = bundleEncoder().finish();
  RenderBundleEncoder b2 = bundleEncoder();
  b2.setPipeline(triangle);
  b2.draw(3);
  RenderBundle triangleBundle = b2.finish();
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.executeBundles({quadBundle, empty, triangleBundle});
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) -> std::optional<Rgba> {
    float s = ndcX(x) + ndcY(y);
    if (std::abs(s) < 1e-4f) return std::nullopt;
    return s < 0 ? kRed : quadrantColor(x, y);
  });
}

TEST_F(RenderBundleTest, BundleOfOneThousandDrawsMatchesTheSameDrawsInThePass) {
  // 1,000 draws alternating over the four objects, as a bundle and as pass
  // commands: the same image (the last four draws decide it).
  RenderBundleEncoder be = bundleEncoder();
  for (uint32_t i = 0; i < 1000; ++i) drawObject(be, (i * 3) % 4);
  RenderBundle bundle = be.finish();
  Texture viaBundle = target(), viaPass = target();
  for (Texture* t : {&viaBundle, &viaPass}) {
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(*t, {0, 0, 0, 1}));
    if (t == &viaBundle) {
      pass.executeBundles({bundle});
    } else {
      for (uint32_t i = 0; i < 1000; ++i) drawObject(pass, (i * 3) % 4);
    }
    pass.end();
    submit(encoder);
  }
  EXPECT_EQ(read(viaBundle), read(viaPass));
  expectImage(viaBundle, quadrantColor);
}

}  // namespace
}  // namespace bindery::vulkan::testing
