// GPURenderPipeline -> VkPipeline (render_pipeline.h).
#include "backends/vulkan/render_pipeline.h"

#include <fmt/format.h>

#include <array>
#include <string>
#include <vector>

#include "backends/vulkan/compute_pipeline.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/formats.h"
#include "backends/vulkan/pipeline_layout.h"
#include "core/pipeline/pipeline.h"
#include "core/pipeline/shader_module.h"

namespace bindery::vulkan {

namespace {

VkFormat vertexFormatOf(VertexFormat f) {
  switch (f) {
    case VertexFormat::Uint8: return VK_FORMAT_R8_UINT;
    case VertexFormat::Uint8x2: return VK_FORMAT_R8G8_UINT;
    case VertexFormat::Uint8x4: return VK_FORMAT_R8G8B8A8_UINT;
    case VertexFormat::Sint8: return VK_FORMAT_R8_SINT;
    case VertexFormat::Sint8x2: return VK_FORMAT_R8G8_SINT;
    case VertexFormat::Sint8x4: return VK_FORMAT_R8G8B8A8_SINT;
    case VertexFormat::Unorm8: return VK_FORMAT_R8_UNORM;
    case VertexFormat::Unorm8x2: return VK_FORMAT_R8G8_UNORM;
    case VertexFormat::Unorm8x4: return VK_FORMAT_R8G8B8A8_UNORM;
    case VertexFormat::Snorm8: return VK_FORMAT_R8_SNORM;
    case VertexFormat::Snorm8x2: return VK_FORMAT_R8G8_SNORM;
    case VertexFormat::Snorm8x4: return VK_FORMAT_R8G8B8A8_SNORM;
    case VertexFormat::Uint16: return VK_FORMAT_R16_UINT;
    case VertexFormat::Uint16x2: return VK_FORMAT_R16G16_UINT;
    case VertexFormat::Uint16x4: return VK_FORMAT_R16G16B16A16_UINT;
    case VertexFormat::Sint16: return VK_FORMAT_R16_SINT;
    case VertexFormat::Sint16x2: return VK_FORMAT_R16G16_SINT;
    case VertexFormat::Sint16x4: return VK_FORMAT_R16G16B16A16_SINT;
    case VertexFormat::Unorm16: return VK_FORMAT_R16_UNORM;
    case VertexFormat::Unorm16x2: return VK_FORMAT_R16G16_UNORM;
    case VertexFormat::Unorm16x4: return VK_FORMAT_R16G16B16A16_UNORM;
    case VertexFormat::Snorm16: return VK_FORMAT_R16_SNORM;
    case VertexFormat::Snorm16x2: return VK_FORMAT_R16G16_SNORM;
    case VertexFormat::Snorm16x4: return VK_FORMAT_R16G16B16A16_SNORM;
    case VertexFormat::Float16: return VK_FORMAT_R16_SFLOAT;
    case VertexFormat::Float16x2: return VK_FORMAT_R16G16_SFLOAT;
    case VertexFormat::Float16x4: return VK_FORMAT_R16G16B16A16_SFLOAT;
    case VertexFormat::Float32: return VK_FORMAT_R32_SFLOAT;
    case VertexFormat::Float32x2: return VK_FORMAT_R32G32_SFLOAT;
    case VertexFormat::Float32x3: return VK_FORMAT_R32G32B32_SFLOAT;
    case VertexFormat::Float32x4: return VK_FORMAT_R32G32B32A32_SFLOAT;
    case VertexFormat::Uint32: return VK_FORMAT_R32_UINT;
    case VertexFormat::Uint32x2: return VK_FORMAT_R32G32_UINT;
    case VertexFormat::Uint32x3: return VK_FORMAT_R32G32B32_UINT;
    case VertexFormat::Uint32x4: return VK_FORMAT_R32G32B32A32_UINT;
    case VertexFormat::Sint32: return VK_FORMAT_R32_SINT;
    case VertexFormat::Sint32x2: return VK_FORMAT_R32G32_SINT;
    case VertexFormat::Sint32x3: return VK_FORMAT_R32G32B32_SINT;
    case VertexFormat::Sint32x4: return VK_FORMAT_R32G32B32A32_SINT;
    case VertexFormat::Unorm1010102: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    case VertexFormat::Unorm8x4Bgra: return VK_FORMAT_B8G8R8A8_UNORM;
    case VertexFormat::Snorm1010102: return VK_FORMAT_A2B10G10R10_SNORM_PACK32;
  }
  return VK_FORMAT_UNDEFINED;
}

VkPrimitiveTopology topologyOf(PrimitiveTopology t) {
  switch (t) {
    case PrimitiveTopology::PointList: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case PrimitiveTopology::LineList: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case PrimitiveTopology::LineStrip: return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
    case PrimitiveTopology::TriangleList: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    case PrimitiveTopology::TriangleStrip: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
  }
  return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
}

VkCullModeFlags cullOf(CullMode m) {
  switch (m) {
    case CullMode::None: return VK_CULL_MODE_NONE;
    case CullMode::Front: return VK_CULL_MODE_FRONT_BIT;
    case CullMode::Back: return VK_CULL_MODE_BACK_BIT;
  }
  return VK_CULL_MODE_NONE;
}

// GPUCompareFunction and VkCompareOp list the functions in the same order.
VkCompareOp compareOf(CompareFunction f) {
  return static_cast<VkCompareOp>(static_cast<uint32_t>(f));
}

VkStencilOp stencilOpOf(StencilOperation op) {
  switch (op) {
    case StencilOperation::Keep: return VK_STENCIL_OP_KEEP;
    case StencilOperation::Zero: return VK_STENCIL_OP_ZERO;
    case StencilOperation::Replace: return VK_STENCIL_OP_REPLACE;
    case StencilOperation::Invert: return VK_STENCIL_OP_INVERT;
    case StencilOperation::IncrementClamp: return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
    case StencilOperation::DecrementClamp: return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
    case StencilOperation::IncrementWrap: return VK_STENCIL_OP_INCREMENT_AND_WRAP;
    case StencilOperation::DecrementWrap: return VK_STENCIL_OP_DECREMENT_AND_WRAP;
  }
  return VK_STENCIL_OP_KEEP;
}

VkBlendFactor blendFactorOf(BlendFactor f) {
  switch (f) {
    case BlendFactor::Zero: return VK_BLEND_FACTOR_ZERO;
    case BlendFactor::One: return VK_BLEND_FACTOR_ONE;
    case BlendFactor::Src: return VK_BLEND_FACTOR_SRC_COLOR;
    case BlendFactor::OneMinusSrc: return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
    case BlendFactor::SrcAlpha: return VK_BLEND_FACTOR_SRC_ALPHA;
    case BlendFactor::OneMinusSrcAlpha: return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    case BlendFactor::Dst: return VK_BLEND_FACTOR_DST_COLOR;
    case BlendFactor::OneMinusDst: return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
    case BlendFactor::DstAlpha: return VK_BLEND_FACTOR_DST_ALPHA;
    case BlendFactor::OneMinusDstAlpha: return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
    case BlendFactor::SrcAlphaSaturated: return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
    case BlendFactor::Constant: return VK_BLEND_FACTOR_CONSTANT_COLOR;
    case BlendFactor::OneMinusConstant: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
    case BlendFactor::Src1: return VK_BLEND_FACTOR_SRC1_COLOR;
    case BlendFactor::OneMinusSrc1: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
    case BlendFactor::Src1Alpha: return VK_BLEND_FACTOR_SRC1_ALPHA;
    case BlendFactor::OneMinusSrc1Alpha: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
  }
  return VK_BLEND_FACTOR_ONE;
}

// GPUBlendOperation and VkBlendOp list the operations in the same order.
VkBlendOp blendOpOf(BlendOperation op) {
  return static_cast<VkBlendOp>(static_cast<uint32_t>(op));
}

VkStencilOpState stencilFaceOf(const StencilFaceState& s, const DepthStencilState& ds) {
  VkStencilOpState out{};
  out.failOp = stencilOpOf(s.failOp);
  out.passOp = stencilOpOf(s.passOp);
  out.depthFailOp = stencilOpOf(s.depthFailOp);
  out.compareOp = compareOf(s.compare);
  out.compareMask = ds.stencilReadMask;
  out.writeMask = ds.stencilWriteMask;
  return out;
}

// Everything vkCreateGraphicsPipelines reads, owned for the compile thread.
struct GraphicsPipelineInfo {
  VkDevice device = VK_NULL_HANDLE;
  VkPipelineCache cache = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  std::vector<uint32_t> vertexWords, fragmentWords;
  std::string vertexEntry, fragmentEntry;
  std::vector<VkVertexInputBindingDescription> bindings;
  std::vector<VkVertexInputAttributeDescription> attributes;
  VkPipelineInputAssemblyStateCreateInfo inputAssembly{
      VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  VkPipelineRasterizationStateCreateInfo raster{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  VkPipelineMultisampleStateCreateInfo multisample{
      VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  VkSampleMask sampleMask = 0xFFFFFFFF;
  VkPipelineDepthStencilStateCreateInfo depthStencil{
      VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  std::vector<VkPipelineColorBlendAttachmentState> blends;
  std::vector<VkFormat> colorFormats;
  VkFormat depthFormat = VK_FORMAT_UNDEFINED;
  VkFormat stencilFormat = VK_FORMAT_UNDEFINED;
};

void fillVertexState(const core::RenderPipelineBase& pipeline, GraphicsPipelineInfo& info) {
  const auto& buffers = pipeline.descriptor().vertex.buffers;
  for (uint32_t slot = 0; slot < buffers.size(); ++slot) {
    if (!buffers[slot]) continue;
    const VertexBufferLayout& b = *buffers[slot];
    info.bindings.push_back({slot, static_cast<uint32_t>(b.arrayStride),
                             b.stepMode == VertexStepMode::Instance ? VK_VERTEX_INPUT_RATE_INSTANCE
                                                                    : VK_VERTEX_INPUT_RATE_VERTEX});
    for (const VertexAttribute& a : b.attributes) {
      info.attributes.push_back(
          {a.shaderLocation, slot, vertexFormatOf(a.format), static_cast<uint32_t>(a.offset)});
    }
  }
}

void fillFixedState(const Device& device, const core::RenderPipelineBase& pipeline,
                    GraphicsPipelineInfo& info) {
  const RenderPipelineDescriptor& d = pipeline.descriptor();
  info.inputAssembly.topology = topologyOf(d.primitive.topology);
  info.inputAssembly.primitiveRestartEnable =
      d.primitive.topology == PrimitiveTopology::LineStrip ||
      d.primitive.topology == PrimitiveTopology::TriangleStrip;
  info.raster.polygonMode = VK_POLYGON_MODE_FILL;
  info.raster.cullMode = cullOf(d.primitive.cullMode);
  info.raster.frontFace = d.primitive.frontFace == FrontFace::Ccw ? VK_FRONT_FACE_COUNTER_CLOCKWISE
                                                                  : VK_FRONT_FACE_CLOCKWISE;
  info.raster.lineWidth = 1.0f;
  // #dom-gpuprimitivestate-unclippeddepth ('depth-clip-control'): no depth
  // clipping; the depth is still clamped to the viewport's depth range.
  info.raster.depthClampEnable = d.primitive.unclippedDepth ? VK_TRUE : VK_FALSE;
  info.multisample.rasterizationSamples = static_cast<VkSampleCountFlagBits>(d.multisample.count);
  info.sampleMask = d.multisample.mask;
  info.multisample.alphaToCoverageEnable = d.multisample.alphaToCoverageEnabled;
  if (d.depthStencil) {
    const DepthStencilState& ds = *d.depthStencil;
    VkImageAspectFlags aspects = allAspects(ds.format);
    VkFormat format = device.formats()(ds.format);
    if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) info.depthFormat = format;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) info.stencilFormat = format;
    CompareFunction depthCompare = ds.depthCompare.value_or(CompareFunction::Always);
    info.depthStencil.depthTestEnable = (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) != 0;
    info.depthStencil.depthWriteEnable = pipeline.writesDepth();
    info.depthStencil.depthCompareOp = compareOf(depthCompare);
    info.depthStencil.stencilTestEnable = (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) != 0;
    info.depthStencil.front = stencilFaceOf(ds.stencilFront, ds);
    info.depthStencil.back = stencilFaceOf(ds.stencilBack, ds);
    info.raster.depthBiasEnable =
        ds.depthBias != 0 || ds.depthBiasSlopeScale != 0 || ds.depthBiasClamp != 0;
    info.raster.depthBiasConstantFactor = static_cast<float>(ds.depthBias);
    info.raster.depthBiasSlopeFactor = ds.depthBiasSlopeScale;
    info.raster.depthBiasClamp = ds.depthBiasClamp;
  }
  if (!d.fragment) return;
  for (const auto& target : d.fragment->targets) {
    VkPipelineColorBlendAttachmentState blend{};
    if (!target) {
      info.colorFormats.push_back(VK_FORMAT_UNDEFINED);
      info.blends.push_back(blend);
      continue;
    }
    info.colorFormats.push_back(device.formats()(target->format));
    blend.colorWriteMask = target->writeMask.bits();
    if (target->blend) {
      const BlendState& b = *target->blend;
      blend.blendEnable = VK_TRUE;
      blend.srcColorBlendFactor = blendFactorOf(b.color.srcFactor);
      blend.dstColorBlendFactor = blendFactorOf(b.color.dstFactor);
      blend.colorBlendOp = blendOpOf(b.color.operation);
      blend.srcAlphaBlendFactor = blendFactorOf(b.alpha.srcFactor);
      blend.dstAlphaBlendFactor = blendFactorOf(b.alpha.dstFactor);
      blend.alphaBlendOp = blendOpOf(b.alpha.operation);
    }
    info.blends.push_back(blend);
  }
}

Result<VkShaderModule> makeModule(VkDevice device, const std::vector<uint32_t>& words) {
  VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = words.size() * sizeof(uint32_t);
  moduleInfo.pCode = words.data();
  VkShaderModule module = VK_NULL_HANDLE;
  BINDERY_VK_TRY(
      checkVk(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule"));
  return module;
}

Result<VkPipeline> createGraphicsVkPipeline(GraphicsPipelineInfo& g) {
  std::array<VkShaderModule, 2> modules{};
  std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
  uint32_t stageCount = 0;
  auto addStage = [&](const std::vector<uint32_t>& words, const std::string& entry,
                      VkShaderStageFlagBits stage) -> Status {
    Result<VkShaderModule> module = makeModule(g.device, words);
    if (module.isError()) return module.error();
    modules[stageCount] = module.value();
    stages[stageCount] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[stageCount].stage = stage;
    stages[stageCount].module = module.value();
    stages[stageCount].pName = entry.c_str();
    ++stageCount;
    return {};
  };
  Status status = addStage(g.vertexWords, g.vertexEntry, VK_SHADER_STAGE_VERTEX_BIT);
  if (!status.isError() && !g.fragmentWords.empty()) {
    status = addStage(g.fragmentWords, g.fragmentEntry, VK_SHADER_STAGE_FRAGMENT_BIT);
  }
  VkPipeline pipeline = VK_NULL_HANDLE;
  if (!status.isError()) {
    VkPipelineVertexInputStateCreateInfo vertexInput{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertexInput.vertexBindingDescriptionCount = static_cast<uint32_t>(g.bindings.size());
    vertexInput.pVertexBindingDescriptions = g.bindings.data();
    vertexInput.vertexAttributeDescriptionCount = static_cast<uint32_t>(g.attributes.size());
    vertexInput.pVertexAttributeDescriptions = g.attributes.data();
    VkPipelineViewportStateCreateInfo viewport{
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;
    g.multisample.pSampleMask = &g.sampleMask;
    VkPipelineColorBlendStateCreateInfo blend{
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend.attachmentCount = static_cast<uint32_t>(g.blends.size());
    blend.pAttachments = g.blends.data();
    std::array<VkDynamicState, 4> dynamicStates{VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                                VK_DYNAMIC_STATE_BLEND_CONSTANTS,
                                                VK_DYNAMIC_STATE_STENCIL_REFERENCE};
    VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dynamic.dynamicStateCount = static_cast<uint32_t>(dynamicStates.size());
    dynamic.pDynamicStates = dynamicStates.data();
    VkPipelineRenderingCreateInfoKHR rendering{
        VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO_KHR};
    rendering.colorAttachmentCount = static_cast<uint32_t>(g.colorFormats.size());
    rendering.pColorAttachmentFormats = g.colorFormats.data();
    rendering.depthAttachmentFormat = g.depthFormat;
    rendering.stencilAttachmentFormat = g.stencilFormat;

    VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    info.pNext = &rendering;
    info.stageCount = stageCount;
    info.pStages = stages.data();
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &g.inputAssembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &g.raster;
    info.pMultisampleState = &g.multisample;
    bool hasDepthStencil =
        g.depthFormat != VK_FORMAT_UNDEFINED || g.stencilFormat != VK_FORMAT_UNDEFINED;
    info.pDepthStencilState = hasDepthStencil ? &g.depthStencil : nullptr;
    info.pColorBlendState = &blend;
    info.pDynamicState = &dynamic;
    info.layout = g.layout;
    status = checkVk(vkCreateGraphicsPipelines(g.device, g.cache, 1, &info, nullptr, &pipeline),
                     "vkCreateGraphicsPipelines");
  }
  for (uint32_t i = 0; i < stageCount; ++i) vkDestroyShaderModule(g.device, modules[i], nullptr);
  if (status.isError()) return status.error();
  return pipeline;
}

}  // namespace

Result<std::unique_ptr<RenderPipeline>> RenderPipeline::create(
    std::shared_ptr<ComputeState> state, const core::RenderPipelineBase& pipeline) {
  Device& device = state->device();
  if (!device.cmdBeginRendering) {
    return backend::internalError(
        "not supported yet on Vulkan: createRenderPipeline on a device without "
        "VK_KHR_dynamic_rendering (bindery renders with dynamic rendering only).");
  }
  auto info = std::make_shared<GraphicsPipelineInfo>();
  const PipelineLayout& layout = PipelineLayout::of(*pipeline.layout());
  for (const core::PipelineStage& stage : pipeline.stages()) {
    const core::CompiledShader& compiled = stage.module->compiled();
    // Points are one pixel (#primitive-assembly): Vulkan takes their size
    // from the vertex stage's PointSize.
    bool points =
        pipeline.topology() == PrimitiveTopology::PointList && stage.stage == ShaderStage::Vertex;
    SpirvForStage spirv =
        generateComputeSpirv(compiled.source, compiled.options, stage.entryPoint, stage.constants,
                             points, shaderFeaturesOf(device.physicalDevice()), &layout);
    if (!spirv.error.empty()) {
      return backend::internalError(fmt::format(
          "the SPIR-V generator failed for entry point '{}': {}", stage.entryPoint, spirv.error));
    }
    if (stage.stage == ShaderStage::Vertex) {
      info->vertexWords = std::move(spirv.words);
      info->vertexEntry = stage.entryPoint;
    } else {
      info->fragmentWords = std::move(spirv.words);
      info->fragmentEntry = stage.entryPoint;
    }
  }
  fillVertexState(pipeline, *info);
  fillFixedState(device, pipeline, *info);
  info->device = state->handle();
  info->cache = state->pipelineCache();
  info->layout = layout.handle();
  std::unique_ptr<RenderPipeline> self(new RenderPipeline(state, layout));
  // #dom-gpudevice-createrenderpipelineasync: compiled off the calling thread.
  self->pipeline_ =
      std::async(std::launch::async, [info] { return createGraphicsVkPipeline(*info); }).share();
  return self;
}

RenderPipeline::~RenderPipeline() {
  if (!pipeline_.valid()) return;
  Result<VkPipeline> made = pipeline_.get();
  if (made.isError()) return;
  VkDevice device = state_->handle();
  VkPipeline pipeline = made.value();
  state_->device().deferDestroy(
      [device, pipeline] { vkDestroyPipeline(device, pipeline, nullptr); });
}

RenderPipeline& RenderPipeline::of(const core::RenderPipelineBase& pipeline) {
  return *static_cast<RenderPipeline*>(pipeline.backendObject());
}

Result<std::unique_ptr<backend::RenderPipelineBackend>> Device::createRenderPipeline(
    const core::RenderPipelineBase& pipeline) {
  Result<std::unique_ptr<RenderPipeline>> made =
      RenderPipeline::create(ComputeState::of(*this), pipeline);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::RenderPipelineBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
