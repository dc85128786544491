// #dom-gpubindingcommandsmixin-setbindgroup (both overloads, dynamic offsets),
// "Validate encoder bind groups" through the lazy tracker (group-equivalence,
// late minimum sizes, writable aliasing) and compute usage scopes.
#include <cstring>

#include "core/commands/command_buffer.h"
#include "core/device/device.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

class SetBindGroupTest : public EncoderTest {
 protected:
  void SetUp() override {
    EncoderTest::SetUp();
    align = device.limits().minUniformBufferOffsetAlignment;
    big = buffer(align * 8, BufferUsage::Uniform | BufferUsage::Storage, "big");
    // Bindings listed out of order: dynamic offsets follow binding numbers.
    dyn = layout({bufferEntry(2, BufferBindingType::Uniform, true),
                  bufferEntry(1, BufferBindingType::Uniform),
                  bufferEntry(0, BufferBindingType::ReadOnlyStorage, true)},
                 "dyn");
    g = group(
        dyn,
        {{.binding = 1, .resource = BufferBinding{.buffer = big, .offset = 0, .size = 16}},
         {.binding = 2, .resource = BufferBinding{.buffer = big, .offset = align, .size = 64}},
         {.binding = 0, .resource = BufferBinding{.buffer = big, .offset = 0, .size = 32}}},
        "g");
  }
  uint32_t align = 256;
  Buffer big;
  BindGroupLayout dyn;
  BindGroup g;
};

TEST_F(SetBindGroupTest, DynamicOffsetsValid) {
  computeValid([&](ComputePassEncoder& p) {
    p.setBindGroup(0, g, {0, 0});
    p.setBindGroup(1, g, {align * 2, align * 3});
    std::vector<uint32_t> offsets = {align, align};
    p.setBindGroup(2, g, std::span<const uint32_t>(offsets));
    p.setBindGroup(2, BindGroup{});  // setBindGroup(i, null) unsets
  });
}

TEST_F(SetBindGroupTest, CountMustMatch) {
  computeError(ErrorCode::DynamicOffsetCountMismatch,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, g, {0}); },
               {"1 dynamic offset(s) given, but [BindGroup \"g\"] has 2", "Fix:"});
  computeError(ErrorCode::DynamicOffsetCountMismatch,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, g); });
  computeError(ErrorCode::DynamicOffsetCountMismatch,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, BindGroup{}, {0}); }, {"null has 0"});
}

TEST_F(SetBindGroupTest, OffsetsAlignedPerBufferType) {
  // offsets[0] belongs to binding 0 (read-only-storage), offsets[1] to binding 2 (uniform).
  uint32_t storageAlign = device.limits().minStorageBufferOffsetAlignment;
  computeError(ErrorCode::DynamicOffsetNotAligned,
               [&](ComputePassEncoder& p) {
                 p.setBindGroup(0, g, {storageAlign / 2, 0});
               },
               {"dynamicOffsets[0]", "binding 0 of [BindGroup \"g\"], a 'read-only-storage' buffer",
                "minStorageBufferOffsetAlignment"});
  computeError(ErrorCode::DynamicOffsetNotAligned,
               [&](ComputePassEncoder& p) {
                 p.setBindGroup(0, g, {0, 4});
               },
               {"dynamicOffsets[1] (4, for binding 2 of [BindGroup \"g\"], a 'uniform' buffer)",
                "minUniformBufferOffsetAlignment"});
}

TEST_F(SetBindGroupTest, AlignmentFollowsTheDevicesActualLimits) {
  DeviceOptions options;
  Limits adapterLimits;
  adapterLimits.minUniformBufferOffsetAlignment = 64;
  options.adapter.limits = adapterLimits;
  options.descriptor.requiredLimits = {{"minUniformBufferOffsetAlignment", 64}};
  Device d = makeDevice(options);
  ASSERT_EQ(d.limits().minUniformBufferOffsetAlignment, 64u);
  device = d;
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform, true)});
  BindGroup gg =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = buffer(1024), .size = 64}}});
  computeValid([&](ComputePassEncoder& p) { p.setBindGroup(0, gg, {64}); });
  computeError(ErrorCode::DynamicOffsetNotAligned,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, gg, {32}); }, {"multiple of 64"});
}

TEST_F(SetBindGroupTest, OffsetsInBounds) {
  // Binding 2 is [align, align + 64) of an 8*align buffer with minBindingSize
  // 0: #gpubindingcommandsmixin-setbindgroup allows offset + dynamicOffset +
  // minBindingSize <= 8*align, so 7*align (the range then passes the end).
  computeValid([&](ComputePassEncoder& p) { p.setBindGroup(0, g, {0, align * 7}); });
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& p) {
                 p.setBindGroup(0, g, {0, align * 8});
               },
               {"dynamicOffsets[1]", "binding 2", "[Buffer \"big\"]",
                fmt::format("offset {} + dynamic offset {} + minBindingSize 0", align, align * 8),
                "not the binding's size 64"});
}

TEST_F(SetBindGroupTest, IndexBelowMaxBindGroups) {
  uint32_t max = device.limits().maxBindGroups;
  computeError(
      ErrorCode::BindGroupIndexOutOfRange,
      [&](ComputePassEncoder& p) {
        p.setBindGroup(max, g, {0, 0});
      },
      {fmt::format("index ({}) is not less than the device's maxBindGroups limit ({})", max, max)});
}

TEST_F(SetBindGroupTest, InvalidOrForeignGroup) {
  BindGroup invalid;
  expectError(ErrorCode::BindGroupEntryCountMismatch, [&] {
    invalid = device.createBindGroup({.label = "bad", .layout = dyn, .entries = {}});
  });
  computeError(ErrorCode::InvalidObject, [&](ComputePassEncoder& p) { p.setBindGroup(0, invalid); },
               {"bindGroup is [Invalid BindGroup \"bad\"]"});
  Device other = makeDevice();
  BindGroupLayout ol =
      other.createBindGroupLayout({.entries = {bufferEntry(0, BufferBindingType::Uniform)}});
  BindGroup og = other.createBindGroup(
      {.layout = ol,
       .entries = {{.binding = 0,
                    .resource = other.createBuffer({.size = 16, .usage = BufferUsage::Uniform})}}});
  computeError(ErrorCode::ObjectFromOtherDevice,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, og); });
}

TEST_F(SetBindGroupTest, Uint32ArrayFormRangeErrorIsNotAValidationError) {
  std::vector<uint32_t> data = {99, 0, align, 99};
  computeValid([&](ComputePassEncoder& p) {
    EXPECT_FALSE(p.setBindGroup(0, g, data, 1, 2));
    std::optional<Exception> e = p.setBindGroup(0, g, data, 3, 2);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->type, ExceptionType::RangeError);
    EXPECT_EQ(e->code, ErrorCode::DynamicOffsetsDataOutOfRange);
    EXPECT_THAT(e->message, HasSubstr("(5) is more than dynamicOffsetsData.length (4)"));
    EXPECT_TRUE(p.setBindGroup(0, g, data, 5, 0));
  });
  // Within range, the offsets are validated as usual.
  computeError(ErrorCode::DynamicOffsetNotAligned,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, g, data, 0, 2); });
}

TEST_F(SetBindGroupTest, GroupEquivalenceAtDispatch) {
  auto p = pipeline({dyn});
  // An explicit layout with equal entries is interchangeable.
  BindGroupLayout same = layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage, true),
                                 bufferEntry(1, BufferBindingType::Uniform),
                                 bufferEntry(2, BufferBindingType::Uniform, true)},
                                "same");
  BindGroup g2 =
      group(same, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 32}},
                   {.binding = 1, .resource = BufferBinding{.buffer = big, .size = 16}},
                   {.binding = 2, .resource = BufferBinding{.buffer = big, .size = 64}}});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g2, {0, 0});
    pass.dispatchWorkgroups(1);
  });
  BindGroupLayout other = layout({bufferEntry(0, BufferBindingType::Uniform)}, "other");
  BindGroup og =
      group(other, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 16}}}, "og");
  Error e = computeError(ErrorCode::BindGroupLayoutNotEquivalent,
                         [&](ComputePassEncoder& pass) {
                           use(pass, *p);
                           pass.setBindGroup(0, og);
                           pass.dispatchWorkgroups(1);
                         },
                         {"[BindGroup \"og\"] was created with [BindGroupLayout \"other\"]",
                          "not group-equivalent to [BindGroupLayout \"dyn\"]", "@group(0)",
                          "binding 0", "binding 2", "command #", "(dispatchWorkgroups)"});
}

TEST_F(SetBindGroupTest, AutoLayoutsOnlyWithTheirPipeline) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  // Two "pipelines" owning equal auto layouts.
  auto ownerA = pipeline({});
  auto ownerB = pipeline({});
  BindGroupLayoutDescriptor desc{.entries = {bufferEntry(0, BufferBindingType::Uniform)}};
  core::Ref<core::BindGroupLayoutBase> autoA, autoB;
  ASSERT_TRUE(dev->createAutoBindGroupLayout(desc, ownerA->info.pipeline, &autoA).isSuccess());
  ASSERT_TRUE(dev->createAutoBindGroupLayout(desc, ownerB->info.pipeline, &autoB).isSuccess());
  BindGroupLayout la = core::toHandle<BindGroupLayout>(autoA);
  BindGroup ga =
      group(la, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 16}}}, "ga");
  // A pipeline whose [[layout]] holds autoB at @group(0).
  auto pb = std::make_shared<FakePipeline>();
  pb->info.pipeline = ownerB->info.pipeline;
  auto layouts = std::vector<core::Ref<core::BindGroupLayoutBase>>(device.limits().maxBindGroups);
  layouts[0] = autoB;
  auto* plb = new core::PipelineLayoutBase(dev, {.label = "auto"}, layouts);
  pb->layout = core::toHandle<PipelineLayout>(core::Ref<core::PipelineLayoutBase>::adopt(plb));
  pb->info.layout = plb;
  pb->info.deriveFromLayout();
  computeError(ErrorCode::BindGroupLayoutNotEquivalent,
               [&](ComputePassEncoder& pass) {
                 use(pass, *pb);
                 pass.setBindGroup(0, ga);
                 pass.dispatchWorkgroups(1);
               },
               {"[[exclusivePipeline]]", "made by the layout: 'auto' of"});
  // With its own pipeline's layout it is fine.
  auto pa = std::make_shared<FakePipeline>();
  pa->info = pb->info;
  layouts[0] = autoA;
  auto* pla = new core::PipelineLayoutBase(dev, {.label = "auto a"}, layouts);
  pa->layout = core::toHandle<PipelineLayout>(core::Ref<core::PipelineLayoutBase>::adopt(pla));
  pa->info.layout = pla;
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *pa);
    pass.setBindGroup(0, ga);
    pass.dispatchWorkgroups(1);
  });
}

TEST_F(SetBindGroupTest, LateMinimumBufferSize) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)}, "late");
  BindGroup small =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 16}}}, "small");
  BindGroup enough =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 64}}});
  auto p = pipeline({l}, {{64}});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, enough);
    pass.dispatchWorkgroups(1);
  });
  computeError(ErrorCode::BindingSizeTooSmallForShader,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setBindGroup(0, enough);
                 pass.dispatchWorkgroups(1);
                 pass.setBindGroup(0, small);  // only this slot changed: it is checked again
                 pass.dispatchWorkgroups(1);
               },
               {"binds 16 bytes", "needs at least 64 bytes", "command #4"});
  // A layout minBindingSize (prevalidated) is not checked late.
  BindGroupLayout pre = layout({bufferEntry(0, BufferBindingType::Uniform, false, 16)});
  BindGroup pg = group(pre, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 16}}});
  auto pp = pipeline({pre}, {{64}});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *pp);
    pass.setBindGroup(0, pg);
    pass.dispatchWorkgroups(1);
  });
}

// A group that met one pipeline's late sizes at one slot is remembered as
// such (BindGroupBase::lateSizeMemo), and only for that pipeline and slot:
// another pipeline with larger sizes, or another slot, checks it again.
TEST_F(SetBindGroupTest, LateSizeMemoIsPerPipelineAndSlot) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)}, "late");
  BindGroup g32 =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 32}}}, "g32");
  BindGroup g64 =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 64}}}, "g64");
  auto needs32 = pipeline({l, l}, {{32}, {64}});
  auto needs64 = pipeline({l, l}, {{64}, {64}});
  auto bind = [&](ComputePassEncoder& pass, uint32_t slot, const BindGroup& bg) {
    pass.setBindGroup(slot, bg);
    pass.dispatchWorkgroups(1);
  };
  // g32 meets needs32 at @group(0), many times over (the memo's fast path
  // once the slot's layout is known), in this pass and the next.
  for (int passes = 0; passes < 2; ++passes) {
    computeValid([&](ComputePassEncoder& pass) {
      use(pass, *needs32);
      pass.setBindGroup(1, g64);
      for (int i = 0; i < 4; ++i) {
        bind(pass, 0, g64);
        bind(pass, 0, g32);
      }
    });
  }
  // With pipeline `p`, g64 then g32 at `slot` (the other slot holds g64):
  // g32 is checked again there, and too small.
  auto tooSmallAt = [&](const FakePipeline& p, uint32_t slot,
                        std::initializer_list<std::string> fragments) {
    computeError(
        ErrorCode::BindingSizeTooSmallForShader,
        [&](ComputePassEncoder& pass) {
          use(pass, p);
          pass.setBindGroup(1 - slot, g64);
          bind(pass, slot, g64);
          bind(pass, slot, g32);
        },
        fragments);
  };
  // The same group with the other pipeline.
  tooSmallAt(*needs64, 0,
             {"binds 32 bytes", "[BindGroup \"g32\"]", "needs at least 64 bytes", "command #5"});
  // Back to needs32, but at @group(1), where it needs 64.
  tooSmallAt(*needs32, 1,
             {"binds 32 bytes", "(at @group(1))", "needs at least 64 bytes", "command #5"});
  // Switching pipelines back and forth within one pass: each draw is
  // checked against the pipeline it runs with.
  computeError(ErrorCode::BindingSizeTooSmallForShader,
               [&](ComputePassEncoder& pass) {
                 pass.setBindGroup(1, g64);
                 use(pass, *needs32);
                 bind(pass, 0, g32);
                 use(pass, *needs64);
                 pass.dispatchWorkgroups(1);
               },
               {"binds 32 bytes", "needs at least 64 bytes", "command #4"});
}

// setBindGroup and dispatchWorkgroups record the steady state without a
// call (their frameless paths) until a stream block is full, then through
// the general path: 20,000 pairs over several 64 KiB blocks come back in
// order, each with its group, dynamic offset and counts.
TEST_F(SetBindGroupTest, ManyPairsAreRecordedInOrderAcrossStreamBlocks) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform, true)});
  std::vector<BindGroup> groups;
  for (int i = 0; i < 8; ++i) {
    groups.push_back(
        group(l, {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = 16}}}));
  }
  auto p = pipeline({l});
  constexpr uint32_t kPairs = 20000;
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    ComputePassEncoder pass = e.beginComputePass();
    use(pass, *p);
    for (uint32_t i = 0; i < kPairs; ++i) {
      pass.setBindGroup(0, groups[i % 8], {(i % 4) * align});
      pass.dispatchWorkgroups(i % 7 + 1, 1, i % 3 + 1);
    }
    pass.end();
    cb = e.finish();
  });
  const core::CommandStream& stream = core::fromHandle<core::CommandBufferBase>(cb)->commands();
  ASSERT_GT(stream.sizeInBytes(), 3 * core::CommandStream::kBlockSize);
  core::CommandStream::Reader reader(stream);
  core::CommandType type;
  const uint8_t* payload;
  ASSERT_TRUE(reader.next(&type, &payload));
  EXPECT_EQ(type, core::CommandType::BeginComputePass);
  for (uint32_t i = 0; i < kPairs; ++i) {
    ASSERT_TRUE(reader.next(&type, &payload)) << i;
    ASSERT_EQ(type, core::CommandType::SetBindGroup) << i;
    auto* set = reinterpret_cast<const core::SetBindGroupCmd*>(payload);
    EXPECT_EQ(set->group, core::fromHandle<core::BindGroupBase>(groups[i % 8])) << i;
    ASSERT_EQ(set->dynamicOffsetCount, 1u) << i;
    uint32_t offset;
    std::memcpy(&offset, core::CommandStream::extraOf(set), sizeof(offset));
    EXPECT_EQ(offset, (i % 4) * align) << i;
    ASSERT_TRUE(reader.next(&type, &payload)) << i;
    ASSERT_EQ(type, core::CommandType::Dispatch) << i;
    auto* dispatch = reinterpret_cast<const core::DispatchCmd*>(payload);
    EXPECT_EQ(dispatch->x, i % 7 + 1) << i;
    EXPECT_EQ(dispatch->z, i % 3 + 1) << i;
  }
  ASSERT_TRUE(reader.next(&type, &payload));
  EXPECT_EQ(type, core::CommandType::EndPass);
  EXPECT_FALSE(reader.next(&type, &payload));
}

TEST_F(SetBindGroupTest, WritableAliasing) {
  Buffer s = buffer(1024, BufferUsage::Storage, "s");
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Storage),
                              bufferEntry(1, BufferBindingType::Storage, true)});
  auto p = pipeline({l});
  BindGroup gg =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 0, .size = 256}},
                {.binding = 1, .resource = BufferBinding{.buffer = s, .offset = 0, .size = 256}}});
  // Disjoint thanks to the dynamic offset: the storage exception allows it.
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, gg, {256});
    pass.dispatchWorkgroups(1);
  });
  computeError(
      ErrorCode::WritableResourceAliasing,
      [&](ComputePassEncoder& pass) {
        use(pass, *p);
        pass.setBindGroup(0, gg, {256});
        pass.dispatchWorkgroups(1);
        pass.setBindGroup(0, gg, {0});  // the offset change alone is re-checked
        pass.dispatchWorkgroups(1);
      },
      {"@group(0) binding 0 (writable [0, 256)", "binding 1 (writable [0, 256)", "[Buffer \"s\"]"});
}

TEST_F(SetBindGroupTest, ComputeUsageScopePerDispatch) {
  Buffer s = buffer(1024, BufferUsage::Storage | BufferUsage::Uniform, "shared");
  BindGroupLayout w = layout({bufferEntry(0, BufferBindingType::Storage)});
  BindGroupLayout r = layout({bufferEntry(0, BufferBindingType::Uniform)});
  BindGroup gw =
      group(w, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 0, .size = 256}}});
  BindGroup gr = group(
      r, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 512, .size = 256}}});
  auto both = pipeline({w, r});
  auto onlyW = pipeline({w});
  // Storage and uniform use of one buffer in one dispatch: a conflict, even disjoint.
  computeError(ErrorCode::UsageScopeConflict,
               [&](ComputePassEncoder& pass) {
                 use(pass, *both);
                 pass.setBindGroup(0, gw);
                 pass.setBindGroup(1, gr);
                 pass.dispatchWorkgroups(1);
               },
               {"[Buffer \"shared\"] is used as", "storage", "constant", "one usage scope"});
  // Only the groups the pipeline uses count: @group(1) is ignored.
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *onlyW);
    pass.setBindGroup(0, gw);
    pass.setBindGroup(1, gr);
    pass.dispatchWorkgroups(1);
  });
  // Separate dispatches are separate scopes.
  auto onlyR = pipeline({BindGroupLayout{}, r});
  computeValid([&](ComputePassEncoder& pass) {
    pass.setBindGroup(0, gw);
    pass.setBindGroup(1, gr);
    use(pass, *onlyW);
    pass.dispatchWorkgroups(1);
    use(pass, *onlyR);
    pass.dispatchWorkgroups(1);
  });
  // The indirect buffer is an input use in the dispatch's scope.
  Buffer si = buffer(256, BufferUsage::Storage | BufferUsage::Indirect, "si");
  BindGroup gsi =
      group(w, {{.binding = 0, .resource = BufferBinding{.buffer = si, .offset = 0, .size = 64}}});
  computeError(ErrorCode::UsageScopeConflict,
               [&](ComputePassEncoder& pass) {
                 use(pass, *onlyW);
                 pass.setBindGroup(0, gsi);
                 pass.dispatchWorkgroupsIndirect(si, 128);
               },
               {"the indirect buffer"});
}

// The fast paths (setBindGroup's precomputed checks, the tracker's per-slot
// layout memo, the per-pass "already used" stamp) must not hide a rule.
TEST_F(SetBindGroupTest, FastPathDynamicOffsetLimitsArePerGroup) {
  // Same layout, different ranges: an offset in bounds for one is not for the other.
  Buffer b = buffer(align * 4, BufferUsage::Uniform, "b");
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform, true)}, "l");
  BindGroup low =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = b, .offset = 0, .size = 16}}});
  BindGroup high = group(
      l, {{.binding = 0, .resource = BufferBinding{.buffer = b, .offset = align * 2, .size = 16}}},
      "high");
  computeValid([&](ComputePassEncoder& p) {
    for (int i = 0; i < 4; ++i) p.setBindGroup(0, low, {align * 3});
    p.setBindGroup(0, high, {align});
  });
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& p) {
                 p.setBindGroup(0, low, {align * 3});
                 p.setBindGroup(0, high, {align * 3});
               },
               {"dynamicOffsets[0]", "[Buffer \"b\"]", "command #2"});
}

TEST_F(SetBindGroupTest, FastPathRechecksWhenThePipelineChanges) {
  BindGroupLayout a = layout({bufferEntry(0, BufferBindingType::Uniform)}, "a");
  BindGroupLayout other = layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage)}, "other");
  std::vector<BindGroup> groups;
  for (int i = 0; i < 8; ++i) {
    groups.push_back(group(
        a, {{.binding = 0, .resource = BufferBinding{.buffer = big, .offset = 0, .size = 16}}}));
  }
  BindGroup odd = group(
      other, {{.binding = 0, .resource = BufferBinding{.buffer = big, .offset = 0, .size = 16}}},
      "odd");
  auto pa = pipeline({a});
  auto po = pipeline({other});
  // Many groups of one layout, then one of another layout at the same slot.
  computeError(ErrorCode::BindGroupLayoutNotEquivalent,
               [&](ComputePassEncoder& pass) {
                 use(pass, *pa);
                 for (const BindGroup& each : groups) {
                   pass.setBindGroup(0, each);
                   pass.dispatchWorkgroups(1);
                 }
                 pass.setBindGroup(0, odd);
                 pass.dispatchWorkgroups(1);
               },
               {"[BindGroup \"odd\"]", "command #18"});
  // The same group, checked for one pipeline, is checked again for the next.
  computeError(ErrorCode::BindGroupLayoutNotEquivalent,
               [&](ComputePassEncoder& pass) {
                 use(pass, *pa);
                 pass.setBindGroup(0, groups[0]);
                 pass.dispatchWorkgroups(1);
                 use(pass, *po);
                 pass.dispatchWorkgroups(1);
               },
               {"not group-equivalent to [BindGroupLayout \"other\"]"});
  // Unset after a check: BindGroupNotSet, not the memo.
  computeError(ErrorCode::BindGroupNotSet, [&](ComputePassEncoder& pass) {
    use(pass, *pa);
    pass.setBindGroup(0, groups[0]);
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, BindGroup{});
    pass.dispatchWorkgroups(1);
  });
}

TEST_F(SetBindGroupTest, FastPathAGroupUsedInAnEarlierPassIsInTheNextPassScope) {
  // The group's per-pass stamp: a group first set in a compute pass is still
  // part of the next render pass's usage scope (storage vs vertex input).
  Buffer s = buffer(1024, BufferUsage::Storage | BufferUsage::Vertex, "sv");
  BindGroupLayout w = layout({bufferEntry(0, BufferBindingType::Storage)});
  BindGroup gw = group(
      w, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 0, .size = 256}}}, "gw");
  TextureView target = colorTarget();
  expectError(ErrorCode::UsageScopeConflict,
              [&] {
                CommandEncoder e = device.createCommandEncoder({.label = "enc"});
                ComputePassEncoder cp = e.beginComputePass({.label = "cp"});
                cp.setBindGroup(0, gw);
                cp.end();
                RenderPassEncoder rp =
                    e.beginRenderPass({.label = "rp", .colorAttachments = {{.view = target}}});
                rp.setBindGroup(0, gw);
                rp.setVertexBuffer(0, s);
                rp.end();
                e.finish();
              },
              {"[Buffer \"sv\"]", "storage", "input"});
  // The command buffer keeps the group once, however many passes set it.
  CommandBuffer cb;
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    for (int i = 0; i < 3; ++i) {
      ComputePassEncoder cp = e.beginComputePass();
      cp.setBindGroup(0, gw);
      cp.setBindGroup(0, gw);
      cp.end();
    }
    cb = e.finish();
  });
  EXPECT_EQ(core::fromHandle<core::CommandBufferBase>(cb)->used().bindGroups.size(), 1u);
}

}  // namespace
}  // namespace bindery::testing
