// Texel data of a texture on the null device: how the bytes of each
// subresource are laid out in its backend::TextureStorage, and the moves
// between linear data (a buffer, writeTexture's data) and texture regions
// that carry out the queue-timeline steps of the texel copies
// (#commands-texel-copies, #dom-gpuqueue-writetexture).
//
// A subresource (#subresource) is one mip level of one array layer of one
// aspect plane: color, depth or stencil ("3d" textures: one mip level holds
// every depth slice). Its bytes are its physical miplevel-specific extent in
// texel blocks, tightly packed: block (x, y) of image z at
// ((z * rowsPerImage + y) * blocksPerRow + x) * blockBytes. Depth planes hold
// the aspect-specific format's blocks (2 bytes for depth16unorm, 4 for
// depth32float and, opaquely, depth24plus); stencil planes 1 byte.
#pragma once

#include <cstdint>

#include "bindery/texel_copy.h"
#include "core/base/error_data.h"

namespace bindery::core {

class TextureBase;

// A plane of a texture's format: its place among the format's planes and the
// bytes of one of its texel blocks.
struct TexelPlane {
  uint32_t index = 0;
  uint32_t blockBytes = 0;
};

// The planes `aspect` selects of `format` (color: the one plane; 'all' of a
// combined depth-stencil format: depth and stencil). count is 0 when the
// aspect is absent.
struct TexelPlanes {
  uint32_t count = 0;
  TexelPlane planes[2];
};
TexelPlanes texelPlanes(TextureFormat format, TextureAspect aspect);

// The number of subresources in `texture`'s storage.
uint32_t texelSubresourceCount(const TextureBase& texture);

// Moves the region (mipLevel, origin, copySize, aspect: one plane) of
// `destination` from linear `data` laid out as `layout` (already validated:
// the region and the bytes it reads are in range). OutOfMemory when a
// subresource cannot be allocated.
MaybeError writeTexelsFromLinear(TextureBase& texture, const TexelCopyTextureInfo& destination,
                                 const uint8_t* data, const TexelCopyBufferLayout& layout,
                                 const Extent3D& copySize);
// The reverse: the region's texels into `data` (never-written texels are zeros).
void readTexelsToLinear(TextureBase& texture, const TexelCopyTextureInfo& source, uint8_t* data,
                        const TexelCopyBufferLayout& layout, const Extent3D& copySize);
// Texture to texture, every plane `source.aspect` selects (the formats are
// copy-compatible, so the planes match).
MaybeError copyTexels(TextureBase& sourceTexture, const TexelCopyTextureInfo& source,
                      TextureBase& destinationTexture, const TexelCopyTextureInfo& destination,
                      const Extent3D& copySize);

}  // namespace bindery::core
