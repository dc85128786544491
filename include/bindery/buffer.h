// GPUBuffer and its descriptor (#buffer-creation).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "bindery/enums.h"
#include "bindery/exception.h"
#include "bindery/flags.h"
#include "bindery/object.h"

namespace bindery {

struct BufferDescriptor {
  std::string label;
  uint64_t size = 0;       // required
  BufferUsageFlags usage;  // required
  bool mappedAtCreation = false;
};

// How a mapAsync() promise settles: resolved (Success), or rejected with an
// OperationError (the map failed validation, or the buffer was already
// mapped or pending) or an AbortError (unmap()/destroy() before it finished,
// or the device was lost).
enum class MapAsyncStatus : uint8_t { Success, OperationError, AbortError };
std::string_view toString(MapAsyncStatus status);
using MapAsyncCallback = std::function<void(MapAsyncStatus status, std::string_view message)>;

// getMappedRange()'s result: the bytes, or the OperationError it would throw.
struct MappedRange {
  void* data = nullptr;
  uint64_t size = 0;
  std::optional<Exception> error;
  explicit operator bool() const { return !error.has_value(); }
};

class Buffer : public detail::Handle {
  BINDERY_HANDLE_CLASS(Buffer);

  uint64_t size() const;
  BufferUsageFlags usage() const;
  BufferMapState mapState() const;
  // #dom-gpubuffer-mapasync. mode is exactly one of MapMode::Read / Write.
  // The null device finishes the map at once, but like the promise the
  // callback runs later: at the next device.tick() (mapState() is 'pending'
  // until then). Failures call back immediately (OperationError, with a
  // validation error, or AbortError).
  void mapAsync(MapModeFlags mode, uint64_t offset = 0, std::optional<uint64_t> size = std::nullopt,
                MapAsyncCallback callback = {});
  // Bytes of a mapped range; for mappedAtCreation the whole buffer until unmap().
  // Returns nullptr where JavaScript throws an OperationError (not mapped,
  // misaligned, outside the mapped range, overlapping an earlier range);
  // tryGetMappedRange() says which.
  void* getMappedRange(uint64_t offset = 0, std::optional<uint64_t> size = std::nullopt);
  MappedRange tryGetMappedRange(uint64_t offset = 0, std::optional<uint64_t> size = std::nullopt);
  void unmap();
  void destroy();
};

}  // namespace bindery
