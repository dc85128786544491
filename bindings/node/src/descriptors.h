// The WebGPU dictionaries, declared for the conversion layer (idl.h): the IDL
// name and the members, each mapped onto its C++ descriptor field. Member
// order is the order they are read in. Defaults are the C++ structs'.
#pragma once

#include "addon.h"
#include "bindery/bindery.h"
#include "idl.h"

namespace bindery::node::idl {

template <>
struct Dictionary<BufferDescriptor> {
  using Self = BufferDescriptor;
  static constexpr const char* name = "GPUBufferDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(mappedAtCreation),
                 BINDERY_MEMBER(size, kRequired), BINDERY_MEMBER(usage, kRequired)};
};

template <>
struct Dictionary<QueueDescriptor> {
  using Self = QueueDescriptor;
  static constexpr const char* name = "GPUQueueDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label)};
};

template <>
struct Dictionary<DeviceDescriptor> {
  using Self = DeviceDescriptor;
  static constexpr const char* name = "GPUDeviceDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(defaultQueue),
                 BINDERY_MEMBER(requiredFeatures), BINDERY_MEMBER(requiredLimits)};
};

// GPUExtent3D: (sequence<GPUIntegerCoordinate> or GPUExtent3DDict).
template <>
struct Dictionary<Extent3D> {
  using Self = Extent3D;
  static constexpr const char* name = "GPUExtent3DDict";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(width, kRequired), BINDERY_MEMBER(height), BINDERY_MEMBER(depthOrArrayLayers)};
};
template <>
struct Convert<Extent3D> {
  static void from(const Context& ctx, Napi::Value v, Extent3D& out, const Where& where);
};

template <>
struct Dictionary<TextureDescriptor> {
  using Self = TextureDescriptor;
  static constexpr const char* name = "GPUTextureDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label),
                                             BINDERY_MEMBER(dimension),
                                             BINDERY_MEMBER(format, kRequired),
                                             BINDERY_MEMBER(mipLevelCount),
                                             BINDERY_MEMBER(sampleCount),
                                             BINDERY_MEMBER(size, kRequired),
                                             BINDERY_MEMBER(textureBindingViewDimension),
                                             BINDERY_MEMBER(usage, kRequired),
                                             BINDERY_MEMBER(viewFormats)};
};

template <>
struct Dictionary<TextureViewDescriptor> {
  using Self = TextureViewDescriptor;
  static constexpr const char* name = "GPUTextureViewDescriptor";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(label),          BINDERY_MEMBER(arrayLayerCount), BINDERY_MEMBER(aspect),
      BINDERY_MEMBER(baseArrayLayer), BINDERY_MEMBER(baseMipLevel),    BINDERY_MEMBER(dimension),
      BINDERY_MEMBER(format),         BINDERY_MEMBER(mipLevelCount),   BINDERY_MEMBER(swizzle),
      BINDERY_MEMBER(usage)};
};

template <>
struct Dictionary<SamplerDescriptor> {
  using Self = SamplerDescriptor;
  static constexpr const char* name = "GPUSamplerDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label),
                                             BINDERY_MEMBER(addressModeU),
                                             BINDERY_MEMBER(addressModeV),
                                             BINDERY_MEMBER(addressModeW),
                                             BINDERY_MEMBER(compare),
                                             BINDERY_MEMBER(lodMaxClamp),
                                             BINDERY_MEMBER(lodMinClamp),
                                             BINDERY_MEMBER(magFilter),
                                             BINDERY_MEMBER(maxAnisotropy, kClamp),
                                             BINDERY_MEMBER(minFilter),
                                             BINDERY_MEMBER(mipmapFilter)};
};

}  // namespace bindery::node::idl

// --- the binding model (bind_group_layout.h, bind_group.h, pipeline_layout.h) ---
namespace bindery::node::idl {

template <>
struct EnumIdl<PredefinedColorSpace> {
  static constexpr const char* name = "PredefinedColorSpace";
  static constexpr uint32_t count = 2;
  static std::optional<PredefinedColorSpace> parse(std::string_view s) {
    return parsePredefinedColorSpace(s);
  }
};

template <>
struct Dictionary<BufferBindingLayout> {
  using Self = BufferBindingLayout;
  static constexpr const char* name = "GPUBufferBindingLayout";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(hasDynamicOffset),
                                             BINDERY_MEMBER(minBindingSize), BINDERY_MEMBER(type)};
};
template <>
struct Dictionary<SamplerBindingLayout> {
  using Self = SamplerBindingLayout;
  static constexpr const char* name = "GPUSamplerBindingLayout";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(type)};
};
template <>
struct Dictionary<TextureBindingLayout> {
  using Self = TextureBindingLayout;
  static constexpr const char* name = "GPUTextureBindingLayout";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(multisampled), BINDERY_MEMBER(sampleType), BINDERY_MEMBER(viewDimension)};
};
template <>
struct Dictionary<StorageTextureBindingLayout> {
  using Self = StorageTextureBindingLayout;
  static constexpr const char* name = "GPUStorageTextureBindingLayout";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(access), BINDERY_MEMBER(format, kRequired), BINDERY_MEMBER(viewDimension)};
};
template <>
struct Dictionary<ExternalTextureBindingLayout> {
  using Self = ExternalTextureBindingLayout;
  static constexpr const char* name = "GPUExternalTextureBindingLayout";
  static constexpr auto members = std::tuple{};
};
template <>
struct Dictionary<BindGroupLayoutEntry> {
  using Self = BindGroupLayoutEntry;
  static constexpr const char* name = "GPUBindGroupLayoutEntry";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(binding, kRequired),   BINDERY_MEMBER(buffer),
                 BINDERY_MEMBER(externalTexture),      BINDERY_MEMBER(sampler),
                 BINDERY_MEMBER(storageTexture),       BINDERY_MEMBER(texture),
                 BINDERY_MEMBER(visibility, kRequired)};
};
template <>
struct Dictionary<BindGroupLayoutDescriptor> {
  using Self = BindGroupLayoutDescriptor;
  static constexpr const char* name = "GPUBindGroupLayoutDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(entries, kRequired)};
};

template <>
struct Dictionary<BufferBinding> {
  using Self = BufferBinding;
  static constexpr const char* name = "GPUBufferBinding";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(buffer, kRequired), BINDERY_MEMBER(offset), BINDERY_MEMBER(size)};
};
// GPUBindingResource: (GPUSampler or GPUTextureView or GPUBuffer or
// GPUTexture or GPUBufferBinding or GPUExternalTexture).
template <>
struct Convert<BindingResource> {
  static void from(const Context& ctx, Napi::Value v, BindingResource& out, const Where& where);
};
template <>
struct Dictionary<BindGroupEntry> {
  using Self = BindGroupEntry;
  static constexpr const char* name = "GPUBindGroupEntry";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(binding, kRequired), BINDERY_MEMBER(resource, kRequired)};
};
template <>
struct Dictionary<BindGroupDescriptor> {
  using Self = BindGroupDescriptor;
  static constexpr const char* name = "GPUBindGroupDescriptor";
  static constexpr auto members = std::tuple{
      BINDERY_MEMBER(label), BINDERY_MEMBER(entries, kRequired), BINDERY_MEMBER(layout, kRequired)};
};

// sequence<GPUBindGroupLayout?>: null is an empty slot.
template <>
struct Convert<std::vector<BindGroupLayout>> {
  static void from(const Context& ctx, Napi::Value v, std::vector<BindGroupLayout>& out,
                   const Where& where);
};
template <>
struct Dictionary<PipelineLayoutDescriptor> {
  using Self = PipelineLayoutDescriptor;
  static constexpr const char* name = "GPUPipelineLayoutDescriptor";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(bindGroupLayouts, kRequired),
                 BINDERY_MEMBER(immediateSize)};
};

// GPUExternalTextureDescriptor.source: a bindery FrameSource (the stand-in
// for HTMLVideoElement / VideoFrame).
template <>
struct Convert<VideoFrameSource> {
  static void from(const Context& ctx, Napi::Value v, VideoFrameSource& out, const Where& where);
};
template <>
struct Dictionary<ExternalTextureDescriptor> {
  using Self = ExternalTextureDescriptor;
  static constexpr const char* name = "GPUExternalTextureDescriptor";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(label), BINDERY_MEMBER(colorSpace),
                                             BINDERY_MEMBER(source, kRequired)};
};

}  // namespace bindery::node::idl
