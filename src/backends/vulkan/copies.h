// Recording of the copy commands (#commands-buffer-copies,
// #commands-texel-copies) into a command buffer, with the barriers, layout
// transitions and lazy texture clears they need. Shared by the command
// recorder and the queue's writes (which copy from staging memory).
#pragma once

#include "backends/vulkan/functions.h"

#include "bindery/texel_copy.h"

namespace bindery::core {
class TextureBase;
}

namespace bindery::vulkan {

// Linear texel data in a VkBuffer (GPUTexelCopyBufferLayout; 0 for an
// undefined bytesPerRow / rowsPerImage).
struct LinearTexels {
  VkBuffer buffer = VK_NULL_HANDLE;
  uint64_t offset = 0;
  uint32_t bytesPerRow = 0;
  uint32_t rowsPerImage = 0;
};

// A texture region's origin (GPUTexelCopyTextureInfo without the handle).
struct TexelRegion {
  const core::TextureBase* texture = nullptr;
  uint32_t mipLevel = 0;
  Origin3D origin;
  TextureAspect aspect = TextureAspect::All;
};

void recordCopyBufferToBuffer(VkCommandBuffer commands, VkBuffer source, uint64_t sourceOffset,
                              VkBuffer destination, uint64_t destinationOffset, uint64_t size);
void recordClearBuffer(VkCommandBuffer commands, VkBuffer buffer, uint64_t offset, uint64_t size);
void recordCopyBufferToTexture(VkCommandBuffer commands, const LinearTexels& source,
                               const TexelRegion& destination, const Extent3D& copySize);
void recordCopyTextureToBuffer(VkCommandBuffer commands, const TexelRegion& source,
                               const LinearTexels& destination, const Extent3D& copySize);
void recordCopyTextureToTexture(VkCommandBuffer commands, const TexelRegion& source,
                                const TexelRegion& destination, const Extent3D& copySize);

}  // namespace bindery::vulkan
