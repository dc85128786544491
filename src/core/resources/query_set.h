// QuerySetBase: a GPUQuerySet inside the core (#gpuqueryset). The null
// device keeps the query results here, in host memory (zero at creation,
// #queryset-creation), written when a submitted command buffer runs
// (command_execution.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "bindery/query_set.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"

namespace bindery::core {

class QuerySetBase final : public ObjectBase {
 public:
  QuerySetBase(DeviceBase* device, const QuerySetDescriptor& descriptor);
  QuerySetBase(DeviceBase* device, const QuerySetDescriptor& descriptor, InvalidTag);
  ~QuerySetBase() override;

  QueryType type() const { return type_; }
  uint32_t count() const { return count_; }
  bool isDestroyed() const { return destroyed_; }
  void destroy();

  // Fails with QuerySetDestroyed naming `what` (submit-time check).
  MaybeError validateUsable(std::string_view what) const;

  // The results (the null device's device allocation), one per query.
  uint64_t value(uint32_t index) const { return index < values_.size() ? values_[index] : 0; }
  void setValue(uint32_t index, uint64_t value) {
    if (index < values_.size()) values_[index] = value;
  }

 private:
  QueryType type_;
  uint32_t count_;
  bool destroyed_ = false;
  std::vector<uint64_t> values_;
};

// #dom-gpudevice-createqueryset: the requirements (the missing
// 'timestamp-query' feature is JavaScript's TypeError; a validation error here).
MaybeError validateQuerySetDescriptor(const DeviceBase* device,
                                      const QuerySetDescriptor& descriptor);

// #abstract-opdef-validate-timestampwrites for GPUComputePassTimestampWrites
// and GPURenderPassTimestampWrites; `field` is "descriptor.timestampWrites".
MaybeError validateTimestampWrites(const DeviceBase* device, const QuerySetBase* querySet,
                                   std::optional<uint32_t> beginningOfPassWriteIndex,
                                   std::optional<uint32_t> endOfPassWriteIndex,
                                   std::string_view field);

// "'occlusion'" / "'timestamp'", as messages quote it.
std::string quotedQueryType(QueryType type);

}  // namespace bindery::core
