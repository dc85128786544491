// GPUQuerySet on Vulkan (#queryset-creation, #timestamp, #occlusion-query):
// a VkQueryPool of `count` queries and a results buffer of `count` uint64
// values, zero at creation. Every query of the pool stays reset outside
// passes: a pass writes a query (vkCmdBeginQuery/vkCmdEndQuery or
// vkCmdWriteTimestamp), then, outside any render pass, save() copies its
// result into the results buffer (waiting for it) and resets it. So one query
// can be written again by a later pass, results outlive command buffers, and
// resolveQuerySet is a buffer copy from the results buffer; a query never
// written resolves to 0.
//
// Timestamps are nanoseconds (#timestamp) when the device's timestampPeriod is
// 1 (one tick per nanosecond): 'timestamp-query' is offered only then
// (capabilities.cpp), so the ticks are copied unchanged.
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/memory_allocator.h"

namespace bindery::core {
class QuerySetBase;
struct ResolveQuerySetCmd;
}  // namespace bindery::core

namespace bindery::vulkan {

class Device;

class QuerySet final : public backend::QuerySetBackend {
 public:
  static Result<std::unique_ptr<QuerySet>> create(Device& device,
                                                  const core::QuerySetBase& querySet);
  ~QuerySet() override;
  static QuerySet& of(const core::QuerySetBase& querySet);

  VkQueryPool pool() const { return pool_; }
  // Outside a render pass: query `index`'s result -> the results buffer; the
  // query is reset again.
  void save(VkCommandBuffer commands, uint32_t index) const;
  void destroy() override;

 private:
  QuerySet(Device& device, uint32_t count) : device_(device), count_(count) {}
  Status initialize(VkQueryType type);

  Device& device_;
  uint32_t count_;
  VkQueryPool pool_ = VK_NULL_HANDLE;
  VkBuffer results_ = VK_NULL_HANDLE;
  Allocation memory_;

  friend void recordResolveQuerySet(VkCommandBuffer, const core::ResolveQuerySetCmd&);
};

// writeTimestamp of a compute pass's timestampWrites or after a render pass
// (outside a render pass: the result is saved at once).
void recordWriteTimestamp(VkCommandBuffer commands, const core::QuerySetBase& querySet,
                          uint32_t index);
// #dom-gpucommandencoder-resolvequeryset: the results -> the destination.
void recordResolveQuerySet(VkCommandBuffer commands, const core::ResolveQuerySetCmd& cmd);

}  // namespace bindery::vulkan
