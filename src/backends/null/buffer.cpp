// The null device's buffer storage (buffer.h).
#include "backends/null/buffer.h"

#include <fmt/format.h>

#include <new>

#include "backends/null/failure_injector.h"

namespace bindery::backend::null {

uint8_t* NullBuffer::bytes() {
  if (!bytes_ && size_ > 0 && !destroyed_) {
    // Zero-filled on first use (#buffer-creation: "each byte is zero").
    bytes_.reset(new (std::nothrow) uint8_t[size_]());
  }
  return bytes_.get();
}

Result<uint8_t*> NullBuffer::bytesOr(std::string_view what) {
  uint8_t* p = bytes();
  if (!p && size_ > 0) {
    return outOfMemory(
        fmt::format("allocating {} bytes of host memory for {} failed", size_, what));
  }
  return p;
}

Result<uint8_t*> NullBuffer::map(MapModeFlags, uint64_t offset, uint64_t) {
  if (std::optional<BackendError> injected = failures_.take("map")) return *injected;
  Result<uint8_t*> base = bytesOr("the mapped buffer");
  if (base.isError() || !base.value()) return base;
  return base.value() + offset;
}

Status NullBuffer::unmap() {
  if (std::optional<BackendError> injected = failures_.take("unmap")) return *injected;
  return {};  // the mapping's pointer is the buffer's memory
}

void NullBuffer::destroy() {
  // The null queue has finished every submitted use already.
  destroyed_ = true;
  bytes_.reset();
}

}  // namespace bindery::backend::null
