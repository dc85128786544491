// The messages of issue 19 and the dynamic-offset rule for bindings without
// a size: setBindGroup errors name the group and its layout by label,
// dynamic offsets given in entry order, a layout mismatch against a
// layout: 'auto' pipeline, bindings without a size at a dynamic offset
// (#abstract-opdef-effective-buffer-binding-size,
// #gpubindingcommandsmixin-setbindgroup), the 'float' requirement of an
// 'auto' layout on an unfilterable format, and minBindingSize failures whose
// WGSL type has padding.
#include "core/device/device.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class BindingMessagesTest : public EncoderTest {
 protected:
  void SetUp() override {
    EncoderTest::SetUp();
    align = device.limits().minUniformBufferOffsetAlignment;
  }
  ShaderModule module(const std::string& code) {
    return device.createShaderModule({.label = "m", .code = code});
  }
  ComputePipeline autoCompute(const std::string& code, std::string label) {
    ComputePipeline p;
    expectValid([&] {
      p = device.createComputePipeline(
          {.label = std::move(label), .layout = kAutoLayout, .compute = {.module = module(code)}});
    });
    return p;
  }
  uint32_t align = 256;
};

// --- setBindGroup names the group and its layout ------------------------------------

TEST_F(BindingMessagesTest, SetBindGroupErrorsNameTheGroupAndItsLayout) {
  Buffer b = buffer(align * 4, BufferUsage::Uniform, "b");
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform, true)}, "per-object");
  BindGroup g =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = 64}}}, "object 7");
  computeError(ErrorCode::DynamicOffsetNotAligned,
               [&](ComputePassEncoder& p) { p.setBindGroup(1, g, {4}); },
               {"dynamicOffsets[0] (4, for binding 0 of [BindGroup \"object 7\"]",
                "While validating setBindGroup(1, [BindGroup \"object 7\"], [4]) "
                "([BindGroup \"object 7\"] has layout [BindGroupLayout \"per-object\"])",
                "encoding command #1 (setBindGroup)"});
  computeError(ErrorCode::DynamicOffsetCountMismatch,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, g); },
               {"0 dynamic offset(s) given, but [BindGroup \"object 7\"] has 1",
                "the dynamicOffsetCount of its layout [BindGroupLayout \"per-object\"]"});
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& p) { p.setBindGroup(0, g, {align * 5}); },
               {"for binding 0 of [BindGroup \"object 7\"]", "[Buffer \"b\"]",
                "has layout [BindGroupLayout \"per-object\"]"});
}

TEST_F(BindingMessagesTest, LayoutMismatchNamesBothLayoutsAndTheAutoPipeline) {
  ComputePipeline p = autoCompute(R"(
@group(0) @binding(0) var<storage, read_write> data : array<u32>;
@compute @workgroup_size(1) fn main() { data[0] = 1u; }
)",
                                  "scan");
  BindGroupLayout mine = layout({bufferEntry(0, BufferBindingType::Storage)}, "mine");
  Buffer s = buffer(256, BufferUsage::Storage, "s");
  BindGroup g = group(mine, {{.binding = 0, .resource = s}}, "data group");
  computeError(ErrorCode::BindGroupLayoutNotEquivalent,
               [&](ComputePassEncoder& pass) {
                 pass.setPipeline(p);
                 pass.setBindGroup(0, g);
                 pass.dispatchWorkgroups(1);
               },
               {"[BindGroup \"data group\"] was created with [BindGroupLayout \"mine\"]",
                "not group-equivalent to [BindGroupLayout] (the layout: 'auto' of [ComputePipeline "
                "\"scan\"])",
                "getBindGroupLayout(0)"});
}

// --- dynamic offsets in entry order ------------------------------------------------

TEST_F(BindingMessagesTest, DynamicOffsetsInEntryOrderShowTheExpectedOrder) {
  Buffer small = buffer(512, BufferUsage::Uniform, "small");
  Buffer large = buffer(align * 8, BufferUsage::Uniform, "large");
  // Listed binding 1 first, as the WGSL might declare them.
  BindGroupLayout l = layout({bufferEntry(1, BufferBindingType::Uniform, true),
                              bufferEntry(0, BufferBindingType::Uniform, true)},
                             "two");
  BindGroup g = group(l,
                      {{.binding = 1, .resource = BufferBinding{.buffer = large, .size = 64}},
                       {.binding = 0, .resource = BufferBinding{.buffer = small, .size = 256}}},
                      "g");
  // Meant as (binding 1: 1024, binding 0: 0); setBindGroup takes binding 0 first.
  uint32_t far = align * 4;
  Error e = computeError(
      ErrorCode::DynamicOffsetOutOfBounds,
      [&](ComputePassEncoder& p) {
        p.setBindGroup(0, g, {far, 0});
      },
      {"dynamicOffsets[0]", "would all be valid in another order", "binding-number order",
       "not in the order of the entries in the descriptor",
       fmt::format("[BindGroupLayout \"two\"] expects: binding 0 ('uniform'): 0, binding 1 "
                   "('uniform'): {}",
                   far),
       fmt::format("Pass dynamicOffsets: [0, {}] (sorted by binding number)", far)});
  computeValid([&](ComputePassEncoder& p) { p.setBindGroup(0, g, {0, far}); });
  // No order fits: no such note.
  e = computeError(ErrorCode::DynamicOffsetOutOfBounds, [&](ComputePassEncoder& p) {
    p.setBindGroup(0, g, {far, far * 2});
  });
  EXPECT_THAT(e.message, Not(HasSubstr("another order")));
}

// --- bindings without a size at a dynamic offset -----------------------------------

class UnsizedDynamicTest : public BindingMessagesTest {
 protected:
  void SetUp() override {
    BindingMessagesTest::SetUp();
    data = buffer(512, BufferUsage::Storage, "batch");
    l = layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage, true)}, "batch layout");
    // No size: the binding covers offset + dynamic offset to the end.
    g = group(l, {{.binding = 0, .resource = BufferBinding{.buffer = data}}}, "batch group");
  }
  Buffer data;
  BindGroupLayout l;
  BindGroup g;
};

TEST_F(UnsizedDynamicTest, TheSpecsExampleIsAccepted) {
  // 512 bytes, no size, dynamic offset 256: offset + 256 + minBindingSize 0 <= 512.
  auto p = pipeline({l}, {{64}});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, g, {0});
    pass.dispatchWorkgroups(1);
    pass.setBindGroup(0, g, {256});
    pass.dispatchWorkgroups(1);
  });
  // At the end of the buffer the binding is empty: allowed by setBindGroup...
  computeValid([&](ComputePassEncoder& pass) { pass.setBindGroup(0, g, {512}); });
  // ...but not by a dispatch whose shader reads 64 bytes.
  computeError(ErrorCode::BindingSizeTooSmallForShader,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setBindGroup(0, g, {512});
                 pass.dispatchWorkgroups(1);
               },
               {"binds 0 bytes of [Buffer \"batch\"]",
                "no size: from offset 0 + dynamic offset 512 to the end of the 512-byte buffer",
                "needs at least 64 bytes"});
  // Past the end: refused at setBindGroup.
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& pass) { pass.setBindGroup(0, g, {768}); },
               {"offset 0 + dynamic offset 768 + minBindingSize 0 = 768 > buffer size 512",
                "the binding has no size", "Use a dynamic offset of at most 512"});
}

TEST_F(UnsizedDynamicTest, LateSizeAppliesTheOffsetEachTime) {
  // The shader needs 320 bytes: offset 0 (512 bytes) is enough, 256 (256 bytes) is not.
  auto p = pipeline({l}, {{320}});
  computeError(ErrorCode::BindingSizeTooSmallForShader,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setBindGroup(0, g, {0});
                 pass.dispatchWorkgroups(1);
                 pass.setBindGroup(0, g, {256});  // the same group, a new offset
                 pass.dispatchWorkgroups(1);
               },
               {"binds 256 bytes", "dynamic offset 256", "needs at least 320 bytes",
                "command #4 (dispatchWorkgroups)",
                "set minBindingSize: 320 for binding 0 in [BindGroupLayout \"batch layout\"]"});
}

TEST_F(UnsizedDynamicTest, MinBindingSizeMustFitAfterTheOffset) {
  BindGroupLayout min = layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage, true, 256)});
  BindGroup mg = group(min, {{.binding = 0, .resource = BufferBinding{.buffer = data}}}, "mg");
  computeValid([&](ComputePassEncoder& pass) { pass.setBindGroup(0, mg, {256}); });
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& pass) { pass.setBindGroup(0, mg, {512}); },
               {"offset 0 + dynamic offset 512 + minBindingSize 256 = 768 > buffer size 512"});
}

// #gpubindingcommandsmixin-setbindgroup checks offset + dynamicOffset +
// minBindingSize, also for a binding with a size: a sized range may reach
// past the buffer's end (the backends bind only what is inside the buffer).
TEST_F(UnsizedDynamicTest, SizedBindingMayPassTheEndButMinBindingSizeMustFit) {
  BindGroup sized =
      group(l, {{.binding = 0, .resource = BufferBinding{.buffer = data, .size = 512}}}, "sized");
  computeValid([&](ComputePassEncoder& pass) {
    pass.setBindGroup(0, sized, {256});  // [256, 768) of a 512-byte buffer
    pass.setBindGroup(0, sized, {512});  // offset + minBindingSize 0 = 512 <= 512
  });
  computeError(
      ErrorCode::DynamicOffsetOutOfBounds,
      [&](ComputePassEncoder& pass) { pass.setBindGroup(0, sized, {768}); },
      {"offset 0 + dynamic offset 768 + minBindingSize 0 = 768 > buffer size 512",
       "checks minBindingSize, not the binding's size 512", "Use a dynamic offset of at most 512"});
  BindGroupLayout min = layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage, true, 256)});
  BindGroup sizedMin =
      group(min, {{.binding = 0, .resource = BufferBinding{.buffer = data, .size = 512}}}, "sm");
  computeValid([&](ComputePassEncoder& pass) { pass.setBindGroup(0, sizedMin, {256}); });
  computeError(ErrorCode::DynamicOffsetOutOfBounds,
               [&](ComputePassEncoder& pass) { pass.setBindGroup(0, sizedMin, {512}); },
               {"offset 0 + dynamic offset 512 + minBindingSize 256 = 768 > buffer size 512",
                "not the binding's size 512", "Use a dynamic offset of at most 256"});
  // At dispatch the effective size is the binding's size (512), whatever the offset.
  auto p = pipeline({l}, {{512}});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, sized, {256});
    pass.dispatchWorkgroups(1);
  });
}

TEST_F(UnsizedDynamicTest, AliasingUsesTheRangeFromTheOffsetToTheEnd) {
  Buffer s = buffer(512, BufferUsage::Storage, "s");
  BindGroupLayout wl = layout({bufferEntry(0, BufferBindingType::Storage),
                               bufferEntry(1, BufferBindingType::Storage, true)});
  BindGroup wg =
      group(wl, {{.binding = 0, .resource = BufferBinding{.buffer = s, .offset = 0, .size = 256}},
                 {.binding = 1, .resource = BufferBinding{.buffer = s}}});
  auto p = pipeline({wl});
  computeValid([&](ComputePassEncoder& pass) {
    use(pass, *p);
    pass.setBindGroup(0, wg, {256});  // [256, 512): disjoint from [0, 256)
    pass.dispatchWorkgroups(1);
  });
  computeError(ErrorCode::WritableResourceAliasing,
               [&](ComputePassEncoder& pass) {
                 use(pass, *p);
                 pass.setBindGroup(0, wg, {0});
                 pass.dispatchWorkgroups(1);
               },
               {"binding 1 (writable [0, 512)"});
}

// --- an 'auto' layout's 'float' on an unfilterable format --------------------------

constexpr const char* kSampled = R"(
@group(0) @binding(0) var heights : texture_2d<f32>;
@group(0) @binding(1) var soft : sampler;
@group(0) @binding(2) var<storage, read_write> out : array<f32>;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(heights, soft, vec2f(0.5), 0.0).x;
}
)";

TEST_F(BindingMessagesTest, AutoLayoutFloatOnAnUnfilterableFormatSaysWhy) {
  ComputePipeline p = autoCompute(kSampled, "terrain");
  BindGroupLayout l = p.getBindGroupLayout(0);
  Sampler smp = device.createSampler({});
  Buffer out = buffer(64, BufferUsage::Storage);
  auto entries = [&](const Texture& t) {
    return std::vector<BindGroupEntry>{{.binding = 0, .resource = t.createView()},
                                       {.binding = 1, .resource = smp},
                                       {.binding = 2, .resource = out}};
  };
  Texture r32 = texture(TextureFormat::R32float, {4, 4}, TextureUsage::TextureBinding, 1, 1,
                        TextureDimension::e2D, "heights");
  Error e = expectError(
      ErrorCode::BindGroupTextureSampleTypeMismatch,
      [&] {
        device.createBindGroup({.label = "terrain group", .layout = l, .entries = entries(r32)});
      },
      {"'r32float'",
       "The 'float' requirement comes from the layout: 'auto' of [ComputePipeline "
       "\"terrain\"]",
       "entry point 'main' samples @group(0) @binding(0) 'heights' (line 2",
       "with the sampler 'soft' (@group(0) @binding(1)) in textureSampleLevel (first call on "
       "line 6)",
       "texture: {sampleType: 'unfilterable-float'} at binding 0",
       "sampler: {type: 'non-filtering'} for 'soft'", "request the 'float32-filterable' feature"});
  // A depth format: no feature makes it filterable.
  Texture depth = texture(TextureFormat::Depth32float, {4, 4}, TextureUsage::TextureBinding);
  e = expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
                  [&] { device.createBindGroup({.layout = l, .entries = entries(depth)}); },
                  {"'unfilterable-float'", "no feature makes 'depth32float' filterable"});
  // With the feature, r32float is filterable and the same group is valid.
  device = makeDeviceWithAllFeatures();
  ComputePipeline pf = autoCompute(kSampled, "terrain");
  Texture r32f = texture(TextureFormat::R32float, {4, 4}, TextureUsage::TextureBinding);
  smp = device.createSampler({});
  out = buffer(64, BufferUsage::Storage);
  expectValid([&] {
    device.createBindGroup({.layout = pf.getBindGroupLayout(0), .entries = entries(r32f)});
  });
}

// --- minBindingSize failures explain the WGSL type's padding -----------------------

constexpr const char* kPadded = R"(
struct Params {
  origin : vec3f,
  scale : vec2f,
}
@group(0) @binding(0) var<uniform> params : Params;
@group(0) @binding(1) var<storage, read_write> points : array<vec3f>;
@compute @workgroup_size(1) fn main() {
  points[0] = params.origin * params.scale.x;
}
)";

TEST_F(BindingMessagesTest, AutoLayoutMinBindingSizeExplainsStructPadding) {
  ComputePipeline p = autoCompute(kPadded, "integrate");
  Buffer u = buffer(256, BufferUsage::Uniform, "params");
  Buffer s = buffer(256, BufferUsage::Storage, "points");
  // origin (12) + scale (8) = 20 bytes of data; 24 written by a C struct
  // without the trailing padding; the WGSL struct is 32.
  expectError(
      ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup(
            {.label = "step",
             .layout = p.getBindGroupLayout(0),
             .entries = {{.binding = 0, .resource = BufferBinding{.buffer = u, .size = 24}},
                         {.binding = 1, .resource = s}}});
      },
      {"is 24 bytes (size: 24), smaller than the layout's buffer.minBindingSize (32)",
       "The layout is the layout: 'auto' of [ComputePipeline \"integrate\"]",
       "The WGSL type of 'params' (line 6) is Params, 32 bytes", "its members hold 20 bytes",
       "4 bytes before 'scale' at offset 16 (vec2<f32> is aligned to 8), after 'origin' ends at 12",
       "8 bytes at the end, to round the size up to a multiple of the struct's alignment (16, "
       "from 'origin': vec3<f32>)",
       "of [BindGroup \"step\"] against [BindGroupLayout] (the layout: 'auto' of "
       "[ComputePipeline \"integrate\"])"});
}

TEST_F(BindingMessagesTest, LateMinimumSizeExplainsArrayStride) {
  // An explicit layout without minBindingSize: the size is checked at dispatch.
  BindGroupLayout l =
      layout({bufferEntry(0, BufferBindingType::Uniform, false, 0, ShaderStage::Compute),
              bufferEntry(1, BufferBindingType::Storage, false, 0, ShaderStage::Compute)},
             "explicit");
  ComputePipeline p;
  expectValid([&] {
    p = device.createComputePipeline(
        {.label = "integrate",
         .layout = device.createPipelineLayout({.bindGroupLayouts = {l}}),
         .compute = {.module = module(kPadded)}});
  });
  Buffer u = buffer(256, BufferUsage::Uniform);
  Buffer s = buffer(256, BufferUsage::Storage, "points");
  BindGroup g = group(l,
                      {{.binding = 0, .resource = BufferBinding{.buffer = u, .size = 32}},
                       {.binding = 1, .resource = BufferBinding{.buffer = s, .size = 12}}},
                      "step");
  computeError(
      ErrorCode::BindingSizeTooSmallForShader,
      [&](ComputePassEncoder& pass) {
        pass.setPipeline(p);
        pass.setBindGroup(0, g);
        pass.dispatchWorkgroups(1);
      },
      {"Binding 1 of [BindGroup \"step\"] (at @group(0)) binds 12 bytes", "needs at least 16 bytes",
       "The WGSL type of 'points' (line 7) is array<vec3<f32>>, 16 bytes",
       "the element stride of array<vec3<f32>> is 16 (vec3<f32> is 12 bytes, aligned "
       "to 16)",
       "a runtime-sized array counts one element"});
}

TEST_F(BindingMessagesTest, PipelineMinBindingSizeExplainsPadding) {
  BindGroupLayout l =
      layout({bufferEntry(0, BufferBindingType::Uniform, false, 24, ShaderStage::Compute),
              bufferEntry(1, BufferBindingType::Storage, false, 0, ShaderStage::Compute)},
             "explicit");
  expectError(ErrorCode::PipelineBindingMinBindingSizeTooSmall,
              [&] {
                device.createComputePipeline(
                    {.label = "integrate",
                     .layout = device.createPipelineLayout({.bindGroupLayouts = {l}}),
                     .compute = {.module = module(kPadded)}});
              },
              {"buffer.minBindingSize (24) is less than the shader's minimum binding size",
               "The WGSL type of 'params' (line 6) is Params, 32 bytes", "8 bytes at the end"});
}

}  // namespace
}  // namespace bindery::testing
