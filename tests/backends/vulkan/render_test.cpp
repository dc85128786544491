// Render pipelines and render passes on Vulkan through the public API
// (issue 15): each test renders into a texture, copies it to a buffer and
// compares it with an image computed here (tolerance per format: 1/255 for
// rgba8unorm), under the Khronos validation layer (any message fails).
#include <fmt/format.h>

#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

TEST_F(RenderTest, ClearOnly) {
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0.25, 0.5, 0.75, 1}));
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{64, 128, 191, 255}; });
}

TEST_F(RenderTest, TriangleWithWebGpuOrientation) {
  Texture t = target();
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 1, 1}));
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

TEST_F(RenderTest, ViewportAndScissor) {
  // The triangle drawn into the right half's viewport, scissored to its top half.
  Texture t = target();
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.setPipeline(pipeline);
  pass.setViewport(kSize / 2, 0, kSize / 2, kSize, 0, 1);
  pass.setScissorRect(0, 0, kSize, kSize / 2);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) -> std::optional<Rgba> {
    if (x < kSize / 2 || y >= kSize / 2) return kBlack;
    // The viewport maps the whole NDC square onto the right half.
    float vx = (x - kSize / 2 + 0.5f) / (kSize / 2) * 2 - 1;
    float s = vx + ndcY(y);
    if (std::abs(s) < 1e-4f) return std::nullopt;
    return s < 0 ? kRed : kBlack;
  });
}

// Unit quads placed by per-instance offsets, coloured per instance.
constexpr std::string_view kInstancedQuads = R"(
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) corner : vec2f, @location(1) offset : vec2f,
              @location(2) color : vec4f) -> Out {
  return Out(vec4f(corner + offset, 0, 1), color);
}
@fragment fn fs(@location(0) color : vec4f) -> @location(0) vec4f { return color; }
)";

TEST_F(RenderTest, IndexedInstancedDraw) {
  Texture t = target();
  RenderPipelineDescriptor d = pipelineDescriptor(kInstancedQuads);
  d.vertex.buffers.push_back(VertexBufferLayout{
      8, VertexStepMode::Vertex, {VertexAttribute{VertexFormat::Float32x2, 0, 0}}});
  d.vertex.buffers.push_back(VertexBufferLayout{12,
                                                VertexStepMode::Instance,
                                                {VertexAttribute{VertexFormat::Float32x2, 0, 1},
                                                 VertexAttribute{VertexFormat::Unorm8x4, 8, 2}}});
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  // A unit quad; four instances in the four quadrants (NDC, y up).
  std::vector<float> corners{0, 0, 1, 0, 1, 1, 0, 1};
  struct Instance {
    float x, y;
    uint8_t rgba[4];
  };
  std::vector<Instance> instances{{-1, 0, {255, 0, 0, 255}},   // top left
                                  {0, 0, {0, 255, 0, 255}},    // top right
                                  {-1, -1, {0, 0, 255, 255}},  // bottom left
                                  {0, -1, {255, 255, 0, 255}}};
  std::vector<uint16_t> indices{0, 1, 2, 0, 2, 3};
  Buffer vertices = bufferWith(corners, BufferUsage::Vertex);
  Buffer perInstance = bufferWith(instances, BufferUsage::Vertex);
  Buffer index = bufferWith(indices, BufferUsage::Index);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.setPipeline(pipeline);
  pass.setVertexBuffer(0, vertices);
  pass.setVertexBuffer(1, perInstance);
  pass.setIndexBuffer(index, IndexFormat::Uint16);
  pass.drawIndexed(6, 4);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) {
    bool left = x < kSize / 2, top = y < kSize / 2;
    if (top) return left ? kRed : kGreen;
    return left ? kBlue : Rgba{255, 255, 0, 255};
  });
}

TEST_F(RenderTest, UniformBindGroupWithDynamicOffsetsPerObject) {
  // Seed 000's per-object pattern: one uniform buffer of per-object blocks at
  // a 256-byte stride, one bind group with a dynamic offset, one draw each.
  Texture t = target();
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
struct Object { offset : vec2f, scale : f32, color : vec4f }
@group(0) @binding(0) var<uniform> object : Object;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(0, 0), vec2f(1, 0), vec2f(1, 1), vec2f(0, 0), vec2f(1, 1), vec2f(0, 1));
  return vec4f(p[i] * object.scale + object.offset, 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return object.color; }
)");
  BindGroupLayoutEntry entry;
  entry.binding = 0;
  entry.visibility = ShaderStage::Vertex | ShaderStage::Fragment;
  entry.buffer = BufferBindingLayout{BufferBindingType::Uniform, true, 0};
  BindGroupLayout layout = device_.createBindGroupLayout({"", {entry}});
  d.layout = device_.createPipelineLayout({"", {layout}, 0});
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  constexpr uint32_t kStride = 256;
  std::vector<uint8_t> blocks(4 * kStride);
  float objects[4][8] = {{-1, 0, 1, 0, 1, 0, 0, 1},
                         {0, 0, 1, 0, 0, 1, 0, 1},
                         {-1, -1, 1, 0, 0, 0, 1, 1},
                         {0, -1, 0.5f, 0, 1, 1, 1, 1}};
  for (uint32_t i = 0; i < 4; ++i) std::memcpy(&blocks[i * kStride], objects[i], 32);
  Buffer uniforms = bufferWith(blocks, BufferUsage::Uniform);
  BindGroupDescriptor gd;
  gd.layout = layout;
  gd.entries.push_back({0, BufferBinding{uniforms, 0, 32}});
  BindGroup group = device_.createBindGroup(gd);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.setPipeline(pipeline);
  for (uint32_t i = 0; i < 4; ++i) {
    pass.setBindGroup(0, group, {i * kStride});
    pass.draw(6);
  }
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) {
    bool left = x < kSize / 2, top = y < kSize / 2;
    if (top) return left ? kRed : kGreen;
    if (left) return kBlue;
    // Object 3 is a half-size quad at the bottom-right quadrant's lower-left corner.
    bool inside = x < kSize * 3 / 4 && y >= kSize * 3 / 4;
    return inside ? Rgba{255, 255, 255, 255} : kBlack;
  });
}

// A full-attachment quad at depth `z` in `color`, from per-draw immediates-free
// vertex data: position.z and the colour come from the vertex buffer.
constexpr std::string_view kDepthQuads = R"(
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) position : vec3f, @location(1) color : vec4f) -> Out {
  return Out(vec4f(position, 1), color);
}
@fragment fn fs(@location(0) color : vec4f) -> @location(0) vec4f { return color; }
)";

struct ColoredVertex {
  float x, y, z;
  float r, g, b, a;
};
void addQuad(std::vector<ColoredVertex>& v, float x0, float x1, float z, Rgba c) {
  auto f = [](uint8_t u) { return u / 255.0f; };
  ColoredVertex corner{0, 0, z, f(c[0]), f(c[1]), f(c[2]), f(c[3])};
  for (auto [x, y] : std::array<std::pair<float, float>, 6>{
           {{x0, -1}, {x1, -1}, {x1, 1}, {x0, -1}, {x1, 1}, {x0, 1}}}) {
    corner.x = x;
    corner.y = y;
    v.push_back(corner);
  }
}

TEST_F(RenderTest, DepthTestLess) {
  Texture t = target();
  Texture depth = target(TextureFormat::Depth32float);
  RenderPipelineDescriptor d = pipelineDescriptor(kDepthQuads);
  d.vertex.buffers.push_back(VertexBufferLayout{28,
                                                VertexStepMode::Vertex,
                                                {VertexAttribute{VertexFormat::Float32x3, 0, 0},
                                                 VertexAttribute{VertexFormat::Float32x4, 12, 1}}});
  DepthStencilState ds;
  ds.format = TextureFormat::Depth32float;
  ds.depthWriteEnabled = true;
  ds.depthCompare = CompareFunction::Less;
  d.depthStencil = ds;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  // Green everywhere at 0.5; red on the left half behind it (0.8, rejected);
  // blue on the right half in front (0.2, kept).
  std::vector<ColoredVertex> v;
  addQuad(v, -1, 1, 0.5f, kGreen);
  addQuad(v, -1, 0, 0.8f, kRed);
  addQuad(v, 0, 1, 0.2f, kBlue);
  Buffer vertices = bufferWith(v, BufferUsage::Vertex);
  RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
  RenderPassDepthStencilAttachment da;
  da.view = depth.createView();
  da.depthClearValue = 1.0f;
  da.depthLoadOp = LoadOp::Clear;
  da.depthStoreOp = StoreOp::Discard;
  pd.depthStencilAttachment = da;
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  pass.setPipeline(pipeline);
  pass.setVertexBuffer(0, vertices);
  pass.draw(18);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) { return x < kSize / 2 ? kGreen : kBlue; });
}

TEST_F(RenderTest, BlendingSrcAlphaAndConstant) {
  Texture t = target();
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1, 0, 0, 0.5); }
)");
  // color: src * srcAlpha + dst * (1 - srcAlpha); alpha: constant.a * src + dst.
  BlendState blend;
  blend.color = {BlendOperation::Add, BlendFactor::SrcAlpha, BlendFactor::OneMinusSrcAlpha};
  blend.alpha = {BlendOperation::Add, BlendFactor::Constant, BlendFactor::Zero};
  d.fragment->targets[0]->blend = blend;
  d.fragment->targets[0]->writeMask = ColorWrite::Red | ColorWrite::Blue | ColorWrite::Alpha;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 1, 1, 1}));
  pass.setPipeline(pipeline);
  pass.setBlendConstant({0, 0, 0, 0.5});
  pass.draw(3);
  pass.end();
  submit(encoder);
  // Green is masked (stays 1); alpha = 0.5 * 0.5.
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{128, 255, 128, 64}; });
}

TEST_F(RenderTest, MultisampleResolve) {
  Texture msaa = target(TextureFormat::Rgba8unorm, 4);
  Texture resolved = target();
  RenderPipelineDescriptor d = pipelineDescriptor(kTriangle);
  d.multisample.count = 4;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  RenderPassDescriptor pd = passFor(msaa, {0, 0, 1, 1});
  pd.colorAttachments[0].resolveTarget = resolved.createView();
  pd.colorAttachments[0].storeOp = StoreOp::Discard;
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  std::vector<Rgba> texels = read(resolved);
  for (uint32_t y = 0; y < kSize; ++y) {
    for (uint32_t x = 0; x < kSize; ++x) {
      const Rgba& got = texels[y * kSize + x];
      if (x == y) {
        // On the diagonal the samples are split: a blend of red and blue.
        EXPECT_GT(got[0], 0) << x;
        EXPECT_GT(got[2], 0) << x;
        EXPECT_NEAR(got[0] + got[2], 255, 2) << x;
      } else {
        Rgba want = *triangleImage(x, y, kBlue);
        EXPECT_EQ(got, want) << "texel (" << x << ", " << y << ")";
      }
    }
  }
}

TEST_F(RenderTest, DrawIndirectAndAsyncPipeline) {
  Texture t = target();
  std::optional<RenderPipeline> pipeline;
  device_.createRenderPipelineAsync(pipelineDescriptor(kTriangle),
                                    [&](CreatePipelineAsyncResult<RenderPipeline> result) {
                                      EXPECT_FALSE(result.error.has_value());
                                      pipeline = result.pipeline;
                                    });
  finish();
  ASSERT_TRUE(pipeline.has_value());
  std::vector<uint32_t> args{3, 1, 0, 0};
  Buffer indirect = bufferWith(args, BufferUsage::Indirect);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 1, 1}));
  pass.setPipeline(*pipeline);
  pass.drawIndirect(indirect, 0);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

TEST_F(RenderTest, StencilReplaceThenEqual) {
  // Pass 1 writes the stencil reference 7 where the triangle is; pass 2 draws
  // a full-screen green quad only where stencil == 7 (loadOp 'load').
  Texture t = target();
  Texture stencil = target(TextureFormat::Stencil8);
  auto pipelineWith = [&](std::string_view wgsl, CompareFunction compare, StencilOperation pass) {
    RenderPipelineDescriptor d = pipelineDescriptor(wgsl);
    DepthStencilState ds;
    ds.format = TextureFormat::Stencil8;
    ds.stencilFront = {compare, StencilOperation::Keep, StencilOperation::Keep, pass};
    ds.stencilBack = ds.stencilFront;
    d.depthStencil = ds;
    return device_.createRenderPipeline(d);
  };
  RenderPipeline write =
      pipelineWith(kTriangle, CompareFunction::Always, StencilOperation::Replace);
  RenderPipeline test = pipelineWith(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(0, 1, 0, 1); }
)",
                                     CompareFunction::Equal, StencilOperation::Keep);
  CommandEncoder encoder = device_.createCommandEncoder();
  for (int i = 0; i < 2; ++i) {
    RenderPassDescriptor pd = passFor(t, {0, 0, 1, 1});
    RenderPassDepthStencilAttachment da;
    da.view = stencil.createView();
    da.stencilClearValue = 0;
    da.stencilLoadOp = i == 0 ? LoadOp::Clear : LoadOp::Load;
    da.stencilStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(i == 0 ? write : test);
    pass.setStencilReference(7);
    pass.draw(3);
    pass.end();
  }
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) -> std::optional<Rgba> {
    std::optional<Rgba> tri = triangleImage(x, y, kBlue);
    if (!tri) return std::nullopt;
    return *tri == kRed ? kGreen : kBlue;
  });
}

TEST_F(RenderTest, TriangleStripWithRestartAndBackFaceCulling) {
  // Two strips separated by the uint32 restart index: a clockwise (culled)
  // quad on the left, a counter-clockwise (kept) quad on the right.
  Texture t = target();
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@location(0) p : vec2f) -> @builtin(position) vec4f { return vec4f(p, 0, 1); }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1, 0, 0, 1); }
)");
  d.vertex.buffers.push_back(VertexBufferLayout{
      8, VertexStepMode::Vertex, {VertexAttribute{VertexFormat::Float32x2, 0, 0}}});
  d.primitive.topology = PrimitiveTopology::TriangleStrip;
  d.primitive.stripIndexFormat = IndexFormat::Uint32;
  d.primitive.cullMode = CullMode::Back;
  d.primitive.frontFace = FrontFace::Ccw;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  std::vector<float> v{
      -1, -1, -1, 1,  0, -1, 0, 1,  // left: (bl, tl, br), (tl, br, tr): clockwise
      0,  -1, 1,  -1, 0, 1,  1, 1,  // right: (bl, br, tl), (br, tl, tr): counter-clockwise
  };
  std::vector<uint32_t> indices{0, 1, 2, 3, 0xFFFFFFFFu, 4, 5, 6, 7};
  Buffer vertices = bufferWith(v, BufferUsage::Vertex);
  Buffer index = bufferWith(indices, BufferUsage::Index);
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 1, 1}));
  pass.setPipeline(pipeline);
  pass.setVertexBuffer(0, vertices);
  pass.setIndexBuffer(index, IndexFormat::Uint32);
  pass.drawIndexed(9);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) { return x < kSize / 2 ? kBlue : kRed; });
}

TEST_F(RenderTest, LoadOpLoadKeepsAndZeroInitialises) {
  // loadOp 'load' of a never-written texture reads zeros (lazy zero-init);
  // a later 'load' pass keeps the earlier pass's contents.
  Texture fresh = target();
  Texture t = target();
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(kTriangle));
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassDescriptor zero = passFor(fresh, {1, 1, 1, 1});
  zero.colorAttachments[0].loadOp = LoadOp::Load;
  encoder.beginRenderPass(zero).end();
  encoder.beginRenderPass(passFor(t, {0, 0, 1, 1})).end();
  RenderPassDescriptor load = passFor(t, {1, 1, 1, 1});
  load.colorAttachments[0].loadOp = LoadOp::Load;
  RenderPassEncoder pass = encoder.beginRenderPass(load);
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(fresh, [](uint32_t, uint32_t) { return Rgba{0, 0, 0, 0}; });
  expectImage(t, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

// Depth-tested quads (kDepthQuads' vertex layout) into Depth32float.
class RenderDepthTest : public RenderTest {
 protected:
  RenderPipeline depthQuadPipeline(std::string_view wgsl, bool writeDepth) {
    RenderPipelineDescriptor d = pipelineDescriptor(wgsl);
    d.vertex.buffers.push_back(
        VertexBufferLayout{28,
                           VertexStepMode::Vertex,
                           {VertexAttribute{VertexFormat::Float32x3, 0, 0},
                            VertexAttribute{VertexFormat::Float32x4, 12, 1}}});
    DepthStencilState ds;
    ds.format = TextureFormat::Depth32float;
    ds.depthWriteEnabled = writeDepth;
    ds.depthCompare = CompareFunction::Less;
    d.depthStencil = ds;
    return device_.createRenderPipeline(d);
  }
  // A pass that clears `color` to black and `depth` to 1, then draws
  // `vertexCount` vertices with `writer`, storing the depth.
  void writeDepth(CommandEncoder& encoder, const Texture& color, const Texture& depth,
                  const RenderPipeline& writer, const Buffer& vertices, uint32_t vertexCount) {
    RenderPassDescriptor pd = passFor(color, {0, 0, 0, 1});
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthClearValue = 1.0f;
    da.depthLoadOp = LoadOp::Clear;
    da.depthStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(writer);
    pass.setVertexBuffer(0, vertices);
    pass.draw(vertexCount);
    pass.end();
  }
};

TEST_F(RenderDepthTest, ReadOnlyDepthAttachmentTestsWithoutWriting) {
  // Pass 1 writes depth 0.5 everywhere; pass 2 uses the depth attachment
  // read-only (no load/store ops): red at 0.8 is rejected, blue at 0.2 kept.
  Texture t = target();
  Texture depth = target(TextureFormat::Depth32float);
  RenderPipeline writer = depthQuadPipeline(kDepthQuads, true);
  RenderPipeline reader = depthQuadPipeline(kDepthQuads, false);
  std::vector<ColoredVertex> v;
  addQuad(v, -1, 1, 0.5f, kGreen);
  addQuad(v, -1, 0, 0.8f, kRed);
  addQuad(v, 0, 1, 0.2f, kBlue);
  Buffer vertices = bufferWith(v, BufferUsage::Vertex);
  CommandEncoder encoder = device_.createCommandEncoder();
  writeDepth(encoder, t, depth, writer, vertices, 6);
  {
    RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
    pd.colorAttachments[0].loadOp = LoadOp::Load;
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthReadOnly = true;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(reader);
    pass.setVertexBuffer(0, vertices);
    pass.draw(12, 1, 6);
    pass.end();
  }
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) { return x < kSize / 2 ? kGreen : kBlue; });
}

TEST_F(RenderDepthTest, SamplesTheReadOnlyDepthAttachmentOfItsPass) {
  // Pass 1 writes depth 0.25 (left half) and 0.75 (right half). Pass 2 uses
  // that texture as its read-only depth attachment AND reads it in the
  // fragment shader (attachment-read + constant in one usage scope,
  // #programming-model-resource-usages): a quad at 0.5 with 'less' passes on
  // the right half only, where it writes the depth it loaded (0.75 -> 191).
  Texture t = target();
  TextureDescriptor dd;
  dd.size = {kSize, kSize, 1};
  dd.format = TextureFormat::Depth32float;
  dd.usage = TextureUsage::RenderAttachment | TextureUsage::TextureBinding;
  Texture depth = device_.createTexture(dd);
  RenderPipeline writer = depthQuadPipeline(kDepthQuads, true);
  RenderPipeline reader = depthQuadPipeline(R"(
@group(0) @binding(0) var depthTexture : texture_depth_2d;
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) position : vec3f, @location(1) color : vec4f) -> Out {
  return Out(vec4f(position, 1), color);
}
@fragment fn fs(in : Out) -> @location(0) vec4f {
  return vec4f(textureLoad(depthTexture, vec2u(in.position.xy), 0), 0, 0, 1);
})",
                                            false);
  BindGroupDescriptor gd;
  gd.layout = reader.getBindGroupLayout(0);
  gd.entries = {{0, depth.createView()}};
  BindGroup group = device_.createBindGroup(gd);
  std::vector<ColoredVertex> v;
  addQuad(v, -1, 0, 0.25f, kGreen);
  addQuad(v, 0, 1, 0.75f, kGreen);
  addQuad(v, -1, 1, 0.5f, kBlue);
  Buffer vertices = bufferWith(v, BufferUsage::Vertex);
  CommandEncoder encoder = device_.createCommandEncoder();
  writeDepth(encoder, t, depth, writer, vertices, 12);
  {
    RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
    pd.colorAttachments[0].loadOp = LoadOp::Load;
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthReadOnly = true;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(reader);
    pass.setBindGroup(0, group);
    pass.setVertexBuffer(0, vertices);
    pass.draw(6, 1, 12);
    pass.end();
  }
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) {
    return x < kSize / 2 ? kGreen : Rgba{191, 0, 0, 255};
  });
}

TEST_F(RenderDepthTest, SamplesDepthWhileItsStencilIsWrittenInThePass) {
  // A depth24plus-stencil8 attachment with depthReadOnly and a written
  // stencil, whose depth aspect the pass also samples: the depth aspect is
  // attachment-read + constant, the stencil aspect attachment, each aspect
  // its own subresource (#programming-model-resource-usages), so this is
  // valid. The image is in DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, which
  // a depth-only descriptor in DEPTH_STENCIL_READ_ONLY_OPTIMAL matches
  // (Vulkan's relaxed matching for single-aspect descriptors).
  Texture t = target();
  TextureDescriptor dd;
  dd.size = {kSize, kSize, 1};
  dd.format = TextureFormat::Depth24plusStencil8;
  dd.usage = TextureUsage::RenderAttachment | TextureUsage::TextureBinding | TextureUsage::CopySrc;
  Texture depth = device_.createTexture(dd);
  auto pipeline = [&](std::string_view wgsl, bool writeDepth, StencilOperation passOp) {
    RenderPipelineDescriptor d = pipelineDescriptor(wgsl);
    d.vertex.buffers.push_back(
        VertexBufferLayout{28,
                           VertexStepMode::Vertex,
                           {VertexAttribute{VertexFormat::Float32x3, 0, 0},
                            VertexAttribute{VertexFormat::Float32x4, 12, 1}}});
    DepthStencilState ds;
    ds.format = TextureFormat::Depth24plusStencil8;
    ds.depthWriteEnabled = writeDepth;
    ds.depthCompare = writeDepth ? CompareFunction::Less : CompareFunction::Always;
    ds.stencilFront.passOp = ds.stencilBack.passOp = passOp;
    d.depthStencil = ds;
    return device_.createRenderPipeline(d);
  };
  RenderPipeline writer = pipeline(kDepthQuads, true, StencilOperation::Keep);
  RenderPipeline reader = pipeline(R"(
@group(0) @binding(0) var depthTexture : texture_depth_2d;
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) position : vec3f, @location(1) color : vec4f) -> Out {
  return Out(vec4f(position, 1), color);
}
@fragment fn fs(in : Out) -> @location(0) vec4f {
  return vec4f(textureLoad(depthTexture, vec2u(in.position.xy), 0), 0, 0, 1);
})",
                                   false, StencilOperation::Replace);
  TextureViewDescriptor depthOnly;
  depthOnly.aspect = TextureAspect::DepthOnly;
  BindGroupDescriptor gd;
  gd.layout = reader.getBindGroupLayout(0);
  gd.entries = {{0, depth.createView(depthOnly)}};
  BindGroup group = device_.createBindGroup(gd);
  std::vector<ColoredVertex> v;
  addQuad(v, -1, 0, 0.25f, kGreen);
  addQuad(v, 0, 1, 0.75f, kGreen);
  addQuad(v, -1, 1, 0.5f, kBlue);
  Buffer vertices = bufferWith(v, BufferUsage::Vertex);
  CommandEncoder encoder = device_.createCommandEncoder();
  {
    RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthClearValue = 1.0f;
    da.depthLoadOp = LoadOp::Clear;
    da.depthStoreOp = StoreOp::Store;
    da.stencilLoadOp = LoadOp::Clear;
    da.stencilStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(writer);
    pass.setVertexBuffer(0, vertices);
    pass.draw(12);
    pass.end();
  }
  {
    RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
    pd.colorAttachments[0].loadOp = LoadOp::Load;
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthReadOnly = true;
    da.stencilLoadOp = LoadOp::Load;
    da.stencilStoreOp = StoreOp::Store;
    pd.depthStencilAttachment = da;
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(reader);
    pass.setBindGroup(0, group);
    pass.setStencilReference(7);
    pass.setVertexBuffer(0, vertices);
    pass.draw(6, 1, 12);
    pass.end();
  }
  submit(encoder);
  // Every fragment drew the depth it sampled (0.25 -> 64, 0.75 -> 191)...
  expectImage(t, [](uint32_t x, uint32_t) {
    return x < kSize / 2 ? Rgba{64, 0, 0, 255} : Rgba{191, 0, 0, 255};
  });
  // ... and replaced the stencil with the reference.
  Buffer stencil = makeBuffer(256 * kSize, BufferUsage::CopyDst | BufferUsage::CopySrc);
  CommandEncoder copy = device_.createCommandEncoder();
  copy.copyTextureToBuffer({depth, 0, {0, 0, 0}, TextureAspect::StencilOnly},
                           {stencil, 0, 256, kSize}, {kSize, kSize, 1});
  submit(copy);
  std::vector<uint8_t> bytes = readBuffer(stencil, 0, 256 * kSize);
  for (uint32_t y = 0; y < kSize; ++y) {
    for (uint32_t x = 0; x < kSize; ++x) ASSERT_EQ(bytes[y * 256 + x], 7) << x << "," << y;
  }
}

TEST_F(RenderTest, NullColorSlotAndSecondTarget) {
  // colorAttachments [null, t]; the fragment writes @location(1) only.
  Texture t = target();
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(1, -1), vec2f(-1, 1));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(1) vec4f { return vec4f(1, 0, 0, 1); }
)");
  d.fragment->targets = {std::nullopt, ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt}};
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  RenderPassDescriptor pd = passFor(t, {0, 0, 1, 1});
  pd.colorAttachments.insert(pd.colorAttachments.begin(), RenderPassColorAttachment{});
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) { return triangleImage(x, y, kBlue); });
}

// One attribute of a vertex format: its bytes and what the shader reads
// (missing components are (0, 0, 0, 1), #vertex-processing).
struct VertexFormatCase {
  VertexFormat format;
  char kind;  // 'f', 'u' or 'i': the shader's vec4 type
  std::vector<uint8_t> bytes;
  std::array<float, 4> expected;
};

template <class T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

std::vector<VertexFormatCase> vertexFormatCases() {
  using F = VertexFormat;
  auto u8 = bytesOf<uint8_t>({1, 2, 3, 4});
  auto s8 = bytesOf<int8_t>({-1, 2, -3, 4});
  auto n8 = bytesOf<uint8_t>({0, 51, 102, 255});
  auto sn8 = bytesOf<int8_t>({-127, 64, 127, 0});
  auto u16 = bytesOf<uint16_t>({1, 2, 3, 60000});
  auto s16 = bytesOf<int16_t>({-1, 2, -3, 30000});
  auto n16 = bytesOf<uint16_t>({0, 65535, 13107, 65535});
  auto sn16 = bytesOf<int16_t>({-32767, 32767, 0, -32767});
  auto h16 = bytesOf<uint16_t>({0x3C00, 0xC000, 0x3800, 0x4400});  // 1, -2, 0.5, 4
  auto f32 = bytesOf<float>({1.5f, -2.0f, 0.25f, 8.0f});
  auto u32 = bytesOf<uint32_t>({1, 2, 3, 100000});
  auto s32 = bytesOf<int32_t>({-1, 2, -3, 100000});
  float sn127 = 64.0f / 127.0f;
  std::vector<VertexFormatCase> cases = {
      {F::Uint8, 'u', u8, {1, 0, 0, 1}},
      {F::Uint8x2, 'u', u8, {1, 2, 0, 1}},
      {F::Uint8x4, 'u', u8, {1, 2, 3, 4}},
      {F::Sint8, 'i', s8, {-1, 0, 0, 1}},
      {F::Sint8x2, 'i', s8, {-1, 2, 0, 1}},
      {F::Sint8x4, 'i', s8, {-1, 2, -3, 4}},
      {F::Unorm8, 'f', n8, {0, 0, 0, 1}},
      {F::Unorm8x2, 'f', n8, {0, 0.2f, 0, 1}},
      {F::Unorm8x4, 'f', n8, {0, 0.2f, 0.4f, 1}},
      {F::Snorm8, 'f', sn8, {-1, 0, 0, 1}},
      {F::Snorm8x2, 'f', sn8, {-1, sn127, 0, 1}},
      {F::Snorm8x4, 'f', sn8, {-1, sn127, 1, 0}},
      {F::Uint16, 'u', u16, {1, 0, 0, 1}},
      {F::Uint16x2, 'u', u16, {1, 2, 0, 1}},
      {F::Uint16x4, 'u', u16, {1, 2, 3, 60000}},
      {F::Sint16, 'i', s16, {-1, 0, 0, 1}},
      {F::Sint16x2, 'i', s16, {-1, 2, 0, 1}},
      {F::Sint16x4, 'i', s16, {-1, 2, -3, 30000}},
      {F::Unorm16, 'f', n16, {0, 0, 0, 1}},
      {F::Unorm16x2, 'f', n16, {0, 1, 0, 1}},
      {F::Unorm16x4, 'f', n16, {0, 1, 0.2f, 1}},
      {F::Snorm16, 'f', sn16, {-1, 0, 0, 1}},
      {F::Snorm16x2, 'f', sn16, {-1, 1, 0, 1}},
      {F::Snorm16x4, 'f', sn16, {-1, 1, 0, -1}},
      {F::Float16, 'f', h16, {1, 0, 0, 1}},
      {F::Float16x2, 'f', h16, {1, -2, 0, 1}},
      {F::Float16x4, 'f', h16, {1, -2, 0.5f, 4}},
      {F::Float32, 'f', f32, {1.5f, 0, 0, 1}},
      {F::Float32x2, 'f', f32, {1.5f, -2, 0, 1}},
      {F::Float32x3, 'f', f32, {1.5f, -2, 0.25f, 1}},
      {F::Float32x4, 'f', f32, {1.5f, -2, 0.25f, 8}},
      {F::Uint32, 'u', u32, {1, 0, 0, 1}},
      {F::Uint32x2, 'u', u32, {1, 2, 0, 1}},
      {F::Uint32x3, 'u', u32, {1, 2, 3, 1}},
      {F::Uint32x4, 'u', u32, {1, 2, 3, 100000}},
      {F::Sint32, 'i', s32, {-1, 0, 0, 1}},
      {F::Sint32x2, 'i', s32, {-1, 2, 0, 1}},
      {F::Sint32x3, 'i', s32, {-1, 2, -3, 1}},
      {F::Sint32x4, 'i', s32, {-1, 2, -3, 100000}},
      // r = 1023, g = 0, b = 511, a = 3 (r in the low bits).
      {F::Unorm1010102,
       'f',
       bytesOf<uint32_t>({1023u | (511u << 20) | (3u << 30)}),
       {1, 0, 511.0f / 1023, 1}},
      // Memory order b, g, r, a; the shader reads r, g, b, a.
      {F::Unorm8x4Bgra, 'f', n8, {0.4f, 0.2f, 0, 1}},
  };
  return cases;
}

TEST_F(RenderTest, EveryVertexFormatWithZeroStride) {
  // Each format's attribute (arrayStride 0: every vertex reads element 0)
  // goes to an rgba32float attachment; compared within 1e-3.
  TextureDescriptor td;
  td.size = {kSize, kSize, 1};
  td.format = TextureFormat::Rgba32float;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
  Texture t = device_.createTexture(td);
  Buffer readback = makeBuffer(256 * kSize, BufferUsage::CopySrc | BufferUsage::CopyDst);
  for (const VertexFormatCase& c : vertexFormatCases()) {
    SCOPED_TRACE(std::string(toString(c.format)));
    std::string type = c.kind == 'f' ? "vec4f" : c.kind == 'u' ? "vec4u" : "vec4i";
    std::string wgsl = fmt::format(R"(
struct Out {{ @builtin(position) position : vec4f, @location(0) @interpolate(flat) value : vec4f }}
@vertex fn vs(@builtin(vertex_index) i : u32, @location(0) a : {}) -> Out {{
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return Out(vec4f(p[i], 0, 1), vec4f(a));
}}
@fragment fn fs(@location(0) @interpolate(flat) value : vec4f) -> @location(0) vec4f {{
  return value;
}}
)",
                                   type);
    RenderPipelineDescriptor d = pipelineDescriptor(wgsl);
    d.fragment->targets[0]->format = TextureFormat::Rgba32float;
    d.vertex.buffers.push_back(
        VertexBufferLayout{0, VertexStepMode::Vertex, {VertexAttribute{c.format, 0, 0}}});
    RenderPipeline pipeline = device_.createRenderPipeline(d);
    Buffer vertices = bufferWith(c.bytes, BufferUsage::Vertex);
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {9, 9, 9, 9}));
    pass.setPipeline(pipeline);
    pass.setVertexBuffer(0, vertices);
    pass.draw(3);
    pass.end();
    encoder.copyTextureToBuffer({t}, {readback, 0, 256, kSize}, {1, 1, 1});
    submit(encoder);
    std::vector<uint8_t> raw = readBuffer(readback, 0, 16);
    float got[4];
    std::memcpy(got, raw.data(), 16);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(got[i], c.expected[i], 1e-3) << "component " << i;
  }
}

TEST_F(RenderTest, TextureDestroyedBeforeItsRenderedView) {
  // The VkImageView outlives its image's destroy() without a validation message.
  Texture t = target();
  TextureView view = t.createView();
  RenderPassDescriptor pd = passFor(t, {1, 0, 0, 1});
  pd.colorAttachments[0].view = view;
  CommandEncoder encoder = device_.createCommandEncoder();
  encoder.beginRenderPass(pd).end();
  submit(encoder);
  expectImage(t, [](uint32_t, uint32_t) { return kRed; });
  t.destroy();
  finish();
  view = {};
  pd = {};
  finish();
  EXPECT_FALSE(device_.isLost());
}

}  // namespace
}  // namespace bindery::vulkan::testing
