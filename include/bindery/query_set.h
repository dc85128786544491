// GPUQuerySet and its descriptor (#queries, #queryset-creation). Occlusion
// queries are written by GPURenderPassEncoder.beginOcclusionQuery() /
// endOcclusionQuery(), timestamps by a pass descriptor's timestampWrites;
// GPUCommandEncoder.resolveQuerySet() copies the 64-bit results into a
// buffer. On the null device occlusion results are 0 (nothing is
// rasterized) and timestamps are fake nanosecond values that increase
// strictly with every write.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "bindery/exception.h"
#include "bindery/object.h"

namespace bindery {

enum class QueryType : uint8_t {
  Occlusion,  // "occlusion"
  Timestamp,  // "timestamp" (needs the 'timestamp-query' feature)
};
std::string_view toString(QueryType value);
std::optional<QueryType> parseQueryType(std::string_view text);

// The most queries a query set may hold (#dom-gpudevice-createqueryset).
inline constexpr uint32_t kMaxQueryCount = 4096;

struct QuerySetDescriptor {
  std::string label;
  QueryType type = QueryType::Occlusion;  // required in JavaScript
  uint32_t count = 0;                     // required
};

class QuerySet : public detail::Handle {
  BINDERY_HANDLE_CLASS(QuerySet);

  // #dom-gpuqueryset-destroy: a destroyed query set makes every submit that
  // uses it fail.
  void destroy();
  QueryType type() const;
  uint32_t count() const;
};

class Device;

// The content-timeline step of createQuerySet (#dom-gpudevice-createqueryset):
// a 'timestamp' query set on a device without the 'timestamp-query' feature
// is a TypeError in JavaScript, thrown before anything is created. The C++
// Device::createQuerySet reports it as a MissingFeature validation error (a
// C++ call never throws); a binding that must throw calls this first.
std::optional<Exception> querySetTypeError(const Device& device,
                                           const QuerySetDescriptor& descriptor);

}  // namespace bindery
