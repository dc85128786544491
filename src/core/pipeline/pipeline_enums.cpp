// Spellings of the render-state enums of include/bindery/pipeline.h, and
// GPUVertexFormat byte sizes (#vertex-formats).
#include "bindery/pipeline.h"

namespace bindery {

std::string_view toString(PrimitiveTopology value) {
  switch (value) {
    case PrimitiveTopology::PointList: return "point-list";
    case PrimitiveTopology::LineList: return "line-list";
    case PrimitiveTopology::LineStrip: return "line-strip";
    case PrimitiveTopology::TriangleList: return "triangle-list";
    case PrimitiveTopology::TriangleStrip: return "triangle-strip";
  }
  return "";
}

std::string_view toString(FrontFace value) {
  switch (value) {
    case FrontFace::Ccw: return "ccw";
    case FrontFace::Cw: return "cw";
  }
  return "";
}

std::string_view toString(CullMode value) {
  switch (value) {
    case CullMode::None: return "none";
    case CullMode::Front: return "front";
    case CullMode::Back: return "back";
  }
  return "";
}

std::string_view toString(VertexStepMode value) {
  switch (value) {
    case VertexStepMode::Vertex: return "vertex";
    case VertexStepMode::Instance: return "instance";
  }
  return "";
}

std::string_view toString(StencilOperation value) {
  switch (value) {
    case StencilOperation::Keep: return "keep";
    case StencilOperation::Zero: return "zero";
    case StencilOperation::Replace: return "replace";
    case StencilOperation::Invert: return "invert";
    case StencilOperation::IncrementClamp: return "increment-clamp";
    case StencilOperation::DecrementClamp: return "decrement-clamp";
    case StencilOperation::IncrementWrap: return "increment-wrap";
    case StencilOperation::DecrementWrap: return "decrement-wrap";
  }
  return "";
}

std::string_view toString(BlendOperation value) {
  switch (value) {
    case BlendOperation::Add: return "add";
    case BlendOperation::Subtract: return "subtract";
    case BlendOperation::ReverseSubtract: return "reverse-subtract";
    case BlendOperation::Min: return "min";
    case BlendOperation::Max: return "max";
  }
  return "";
}

std::string_view toString(BlendFactor value) {
  switch (value) {
    case BlendFactor::Zero: return "zero";
    case BlendFactor::One: return "one";
    case BlendFactor::Src: return "src";
    case BlendFactor::OneMinusSrc: return "one-minus-src";
    case BlendFactor::SrcAlpha: return "src-alpha";
    case BlendFactor::OneMinusSrcAlpha: return "one-minus-src-alpha";
    case BlendFactor::Dst: return "dst";
    case BlendFactor::OneMinusDst: return "one-minus-dst";
    case BlendFactor::DstAlpha: return "dst-alpha";
    case BlendFactor::OneMinusDstAlpha: return "one-minus-dst-alpha";
    case BlendFactor::SrcAlphaSaturated: return "src-alpha-saturated";
    case BlendFactor::Constant: return "constant";
    case BlendFactor::OneMinusConstant: return "one-minus-constant";
    case BlendFactor::Src1: return "src1";
    case BlendFactor::OneMinusSrc1: return "one-minus-src1";
    case BlendFactor::Src1Alpha: return "src1-alpha";
    case BlendFactor::OneMinusSrc1Alpha: return "one-minus-src1-alpha";
  }
  return "";
}

std::string_view toString(VertexFormat value) {
  switch (value) {
    case VertexFormat::Uint8: return "uint8";
    case VertexFormat::Uint8x2: return "uint8x2";
    case VertexFormat::Uint8x4: return "uint8x4";
    case VertexFormat::Sint8: return "sint8";
    case VertexFormat::Sint8x2: return "sint8x2";
    case VertexFormat::Sint8x4: return "sint8x4";
    case VertexFormat::Unorm8: return "unorm8";
    case VertexFormat::Unorm8x2: return "unorm8x2";
    case VertexFormat::Unorm8x4: return "unorm8x4";
    case VertexFormat::Snorm8: return "snorm8";
    case VertexFormat::Snorm8x2: return "snorm8x2";
    case VertexFormat::Snorm8x4: return "snorm8x4";
    case VertexFormat::Uint16: return "uint16";
    case VertexFormat::Uint16x2: return "uint16x2";
    case VertexFormat::Uint16x4: return "uint16x4";
    case VertexFormat::Sint16: return "sint16";
    case VertexFormat::Sint16x2: return "sint16x2";
    case VertexFormat::Sint16x4: return "sint16x4";
    case VertexFormat::Unorm16: return "unorm16";
    case VertexFormat::Unorm16x2: return "unorm16x2";
    case VertexFormat::Unorm16x4: return "unorm16x4";
    case VertexFormat::Snorm16: return "snorm16";
    case VertexFormat::Snorm16x2: return "snorm16x2";
    case VertexFormat::Snorm16x4: return "snorm16x4";
    case VertexFormat::Float16: return "float16";
    case VertexFormat::Float16x2: return "float16x2";
    case VertexFormat::Float16x4: return "float16x4";
    case VertexFormat::Float32: return "float32";
    case VertexFormat::Float32x2: return "float32x2";
    case VertexFormat::Float32x3: return "float32x3";
    case VertexFormat::Float32x4: return "float32x4";
    case VertexFormat::Uint32: return "uint32";
    case VertexFormat::Uint32x2: return "uint32x2";
    case VertexFormat::Uint32x3: return "uint32x3";
    case VertexFormat::Uint32x4: return "uint32x4";
    case VertexFormat::Sint32: return "sint32";
    case VertexFormat::Sint32x2: return "sint32x2";
    case VertexFormat::Sint32x3: return "sint32x3";
    case VertexFormat::Sint32x4: return "sint32x4";
    case VertexFormat::Unorm1010102: return "unorm10-10-10-2";
    case VertexFormat::Unorm8x4Bgra: return "unorm8x4-bgra";
    case VertexFormat::Snorm1010102: return "snorm10-10-10-2";
  }
  return "";
}

uint32_t vertexFormatSize(VertexFormat format) {
  switch (format) {
    case VertexFormat::Uint8: return 1;
    case VertexFormat::Uint8x2: return 2;
    case VertexFormat::Uint8x4: return 4;
    case VertexFormat::Sint8: return 1;
    case VertexFormat::Sint8x2: return 2;
    case VertexFormat::Sint8x4: return 4;
    case VertexFormat::Unorm8: return 1;
    case VertexFormat::Unorm8x2: return 2;
    case VertexFormat::Unorm8x4: return 4;
    case VertexFormat::Snorm8: return 1;
    case VertexFormat::Snorm8x2: return 2;
    case VertexFormat::Snorm8x4: return 4;
    case VertexFormat::Uint16: return 2;
    case VertexFormat::Uint16x2: return 4;
    case VertexFormat::Uint16x4: return 8;
    case VertexFormat::Sint16: return 2;
    case VertexFormat::Sint16x2: return 4;
    case VertexFormat::Sint16x4: return 8;
    case VertexFormat::Unorm16: return 2;
    case VertexFormat::Unorm16x2: return 4;
    case VertexFormat::Unorm16x4: return 8;
    case VertexFormat::Snorm16: return 2;
    case VertexFormat::Snorm16x2: return 4;
    case VertexFormat::Snorm16x4: return 8;
    case VertexFormat::Float16: return 2;
    case VertexFormat::Float16x2: return 4;
    case VertexFormat::Float16x4: return 8;
    case VertexFormat::Float32: return 4;
    case VertexFormat::Float32x2: return 8;
    case VertexFormat::Float32x3: return 12;
    case VertexFormat::Float32x4: return 16;
    case VertexFormat::Uint32: return 4;
    case VertexFormat::Uint32x2: return 8;
    case VertexFormat::Uint32x3: return 12;
    case VertexFormat::Uint32x4: return 16;
    case VertexFormat::Sint32: return 4;
    case VertexFormat::Sint32x2: return 8;
    case VertexFormat::Sint32x3: return 12;
    case VertexFormat::Sint32x4: return 16;
    case VertexFormat::Unorm1010102: return 4;
    case VertexFormat::Unorm8x4Bgra: return 4;
    case VertexFormat::Snorm1010102: return 4;
  }
  return 4;
}

std::string_view toString(PipelineErrorReason reason) {
  return reason == PipelineErrorReason::Internal ? "internal" : "validation";
}

}  // namespace bindery
