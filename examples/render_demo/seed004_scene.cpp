// Seed 004's scene layout on the GPU: group 0 exactly as the seed writes it
// (the camera uniform of 144 bytes, a filtering sampler, a comparison
// sampler, a depth shadow map, the lights in a read-only storage buffer),
// group 1 the object (model matrix, colour) at a dynamic offset. A first
// pass renders the shadow map from light 0; the second draws the scene,
// lit by every light, shadowed by light 0 (textureSampleCompare). The
// 'filtering' sampler stays in the layout unused: the scene has no float
// texture, and a depth texture may not be filtered (bindery says so).
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "demo.h"

namespace demo {

namespace {

using namespace bindery;

constexpr const char* kSceneShader = R"(
struct Camara { vista : mat4x4f, proyeccion : mat4x4f, posicion : vec3f }
struct Luz { posicion : vec4f, color : vec4f, vistaProy : mat4x4f }
struct Objeto { modelo : mat4x4f, color : vec4f }
@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var sombraCmp : sampler_comparison;
@group(0) @binding(3) var mapaSombra : texture_depth_2d;
@group(0) @binding(4) var<storage, read> luces : array<Luz>;
@group(1) @binding(0) var<uniform> objeto : Objeto;

// Corner i of a cube's 36 (6 faces x 2 triangles): position and normal.
fn cube(i : u32) -> array<vec3f, 2> {
  var normals = array(vec3f(1, 0, 0), vec3f(-1, 0, 0), vec3f(0, 1, 0),
                      vec3f(0, -1, 0), vec3f(0, 0, 1), vec3f(0, 0, -1));
  var corners = array(vec2f(-1, -1), vec2f(1, -1), vec2f(1, 1),
                      vec2f(-1, -1), vec2f(1, 1), vec2f(-1, 1));
  let n = normals[i / 6u];
  let c = corners[i % 6u];
  return array(n + n.yzx * c.x + n.zxy * c.y, n);
}

struct Out {
  @builtin(position) position : vec4f,
  @location(0) world : vec3f,
  @location(1) normal : vec3f,
}
@vertex fn vs(@builtin(vertex_index) i : u32) -> Out {
  let v = cube(i);
  let world = objeto.modelo * vec4f(v[0], 1);
  let normal = normalize((objeto.modelo * vec4f(v[1], 0)).xyz);
  return Out(camara.proyeccion * camara.vista * world, world.xyz, normal);
}
@fragment fn fs(in : Out) -> @location(0) vec4f {
  let sun = luces[0];
  let clip = sun.vistaProy * vec4f(in.world, 1);
  let ndc = clip.xyz / clip.w;
  let uv = ndc.xy * vec2f(0.5, -0.5) + 0.5;
  let lit = textureSampleCompare(mapaSombra, sombraCmp, uv, ndc.z - 0.004);
  var color = objeto.color.rgb * 0.12;
  for (var k = 0u; k < arrayLength(&luces); k++) {
    let l = luces[k];
    let toLight = normalize(l.posicion.xyz - in.world * l.posicion.w);
    var d = max(dot(in.normal, toLight), 0.0);
    if (k == 0u) { d *= lit; }
    let eye = normalize(camara.posicion - in.world);
    let spec = pow(max(dot(reflect(-toLight, in.normal), eye), 0.0), 32.0) * d;
    color += objeto.color.rgb * l.color.rgb * d + l.color.rgb * spec * 0.3;
  }
  return vec4f(color, 1);
}
)";

constexpr const char* kShadowShader = R"(
struct Objeto { modelo : mat4x4f, color : vec4f }
@group(0) @binding(0) var<uniform> sombraVistaProy : mat4x4f;
@group(1) @binding(0) var<uniform> objeto : Objeto;
fn corner(i : u32) -> vec3f {
  var normals = array(vec3f(1, 0, 0), vec3f(-1, 0, 0), vec3f(0, 1, 0),
                      vec3f(0, -1, 0), vec3f(0, 0, 1), vec3f(0, 0, -1));
  var corners = array(vec2f(-1, -1), vec2f(1, -1), vec2f(1, 1),
                      vec2f(-1, -1), vec2f(1, 1), vec2f(-1, 1));
  let n = normals[i / 6u];
  let c = corners[i % 6u];
  return n + n.yzx * c.x + n.zxy * c.y;
}
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  return sombraVistaProy * objeto.modelo * vec4f(corner(i), 1);
}
)";

using Vec3 = std::array<float, 3>;
using Mat4 = std::array<float, 16>;  // column-major, as WGSL's mat4x4f

Mat4 multiply(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
  return r;
}
Vec3 sub(Vec3 a, Vec3 b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
float dot(Vec3 a, Vec3 b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 normalize(Vec3 v) {
  float l = std::sqrt(dot(v, v));
  return {v[0] / l, v[1] / l, v[2] / l};
}
Vec3 cross(Vec3 a, Vec3 b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Mat4 lookAt(Vec3 eye, Vec3 at) {
  Vec3 f = normalize(sub(at, eye));
  Vec3 s = normalize(cross(f, {0, 1, 0}));
  Vec3 u = cross(s, f);
  return {s[0], u[0], -f[0], 0, s[1],         u[1],         -f[1],       0,
          s[2], u[2], -f[2], 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1};
}
// Clip-space depth in [0, 1], as WebGPU's.
Mat4 perspective(float fovy, float aspect, float near, float far) {
  float f = 1 / std::tan(fovy / 2);
  return {f / aspect,
          0,
          0,
          0,
          0,
          f,
          0,
          0,
          0,
          0,
          far / (near - far),
          -1,
          0,
          0,
          near * far / (near - far),
          0};
}
Mat4 ortho(float half, float near, float far) {
  return {
      1 / half, 0, 0, 0, 0, 1 / half, 0, 0, 0, 0, 1 / (near - far), 0, 0, 0, near / (near - far),
      1};
}
Mat4 model(Vec3 at, Vec3 scale, float angle) {
  float c = std::cos(angle), s = std::sin(angle);
  return {scale[0] * c, 0, -scale[0] * s, 0, 0,     scale[1], 0,     0,
          scale[2] * s, 0, scale[2] * c,  0, at[0], at[1],    at[2], 1};
}

struct Object {
  Mat4 model;
  std::array<float, 4> color;
};

// A ground slab, a ring of nine boxes, one in the middle.
std::vector<Object> sceneObjects() {
  std::vector<Object> objects{{model({0, -0.05f, 0}, {4, 0.05f, 4}, 0), {0.8f, 0.8f, 0.75f, 1}}};
  for (int i = 0; i < 9; ++i) {
    float a = float(i) / 9 * 6.2831853f, h = 0.25f + 0.15f * float(i % 3), hue = float(i) / 9 * 6;
    objects.push_back({model({1.8f * std::cos(a), h, 1.8f * std::sin(a)}, {0.25f, h, 0.25f}, a),
                       {0.5f + 0.5f * std::cos(hue), 0.5f + 0.5f * std::cos(hue - 2.1f),
                        0.5f + 0.5f * std::cos(hue + 2.1f), 1}});
  }
  objects.push_back({model({0, 0.6f, 0}, {0.45f, 0.6f, 0.45f}, 0.6f), {0.9f, 0.35f, 0.25f, 1}});
  return objects;
}

BindGroupLayoutEntry entry(uint32_t binding, ShaderStageFlags visibility) {
  BindGroupLayoutEntry e;
  e.binding = binding;
  e.visibility = visibility;
  return e;
}

Buffer bufferWith(const Device& device, const char* label, const void* data, size_t size,
                  BufferUsageFlags usage) {
  BufferDescriptor d;
  d.label = label;
  d.size = (size + 15) & ~size_t{15};
  d.usage = usage | BufferUsage::CopyDst;
  Buffer b = device.createBuffer(d);
  device.queue().writeBuffer(b, 0, data, size);
  return b;
}

Texture texture(const Device& device, const char* label, uint32_t size, TextureFormat format,
                TextureUsageFlags usage) {
  TextureDescriptor td;
  td.label = label;
  td.size = {size, size, 1};
  td.format = format;
  td.usage = usage;
  return device.createTexture(td);
}

RenderPassDepthStencilAttachment depthAttachment(const Texture& t) {
  RenderPassDepthStencilAttachment da;
  da.view = t.createView();
  da.depthClearValue = 1.0f;
  da.depthLoadOp = LoadOp::Clear;
  da.depthStoreOp = StoreOp::Store;
  return da;
}

}  // namespace

bool renderSeed004(const Adapter& adapter, const Device& device, const std::filesystem::path& dir,
                   const int& errors) {
  // Seed 004's layout, entry by entry.
  BindGroupLayoutEntry camera = entry(0, ShaderStage::Vertex | ShaderStage::Fragment);
  camera.buffer = BufferBindingLayout{BufferBindingType::Uniform, false, 144};
  BindGroupLayoutEntry filtering = entry(1, ShaderStage::Fragment);
  filtering.sampler = SamplerBindingLayout{SamplerBindingType::Filtering};
  BindGroupLayoutEntry comparison = entry(2, ShaderStage::Fragment);
  comparison.sampler = SamplerBindingLayout{SamplerBindingType::Comparison};
  BindGroupLayoutEntry shadowMap = entry(3, ShaderStage::Fragment);
  shadowMap.texture = TextureBindingLayout{TextureSampleType::Depth, TextureViewDimension::e2D};
  BindGroupLayoutEntry lights = entry(4, ShaderStage::Fragment);
  lights.buffer = BufferBindingLayout{BufferBindingType::ReadOnlyStorage};
  BindGroupLayout scene =
      device.createBindGroupLayout({"escena", {camera, filtering, comparison, shadowMap, lights}});
  BindGroupLayoutEntry object = entry(0, ShaderStage::Vertex | ShaderStage::Fragment);
  object.buffer = BufferBindingLayout{BufferBindingType::Uniform, true, 80};
  BindGroupLayout objects = device.createBindGroupLayout({"objeto", {object}});
  BindGroupLayoutEntry lightMatrix = entry(0, ShaderStage::Vertex);
  lightMatrix.buffer = BufferBindingLayout{BufferBindingType::Uniform, false, 64};
  BindGroupLayout shadowLayout = device.createBindGroupLayout({"sombra", {lightMatrix}});

  DepthStencilState ds;
  ds.format = TextureFormat::Depth32float;
  ds.depthWriteEnabled = true;
  ds.depthCompare = CompareFunction::Less;
  RenderPipelineDescriptor main;
  main.label = "escena";
  main.layout = device.createPipelineLayout({"escena", {scene, objects}, 0});
  main.vertex.module = device.createShaderModule({.code = kSceneShader});
  main.vertex.entryPoint = "vs";
  FragmentState fragment;
  fragment.module = main.vertex.module;
  fragment.entryPoint = "fs";
  fragment.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
  main.fragment = fragment;
  main.depthStencil = ds;
  RenderPipeline mainPipeline = device.createRenderPipeline(main);
  RenderPipelineDescriptor shadow;
  shadow.label = "sombra";
  shadow.layout = device.createPipelineLayout({"sombra", {shadowLayout, objects}, 0});
  shadow.vertex.module = device.createShaderModule({.code = kShadowShader});
  shadow.vertex.entryPoint = "vs";
  shadow.depthStencil = ds;
  RenderPipeline shadowPipeline = device.createRenderPipeline(shadow);

  std::vector<Object> scene3d = sceneObjects();
  std::vector<uint8_t> objectBytes(scene3d.size() * kStride);
  for (size_t i = 0; i < scene3d.size(); ++i) {
    std::memcpy(&objectBytes[i * kStride], scene3d[i].model.data(), 64);
    std::memcpy(&objectBytes[i * kStride + 64], scene3d[i].color.data(), 16);
  }
  Buffer objectBuffer =
      bufferWith(device, "objetos", objectBytes.data(), objectBytes.size(), BufferUsage::Uniform);
  Mat4 sunViewProj = multiply(ortho(3.2f, 0.1f, 12), lookAt({3, 6, 2.5f}, {0, 0, 0}));
  struct Light {
    float position[4], color[4];
    Mat4 viewProj;
  };
  Light lightData[2] = {{{3, 6, 2.5f, 0}, {1, 0.95f, 0.85f, 1}, sunViewProj},
                        {{-2.5f, 1.5f, -1, 1}, {0.2f, 0.3f, 0.6f, 1}, sunViewProj}};
  Buffer lightBuffer =
      bufferWith(device, "luces", lightData, sizeof(lightData), BufferUsage::Storage);
  Vec3 eye{0, 3.2f, 5.2f};
  Mat4 view = lookAt(eye, {0, 0.3f, 0}), projection = perspective(0.9f, 1, 0.1f, 20);
  float cameraData[36] = {};
  std::memcpy(cameraData, view.data(), 64);
  std::memcpy(cameraData + 16, projection.data(), 64);
  std::memcpy(cameraData + 32, eye.data(), 12);
  Buffer cameraBuffer = bufferWith(device, "camara", cameraData, 144, BufferUsage::Uniform);
  Buffer sunBuffer =
      bufferWith(device, "sombraVistaProy", sunViewProj.data(), 64, BufferUsage::Uniform);

  Texture shadowTexture = texture(device, "mapaSombra", 1024, TextureFormat::Depth32float,
                                  TextureUsage::RenderAttachment | TextureUsage::TextureBinding);
  Texture color = texture(device, "color", kWidth, TextureFormat::Rgba8unorm,
                          TextureUsage::RenderAttachment | TextureUsage::CopySrc);
  Texture depth = texture(device, "profundidad", kWidth, TextureFormat::Depth32float,
                          TextureUsage::RenderAttachment);
  SamplerDescriptor linear;
  linear.magFilter = FilterMode::Linear;
  linear.minFilter = FilterMode::Linear;
  SamplerDescriptor compare = linear;
  compare.compare = CompareFunction::LessEqual;
  BindGroup sceneGroup = device.createBindGroup({"escena",
                                                 scene,
                                                 {{0, BufferBinding{cameraBuffer}},
                                                  {1, device.createSampler(linear)},
                                                  {2, device.createSampler(compare)},
                                                  {3, shadowTexture.createView()},
                                                  {4, BufferBinding{lightBuffer}}}});
  BindGroup objectGroup =
      device.createBindGroup({"objeto", objects, {{0, BufferBinding{objectBuffer, 0, 80}}}});
  BindGroup shadowGroup =
      device.createBindGroup({"sombra", shadowLayout, {{0, BufferBinding{sunBuffer}}}});

  CommandEncoder encoder = device.createCommandEncoder();
  RenderPassDescriptor shadowPass;
  shadowPass.depthStencilAttachment = depthAttachment(shadowTexture);
  RenderPassEncoder sp = encoder.beginRenderPass(shadowPass);
  sp.setPipeline(shadowPipeline);
  sp.setBindGroup(0, shadowGroup);
  for (uint32_t i = 0; i < scene3d.size(); ++i) {
    sp.setBindGroup(1, objectGroup, {i * kStride});
    sp.draw(36);
  }
  sp.end();
  RenderPassDescriptor mainPass;
  RenderPassColorAttachment ca;
  ca.view = color.createView();
  ca.clearValue = {0.55, 0.6, 0.7, 1};
  ca.loadOp = LoadOp::Clear;
  ca.storeOp = StoreOp::Store;
  mainPass.colorAttachments.push_back(ca);
  mainPass.depthStencilAttachment = depthAttachment(depth);
  RenderPassEncoder mp = encoder.beginRenderPass(mainPass);
  mp.setPipeline(mainPipeline);
  mp.setBindGroup(0, sceneGroup);
  for (uint32_t i = 0; i < scene3d.size(); ++i) {
    mp.setBindGroup(1, objectGroup, {i * kStride});
    mp.draw(36);
  }
  mp.end();
  device.queue().submit({encoder.finish()});
  std::string path = (dir / "seed004_scene.png").string();
  if (!saveFrame(device, color, path, errors)) return false;
  std::printf(
      "seed 004: its scene layout (camera uniform, filtering and comparison samplers, depth "
      "shadow map, lights in a storage buffer), a shadow pass then %zu objects on %s; "
      "picture: %s\n",
      scene3d.size(), adapter.info().description.c_str(), std::filesystem::absolute(path).c_str());
  return true;
}

}  // namespace demo
