// The null device's test seams (testing.h).
#include "backends/null/testing.h"

#include "backends/null/buffer.h"
#include "backends/null/texture_storage.h"
#include "core/base/handles.h"
#include "core/resources/buffer.h"
#include "core/resources/texture.h"

namespace bindery::backend::null {

uint8_t* bufferBytes(const Buffer& buffer) {
  auto* object = core::fromHandle<core::BufferBase>(buffer)->backendObject();
  return object ? static_cast<NullBuffer*>(object)->bytes() : nullptr;
}

bool hasTexelData(const Texture& texture) {
  auto* object = core::fromHandle<core::TextureBase>(texture)->backendObject();
  return object && static_cast<NullTexture*>(object)->hasData();
}

}  // namespace bindery::backend::null
