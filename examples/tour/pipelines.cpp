// Chapter: shader modules and pipelines (seeds 003 and 004): explicit and
// 'auto' layouts, what static use does to 'auto', and the messages when a
// shader and a layout disagree.
#include "tour.h"

namespace tour {

using namespace bindery;

namespace {

// Seed 004: the scene's shader fragment and the layout translated from it.
constexpr const char* kEscena = R"(
struct Camara {
  vista       : mat4x4<f32>,
  proyeccion  : mat4x4<f32>,
  posicion    : vec3<f32>,
};
struct Luz { color : vec4f, };

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var sombraCmp : sampler_comparison;
@group(0) @binding(3) var mapaSombra : texture_depth_2d;
@group(0) @binding(4) var<storage, read> luces : array<Luz>;

@vertex fn vs() -> @builtin(position) vec4f {
  return camara.proyeccion * camara.vista * vec4f(camara.posicion, 1.0);
}
@fragment fn fs() -> @location(0) vec4f {
  let s = textureSampleCompare(mapaSombra, sombraCmp, vec2f(0.5), 0.5);
  return luces[0].color * s;
}
)";

// Seed 003: static use.
constexpr const char* kDecls = R"(
@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var<storage, read_write> salida : array<vec4f>;
)";

}  // namespace

void pipelines(Tour& tour) {
  const Device& device = tour.device();
  tour.chapter("Seeds 003 and 004: shader modules and pipelines");

  ShaderModule escena;
  tour.expectValid("createShaderModule (the scene of seed 004)", [&] {
    escena = device.createShaderModule({.label = "escena", .code = kEscena});
  });
  tour.expectError(
      "a WGSL syntax error makes an invalid module; getCompilationInfo has the "
      "line and column",
      ErrorCode::ShaderModuleCompilationFailed, [&] {
        ShaderModule bad =
            device.createShaderModule({.label = "roto", .code = "fn f() { let = 1; }"});
        for (const CompilationMessage& m : bad.getCompilationInfo().messages) {
          tour.note("  " + std::string(toString(m.type)) + " at " + std::to_string(m.lineNum) +
                    ":" + std::to_string(m.linePos) + ": " + m.message);
        }
      });

  // The hand-written layout of seed 004; the error steps below vary one field.
  auto sceneLayout = [&](const char* label, uint64_t cameraSize, TextureSampleType shadowType) {
    return device.createBindGroupLayout(
        {.label = label,
         .entries = {
             {.binding = 0,
              .visibility = ShaderStage::Vertex | ShaderStage::Fragment,
              .buffer = BufferBindingLayout{.type = BufferBindingType::Uniform,
                                            .minBindingSize = cameraSize}},
             {.binding = 1,
              .visibility = ShaderStage::Fragment,
              .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}},
             {.binding = 2,
              .visibility = ShaderStage::Fragment,
              .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}},
             {.binding = 3,
              .visibility = ShaderStage::Fragment,
              .texture = TextureBindingLayout{.sampleType = shadowType}},
             {.binding = 4,
              .visibility = ShaderStage::Fragment,
              .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}},
         }});
  };
  BindGroupLayout layoutEscena = sceneLayout("escena", 144, TextureSampleType::Depth);
  PipelineLayout pipelineLayout =
      device.createPipelineLayout({.label = "escena", .bindGroupLayouts = {layoutEscena}});
  auto renderDesc = [&](PipelineLayoutOrAuto layout) {
    return RenderPipelineDescriptor{
        .label = "escena",
        .layout = std::move(layout),
        .vertex = {.module = escena},
        .fragment = FragmentState{
            .module = escena, .targets = {ColorTargetState{.format = TextureFormat::Bgra8unorm}}}};
  };
  tour.expectValid("createRenderPipeline with the explicit layout of seed 004",
                   [&] { device.createRenderPipeline(renderDesc(pipelineLayout)); });

  // The same layout with minBindingSize 128: the shader needs 144.
  BindGroupLayout tooSmall = sceneLayout("escena-128", 128, TextureSampleType::Depth);
  tour.expectError(
      "minBindingSize 128 for a Camara of 144 bytes: the message names the WGSL "
      "declaration and prints the entry the shader needs",
      ErrorCode::PipelineBindingMinBindingSizeTooSmall, [&] {
        device.createRenderPipeline(
            renderDesc(device.createPipelineLayout({.bindGroupLayouts = {tooSmall}})));
      });

  // A texture whose layout says 'float' where the shader declares a depth texture.
  BindGroupLayout wrongTexture = sceneLayout("escena-float", 144, TextureSampleType::Float);
  tour.expectError(
      "sampleType 'float' for texture_depth_2d (the error is the layout's, found at "
      "pipeline creation, as seed 003 says)",
      ErrorCode::PipelineBindingTextureSampleType, [&] {
        device.createRenderPipeline(
            renderDesc(device.createPipelineLayout({.bindGroupLayouts = {wrongTexture}})));
      });

  tour.note("layout: 'auto' (seed 003): only what the entry points statically use.");
  auto autoPipeline = [&](const std::string& body) {
    ShaderModule m = device.createShaderModule(
        {.code = std::string(kDecls) + "@compute @workgroup_size(8) fn main() {\n" + body + "\n}"});
    return device.createComputePipeline(
        {.label = "estatico", .layout = kAutoLayout, .compute = {.module = m}});
  };
  ComputePipeline used;
  tour.expectValid("'auto' with the texture used: 3 entries", [&] {
    used = autoPipeline("salida[0] = textureSampleLevel(albedo, muestreo, vec2f(0), 0.0);");
  });
  tour.note("  @group(0) has " + std::to_string(used.getBindGroupLayout(0).entries().size()) +
            " entries");
  ComputePipeline commented = autoPipeline(
      "// salida[0] = textureSampleLevel(albedo, muestreo, vec2f(0), 0.0);\nsalida[0] = vec4f(0);");
  tour.note("  with the line commented out: " +
            std::to_string(commented.getBindGroupLayout(0).entries().size()) + " entry");
  ComputePipeline kept = autoPipeline(
      "_ = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);\nsalida[0] = vec4f(0);");
  tour.note("  with `_ = textureSampleLevel(...)`: " +
            std::to_string(kept.getBindGroupLayout(0).entries().size()) + " entries again");

  tour.expectError(
      "an 'auto' layout belongs to its pipeline: it cannot go into a pipeline layout",
      ErrorCode::PipelineLayoutExclusiveBindGroupLayout,
      [&] { device.createPipelineLayout({.bindGroupLayouts = {used.getBindGroupLayout(0)}}); });
  tour.expectError("getBindGroupLayout(index) needs index < maxBindGroups",
                   ErrorCode::PipelineGetBindGroupLayoutIndexOutOfRange,
                   [&] { used.getBindGroupLayout(4); });

  tour.note("Seed 003: two entry points, one binding, two types; 'auto' cannot merge them.");
  ShaderModule alias = device.createShaderModule({.label = "alias", .code = R"(
@group(0) @binding(0) var<uniform> u : vec4f;
@group(0) @binding(0) var t : texture_2d<f32>;
@vertex fn vs() -> @builtin(position) vec4f { return u; }
@fragment fn fs() -> @location(0) vec4f { return textureLoad(t, vec2u(0), 0); }
)"});
  tour.expectError("a render pipeline whose stages declare @binding(0) differently",
                   ErrorCode::PipelineAutoLayoutConflict, [&] {
                     device.createRenderPipeline(
                         {.layout = kAutoLayout,
                          .vertex = {.module = alias},
                          .fragment = FragmentState{
                              .module = alias,
                              .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
                   });

  tour.note(
      "Stage inputs against the render state: each @location input of the vertex shader "
      "is fed by one vertex attribute of a fitting format.");
  ShaderModule grid = device.createShaderModule({.label = "cuadricula", .code = R"(
@vertex fn vs(@location(0) pos : vec4f, @location(1) celda : vec2<u32>) -> @builtin(position) vec4f {
  return pos + vec4f(vec2f(celda), 0.0, 0.0);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
)"});
  auto gridDesc = [&](VertexFormat cellFormat) {
    return RenderPipelineDescriptor{
        .label = "cuadricula",
        .layout = kAutoLayout,
        .vertex = {.module = grid,
                   .buffers = {VertexBufferLayout{
                       .arrayStride = 24,
                       .attributes = {{.format = VertexFormat::Float32x4, .shaderLocation = 0},
                                      {.format = cellFormat, .offset = 16, .shaderLocation = 1}}}}},
        .fragment = FragmentState{
            .module = grid, .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}};
  };
  tour.expectValid("'uint32x2' for a vec2<u32> input",
                   [&] { device.createRenderPipeline(gridDesc(VertexFormat::Uint32x2)); });
  tour.expectError(
      "'float32x2' for the same vec2<u32> input: the attribute's format, the WGSL "
      "declaration and its line, and the format it needs",
      ErrorCode::RenderPipelineVertexAttributeType,
      [&] { device.createRenderPipeline(gridDesc(VertexFormat::Float32x2)); });

  tour.expectError(
      "entryPoint omitted with two @compute functions", ErrorCode::PipelineEntryPointAmbiguous,
      [&] {
        ShaderModule two =
            device.createShaderModule({.code = "@compute @workgroup_size(1) fn a() {}\n"
                                               "@compute @workgroup_size(1) fn b() {}"});
        device.createComputePipeline({.layout = kAutoLayout, .compute = {.module = two}});
      });

  tour.note("The same check without a device: bindery check shader.wgsl --layout layout.json");
  ShaderCheckResult check = checkShaderBindings(
      kEscena,
      {{BindGroupLayoutEntry{.binding = 0,
                             .visibility = ShaderStage::Vertex,
                             .buffer = BufferBindingLayout{.minBindingSize = 144}}}},
      {.entryPoint = "vs", .moduleName = "escena.wgsl", .layoutName = "layout.json"});
  tour.note("  checkShaderBindings(vs): " + std::to_string(check.errors.size()) + " mismatch(es)");
}

}  // namespace tour
