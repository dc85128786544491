// The dictionaries of texel copies (#texel-copies in copies.bs):
// GPUOrigin3D, GPUTexelCopyBufferLayout, GPUTexelCopyBufferInfo and
// GPUTexelCopyTextureInfo, shared by GPUCommandEncoder's copy commands and
// GPUQueue.writeTexture.
#pragma once

#include <cstdint>
#include <optional>

#include "bindery/buffer.h"
#include "bindery/enums.h"
#include "bindery/texture.h"

namespace bindery {

// GPUOrigin3DDict.
struct Origin3D {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t z = 0;
  bool operator==(const Origin3D&) const = default;
};

// GPUTexelCopyBufferLayout (#gputexelcopybufferlayout).
struct TexelCopyBufferLayout {
  uint64_t offset = 0;
  std::optional<uint32_t> bytesPerRow;
  std::optional<uint32_t> rowsPerImage;
};

// GPUTexelCopyBufferInfo (#gputexelcopybufferinfo): a GPUTexelCopyBufferLayout
// plus its buffer. The IDL dictionary inherits from GPUTexelCopyBufferLayout;
// here the members are flat (so designated initializers work) and layout()
// gives the inherited part.
struct TexelCopyBufferInfo {
  Buffer buffer;  // required
  uint64_t offset = 0;
  std::optional<uint32_t> bytesPerRow;
  std::optional<uint32_t> rowsPerImage;

  TexelCopyBufferLayout layout() const { return {offset, bytesPerRow, rowsPerImage}; }
};

// GPUTexelCopyTextureInfo (#gputexelcopytextureinfo).
struct TexelCopyTextureInfo {
  Texture texture;  // required
  uint32_t mipLevel = 0;
  Origin3D origin;
  TextureAspect aspect = TextureAspect::All;
};

}  // namespace bindery
