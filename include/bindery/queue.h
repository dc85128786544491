// GPUQueue (#gpuqueue): submit, writeBuffer, writeTexture, onSubmittedWorkDone.
// The null device executes submitted work at once; callbacks of the
// asynchronous calls (onSubmittedWorkDone, Buffer::mapAsync) run at the next
// Device::tick(), in call order, like promises settling on a later turn.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "bindery/buffer.h"
#include "bindery/command_encoder.h"
#include "bindery/enums.h"
#include "bindery/exception.h"
#include "bindery/external_image.h"
#include "bindery/object.h"
#include "bindery/texel_copy.h"
#include "bindery/texture.h"

namespace bindery {

using QueueWorkDoneCallback = std::function<void()>;

class Queue : public detail::Handle {
  BINDERY_HANDLE_CLASS(Queue);

  // #dom-gpuqueue-submit
  void submit(std::span<const CommandBuffer> commandBuffers) const;
  void submit(std::initializer_list<CommandBuffer> commandBuffers) const;

  // #dom-gpuqueue-writebuffer. `data` is `dataSize` bytes (an ArrayBuffer);
  // dataOffset and size are in bytes. Returns the OperationError JavaScript
  // throws (size not a multiple of 4, range outside data); validation
  // errors (usage, alignment, bounds, destroyed/mapped buffer) go to the
  // device as usual.
  std::optional<Exception> writeBuffer(const Buffer& buffer, uint64_t bufferOffset,
                                       const void* data, size_t dataSize, uint64_t dataOffset = 0,
                                       std::optional<uint64_t> size = std::nullopt) const;
  template <class T>
  std::optional<Exception> writeBuffer(const Buffer& buffer, uint64_t bufferOffset,
                                       std::span<const T> data) const {
    return writeBuffer(buffer, bufferOffset, data.data(), data.size_bytes());
  }

  // #dom-gpuqueue-writetexture. The null device keeps the texels in host
  // memory (GPUCommandEncoder.copyTextureToBuffer reads them back).
  void writeTexture(const TexelCopyTextureInfo& destination, const void* data, size_t dataSize,
                    const TexelCopyBufferLayout& dataLayout, const Extent3D& size) const;

  // #dom-gpuqueue-copyexternalimagetotexture: the source's texels, converted
  // to destination.colorSpace / premultipliedAlpha (flipped when
  // source.flipY), written to the destination texture. Returns what
  // JavaScript throws: OperationError when origin + copySize goes past the
  // source, InvalidStateError for a closed VideoFrameSource, TypeError for an
  // ImageData whose data is not width * height * 4 bytes. Validation errors go
  // to the device as usual.
  std::optional<Exception> copyExternalImageToTexture(const CopyExternalImageSourceInfo& source,
                                                      const CopyExternalImageDestInfo& destination,
                                                      const Extent3D& copySize) const;

  // #dom-gpuqueue-onsubmittedworkdone: `callback` runs at the next Device::tick().
  void onSubmittedWorkDone(QueueWorkDoneCallback callback) const;
};

}  // namespace bindery
