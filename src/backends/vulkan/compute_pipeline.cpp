// GPUComputePipeline -> VkPipeline (compute_pipeline.h).
#include "backends/vulkan/compute_pipeline.h"

#include <fmt/format.h>

#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/pipeline_layout.h"
#include "bindery/spirv/generate.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/shader_module.h"

namespace bindery::vulkan {

SpirvForStage generateComputeSpirv(std::string_view wgslSource, const wgsl::Options& options,
                                   std::string_view entryPoint,
                                   const std::map<std::string, double>& constants,
                                   bool writePointSize, const ShaderFeatures& features,
                                   const PipelineLayout* layout) {
  wgsl::Module module = wgsl::parse(wgslSource, options);
  spirv::Options o;
  o.overrideValues = constants;
  // @group(n) @binding(m) is set n, binding m: no remapping.
  o.clampIndices = true;
  o.writePointSize = writePointSize;  // render_pipeline.cpp: 'point-list'
  applyShaderFeatures(features, o);   // SPIR-V version, subgroups, f16, demote
  if (layout) o.effectiveSizeWords = layout->effectiveSizeWords();
  spirv::Result r = spirv::generate(module, entryPoint, o);
  if (!r.ok()) return {{}, r.error->formatted()};
  return {std::move(r.words), {}};
}

Status createInternalComputePipeline(VkDevice device, VkPipelineCache cache,
                                     VkDescriptorType bufferType, uint32_t pushConstantBytes,
                                     std::string_view wgsl, std::string_view what,
                                     InternalComputePipeline& out) {
  VkDescriptorSetLayoutBinding binding{0, bufferType, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = 1;
  setInfo.pBindings = &binding;
  BINDERY_VK_TRY(checkVk(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &out.setLayout),
                         "vkCreateDescriptorSetLayout"));
  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushConstantBytes};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &out.setLayout;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &range;
  BINDERY_VK_TRY(checkVk(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &out.layout),
                         "vkCreatePipelineLayout"));
  SpirvForStage spirv = generateComputeSpirv(wgsl, {}, "main", {});
  if (!spirv.error.empty()) {
    return backend::internalError(fmt::format("the {} shader: {}", what, spirv.error));
  }
  Result<VkPipeline> pipeline =
      createComputeVkPipeline(device, cache, out.layout, spirv.words, "main");
  if (pipeline.isError()) return pipeline.error();
  out.pipeline = pipeline.value();
  return {};
}

Result<VkPipeline> createComputeVkPipeline(VkDevice device, VkPipelineCache cache,
                                           VkPipelineLayout layout,
                                           const std::vector<uint32_t>& words,
                                           const std::string& entryPoint) {
  VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = words.size() * sizeof(uint32_t);
  moduleInfo.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  BINDERY_VK_TRY(
      checkVk(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule"));
  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = entryPoint.c_str();
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  Status status = checkVk(vkCreateComputePipelines(device, cache, 1, &info, nullptr, &pipeline),
                          "vkCreateComputePipelines");
  vkDestroyShaderModule(device, module, nullptr);
  if (status.isError()) return status.error();
  return pipeline;
}

Result<std::unique_ptr<ComputePipeline>> ComputePipeline::create(
    std::shared_ptr<ComputeState> state, const core::ComputePipelineBase& pipeline) {
  const core::PipelineStage& stage = pipeline.stages()[0];
  const core::CompiledShader& compiled = stage.module->compiled();
  const PipelineLayout& layout = PipelineLayout::of(*pipeline.layout());
  SpirvForStage spirv =
      generateComputeSpirv(compiled.source, compiled.options, stage.entryPoint, stage.constants,
                           false, shaderFeaturesOf(state->device().physicalDevice()), &layout);
  if (!spirv.error.empty()) {
    return backend::internalError(fmt::format(
        "the SPIR-V generator failed for entry point '{}': {}", stage.entryPoint, spirv.error));
  }
  std::unique_ptr<ComputePipeline> self(new ComputePipeline(state, layout));
  // #dom-gpudevice-createcomputepipelineasync: compiled off the calling thread.
  self->pipeline_ =
      std::async(std::launch::async, [device = state->handle(), cache = state->pipelineCache(),
                                      vkLayout = layout.handle(), words = std::move(spirv.words),
                                      entry = stage.entryPoint]() {
        return createComputeVkPipeline(device, cache, vkLayout, words, entry);
      }).share();
  return self;
}

ComputePipeline::~ComputePipeline() {
  if (!pipeline_.valid()) return;
  Result<VkPipeline> made = pipeline_.get();
  if (made.isError()) return;
  VkDevice device = state_->handle();
  VkPipeline pipeline = made.value();
  state_->device().deferDestroy(
      [device, pipeline] { vkDestroyPipeline(device, pipeline, nullptr); });
}

Result<VkPipeline> ComputePipeline::handle() const {
  return pipeline_.get();
}

bool ComputePipeline::isCompiled() const {
  return pipeline_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

ComputePipeline& ComputePipeline::of(const core::ComputePipelineBase& pipeline) {
  return *static_cast<ComputePipeline*>(pipeline.backendObject());
}

Result<std::unique_ptr<backend::ComputePipelineBackend>> Device::createComputePipeline(
    const core::ComputePipelineBase& pipeline) {
  Result<std::unique_ptr<ComputePipeline>> made =
      ComputePipeline::create(ComputeState::of(*this), pipeline);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::ComputePipelineBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
