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
// Timestamps: resolveQuerySet writes nanoseconds (#timestamp,
// #dom-gpucommandencoder-resolvequeryset), and a Vulkan timestamp counts ticks
// of timestampPeriod ns. Where the period is 1 the ticks are copied unchanged;
// otherwise the conversion happens on the GPU at resolve: a compute shader
// (WGSL through bindery's own generator) multiplies the saved ticks by the
// period, as 64-bit integers times a 32-bit fixed-point factor, into a second
// half of the results buffer, which the resolve then copies. The destination
// buffer thus holds nanoseconds for every later reader (a shader, a copy, a
// mapping): converting at readback on the CPU would not be spec-true, since
// the backend cannot know which bytes a mapping or copy of it will treat as
// timestamps. So 'timestamp-query' is offered wherever the device has
// timestampComputeAndGraphics (capabilities.cpp).
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

class ComputeState;
class Device;

// For tests: converts at resolve as if the device's timestampPeriod were
// `period` ns (0: the device's own).
void setTimestampPeriodForTesting(float period);

// The multiplier and shift of the conversion: ns = (ticks * multiplier) >>
// shift, multiplier < 2^32 the period in fixed point with `shift` fraction bits.
struct TimestampScale {
  uint32_t multiplier = 1;
  uint32_t shift = 0;
};
TimestampScale timestampScaleOf(float period);

class QuerySet final : public backend::QuerySetBackend {
 public:
  static Result<std::unique_ptr<QuerySet>> create(Device& device,
                                                  const core::QuerySetBase& querySet);
  ~QuerySet() override;
  static QuerySet& of(const core::QuerySetBase& querySet);

  VkQueryPool pool() const { return queryPool_; }
  // Outside a render pass: query `index`'s result -> the results buffer; the
  // query is reset again.
  void save(VkCommandBuffer commands, uint32_t index) const;
  void destroy() override;

 private:
  QuerySet(Device& device, uint32_t count) : device_(device), count_(count) {}
  Status initialize(VkQueryType type);
  // Records the tick -> ns conversion of [first, first + count) into the
  // results buffer's second half (timestamps with a period other than 1).
  Status convert(VkCommandBuffer commands, uint32_t first, uint32_t count, float period) const;

  Device& device_;
  uint32_t count_;
  bool timestamps_ = false;
  // The conversion's state and this set's own one-set descriptor pool (made
  // at the first conversion: rare, only where the period is not 1).
  mutable std::shared_ptr<ComputeState> state_;
  mutable VkDescriptorPool pool_ = VK_NULL_HANDLE;
  mutable VkDescriptorSet set_ = VK_NULL_HANDLE;
  VkQueryPool queryPool_ = VK_NULL_HANDLE;
  VkBuffer results_ = VK_NULL_HANDLE;
  Allocation memory_;

  friend Status recordResolveQuerySet(VkCommandBuffer, const core::ResolveQuerySetCmd&);
};

// writeTimestamp of a compute pass's timestampWrites or after a render pass
// (outside a render pass: the result is saved at once).
void recordWriteTimestamp(VkCommandBuffer commands, const core::QuerySetBase& querySet,
                          uint32_t index);
// #dom-gpucommandencoder-resolvequeryset: the results -> the destination
// (timestamps converted to ns first where the period is not 1). Disturbs the
// compute pipeline, descriptor sets and push constants bound.
Status recordResolveQuerySet(VkCommandBuffer commands, const core::ResolveQuerySetCmd& cmd);

// The conversion pipeline, one per device (ComputeState::timestampConverter).
class TimestampConverter {
 public:
  static Result<std::unique_ptr<TimestampConverter>> create(ComputeState& state);
  ~TimestampConverter();
  VkDescriptorSetLayout setLayout() const { return setLayout_; }
  VkPipeline pipeline() const { return pipeline_; }
  VkPipelineLayout layout() const { return layout_; }

 private:
  explicit TimestampConverter(ComputeState& state) : state_(state) {}
  Status initialize();
  ComputeState& state_;
  VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
};

}  // namespace bindery::vulkan
