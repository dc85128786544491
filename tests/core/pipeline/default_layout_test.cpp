// layout: 'auto' (#default-pipeline-layout): the merge rules, groupCount,
// [[exclusivePipeline]], getBindGroupLayout, seed 003's static-use examples,
// and the explanations of pipeline_explain.h.
#include "core/base/handles.h"
#include "core/binding/bind_group_layout.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/pipeline_explain.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

class DefaultLayoutTest : public DeviceTest {
 protected:
  ShaderModule module(const std::string& code) {
    ShaderModule m = device.createShaderModule({.label = "m", .code = code});
    EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(m)->isValid())
        << m.getCompilationInfo().messages.front().message;
    return m;
  }
  ComputePipeline compute(const ShaderModule& m, std::optional<std::string> entry = std::nullopt) {
    return device.createComputePipeline(
        {.label = "auto", .layout = kAutoLayout, .compute = {.module = m, .entryPoint = entry}});
  }
  RenderPipeline render(const ShaderModule& m, const char* vs = "vs", const char* fs = "fs") {
    return device.createRenderPipeline(
        {.label = "draw",
         .layout = kAutoLayout,
         .vertex = {.module = m, .entryPoint = vs},
         .fragment =
             FragmentState{.module = m,
                           .entryPoint = fs,
                           .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
  }
};

// Seed 003: one binding per kind.
constexpr const char* kEscena = R"(
struct Camara { viewProj : mat4x4f, posicion : vec3f, tiempo : f32, };
struct Instancia { m : mat4x4f, };
@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var entorno : texture_cube<f32>;
@group(1) @binding(0) var<storage, read> instancias : array<Instancia>;
@group(1) @binding(1) var<storage, read_write> visibles : array<u32>;
@group(2) @binding(0) var albedo : texture_2d<f32>;
@group(2) @binding(1) var normalMap : texture_2d<f32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id : vec3u) {
  let c = textureSampleLevel(entorno, muestreo, vec3f(camara.posicion), 0.0);
  visibles[id.x] = u32(instancias[id.x].m[0][0] + c.x + camara.tiempo);
  _ = textureLoad(albedo, vec2u(0), 0);
}
)";

TEST_F(DefaultLayoutTest, EntriesFromStaticUse) {
  ComputePipeline p;
  expectValid([&] { p = compute(module(kEscena)); });
  std::vector<BindGroupLayoutEntry> g0 = p.getBindGroupLayout(0).entries();
  ASSERT_EQ(g0.size(), 3u);
  EXPECT_EQ(g0[0].buffer->type, BufferBindingType::Uniform);
  EXPECT_EQ(g0[0].buffer->minBindingSize, 80u);
  EXPECT_EQ(g0[0].visibility, ShaderStageFlags(ShaderStage::Compute));
  EXPECT_EQ(g0[1].sampler->type, SamplerBindingType::Filtering);
  EXPECT_EQ(g0[2].texture->sampleType, TextureSampleType::Float);  // sampled with a sampler
  EXPECT_EQ(g0[2].texture->viewDimension, TextureViewDimension::Cube);
  std::vector<BindGroupLayoutEntry> g1 = p.getBindGroupLayout(1).entries();
  ASSERT_EQ(g1.size(), 2u);
  EXPECT_EQ(g1[0].buffer->type, BufferBindingType::ReadOnlyStorage);
  EXPECT_EQ(g1[0].buffer->minBindingSize, 64u);
  EXPECT_EQ(g1[1].buffer->type, BufferBindingType::Storage);
  // normalMap is declared but not used: dropped. albedo is only loaded:
  // 'unfilterable-float'.
  std::vector<BindGroupLayoutEntry> g2 = p.getBindGroupLayout(2).entries();
  ASSERT_EQ(g2.size(), 1u);
  EXPECT_EQ(g2[0].binding, 0u);
  EXPECT_EQ(g2[0].texture->sampleType, TextureSampleType::UnfilterableFloat);
  EXPECT_TRUE(p.getBindGroupLayout(3).entries().empty());
  const auto* base = core::fromHandle<core::ComputePipelineBase>(p);
  EXPECT_TRUE(base->hasAutoLayout());
  EXPECT_EQ(base->bindingInfo().groupMask, 0x7u);
}

TEST_F(DefaultLayoutTest, LayoutsBelongToTheirPipeline) {
  ShaderModule m = module(kEscena);
  ComputePipeline a = compute(m);
  ComputePipeline b = compute(m);
  BindGroupLayout a0 = a.getBindGroupLayout(0);
  EXPECT_TRUE(a0.isGroupEquivalent(a.getBindGroupLayout(0)));
  EXPECT_FALSE(a0.isGroupEquivalent(b.getBindGroupLayout(0)));  // equal entries, other pipeline
  EXPECT_EQ(core::fromHandle<core::BindGroupLayoutBase>(a0)->exclusivePipeline(),
            core::fromHandle<core::ComputePipelineBase>(a));
  // An explicit layout with equal entries is not equivalent either.
  BindGroupLayout explicitLayout = device.createBindGroupLayout({.entries = a0.entries()});
  EXPECT_FALSE(a0.isGroupEquivalent(explicitLayout));
  // A layout: 'auto' layout cannot go into a pipeline layout.
  expectError(ErrorCode::PipelineLayoutExclusiveBindGroupLayout,
              [&] { device.createPipelineLayout({.bindGroupLayouts = {a0}}); });
}

// Seed 003: commenting out the use of a texture changes the auto layout;
// `_ = textureSampleLevel(...)` keeps it.
TEST_F(DefaultLayoutTest, CommentingOutAUseChangesTheLayout) {
  const std::string decls = R"(
@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var<storage, read_write> out : array<vec4f>;
)";
  auto pipeline = [&](const std::string& body) {
    return compute(module(decls + "@compute @workgroup_size(1) fn main() {\n" + body + "\n}\n"));
  };
  ComputePipeline used = pipeline("out[0] = textureSampleLevel(albedo, muestreo, vec2f(0), 0.0);");
  EXPECT_EQ(used.getBindGroupLayout(0).entries().size(), 3u);
  ComputePipeline commented = pipeline(
      "// out[0] = textureSampleLevel(albedo, muestreo, vec2f(0), 0.0);\nout[0] = vec4f(0);");
  std::vector<BindGroupLayoutEntry> only = commented.getBindGroupLayout(0).entries();
  ASSERT_EQ(only.size(), 1u);
  EXPECT_EQ(only[0].binding, 2u);
  ComputePipeline kept =
      pipeline("_ = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);\nout[0] = vec4f(0);");
  std::vector<BindGroupLayoutEntry> all = kept.getBindGroupLayout(0).entries();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].texture->sampleType, TextureSampleType::Float);
  EXPECT_EQ(all[1].sampler->type, SamplerBindingType::Filtering);
  // A group made for the full layout no longer fits the commented one: the
  // explanation says which entry point dropped which binding.
  const auto& bgl = *core::fromHandle<core::BindGroupLayoutBase>(commented.getBindGroupLayout(0));
  std::string why = core::explainAutoLayoutExtraBinding(bgl, 0);
  EXPECT_THAT(why, ::testing::HasSubstr("keeps only the bindings its entry points statically use"));
  EXPECT_THAT(why, ::testing::HasSubstr("Entry point 'main' (compute) does not use @group(0) "
                                        "@binding(0) 'albedo' (declared on line 2"));
  EXPECT_THAT(why, ::testing::HasSubstr("`_ = albedo;`"));
  EXPECT_THAT(why, ::testing::HasSubstr("createBindGroupLayout + createPipelineLayout"));
  EXPECT_THAT(core::explainAutoLayoutExtraBinding(bgl, 9),
              ::testing::HasSubstr("No module of the pipeline declares @group(0) @binding(9)"));
  // Two dropped bindings: one line each, the general part said once.
  const uint32_t dropped[] = {0, 1};
  std::string both = core::explainAutoLayoutExtraBindings(bgl, dropped);
  auto count = [&](std::string_view needle) {
    size_t n = 0;
    for (size_t at = both.find(needle); at != std::string::npos; at = both.find(needle, at + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(count("keeps only the bindings its entry points statically use"), 1u) << both;
  EXPECT_EQ(count("createBindGroupLayout + createPipelineLayout"), 1u) << both;
  EXPECT_THAT(both, ::testing::HasSubstr("@binding(0) 'albedo'"));
  EXPECT_THAT(both, ::testing::HasSubstr("@binding(1) 'muestreo'"));
  std::string missing = core::explainAutoLayoutMissingBinding(bgl, 2);
  EXPECT_THAT(missing, ::testing::HasSubstr("statically uses @group(0) @binding(2) 'out'"));
  // Explicit layouts get no 'auto' explanation.
  BindGroupLayout explicitLayout = device.createBindGroupLayout({.entries = only});
  EXPECT_EQ(core::explainAutoLayoutExtraBinding(
                *core::fromHandle<core::BindGroupLayoutBase>(explicitLayout), 0),
            "");
}

// The explanation reaches the user: createBindGroup against an 'auto' layout
// that dropped a binding says which entry point did not use it and why.
TEST_F(DefaultLayoutTest, CreateBindGroupExplainsWhatAutoDropped) {
  ComputePipeline pipeline = compute(module(R"(
@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out : array<vec4f>;
@compute @workgroup_size(1) fn main() { out[0] = vec4f(0); }
)"));
  BindGroupLayout layout = pipeline.getBindGroupLayout(0);
  Buffer buffer = device.createBuffer({.size = 64, .usage = BufferUsage::Storage});
  Texture texture = device.createTexture(
      {.size = {4, 4}, .format = TextureFormat::Rgba8unorm, .usage = TextureUsage::TextureBinding});
  expectError(
      ErrorCode::BindGroupEntryCountMismatch,
      [&] {
        device.createBindGroup(
            {.label = "material",
             .layout = layout,
             .entries = {{.binding = 0, .resource = texture.createView()},
                         {.binding = 1, .resource = BufferBinding{.buffer = buffer}}}});
      },
      {"Not in the layout: binding 0", "keeps only the bindings its entry points statically use",
       "Entry point 'main' (compute) does not use @group(0) @binding(0) 'albedo'",
       "`_ = albedo;`"});
  // With only the binding the entry point uses, the group is valid.
  expectValid([&] {
    device.createBindGroup(
        {.layout = layout,
         .entries = {{.binding = 1, .resource = BufferBinding{.buffer = buffer}}}});
  });
}

// A layout from getBindGroupLayout may outlive its pipeline: it stays an
// 'auto' layout (refused by createPipelineLayout), and explanations no longer
// read the pipeline.
TEST_F(DefaultLayoutTest, AutoLayoutOutlivesItsPipeline) {
  BindGroupLayout layout;
  {
    ComputePipeline pipeline = compute(module(R"(
@group(0) @binding(0) var<storage, read_write> out : array<vec4f>;
@compute @workgroup_size(1) fn main() { out[0] = vec4f(0); }
)"));
    layout = pipeline.getBindGroupLayout(0);
  }
  const auto& bgl = *core::fromHandle<core::BindGroupLayoutBase>(layout);
  EXPECT_EQ(core::autoLayoutOwner(bgl), nullptr);
  EXPECT_EQ(core::explainAutoLayoutExtraBinding(bgl, 3), "");
  expectError(ErrorCode::PipelineLayoutExclusiveBindGroupLayout,
              [&] { device.createPipelineLayout({.bindGroupLayouts = {layout}}); },
              {"layout: 'auto'"});
}

// Seed 003: two entry points sharing a binding with different types.
TEST_F(DefaultLayoutTest, TwoEntryPointsShareABindingWithDifferentTypes) {
  ShaderModule m = module(R"(
struct Particula { posicion : vec4f, velocidad : vec4f, };
@group(0) @binding(0) var<storage, read_write> particulas : array<Particula>;
@group(0) @binding(0) var<storage, read_write> crudo : array<vec4f>;
@compute @workgroup_size(64) fn simular(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x].posicion += particulas[id.x].velocidad;
}
@compute @workgroup_size(64) fn limpiar(@builtin(global_invocation_id) id : vec3u) {
  crudo[id.x] = vec4f(0.0);
}
)");
  ComputePipeline sim = compute(m, "simular");
  ComputePipeline clear = compute(m, "limpiar");
  EXPECT_EQ(sim.getBindGroupLayout(0).entries()[0].buffer->minBindingSize, 32u);
  EXPECT_EQ(clear.getBindGroupLayout(0).entries()[0].buffer->minBindingSize, 16u);
  // One explicit layout serves both (minBindingSize 0 or >= 32).
  BindGroupLayout shared = device.createBindGroupLayout(
      {.entries = {{.binding = 0,
                    .visibility = ShaderStage::Compute,
                    .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
  PipelineLayout pl = device.createPipelineLayout({.bindGroupLayouts = {shared}});
  expectValid([&] {
    device.createComputePipeline({.layout = pl, .compute = {.module = m, .entryPoint = "simular"}});
    device.createComputePipeline({.layout = pl, .compute = {.module = m, .entryPoint = "limpiar"}});
  });
}

constexpr const char* kRender = R"(
struct U { m : mat4x4f, };
@group(0) @binding(0) var<uniform> a : U;
@group(0) @binding(1) var<uniform> big : array<vec4f, 8>;
@group(0) @binding(2) var t : texture_2d<f32>;
@group(0) @binding(3) var s : sampler;
@vertex fn vs() -> @builtin(position) vec4f {
  _ = t;
  return a.m[0] + big[0];
}
@fragment fn fs() -> @location(0) vec4f {
  return textureSample(t, s, vec2f(0)) + a.m[1];
}
)";

TEST_F(DefaultLayoutTest, MergesAcrossStages) {
  RenderPipeline p;
  expectValid([&] { p = render(module(kRender)); });
  std::vector<BindGroupLayoutEntry> g = p.getBindGroupLayout(0).entries();
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g[0].visibility, ShaderStage::Vertex | ShaderStage::Fragment);
  EXPECT_EQ(g[1].visibility, ShaderStageFlags(ShaderStage::Vertex));
  // 'unfilterable-float' in the vertex stage, 'float' in the fragment: 'float'.
  EXPECT_EQ(g[2].visibility, ShaderStage::Vertex | ShaderStage::Fragment);
  EXPECT_EQ(g[2].texture->sampleType, TextureSampleType::Float);
  EXPECT_EQ(g[3].visibility, ShaderStageFlags(ShaderStage::Fragment));
}

TEST_F(DefaultLayoutTest, MergeTakesTheLargerMinBindingSize) {
  ShaderModule m = module(R"(
@group(0) @binding(0) var<storage, read> small : array<vec4f, 2>;
@group(0) @binding(0) var<storage, read> large : array<vec4f, 4>;
@vertex fn vs() -> @builtin(position) vec4f { return small[0]; }
@fragment fn fs() -> @location(0) vec4f { return large[0]; }
)");
  RenderPipeline p = render(m);
  std::vector<BindGroupLayoutEntry> g = p.getBindGroupLayout(0).entries();
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].buffer->minBindingSize, 64u);
  EXPECT_EQ(g[0].visibility, ShaderStage::Vertex | ShaderStage::Fragment);
}

TEST_F(DefaultLayoutTest, ConflictingDeclarationsAcrossStages) {
  ShaderModule m = module(R"(
@group(0) @binding(0) var<uniform> u : vec4f;
@group(0) @binding(0) var tex : texture_2d<f32>;
@vertex fn vs() -> @builtin(position) vec4f { return u; }
@fragment fn fs() -> @location(0) vec4f { return textureLoad(tex, vec2u(0), 0); }
)");
  expectError(ErrorCode::PipelineAutoLayoutConflict, [&] { render(m); },
              {"@group(0) @binding(0)", "entry point 'vs' (vertex) uses @group(0) @binding(0) 'u'",
               "entry point 'fs' (fragment) uses @group(0) @binding(0) 'tex'",
               "buffer: {type: 'uniform'", "texture: {sampleType: 'unfilterable-float'"});
}

TEST_F(DefaultLayoutTest, GroupCountAndEmptyGroups) {
  ComputePipeline p = compute(module(R"(
@group(2) @binding(0) var<storage, read_write> x : array<u32>;
@compute @workgroup_size(1) fn main() { x[0] = 1u; }
)"));
  const auto* base = core::fromHandle<core::ComputePipelineBase>(p);
  EXPECT_EQ(base->bindingInfo().groupMask, 0x4u);  // groups 0 and 1 are empty slots
  EXPECT_TRUE(p.getBindGroupLayout(0).entries().empty());
  BindGroupLayout empty = p.getBindGroupLayout(0);
  EXPECT_EQ(core::fromHandle<core::BindGroupLayoutBase>(empty)->exclusivePipeline(), base);
  EXPECT_EQ(p.getBindGroupLayout(2).entries().size(), 1u);
  expectError(ErrorCode::PipelineGetBindGroupLayoutIndexOutOfRange,
              [&] { p.getBindGroupLayout(4); });
}

TEST_F(DefaultLayoutTest, FilteringRuleAppliesToAutoLayoutsToo) {
  // A depth texture sampled with a plain `sampler`: auto makes a 'filtering'
  // sampler and a 'depth' texture, which the filtering rule refuses.
  ShaderModule m = module(R"(
@group(0) @binding(0) var d : texture_depth_2d;
@group(0) @binding(1) var s : sampler;
@group(0) @binding(2) var<storage, read_write> o : array<f32>;
@compute @workgroup_size(1) fn main() { o[0] = textureSampleLevel(d, s, vec2f(0), 0); }
)");
  expectError(ErrorCode::PipelineFilteringSamplerNonFloatTexture, [&] { compute(m); },
              {"a depth texture cannot be filtered"});
}

TEST_F(DefaultLayoutTest, MismatchExplanation) {
  ShaderModule m = module(kEscena);
  ComputePipeline a = compute(m);
  ComputePipeline b = compute(m);
  std::string text = core::explainAutoLayoutMismatch(
      *core::fromHandle<core::ComputePipelineBase>(a), 0,
      *core::fromHandle<core::BindGroupLayoutBase>(b.getBindGroupLayout(0)));
  EXPECT_THAT(text, ::testing::HasSubstr("another pipeline, even if its entries are equal"));
  EXPECT_THAT(text, ::testing::HasSubstr("getBindGroupLayout(0)"));
}

TEST_F(DefaultLayoutTest, AutoLayoutLimits) {
  // More storage buffers in one stage than maxStorageBuffersPerShaderStage (8).
  std::string code;
  std::string body;
  for (int i = 0; i < 9; ++i) {
    code += "@group(0) @binding(" + std::to_string(i) + ") var<storage, read_write> b" +
            std::to_string(i) + " : array<u32>;\n";
    body += "b" + std::to_string(i) + "[0] = 1u;\n";
  }
  ShaderModule m = module(code + "@compute @workgroup_size(1) fn main() {\n" + body + "}\n");
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { compute(m); },
              {"While making @group(0) of layout: 'auto'"});
}

// `count` storage buffers used by one compute entry point, binding i in
// @group(groupOf(i)).
std::string storageBuffers(int count, int (*groupOf)(int)) {
  std::string code;
  std::string body;
  for (int i = 0; i < count; ++i) {
    code += "@group(" + std::to_string(groupOf(i)) + ") @binding(" + std::to_string(i) +
            ") var<storage, read_write> b" + std::to_string(i) + " : array<u32>;\n";
    body += "b" + std::to_string(i) + "[0] = 1u;\n";
  }
  return code + "@compute @workgroup_size(1) fn main() {\n" + body + "}\n";
}

TEST_F(DefaultLayoutTest, AutoLayoutLimitsAcrossGroups) {
  // #pipeline-layout-creation counts the groups' slots together: 8
  // (maxStorageBuffersPerShaderStage) fit in one group or in two, 9 over two
  // groups fail there (each group alone is within the limit).
  expectValid([&] { compute(module(storageBuffers(8, [](int) { return 0; }))); });
  expectValid([&] { compute(module(storageBuffers(8, [](int i) { return i % 2; }))); });
  expectError(ErrorCode::PipelineLayoutBindingSlotLimits,
              [&] { compute(module(storageBuffers(9, [](int i) { return i % 2; }))); },
              {"While making the layout: 'auto' pipeline layout"});
}

}  // namespace
}  // namespace bindery::testing
