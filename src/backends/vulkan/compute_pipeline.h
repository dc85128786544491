// GPUComputePipeline on Vulkan (#compute-pipeline-creation): the entry point's
// SPIR-V from bindery's generator (src/spirv) with the stage's constants
// (override values) and @group(n) @binding(m) as set n, binding m (the
// pipeline layout's sets, pipeline_layout.h), robust indexing on; then a
// VkShaderModule and a VkPipeline through the device's VkPipelineCache.
//
// The SPIR-V is generated on the calling thread, so a construct the
// generator lacks fails creation at once (an internal error naming it). The
// Vulkan compilation (vkCreateComputePipelines, the slow part on real
// drivers) runs on another thread, for createComputePipeline and
// createComputePipelineAsync alike; the first command buffer that uses the
// pipeline waits for it (handle()).
//
// GPUShaderModule needs no Vulkan object: the pipeline regenerates SPIR-V
// from the module's WGSL for its constants and layout (shader_module.cpp
// would only cache a VkShaderModule that depends on both).
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/shader_features.h"
#include "bindery/wgsl/module.h"

namespace bindery::core {
class ComputePipelineBase;
}

namespace bindery::vulkan {

class ComputeState;
class PipelineLayout;

class ComputePipeline final : public backend::ComputePipelineBackend {
 public:
  static Result<std::unique_ptr<ComputePipeline>> create(std::shared_ptr<ComputeState> state,
                                                         const core::ComputePipelineBase& pipeline);
  ~ComputePipeline() override;

  // The VkPipeline, once compiled (waits for the compile thread).
  Result<VkPipeline> handle() const;
  // True once the compile thread has finished.
  bool isCompiled() const;
  const PipelineLayout& layout() const { return *layout_; }
  ComputeState& state() const { return *state_; }
  const std::shared_ptr<ComputeState>& sharedState() const { return state_; }

  static ComputePipeline& of(const core::ComputePipelineBase& pipeline);

 private:
  ComputePipeline(std::shared_ptr<ComputeState> state, const PipelineLayout& layout)
      : state_(std::move(state)), layout_(&layout) {}

  std::shared_ptr<ComputeState> state_;
  const PipelineLayout* layout_;
  // The core pipeline holds its [[layout]], so layout_ outlives this.
  std::shared_future<Result<VkPipeline>> pipeline_;
};

// SPIR-V for a shader stage (compute, vertex, fragment): exposed for the
// indirect-dispatch validator and tests. `layout` gives the push-constant
// words of its dynamic storage entries' sizes (pipeline_layout.h); none for
// the backend's own pipelines.
struct SpirvForStage {
  std::vector<uint32_t> words;
  std::string error;  // empty on success
};
SpirvForStage generateComputeSpirv(std::string_view wgslSource, const wgsl::Options& options,
                                   std::string_view entryPoint,
                                   const std::map<std::string, double>& constants,
                                   bool writePointSize = false, const ShaderFeatures& features = {},
                                   const PipelineLayout* layout = nullptr);

// A compute VkPipeline from SPIR-V words (on the calling thread).
Result<VkPipeline> createComputeVkPipeline(VkDevice device, VkPipelineCache cache,
                                           VkPipelineLayout layout,
                                           const std::vector<uint32_t>& words,
                                           const std::string& entryPoint);

// The backend's own compute shaders (the indirect-dispatch check, the
// timestamp conversion): one storage buffer at set 0 binding 0 of
// `bufferType`, `pushConstantBytes` of push constants, the WGSL's "main".
// Fills the three handles (the caller destroys them); `what` names the
// shader in an error.
struct InternalComputePipeline {
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};
Status createInternalComputePipeline(VkDevice device, VkPipelineCache cache,
                                     VkDescriptorType bufferType, uint32_t pushConstantBytes,
                                     std::string_view wgsl, std::string_view what,
                                     InternalComputePipeline& out);

}  // namespace bindery::vulkan
