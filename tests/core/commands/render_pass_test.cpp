// #render-passes: beginRenderPass's attachment rules
// (#abstract-opdef-gpurenderpassdescriptor-valid-usage,
// #abstract-opdef-renderable-texture-view), draws, the whole-pass usage scope
// (attachments vs bindings), render bundles and executeBundles.
#include <set>

#include "core/commands/command_buffer.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

class RenderPassTest : public EncoderTest {
 protected:
  // Expects beginRenderPass(descriptor) to fail with `code` (reported at finish).
  void passError(ErrorCode code, const RenderPassDescriptor& d,
                 std::initializer_list<std::string> fragments = {}) {
    expectError(
        code,
        [&] {
          CommandEncoder e = device.createCommandEncoder({.label = "enc"});
          RenderPassEncoder p = e.beginRenderPass(d);
          p.end();
          e.finish();
        },
        fragments);
  }
  void passValid(const RenderPassDescriptor& d) {
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder();
      RenderPassEncoder p = e.beginRenderPass(d);
      p.end();
      device.queue().submit({e.finish()});
    });
  }
  static constexpr TextureUsageFlags kRA = TextureUsage::RenderAttachment;
};

TEST_F(RenderPassTest, ColorAndDepthAttachmentsValid) {
  TextureView color = colorTarget({8, 8});
  TextureView depth = texture(TextureFormat::Depth24plusStencil8, {8, 8}, kRA).createView();
  passValid({.colorAttachments = {{.view = color}},
             .depthStencilAttachment =
                 RenderPassDepthStencilAttachment{.view = depth,
                                                  .depthClearValue = 1.0f,
                                                  .depthLoadOp = LoadOp::Clear,
                                                  .depthStoreOp = StoreOp::Store,
                                                  .stencilLoadOp = LoadOp::Load,
                                                  .stencilStoreOp = StoreOp::Store}});
  // A null color slot is allowed when another attachment exists.
  passValid({.colorAttachments = {{}, {.view = color}}});
  // Only a depth attachment, read-only: no load/store ops.
  TextureView d32 = texture(TextureFormat::Depth32float, {8, 8}, kRA).createView();
  passValid({.depthStencilAttachment =
                 RenderPassDepthStencilAttachment{.view = d32, .depthReadOnly = true}});
}

TEST_F(RenderPassTest, NoAttachmentsAndTooMany) {
  passError(ErrorCode::RenderPassNoAttachments, {.colorAttachments = {{}}}, {"no attachment"});
  TextureView color = colorTarget();
  RenderPassDescriptor many;
  for (uint32_t i = 0; i <= device.limits().maxColorAttachments; ++i) {
    many.colorAttachments.push_back({.view = colorTarget()});
  }
  passError(ErrorCode::RenderPassTooManyColorAttachments, many, {"maxColorAttachments"});
}

TEST_F(RenderPassTest, RenderableViewRules) {
  Texture mips =
      texture(TextureFormat::Rgba8unorm, {8, 8, 2}, kRA, 2, 1, TextureDimension::e2D, "mips");
  passError(ErrorCode::RenderPassAttachmentViewNotRenderable,
            {.colorAttachments = {{.view = mips.createView(
                                       {.dimension = TextureViewDimension::e2DArray})}}},
            {"has mipLevelCount 2", "exactly one mip level", "defaulted"});
  passError(
      ErrorCode::RenderPassAttachmentViewNotRenderable,
      {.colorAttachments = {{.view = mips.createView({.dimension = TextureViewDimension::e2DArray,
                                                      .mipLevelCount = 1})}}},
      {"arrayLayerCount 2"});
  passValid({.colorAttachments = {{.view = mips.createView({.dimension = TextureViewDimension::e2D,
                                                            .baseMipLevel = 1,
                                                            .mipLevelCount = 1,
                                                            .baseArrayLayer = 1})}}});
  Texture sampled = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding);
  passError(ErrorCode::RenderPassAttachmentViewNotRenderable,
            {.colorAttachments = {{.view = sampled.createView()}}},
            {"lacks GPUTextureUsage.RENDER_ATTACHMENT"});
  Texture cube = texture(TextureFormat::Rgba8unorm, {4, 4, 6}, kRA);
  passError(
      ErrorCode::RenderPassAttachmentViewNotRenderable,
      {.colorAttachments = {{.view = cube.createView({.dimension = TextureViewDimension::Cube})}}},
      {"dimension 'cube'"});
  // A depth format is not a color attachment, and a color format not a depth one.
  TextureView depth = texture(TextureFormat::Depth16unorm, {4, 4}, kRA).createView();
  passError(ErrorCode::RenderPassAttachmentFormatInvalid, {.colorAttachments = {{.view = depth}}},
            {"not a color renderable format"});
  passError(ErrorCode::RenderPassAttachmentFormatInvalid,
            {.depthStencilAttachment = RenderPassDepthStencilAttachment{.view = colorTarget()}},
            {"not a depth-or-stencil format"});
}

TEST_F(RenderPassTest, DepthSliceFor3d) {
  Texture vol = texture(TextureFormat::Rgba8unorm, {4, 4, 4}, kRA, 1, 1, TextureDimension::e3D);
  TextureView v = vol.createView();
  passValid({.colorAttachments = {{.view = v, .depthSlice = 3}}});
  passError(ErrorCode::RenderPassDepthSliceInvalid, {.colorAttachments = {{.view = v}}},
            {"'3d' view", "depthSlice must be given"});
  passError(ErrorCode::RenderPassDepthSliceInvalid,
            {.colorAttachments = {{.view = v, .depthSlice = 4}}}, {"depthSlice (4)"});
  passError(ErrorCode::RenderPassDepthSliceInvalid,
            {.colorAttachments = {{.view = colorTarget(), .depthSlice = 0}}}, {"not a '3d' view"});
  // Two slices of one 3d texture are disjoint; the same slice twice overlaps.
  passValid({.colorAttachments = {{.view = v, .depthSlice = 0}, {.view = v, .depthSlice = 1}}});
  passError(ErrorCode::RenderPassAttachmentsOverlap,
            {.colorAttachments = {{.view = v, .depthSlice = 2}, {.view = v, .depthSlice = 2}}},
            {"render to the same subresource"});
}

TEST_F(RenderPassTest, SampleCountAndExtentMustMatch) {
  TextureView small = colorTarget({4, 4});
  TextureView large = colorTarget({8, 8});
  passError(ErrorCode::RenderPassExtentMismatch,
            {.colorAttachments = {{.view = small}, {.view = large}}}, {"renders to 8x8", "4x4"});
  TextureView ms = texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 4).createView();
  passError(ErrorCode::RenderPassSampleCountMismatch,
            {.colorAttachments = {{.view = small}, {.view = ms}}}, {"sampleCount 4"});
}

TEST_F(RenderPassTest, ResolveTargetRules) {
  TextureView ms = texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 4).createView();
  TextureView single = colorTarget({4, 4});
  passValid({.colorAttachments = {{.view = ms, .resolveTarget = single}}});
  passError(ErrorCode::RenderPassResolveTargetInvalid,
            {.colorAttachments = {{.view = single, .resolveTarget = colorTarget({4, 4})}}},
            {"is not multisampled"});
  passError(ErrorCode::RenderPassResolveTargetInvalid,
            {.colorAttachments = {{.view = ms, .resolveTarget = colorTarget({8, 8})}}});
  TextureView bgra = texture(TextureFormat::Bgra8unorm, {4, 4}, kRA).createView();
  passError(ErrorCode::RenderPassResolveTargetInvalid,
            {.colorAttachments = {{.view = ms, .resolveTarget = bgra}}}, {"must be equal"});
}

TEST_F(RenderPassTest, DepthStencilOps) {
  TextureView ds = texture(TextureFormat::Depth24plusStencil8, {4, 4}, kRA).createView();
  passError(
      ErrorCode::RenderPassLoadStoreOpInvalid,
      {.depthStencilAttachment = RenderPassDepthStencilAttachment{.view = ds,
                                                                  .depthClearValue = 0.5f,
                                                                  .depthLoadOp = LoadOp::Clear,
                                                                  .depthStoreOp = StoreOp::Store}},
      {"stencilLoadOp and stencilStoreOp must both be given"});
  passError(
      ErrorCode::RenderPassLoadStoreOpInvalid,
      {.depthStencilAttachment = RenderPassDepthStencilAttachment{.view = ds,
                                                                  .depthLoadOp = LoadOp::Load,
                                                                  .depthStoreOp = StoreOp::Store,
                                                                  .depthReadOnly = true,
                                                                  .stencilReadOnly = true}},
      {"depthReadOnly is true"});
  TextureView d16 = texture(TextureFormat::Depth16unorm, {4, 4}, kRA).createView();
  passError(ErrorCode::RenderPassLoadStoreOpInvalid,
            {.depthStencilAttachment =
                 RenderPassDepthStencilAttachment{.view = d16,
                                                  .depthClearValue = 1.0f,
                                                  .depthLoadOp = LoadOp::Clear,
                                                  .depthStoreOp = StoreOp::Store,
                                                  .stencilLoadOp = LoadOp::Load,
                                                  .stencilStoreOp = StoreOp::Store}},
            {"has no stencil aspect"});
  passError(ErrorCode::RenderPassDepthClearValueInvalid,
            {.depthStencilAttachment =
                 RenderPassDepthStencilAttachment{
                     .view = d16, .depthLoadOp = LoadOp::Clear, .depthStoreOp = StoreOp::Store}},
            {"depthClearValue must be given"});
  passError(
      ErrorCode::RenderPassDepthClearValueInvalid,
      {.depthStencilAttachment = RenderPassDepthStencilAttachment{.view = d16,
                                                                  .depthClearValue = 2.0f,
                                                                  .depthLoadOp = LoadOp::Clear,
                                                                  .depthStoreOp = StoreOp::Store}});
}

// Attachment errors name the attachment's view and texture by label (issue 19).
TEST_F(RenderPassTest, AttachmentErrorsNameTheViewAndTexture) {
  Texture albedo =
      texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 1, TextureDimension::e2D, "albedo");
  TextureView albedoView = albedo.createView({.label = "albedo view"});
  Texture normals =
      texture(TextureFormat::Rgba8unorm, {8, 8}, kRA, 1, 1, TextureDimension::e2D, "normals");
  passError(ErrorCode::RenderPassExtentMismatch,
            {.colorAttachments = {{.view = albedoView}, {.view = normals.createView()}}},
            {"descriptor.colorAttachments[1].view ([TextureView] of [Texture \"normals\"]) "
             "renders to 8x8",
             "descriptor.colorAttachments[0].view ([TextureView \"albedo view\"] of [Texture "
             "\"albedo\"]) renders to 4x4"});
  Texture sampled = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding, 1, 1,
                            TextureDimension::e2D, "sampled only");
  passError(ErrorCode::RenderPassAttachmentViewNotRenderable,
            {.colorAttachments = {{.view = sampled.createView({.label = "v"})}}},
            {"([TextureView \"v\"] of [Texture \"sampled only\"]) has usage"});
  TextureView d16 =
      texture(TextureFormat::Depth16unorm, {4, 4}, kRA, 1, 1, TextureDimension::e2D, "shadow map")
          .createView();
  passError(ErrorCode::RenderPassLoadStoreOpInvalid,
            {.depthStencilAttachment =
                 RenderPassDepthStencilAttachment{.view = d16,
                                                  .depthClearValue = 1.0f,
                                                  .depthLoadOp = LoadOp::Clear,
                                                  .depthStoreOp = StoreOp::Store,
                                                  .stencilLoadOp = LoadOp::Load,
                                                  .stencilStoreOp = StoreOp::Store}},
            {"must not be given for [TextureView] of [Texture \"shadow map\"]"});
  passError(ErrorCode::RenderPassDepthClearValueInvalid,
            {.depthStencilAttachment =
                 RenderPassDepthStencilAttachment{
                     .view = d16, .depthLoadOp = LoadOp::Clear, .depthStoreOp = StoreOp::Store}},
            {"(got undefined) for [TextureView] of [Texture \"shadow map\"]"});
  TextureView ms =
      texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 4, TextureDimension::e2D, "msaa")
          .createView();
  TextureView bgra =
      texture(TextureFormat::Bgra8unorm, {4, 4}, kRA, 1, 1, TextureDimension::e2D, "swapchain")
          .createView();
  passError(ErrorCode::RenderPassResolveTargetInvalid,
            {.colorAttachments = {{.view = ms, .resolveTarget = bgra}}},
            {"resolveTarget ([TextureView] of [Texture \"swapchain\"]) has format 'bgra8unorm'",
             "([TextureView] of [Texture \"msaa\"]) has format 'rgba8unorm'"});
}

TEST_F(RenderPassTest, PipelineTargetsMismatchNamesTheAttachments) {
  ShaderModule m = device.createShaderModule({.code = R"(
@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0.0); }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
)"});
  RenderPipeline p;
  expectValid([&] {
    p = device.createRenderPipeline(
        {.label = "hdr",
         .layout = kAutoLayout,
         .vertex = {.module = m},
         .fragment = FragmentState{
             .module = m, .targets = {ColorTargetState{.format = TextureFormat::Rgba16float}}}});
  });
  Texture target =
      texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 1, TextureDimension::e2D, "backbuffer");
  TextureView view = target.createView({.label = "frame"});
  expectError(ErrorCode::RenderPipelineTargetsMismatch,
              [&] {
                CommandEncoder e = device.createCommandEncoder();
                RenderPassEncoder pass = e.beginRenderPass({.colorAttachments = {{.view = view}}});
                pass.setPipeline(p);
                pass.end();
                e.finish();
              },
              {"[RenderPipeline \"hdr\"] renders to {colorFormats: ['rgba16float']",
               "(colorAttachments[0]: [TextureView \"frame\"] of [Texture \"backbuffer\"] "
               "('rgba8unorm'))"});
}

TEST_F(RenderPassTest, DrawRules) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup g = group(l, {{.binding = 0, .resource = buffer(64)}});
  auto p = pipeline({l});
  Buffer index = buffer(64, BufferUsage::Index, "idx");
  Buffer indirect = buffer(64, BufferUsage::Indirect);
  renderValid([&](RenderPassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.draw(3);
    pass.setIndexBuffer(index, IndexFormat::Uint16);
    pass.drawIndexed(32);
    pass.setIndexBuffer(index, IndexFormat::Uint32, 16, 32);
    pass.drawIndexed(8);
    pass.drawIndirect(indirect, 48);
    pass.drawIndexedIndirect(indirect, 44);
  });
  renderError(ErrorCode::PipelineNotSet, [&](RenderPassEncoder& pass) { pass.draw(3); },
              {"No render pipeline is set on [RenderPassEncoder \"rp\"]"});
  renderError(ErrorCode::IndexBufferNotSet, [&](RenderPassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.drawIndexed(3);
  });
  renderError(ErrorCode::IndexRangeOutOfBounds,
              [&](RenderPassEncoder& pass) {
                use(pass, *p);
                pass.setBindGroup(0, g);
                pass.setIndexBuffer(index, IndexFormat::Uint32, 16, 32);
                pass.drawIndexed(8, 1, 1);
              },
              {"firstIndex (1) + indexCount (8) = 9 is more than the 8 'uint32' indices"});
  renderError(ErrorCode::IndexBufferOffsetNotAligned,
              [&](RenderPassEncoder& pass) { pass.setIndexBuffer(index, IndexFormat::Uint32, 2); });
  renderError(ErrorCode::IndexBufferUsageMissing,
              [&](RenderPassEncoder& pass) { pass.setIndexBuffer(indirect, IndexFormat::Uint32); });
  renderError(ErrorCode::IndexBufferRangeOutOfBounds, [&](RenderPassEncoder& pass) {
    pass.setIndexBuffer(index, IndexFormat::Uint32, 32, 40);
  });
  renderError(ErrorCode::IndirectOffsetOutOfBounds,
              [&](RenderPassEncoder& pass) {
                use(pass, *p);
                pass.setBindGroup(0, g);
                pass.drawIndirect(indirect, 52);
              },
              {"the 16 bytes"});
}

TEST_F(RenderPassTest, VertexBufferRules) {
  Buffer vb = buffer(64, BufferUsage::Vertex, "verts");
  renderValid([&](RenderPassEncoder& pass) {
    pass.setVertexBuffer(0, vb);
    pass.setVertexBuffer(1, vb, 16, 16);
    pass.setVertexBuffer(1, Buffer{});
  });
  renderError(ErrorCode::VertexBufferSlotOutOfRange, [&](RenderPassEncoder& pass) {
    pass.setVertexBuffer(device.limits().maxVertexBuffers, vb);
  });
  renderError(ErrorCode::VertexBufferOffsetNotAligned,
              [&](RenderPassEncoder& pass) { pass.setVertexBuffer(0, vb, 2); });
  renderError(ErrorCode::VertexBufferRangeOutOfBounds,
              [&](RenderPassEncoder& pass) { pass.setVertexBuffer(0, vb, 32, 64); });
  renderError(ErrorCode::VertexBufferUsageMissing,
              [&](RenderPassEncoder& pass) { pass.setVertexBuffer(0, buffer(16)); });
}

TEST_F(RenderPassTest, MaxDrawCount) {
  auto p = pipeline({});
  TextureView target = colorTarget();
  expectError(ErrorCode::DrawCountExceedsMax,
              [&] {
                CommandEncoder e = device.createCommandEncoder();
                RenderPassEncoder pass =
                    e.beginRenderPass({.colorAttachments = {{.view = target}}, .maxDrawCount = 2});
                use(pass, *p);
                pass.draw(1);
                pass.draw(1);
                pass.draw(1);
                pass.end();
                e.finish();
              },
              {"3 draws, more than its descriptor.maxDrawCount (2)"});
}

TEST_F(RenderPassTest, WholePassUsageScope) {
  Buffer s = buffer(1024, BufferUsage::Storage | BufferUsage::Vertex | BufferUsage::Uniform, "s");
  BindGroupLayout w =
      layout({bufferEntry(0, BufferBindingType::Storage, false, 0, ShaderStage::Fragment)});
  BindGroupLayout r = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup gw =
      group(w, {{.binding = 0, .resource = BufferBinding{.buffer = s, .size = 256}}}, "gw");
  BindGroup gr =
      group(r, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 512, .size = 256}}},
            "gr");
  // Even groups set but never used by a draw count in a render pass.
  renderError(
      ErrorCode::UsageScopeConflict,
      [&](RenderPassEncoder& pass) {
        pass.setBindGroup(0, gw);
        pass.setBindGroup(0, gr);
      },
      {"[Buffer \"s\"] is used as", "storage by binding 0", "constant", "[BindGroup \"gr\"]"});
  renderError(ErrorCode::UsageScopeConflict,
              [&](RenderPassEncoder& pass) {
                pass.setBindGroup(0, gw);
                pass.setVertexBuffer(0, s);
              },
              {"vertex buffer slot 0"});
  // Storage + storage is the storage exception.
  renderValid([&](RenderPassEncoder& pass) {
    pass.setBindGroup(0, gw);
    pass.setBindGroup(1, gw);
  });
}

TEST_F(RenderPassTest, AttachmentVersusBinding) {
  Texture t = texture(TextureFormat::Rgba8unorm, {4, 4, 2}, kRA | TextureUsage::TextureBinding);
  TextureView layer0 = t.createView({.dimension = TextureViewDimension::e2D, .arrayLayerCount = 1});
  TextureView layer1 = t.createView(
      {.dimension = TextureViewDimension::e2D, .baseArrayLayer = 1, .arrayLayerCount = 1});
  BindGroupLayout l = layout(
      {{.binding = 0, .visibility = ShaderStage::Fragment, .texture = TextureBindingLayout{}}});
  BindGroup sampleLayer0 = group(l, {{.binding = 0, .resource = layer0}}, "sample0");
  BindGroup sampleLayer1 = group(l, {{.binding = 0, .resource = layer1}});
  auto run = [&](const BindGroup& g) {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder pass = e.beginRenderPass({.colorAttachments = {{.view = layer0}}});
    pass.setBindGroup(0, g);
    pass.end();
    e.finish();
  };
  expectValid([&] { run(sampleLayer1); });
  expectError(ErrorCode::UsageScopeConflict, [&] { run(sampleLayer0); },
              {"used as attachment by colorAttachments[0].view",
               "as constant by binding 0 of "
               "[BindGroup \"sample0\"]"});
  // A read-only depth attachment may be sampled.
  Texture d = texture(TextureFormat::Depth32float, {4, 4}, kRA | TextureUsage::TextureBinding);
  BindGroupLayout dl =
      layout({{.binding = 0,
               .visibility = ShaderStage::Fragment,
               .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth}}});
  BindGroup dg = group(dl, {{.binding = 0, .resource = d.createView()}});
  auto depthPass = [&](bool readOnly) {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassDepthStencilAttachment a{.view = d.createView(), .depthReadOnly = readOnly};
    if (!readOnly) {
      a.depthClearValue = 1.0f;
      a.depthLoadOp = LoadOp::Clear;
      a.depthStoreOp = StoreOp::Store;
    }
    RenderPassEncoder pass = e.beginRenderPass({.depthStencilAttachment = a});
    pass.setBindGroup(0, dg);
    pass.end();
    e.finish();
  };
  expectValid([&] { depthPass(true); });
  expectError(ErrorCode::UsageScopeConflict, [&] { depthPass(false); });
}

// The command stream lists, per render pass, the groups the pass uses that
// may bind textures (set in the pass or in a bundle it executes), so a
// backend prepares those textures before the pass begins without walking
// its records; groups of buffers alone are not listed.
TEST_F(RenderPassTest, TheStreamListsEachPassesGroupsThatMayBindTextures) {
  Texture t = texture(TextureFormat::Rgba8unorm, {4, 4}, kRA | TextureUsage::TextureBinding);
  Texture target = texture(TextureFormat::Rgba8unorm, {4, 4}, kRA);
  BindGroupLayout tl = layout(
      {{.binding = 0, .visibility = ShaderStage::Fragment, .texture = TextureBindingLayout{}}});
  BindGroupLayout bl = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup sampled = group(tl, {{.binding = 0, .resource = t.createView()}});
  BindGroup inBundle = group(tl, {{.binding = 0, .resource = t.createView()}});
  BindGroup uniforms = group(bl, {{.binding = 0, .resource = buffer(64)}});
  RenderBundle bundle;
  expectValid([&] {
    RenderBundleEncoder be =
        device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
    be.setBindGroup(0, inBundle);
    be.setBindGroup(1, uniforms);
    bundle = be.finish();
  });
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder first =
        e.beginRenderPass({.colorAttachments = {{.view = target.createView()}}});
    first.setBindGroup(0, uniforms);
    first.setBindGroup(1, sampled);
    first.setBindGroup(1, sampled);
    first.end();
    RenderPassEncoder second =
        e.beginRenderPass({.colorAttachments = {{.view = target.createView()}}});
    second.setBindGroup(0, uniforms);
    second.end();
    RenderPassEncoder third =
        e.beginRenderPass({.colorAttachments = {{.view = target.createView()}}});
    third.executeBundles({bundle});
    third.end();
    cb = e.finish();
  });
  const core::CommandStream& stream = core::fromHandle<core::CommandBufferBase>(cb)->commands();
  auto groupsOf = [&](size_t pass) {
    std::set<const core::BindGroupBase*> groups;
    for (const core::BindGroupBase* g : stream.renderPassGroups(pass)) groups.insert(g);
    return groups;
  };
  ASSERT_EQ(stream.renderPassEntryCount(), 3u);
  EXPECT_EQ(groupsOf(0),
            std::set<const core::BindGroupBase*>{core::fromHandle<core::BindGroupBase>(sampled)});
  EXPECT_TRUE(groupsOf(1).empty());
  EXPECT_EQ(groupsOf(2),
            std::set<const core::BindGroupBase*>{core::fromHandle<core::BindGroupBase>(inBundle)});
  EXPECT_TRUE(stream.renderPassGroups(3).empty());
}

TEST_F(RenderPassTest, RenderBundles) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup g = group(l, {{.binding = 0, .resource = buffer(64)}});
  auto p = pipeline({l});
  RenderBundleEncoder be;
  expectValid([&] {
    be = device.createRenderBundleEncoder(
        {.label = "bundle", .colorFormats = {TextureFormat::Rgba8unorm}});
  });
  core::fromHandle<core::RenderBundleEncoderBase>(be)->setPipelineInfo(&p->info, nullptr);
  RenderBundle bundle;
  expectValid([&] {
    be.setBindGroup(0, g);
    be.draw(3);
    bundle = be.finish({.label = "b"});
  });
  renderValid([&](RenderPassEncoder& pass) { pass.executeBundles({bundle}); });
  // executeBundles resets the binding state.
  renderError(ErrorCode::PipelineNotSet, [&](RenderPassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.executeBundles({bundle});
    pass.draw(3);
  });
  RenderBundle other;
  expectValid([&] {
    RenderBundleEncoder e2 =
        device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Bgra8unorm}});
    other = e2.finish();
  });
  renderError(ErrorCode::RenderBundleIncompatible,
              [&](RenderPassEncoder& pass) { pass.executeBundles({other}); },
              {"colorFormats: ['bgra8unorm']", "colorFormats: ['rgba8unorm']"});
  expectError(ErrorCode::EncoderEnded, [&] { be.finish(); });
  // Bundle errors surface at its finish().
  RenderBundleEncoder bad =
      device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
  expectError(ErrorCode::PipelineNotSet,
              [&] {
                bad.draw(1);
                bad.finish();
              },
              {"[RenderBundleEncoder].finish(", "command #0 (draw)"});
}

TEST_F(RenderPassTest, RenderBundleEncoderDescriptor) {
  expectError(ErrorCode::RenderBundleEncoderDescriptorInvalid,
              [&] { device.createRenderBundleEncoder({.colorFormats = {std::nullopt}}); },
              {"no non-null colorFormats"});
  expectError(
      ErrorCode::RenderBundleEncoderDescriptorInvalid,
      [&] { device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Depth16unorm}}); },
      {"not a color renderable format"});
  expectError(ErrorCode::RenderBundleEncoderDescriptorInvalid,
              [&] {
                device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm},
                                                  .depthStencilFormat = TextureFormat::Rgba8unorm});
              },
              {"not a depth-or-stencil format"});
  expectValid([&] {
    device.createRenderBundleEncoder(
        {.colorFormats = {}, .depthStencilFormat = TextureFormat::Depth24plus});
  });
}

TEST_F(RenderPassTest, SubmitChecksDestroyedAttachment) {
  Texture t = texture(TextureFormat::Rgba8unorm, {4, 4}, kRA, 1, 1, TextureDimension::e2D, "rt");
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder pass = e.beginRenderPass({.colorAttachments = {{.view = t.createView()}}});
    pass.end();
    cb = e.finish();
  });
  t.destroy();
  expectError(ErrorCode::TextureDestroyed, [&] { device.queue().submit({cb}); });
}

}  // namespace
}  // namespace bindery::testing
