// A GPUQuerySet's results on the null device: one uint64 per query, zero at
// creation (#queryset-creation), written when a submitted command buffer runs
// (queue_execution.cpp) and read by resolveQuerySet.
#pragma once

#include <cstdint>
#include <vector>

#include "backends/backend.h"

namespace bindery::backend::null {

class NullQuerySet final : public QuerySetBackend {
 public:
  explicit NullQuerySet(uint32_t count) : values_(count, 0) {}
  uint64_t value(uint32_t index) const { return index < values_.size() ? values_[index] : 0; }
  void setValue(uint32_t index, uint64_t value) {
    if (index < values_.size()) values_[index] = value;
  }
  void destroy() override {}  // the results stay readable by pending resolves: none on null

 private:
  std::vector<uint64_t> values_;
};

}  // namespace bindery::backend::null
