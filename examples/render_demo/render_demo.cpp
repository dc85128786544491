// scripts/demo's GPU render chapter (issue 15): seed 000's frame loop here,
// seed 004's scene layout in seed004_scene.cpp, seed 002's views in
// seed002_views.cpp, on the Vulkan backend. 200 objects, each a 96-byte
// uniform block at a 256-byte stride of one buffer (minUniformBufferOffsetAlignment), bound through
// one bind group with a dynamic offset; every frame writes the blocks (queue.writeBuffer) and draws
// the 200 objects in one render pass with a depth attachment. The last frame is read back and
// written as a PNG.
//
//   render_demo [out-dir]   (default: out/demo)
#include <png.h>

#include <bindery/bindery.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "demo.h"

namespace {

using namespace bindery;
using namespace std::chrono_literals;

using demo::kHeight;
using demo::kStride;
using demo::kWidth;
constexpr uint32_t kObjects = 200, kBlockSize = 96;
constexpr uint32_t kFrames = 60;

// Per object: a 2d transform (offset, scale, angle), a depth, a colour.
constexpr const char* kShader = R"(
struct Object {
  offset : vec2f, scale : f32, angle : f32,
  depth : f32, pad0 : f32, pad1 : f32, pad2 : f32,
  color : vec4f,
  pad3 : array<vec4f, 3>,
}
@group(0) @binding(0) var<uniform> object : Object;
struct Out { @builtin(position) position : vec4f, @location(0) color : vec4f }
@vertex fn vs(@builtin(vertex_index) i : u32) -> Out {
  var p = array(vec2f(-1, -1), vec2f(1, -1), vec2f(1, 1), vec2f(-1, -1), vec2f(1, 1), vec2f(-1, 1));
  let c = cos(object.angle);
  let s = sin(object.angle);
  let q = p[i] * object.scale;
  let r = vec2f(q.x * c - q.y * s, q.x * s + q.y * c) + object.offset;
  let shade = 0.75 + 0.25 * p[i].y;
  return Out(vec4f(r, object.depth, 1), vec4f(object.color.rgb * shade, 1));
}
@fragment fn fs(@location(0) color : vec4f) -> @location(0) vec4f { return color; }
)";

struct Block {
  float offset[2], scale, angle;
  float depth, pad[3];
  float color[4];
  float pad3[12];
};
static_assert(sizeof(Block) == kBlockSize);

bool writePng(const std::string& path, const std::vector<uint8_t>& rgba) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = kWidth;
  image.height = kHeight;
  image.format = PNG_FORMAT_RGBA;
  return png_image_write_to_file(&image, path.c_str(), 0, rgba.data(), kWidth * 4, nullptr) != 0;
}

// Object i at frame f: on a spiral that turns with time.
Block objectAt(uint32_t i, uint32_t f) {
  Block b{};
  float t = float(f) / kFrames;
  float a = float(i) * 0.31f + t * 6.2831853f;
  float radius = 0.1f + 0.8f * float(i) / kObjects;
  b.offset[0] = radius * std::cos(a);
  b.offset[1] = radius * std::sin(a);
  b.scale = 0.035f + 0.02f * float(i % 5);
  b.angle = a * 2;
  b.depth = float(i) / kObjects;
  float h = float(i) / kObjects * 6.0f;
  b.color[0] = 0.5f + 0.5f * std::cos(h);
  b.color[1] = 0.5f + 0.5f * std::cos(h - 2.1f);
  b.color[2] = 0.5f + 0.5f * std::cos(h + 2.1f);
  b.color[3] = 1;
  return b;
}

}  // namespace

namespace demo {

void finish(const Device& device) {
  while (std::optional<uint64_t> serial = device.pendingSerial()) {
    if (*serial != 0) device.waitSerial(*serial, 10s);
    device.tick();
  }
}

bool saveFrame(const Device& device, const Texture& color, const std::string& path,
               const int& errors) {
  constexpr uint32_t kBytesPerRow = kWidth * 4;  // a multiple of 256
  BufferDescriptor bd;
  bd.label = "readback";
  bd.size = uint64_t{kBytesPerRow} * kHeight;
  bd.usage = BufferUsage::CopyDst | BufferUsage::MapRead;
  Buffer readback = device.createBuffer(bd);
  CommandEncoder encoder = device.createCommandEncoder();
  encoder.copyTextureToBuffer({color}, {readback, 0, kBytesPerRow, kHeight}, {kWidth, kHeight, 1});
  device.queue().submit({encoder.finish()});
  bool mapped = false;
  readback.mapAsync(MapMode::Read, 0, bd.size, [&](MapAsyncStatus status, std::string_view) {
    mapped = status == MapAsyncStatus::Success;
  });
  finish(device);
  if (!mapped || errors) {
    std::fprintf(stderr, "render_demo: %s could not be read back\n", path.c_str());
    return false;
  }
  std::vector<uint8_t> rgba(bd.size);
  std::memcpy(rgba.data(), readback.getMappedRange(0, bd.size), bd.size);
  if (!writePng(path, rgba)) {
    std::fprintf(stderr, "render_demo: could not write %s\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace demo

int main(int argc, char** argv) {
  std::filesystem::path dir = argc > 1 ? argv[1] : "out/demo";
  InstanceDescriptor id;
  id.backend = BackendType::Vulkan;
  Adapter adapter = Instance::create(id).requestAdapter();
  if (!adapter) {
    std::puts("render_demo: no Vulkan adapter (install mesa-vulkan-drivers for lavapipe); skipped");
    return 0;
  }
  Device device = adapter.requestDevice().device;
  int errors = 0;
  device.setUncapturedErrorCallback([&](const Error& e) {
    std::fprintf(stderr, "render_demo: %s\n", e.message.c_str());
    ++errors;
  });
  BindGroupLayoutEntry entry;
  entry.binding = 0;
  entry.visibility = ShaderStage::Vertex;
  entry.buffer = BufferBindingLayout{BufferBindingType::Uniform, true, kBlockSize};
  BindGroupLayout layout = device.createBindGroupLayout({"object", {entry}});
  ShaderModule module = device.createShaderModule({.code = kShader});
  RenderPipelineDescriptor pd;
  pd.label = "objects";
  pd.layout = device.createPipelineLayout({"objects", {layout}, 0});
  pd.vertex.module = module;
  pd.vertex.entryPoint = "vs";
  FragmentState fragment;
  fragment.module = module;
  fragment.entryPoint = "fs";
  fragment.targets.push_back(ColorTargetState{TextureFormat::Rgba8unorm, std::nullopt});
  pd.fragment = fragment;
  DepthStencilState ds;
  ds.format = TextureFormat::Depth24plus;
  ds.depthWriteEnabled = true;
  ds.depthCompare = CompareFunction::Less;
  pd.depthStencil = ds;
  RenderPipeline pipeline = device.createRenderPipeline(pd);
  BufferDescriptor bd;
  bd.label = "objects";
  bd.size = uint64_t{kObjects} * kStride;
  bd.usage = BufferUsage::Uniform | BufferUsage::CopyDst;
  Buffer uniforms = device.createBuffer(bd);
  BindGroupDescriptor gd;
  gd.label = "object";
  gd.layout = layout;
  gd.entries = {{0, BufferBinding{uniforms, 0, kBlockSize}}};
  BindGroup group = device.createBindGroup(gd);
  TextureDescriptor td;
  td.size = {kWidth, kHeight, 1};
  td.format = TextureFormat::Rgba8unorm;
  td.usage = TextureUsage::RenderAttachment | TextureUsage::CopySrc;
  Texture color = device.createTexture(td);
  td.format = TextureFormat::Depth24plus;
  td.usage = TextureUsage::RenderAttachment;
  Texture depth = device.createTexture(td);

  std::vector<uint8_t> blocks(size_t{kObjects} * kStride);
  auto start = std::chrono::steady_clock::now();
  for (uint32_t f = 0; f < kFrames; ++f) {
    for (uint32_t i = 0; i < kObjects; ++i) {
      Block b = objectAt(i, f);
      std::memcpy(&blocks[size_t{i} * kStride], &b, sizeof(b));
    }
    device.queue().writeBuffer(uniforms, 0, blocks.data(), blocks.size());
    RenderPassDescriptor pass;
    RenderPassColorAttachment ca;
    ca.view = color.createView();
    ca.clearValue = {0.05, 0.06, 0.09, 1};
    ca.loadOp = LoadOp::Clear;
    ca.storeOp = StoreOp::Store;
    pass.colorAttachments.push_back(ca);
    RenderPassDepthStencilAttachment da;
    da.view = depth.createView();
    da.depthClearValue = 1.0f;
    da.depthLoadOp = LoadOp::Clear;
    da.depthStoreOp = StoreOp::Discard;
    pass.depthStencilAttachment = da;
    CommandEncoder encoder = device.createCommandEncoder();
    RenderPassEncoder rp = encoder.beginRenderPass(pass);
    rp.setPipeline(pipeline);
    for (uint32_t i = 0; i < kObjects; ++i) {
      rp.setBindGroup(0, group, {i * kStride});
      rp.draw(6);
    }
    rp.end();
    device.queue().submit({encoder.finish()});
    demo::finish(device);
  }
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::filesystem::create_directories(dir);
  std::string path = (dir / "seed000_frame_loop.png").string();
  if (!demo::saveFrame(device, color, path, errors)) return 1;
  std::printf(
      "seed 000: %u frames of %u objects (one uniform buffer, dynamic offsets) on %s in "
      "%.0f ms; last frame: %s\n",
      kFrames, kObjects, adapter.info().description.c_str(), ms,
      std::filesystem::absolute(path).c_str());
  bool ok = demo::renderSeed004(adapter, device, dir, errors);
  ok = demo::renderSeed002(adapter, device, dir, errors) && ok;
  return ok ? 0 : 1;
}
