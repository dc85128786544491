// QueueBase: a GPUQueue inside the core (#gpuqueue). The device makes it on
// first use and holds it weakly; the queue holds its device.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "bindery/queue.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"

namespace bindery::core {

class BufferBase;
class CommandBufferBase;

class QueueBase final : public ObjectBase {
 public:
  QueueBase(DeviceBase* device, std::string_view label);
  ~QueueBase() override;

  void submit(std::span<CommandBufferBase* const> commandBuffers);
  std::optional<Exception> writeBuffer(BufferBase* buffer, uint64_t bufferOffset, const void* data,
                                       size_t dataSize, uint64_t dataOffset,
                                       std::optional<uint64_t> size);
  void writeTexture(const TexelCopyTextureInfo& destination, const void* data, size_t dataSize,
                    const TexelCopyBufferLayout& dataLayout, const Extent3D& size);
  // #dom-gpuqueue-copyexternalimagetotexture (commands/copy_external_image.cpp).
  std::optional<Exception> copyExternalImageToTexture(const CopyExternalImageSourceInfo& source,
                                                      const CopyExternalImageDestInfo& destination,
                                                      const Extent3D& copySize);
  void onSubmittedWorkDone(QueueWorkDoneCallback callback);
};

// #dom-gpuqueue-writebuffer, device-timeline rules.
MaybeError validateWriteBuffer(const DeviceBase* device, const BufferBase* buffer,
                               uint64_t bufferOffset, uint64_t size);

}  // namespace bindery::core
