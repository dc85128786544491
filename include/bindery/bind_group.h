// GPUBindGroup and its descriptor (#bind-group-creation). A bind group has no
// methods beyond its label: it is immutable once created.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bindery/bind_group_layout.h"
#include "bindery/buffer.h"
#include "bindery/external_texture.h"
#include "bindery/object.h"
#include "bindery/sampler.h"
#include "bindery/texture.h"

namespace bindery {

// GPUBufferBinding: a buffer and the range of it the shader sees.
struct BufferBinding {
  Buffer buffer;  // required
  uint64_t offset = 0;
  // Unset: from offset to the end of the buffer.
  std::optional<uint64_t> size;
};

// GPUBindingResource. A Buffer is the shorthand for BufferBinding{buffer}
// (its whole range); a Texture the shorthand for texture.createView().
using BindingResource =
    std::variant<Sampler, TextureView, BufferBinding, ExternalTexture, Buffer, Texture>;

struct BindGroupEntry {
  uint32_t binding = 0;      // required
  BindingResource resource;  // required
};

struct BindGroupDescriptor {
  std::string label;
  BindGroupLayout layout;               // required
  std::vector<BindGroupEntry> entries;  // required
};

class BindGroup : public detail::Handle {
  BINDERY_HANDLE_CLASS(BindGroup);

  // The layout the group was created with.
  BindGroupLayout layout() const;
};

}  // namespace bindery
