// Seed 000's "per frame: write bytes" scenario end to end: 200 objects with
// one big uniform buffer (a 96-byte slice each, at a stride of the device's
// actual minUniformBufferOffsetAlignment), one bind group per object made at
// load time, and frames that only write buffers and bind existing groups.
// The null device keeps the data, so what a frame wrote reads back.
#include <cstring>
#include <vector>

#include "backends/null/testing.h"
#include "core/base/handles.h"
#include "core/resources/buffer.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using SeedFrameTest = DeviceTest;

constexpr uint32_t kObjects = 200;
constexpr uint64_t kSize = 96;

TEST_F(SeedFrameTest, PerFrameWriteBytes) {
  const uint32_t align = device.limits().minUniformBufferOffsetAlignment;
  const uint64_t stride = (kSize + align - 1) / align * align;
  Buffer big, camera;
  BindGroupLayout cameraLayout, objectLayout;
  std::vector<BindGroup> groups;
  BindGroup cameraGroup;
  RenderPipeline pipeline;
  TextureView target;
  expectValid([&] {
    big = device.createBuffer(
        {.label = "uniformes por objeto",
         .size = stride * kObjects,
         .usage = BufferUsage::Uniform | BufferUsage::CopyDst | BufferUsage::CopySrc});
    camera = device.createBuffer(
        {.label = "camara", .size = 128, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
    cameraLayout = device.createBindGroupLayout(
        {.label = "escena",
         .entries = {{.binding = 0,
                      .visibility = ShaderStage::Vertex,
                      .buffer = BufferBindingLayout{.minBindingSize = 128}}}});
    objectLayout = device.createBindGroupLayout(
        {.label = "objeto",
         .entries = {{.binding = 0,
                      .visibility = ShaderStage::Vertex,
                      .buffer = BufferBindingLayout{.minBindingSize = kSize}}}});
    cameraGroup = device.createBindGroup({.label = "camara",
                                          .layout = cameraLayout,
                                          .entries = {{.binding = 0, .resource = camera}}});
    for (uint32_t i = 0; i < kObjects; ++i) {
      groups.push_back(device.createBindGroup(
          {.label = "objeto " + std::to_string(i),
           .layout = objectLayout,
           .entries = {
               {.binding = 0,
                .resource = BufferBinding{.buffer = big, .offset = i * stride, .size = kSize}}}}));
    }
    ShaderModule module = device.createShaderModule({.label = "escena", .code = R"(
      struct Camara { vista : mat4x4f, proy : mat4x4f }
      struct Objeto { modelo : mat4x4f, color : vec4f, extra : vec4f }
      @group(0) @binding(0) var<uniform> camara : Camara;
      @group(1) @binding(0) var<uniform> objeto : Objeto;
      @vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
        return camara.proy * camara.vista * objeto.modelo * vec4f(f32(i), 0.0, 0.0, 1.0);
      }
      @fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
    )"});
    PipelineLayout pl = device.createPipelineLayout(
        {.label = "escena", .bindGroupLayouts = {cameraLayout, objectLayout}});
    pipeline = device.createRenderPipeline(
        {.label = "objetos",
         .layout = pl,
         .vertex = {.module = module},
         .fragment =
             FragmentState{.module = module,
                           .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
    target = device
                 .createTexture({.label = "pantalla",
                                 .size = {64, 64},
                                 .format = TextureFormat::Rgba8unorm,
                                 .usage = TextureUsage::RenderAttachment})
                 .createView();
  });
  ASSERT_EQ(groups.size(), kObjects);

  Queue queue = device.queue();
  std::vector<float> perObject(kSize / 4);
  for (uint32_t frame = 0; frame < 3; ++frame) {
    expectValid([&] {
      // Per frame: write bytes. Cheap, invalidates nothing.
      float cam[32] = {};
      for (int k = 0; k < 32; ++k) cam[k] = static_cast<float>(frame * 100 + k);
      queue.writeBuffer(camera, 0, cam, sizeof(cam));
      for (uint32_t i = 0; i < kObjects; ++i) {
        for (size_t k = 0; k < perObject.size(); ++k) {
          perObject[k] = static_cast<float>(frame * 1000 + i) + static_cast<float>(k) / 100;
        }
        queue.writeBuffer(big, i * stride, perObject.data(), kSize);
      }
      CommandEncoder encoder = device.createCommandEncoder({.label = "frame"});
      RenderPassEncoder pass =
          encoder.beginRenderPass({.label = "escena", .colorAttachments = {{.view = target}}});
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, cameraGroup);
      for (uint32_t i = 0; i < kObjects; ++i) {
        pass.setBindGroup(1, groups[i]);
        pass.draw(3);
      }
      pass.end();
      queue.submit({encoder.finish()});
    });
  }
  // The null device keeps the bytes: the last frame's writes are in the
  // buffer's host memory (there is no copyBufferToBuffer to stage them).
  const float* data = reinterpret_cast<const float*>(backend::null::bufferBytes(big));
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data[(199 * stride) / 4], 2199.0f);
  EXPECT_FLOAT_EQ(data[(5 * stride) / 4 + 3], 2005.03f);
}

TEST_F(SeedFrameTest, BindingAGroupOfTheWrongLayoutPrintsTheDiff) {
  BindGroupLayout objectLayout = device.createBindGroupLayout(
      {.label = "objeto",
       .entries = {{.binding = 0,
                    .visibility = ShaderStage::Vertex,
                    .buffer = BufferBindingLayout{.minBindingSize = 96}}}});
  BindGroupLayout materialLayout = device.createBindGroupLayout(
      {.label = "material",
       .entries = {{.binding = 0,
                    .visibility = ShaderStage::Fragment,
                    .buffer = BufferBindingLayout{.minBindingSize = 96}}}});
  Buffer b = device.createBuffer({.size = 256, .usage = BufferUsage::Uniform});
  BindGroup material = device.createBindGroup(
      {.label = "marmol", .layout = materialLayout, .entries = {{.binding = 0, .resource = b}}});
  ShaderModule module = device.createShaderModule({.code = R"(
    @group(0) @binding(0) var<uniform> objeto : array<vec4f, 6>;
    @vertex fn vs() -> @builtin(position) vec4f { return objeto[0]; }
    @fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
  )"});
  PipelineLayout pl = device.createPipelineLayout({.bindGroupLayouts = {objectLayout}});
  RenderPipeline pipeline = device.createRenderPipeline(
      {.label = "objetos",
       .layout = pl,
       .vertex = {.module = module},
       .fragment = FragmentState{
           .module = module, .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
  TextureView target = device
                           .createTexture({.size = {4, 4},
                                           .format = TextureFormat::Rgba8unorm,
                                           .usage = TextureUsage::RenderAttachment})
                           .createView();
  expectError(
      ErrorCode::BindGroupLayoutNotEquivalent,
      [&] {
        CommandEncoder encoder = device.createCommandEncoder({.label = "frame"});
        RenderPassEncoder pass =
            encoder.beginRenderPass({.label = "escena", .colorAttachments = {{.view = target}}});
        pass.setPipeline(pipeline);
        pass.setBindGroup(0, material);
        pass.draw(3);
        pass.end();
        encoder.finish();
      },
      {"[BindGroup \"marmol\"] was created with [BindGroupLayout \"material\"]",
       "[BindGroupLayout \"objeto\"]", "binding 0", "visibility", "[RenderPipeline \"objetos\"]",
       "command #3 (draw) in [RenderPassEncoder \"escena\"]"});
}

// With real pipelines: layout: 'auto' groups work only with their own
// pipeline, and the shader's minimum binding size is checked late.
TEST_F(SeedFrameTest, AutoLayoutsAndLateSizesWithRealPipelines) {
  const char* code = R"(
    @group(0) @binding(0) var<uniform> params : array<vec4f, 4>;
    @compute @workgroup_size(1) fn main() { _ = params[0]; }
  )";
  ShaderModule module = device.createShaderModule({.code = code});
  ComputePipeline a = device.createComputePipeline(
      {.label = "a", .layout = kAutoLayout, .compute = {.module = module}});
  ComputePipeline b = device.createComputePipeline(
      {.label = "b", .layout = kAutoLayout, .compute = {.module = module}});
  Buffer buffer = device.createBuffer({.size = 256, .usage = BufferUsage::Uniform});
  BindGroup ofA = device.createBindGroup(
      {.label = "of a",
       .layout = a.getBindGroupLayout(0),
       .entries = {{.binding = 0, .resource = BufferBinding{.buffer = buffer, .size = 64}}}});
  auto dispatch = [&](const ComputePipeline& p, const BindGroup& g) {
    CommandEncoder encoder = device.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    pass.setBindGroup(0, g);
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.finish();
  };
  expectValid([&] { dispatch(a, ofA); });
  expectError(ErrorCode::BindGroupLayoutNotEquivalent, [&] { dispatch(b, ofA); },
              {"[BindGroup \"of a\"]", "layout: 'auto' of [ComputePipeline \"a\"]",
               "[ComputePipeline \"b\"]"});
  // An explicit layout with minBindingSize 0: the 64 bytes the shader reads
  // are checked at dispatch.
  BindGroupLayout explicitLayout = device.createBindGroupLayout(
      {.entries = {
           {.binding = 0, .visibility = ShaderStage::Compute, .buffer = BufferBindingLayout{}}}});
  ComputePipeline c = device.createComputePipeline(
      {.label = "c",
       .layout = device.createPipelineLayout({.bindGroupLayouts = {explicitLayout}}),
       .compute = {.module = module}});
  BindGroup small = device.createBindGroup(
      {.label = "small",
       .layout = explicitLayout,
       .entries = {{.binding = 0, .resource = BufferBinding{.buffer = buffer, .size = 16}}}});
  expectError(ErrorCode::BindingSizeTooSmallForShader, [&] { dispatch(c, small); },
              {"binds 16 bytes", "at least 64 bytes", "[ComputePipeline \"c\"]"});
}

}  // namespace
}  // namespace bindery::testing
