// The interface a backend implements. The core validates; a backend only
// makes what was validated real. Backends live in src/backends/<name>.
#pragma once

#include <cstdint>
#include <memory>

namespace bindery::core::backend {

// Storage behind a GPUBuffer. The null backend keeps it in host memory,
// allocated on first use and zero-filled (buffers start zeroed, #buffer-creation).
class BufferStorage {
 public:
  virtual ~BufferStorage() = default;
  // The buffer's bytes, allocating them on first call. Null when the
  // allocation fails (reported as out-of-memory by the caller).
  virtual uint8_t* bytes() = 0;
};

class DeviceBackend {
 public:
  virtual ~DeviceBackend() = default;
  virtual const char* name() const = 0;
  virtual std::unique_ptr<BufferStorage> createBufferStorage(uint64_t size) = 0;
};

std::unique_ptr<DeviceBackend> createNullBackend();

}  // namespace bindery::core::backend
