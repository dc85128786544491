// The WebGPU dictionaries, declared for the conversion layer (idl.h): the IDL
// name and the members, each mapped onto its C++ descriptor field. Member
// order is the order they are read in. Defaults are the C++ structs'.
#pragma once

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
