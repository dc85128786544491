// "validating GPUProgrammableStage" beyond the bindings
// (#abstract-opdef-validating-gpuprogrammablestage): constants applied to
// the WGSL (workgroup size and workgroup arrays re-evaluated, WGSL
// pipeline-creation errors), the compute limits at those values
// (#compute-pipeline-creation), the immediate data size against the layout
// (and layout: 'auto'), and the compatibility-mode texture rules.
#include "core/pipeline/pipeline.h"

#include <cmath>
#include <limits>

#include "core/base/handles.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

class ProgrammableStageTest : public DeviceTest {
 protected:
  ShaderModule module(const Device& d, const std::string& code) {
    ShaderModule m = d.createShaderModule({.label = "m", .code = code});
    EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(m)->isValid())
        << m.getCompilationInfo().messages.front().message;
    return m;
  }
  ShaderModule module(const std::string& code) { return module(device, code); }
  ComputePipeline create(const Device& d, const ShaderModule& m, PipelineLayoutOrAuto layout,
                         std::map<std::string, double> constants = {},
                         std::optional<std::string> entry = std::nullopt) {
    return d.createComputePipeline(
        {.label = "p",
         .layout = std::move(layout),
         .compute = {
             .module = m, .entryPoint = std::move(entry), .constants = std::move(constants)}});
  }
  ComputePipeline create(const ShaderModule& m, std::map<std::string, double> constants = {},
                         std::optional<std::string> entry = std::nullopt) {
    return create(device, m, kAutoLayout, std::move(constants), std::move(entry));
  }
  static bool valid(const ComputePipeline& p) {
    return core::fromHandle<core::ComputePipelineBase>(p)->isValid();
  }
  // Expects `call` on device `d` to fail with `code` and every fragment.
  static void expectFails(const Device& d, ErrorCode code, const std::function<void()>& call,
                          std::initializer_list<std::string> fragments) {
    std::optional<Error> e = captureError(d, call);
    ASSERT_TRUE(e.has_value()) << "no error";
    EXPECT_EQ(e->code, code) << e->message;
    for (const std::string& f : fragments) EXPECT_THAT(e->message, HasSubstr(f));
  }
};

// --- constants re-evaluate the WGSL -------------------------------------------

constexpr const char* kTile = R"(
override tile : u32 = 8u;
@compute @workgroup_size(tile, tile) fn main() {}
)";

TEST_F(ProgrammableStageTest, WorkgroupSizeFollowsTheConstants) {
  ShaderModule m = module(kTile);
  ComputePipeline p;
  expectValid([&] { p = create(m, {{"tile", 16}}); });  // 256 invocations: the limit
  EXPECT_EQ(core::fromHandle<core::ComputePipelineBase>(p)->stages()[0].reflection->workgroupSize,
            (std::array<uint32_t, 3>{16, 16, 1}));
  expectError(ErrorCode::PipelineWorkgroupInvocationsExceedLimit,
              [&] {
                create(m, {{"tile", 32}});
              },
              {"entry point 'main' has @workgroup_size(tile, tile) = (32, 32, 1)",
               "with tile = 32 (descriptor.compute.constants['tile'])", "1024 invocations",
               "maxComputeInvocationsPerWorkgroup limit (256)"});
  // The module's own reflection is untouched (the default, 8).
  EXPECT_EQ(core::fromHandle<core::ShaderModuleBase>(m)->reflection().entryPoints[0].workgroupSize,
            (std::array<uint32_t, 3>{8, 8, 1}));
}

TEST_F(ProgrammableStageTest, WorkgroupSizeDimensionSaysWhichValue) {
  ShaderModule m = module(R"(
@id(3) override wide : u32 = 300u;
override unrelated : f32 = 1.0;
@compute @workgroup_size(wide / 2u, 1, 1) fn main() { _ = unrelated; }
)");
  expectValid([&] { create(m, {{"3", 512}}); });  // 256 wide
  expectError(ErrorCode::PipelineWorkgroupSizeExceedsLimit,
              [&] {
                create(m, {{"3", 1024}});
              },
              {"@workgroup_size(wide / 2u, 1, 1) = (512, 1, 1)",
               "wide = 1024 (descriptor.compute.constants['3'])", "dimension X (512)",
               "maxComputeWorkgroupSizeX limit (256)"});
  // At the default, the message says so; an override not in the size is not listed.
  Error e = expectError(ErrorCode::PipelineWorkgroupSizeExceedsLimit, [&] {
    create(module("override wide : u32 = 600u;\n@compute @workgroup_size(wide) fn main() {}"));
  });
  EXPECT_THAT(e.message, HasSubstr("wide = 600 (its default)"));
  EXPECT_THAT(e.message, ::testing::Not(HasSubstr("unrelated")));
}

TEST_F(ProgrammableStageTest, WorkgroupStorageFollowsTheConstants) {
  ShaderModule m = module(R"(
override count : u32 = 16u;
var<workgroup> tiles : array<vec4f, count>;
var<workgroup> flag : u32;
@compute @workgroup_size(1) fn main() { tiles[0] = vec4f(f32(flag)); }
)");
  // 1023 * 16 + roundUp(16, 4) = 16384: the limit exactly.
  expectValid([&] { create(m, {{"count", 1023}}); });
  expectError(
      ErrorCode::PipelineWorkgroupStorageExceedsLimit,
      [&] {
        create(m, {{"count", 2000}});
      },
      {"32016 bytes of var<workgroup> storage", "maxComputeWorkgroupStorageSize limit (16384)",
       "'tiles' (line 3): array<vec4<f32>, <override>>, 2000 elements from 'count' with "
       "count = 2000 (descriptor.compute.constants['count']): 32000 bytes",
       "'flag' (line 4): u32: 4 bytes (rounded up to 16)"});
}

TEST_F(ProgrammableStageTest, PipelineCreationErrorsOfTheWgsl) {
  ShaderModule m = module(R"(
override d : i32 = 1;
override size = 64 / d;
@compute @workgroup_size(size) fn main() {}
@compute @workgroup_size(1) fn other() {}
)");
  expectValid([&] { create(m, {{"d", 2}}, "main"); });
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(m, {{"d", 0}}, "main");
              },
              {"descriptor.compute: entry point 'main' of [ShaderModule \"m\"]",
               "WGSL pipeline-creation error with descriptor.compute.constants {'d': 0}",
               "line 3:", "division by zero"});
  // After non-ASCII text the message's "line:column" and its formatted
  // diagnostic count code points: '64 / d' is at code point 41 of line 1 (byte 42).
  ShaderModule accented = module(
      "override d : i32 = 1; override tama\xc3\xb1o = 64 / d;\n"
      "@compute @workgroup_size(tama\xc3\xb1o) fn main() {}");
  expectError(ErrorCode::PipelineCreationProgramError,
              [&] {
                create(accented, {{"d", 0}}, "main");
              },
              {"the first, at line 1:41: ", "\n1:41: error: "});
  // other does not use size.
  expectValid([&] { create(m, {{"d", 0}}, "other"); });
  // At the defaults: a @workgroup_size below 1 is not a shader-creation error.
  ShaderModule zero = module("override n : i32 = 0;\n@compute @workgroup_size(n) fn main() {}");
  expectError(
      ErrorCode::PipelineCreationProgramError, [&] { create(zero); },
      {"at the overrides' default values", "@workgroup_size arguments must be at least 1, got 0"});
  expectValid([&] { create(zero, {{"n", 1}}); });
}

TEST_F(ProgrammableStageTest, ConstantValuesConvertLikeWebIdl) {
  ShaderModule m =
      module("override f : f32 = 1.0;\n@compute @workgroup_size(1) fn main() { _ = f; }");
  // Rounds to FLT_MAX: fine. Rounds to infinity: a TypeError.
  expectValid([&] { create(m, {{"f", 3.4028235e38}}); });
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, {{"f", 3.5e38}});
              },
              {"outside the range of f32"});
  // Halfway between FLT_MAX and 2^128 rounds to 2^128 (ties to even).
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, {{"f", 3.4028235677973366e38}});
              },
              {"outside the range of f32"});
  // f16: only the f32 range is the IDL conversion; beyond f16 is the WGSL's error.
  Device f16 = makeDeviceWithAllFeatures();
  ShaderModule h = module(f16, R"(
enable f16;
override h : f16 = 1.0h;
@compute @workgroup_size(1) fn main() { _ = h; }
)");
  EXPECT_FALSE(captureError(f16, [&] { create(f16, h, kAutoLayout, {{"h", 60000}}); }));
  expectFails(f16, ErrorCode::PipelineCreationProgramError,
              [&] {
                create(f16, h, kAutoLayout, {{"h", 70000}});
              },
              {"the value given for override 'h' (70000) does not fit its type f16"});
}

// --- immediate data -------------------------------------------------------------

constexpr const char* kPush = R"(
struct Push { scale : vec2f, tint : vec4f }
var<immediate> push : Push;
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@compute @workgroup_size(1) fn main() { out[0] = push.tint * push.scale.x; }
)";

TEST_F(ProgrammableStageTest, ImmediateSizeMustFitTheLayout) {
  ShaderModule m = module(kPush);
  BindGroupLayout bgl = device.createBindGroupLayout(
      {.entries = {{.binding = 0,
                    .visibility = ShaderStage::Compute,
                    .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
  auto layout = [&](uint32_t immediateSize) {
    return device.createPipelineLayout(
        {.label = "pl", .bindGroupLayouts = {bgl}, .immediateSize = immediateSize});
  };
  expectValid([&] { create(device, m, layout(32)); });
  expectValid([&] { create(device, m, layout(64)); });
  expectError(ErrorCode::PipelineImmediateSizeTooSmall, [&] { create(device, m, layout(16)); },
              {"Entry point 'main' of [ShaderModule \"m\"] uses var<immediate> 'push' (line 3) of "
               "32 bytes",
               "the immediateSize of [PipelineLayout \"pl\"] is 16",
               "Create the pipeline layout with immediateSize: 32"});
  expectError(ErrorCode::PipelineImmediateSizeTooSmall, [&] { create(device, m, layout(0)); },
              {"is 0"});
}

TEST_F(ProgrammableStageTest, AutoLayoutTakesTheImmediateSize) {
  ComputePipeline p;
  expectValid([&] { p = create(module(kPush)); });
  EXPECT_EQ(core::fromHandle<core::ComputePipelineBase>(p)->layout()->immediateSize(), 32u);
  // roundUp(4, SizeOf): a vec3<f32> is 12 bytes.
  expectValid([&] {
    p = create(
        module("var<immediate> v : vec3f;\n@compute @workgroup_size(1) fn main() { _ = v; }"));
  });
  EXPECT_EQ(core::fromHandle<core::ComputePipelineBase>(p)->layout()->immediateSize(), 12u);
  expectValid([&] { p = create(module("@compute @workgroup_size(1) fn main() {}")); });
  EXPECT_EQ(core::fromHandle<core::ComputePipelineBase>(p)->layout()->immediateSize(), 0u);
  // Beyond maxImmediateSize (64): a mat4x4f and a vec4f are 80 bytes.
  expectError(ErrorCode::PipelineLayoutImmediateSizeTooLarge,
              [&] {
                create(module(R"(
struct Big { m : mat4x4f, v : vec4f }
var<immediate> big : Big;
@compute @workgroup_size(1) fn main() { _ = big.v; }
)"));
              },
              {"entry point 'main' (compute) uses var<immediate> 'big' (line 3) of 80 bytes",
               "layout: 'auto' needs an immediateSize of 80", "maxImmediateSize limit (64)"});
}

TEST_F(ProgrammableStageTest, DispatchNeedsTheAccessibleImmediateSlots) {
  // a in slot 0, padding in 1-3, b in 4-7.
  ComputePipeline p = create(module(R"(
struct Push { a : u32, b : vec4f }
var<immediate> push : Push;
@compute @workgroup_size(1) fn main() { _ = push.b; }
)"));
  ASSERT_TRUE(valid(p));
  EXPECT_EQ(core::fromHandle<core::ComputePipelineBase>(p)->bindingInfo().immediateSlots,
            (std::vector<uint64_t>{0xF1}));
  uint32_t words[] = {1, 2, 3, 4};
  auto dispatch = [&](bool writeB) {
    CommandEncoder e = device.createCommandEncoder();
    ComputePassEncoder pass = e.beginComputePass({.label = "pass"});
    pass.setPipeline(p);
    pass.setImmediates(0, words, 0, 1);  // padding slots 1-3 need no data
    if (writeB) pass.setImmediates(16, words);
    pass.dispatchWorkgroups(1);
    pass.end();
    e.finish();
  };
  expectValid([&] { dispatch(true); });
  expectError(ErrorCode::ImmediatesNotSet, [&] { dispatch(false); }, {"byte offset 16 (slot 4)"});
}

// --- compatibility mode ---------------------------------------------------------

TEST_F(ProgrammableStageTest, CompatibilityDepthTextureRules) {
  Device compat = makeDevice({.featureLevel = FeatureLevel::Compatibility});
  const std::string decls = R"(
@group(0) @binding(0) var d : texture_depth_2d;
@group(0) @binding(1) var s : sampler;
@group(0) @binding(2) var c : sampler_comparison;
@group(0) @binding(3) var<storage, read_write> out : array<f32>;
)";
  const std::string load =
      decls + "@compute @workgroup_size(1) fn main() { out[0] = textureLoad(d, vec2i(0), 0); }";
  const std::string gather =
      decls +
      "@compute @workgroup_size(1) fn main() { out[0] = textureGather(d, s, vec2f(0.5)).x; }";
  const std::string compare = decls +
                              "@compute @workgroup_size(1) fn main() {\n"
                              "  out[0] = textureSampleCompareLevel(d, c, vec2f(0.5), 0.5);\n}";
  expectFails(compat, ErrorCode::PipelineCompatibilityTextureUse,
              [&] { create(compat, module(compat, load), kAutoLayout); },
              {"Entry point 'main' of [ShaderModule \"m\"] calls textureLoad on @group(0) "
               "@binding(0) 'd'",
               "a depth texture", "compatibility mode"});
  expectFails(compat, ErrorCode::PipelineCompatibilityTextureUse,
              [&] { create(compat, module(compat, gather), kAutoLayout); },
              {"samples @group(0) @binding(0) 'd'", "with @group(0) @binding(1) 's'",
               "a non-comparison sampler", "only be used with a sampler_comparison"});
  EXPECT_FALSE(captureError(compat, [&] { create(compat, module(compat, compare), kAutoLayout); }));
  // A core device allows all three (with a 'non-filtering' sampler for the
  // depth texture: layout: 'auto' would make it 'filtering').
  BindGroupLayout bgl = device.createBindGroupLayout(
      {.entries = {
           {.binding = 0,
            .visibility = ShaderStage::Compute,
            .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth}},
           {.binding = 1,
            .visibility = ShaderStage::Compute,
            .sampler = SamplerBindingLayout{.type = SamplerBindingType::NonFiltering}},
           {.binding = 2,
            .visibility = ShaderStage::Compute,
            .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}},
           {.binding = 3,
            .visibility = ShaderStage::Compute,
            .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}},
       }});
  PipelineLayout layout = device.createPipelineLayout({.bindGroupLayouts = {bgl}});
  expectValid([&] { create(device, module(load), layout); });
  expectValid([&] { create(device, module(gather), layout); });
  expectValid([&] { create(device, module(compare), layout); });
}

TEST_F(ProgrammableStageTest, CompatibilityTextureSamplerPairs) {
  Device compat = makeDevice({.featureLevel = FeatureLevel::Compatibility});
  // One texture with n samplers: n pairs.
  auto shader = [](int samplers) {
    std::string s = "@group(0) @binding(0) var t : texture_2d<f32>;\n";
    std::string body;
    for (int i = 0; i < samplers; ++i) {
      s += "@group(1) @binding(" + std::to_string(i) + ") var s" + std::to_string(i) +
           " : sampler;\n";
      body += " + textureSampleLevel(t, s" + std::to_string(i) + ", vec2f(0.5), 0.0)";
    }
    return s + "@group(2) @binding(0) var<storage, read_write> out : array<vec4f>;\n" +
           "@compute @workgroup_size(1) fn main() { out[0] = vec4f(0)" + body + "; }\n";
  };
  EXPECT_FALSE(
      captureError(compat, [&] { create(compat, module(compat, shader(16)), kAutoLayout); }));
  expectFails(compat, ErrorCode::PipelineCompatibilityTextureSamplerPairs,
              [&] { create(compat, module(compat, shader(17)), kAutoLayout); },
              {"uses 17 texture+sampler combinations (@group(0) @binding(0) 't'", ": 17)",
               "maxSampledTexturesPerShaderStage (16)", "maxSamplersPerShaderStage (16)"});
  // Core devices count no pairs (17 samplers then fail the binding limits instead).
  std::optional<Error> core = captureError(device, [&] { create(module(shader(17))); });
  ASSERT_TRUE(core);
  EXPECT_NE(core->code, ErrorCode::PipelineCompatibilityTextureSamplerPairs);
  // External textures count 1 + 3 x their samplers: 5 of them are 20.
  std::string ext;
  std::string body;
  for (int i = 0; i < 5; ++i) {
    ext += "@group(0) @binding(" + std::to_string(i) + ") var e" + std::to_string(i) +
           " : texture_external;\n";
    body += " + textureLoad(e" + std::to_string(i) + ", vec2u(0))";
  }
  ext +=
      "@group(1) @binding(0) var<storage, read_write> out : array<vec4f>;\n"
      "@compute @workgroup_size(1) fn main() { out[0] = vec4f(0)" +
      body + "; }\n";
  expectFails(compat, ErrorCode::PipelineCompatibilityTextureSamplerPairs,
              [&] { create(compat, module(compat, ext), kAutoLayout); },
              {"uses 20 texture+sampler combinations", "'e0' (line 1: texture_external): 4"});
}

TEST_F(ProgrammableStageTest, CompatibilityNoFineDerivativesInFragment) {
  Device compat = makeDevice({.featureLevel = FeatureLevel::Compatibility});
  auto shader = [](const std::string& derivative) {
    return "fn edge(v : f32) -> f32 { return " + derivative +
           "(v); }\n"
           "@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0); }\n"
           "@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4f {\n"
           "  return vec4f(edge(p.x));\n}\n";
  };
  auto create = [](const Device& d, const ShaderModule& m) {
    d.createRenderPipeline(
        {.layout = kAutoLayout,
         .vertex = {.module = m},
         .fragment = FragmentState{
             .module = m, .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
  };
  for (const char* fine : {"dpdxFine", "dpdyFine", "fwidthFine"}) {
    expectFails(compat, ErrorCode::PipelineCompatibilityFineDerivative,
                [&] { create(compat, module(compat, shader(fine))); },
                {"Fragment entry point 'fs' of [ShaderModule \"m\"] calls " + std::string(fine) +
                     " (line 1:",
                 "compatibility mode"});
  }
  // The column counts code points: 'dpdxFine' after "fn bord\xc3\xa9(v : f32) -> f32 { return "
  // is at code point 35 of line 1 (byte 36).
  expectFails(compat, ErrorCode::PipelineCompatibilityFineDerivative,
              [&] {
                create(compat,
                       module(compat,
                              "fn bord\xc3\xa9(v : f32) -> f32 { return dpdxFine(v); }\n"
                              "@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0); }\n"
                              "@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) "
                              "vec4f {\n  return vec4f(bord\xc3\xa9(p.x));\n}\n"));
              },
              {"calls dpdxFine (line 1:35)"});
  EXPECT_FALSE(captureError(compat, [&] { create(compat, module(compat, shader("dpdxCoarse"))); }));
  EXPECT_FALSE(captureError(compat, [&] { create(compat, module(compat, shader("fwidth"))); }));
  expectValid([&] { create(device, module(shader("dpdxFine"))); });
}

}  // namespace
}  // namespace bindery::testing
