// #pipeline-layout-creation: maxBindGroups, null and empty slots, binding
// slot limits across groups, the exclusivePipeline rule, immediateSize.
#include "core/binding/pipeline_layout.h"
#include "core/base/handles.h"
#include "core/binding/bind_group_layout.h"
#include "core/device/device.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

constexpr ShaderStageFlags kFragment = ShaderStage::Fragment;

class PipelineLayoutTest : public DeviceTest {
 protected:
  BindGroupLayout layout(std::vector<BindGroupLayoutEntry> entries, std::string label = "") {
    BindGroupLayout l;
    expectValid([&] {
      l = device.createBindGroupLayout({.label = std::move(label), .entries = std::move(entries)});
    });
    return l;
  }
  BindGroupLayout uniforms(uint32_t count, std::string label = "") {
    std::vector<BindGroupLayoutEntry> entries;
    for (uint32_t i = 0; i < count; ++i) {
      entries.push_back({.binding = i, .visibility = kFragment, .buffer = BufferBindingLayout{}});
    }
    return layout(std::move(entries), std::move(label));
  }
  static core::PipelineLayoutBase* base(const PipelineLayout& l) {
    return core::fromHandle<core::PipelineLayoutBase>(l);
  }
};

TEST_F(PipelineLayoutTest, EmptyIsValid) {
  PipelineLayout pl;
  expectValid([&] { pl = device.createPipelineLayout({.label = "vacío"}); });
  EXPECT_EQ(pl.label(), "vacío");
  EXPECT_EQ(pl.bindGroupLayouts().size(), device.limits().maxBindGroups);
  EXPECT_EQ(pl.immediateSize(), 0u);
}

TEST_F(PipelineLayoutTest, NullAndEmptySlotsAreNull) {
  BindGroupLayout a = uniforms(1, "a");
  BindGroupLayout empty = uniforms(0, "empty");
  PipelineLayout pl;
  expectValid([&] {
    pl = device.createPipelineLayout({.bindGroupLayouts = {BindGroupLayout(), a, empty, a}});
  });
  std::vector<BindGroupLayout> slots = pl.bindGroupLayouts();
  ASSERT_EQ(slots.size(), 4u);
  EXPECT_FALSE(slots[0]);
  EXPECT_TRUE(slots[1]);
  EXPECT_EQ(slots[1].label(), "a");
  EXPECT_FALSE(slots[2]);  // an empty layout leaves its slot null
  EXPECT_TRUE(slots[3]);
}

TEST_F(PipelineLayoutTest, AtMostMaxBindGroups) {
  BindGroupLayout a = uniforms(1);
  const uint32_t max = device.limits().maxBindGroups;  // 4
  std::vector<BindGroupLayout> layouts(max, a);
  expectValid([&] { device.createPipelineLayout({.bindGroupLayouts = layouts}); });
  layouts.push_back(BindGroupLayout());  // even a null fifth slot is one too many
  expectError(ErrorCode::PipelineLayoutTooManyBindGroups,
              [&] { device.createPipelineLayout({.label = "cinco", .bindGroupLayouts = layouts}); },
              {"[PipelineLayout \"cinco\"]", "bindGroupLayouts has 5 elements",
               "maxBindGroups limit is 4"});
}

TEST_F(PipelineLayoutTest, SlotLimitsCountAllGroups) {
  // 12 uniform buffers per stage: 8 + 4 fit, 8 + 5 do not.
  BindGroupLayout eight = uniforms(8, "ocho");
  BindGroupLayout four = uniforms(4);
  BindGroupLayout five = uniforms(5);
  expectValid([&] { device.createPipelineLayout({.bindGroupLayouts = {eight, four}}); });
  expectError(ErrorCode::PipelineLayoutBindingSlotLimits,
              [&] {
                device.createPipelineLayout({.bindGroupLayouts = {eight, BindGroupLayout(), five}});
              },
              {"13 uniform buffers are visible to GPUShaderStage.FRAGMENT",
               "maxUniformBuffersPerShaderStage limit is 12", "group 0 binding 0 (buffer)",
               "group 2 binding 4 (buffer)"});
}

TEST_F(PipelineLayoutTest, DynamicOffsetsCountAcrossGroups) {
  std::vector<BindGroupLayoutEntry> entries;
  for (uint32_t i = 0; i < 5; ++i) {
    entries.push_back({.binding = i,
                       .visibility = kFragment,
                       .buffer = BufferBindingLayout{.hasDynamicOffset = true}});
  }
  BindGroupLayout dyn = layout(entries);
  expectError(ErrorCode::PipelineLayoutBindingSlotLimits,
              [&] {
                device.createPipelineLayout({.bindGroupLayouts = {dyn, dyn}});
              },
              {"10 uniform buffers with hasDynamicOffset: true",
               "maxDynamicUniformBuffersPerPipelineLayout limit is 8"});
}

TEST_F(PipelineLayoutTest, ImmediateSize) {
  const uint32_t max = device.limits().maxImmediateSize;  // 64
  PipelineLayout pl;
  expectValid([&] { pl = device.createPipelineLayout({.immediateSize = max}); });
  EXPECT_EQ(pl.immediateSize(), max);
  expectError(ErrorCode::PipelineLayoutImmediateSizeTooLarge,
              [&] { device.createPipelineLayout({.immediateSize = max + 4}); },
              {"immediateSize (68)", "maxImmediateSize limit (64)"});
  expectError(ErrorCode::PipelineLayoutImmediateSizeNotAligned,
              [&] { device.createPipelineLayout({.immediateSize = 6}); },
              {"multiple of 4", "Round it up to 8"});
}

TEST_F(PipelineLayoutTest, InvalidLayoutIsRefused) {
  BindGroupLayout bad;
  device.pushErrorScope(ErrorFilter::Validation);
  bad = device.createBindGroupLayout({.label = "roto",
                                      .entries = {
                                          {.binding = 0, .visibility = kFragment},
                                      }});
  EXPECT_TRUE(device.popErrorScope().error.has_value());
  expectError(ErrorCode::InvalidObject,
              [&] {
                device.createPipelineLayout({.bindGroupLayouts = {uniforms(1), bad}});
              },
              {"descriptor.bindGroupLayouts[1]", "[Invalid BindGroupLayout \"roto\"]",
               "Its creation failed"});
}

TEST_F(PipelineLayoutTest, LayoutOfAnotherDeviceIsRefused) {
  Device other = makeDevice();
  BindGroupLayout foreign = other.createBindGroupLayout(
      {.label = "ajeno",
       .entries = {{.binding = 0, .visibility = kFragment, .buffer = BufferBindingLayout{}}}});
  expectError(ErrorCode::ObjectFromOtherDevice,
              [&] { device.createPipelineLayout({.bindGroupLayouts = {foreign}}); },
              {"descriptor.bindGroupLayouts[0]", "[BindGroupLayout \"ajeno\"]"});
}

TEST_F(PipelineLayoutTest, AutoLayoutsAreRefused) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  BindGroupLayout owner = uniforms(0, "pipeline (stand-in)");
  core::Ref<core::BindGroupLayoutBase> autoLayout;
  ASSERT_TRUE(dev->createAutoBindGroupLayout({.label = "auto 0",
                                              .entries = {{.binding = 0,
                                                           .visibility = kFragment,
                                                           .buffer = BufferBindingLayout{}}}},
                                             core::fromHandle<core::BindGroupLayoutBase>(owner),
                                             &autoLayout)
                  .isSuccess());
  BindGroupLayout handle = core::toHandle<BindGroupLayout>(autoLayout);
  expectError(ErrorCode::PipelineLayoutExclusiveBindGroupLayout,
              [&] { device.createPipelineLayout({.bindGroupLayouts = {handle}}); },
              {"descriptor.bindGroupLayouts[0]", "[BindGroupLayout \"auto 0\"]", "layout: 'auto'",
               "createBindGroupLayout()"});
}

TEST_F(PipelineLayoutTest, AutoLayoutOutlivingItsPipelineIsStillRefused) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  core::Ref<core::BindGroupLayoutBase> autoLayout;
  {
    BindGroupLayout owner = uniforms(0, "pipeline efímero");
    ASSERT_TRUE(dev->createAutoBindGroupLayout({.entries = {{.binding = 0,
                                                             .visibility = kFragment,
                                                             .buffer = BufferBindingLayout{}}}},
                                               core::fromHandle<core::BindGroupLayoutBase>(owner),
                                               &autoLayout)
                    .isSuccess());
  }
  // The owner is gone; the message still names it (taken at creation).
  BindGroupLayout handle = core::toHandle<BindGroupLayout>(autoLayout);
  expectError(ErrorCode::PipelineLayoutExclusiveBindGroupLayout,
              [&] { device.createPipelineLayout({.bindGroupLayouts = {handle}}); },
              {"[BindGroupLayout \"pipeline efímero\"]"});
}

TEST_F(PipelineLayoutTest, EquivalenceFollowsGroupEquivalence) {
  BindGroupLayout a = uniforms(2, "a");
  BindGroupLayout b = uniforms(2, "b");  // equal entries, another object
  BindGroupLayout c = uniforms(3, "c");
  PipelineLayout p1 = device.createPipelineLayout({.bindGroupLayouts = {a}});
  PipelineLayout p2 = device.createPipelineLayout({.bindGroupLayouts = {b}});
  PipelineLayout p3 = device.createPipelineLayout({.bindGroupLayouts = {c}});
  PipelineLayout p4 = device.createPipelineLayout({.bindGroupLayouts = {a}, .immediateSize = 16});
  EXPECT_TRUE(base(p1)->isEquivalent(*base(p2)));
  EXPECT_FALSE(base(p1)->isEquivalent(*base(p3)));
  EXPECT_FALSE(base(p1)->isEquivalent(*base(p4)));
}

}  // namespace
}  // namespace bindery::testing
