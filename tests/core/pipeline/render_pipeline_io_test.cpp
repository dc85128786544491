// Shader stage inputs and outputs against the render state
// (src/core/render_pipeline_io.cpp): vertex attributes, fragment outputs and
// targets, dual-source blending, inter-stage variables, frag_depth /
// sample_mask, and compatibility mode's IO rules. Each rule: one pipeline
// that passes and one that fails with the rule's ErrorCode.
#include <string>
#include <vector>

#include "test_device.h"

namespace bindery::testing {
namespace {

// A vertex stage with one vec4f input at @location(0), a fragment stage
// writing @location(0).
constexpr const char* kBasic = R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
)";

VertexBufferLayout buffer(std::vector<VertexAttribute> attributes, uint64_t stride = 64) {
  return VertexBufferLayout{.arrayStride = stride, .attributes = std::move(attributes)};
}

class RenderPipelineIoTest : public DeviceTest {
 protected:
  ShaderModule module(const std::string& code, const Device* on = nullptr) {
    const Device& d = on ? *on : device;
    ShaderModule m;
    std::optional<Error> e =
        captureError(d, [&] { m = d.createShaderModule({.label = "io", .code = code}); });
    EXPECT_FALSE(e) << (e ? e->message : "");
    return m;
  }
  // vertex entry 'vs' with `attributes` in one buffer; fragment 'fs' with an
  // rgba8unorm target (if `withFragment`).
  RenderPipelineDescriptor desc(const ShaderModule& m,
                                std::vector<VertexAttribute> attributes =
                                    {{.format = VertexFormat::Float32x4, .shaderLocation = 0}},
                                bool withFragment = true) {
    RenderPipelineDescriptor d{
        .label = "io-pipeline",
        .layout = kAutoLayout,
        .vertex = {.module = m, .entryPoint = "vs", .buffers = {buffer(std::move(attributes))}}};
    if (withFragment) {
      d.fragment =
          FragmentState{.module = m,
                        .entryPoint = "fs",
                        .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}};
    }
    return d;
  }
  void expectPipeline(const RenderPipelineDescriptor& d) {
    expectValid([&] { device.createRenderPipeline(d); });
  }
  Error expectPipelineError(ErrorCode code, const RenderPipelineDescriptor& d,
                            std::initializer_list<std::string> fragments) {
    return expectError(
        code, [&] { device.createRenderPipeline(d); }, fragments);
  }
};

// On another device (all features, or compatibility mode).
void expectOk(const Device& dev, const RenderPipelineDescriptor& d) {
  std::optional<Error> e = captureError(dev, [&] { dev.createRenderPipeline(d); });
  EXPECT_FALSE(e) << e->message;
}
void expectFails(const Device& dev, const RenderPipelineDescriptor& d, ErrorCode code,
                 std::initializer_list<std::string> fragments) {
  std::optional<Error> e = captureError(dev, [&] { dev.createRenderPipeline(d); });
  ASSERT_TRUE(e) << "expected " << toString(code);
  EXPECT_EQ(e->code, code) << e->message;
  for (const std::string& f : fragments) EXPECT_THAT(e->message, ::testing::HasSubstr(f));
}

// --- vertex inputs ------------------------------------------------------------

TEST_F(RenderPipelineIoTest, EveryVertexInputNeedsAnAttribute) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f,
              @location(3) uv : vec2f) -> @builtin(position) vec4f { return p + uv.xyxy; }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
)");
  RenderPipelineDescriptor d = desc(m);
  expectPipelineError(
      ErrorCode::RenderPipelineVertexInputUnmatched, d,
      {"input 'uv' (@location(3) vec2<f32>, line 3)", "entry point 'vs'", "[ShaderModule \"io\"]",
       "no descriptor.vertex.buffers[i].attributes[j] has "
       "shaderLocation 3",
       "format: 'float32x2'", "shaderLocation: 3"});
  // The attribute may be in any buffer.
  d.vertex.buffers.push_back(std::nullopt);
  d.vertex.buffers.push_back(buffer({{.format = VertexFormat::Float32x2, .shaderLocation = 3}}));
  expectPipeline(d);
  // Attributes the shader does not read are fine.
  d.vertex.buffers[0]->attributes.push_back(
      {.format = VertexFormat::Float32, .offset = 16, .shaderLocation = 7});
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, AttributeFormatFitsTheInputType) {
  ShaderModule m = module(R"(
struct In {
  @location(0) p : vec4f,
  @location(1) ids : vec2<u32>,
  @location(2) delta : i32,
}
@vertex fn vs(in : In) -> @builtin(position) vec4f {
  return in.p + f32(in.ids.x) + f32(in.delta);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
)");
  RenderPipelineDescriptor good =
      desc(m, {{.format = VertexFormat::Unorm8x4, .shaderLocation = 0},
               {.format = VertexFormat::Uint16x2, .offset = 4, .shaderLocation = 1},
               {.format = VertexFormat::Sint8, .offset = 8, .shaderLocation = 2}});
  expectPipeline(good);
  // Fewer (or more) components than the input are fine (#vertex-processing).
  RenderPipelineDescriptor d = good;
  d.vertex.buffers[0]->attributes[0].format = VertexFormat::Float32x2;
  d.vertex.buffers[0]->attributes[1].format = VertexFormat::Uint32x4;
  d.vertex.buffers[0]->attributes[1].offset = 8;
  d.vertex.buffers[0]->attributes[2].offset = 24;
  expectPipeline(d);

  d = good;
  d.vertex.buffers[0]->attributes[1].format = VertexFormat::Float32x2;
  expectPipelineError(ErrorCode::RenderPipelineVertexAttributeType, d,
                      {"descriptor.vertex.buffers[0].attributes[1].format is 'float32x2'",
                       "a 'float', 'unorm' or 'snorm' format",
                       "input 'ids' of struct 'In' (@location(1) vec2<u32>, line 4)",
                       "needs a 'uint' format", "such as 'uint32x2'",
                       "declare the input as "
                       "vec2<f32>"});
  d = good;
  d.vertex.buffers[0]->attributes[0].format = VertexFormat::Uint8x4;
  expectPipelineError(ErrorCode::RenderPipelineVertexAttributeType, d,
                      {"'uint8x4', a 'uint' format", "vec4<f32>", "such as 'float32x4'"});
  d = good;
  d.vertex.buffers[0]->attributes[2].format = VertexFormat::Uint8;
  expectPipelineError(ErrorCode::RenderPipelineVertexAttributeType, d,
                      {"attributes[2].format is 'uint8'", "needs a 'sint' format",
                       "such as 'sint32'", "declare the input as u32"});
}

// The packed formats of #vertex-formats: 4 bytes each, feeding vec4<f32>.
TEST_F(RenderPipelineIoTest, PackedFormatsAreFourByteFloatFormats) {
  ShaderModule m = module(kBasic);
  for (VertexFormat f :
       {VertexFormat::Unorm1010102, VertexFormat::Snorm1010102, VertexFormat::Unorm8x4Bgra}) {
    SCOPED_TRACE(std::string(toString(f)));
    RenderPipelineDescriptor d = desc(m, {{.format = f, .shaderLocation = 0}});
    d.vertex.buffers[0]->arrayStride = 4;
    expectPipeline(d);
    d.vertex.buffers[0]->attributes[0].offset = 4;
    expectPipelineError(
        ErrorCode::RenderPipelineVertexBufferLayout, d,
        {"'" + std::string(toString(f)) + "' at offset 4) ends at byte 8", "the arrayStride (4)"});
  }
  EXPECT_EQ(toString(VertexFormat::Snorm1010102), "snorm10-10-10-2");
  EXPECT_EQ(vertexFormatSize(VertexFormat::Snorm1010102), 4u);
  // A packed float format for an integer input is refused like any float one.
  ShaderModule u = module(R"(
@vertex fn vs(@location(0) p : vec4<u32>) -> @builtin(position) vec4f { return vec4f(p); }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
)");
  expectPipelineError(ErrorCode::RenderPipelineVertexAttributeType,
                      desc(u, {{.format = VertexFormat::Snorm1010102, .shaderLocation = 0}}),
                      {"'snorm10-10-10-2', a 'float', 'unorm' or 'snorm' format"});
}

TEST_F(RenderPipelineIoTest, F16InputsTakeFloatFormats) {
  Device all = makeDeviceWithAllFeatures();
  ShaderModule m = module(R"(
enable f16;
@vertex fn vs(@location(0) p : vec4<f16>) -> @builtin(position) vec4f { return vec4f(p); }
)",
                          &all);
  RenderPipelineDescriptor d =
      desc(m, {{.format = VertexFormat::Float16x4, .shaderLocation = 0}}, false);
  d.depthStencil =
      DepthStencilState{.format = TextureFormat::Depth16unorm, .depthWriteEnabled = false};
  expectOk(all, d);
  d.vertex.buffers[0]->attributes[0].format = VertexFormat::Sint16x4;
  expectFails(all, d, ErrorCode::RenderPipelineVertexAttributeType, {"'sint16x4'", "vec4<f16>"});
}

// --- fragment outputs -----------------------------------------------------------

TEST_F(RenderPipelineIoTest, FragmentOutputLocationBelowMaxColorAttachments) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
struct Out { @location(0) c : vec4f, @location(8) extra : vec4f }
@fragment fn fs() -> Out { return Out(vec4f(1), vec4f(2)); }
@fragment fn fs7() -> @location(7) vec4f { return vec4f(1); }
)");
  RenderPipelineDescriptor d = desc(m);
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputLocation, d,
                      {"output 'extra' of struct 'Out' (@location(8) vec4<f32>, line 3)",
                       "maxColorAttachments limit (8)"});
  d.fragment->entryPoint = "fs7";
  d.fragment->targets.resize(8);
  d.fragment->targets[7] = ColorTargetState{.format = TextureFormat::R8unorm};
  d.fragment->targets[0].reset();
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, FragmentOutputScalarTypeFitsTheTargetSampleType) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
@fragment fn fsu() -> @location(0) vec4u { return vec4u(1); }
@fragment fn fsi() -> @location(0) i32 { return 1; }
)");
  RenderPipelineDescriptor d = desc(m);
  d.fragment->targets[0]->format = TextureFormat::Rgba8uint;
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputType, d,
                      {"descriptor.fragment.targets[0].format is 'rgba8uint' (sample type 'uint')",
                       "an unsigned integer type",
                       "the return value (@location(0) vec4<f32>, "
                       "line 3)",
                       "entry point 'fs'", "Declare the output as vec4<u32>", "'rgba8unorm'"});
  d.fragment->entryPoint = "fsu";
  expectPipeline(d);
  d.fragment->targets[0]->format = TextureFormat::Rgba16float;
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputType, d,
                      {"'rgba16float' (sample type 'float')", "a floating-point type", "vec4<u32>",
                       "'rgba32uint'"});
  d.fragment->entryPoint = "fsi";
  d.fragment->targets[0]->format = TextureFormat::R32sint;
  expectPipeline(d);
  d.fragment->targets[0]->format = TextureFormat::R32uint;
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputType, d,
                      {"'r32uint' (sample type 'uint')", "i32", "Declare the output as u32"});
  // r32float is 'unfilterable-float': still a float output.
  d.fragment->entryPoint = "fs";
  d.fragment->targets[0]->format = TextureFormat::R32float;
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, FragmentOutputHasEveryComponentOfTheFormat) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
@fragment fn fs2() -> @location(0) vec2f { return vec2f(1); }
@fragment fn fs1() -> @location(0) f32 { return 1; }
@fragment fn fs4() -> @location(0) vec4f { return vec4f(1); }
)");
  RenderPipelineDescriptor d = desc(m);
  d.fragment->entryPoint = "fs2";
  expectPipelineError(
      ErrorCode::RenderPipelineFragmentOutputType, d,
      {"targets[0].format 'rgba8unorm' has 4 components", "(@location(0) vec2<f32>, line 3)",
       "has 2 components", "Declare the output as vec4<f32>", "'rg8unorm'"});
  d.fragment->targets[0]->format = TextureFormat::Rg8unorm;
  expectPipeline(d);
  d.fragment->targets[0]->format = TextureFormat::Bgra8unorm;
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputType, d,
                      {"'bgra8unorm' has 4 components"});
  d.fragment->entryPoint = "fs1";
  d.fragment->targets[0]->format = TextureFormat::Rg16float;
  expectPipelineError(
      ErrorCode::RenderPipelineFragmentOutputType, d,
      {"'rg16float' has 2 components", "has 1 component;", "vec2<f32>", "'r16float'"});
  d.fragment->targets[0]->format = TextureFormat::R16float;
  expectPipeline(d);
  // More output components than the format has are dropped.
  d.fragment->entryPoint = "fs4";
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, BlendingWithSourceAlphaNeedsAVec4Output) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
@fragment fn fs() -> @location(0) vec3f { return vec3f(1); }
)");
  RenderPipelineDescriptor d = desc(m);
  d.fragment->targets[0]->format = TextureFormat::Rg8unorm;
  d.fragment->targets[0]->blend = BlendState{
      .color = {.srcFactor = BlendFactor::SrcAlpha, .dstFactor = BlendFactor::OneMinusSrcAlpha}};
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputType, d,
                      {"targets[0].blend.color.srcFactor is 'src-alpha'", "reads the source alpha",
                       "vec3<f32>", "Declare the output as vec4<f32>"});
  // Only the color factors count; the alpha component's factors do not.
  d.fragment->targets[0]->blend = BlendState{.alpha = {.srcFactor = BlendFactor::SrcAlpha}};
  expectPipeline(d);
  d.fragment->targets[0]->blend = BlendState{.color = {.dstFactor = BlendFactor::Dst}};
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, TargetWithWriteMaskNeedsAnOutput) {
  ShaderModule m = module(kBasic);
  RenderPipelineDescriptor d = desc(m);
  d.fragment->targets.push_back(ColorTargetState{.format = TextureFormat::R8unorm});
  expectPipelineError(ErrorCode::RenderPipelineFragmentOutputMissing, d,
                      {"descriptor.fragment.targets[1] ('r8unorm') has writeMask GPUColorWrite.ALL",
                       "entry point 'fs'", "no output at @location(1)",
                       "Add an output with @location(1)", "writeMask to 0"});
  d.fragment->targets[1]->writeMask = ColorWriteFlags::fromBits(0);
  expectPipeline(d);
  d.fragment->targets[1].reset();
  expectPipeline(d);
}

// --- dual-source blending ---------------------------------------------------------

constexpr const char* kDualSource = R"(
enable dual_source_blending;
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
struct Out {
  @location(0) @blend_src(0) color : vec4f,
  @location(0) @blend_src(1) blend : vec4f,
}
@fragment fn fs() -> Out { return Out(vec4f(1), vec4f(0.5)); }
@fragment fn plain() -> @location(0) vec4f { return vec4f(1); }
)";

TEST_F(RenderPipelineIoTest, DualSourceBlending) {
  Device all = makeDeviceWithAllFeatures();
  ShaderModule m = module(kDualSource, &all);
  RenderPipelineDescriptor d = desc(m);
  d.fragment->targets[0]->blend =
      BlendState{.color = {.srcFactor = BlendFactor::One, .dstFactor = BlendFactor::OneMinusSrc1},
                 .alpha = {.srcFactor = BlendFactor::Src1Alpha}};
  expectOk(all, d);
  // Exactly one target.
  RenderPipelineDescriptor two = d;
  two.fragment->targets.push_back(std::nullopt);
  expectFails(all, two, ErrorCode::RenderPipelineDualSourceBlending,
              {"descriptor.fragment.targets[0].blend.color.dstFactor ('one-minus-src1')",
               "exactly 1 element (it has 2)"});
  // The outputs must be the @blend_src pair.
  RenderPipelineDescriptor plain = d;
  plain.fragment->entryPoint = "plain";
  expectFails(all, plain, ErrorCode::RenderPipelineDualSourceBlending,
              {"entry point 'plain'", "@blend_src(0) / @blend_src(1)",
               "the return value (@location(0) vec4<f32>, line 9) has no @blend_src"});
  // Without a 'src1' factor, a @blend_src output pair is an ordinary output.
  d.fragment->targets[0]->blend.reset();
  expectOk(all, d);
  // The feature is still needed for the factors.
  RenderPipelineDescriptor noFeature = desc(module(kBasic));
  noFeature.fragment->targets[0]->blend = BlendState{.color = {.srcFactor = BlendFactor::Src1}};
  expectPipelineError(ErrorCode::MissingFeature, noFeature, {"dual-source-blending"});
}

// --- inter-stage variables ----------------------------------------------------------

constexpr const char* kInterStage = R"(
struct V {
  @builtin(position) pos : vec4f,
  @location(0) color : vec4f,
  @location(1) @interpolate(linear, centroid) uv : vec2f,
  @location(2) @interpolate(flat) id : u32,
}
@vertex fn vs(@location(0) p : vec4f) -> V { return V(p, p, p.xy, 1u); }
@fragment fn fs(@location(0) color : vec4f,
                @location(1) @interpolate(linear, centroid) uv : vec2f,
                @location(2) @interpolate(flat) id : u32) -> @location(0) vec4f {
  return color + uv.xyxy + f32(id);
}
@fragment fn missing(@location(3) extra : f32) -> @location(0) vec4f { return vec4f(extra); }
@fragment fn wrongType(@location(0) color : vec3f) -> @location(0) vec4f { return color.xyzx; }
@fragment fn wrongInterp(@location(1) uv : vec2f) -> @location(0) vec4f { return uv.xyxy; }
@fragment fn wrongSampling(@location(1) @interpolate(linear) uv : vec2f) -> @location(0) vec4f {
  return uv.xyxy;
}
@fragment fn subset(@location(2) @interpolate(flat) id : u32) -> @location(0) vec4f {
  return vec4f(f32(id));
}
)";

TEST_F(RenderPipelineIoTest, FragmentInputsMatchVertexOutputs) {
  ShaderModule m = module(kInterStage);
  RenderPipelineDescriptor d = desc(m);
  expectPipeline(d);
  // Vertex outputs the fragment stage does not read are fine.
  d.fragment->entryPoint = "subset";
  expectPipeline(d);
  d.fragment->entryPoint = "missing";
  expectPipelineError(
      ErrorCode::RenderPipelineInterStageMismatch, d,
      {"fragment input 'extra' (@location(3) f32, line 14)", "entry point 'missing'",
       "no vertex output at @location(3)", "entry point 'vs'", "Add `@location(3) f32`"});
  d.fragment->entryPoint = "wrongType";
  expectPipelineError(ErrorCode::RenderPipelineInterStageMismatch, d,
                      {"has type vec3<f32>",
                       "output 'color' of struct 'V' (@location(0) "
                       "vec4<f32>, line 4)",
                       "has type vec4<f32>"});
  d.fragment->entryPoint = "wrongInterp";
  expectPipelineError(ErrorCode::RenderPipelineInterStageMismatch, d,
                      {"@interpolate(perspective, center)", "@interpolate(linear, centroid)",
                       "interpolation type and sampling must match"});
  d.fragment->entryPoint = "wrongSampling";
  expectPipelineError(ErrorCode::RenderPipelineInterStageMismatch, d,
                      {"@interpolate(linear, center)", "@interpolate(linear, centroid)"});
}

std::string manyOutputs(int count, int firstLocation = 0, const char* extraOut = "",
                        const char* fragmentBuiltin = nullptr) {
  std::string v = "enable clip_distances;\nstruct V {\n  @builtin(position) pos : vec4f,\n";
  v += extraOut;
  for (int i = 0; i < count; ++i)
    v += "  @location(" + std::to_string(firstLocation + i) + ") v" + std::to_string(i) +
         " : vec4f,\n";
  v += "}\n@vertex fn vs(@location(0) p : vec4f) -> V { var o : V; o.pos = p; return o; }\n";
  v += "struct F {\n";
  if (fragmentBuiltin) v += std::string("  ") + fragmentBuiltin + ",\n";
  for (int i = 0; i < count; ++i)
    v += "  @location(" + std::to_string(firstLocation + i) + ") v" + std::to_string(i) +
         " : vec4f,\n";
  v += "}\n@fragment fn fs(in : F) -> @location(0) vec4f { return vec4f(1); }\n";
  return v;
}

TEST_F(RenderPipelineIoTest, InterStageVariableLimits) {
  Device all = makeDeviceWithAllFeatures();
  ShaderModule sixteen = module(manyOutputs(16), &all);
  RenderPipelineDescriptor d = desc(sixteen);
  expectOk(all, d);
  // 'point-list' takes one.
  d.primitive.topology = PrimitiveTopology::PointList;
  expectFails(all, d, ErrorCode::RenderPipelineInterStageLimit,
              {"entry point 'vs'", "16 user-defined outputs, more than the 15 allowed",
               "maxInterStageShaderVariables 16, minus 1 for 'point-list' topology"});
  // clip_distances takes ceil(N / 4), for the count and the highest location.
  ShaderModule clip =
      module(manyOutputs(14, 0, "  @builtin(clip_distances) clip : array<f32, 5>,\n"), &all);
  d = desc(clip);
  expectOk(all, d);
  ShaderModule clip15 =
      module(manyOutputs(15, 0, "  @builtin(clip_distances) clip : array<f32, 5>,\n"), &all);
  d = desc(clip15);
  expectFails(all, d, ErrorCode::RenderPipelineInterStageLimit,
              {"15 user-defined outputs, more than the 14 allowed",
               "minus 2 for @builtin(clip_distances) with 5 elements"});
  ShaderModule clipHigh =
      module(manyOutputs(1, 14, "  @builtin(clip_distances) clip : array<f32, 5>,\n"), &all);
  d = desc(clipHigh);
  expectFails(all, d, ErrorCode::RenderPipelineInterStageLimit,
              {"output 'v0' of struct 'V' (@location(14) vec4<f32>",
               "above the highest allowed, "
               "13",
               "minus 2 for @builtin(clip_distances)"});
  // A location at the limit.
  ShaderModule high = module(manyOutputs(1, 16), &all);
  d = desc(high);
  expectFails(all, d, ErrorCode::RenderPipelineInterStageLimit,
              {"@location(16)", "above the highest allowed, 15"});
  // Inter-stage builtins read by the fragment shader count against it.
  ShaderModule ff = module(manyOutputs(16, 0, "", "@builtin(front_facing) ff : bool"), &all);
  d = desc(ff);
  expectFails(all, d, ErrorCode::RenderPipelineInterStageLimit,
              {"entry point 'fs'", "16 user-defined inputs, more than the 15 allowed",
               "minus 1 for each inter-stage builtin input: @builtin(front_facing)"});
  ShaderModule ff15 = module(manyOutputs(15, 0, "", "@builtin(front_facing) ff : bool"), &all);
  expectOk(all, desc(ff15));
  // @builtin(position) is not an inter-stage builtin.
  ShaderModule pos = module(manyOutputs(16, 0, "", "@builtin(position) fp : vec4f"), &all);
  expectOk(all, desc(pos));
}

// --- builtins against depthStencil and multisample ----------------------------------------

TEST_F(RenderPipelineIoTest, FragDepthNeedsADepthFormat) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
struct Out { @location(0) c : vec4f, @builtin(frag_depth) depth : f32 }
@fragment fn fs() -> Out { return Out(vec4f(1), 0.5); }
)");
  RenderPipelineDescriptor d = desc(m);
  expectPipelineError(ErrorCode::RenderPipelineFragDepthWithoutDepth, d,
                      {"entry point 'fs'",
                       "'depth' of struct 'Out' (@builtin(frag_depth) f32, "
                       "line 3)",
                       "descriptor.depthStencil is not given", "'depth24plus'"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Stencil8};
  expectPipelineError(ErrorCode::RenderPipelineFragDepthWithoutDepth, d,
                      {"descriptor.depthStencil.format is 'stencil8'"});
  d.depthStencil = DepthStencilState{.format = TextureFormat::Depth24plus,
                                     .depthWriteEnabled = true,
                                     .depthCompare = CompareFunction::Less};
  expectPipeline(d);
}

TEST_F(RenderPipelineIoTest, SampleMaskOutputExcludesAlphaToCoverage) {
  ShaderModule m = module(R"(
@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
struct Out { @location(0) c : vec4f, @builtin(sample_mask) mask : u32 }
@fragment fn fs() -> Out { return Out(vec4f(1), 1u); }
)");
  RenderPipelineDescriptor d = desc(m);
  d.multisample = {.count = 4};
  expectPipeline(d);
  d.multisample.alphaToCoverageEnabled = true;
  expectPipelineError(ErrorCode::RenderPipelineSampleMaskWithAlphaToCoverage, d,
                      {"'mask' of struct 'Out' (@builtin(sample_mask) u32, line 3)",
                       "alphaToCoverageEnabled must be false"});
}

// --- compatibility mode -----------------------------------------------------------------------

TEST_F(RenderPipelineIoTest, CompatibilityModeRules) {
  Device compat = makeDevice({.featureLevel = FeatureLevel::Compatibility});
  ShaderModule m = module(R"(
struct V {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(flat, either) id : u32,
  @location(1) @interpolate(flat) firstId : u32,
  @location(2) @interpolate(linear) l : f32,
}
@vertex fn vs(@location(0) p : vec4f) -> V { return V(p, 1u, 2u, 1.0); }
@fragment fn fs(@location(0) @interpolate(flat, either) id : u32) -> @location(0) vec4f {
  return vec4f(f32(id));
}
@vertex fn vsOk(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }
@fragment fn mask(@builtin(sample_mask) m : u32) -> @location(0) vec4f { return vec4f(f32(m)); }
@fragment fn index(@builtin(sample_index) i : u32) -> @location(0) vec4f { return vec4f(f32(i)); }
@vertex fn vsIndex(@location(0) p : vec4f,
                   @builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  return p + f32(vi);
}
)",
                          &compat);
  RenderPipelineDescriptor d = desc(m);
  d.fragment->entryPoint = "fs";
  expectFails(compat, d, ErrorCode::RenderPipelineCompatibilityShaderIo,
              {"output 'firstId' of struct 'V' (@location(1) u32, line 5)",
               "'flat' interpolation with 'first' sampling", "@interpolate(flat, either)"});
  // The same pipeline is fine on a core device.
  ShaderModule core = module(R"(
struct V {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(flat, either) id : u32,
  @location(1) @interpolate(flat) firstId : u32,
  @location(2) @interpolate(linear) l : f32,
}
@vertex fn vs(@location(0) p : vec4f) -> V { return V(p, 1u, 2u, 1.0); }
@fragment fn fs(@location(0) @interpolate(flat, either) id : u32) -> @location(0) vec4f {
  return vec4f(f32(id));
}
)");
  expectPipeline(desc(core));
  d.vertex.entryPoint = "vsOk";
  d.fragment->entryPoint = "mask";
  expectFails(compat, d, ErrorCode::RenderPipelineCompatibilityShaderIo,
              {"entry point 'mask'", "'m' (@builtin(sample_mask) u32", "compatibility mode"});
  d.fragment->entryPoint = "index";
  expectFails(compat, d, ErrorCode::RenderPipelineCompatibilityShaderIo,
              {"@builtin(sample_index)"});
  // 'linear' interpolation and 'sample' sampling are not in compatibility mode
  // either. (A fragment input matches a vertex output's interpolation, so the
  // vertex output is the one named.)
  ShaderModule sampled = module(R"(
struct V {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(perspective, sample) s : f32,
}
@vertex fn vs(@location(0) p : vec4f) -> V { return V(p, 1.0); }
@fragment fn fs(@location(0) @interpolate(perspective, sample) s : f32) -> @location(0) vec4f {
  return vec4f(s);
}
)",
                                &compat);
  expectFails(
      compat, desc(sampled), ErrorCode::RenderPipelineCompatibilityShaderIo,
      {"output 's' of struct 'V'", "'sample' sampling", "@interpolate(perspective, sample)"});
  expectPipeline(desc(module(R"(
struct V {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(perspective, sample) s : f32,
}
@vertex fn vs(@location(0) p : vec4f) -> V { return V(p, 1.0); }
@fragment fn fs(@location(0) @interpolate(perspective, sample) s : f32) -> @location(0) vec4f {
  return vec4f(s);
}
)")));
  // vertex_index takes an attribute slot.
  d = desc(m, {}, false);
  d.vertex.entryPoint = "vsIndex";
  d.depthStencil =
      DepthStencilState{.format = TextureFormat::Depth16unorm, .depthWriteEnabled = false};
  const uint32_t maxAttributes = compat.limits().maxVertexAttributes;
  std::vector<VertexAttribute> attrs;
  for (uint32_t i = 0; i < maxAttributes; ++i)
    attrs.push_back({.format = VertexFormat::Float32, .offset = 4ull * i, .shaderLocation = i});
  d.vertex.buffers = {buffer(attrs, 4ull * maxAttributes)};
  expectFails(compat, d, ErrorCode::RenderPipelineVertexBufferLayout,
              {"@builtin(vertex_index)", "in compatibility mode count as attributes too",
               "maxVertexAttributes limit"});
  d.vertex.buffers[0]->attributes.pop_back();
  expectOk(compat, d);
}

}  // namespace
}  // namespace bindery::testing
