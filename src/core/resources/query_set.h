// QuerySetBase: a GPUQuerySet inside the core (#gpuqueryset). The results
// live in its backend object (on the null device: host memory, zero at
// creation, #queryset-creation).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "bindery/query_set.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class QuerySetBase final : public ObjectBase, public BackendOwner<backend::QuerySetBackend> {
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

 private:
  QueryType type_;
  uint32_t count_;
  bool destroyed_ = false;
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
