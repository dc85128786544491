// GPUQuerySet on Vulkan (query_set.h).
#include "backends/vulkan/query_set.h"

#include <atomic>
#include <bit>
#include <cmath>

#include "backends/vulkan/barriers.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_pipeline.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "core/commands/command_buffer.h"
#include "core/resources/query_set.h"

namespace bindery::vulkan {

namespace {

std::atomic<float> gTestingPeriod{0};

// ticks (two u32 words) * multiplier >> shift, in 96-bit integer arithmetic
// from 16-bit halves; values[total + i] = the ns of values[i].
constexpr const char* kConvert = R"(
struct Params { first: u32, count: u32, multiplier: u32, shift: u32, total: u32 }
var<immediate> params: Params;
@group(0) @binding(0) var<storage, read_write> values: array<vec2u>;
fn mul(a: u32, b: u32) -> vec2u {
  let a0 = a & 0xffffu;
  let a1 = a >> 16u;
  let b0 = b & 0xffffu;
  let b1 = b >> 16u;
  let p00 = a0 * b0;
  let p01 = a0 * b1;
  let p10 = a1 * b0;
  let mid = p01 + p10;
  let midCarry = select(0u, 0x10000u, mid < p01);
  let lo = p00 + (mid << 16u);
  let loCarry = select(0u, 1u, lo < p00);
  return vec2u(lo, a1 * b1 + (mid >> 16u) + midCarry + loCarry);
}
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x >= params.count) { return; }
  let i = params.first + id.x;
  let t = values[i];
  let p0 = mul(t.x, params.multiplier);
  let p1 = mul(t.y, params.multiplier);
  let w1 = p0.y + p1.x;
  let w2 = p1.y + select(0u, 1u, w1 < p0.y);
  var ns = vec2u(p0.x, w1);
  if (params.shift != 0u) {
    let s = params.shift;
    let r = 32u - s;
    ns = vec2u((p0.x >> s) | (w1 << r), (w1 >> s) | (w2 << r));
  }
  values[params.total + i] = ns;
}
)";

struct ConvertParams {
  uint32_t first, count, multiplier, shift, total;
};

float periodOf(const Device& device) {
  float testing = gTestingPeriod.load(std::memory_order_relaxed);
  return testing > 0 ? testing : device.physicalDevice().properties.limits.timestampPeriod;
}

}  // namespace

void setTimestampPeriodForTesting(float period) {
  gTestingPeriod.store(period, std::memory_order_relaxed);
}

TimestampScale timestampScaleOf(float period) {
  // The most fraction bits (up to 31) that keep the factor below 2^32.
  uint32_t shift = 31;
  while (shift > 0 &&
         std::ldexp(static_cast<double>(period), static_cast<int>(shift)) >= 4294967295.0) {
    --shift;
  }
  double m = std::round(std::ldexp(static_cast<double>(period), static_cast<int>(shift)));
  return {static_cast<uint32_t>(std::min(m, 4294967295.0)), shift};
}

Result<std::unique_ptr<TimestampConverter>> TimestampConverter::create(ComputeState& state) {
  std::unique_ptr<TimestampConverter> self(new TimestampConverter(state));
  BINDERY_VK_TRY(self->initialize());
  return self;
}

Status TimestampConverter::initialize() {
  InternalComputePipeline made;
  Status status = createInternalComputePipeline(
      state_.handle(), state_.pipelineCache(), VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      sizeof(ConvertParams), kConvert, "timestamp conversion", made);
  setLayout_ = made.setLayout;
  layout_ = made.layout;
  pipeline_ = made.pipeline;
  return status;
}

TimestampConverter::~TimestampConverter() {
  VkDevice device = state_.handle();
  if (pipeline_ != VK_NULL_HANDLE) vkDestroyPipeline(device, pipeline_, nullptr);
  if (layout_ != VK_NULL_HANDLE) vkDestroyPipelineLayout(device, layout_, nullptr);
  if (setLayout_ != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(device, setLayout_, nullptr);
}

QuerySet& QuerySet::of(const core::QuerySetBase& querySet) {
  return *static_cast<QuerySet*>(querySet.backendObject());
}

Result<std::unique_ptr<QuerySet>> QuerySet::create(Device& device,
                                                   const core::QuerySetBase& querySet) {
  std::unique_ptr<QuerySet> self(new QuerySet(device, querySet.count()));
  self->timestamps_ = querySet.type() == QueryType::Timestamp;
  VkQueryType type =
      querySet.type() == QueryType::Occlusion ? VK_QUERY_TYPE_OCCLUSION : VK_QUERY_TYPE_TIMESTAMP;
  BINDERY_VK_TRY(self->initialize(type));
  return self;
}

Status QuerySet::initialize(VkQueryType type) {
  VkDevice device = device_.handle();
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = type;
  info.queryCount = count_;
  BINDERY_VK_TRY(
      checkVk(vkCreateQueryPool(device, &info, nullptr, &queryPool_), "vkCreateQueryPool"));
  VkBufferCreateInfo buffer{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  // Timestamps: the ticks, then their conversion to ns (query_set.h).
  buffer.size = VkDeviceSize{8} * count_ * (timestamps_ ? 2 : 1);
  buffer.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                 (timestamps_ ? VK_BUFFER_USAGE_STORAGE_BUFFER_BIT : 0);
  buffer.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  BINDERY_VK_TRY(checkVk(vkCreateBuffer(device, &buffer, nullptr, &results_), "vkCreateBuffer"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, results_, &requirements);
  Result<Allocation> allocation =
      device_.allocator().allocate(requirements, MemoryUse::GpuOnly, /*linear=*/true);
  if (allocation.isError()) return allocation.error();
  memory_ = allocation.value();
  BINDERY_VK_TRY(checkVk(vkBindBufferMemory(device, results_, memory_.memory, memory_.offset),
                         "vkBindBufferMemory"));
  // #queryset-creation: every result starts as zero; every query starts reset.
  Result<VkCommandBuffer> commands = device_.pendingCommands();
  if (commands.isError()) return commands.error();
  transferBarrier(commands.value());
  vkCmdFillBuffer(commands.value(), results_, 0, VK_WHOLE_SIZE, 0);
  vkCmdResetQueryPool(commands.value(), queryPool_, 0, count_);
  return {};
}

QuerySet::~QuerySet() {
  destroy();
}

void QuerySet::destroy() {
  if (queryPool_ == VK_NULL_HANDLE && results_ == VK_NULL_HANDLE) return;
  VkQueryPool pool = std::exchange(queryPool_, VK_NULL_HANDLE);
  VkBuffer results = std::exchange(results_, VK_NULL_HANDLE);
  Allocation memory = std::exchange(memory_, {});
  VkDescriptorPool descriptors = std::exchange(pool_, VK_NULL_HANDLE);
  set_ = VK_NULL_HANDLE;
  Device* device = &device_;
  device_.deferDestroy([device, pool, results, memory, descriptors,
                        state = std::exchange(state_, nullptr)]() mutable {
    if (descriptors != VK_NULL_HANDLE) {
      vkDestroyDescriptorPool(device->handle(), descriptors, nullptr);
    }
    state.reset();
    if (pool != VK_NULL_HANDLE) vkDestroyQueryPool(device->handle(), pool, nullptr);
    if (results != VK_NULL_HANDLE) vkDestroyBuffer(device->handle(), results, nullptr);
    if (memory.memory != VK_NULL_HANDLE) device->allocator().free(memory);
  });
}

void QuerySet::save(VkCommandBuffer commands, uint32_t index) const {
  transferBarrier(commands);
  vkCmdCopyQueryPoolResults(commands, queryPool_, index, 1, results_, VkDeviceSize{8} * index, 8,
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
  vkCmdResetQueryPool(commands, queryPool_, index, 1);
}

void recordWriteTimestamp(VkCommandBuffer commands, const core::QuerySetBase& querySet,
                          uint32_t index) {
  const QuerySet& set = QuerySet::of(querySet);
  vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, set.pool(), index);
  set.save(commands, index);
}

Status QuerySet::convert(VkCommandBuffer commands, uint32_t first, uint32_t count,
                         float period) const {
  if (!state_) state_ = ComputeState::of(device_);
  Result<TimestampConverter*> converter = state_->timestampConverter();
  if (converter.isError()) return converter.error();
  VkDevice device = device_.handle();
  if (set_ == VK_NULL_HANDLE) {
    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &size;
    BINDERY_VK_TRY(checkVk(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool_),
                           "vkCreateDescriptorPool"));
    VkDescriptorSetLayout setLayout = converter.value()->setLayout();
    VkDescriptorSetAllocateInfo allocate{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocate.descriptorPool = pool_;
    allocate.descriptorSetCount = 1;
    allocate.pSetLayouts = &setLayout;
    BINDERY_VK_TRY(
        checkVk(vkAllocateDescriptorSets(device, &allocate, &set_), "vkAllocateDescriptorSets"));
    VkDescriptorBufferInfo bufferInfo{results_, 0, VkDeviceSize{16} * count_};
    VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set_;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &bufferInfo;
    vkUpdateDescriptorSets(device, 1, &write, 0, nullptr);
  }
  const TimestampScale scale = timestampScaleOf(period);
  const ConvertParams params{first, count, scale.multiplier, scale.shift, count_};
  VkMemoryBarrier toShader{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  toShader.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  toShader.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &toShader, 0, nullptr, 0,
                       nullptr);
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, converter.value()->pipeline());
  vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, converter.value()->layout(), 0,
                          1, &set_, 0, nullptr);
  vkCmdPushConstants(commands, converter.value()->layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                     sizeof(params), &params);
  vkCmdDispatch(commands, (count + 63) / 64, 1, 1);
  return {};
}

Status recordResolveQuerySet(VkCommandBuffer commands, const core::ResolveQuerySetCmd& cmd) {
  if (cmd.queryCount == 0) return {};
  const QuerySet& set = QuerySet::of(*cmd.querySet);
  VkDeviceSize source = VkDeviceSize{8} * cmd.firstQuery;
  const float period = periodOf(set.device_);
  if (set.timestamps_ && period != 1.0f) {
    // #dom-gpucommandencoder-resolvequeryset: the values are nanoseconds.
    if (Status s = set.convert(commands, cmd.firstQuery, cmd.queryCount, period); s.isError()) {
      return s;
    }
    source += VkDeviceSize{8} * set.count_;
  }
  transferBarrier(commands);
  VkBufferCopy region{source, cmd.destinationOffset, VkDeviceSize{8} * cmd.queryCount};
  vkCmdCopyBuffer(commands, set.results_, Buffer::of(*cmd.destination).handle(), 1, &region);
  return {};
}

}  // namespace bindery::vulkan
