// The validation rules of texel copies (copies.bs, #texel-copies), shared by
// GPUCommandEncoder's copy commands (copy_commands.cpp) and
// GPUQueue.writeTexture (queue.cpp). `what` names the argument in messages
// ("source", "destination"); `layoutWhat` the GPUTexelCopyBufferLayout
// ("dataLayout", "source" for a GPUTexelCopyBufferInfo).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "bindery/texel_copy.h"
#include "core/base/error_data.h"

namespace bindery::core {

class DeviceBase;
class TextureBase;

// #physical-miplevel-specific-texture-extent of mip level `level`.
Extent3D physicalMipExtent(const TextureBase& texture, uint32_t level);
// "{width: 4, height: 4, depthOrArrayLayers: 1}" and "{x: 0, y: 0, z: 0}".
std::string describeExtent(const Extent3D& extent);
std::string describeOrigin(const Origin3D& origin);

// #abstract-opdef-validating-gputexelcopybufferinfo
MaybeError validateTexelCopyBufferInfo(const DeviceBase* device, const TexelCopyBufferInfo& info,
                                       std::string_view what);

// #abstract-opdef-validating-gputexelcopytextureinfo (with "validating
// texture copy range"). The texture is checked to be a valid object of
// `device`; whether it is destroyed is the caller's (submit for encoder
// copies, writeTexture at once).
MaybeError validateTexelCopyTextureInfo(const DeviceBase* device, const TexelCopyTextureInfo& info,
                                        const Extent3D& copySize, std::string_view what);

// #abstract-opdef-validating-texture-buffer-copy. `aligned` adds the
// offset-alignment rule (buffer copies; not writeTexture).
MaybeError validateTextureBufferCopy(const DeviceBase* device, const TexelCopyTextureInfo& info,
                                     std::string_view what, const TexelCopyBufferLayout& layout,
                                     std::string_view layoutWhat, uint64_t dataLength,
                                     const Extent3D& copySize, TextureUsage textureUsage,
                                     bool aligned);

// #abstract-opdef-validating-linear-texture-data, with the texel block copy
// footprint `blockBytes` of the (aspect-specific) format.
MaybeError validateLinearTextureData(const TexelCopyBufferLayout& layout,
                                     std::string_view layoutWhat, uint64_t byteSize,
                                     TextureFormat format, uint32_t blockBytes,
                                     const Extent3D& copyExtent);

// #copy-compatible: equal, or differing only in -srgb.
bool copyCompatible(TextureFormat a, TextureFormat b);

}  // namespace bindery::core
