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

// Texel data behind a GPUTexture, one allocation per subresource (mip level x
// array layer x aspect plane, indexed by the core; see texture_data.h). The
// null backend keeps it in host memory, allocated on the first write of each
// subresource, so a large texture that is never written costs nothing.
class TextureStorage {
 public:
  virtual ~TextureStorage() = default;
  // The `size` bytes of subresource `index`. With `allocate` a subresource
  // never written is allocated zero-filled (textures start zeroed); without
  // it, null (it reads as zeros). Null also when the allocation fails.
  virtual uint8_t* subresource(uint32_t index, uint64_t size, bool allocate) = 0;
};

class DeviceBackend {
 public:
  virtual ~DeviceBackend() = default;
  virtual const char* name() const = 0;
  virtual std::unique_ptr<BufferStorage> createBufferStorage(uint64_t size) = 0;
  virtual std::unique_ptr<TextureStorage> createTextureStorage(uint32_t subresourceCount) = 0;
};

std::unique_ptr<DeviceBackend> createNullBackend();

}  // namespace bindery::core::backend
