// Texel data of a texture on the null device: one host allocation per
// subresource, made on the first write of that subresource (a large texture
// never written costs nothing; never-written texels read as zeros), and the
// moves between linear data (a buffer, writeTexture's data) and texture
// regions that carry out the queue-timeline steps of the texel copies
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
#include <memory>
#include <vector>

#include "backends/backend.h"

namespace bindery::core {
class TextureBase;
}

namespace bindery::backend::null {

class NullTexture final : public TextureBackend {
 public:
  explicit NullTexture(const core::TextureBase& texture);

  // The `size` bytes of subresource `index`. With `allocate` a subresource
  // never written is allocated zero-filled; without it, null (it reads as
  // zeros). Null also when the allocation fails or the texture was destroyed.
  uint8_t* subresource(uint32_t index, uint64_t size, bool allocate);
  // Whether any subresource was allocated (tests: untouched textures cost nothing).
  bool hasData() const;
  void destroy() override;

 private:
  bool destroyed_ = false;
  std::vector<std::unique_ptr<uint8_t[]>> subresources_;
};

// The texture's storage (a valid texture's backend object on the null device).
NullTexture& storageOf(const core::TextureBase& texture);

// Moves the region (mipLevel, origin, copySize, aspect: one plane) of
// `destination` from linear `data` laid out as `layout` (already validated:
// the region and the bytes it reads are in range). OutOfMemory when a
// subresource cannot be allocated.
Status writeTexelsFromLinear(const core::TextureBase& texture,
                             const TexelCopyTextureInfo& destination, const uint8_t* data,
                             const TexelCopyBufferLayout& layout, const Extent3D& copySize);
// The reverse: the region's texels into `data` (never-written texels are zeros).
void readTexelsToLinear(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                        uint8_t* data, const TexelCopyBufferLayout& layout,
                        const Extent3D& copySize);
// Texture to texture, every plane `source.aspect` selects (the formats are
// copy-compatible, so the planes match).
Status copyTexels(const core::TextureBase& sourceTexture, const TexelCopyTextureInfo& source,
                  const core::TextureBase& destinationTexture,
                  const TexelCopyTextureInfo& destination, const Extent3D& copySize);

}  // namespace bindery::backend::null
