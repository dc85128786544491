// GPURenderPipeline on Vulkan (#render-pipeline-creation): the vertex and
// fragment entry points' SPIR-V from bindery's generator (src/spirv; set n,
// binding m as in the WGSL, robust indexing on), then one graphics VkPipeline
// for dynamic rendering (VkPipelineRenderingCreateInfoKHR with the pipeline's
// color and depth/stencil formats; no VkRenderPass):
//
// - vertex state: one binding per non-null buffer slot (binding = slot, the
//   arrayStride, the step mode), every vertex format;
// - primitive state: topology, primitive restart for strips (WebGPU's strip
//   index value is the format's maximum, which is Vulkan's restart index),
//   cull mode, front face;
// - depth-stencil state: compare functions, stencil faces, masks, depth bias;
// - multisample: count, mask, alphaToCoverage;
// - color targets: blending (factors, operations), write masks; a null
//   target is an unused attachment (VK_FORMAT_UNDEFINED).
// Viewport, scissor, blend constant and stencil reference are dynamic state
// (set by the render pass recorder).
//
// As for compute pipelines, the SPIR-V is generated on the calling thread and
// vkCreateGraphicsPipelines runs on another thread (createRenderPipeline and
// the async form alike); the first command buffer using it waits (handle()).
// 'point-list': the vertex stage writes PointSize = 1 (spirv::Options::writePointSize).
// unclippedDepth: depthClampEnable; dual-source blending: the src1 factors and
// @blend_src outputs (Index 0 / 1 at location 0).
#pragma once

#include "backends/vulkan/functions.h"

#include <future>
#include <memory>

#include "backends/backend.h"
#include "backends/vulkan/error.h"

namespace bindery::core {
class RenderPipelineBase;
}

namespace bindery::vulkan {

class ComputeState;
class PipelineLayout;

class RenderPipeline final : public backend::RenderPipelineBackend {
 public:
  static Result<std::unique_ptr<RenderPipeline>> create(std::shared_ptr<ComputeState> state,
                                                        const core::RenderPipelineBase& pipeline);
  ~RenderPipeline() override;

  Result<VkPipeline> handle() const { return pipeline_.get(); }
  const PipelineLayout& layout() const { return *layout_; }

  static RenderPipeline& of(const core::RenderPipelineBase& pipeline);

 private:
  RenderPipeline(std::shared_ptr<ComputeState> state, const PipelineLayout& layout)
      : state_(std::move(state)), layout_(&layout) {}

  std::shared_ptr<ComputeState> state_;
  const PipelineLayout* layout_;  // the core pipeline holds its [[layout]]
  std::shared_future<Result<VkPipeline>> pipeline_;
};

}  // namespace bindery::vulkan
