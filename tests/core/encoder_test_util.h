// Helpers for the command encoding suites: buffers, layouts and groups, and a
// stand-in pipeline (its PipelineBindingInfo made from a PipelineLayout) so
// the bind group tracker can be exercised without compiling shaders.
#pragma once

#include <memory>
#include <vector>

#include "core/base/handles.h"
#include "core/binding/bind_group_tracker.h"
#include "core/binding/pipeline_layout.h"
#include "core/commands/command_encoder.h"
#include "core/commands/render_pass.h"
#include "test_device.h"

namespace bindery::testing {

class EncoderTest : public DeviceTest {
 protected:
  Buffer buffer(uint64_t size, BufferUsageFlags usage = BufferUsage::Uniform | BufferUsage::CopyDst,
                std::string label = "") {
    Buffer b;
    expectValid([&] {
      b = device.createBuffer({.label = std::move(label), .size = size, .usage = usage});
    });
    return b;
  }
  BindGroupLayout layout(std::vector<BindGroupLayoutEntry> entries, std::string label = "") {
    BindGroupLayout l;
    expectValid([&] {
      l = device.createBindGroupLayout({.label = std::move(label), .entries = std::move(entries)});
    });
    return l;
  }
  BindGroup group(const BindGroupLayout& l, std::vector<BindGroupEntry> entries,
                  std::string label = "") {
    BindGroup g;
    expectValid([&] {
      g = device.createBindGroup(
          {.label = std::move(label), .layout = l, .entries = std::move(entries)});
    });
    return g;
  }
  static BindGroupLayoutEntry bufferEntry(uint32_t binding, BufferBindingType type,
                                          bool dynamic = false, uint64_t minSize = 0,
                                          ShaderStageFlags vis = ShaderStage::Compute |
                                                                 ShaderStage::Vertex |
                                                                 ShaderStage::Fragment) {
    if (type == BufferBindingType::Storage) vis = vis.without(ShaderStage::Vertex);
    return {.binding = binding,
            .visibility = vis,
            .buffer = BufferBindingLayout{
                .type = type, .hasDynamicOffset = dynamic, .minBindingSize = minSize}};
  }
  Texture texture(TextureFormat format, Extent3D size, TextureUsageFlags usage, uint32_t mips = 1,
                  uint32_t samples = 1, TextureDimension dim = TextureDimension::e2D,
                  std::string label = "") {
    Texture t;
    expectValid([&] {
      t = device.createTexture({.label = std::move(label),
                                .size = size,
                                .mipLevelCount = mips,
                                .sampleCount = samples,
                                .dimension = dim,
                                .format = format,
                                .usage = usage});
    });
    return t;
  }

  // A stand-in pipeline with `layouts` as its [[layout]] and the shader's
  // minimum sizes per group and dense buffer index.
  struct FakePipeline {
    PipelineLayout layout;
    core::PipelineBindingInfo info;
  };
  std::shared_ptr<FakePipeline> pipeline(std::vector<BindGroupLayout> layouts,
                                         std::vector<std::vector<uint64_t>> minSizes = {}) {
    auto p = std::make_shared<FakePipeline>();
    expectValid([&] {
      p->layout = device.createPipelineLayout({.label = "pl", .bindGroupLayouts = layouts});
    });
    p->info.pipeline = core::fromHandle<core::PipelineLayoutBase>(p->layout);
    p->info.layout = core::fromHandle<core::PipelineLayoutBase>(p->layout);
    p->info.minBufferSizes = std::move(minSizes);
    p->info.deriveFromLayout();
    p->info.deriveLateSizes();
    return p;
  }
  template <class Pass>
  static void use(Pass& pass, const FakePipeline& p) {
    using Base = std::conditional_t<std::is_same_v<Pass, ComputePassEncoder>,
                                    core::ComputePassEncoderBase, core::RenderPassEncoderBase>;
    core::fromHandle<Base>(pass)->setPipelineInfo(&p.info, nullptr);
  }

  // Runs `encode` on a fresh compute pass, ends it and finishes; expects no
  // error, or `code` at finish() with `fragments`.
  void computeValid(const std::function<void(ComputePassEncoder&)>& encode) {
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder({.label = "enc"});
      ComputePassEncoder pass = e.beginComputePass({.label = "pass"});
      encode(pass);
      pass.end();
      e.finish();
    });
  }
  Error computeError(ErrorCode code, const std::function<void(ComputePassEncoder&)>& encode,
                     std::initializer_list<std::string> fragments = {}) {
    return expectError(
        code,
        [&] {
          CommandEncoder e = device.createCommandEncoder({.label = "enc"});
          ComputePassEncoder pass = e.beginComputePass({.label = "pass"});
          encode(pass);
          pass.end();
          e.finish();
        },
        fragments);
  }
  TextureView colorTarget(Extent3D size = {4, 4}) {
    return texture(TextureFormat::Rgba8unorm, size, TextureUsage::RenderAttachment).createView();
  }
  // The same on a render pass over one rgba8unorm attachment of `size`;
  // renderValid returns the finished command buffer.
  CommandBuffer renderValid(const std::function<void(RenderPassEncoder&)>& encode,
                            Extent3D size = {4, 4}) {
    TextureView target = colorTarget(size);
    CommandBuffer cb;
    expectValid([&] {
      CommandEncoder e = device.createCommandEncoder({.label = "enc"});
      RenderPassEncoder pass =
          e.beginRenderPass({.label = "rp", .colorAttachments = {{.view = target}}});
      encode(pass);
      pass.end();
      cb = e.finish();
    });
    return cb;
  }
  Error renderError(ErrorCode code, const std::function<void(RenderPassEncoder&)>& encode,
                    std::initializer_list<std::string> fragments = {}, Extent3D size = {4, 4}) {
    TextureView target = colorTarget(size);
    return expectError(
        code,
        [&] {
          CommandEncoder e = device.createCommandEncoder({.label = "enc"});
          RenderPassEncoder pass =
              e.beginRenderPass({.label = "rp", .colorAttachments = {{.view = target}}});
          encode(pass);
          pass.end();
          e.finish();
        },
        fragments);
  }
};

}  // namespace bindery::testing
