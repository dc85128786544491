// GPUComputePipeline / GPURenderPipeline and their descriptors
// (#pipeline-base, #compute-pipeline-creation, #render-pipeline-creation).
// Field names, order and defaults are the spec's:
//
//   ComputePipeline p = device.createComputePipeline({
//       .label = "blur", .layout = kAutoLayout,
//       .compute = {.module = module, .entryPoint = "main", .constants = {{"radius", 4}}}});
//   BindGroupLayout g0 = p.getBindGroupLayout(0);
//
// Asynchronous forms: createComputePipelineAsync(descriptor, callback) runs
// the callback at the next device.tick() (the null device's event loop
// turn) with either the pipeline or a PipelineError (reason 'validation' or
// 'internal' + message); as the spec says, no error goes to the device's
// error scopes in that case.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bindery/bind_group_layout.h"
#include "bindery/command_encoder.h"
#include "bindery/enums.h"
#include "bindery/error.h"
#include "bindery/flags.h"
#include "bindery/object.h"
#include "bindery/pipeline_layout.h"
#include "bindery/shader_module.h"

namespace bindery {

// GPUAutoLayoutMode.
enum class AutoLayoutMode : uint8_t { Auto };
inline constexpr AutoLayoutMode kAutoLayout = AutoLayoutMode::Auto;

// (GPUPipelineLayout or GPUAutoLayoutMode) layout. Required: a null
// PipelineLayout handle is an error (JavaScript's TypeError).
using PipelineLayoutOrAuto = std::variant<PipelineLayout, AutoLayoutMode>;

// GPUProgrammableStage.
struct ProgrammableStage {
  ShaderModule module;                      // required
  std::optional<std::string> entryPoint;    // absent: the only entry point of the stage
  std::map<std::string, double> constants;  // override identifier string -> value
};

// --- Render state enums (spelled as in the IDL; see toString) ----------------
enum class PrimitiveTopology : uint8_t {
  PointList,
  LineList,
  LineStrip,
  TriangleList,
  TriangleStrip
};
enum class FrontFace : uint8_t { Ccw, Cw };
enum class CullMode : uint8_t { None, Front, Back };
enum class VertexStepMode : uint8_t { Vertex, Instance };
enum class StencilOperation : uint8_t {
  Keep,
  Zero,
  Replace,
  Invert,
  IncrementClamp,
  DecrementClamp,
  IncrementWrap,
  DecrementWrap
};
enum class BlendOperation : uint8_t { Add, Subtract, ReverseSubtract, Min, Max };
enum class BlendFactor : uint8_t {
  Zero,
  One,
  Src,
  OneMinusSrc,
  SrcAlpha,
  OneMinusSrcAlpha,
  Dst,
  OneMinusDst,
  DstAlpha,
  OneMinusDstAlpha,
  SrcAlphaSaturated,
  Constant,
  OneMinusConstant,
  Src1,
  OneMinusSrc1,
  Src1Alpha,
  OneMinusSrc1Alpha
};
enum class VertexFormat : uint8_t {
  Uint8,
  Uint8x2,
  Uint8x4,
  Sint8,
  Sint8x2,
  Sint8x4,
  Unorm8,
  Unorm8x2,
  Unorm8x4,
  Snorm8,
  Snorm8x2,
  Snorm8x4,
  Uint16,
  Uint16x2,
  Uint16x4,
  Sint16,
  Sint16x2,
  Sint16x4,
  Unorm16,
  Unorm16x2,
  Unorm16x4,
  Snorm16,
  Snorm16x2,
  Snorm16x4,
  Float16,
  Float16x2,
  Float16x4,
  Float32,
  Float32x2,
  Float32x3,
  Float32x4,
  Uint32,
  Uint32x2,
  Uint32x3,
  Uint32x4,
  Sint32,
  Sint32x2,
  Sint32x3,
  Sint32x4,
  Unorm1010102,
  Unorm8x4Bgra,
  Snorm1010102
};
std::string_view toString(PrimitiveTopology value);
std::string_view toString(FrontFace value);
std::string_view toString(CullMode value);
std::string_view toString(VertexStepMode value);
std::string_view toString(StencilOperation value);
std::string_view toString(BlendOperation value);
std::string_view toString(BlendFactor value);
std::string_view toString(VertexFormat value);
// Byte size of one attribute of `format` ("float32x3" -> 12).
uint32_t vertexFormatSize(VertexFormat format);

// --- Render state dictionaries ----------------------------------------------
struct VertexAttribute {
  VertexFormat format = VertexFormat::Float32;  // required
  uint64_t offset = 0;                          // required
  uint32_t shaderLocation = 0;                  // required
};

struct VertexBufferLayout {
  uint64_t arrayStride = 0;  // required
  VertexStepMode stepMode = VertexStepMode::Vertex;
  std::vector<VertexAttribute> attributes;  // required
};

struct VertexState {
  ShaderModule module;
  std::optional<std::string> entryPoint;
  std::map<std::string, double> constants;
  std::vector<std::optional<VertexBufferLayout>> buffers;  // null: an unused slot
};

struct BlendComponent {
  BlendOperation operation = BlendOperation::Add;
  BlendFactor srcFactor = BlendFactor::One;
  BlendFactor dstFactor = BlendFactor::Zero;
};

struct BlendState {
  BlendComponent color;  // required
  BlendComponent alpha;  // required
};

struct ColorTargetState {
  TextureFormat format = TextureFormat::Rgba8unorm;  // required
  std::optional<BlendState> blend;
  ColorWriteFlags writeMask = ColorWrite::All;
};

struct FragmentState {
  ShaderModule module;
  std::optional<std::string> entryPoint;
  std::map<std::string, double> constants;
  std::vector<std::optional<ColorTargetState>> targets;  // required; null: no output there
};

struct PrimitiveState {
  PrimitiveTopology topology = PrimitiveTopology::TriangleList;
  std::optional<IndexFormat> stripIndexFormat;
  FrontFace frontFace = FrontFace::Ccw;
  CullMode cullMode = CullMode::None;
  bool unclippedDepth = false;  // needs "depth-clip-control"
};

struct StencilFaceState {
  CompareFunction compare = CompareFunction::Always;
  StencilOperation failOp = StencilOperation::Keep;
  StencilOperation depthFailOp = StencilOperation::Keep;
  StencilOperation passOp = StencilOperation::Keep;
};

struct DepthStencilState {
  TextureFormat format = TextureFormat::Depth24plus;  // required
  std::optional<bool> depthWriteEnabled;
  std::optional<CompareFunction> depthCompare;
  StencilFaceState stencilFront;
  StencilFaceState stencilBack;
  uint32_t stencilReadMask = 0xFFFFFFFF;
  uint32_t stencilWriteMask = 0xFFFFFFFF;
  int32_t depthBias = 0;
  float depthBiasSlopeScale = 0;
  float depthBiasClamp = 0;
};

struct MultisampleState {
  uint32_t count = 1;
  uint32_t mask = 0xFFFFFFFF;
  bool alphaToCoverageEnabled = false;
};

// --- Descriptors --------------------------------------------------------------
struct ComputePipelineDescriptor {
  std::string label;
  PipelineLayoutOrAuto layout;  // required: a PipelineLayout or kAutoLayout
  ProgrammableStage compute;    // required
};

struct RenderPipelineDescriptor {
  std::string label;
  PipelineLayoutOrAuto layout;  // required: a PipelineLayout or kAutoLayout
  VertexState vertex;           // required
  PrimitiveState primitive;
  std::optional<DepthStencilState> depthStencil;
  MultisampleState multisample;
  std::optional<FragmentState> fragment;
};

// GPUPipelineError (the async forms' rejection).
enum class PipelineErrorReason : uint8_t { Validation, Internal };
std::string_view toString(PipelineErrorReason reason);  // "validation", "internal"
struct PipelineError {
  PipelineErrorReason reason = PipelineErrorReason::Validation;
  ErrorCode code = ErrorCode::Internal;
  std::string message;
};

class ComputePipeline : public detail::Handle {
  BINDERY_HANDLE_CLASS(ComputePipeline);

  // #dom-gpupipelinebase-getbindgrouplayout: index < maxBindGroups, else a
  // validation error and an invalid layout. A slot the layout leaves empty
  // gives an empty layout.
  BindGroupLayout getBindGroupLayout(uint32_t index) const;
};

class RenderPipeline : public detail::Handle {
  BINDERY_HANDLE_CLASS(RenderPipeline);

  BindGroupLayout getBindGroupLayout(uint32_t index) const;
};

// The async forms' outcome: a pipeline, or the promise's rejection.
template <class Pipeline>
struct CreatePipelineAsyncResult {
  Pipeline pipeline;                   // null when rejected
  std::optional<PipelineError> error;  // set when rejected
};
using CreateComputePipelineAsyncCallback =
    std::function<void(CreatePipelineAsyncResult<ComputePipeline>)>;
using CreateRenderPipelineAsyncCallback =
    std::function<void(CreatePipelineAsyncResult<RenderPipeline>)>;

}  // namespace bindery
