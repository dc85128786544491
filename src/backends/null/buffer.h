// A GPUBuffer's storage on the null device: host memory, allocated on first
// use and zero-filled (buffers start zeroed, #buffer-creation), so a buffer
// that is never written costs nothing.
#pragma once

#include <cstdint>
#include <memory>

#include "backends/backend.h"

namespace bindery::backend::null {

class FailureInjector;

class NullBuffer final : public BufferBackend {
 public:
  NullBuffer(FailureInjector& failures, uint64_t size) : failures_(failures), size_(size) {}

  // The buffer's bytes, allocating them on the first call; null when the
  // allocation fails (or the buffer was destroyed, or is empty).
  uint8_t* bytes();
  // bytes(), or an OutOfMemory error naming `what` (when size > 0).
  Result<uint8_t*> bytesOr(std::string_view what);

  Result<uint8_t*> map(MapModeFlags mode, uint64_t offset, uint64_t size) override;
  Status unmap() override;
  void destroy() override;

 private:
  FailureInjector& failures_;
  uint64_t size_;
  bool destroyed_ = false;
  std::unique_ptr<uint8_t[]> bytes_;
};

}  // namespace bindery::backend::null
