// Seed 002's views on the GPU: a render pass per mip level of a 5-level
// texture (a view of that level alone) and per face of a cube texture (a 2d
// view of that layer alone), then one pass samples them back through
// whole-texture views: the cube (viewDimension 'cube', by direction) unfolded
// as a cross on the left, each mip level (textureSampleLevel) as a strip on
// the right.
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "demo.h"

namespace demo {

namespace {

using namespace bindery;

// A full-screen triangle; the fragment paints `base` with rings and a checker.
constexpr const char* kPaintShader = R"(
override r : f32; override g : f32; override b : f32; override size : f32;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let uv = p.xy / size;
  let checker = f32((u32(uv.x * 8.0) + u32(uv.y * 8.0)) % 2u);
  let ring = 0.5 + 0.5 * cos(length(uv - 0.5) * 40.0);
  return vec4f(vec3f(r, g, b) * (0.55 + 0.3 * checker + 0.15 * ring), 1);
}
)";

constexpr const char* kShowShader = R"(
@group(0) @binding(0) var cubeMap : texture_cube<f32>;
@group(0) @binding(1) var mips : texture_2d<f32>;
@group(0) @binding(2) var linear : sampler;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
// Face f's direction at uv in [-1, 1] (+X, -X, +Y, -Y, +Z, -Z).
fn direction(f : i32, uv : vec2f) -> vec3f {
  switch f {
    case 0: { return vec3f(1, -uv.y, -uv.x); }
    case 1: { return vec3f(-1, -uv.y, uv.x); }
    case 2: { return vec3f(uv.x, 1, uv.y); }
    case 3: { return vec3f(uv.x, -1, -uv.y); }
    case 4: { return vec3f(uv.x, -uv.y, 1); }
    default: { return vec3f(-uv.x, -uv.y, -1); }
  }
}
@fragment fn fs(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let background = vec4f(0.08, 0.09, 0.12, 1);
  // Right: the five mip levels as strips, each stretched to its strip.
  if (p.x >= 288.0) {
    let level = floor(p.y / 102.4);
    let uv = vec2f((p.x - 288.0) / 224.0, fract(p.y / 102.4));
    let c = textureSampleLevel(mips, linear, uv, level);
    return select(c, background, fract(p.y / 102.4) > 0.94);
  }
  // Left: the cross (squares of 64 px from y = 160).
  let cell = vec2i(floor((p.xy - vec2f(16, 160)) / 64.0));
  let uv = fract((p.xy - vec2f(16, 160)) / 64.0) * 2.0 - 1.0;
  var face = -1;
  if (cell.y == 0 && cell.x == 1) { face = 2; }
  if (cell.y == 1 && cell.x == 0) { face = 1; }
  if (cell.y == 1 && cell.x == 1) { face = 4; }
  if (cell.y == 1 && cell.x == 2) { face = 0; }
  if (cell.y == 1 && cell.x == 3) { face = 5; }
  if (cell.y == 2 && cell.x == 1) { face = 3; }
  let c = textureSampleLevel(cubeMap, linear, direction(max(face, 0), uv), 0.0);
  return select(background, c, face >= 0 && p.x >= 16.0 && p.y >= 160.0);
}
)";

Texture makeTexture(const Device& device, const char* label, Extent3D size, uint32_t mips) {
  TextureDescriptor td;
  td.label = label;
  td.size = size;
  td.mipLevelCount = mips;
  td.format = TextureFormat::Rgba8unorm;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::TextureBinding;
  return device.createTexture(td);
}

void paint(const Device& device, CommandEncoder& encoder, const ShaderModule& module,
           const TextureView& target, float size, const float rgb[3]) {
  RenderPipelineDescriptor d;
  d.layout = kAutoLayout;
  d.vertex.module = module;
  d.vertex.entryPoint = "vs";
  FragmentState fragment;
  fragment.module = module;
  fragment.entryPoint = "fs";
  fragment.constants = {{"r", rgb[0]}, {"g", rgb[1]}, {"b", rgb[2]}, {"size", size}};
  fragment.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
  d.fragment = fragment;
  RenderPassDescriptor pass;
  RenderPassColorAttachment color;
  color.view = target;
  color.loadOp = LoadOp::Clear;
  color.storeOp = StoreOp::Store;
  pass.colorAttachments.push_back(color);
  RenderPassEncoder rp = encoder.beginRenderPass(pass);
  rp.setPipeline(device.createRenderPipeline(d));
  rp.draw(3);
  rp.end();
}

}  // namespace

bool renderSeed002(const Adapter& adapter, const Device& device, const std::filesystem::path& dir,
                   const int& errors) {
  ShaderModule paintModule = device.createShaderModule({.code = kPaintShader});
  Texture cube = makeTexture(device, "cubo", {64, 64, 6}, 1);
  Texture mipmapped = makeTexture(device, "mips", {128, 128, 1}, 5);
  CommandEncoder encoder = device.createCommandEncoder();
  const float faces[6][3] = {{0.9f, 0.2f, 0.2f}, {0.2f, 0.8f, 0.8f},  {0.3f, 0.9f, 0.3f},
                             {0.8f, 0.3f, 0.8f}, {0.3f, 0.4f, 0.95f}, {0.95f, 0.85f, 0.2f}};
  for (uint32_t i = 0; i < 6; ++i) {  // seed 002: one 2d view per face
    TextureViewDescriptor face;
    face.label = fmt::format("cara {}", i);
    face.dimension = TextureViewDimension::e2D;
    face.baseArrayLayer = i;
    face.arrayLayerCount = 1;
    face.mipLevelCount = 1;
    paint(device, encoder, paintModule, cube.createView(face), 64, faces[i]);
  }
  const float levels[5][3] = {{0.95f, 0.5f, 0.2f},
                              {0.4f, 0.8f, 0.3f},
                              {0.3f, 0.6f, 0.95f},
                              {0.85f, 0.3f, 0.7f},
                              {0.95f, 0.9f, 0.4f}};
  for (uint32_t level = 0; level < 5; ++level) {  // seed 002: one view per mip level
    TextureViewDescriptor destino;
    destino.label = fmt::format("nivel {}", level);
    destino.baseMipLevel = level;
    destino.mipLevelCount = 1;
    destino.dimension = TextureViewDimension::e2D;
    paint(device, encoder, paintModule, mipmapped.createView(destino), float(128 >> level),
          levels[level]);
  }
  ShaderModule showModule = device.createShaderModule({.code = kShowShader});
  RenderPipelineDescriptor d;
  d.label = "vistas";
  d.layout = kAutoLayout;
  d.vertex.module = showModule;
  d.vertex.entryPoint = "vs";
  FragmentState fragment;
  fragment.module = showModule;
  fragment.entryPoint = "fs";
  fragment.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
  d.fragment = fragment;
  RenderPipeline show = device.createRenderPipeline(d);
  TextureViewDescriptor cubeView;
  cubeView.dimension = TextureViewDimension::Cube;
  SamplerDescriptor linear;
  linear.magFilter = FilterMode::Linear;
  linear.minFilter = FilterMode::Linear;
  BindGroup group = device.createBindGroup({"vistas",
                                            show.getBindGroupLayout(0),
                                            {{0, cube.createView(cubeView)},
                                             {1, mipmapped.createView()},
                                             {2, device.createSampler(linear)}}});
  TextureDescriptor td;
  td.label = "color";
  td.size = {kWidth, kHeight, 1};
  td.format = TextureFormat::Rgba8unorm;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
  Texture color = device.createTexture(td);
  RenderPassDescriptor pass;
  RenderPassColorAttachment ca;
  ca.view = color.createView();
  ca.loadOp = LoadOp::Clear;
  ca.storeOp = StoreOp::Store;
  pass.colorAttachments.push_back(ca);
  RenderPassEncoder rp = encoder.beginRenderPass(pass);
  rp.setPipeline(show);
  rp.setBindGroup(0, group);
  rp.draw(3);
  rp.end();
  device.queue().submit({encoder.finish()});
  std::string path = (dir / "seed002_views.png").string();
  if (!saveFrame(device, color, path, errors)) return false;
  std::printf(
      "seed 002: 6 cube faces and 5 mip levels each rendered through a view of it alone, "
      "sampled back as a 'cube' view and by level on %s; picture: %s\n",
      adapter.info().description.c_str(), std::filesystem::absolute(path).c_str());
  return true;
}

}  // namespace demo
