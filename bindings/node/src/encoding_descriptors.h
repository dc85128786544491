// The dictionaries of command encoding (#command-encoding, #render-passes,
// #bundles), declared for the conversion layer (idl.h) like descriptors.h's.
// A member of type (GPUTexture or GPUTextureView) is listed as `known` and
// converted by the dictionary's own Convert (a GPUTexture is its default
// view, #abstract-opdef-get-as-texture-view).
#pragma once

#include "bindery/bindery.h"
#include "descriptors.h"
#include "encoding.h"
#include "idl.h"

namespace bindery::node::idl {

BINDERY_IDL_ENUM_BY_SPELLING(LoadOp, "GPULoadOp", 2);
BINDERY_IDL_ENUM_BY_SPELLING(StoreOp, "GPUStoreOp", 2);

template <>
struct EnumIdl<QueryType> {
  static constexpr const char* name = "GPUQueryType";
  static constexpr uint32_t count = 2;
  static std::optional<QueryType> parse(std::string_view s) { return parseQueryType(s); }
};
template <>
struct Convert<QuerySet> {
  static void from(const Context& ctx, Napi::Value v, QuerySet& out, const Where& where) {
    convertObject<GPUQuerySet>(ctx, v, out, where, "GPUQuerySet");
  }
};
template <>
struct Dictionary<QuerySetDescriptor> {
  using Self = QuerySetDescriptor;
  static constexpr const char* name = "GPUQuerySetDescriptor";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(label), BINDERY_MEMBER(count, kRequired), BINDERY_MEMBER(type, kRequired)};
};
template <>
struct Dictionary<ComputePassTimestampWrites> {
  using Self = ComputePassTimestampWrites;
  static constexpr const char* name = "GPUComputePassTimestampWrites";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(beginningOfPassWriteIndex), BINDERY_MEMBER(endOfPassWriteIndex),
                 BINDERY_MEMBER(querySet, kRequired)};
};
template <>
struct Dictionary<RenderPassTimestampWrites> {
  using Self = RenderPassTimestampWrites;
  static constexpr const char* name = "GPURenderPassTimestampWrites";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(beginningOfPassWriteIndex), BINDERY_MEMBER(endOfPassWriteIndex),
                 BINDERY_MEMBER(querySet, kRequired)};
};

template <>
struct Dictionary<CommandEncoderDescriptor> {
  using Self = CommandEncoderDescriptor;
  static constexpr const char* name = "GPUCommandEncoderDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label)};
};
template <>
struct Dictionary<CommandBufferDescriptor> {
  using Self = CommandBufferDescriptor;
  static constexpr const char* name = "GPUCommandBufferDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label)};
};
template <>
struct Dictionary<ComputePassDescriptor> {
  using Self = ComputePassDescriptor;
  static constexpr const char* name = "GPUComputePassDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(timestampWrites)};
};
template <>
struct Dictionary<RenderBundleDescriptor> {
  using Self = RenderBundleDescriptor;
  static constexpr const char* name = "GPURenderBundleDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label)};
};
template <>
struct Dictionary<RenderBundleEncoderDescriptor> {
  using Self = RenderBundleEncoderDescriptor;
  static constexpr const char* name = "GPURenderBundleEncoderDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label),         BINDERY_MEMBER(colorFormats, kRequired),
                 BINDERY_MEMBER(depthReadOnly), BINDERY_MEMBER(depthStencilFormat),
                 BINDERY_MEMBER(sampleCount),   BINDERY_MEMBER(stencilReadOnly)};
};

// GPUColor: (sequence<double> or GPUColorDict); a sequence must have 4
// values (#abstract-opdef-validate-gpucolor-shape).
template <>
struct Dictionary<Color> {
  using Self = Color;
  static constexpr const char* name = "GPUColorDict";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(a, kRequired), BINDERY_MEMBER(b, kRequired),
                 BINDERY_MEMBER(g, kRequired), BINDERY_MEMBER(r, kRequired)};
};
template <>
struct Convert<Color> {
  static void from(const Context& ctx, Napi::Value v, Color& out, const Where& where);
};

// (GPUTexture or GPUTextureView): a texture stands for texture.createView().
TextureView toAttachmentView(const Context& ctx, Napi::Value v, const Where& where);

template <>
struct Dictionary<RenderPassColorAttachment> {
  using Self = RenderPassColorAttachment;
  static constexpr const char* name = "GPURenderPassColorAttachment";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(clearValue),         BINDERY_MEMBER(depthSlice),
                 BINDERY_MEMBER(loadOp, kRequired),  known<Self>("resolveTarget"),
                 BINDERY_MEMBER(storeOp, kRequired), known<Self>("view")};
};
template <>
struct Convert<RenderPassColorAttachment> {
  static void from(const Context& ctx, Napi::Value v, RenderPassColorAttachment& out,
                   const Where& where);
};
// sequence<GPURenderPassColorAttachment?>: null is an empty slot (a null view).
template <>
struct Convert<std::vector<RenderPassColorAttachment>> {
  static void from(const Context& ctx, Napi::Value v, std::vector<RenderPassColorAttachment>& out,
                   const Where& where);
};

template <>
struct Dictionary<RenderPassDepthStencilAttachment> {
  using Self = RenderPassDepthStencilAttachment;
  static constexpr const char* name = "GPURenderPassDepthStencilAttachment";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(depthClearValue),
                                             BINDERY_MEMBER(depthLoadOp),
                                             BINDERY_MEMBER(depthReadOnly),
                                             BINDERY_MEMBER(depthStoreOp),
                                             BINDERY_MEMBER(stencilClearValue),
                                             BINDERY_MEMBER(stencilLoadOp),
                                             BINDERY_MEMBER(stencilReadOnly),
                                             BINDERY_MEMBER(stencilStoreOp),
                                             known<Self>("view")};
};
template <>
struct Convert<RenderPassDepthStencilAttachment> {
  static void from(const Context& ctx, Napi::Value v, RenderPassDepthStencilAttachment& out,
                   const Where& where);
};

template <>
struct Dictionary<RenderPassDescriptor> {
  using Self = RenderPassDescriptor;
  static constexpr const char* name = "GPURenderPassDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label),
                                             BINDERY_MEMBER(colorAttachments, kRequired),
                                             BINDERY_MEMBER(depthStencilAttachment),
                                             BINDERY_MEMBER(maxDrawCount),
                                             BINDERY_MEMBER(occlusionQuerySet),
                                             BINDERY_MEMBER(timestampWrites)};
};

// GPUTexelCopyBufferLayout and GPUTexelCopyTextureInfo (queue.writeTexture).
template <>
struct Dictionary<TexelCopyBufferLayout> {
  using Self = TexelCopyBufferLayout;
  static constexpr const char* name = "GPUTexelCopyBufferLayout";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(bytesPerRow), BINDERY_MEMBER(offset), BINDERY_MEMBER(rowsPerImage)};
};
// GPUOrigin3D: (sequence<GPUIntegerCoordinate> or GPUOrigin3DDict).
template <>
struct Dictionary<Origin3D> {
  using Self = Origin3D;
  static constexpr const char* name = "GPUOrigin3DDict";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(x), BINDERY_MEMBER(y), BINDERY_MEMBER(z)};
};
template <>
struct Convert<Origin3D> {
  static void from(const Context& ctx, Napi::Value v, Origin3D& out, const Where& where);
};
template <>
struct Convert<Texture> {
  static void from(const Context& ctx, Napi::Value v, Texture& out, const Where& where) {
    convertObject<GPUTexture>(ctx, v, out, where, "GPUTexture");
  }
};
template <>
struct Dictionary<TexelCopyBufferInfo> {
  using Self = TexelCopyBufferInfo;
  static constexpr const char* name = "GPUTexelCopyBufferInfo";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(bytesPerRow), BINDERY_MEMBER(offset), BINDERY_MEMBER(rowsPerImage),
                 BINDERY_MEMBER(buffer, kRequired)};
};
template <>
struct Dictionary<TexelCopyTextureInfo> {
  using Self = TexelCopyTextureInfo;
  static constexpr const char* name = "GPUTexelCopyTextureInfo";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(aspect), BINDERY_MEMBER(mipLevel), BINDERY_MEMBER(origin),
                 BINDERY_MEMBER(texture, kRequired)};
};

}  // namespace bindery::node::idl
