// GPUBuffer and its descriptor (#buffer-creation).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bindery/enums.h"
#include "bindery/flags.h"
#include "bindery/object.h"

namespace bindery {

struct BufferDescriptor {
  std::string label;
  uint64_t size = 0;       // required
  BufferUsageFlags usage;  // required
  bool mappedAtCreation = false;
};

class Buffer : public detail::Handle {
  BINDERY_HANDLE_CLASS(Buffer);

  uint64_t size() const;
  BufferUsageFlags usage() const;
  BufferMapState mapState() const;
  // Bytes of a mapped range; for mappedAtCreation the whole buffer until unmap().
  // Returns nullptr (and reports an error) when the buffer is not mapped.
  void* getMappedRange(uint64_t offset = 0, std::optional<uint64_t> size = std::nullopt);
  void unmap();
  void destroy();
};

}  // namespace bindery
