// The render pass's rasterization state (#render-pass-encoder-rasterization-state:
// setViewport, setScissorRect, setBlendConstant, setStencilReference) and
// immediate data (#programmable-passes-immediate-data: setImmediates on
// compute passes, render passes and bundle encoders; "Validate immediate
// data" at dispatch and draw; executeBundles clearing it).
#include <vector>

#include "core/commands/command_buffer.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class RenderPassStateTest : public EncoderTest {
 protected:
  static core::RenderPassEncoderBase* base(const RenderPassEncoder& pass) {
    return core::fromHandle<core::RenderPassEncoderBase>(pass);
  }
  // The record types of a finished command buffer, in order.
  static std::vector<core::CommandType> recorded(const CommandBuffer& cb) {
    std::vector<core::CommandType> types;
    core::fromHandle<core::CommandBufferBase>(cb)->commands().forEach(
        [&](core::CommandType type, const uint8_t*) { types.push_back(type); });
    return types;
  }
  // A pass over an 8x4 attachment; runs `encode`, ends and finishes it.
  CommandBuffer encodeValid(const std::function<void(RenderPassEncoder&)>& encode) {
    return renderValid(encode, {8, 4});
  }
  Error encodeError(ErrorCode code, const std::function<void(RenderPassEncoder&)>& encode,
                    std::initializer_list<std::string> fragments = {}) {
    return renderError(code, encode, fragments, {8, 4});
  }
  float maxDim() const { return static_cast<float>(device.limits().maxTextureDimension2D); }
};

// --- setViewport --------------------------------------------------------------------

TEST_F(RenderPassStateTest, ViewportDefaultsToTheAttachmentAndIsRecorded) {
  CommandBuffer cb = encodeValid([&](RenderPassEncoder& pass) {
    const core::ViewportCmd& v = base(pass)->viewport();
    EXPECT_EQ(v.width, 8.0f);
    EXPECT_EQ(v.height, 4.0f);
    EXPECT_EQ(v.minDepth, 0.0f);
    EXPECT_EQ(v.maxDepth, 1.0f);
    pass.setViewport(1.5f, 0.5f, 4, 2, 0.25f, 0.75f);
    const core::ViewportCmd& set = base(pass)->viewport();
    EXPECT_EQ(set.x, 1.5f);
    EXPECT_EQ(set.width, 4.0f);
    EXPECT_EQ(set.minDepth, 0.25f);
    EXPECT_EQ(set.maxDepth, 0.75f);
  });
  EXPECT_THAT(recorded(cb),
              ElementsAre(core::CommandType::BeginRenderPass, core::CommandType::SetViewport,
                          core::CommandType::EndPass));
}

TEST_F(RenderPassStateTest, ViewportLimits) {
  float m = maxDim();
  // The edges of every range are allowed: a viewport may extend past the
  // attachment, up to twice maxTextureDimension2D.
  encodeValid([&](RenderPassEncoder& pass) {
    pass.setViewport(-2 * m, -2 * m, m, m, 0, 1);
    pass.setViewport(m - 1, m - 1, m, m, 0, 0);
    pass.setViewport(0, 0, 0, 0, 1, 1);
    pass.setViewport(100, 100, 8, 4, 0.5f, 0.5f);
  });
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(-2 * m - 1, 0, 1, 1, 0, 1); },
              {"x (", "is less than -", "maxTextureDimension2D", "command #1 (setViewport)",
               "[RenderPassEncoder \"rp\"]"});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, -2 * m - 1, 1, 1, 0, 1); },
              {"y ("});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, -1, 1, 0, 1); },
              {"width (-1) is not in [0, "});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, 1, m + 1, 0, 1); },
              {"height (", "is not in [0, "});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(m, 0, m, 1, 0, 1); },
              {"x (", ") + width (", "twice the device's maxTextureDimension2D limit, minus 1"});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, m, 1, m, 0, 1); },
              {"y (", ") + height ("});
  encodeError(ErrorCode::ViewportOutOfRange,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, std::nanf(""), 1, 0, 1); },
              {"width (NaN)"});
}

TEST_F(RenderPassStateTest, ViewportDepthRange) {
  encodeError(ErrorCode::ViewportDepthRangeInvalid,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, 1, 1, -0.5f, 1); },
              {"minDepth (-0.5) is not in [0, 1]"});
  encodeError(ErrorCode::ViewportDepthRangeInvalid,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, 1, 1, 0, 1.5f); },
              {"maxDepth (1.5) is not in [0, 1]"});
  encodeError(ErrorCode::ViewportDepthRangeInvalid,
              [&](RenderPassEncoder& pass) { pass.setViewport(0, 0, 1, 1, 0.75f, 0.25f); },
              {"minDepth (0.75) is more than maxDepth (0.25)", "Swap them"});
  // A failed setViewport leaves the state as it was.
  TextureView target = colorTarget({8, 4});
  expectError(ErrorCode::ViewportDepthRangeInvalid, [&] {
    CommandEncoder e = device.createCommandEncoder();
    RenderPassEncoder pass = e.beginRenderPass({.colorAttachments = {{.view = target}}});
    pass.setViewport(0, 0, 1, 1, 0.75f, 0.25f);
    EXPECT_EQ(base(pass)->viewport().width, 8.0f);
    pass.end();
    e.finish();
  });
}

// --- setScissorRect -----------------------------------------------------------------

TEST_F(RenderPassStateTest, ScissorRectWithinTheAttachment) {
  CommandBuffer cb = encodeValid([&](RenderPassEncoder& pass) {
    EXPECT_EQ(base(pass)->scissorRect().width, 8u);
    EXPECT_EQ(base(pass)->scissorRect().height, 4u);
    pass.setScissorRect(0, 0, 8, 4);
    pass.setScissorRect(7, 3, 1, 1);
    pass.setScissorRect(8, 4, 0, 0);
    EXPECT_EQ(base(pass)->scissorRect().x, 8u);
    EXPECT_EQ(base(pass)->scissorRect().width, 0u);
  });
  EXPECT_THAT(recorded(cb),
              ElementsAre(core::CommandType::BeginRenderPass, core::CommandType::SetScissorRect,
                          core::CommandType::SetScissorRect, core::CommandType::SetScissorRect,
                          core::CommandType::EndPass));
  encodeError(ErrorCode::ScissorRectOutOfBounds,
              [&](RenderPassEncoder& pass) { pass.setScissorRect(1, 0, 8, 4); },
              {"x (1) + width (8) = 9 is more than the width of [RenderPassEncoder \"rp\"]'s "
               "attachments (8)",
               "8x4"});
  encodeError(ErrorCode::ScissorRectOutOfBounds,
              [&](RenderPassEncoder& pass) { pass.setScissorRect(0, 2, 1, 3); },
              {"y (2) + height (3) = 5 is more than the height", "(4)"});
  // x + width is computed without wrapping around.
  encodeError(ErrorCode::ScissorRectOutOfBounds,
              [&](RenderPassEncoder& pass) { pass.setScissorRect(0xFFFFFFFFu, 0, 2, 1); },
              {"= 4294967297"});
}

// --- setBlendConstant / setStencilReference -------------------------------------------

TEST_F(RenderPassStateTest, BlendConstantAndStencilReference) {
  CommandBuffer cb = encodeValid([&](RenderPassEncoder& pass) {
    EXPECT_EQ(base(pass)->blendConstant().a, 0.0);
    EXPECT_EQ(base(pass)->stencilReference(), 0u);
    pass.setBlendConstant({0.25, 0.5, 0.75, 1.0});
    // Outside [0, 1] is allowed (the value is clamped by the blend unit).
    pass.setBlendConstant({-2, 3, 0, 1});
    pass.setStencilReference(0x1234);
  });
  EXPECT_THAT(recorded(cb),
              ElementsAre(core::CommandType::BeginRenderPass, core::CommandType::SetBlendConstant,
                          core::CommandType::SetBlendConstant,
                          core::CommandType::SetStencilReference, core::CommandType::EndPass));
  encodeValid([&](RenderPassEncoder& pass) {
    pass.setBlendConstant({0.25, 0.5, 0.75, 1.0});
    EXPECT_EQ(base(pass)->blendConstant().g, 0.5);
    // The reference is kept as given (a GPUStencilValue, 32 bits).
    pass.setStencilReference(0xFFFFFFFFu);
    EXPECT_EQ(base(pass)->stencilReference(), 0xFFFFFFFFu);
  });
  encodeError(ErrorCode::BlendConstantNotFinite,
              [&](RenderPassEncoder& pass) {
                pass.setBlendConstant({0, std::nan(""), 0, 1});
              },
              {"color.g is NaN", "finite"});
  encodeError(ErrorCode::BlendConstantNotFinite, [&](RenderPassEncoder& pass) {
    pass.setBlendConstant({0, 0, 0, std::numeric_limits<double>::infinity()});
  });
}

TEST_F(RenderPassStateTest, StateCommandsAfterEndAndStrictMode) {
  TextureView target = colorTarget();
  CommandEncoder e = device.createCommandEncoder();
  RenderPassEncoder pass =
      e.beginRenderPass({.label = "done", .colorAttachments = {{.view = target}}});
  pass.end();
  expectError(ErrorCode::EncoderEnded, [&] { pass.setViewport(0, 0, 1, 1, 0, 1); },
              {"[RenderPassEncoder \"done\"] has ended", "setViewport()"});
  expectError(ErrorCode::EncoderEnded, [&] { pass.setStencilReference(1); });
  expectValid([&] { e.finish(); });

  DeviceOptions options;
  options.descriptor.strict = true;
  device = makeDevice(options);
  device.setUncapturedErrorCallback([this](const Error& err) { uncaptured.push_back(err); });
  TextureView t2 = colorTarget({8, 4});
  CommandEncoder enc = device.createCommandEncoder();
  RenderPassEncoder p = enc.beginRenderPass({.colorAttachments = {{.view = t2}}});
  device.pushErrorScope(ErrorFilter::Validation);
  p.setScissorRect(0, 0, 9, 1);
  ASSERT_TRUE(device.lastError());
  EXPECT_EQ(device.lastError()->code, ErrorCode::ScissorRectOutOfBounds);
  EXPECT_THAT(device.lastError()->message, HasSubstr("setScissorRect()"));
  EXPECT_TRUE(device.popErrorScope().error);
  p.end();
  expectError(ErrorCode::ScissorRectOutOfBounds, [&] { enc.finish(); });
}

// --- setImmediates -------------------------------------------------------------------

TEST_F(RenderPassStateTest, SetImmediatesStoresBytesAndSlots) {
  uint32_t words[] = {1, 2, 3, 4};
  encodeValid([&](RenderPassEncoder& pass) {
    EXPECT_FALSE(pass.setImmediates(8, words));
    EXPECT_FALSE(pass.setImmediates(0, words, 3, 1));
    std::vector<uint8_t> data = base(pass)->immediateData();
    ASSERT_EQ(data.size(), device.limits().maxImmediateSize);
    uint32_t read[6];
    std::memcpy(read, data.data(), sizeof(read));
    EXPECT_THAT(read, ElementsAre(4u, 0u, 1u, 2u, 3u, 4u));
    EXPECT_TRUE(base(pass)->immediateSlotSet(0));
    EXPECT_FALSE(base(pass)->immediateSlotSet(1));
    EXPECT_TRUE(base(pass)->immediateSlotSet(5));
    EXPECT_FALSE(base(pass)->immediateSlotSet(6));
  });
  // The ArrayBuffer form counts bytes; the whole limit may be written.
  std::vector<uint8_t> bytes(device.limits().maxImmediateSize, 0xAB);
  ComputePassEncoder kept;
  computeValid([&](ComputePassEncoder& pass) {
    EXPECT_FALSE(pass.setImmediates(0, bytes));
    EXPECT_FALSE(pass.setImmediates(0, bytes, 4, 8));
    EXPECT_FALSE(pass.setImmediates(4, {bytes.data(), bytes.size()}, 8, 0));
    auto* b = core::fromHandle<core::ComputePassEncoderBase>(pass);
    EXPECT_TRUE(b->immediateSlotSet(device.limits().maxImmediateSize / 4 - 1));
  });
}

TEST_F(RenderPassStateTest, SetImmediatesContentTimelineErrors) {
  uint32_t words[] = {1, 2, 3, 4};
  encodeValid([&](RenderPassEncoder& pass) {
    std::optional<Exception> e = pass.setImmediates(0, words, 5);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->type, ExceptionType::OperationError);
    EXPECT_EQ(e->code, ErrorCode::ImmediatesDataOutOfRange);
    EXPECT_THAT(e->message, HasSubstr("dataOffset (5) is past the end of the data (4 elements)"));
    e = pass.setImmediates(0, words, 2, 3);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::ImmediatesDataOutOfRange);
    EXPECT_THAT(e->message, HasSubstr("dataOffset (2) + dataSize (3)"));
    uint8_t bytes[8] = {};
    e = pass.setImmediates(0, bytes, 0, 6);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::ImmediatesSizeNotAligned);
    EXPECT_THAT(e->message, HasSubstr("(6 bytes) is not a multiple of 4"));
    // A 16-bit array: 2 elements are 4 bytes, 3 are not.
    uint16_t halves[4] = {};
    EXPECT_FALSE(pass.setImmediates(0, halves, 0, 2));
    e = pass.setImmediates(0, {halves, sizeof(halves), 2}, 1);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->code, ErrorCode::ImmediatesSizeNotAligned);
    // Nothing was recorded by the throwing calls.
    EXPECT_FALSE(base(pass)->immediateSlotSet(1));
  });
}

TEST_F(RenderPassStateTest, SetImmediatesDeviceTimelineErrors) {
  uint32_t words[] = {1, 2, 3, 4};
  uint32_t max = device.limits().maxImmediateSize;
  encodeError(ErrorCode::ImmediatesRangeOffsetNotAligned,
              [&](RenderPassEncoder& pass) { EXPECT_FALSE(pass.setImmediates(2, words)); },
              {"rangeOffset (2) is not a multiple of 4", "command #1 (setImmediates)"});
  encodeError(ErrorCode::ImmediatesRangeOutOfBounds,
              [&](RenderPassEncoder& pass) { EXPECT_FALSE(pass.setImmediates(max - 8, words)); },
              {"+ the 16 bytes written", fmt::format("maxImmediateSize limit ({})", max)});
  computeError(ErrorCode::ImmediatesRangeOutOfBounds,
               [&](ComputePassEncoder& pass) { pass.setImmediates(max, words, 0, 1); },
               {"[ComputePassEncoder \"pass\"]"});
  // An empty write at the very end is in range.
  computeValid([&](ComputePassEncoder& pass) { pass.setImmediates(max, words, 0, 0); });
}

TEST_F(RenderPassStateTest, ImmediateDataCheckedAtDispatchAndDraw) {
  auto p = pipeline({});
  // The stand-in pipeline's shader reads slots 0..3 (a vec4<u32>).
  p->info.immediateSlots = {0xFull};
  uint32_t words[] = {1, 2, 3, 4};
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setImmediates(0, words);
    pass.dispatchWorkgroups(1);
  });
  computeError(ErrorCode::ImmediatesNotSet,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setImmediates(0, words, 0, 3);
                 pass.dispatchWorkgroups(1);
               },
               {"reads 1 slot(s) of immediate data", "byte offset 12 (slot 3)",
                "command #2 (dispatchWorkgroups)"});
  encodeError(ErrorCode::ImmediatesNotSet,
              [&](RenderPassEncoder& pass) {
                use(pass, *p);
                pass.draw(3);
              },
              {"reads 4 slot(s)", "byte offset 0", "setImmediates(0, data)"});
  encodeValid([&](RenderPassEncoder& pass) {
    use(pass, *p);
    pass.setImmediates(0, words);
    pass.draw(3);
  });
}

TEST_F(RenderPassStateTest, ImmediateDataOfARealPipelineSkipsPadding) {
  // AccessibleSlots of Push: scale is slots 0-1, tint slots 4-7; 2-3 are padding.
  ShaderModule m;
  ComputePipeline p;
  expectValid([&] {
    m = device.createShaderModule({.code = R"(
struct Push { scale : vec2f, tint : vec4f }
var<immediate> push : Push;
@compute @workgroup_size(1) fn main() { _ = push.tint * push.scale.x; }
)"});
    p = device.createComputePipeline(
        {.label = "push", .layout = kAutoLayout, .compute = {.module = m}});
  });
  float scale[] = {1, 2};
  float tint[] = {1, 0, 0, 1};
  computeValid([&](ComputePassEncoder& pass) {
    pass.setPipeline(p);
    pass.setImmediates(0, scale);
    pass.setImmediates(16, tint);
    pass.dispatchWorkgroups(1);
  });
  computeError(ErrorCode::ImmediatesNotSet,
               [&](ComputePassEncoder& pass) {
                 pass.setPipeline(p);
                 pass.setImmediates(0, tint);
                 pass.dispatchWorkgroups(1);
               },
               {"[ComputePipeline \"push\"] reads 4 slot(s)", "byte offset 16 (slot 4)"});
}

TEST_F(RenderPassStateTest, BundlesHaveImmediatesAndExecuteBundlesClearsThem) {
  auto p = pipeline({});
  p->info.immediateSlots = {0x1ull};
  uint32_t word[] = {7};
  RenderBundleEncoder be;
  expectValid([&] {
    be = device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
  });
  auto* bundleBase = core::fromHandle<core::RenderBundleEncoderBase>(be);
  bundleBase->setPipelineInfo(&p->info, nullptr);
  RenderBundle bundle;
  expectValid([&] {
    EXPECT_FALSE(be.setImmediates(0, word));
    EXPECT_TRUE(bundleBase->immediateSlotSet(0));
    be.draw(1);
    bundle = be.finish();
  });
  // A bundle starts with no immediate data of its own.
  RenderBundleEncoder bad =
      device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
  core::fromHandle<core::RenderBundleEncoderBase>(bad)->setPipelineInfo(&p->info, nullptr);
  expectError(ErrorCode::ImmediatesNotSet,
              [&] {
                bad.draw(1);
                bad.finish();
              },
              {"[RenderBundleEncoder]"});
  expectError(ErrorCode::ImmediatesRangeOffsetNotAligned, [&] {
    RenderBundleEncoder e =
        device.createRenderBundleEncoder({.colorFormats = {TextureFormat::Rgba8unorm}});
    e.setImmediates(1, word);
    e.finish();
  });
  // executeBundles resets the pass's immediate slots, even with no bundles.
  encodeError(ErrorCode::ImmediatesNotSet,
              [&](RenderPassEncoder& pass) {
                pass.setImmediates(0, word);
                EXPECT_TRUE(base(pass)->immediateSlotSet(0));
                pass.executeBundles({});
                EXPECT_FALSE(base(pass)->immediateSlotSet(0));
                use(pass, *p);
                pass.draw(1);
              },
              {"command #3 (draw)"});
  encodeValid([&](RenderPassEncoder& pass) {
    pass.setImmediates(0, word);
    pass.executeBundles({bundle});
    use(pass, *p);
    pass.setImmediates(0, word);
    pass.draw(1);
  });
}

}  // namespace
}  // namespace bindery::testing
