// The dictionaries of shader modules and pipelines (#shader-module-creation,
// #compute-pipeline-creation, #render-pipeline-creation) declared for the
// conversion layer (idl.h), member by member onto the C++ descriptors of
// include/bindery/pipeline.h. Members are listed in WebIDL's order (those of
// the inherited dictionary first, then by name). Defaults are the C++
// structs', which are the IDL's.
#pragma once

#include "descriptors.h"
#include "pipelines.h"

namespace bindery::node::idl {

// The render-state enums (pipeline.h has their spellings, not parse
// functions). initPipelines() checks each count against toString().
BINDERY_IDL_ENUM_BY_SPELLING(PrimitiveTopology, "GPUPrimitiveTopology", 5);
BINDERY_IDL_ENUM_BY_SPELLING(FrontFace, "GPUFrontFace", 2);
BINDERY_IDL_ENUM_BY_SPELLING(CullMode, "GPUCullMode", 3);
BINDERY_IDL_ENUM_BY_SPELLING(VertexStepMode, "GPUVertexStepMode", 2);
BINDERY_IDL_ENUM_BY_SPELLING(StencilOperation, "GPUStencilOperation", 8);
BINDERY_IDL_ENUM_BY_SPELLING(BlendOperation, "GPUBlendOperation", 5);
BINDERY_IDL_ENUM_BY_SPELLING(BlendFactor, "GPUBlendFactor", 17);
BINDERY_IDL_ENUM_BY_SPELLING(VertexFormat, "GPUVertexFormat", 42);

// --- GPUShaderModuleDescriptor ----------------------------------------------
// The C++ hint has no layout (hints have no observable effect), but the IDL
// member is still converted, so a wrong type is the TypeError it is in a
// browser.
struct CompilationHintIdl {
  std::string entryPoint;
  std::optional<PipelineLayoutOrAuto> layout;
};
struct ShaderModuleDescriptorIdl {
  std::string label;
  std::string code;
  std::vector<CompilationHintIdl> compilationHints;
};

// (GPUPipelineLayout or GPUAutoLayoutMode): a GPUPipelineLayout, else the
// string 'auto'.
template <>
struct Convert<PipelineLayoutOrAuto> {
  static void from(const Context& ctx, Napi::Value v, PipelineLayoutOrAuto& out,
                   const Where& where);
};

template <>
struct Dictionary<CompilationHintIdl> {
  using Self = CompilationHintIdl;
  static constexpr const char* name = "GPUShaderModuleCompilationHint";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(entryPoint, kRequired), BINDERY_MEMBER(layout)};
};
template <>
struct Dictionary<ShaderModuleDescriptorIdl> {
  using Self = ShaderModuleDescriptorIdl;
  static constexpr const char* name = "GPUShaderModuleDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(code, kRequired),
                                             BINDERY_MEMBER(compilationHints)};
};

// --- GPUProgrammableStage and the compute pipeline ---------------------------
template <>
struct Dictionary<ProgrammableStage> {
  using Self = ProgrammableStage;
  static constexpr const char* name = "GPUProgrammableStage";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(constants), BINDERY_MEMBER(entryPoint),
                                             BINDERY_MEMBER(module, kRequired)};
};
template <>
struct Dictionary<ComputePipelineDescriptor> {
  using Self = ComputePipelineDescriptor;
  static constexpr const char* name = "GPUComputePipelineDescriptor";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(label), BINDERY_MEMBER(layout, kRequired), BINDERY_MEMBER(compute, kRequired)};
};

// --- GPUVertexState ------------------------------------------------------------
template <>
struct Dictionary<VertexAttribute> {
  using Self = VertexAttribute;
  static constexpr const char* name = "GPUVertexAttribute";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(format, kRequired), BINDERY_MEMBER(offset, kRequired),
                 BINDERY_MEMBER(shaderLocation, kRequired)};
};
template <>
struct Dictionary<VertexBufferLayout> {
  using Self = VertexBufferLayout;
  static constexpr const char* name = "GPUVertexBufferLayout";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(arrayStride, kRequired), BINDERY_MEMBER(attributes, kRequired),
                 BINDERY_MEMBER(stepMode)};
};
template <>
struct Dictionary<VertexState> {
  using Self = VertexState;
  static constexpr const char* name = "GPUVertexState";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(constants), BINDERY_MEMBER(entryPoint),
                 BINDERY_MEMBER(module, kRequired), BINDERY_MEMBER(buffers)};
};

// --- GPUPrimitiveState, GPUDepthStencilState, GPUMultisampleState -------------
template <>
struct Dictionary<PrimitiveState> {
  using Self = PrimitiveState;
  static constexpr const char* name = "GPUPrimitiveState";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(cullMode), BINDERY_MEMBER(frontFace), BINDERY_MEMBER(stripIndexFormat),
      BINDERY_MEMBER(topology), BINDERY_MEMBER(unclippedDepth)};
};
template <>
struct Dictionary<StencilFaceState> {
  using Self = StencilFaceState;
  static constexpr const char* name = "GPUStencilFaceState";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(compare), BINDERY_MEMBER(depthFailOp),
                                             BINDERY_MEMBER(failOp), BINDERY_MEMBER(passOp)};
};
template <>
struct Dictionary<DepthStencilState> {
  using Self = DepthStencilState;
  static constexpr const char* name = "GPUDepthStencilState";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(depthBias),           BINDERY_MEMBER(depthBiasClamp),
                 BINDERY_MEMBER(depthBiasSlopeScale), BINDERY_MEMBER(depthCompare),
                 BINDERY_MEMBER(depthWriteEnabled),   BINDERY_MEMBER(format, kRequired),
                 BINDERY_MEMBER(stencilBack),         BINDERY_MEMBER(stencilFront),
                 BINDERY_MEMBER(stencilReadMask),     BINDERY_MEMBER(stencilWriteMask)};
};
template <>
struct Dictionary<MultisampleState> {
  using Self = MultisampleState;
  static constexpr const char* name = "GPUMultisampleState";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(alphaToCoverageEnabled),
                                             BINDERY_MEMBER(count), BINDERY_MEMBER(mask)};
};

// --- GPUFragmentState ------------------------------------------------------------
template <>
struct Dictionary<BlendComponent> {
  using Self = BlendComponent;
  static constexpr const char* name = "GPUBlendComponent";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(dstFactor), BINDERY_MEMBER(operation), BINDERY_MEMBER(srcFactor)};
};
template <>
struct Dictionary<BlendState> {
  using Self = BlendState;
  static constexpr const char* name = "GPUBlendState";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(alpha, kRequired), BINDERY_MEMBER(color, kRequired)};
};
template <>
struct Dictionary<ColorTargetState> {
  using Self = ColorTargetState;
  static constexpr const char* name = "GPUColorTargetState";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(blend), BINDERY_MEMBER(format, kRequired), BINDERY_MEMBER(writeMask)};
};
template <>
struct Dictionary<FragmentState> {
  using Self = FragmentState;
  static constexpr const char* name = "GPUFragmentState";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(constants), BINDERY_MEMBER(entryPoint),
                 BINDERY_MEMBER(module, kRequired), BINDERY_MEMBER(targets, kRequired)};
};

// --- GPURenderPipelineDescriptor ---------------------------------------------------
template <>
struct Dictionary<RenderPipelineDescriptor> {
  using Self = RenderPipelineDescriptor;
  static constexpr const char* name = "GPURenderPipelineDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label),
                                             BINDERY_MEMBER(layout, kRequired),
                                             BINDERY_MEMBER(depthStencil),
                                             BINDERY_MEMBER(fragment),
                                             BINDERY_MEMBER(multisample),
                                             BINDERY_MEMBER(primitive),
                                             BINDERY_MEMBER(vertex, kRequired)};
};

}  // namespace bindery::node::idl
