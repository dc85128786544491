// #command-encoding: the encoder state machine (#encoder-state), debug groups
// (#debug-markers), finish(), compute pass end(), dispatch rules, and the
// deferred error's diagnostics (command index and kind, pass, labels, debug
// groups; strict mode).
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

using CommandEncoderTest = EncoderTest;

TEST_F(CommandEncoderTest, EmptyEncoderAndPassesFinish) {
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    e.pushDebugGroup("frame");
    e.insertDebugMarker("start");
    ComputePassEncoder c = e.beginComputePass();
    c.pushDebugGroup("sim");
    c.insertDebugMarker("x");
    c.popDebugGroup();
    c.end();
    e.popDebugGroup();
    CommandBuffer cb = e.finish();
    EXPECT_TRUE(cb);
    device.queue().submit({cb});
  });
}

TEST_F(CommandEncoderTest, CommandWhileLockedInvalidatesTheEncoder) {
  Error e = expectError(ErrorCode::EncoderLocked,
                        [&] {
                          CommandEncoder enc = device.createCommandEncoder({.label = "frame"});
                          ComputePassEncoder pass = enc.beginComputePass({.label = "physics"});
                          enc.insertDebugMarker("oops");  // locked: invalidates, reported at finish
                          pass.end();
                          enc.finish();
                        },
                        {"insertDebugMarker() was called on [CommandEncoder \"frame\"] while one "
                         "of its passes is open",
                         "While encoding command #1 (insertDebugMarker)", ".finish("});
}

TEST_F(CommandEncoderTest, SecondPassWhileLocked) {
  expectError(ErrorCode::EncoderLocked, [&] {
    CommandEncoder enc = device.createCommandEncoder();
    ComputePassEncoder a = enc.beginComputePass();
    ComputePassEncoder b = enc.beginComputePass();
    a.end();
    enc.finish();
  });
}

TEST_F(CommandEncoderTest, FinishWithOpenPassOrDebugGroup) {
  expectError(ErrorCode::EncoderLocked,
              [&] {
                CommandEncoder enc = device.createCommandEncoder();
                ComputePassEncoder a = enc.beginComputePass();
                enc.finish();
              },
              {"still open", "end()"});
  expectError(ErrorCode::DebugGroupNotClosed,
              [&] {
                CommandEncoder enc = device.createCommandEncoder();
                enc.pushDebugGroup("frame");
                enc.pushDebugGroup("shadows");
                enc.finish();
              },
              {"2 debug group(s) still open: 'frame' > 'shadows'"});
}

TEST_F(CommandEncoderTest, CommandsAfterFinishAreImmediateErrors) {
  CommandEncoder enc = device.createCommandEncoder({.label = "done"});
  enc.finish();
  expectError(ErrorCode::EncoderEnded, [&] { enc.insertDebugMarker("late"); },
              {"[CommandEncoder \"done\"] has ended"});
  expectError(ErrorCode::EncoderEnded, [&] { enc.finish(); });
  expectError(ErrorCode::EncoderEnded, [&] { enc.beginComputePass(); });
}

TEST_F(CommandEncoderTest, PassEndTwiceAndCommandsAfterEnd) {
  CommandEncoder enc = device.createCommandEncoder();
  ComputePassEncoder pass = enc.beginComputePass({.label = "p"});
  pass.end();
  expectError(ErrorCode::EncoderEnded, [&] { pass.end(); });
  expectError(ErrorCode::EncoderEnded, [&] { pass.dispatchWorkgroups(1); },
              {"[ComputePassEncoder \"p\"] has ended", "dispatchWorkgroups()"});
  expectValid([&] { enc.finish(); });
}

TEST_F(CommandEncoderTest, PassEndAfterEncoderFinished) {
  CommandEncoder enc = device.createCommandEncoder();
  ComputePassEncoder pass = enc.beginComputePass();
  expectError(ErrorCode::EncoderLocked, [&] { enc.finish(); });
  expectError(ErrorCode::EncoderEnded, [&] { pass.end(); }, {"is not locked by it"});
}

TEST_F(CommandEncoderTest, DebugGroupStacksArePerEncoderAndPass) {
  expectError(ErrorCode::DebugGroupStackEmpty,
              [&] {
                CommandEncoder enc = device.createCommandEncoder();
                enc.pushDebugGroup("frame");
                ComputePassEncoder pass = enc.beginComputePass();
                pass.popDebugGroup();  // the encoder's group is not the pass's
                pass.end();
                enc.popDebugGroup();
                enc.finish();
              },
              {"separate from its command encoder's"});
  computeError(ErrorCode::DebugGroupNotClosed,
               [&](ComputePassEncoder& p) { p.pushDebugGroup("g"); },
               {"end() was called on [ComputePassEncoder \"pass\"] with 1 debug group(s) still "
                "open: 'g'"});
  expectError(ErrorCode::DebugGroupStackEmpty, [&] {
    CommandEncoder enc = device.createCommandEncoder();
    enc.popDebugGroup();
    enc.finish();
  });
}

TEST_F(CommandEncoderTest, DeferredErrorNamesCommandPassLabelsAndDebugGroups) {
  Error e = expectError(ErrorCode::PipelineNotSet, [&] {
    CommandEncoder enc = device.createCommandEncoder({.label = "frame 12"});
    enc.pushDebugGroup("frame");
    ComputePassEncoder pass = enc.beginComputePass({.label = "particles"});
    pass.pushDebugGroup("simulate");
    pass.dispatchWorkgroups(64);
    pass.popDebugGroup();
    pass.end();
    enc.popDebugGroup();
    enc.finish({.label = "cb"});
  });
  EXPECT_THAT(e.message, HasSubstr("[CommandEncoder \"frame 12\"].finish([CommandBuffer \"cb\"])"));
  EXPECT_THAT(e.message,
              HasSubstr("No compute pipeline is set on [ComputePassEncoder \"particles\"]"));
  EXPECT_THAT(e.message,
              HasSubstr("While encoding command #3 (dispatchWorkgroups) in [ComputePassEncoder "
                        "\"particles\"] of [CommandEncoder \"frame 12\"]; debug groups: 'frame' > "
                        "'simulate'"));
}

TEST_F(CommandEncoderTest, OnlyTheFirstErrorIsReported) {
  Error e = computeError(ErrorCode::PipelineNotSet, [&](ComputePassEncoder& p) {
    p.dispatchWorkgroups(1);
    p.setBindGroup(99, BindGroup{});
  });
  EXPECT_THAT(e.message, ::testing::Not(HasSubstr("maxBindGroups")));
}

TEST_F(CommandEncoderTest, StrictModeReportsAtTheFailingCallToo) {
  DeviceOptions options;
  options.descriptor.strict = true;
  device = makeDevice(options);
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  CommandEncoder enc = device.createCommandEncoder({.label = "s"});
  ComputePassEncoder pass = enc.beginComputePass();
  device.pushErrorScope(ErrorFilter::Validation);
  pass.dispatchWorkgroups(1);
  ASSERT_TRUE(device.lastError());
  EXPECT_EQ(device.lastError()->code, ErrorCode::PipelineNotSet);
  EXPECT_THAT(device.lastError()->message, HasSubstr("[ComputePassEncoder].dispatchWorkgroups()"));
  EXPECT_THAT(device.lastError()->message, HasSubstr("command #1 (dispatchWorkgroups)"));
  PopErrorScopeResult r = device.popErrorScope();
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, ErrorCode::PipelineNotSet);
  pass.end();
  expectError(ErrorCode::PipelineNotSet, [&] { enc.finish(); }, {".finish("});
}

TEST_F(CommandEncoderTest, DispatchRules) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup g = group(l, {{.binding = 0, .resource = buffer(64)}});
  auto p = pipeline({l});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroups(1, 2, 3);
    pass.dispatchWorkgroups(device.limits().maxComputeWorkgroupsPerDimension);
  });
  computeError(ErrorCode::DispatchWorkgroupCountExceedsLimit,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setBindGroup(0, g);
                 pass.dispatchWorkgroups(1, device.limits().maxComputeWorkgroupsPerDimension + 1);
               },
               {"maxComputeWorkgroupsPerDimension"});
  computeError(ErrorCode::BindGroupNotSet,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.dispatchWorkgroups(1);
               },
               {"has @group(0)", "no bind group is set at index 0", "setBindGroup(0, group)"});
}

TEST_F(CommandEncoderTest, DispatchIndirectRules) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup g = group(l, {{.binding = 0, .resource = buffer(64)}});
  auto p = pipeline({l});
  Buffer indirect = buffer(32, BufferUsage::Indirect, "args");
  Buffer notIndirect = buffer(32, BufferUsage::Uniform, "u");
  auto with = [&](const std::function<void(ComputePassEncoder&)>& f) {
    return [&, f](ComputePassEncoder& pass) {
      use(pass, *p);
      pass.setBindGroup(0, g);
      f(pass);
    };
  };
  computeValid(
      with([&](ComputePassEncoder& pass) { pass.dispatchWorkgroupsIndirect(indirect, 20); }));
  computeError(ErrorCode::IndirectBufferUsageMissing, with([&](ComputePassEncoder& pass) {
                 pass.dispatchWorkgroupsIndirect(notIndirect, 0);
               }),
               {"lacks GPUBufferUsage.INDIRECT"});
  computeError(ErrorCode::IndirectOffsetNotAligned, with([&](ComputePassEncoder& pass) {
                 pass.dispatchWorkgroupsIndirect(indirect, 2);
               }));
  computeError(ErrorCode::IndirectOffsetOutOfBounds, with([&](ComputePassEncoder& pass) {
                 pass.dispatchWorkgroupsIndirect(indirect, 24);
               }),
               {"(24) + the 12 bytes"});
}

TEST_F(CommandEncoderTest, SubmitChecksResourcesOfUsedBindGroups) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  Buffer b = buffer(64, BufferUsage::Uniform | BufferUsage::CopyDst, "camera");
  BindGroup g = group(l, {{.binding = 0, .resource = b}}, "frame group");
  auto p = pipeline({l});
  auto encode = [&] {
    CommandEncoder enc = device.createCommandEncoder();
    ComputePassEncoder pass = enc.beginComputePass();
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroups(1);
    pass.end();
    return enc.finish();
  };
  CommandBuffer ok = encode();
  expectValid([&] { device.queue().submit({ok}); });
  CommandBuffer cb = encode();
  b.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { device.queue().submit({cb}); },
              {"[Buffer \"camera\"], which was destroyed", "[BindGroup \"frame group\"]"});
}

TEST_F(CommandEncoderTest, SubmitChecksMappedAndIndirectBuffers) {
  Buffer mapped = device.createBuffer(
      {.size = 64, .usage = BufferUsage::Uniform | BufferUsage::CopyDst, .mappedAtCreation = true});
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup g = group(l, {{.binding = 0, .resource = mapped}});
  auto p = pipeline({l});
  Buffer indirect = buffer(16, BufferUsage::Indirect, "args");
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder enc = device.createCommandEncoder();
    ComputePassEncoder pass = enc.beginComputePass();
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroupsIndirect(indirect, 0);
    pass.end();
    cb = enc.finish();
  });
  expectError(ErrorCode::BufferMappedInUse, [&] { device.queue().submit({cb}); },
              {"mapState is 'mapped'"});
  mapped.unmap();
  CommandBuffer cb2;
  expectValid([&] {
    CommandEncoder enc = device.createCommandEncoder();
    ComputePassEncoder pass = enc.beginComputePass();
    use(pass, *p);
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroupsIndirect(indirect, 0);
    pass.end();
    cb2 = enc.finish();
  });
  indirect.destroy();
  expectError(ErrorCode::BufferDestroyed, [&] { device.queue().submit({cb2}); });
}

TEST_F(CommandEncoderTest, SubmitChecksExpiredExternalTexturesAndDestroyedTextures) {
  Texture frame = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding);
  VideoFrameSource video(frame.createView());
  video.setLabel("camera");
  ExternalTexture et;
  expectValid([&] { et = device.importExternalTexture({.label = "video", .source = video}); });
  BindGroupLayout l = layout({{.binding = 0,
                               .visibility = ShaderStage::Compute,
                               .externalTexture = ExternalTextureBindingLayout{}}});
  BindGroup g = group(l, {{.binding = 0, .resource = et}}, "video group");
  auto p = pipeline({l});
  auto encode = [&] {
    CommandBuffer cb;
    expectValid([&] {
      CommandEncoder enc = device.createCommandEncoder();
      ComputePassEncoder pass = enc.beginComputePass();
      use(pass, *p);
      pass.setBindGroup(0, g);
      pass.dispatchWorkgroups(1);
      pass.end();
      cb = enc.finish();
    });
    return cb;
  };
  CommandBuffer fresh = encode();
  expectValid([&] { device.queue().submit({fresh}); });
  CommandBuffer stale = encode();
  video.advanceFrame();
  expectError(ErrorCode::BindGroupExternalTextureExpired, [&] { device.queue().submit({stale}); },
              {"[BindGroup \"video group\"]", "[ExternalTexture \"video\"]", "expired"});

  Texture sampled = texture(TextureFormat::Rgba8unorm, {4, 4}, TextureUsage::TextureBinding, 1, 1,
                            TextureDimension::e2D, "albedo");
  BindGroupLayout tl = layout(
      {{.binding = 0, .visibility = ShaderStage::Compute, .texture = TextureBindingLayout{}}});
  BindGroup tg = group(tl, {{.binding = 0, .resource = sampled.createView()}});
  auto tp = pipeline({tl});
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder enc = device.createCommandEncoder();
    ComputePassEncoder pass = enc.beginComputePass();
    use(pass, *tp);
    pass.setBindGroup(0, tg);
    pass.dispatchWorkgroups(1);
    pass.end();
    cb = enc.finish();
  });
  sampled.destroy();
  expectError(ErrorCode::TextureDestroyed, [&] { device.queue().submit({cb}); },
              {"[Texture \"albedo\"]"});
}

}  // namespace
}  // namespace bindery::testing
