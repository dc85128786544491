// The copy commands of GPUCommandEncoder (#commands-buffer-copies,
// #commands-texel-copies): their records in the command stream, which a
// backend executes at submit (the null device: src/backends/null/
// queue_execution.cpp). The validation is in copy_commands.cpp and texel_copy.cpp.
#pragma once

#include <cstdint>
#include <optional>

#include "bindery/texel_copy.h"
#include "core/commands/command_buffer.h"

namespace bindery::core {

class BufferBase;
class DeviceBase;
class TextureBase;

// Record payloads (pointers kept alive by UsedResources::copyBuffers /
// copyTextures).
struct CopyBufferToBufferCmd {
  const BufferBase* source;
  const BufferBase* destination;
  uint64_t sourceOffset;
  uint64_t destinationOffset;
  uint64_t size;
};
struct ClearBufferCmd {
  const BufferBase* buffer;
  uint64_t offset;
  uint64_t size;
};
// A GPUTexelCopyBufferInfo / GPUTexelCopyTextureInfo as plain data.
struct TexelCopyBufferRecord {
  const BufferBase* buffer;
  uint64_t offset;
  std::optional<uint32_t> bytesPerRow;
  std::optional<uint32_t> rowsPerImage;
};
struct TexelCopyTextureRecord {
  const TextureBase* texture;
  uint32_t mipLevel;
  Origin3D origin;
  TextureAspect aspect;
};
// CopyBufferToTexture and CopyTextureToBuffer.
struct CopyBufferTextureCmd {
  TexelCopyBufferRecord buffer;
  TexelCopyTextureRecord texture;
  Extent3D copySize;
};
struct CopyTextureToTextureCmd {
  TexelCopyTextureRecord source;
  TexelCopyTextureRecord destination;
  Extent3D copySize;
};

}  // namespace bindery::core
