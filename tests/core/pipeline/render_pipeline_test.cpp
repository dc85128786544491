// #render-pipeline-creation: stages, vertex buffers, targets, depth-stencil,
// multisample, primitive state, maxBindGroupsPlusVertexBuffers.
#include "core/base/handles.h"
#include "core/pipeline/pipeline.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

constexpr const char* kShader = R"(
@group(0) @binding(0) var<uniform> u : vec4f;
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p + u; }
@fragment fn fs() -> @location(0) vec4f { return u; }
)";

class RenderPipelineTest : public DeviceTest {
 protected:
  void SetUp() override {
    DeviceTest::SetUp();
    m = device.createShaderModule({.label = "draw", .code = kShader});
  }
  RenderPipelineDescriptor desc() {
    return {
        .label = "rp",
        .layout = kAutoLayout,
        .vertex = {.module = m,
                   .buffers = {VertexBufferLayout{.arrayStride = 16,
                                                  .attributes = {{.format = VertexFormat::Float32x4,
                                                                  .offset = 0,
                                                                  .shaderLocation = 0}}}}},
        .fragment = FragmentState{
            .module = m, .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}};
  }
  ShaderModule m;
};

TEST_F(RenderPipelineTest, Valid) {
  RenderPipeline p;
  expectValid([&] { p = device.createRenderPipeline(desc()); });
  const auto* base = core::fromHandle<core::RenderPipelineBase>(p);
  ASSERT_TRUE(base->isValid());
  EXPECT_EQ(base->vertexBufferCount(), 1u);
  ASSERT_EQ(base->colorFormats().size(), 1u);
  EXPECT_EQ(*base->colorFormats()[0], TextureFormat::Rgba8unorm);
  EXPECT_EQ(base->sampleCount(), 1u);
  EXPECT_FALSE(base->writesDepth());
  EXPECT_EQ(base->stages().size(), 2u);
  EXPECT_EQ(p.getBindGroupLayout(0).entries()[0].visibility,
            ShaderStage::Vertex | ShaderStage::Fragment);
}

TEST_F(RenderPipelineTest, DepthOnlyWithoutFragment) {
  RenderPipelineDescriptor d = desc();
  d.fragment.reset();
  d.depthStencil = DepthStencilState{.format = TextureFormat::Depth32float,
                                     .depthWriteEnabled = true,
                                     .depthCompare = CompareFunction::Less};
  RenderPipeline p;
  expectValid([&] { p = device.createRenderPipeline(d); });
  EXPECT_TRUE(core::fromHandle<core::RenderPipelineBase>(p)->writesDepth());
  d.depthStencil.reset();
  expectError(ErrorCode::RenderPipelineNoOutput, [&] { device.createRenderPipeline(d); });
}

TEST_F(RenderPipelineTest, StageBindingsAreValidated) {
  BindGroupLayout bgl = device.createBindGroupLayout(
      {.label = "frag-only",
       .entries = {
           {.binding = 0, .visibility = ShaderStage::Fragment, .buffer = BufferBindingLayout{}}}});
  RenderPipelineDescriptor d = desc();
  d.layout = device.createPipelineLayout({.bindGroupLayouts = {bgl}});
  expectError(ErrorCode::PipelineBindingVisibility, [&] { device.createRenderPipeline(d); },
              {"entry point 'vs' (vertex)", "lacks GPUShaderStage.VERTEX",
               "[BindGroupLayout \"frag-only\"]"});
}

TEST_F(RenderPipelineTest, VertexBuffers) {
  RenderPipelineDescriptor d = desc();
  d.vertex.buffers[0]->arrayStride = 18;
  expectError(ErrorCode::RenderPipelineVertexBufferLayout, [&] { device.createRenderPipeline(d); },
              {"arrayStride (18) is not a multiple of 4"});
  d = desc();
  d.vertex.buffers[0]->arrayStride = 12;
  expectError(ErrorCode::RenderPipelineVertexBufferLayout, [&] { device.createRenderPipeline(d); },
              {"ends at byte 16", "the arrayStride"});
  d = desc();
  d.vertex.buffers[0]->attributes[0].offset = 2;
  d.vertex.buffers[0]->arrayStride = 20;
  expectError(ErrorCode::RenderPipelineVertexBufferLayout, [&] { device.createRenderPipeline(d); },
              {"offset (2) is not a multiple of 4"});
  d = desc();
  d.vertex.buffers[0]->attributes.push_back(
      {.format = VertexFormat::Float32, .offset = 0, .shaderLocation = 0});
  expectError(ErrorCode::RenderPipelineVertexBufferLayout, [&] { device.createRenderPipeline(d); },
              {"shaderLocation (0) is used by another attribute"});
  d = desc();
  d.vertex.buffers.resize(9);
  expectError(ErrorCode::RenderPipelineVertexBufferCount, [&] { device.createRenderPipeline(d); },
              {"maxVertexBuffers limit (8)"});
  // Null slots count up to the last non-null one.
  d = desc();
  d.vertex.buffers.insert(d.vertex.buffers.begin(), 3, std::nullopt);
  RenderPipeline p = device.createRenderPipeline(d);
  EXPECT_EQ(core::fromHandle<core::RenderPipelineBase>(p)->vertexBufferCount(), 4u);
}

TEST_F(RenderPipelineTest, BindGroupsPlusVertexBuffers) {
  // An adapter with maxBindGroups 8 and maxVertexBuffers 20 whose sum limit
  // stays at its default, 24.
  DeviceOptions options;
  Limits adapterLimits;
  adapterLimits.maxBindGroups = 8;
  adapterLimits.maxVertexBuffers = 20;
  options.adapter.limits = adapterLimits;
  options.descriptor.requiredLimits = {{"maxBindGroups", 8}, {"maxVertexBuffers", 20}};
  Device big = makeDevice(options);
  ShaderModule mm = big.createShaderModule({.code = kShader});
  BindGroupLayout bgl = big.createBindGroupLayout(
      {.entries = {{.binding = 0,
                    .visibility = ShaderStage::Vertex | ShaderStage::Fragment,
                    .buffer = BufferBindingLayout{}}}});
  RenderPipelineDescriptor d = desc();
  d.vertex.module = mm;
  d.fragment->module = mm;
  d.layout = big.createPipelineLayout({.bindGroupLayouts = {bgl, {}, {}, {}, {}, {}, {}, bgl}});
  d.vertex.buffers.resize(17);
  d.vertex.buffers[16] = d.vertex.buffers[0];
  d.vertex.buffers[16]->attributes[0].shaderLocation = 1;
  std::optional<Error> e = captureError(big, [&] { big.createRenderPipeline(d); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->code, ErrorCode::RenderPipelineBindGroupsPlusVertexBuffers) << e->message;
  EXPECT_THAT(e->message, ::testing::HasSubstr("8 bind group slots"));
  EXPECT_THAT(e->message, ::testing::HasSubstr("17 vertex buffer slots: 25 in all"));
  d.vertex.buffers.resize(1);
  EXPECT_FALSE(captureError(big, [&] { big.createRenderPipeline(d); }));
}

TEST_F(RenderPipelineTest, Targets) {
  RenderPipelineDescriptor d = desc();
  d.fragment->targets[0]->format = TextureFormat::Depth24plus;
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"'depth24plus' is not a color format with RENDER_ATTACHMENT"});
  d = desc();
  d.fragment->targets[0]->format = TextureFormat::R32float;
  d.fragment->targets[0]->blend = BlendState{};
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"'r32float' is not blendable"});
  d = desc();
  d.fragment->targets[0]->blend =
      BlendState{.color = {.operation = BlendOperation::Max, .srcFactor = BlendFactor::SrcAlpha}};
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"operation is 'max'", "'src-alpha'"});
  d = desc();
  d.fragment->targets[0]->writeMask = ColorWriteFlags::fromBits(0x10);
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"writeMask"});
  d = desc();
  d.fragment->targets.resize(9);
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"maxColorAttachments limit (8)"});
  d = desc();
  d.fragment->targets.assign(5, ColorTargetState{.format = TextureFormat::Rgba32float});
  expectError(ErrorCode::RenderPipelineColorTargets, [&] { device.createRenderPipeline(d); },
              {"bytes per sample", "maxColorAttachmentBytesPerSample limit (32)"});
}

// The shader side of dual-source blending: render_pipeline_io_test.cpp.
TEST_F(RenderPipelineTest, DualSourceBlendingFactors) {
  Device all = makeDeviceWithAllFeatures();
  ShaderModule mm = all.createShaderModule({.code = kShader});
  RenderPipelineDescriptor d = desc();
  d.vertex.module = mm;
  d.fragment->module = mm;
  d.fragment->targets[0]->blend = BlendState{.color = {.srcFactor = BlendFactor::Src1}};
  std::optional<Error> e = captureError(all, [&] { all.createRenderPipeline(d); });
  ASSERT_TRUE(e);
  // kShader's output has no @blend_src pair.
  EXPECT_EQ(e->code, ErrorCode::RenderPipelineDualSourceBlending) << e->message;
  // Without the feature it is MissingFeature.
  RenderPipelineDescriptor plain = desc();
  plain.fragment->targets[0]->blend = BlendState{.color = {.srcFactor = BlendFactor::Src1}};
  expectError(ErrorCode::MissingFeature, [&] { device.createRenderPipeline(plain); },
              {"dual-source-blending"});
}

TEST_F(RenderPipelineTest, DepthStencilState) {
  RenderPipelineDescriptor d = desc();
  d.depthStencil = DepthStencilState{.format = TextureFormat::Rgba8unorm};
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"not a depth-or-stencil format"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Depth24plus};
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"depthWriteEnabled is required"});
  d.depthStencil =
      DepthStencilState{.format = TextureFormat::Depth24plus, .depthWriteEnabled = true};
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"depthCompare is required"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Stencil8, .depthWriteEnabled = true};
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"has no depth aspect"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Depth32float,
                                     .depthWriteEnabled = false,
                                     .stencilFront = {.passOp = StencilOperation::Replace}};
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"no stencil aspect"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Depth24plusStencil8,
                                     .depthWriteEnabled = false,
                                     .stencilFront = {.passOp = StencilOperation::Replace}};
  RenderPipeline p;
  expectValid([&] { p = device.createRenderPipeline(d); });
  EXPECT_TRUE(core::fromHandle<core::RenderPipelineBase>(p)->writesStencil());
  d.primitive.cullMode = CullMode::Front;  // the front face is culled: no stencil write
  p = device.createRenderPipeline(d);
  EXPECT_FALSE(core::fromHandle<core::RenderPipelineBase>(p)->writesStencil());
  d.primitive = {.topology = PrimitiveTopology::LineList};
  d.depthStencil->depthBias = 1;
  expectError(ErrorCode::RenderPipelineDepthStencilState, [&] { device.createRenderPipeline(d); },
              {"'line-list'", "depthBias"});
}

TEST_F(RenderPipelineTest, PrimitiveAndMultisample) {
  RenderPipelineDescriptor d = desc();
  d.primitive.stripIndexFormat = IndexFormat::Uint16;
  expectError(ErrorCode::RenderPipelinePrimitiveState, [&] { device.createRenderPipeline(d); },
              {"'triangle-list' is not a strip"});
  d.primitive.topology = PrimitiveTopology::TriangleStrip;
  expectValid([&] { device.createRenderPipeline(d); });
  d = desc();
  d.primitive.unclippedDepth = true;
  expectError(ErrorCode::MissingFeature, [&] { device.createRenderPipeline(d); },
              {"depth-clip-control"});
  d = desc();
  d.multisample.count = 2;
  expectError(ErrorCode::RenderPipelineMultisample, [&] { device.createRenderPipeline(d); },
              {"must be 1 or 4"});
  d.multisample = {.count = 1, .alphaToCoverageEnabled = true};
  expectError(ErrorCode::RenderPipelineMultisample, [&] { device.createRenderPipeline(d); },
              {"count > 1"});
  d.multisample = {.count = 4, .alphaToCoverageEnabled = true};
  RenderPipeline p;
  expectValid([&] { p = device.createRenderPipeline(d); });
  EXPECT_EQ(core::fromHandle<core::RenderPipelineBase>(p)->sampleCount(), 4u);
}

// The spec checks a format's multisample capability only at createTexture
// (#texture-creation): a pipeline with a count of 4 and an 'rgba32float'
// target is valid (issue 19), while the texture it would need is not.
TEST_F(RenderPipelineTest, MultisampledTargetFormatIsCheckedByCreateTextureOnly) {
  RenderPipelineDescriptor d = desc();
  d.multisample.count = 4;
  d.fragment->targets = {ColorTargetState{.format = TextureFormat::Rgba32float}};
  RenderPipeline p;
  expectValid([&] { p = device.createRenderPipeline(d); });
  EXPECT_TRUE(core::fromHandle<core::RenderPipelineBase>(p)->isValid());
  expectError(ErrorCode::TextureMultisampleInvalid,
              [&] {
                device.createTexture({.size = {4, 4},
                                      .sampleCount = 4,
                                      .format = TextureFormat::Rgba32float,
                                      .usage = TextureUsage::RenderAttachment});
              },
              {"'rgba32float' does not support multisampling"});
}

// #dom-gpudevice-createrenderpipelineasync: on a device lost by the time
// creation completes, the promise resolves (with an invalid pipeline), even
// for a descriptor that would fail.
TEST_F(RenderPipelineTest, AsyncOnALostDeviceResolves) {
  RenderPipelineDescriptor bad = desc();
  bad.multisample.count = 3;
  std::optional<CreatePipelineAsyncResult<RenderPipeline>> before, after;
  device.createRenderPipelineAsync(bad, [&](auto r) { before = std::move(r); });
  device.destroy();
  device.createRenderPipelineAsync(bad, [&](auto r) { after = std::move(r); });
  device.tick();
  for (auto* got : {&before, &after}) {
    ASSERT_TRUE(*got);
    EXPECT_FALSE((*got)->error);
    ASSERT_TRUE((*got)->pipeline);
    EXPECT_FALSE(core::fromHandle<core::RenderPipelineBase>((*got)->pipeline)->isValid());
  }
}

TEST_F(RenderPipelineTest, AsyncForm) {
  std::optional<CreatePipelineAsyncResult<RenderPipeline>> got;
  device.createRenderPipelineAsync(desc(), [&](auto r) { got = std::move(r); });
  device.tick();
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->pipeline);
  EXPECT_FALSE(got->error);
  RenderPipelineDescriptor d = desc();
  d.multisample.count = 3;
  got.reset();
  expectValid([&] {
    device.createRenderPipelineAsync(d, [&](auto r) { got = std::move(r); });
    device.tick();
  });
  ASSERT_TRUE(got && got->error);
  EXPECT_EQ(got->error->code, ErrorCode::RenderPipelineMultisample);
}

}  // namespace
}  // namespace bindery::testing
