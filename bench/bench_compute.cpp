// Compute on the Vulkan backend against raw Vulkan, same process, same run
// (issue 14):
//
//   BindDispatch_Bindery/{0,1}: 100,000 x (setBindGroup + dispatchWorkgroups(1))
//     over 64 prebuilt groups (Arg 1: each with a dynamic offset), encoded,
//     finished, submitted and waited for. Counters per pair: encode_ns (the
//     API calls and finish), submit_ns (submit: recording into Vulkan) in
//     this thread's CPU time; total_ns (wall, with the GPU's execution).
//   BindDispatch_BinderyPipelined/{0,1}, BindDispatch_RawPipelined/{0,1}: the
//     same, each batch recorded while the GPU runs the one before.
//   BindDispatch_BinderyCensus/{0,1}: the same pairs, counting the Vulkan
//     commands bindery calls per pair and the time in each (vk_call_census.h).
//   BindDispatch_RawOnBindery/{0..3}: the raw calls on bindery's device,
//     pipeline and sets (2, 3: submitted with a timeline semaphore;
//     4, 5: bindery's barrier at the pass's start first).
//   BindDispatch_Alternating/{0,1}: bindery's pairs and raw's alternating in one
//     run, medians per pair and the median ratio (alternating.h).
//   BindDispatch_Raw/{0,1}: the same vkCmdBindDescriptorSets + vkCmdDispatch
//     calls recorded by hand into one command buffer, submitted and waited for
//     (record_ns: CPU time per pair; total_ns: wall per pair).
//   CreateBindGroup/{1,4}: createBindGroup with 1 or 4 buffer entries, on
//     Vulkan and on the null device; CreateSubRangeGroups: 10,000 sub-range
//     groups of one buffer (per group), Vulkan and null; CreateSubRangeGroups_Census:
//     the same on Vulkan with the time spent in each Vulkan command;
//     WriteSubRangeSets_Raw/{0,1}: the driver's floor, the same two
//     descriptors written into 10,000 sets by hand (0: vkUpdateDescriptorSets,
//     1: a descriptor update template, as bindery writes them).
//   CreateComputePipeline: unique WGSL each time, layout 'auto', until the
//     VkPipeline exists.
//
// Runs on the Vulkan device the loader finds (lavapipe with
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json).
#include <benchmark/benchmark.h>
#include <vulkan/vulkan.h>

#include <bindery/bindery.h>
#include <bindery/spirv/generate.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "alternating.h"
#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/compute_pass_recorder.h"
#include "backends/vulkan/compute_pipeline.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/instance.h"
#include "bench_device.h"
#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "raw_vulkan.h"
#include "vk_call_census.h"

namespace {

using namespace std::chrono_literals;
using bindery_bench::Clock;
using bindery_bench::nsSince;
using bindery_bench::threadNs;

constexpr uint32_t kPairs = 100000;
constexpr uint32_t kGroups = 64;
constexpr uint32_t kStride = 256;

// Reads only, so bindery's usage tracking puts no barrier between dispatches
// (the raw program has none either).
constexpr const char* kShader = R"(
struct U { v: vec4u }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read> src: array<u32, 4>;
@compute @workgroup_size(1) fn main() { var x = u.v.x + src[0]; x += 1u; }
)";

struct BinderyCompute {
  bindery::Device device;
  bindery::Buffer uniforms, out;
  bindery::BindGroupLayout layout[2];
  bindery::ComputePipeline pipeline[2];
  std::vector<bindery::BindGroup> groups[2];
  bool ok = false;

  explicit BinderyCompute(bindery::BackendType backend) {
    bindery::InstanceDescriptor instance;
    instance.backend = backend;
    bindery::Adapter adapter = bindery::Instance::create(instance).requestAdapter();
    if (!adapter) return;
    device = adapter.requestDevice().device;
    if (!device) return;
    uniforms = buffer(kStride * kGroups, bindery::BufferUsage::Uniform);
    out = buffer(16, bindery::BufferUsage::Storage);
    for (int dynamic = 0; dynamic < 2; ++dynamic) {
      bindery::BindGroupLayoutDescriptor d;
      d.entries = {
          {0, bindery::ShaderStage::Compute,
           bindery::BufferBindingLayout{bindery::BufferBindingType::Uniform, dynamic == 1, 16}},
          {1, bindery::ShaderStage::Compute,
           bindery::BufferBindingLayout{bindery::BufferBindingType::ReadOnlyStorage}}};
      layout[dynamic] = device.createBindGroupLayout(d);
      bindery::PipelineLayoutDescriptor pl;
      pl.bindGroupLayouts = {layout[dynamic]};
      bindery::ComputePipelineDescriptor pd;
      pd.layout = device.createPipelineLayout(pl);
      pd.compute.module = device.createShaderModule({.code = kShader});
      pipeline[dynamic] = device.createComputePipeline(pd);
      for (uint32_t g = 0; g < kGroups; ++g) {
        bindery::BindGroupDescriptor bd;
        bd.layout = layout[dynamic];
        bd.entries = {{0, bindery::BufferBinding{uniforms, dynamic ? 0 : g * kStride, 16}},
                      {1, bindery::BufferBinding{out}}};
        groups[dynamic].push_back(device.createBindGroup(bd));
      }
    }
    ok = true;
  }
  bindery::Buffer buffer(uint64_t size, bindery::BufferUsageFlags usage) {
    bindery::BufferDescriptor d;
    d.size = size;
    d.usage = usage;
    return device.createBuffer(d);
  }
  // The 100,000 pairs in one compute pass, over the 64 groups (static) or
  // one group at 64 dynamic offsets.
  bindery::CommandBuffer encodePairs(bool dynamic) {
    bindery::CommandEncoder encoder = device.createCommandEncoder();
    bindery::ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(pipeline[dynamic]);
    for (uint32_t i = 0; i < kPairs; ++i) {
      if (dynamic) {
        uint32_t offset = (i % kGroups) * kStride;
        pass.setBindGroup(0, groups[1][0], std::span<const uint32_t>(&offset, 1));
      } else {
        pass.setBindGroup(0, groups[0][i % kGroups]);
      }
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    return encoder.finish();
  }
  // encodePairs then submit, adding this thread's CPU time in each to
  // `encode` and `submit`.
  void encodeAndSubmit(bool dynamic, double& encode, double& submit) {
    double cpu = threadNs();
    bindery::CommandBuffer commands = encodePairs(dynamic);
    double encoded = threadNs();
    encode += encoded - cpu;
    device.queue().submit({commands});
    submit += threadNs() - encoded;
  }
  // Until the GPU has finished every submission.
  void finish() { bindery_bench::waitForSubmittedWork(device); }
};

BinderyCompute& vulkanBindery() {
  static BinderyCompute b(bindery::BackendType::Vulkan);
  return b;
}
BinderyCompute& nullBindery() {
  static BinderyCompute b(bindery::BackendType::Null);
  return b;
}

void BM_BindDispatch_Bindery(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  bool dynamic = state.range(0) == 1;
  double encode = 0, submit = 0, total = 0;
  bindery::vulkan::ComputeRecordingStats before = bindery::vulkan::computeRecordingStats();
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    b.encodeAndSubmit(dynamic, encode, submit);
    b.finish();
    total += nsSince(start);
  }
  double pairs = double(state.iterations()) * kPairs;
  state.counters["encode_ns"] = encode / pairs;
  state.counters["submit_ns"] = submit / pairs;
  state.counters["total_ns"] = total / pairs;
  // What reached Vulkan per 1,000 pairs: barriers (none: every use reads) and
  // vkCmdBindDescriptorSets calls (1,000: each pair binds another group).
  bindery::vulkan::ComputeRecordingStats after = bindery::vulkan::computeRecordingStats();
  state.counters["barriers_per_1k"] = double(after.barriers - before.barriers) / pairs * 1000;
  state.counters["binds_per_1k"] =
      double(after.bindDescriptorSetsCalls - before.bindDescriptorSetsCalls) / pairs * 1000;
}

// The same pairs with a census of the Vulkan commands that reached the
// driver (vk_call_census.h): per pair, each command's calls ("<name>") and
// the time spent in it ("<name>_ns"), so a gap to raw's recording shows
// whether bindery calls more or the same calls cost more.
void BM_BindDispatch_BinderyCensus(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  bool dynamic = state.range(0) == 1;
  b.finish();
  bindery_bench::countVkCalls(true);
  bindery_bench::clearVkCallTallies();
  for (auto _ : state) {
    bindery::CommandBuffer commands = b.encodePairs(dynamic);
    b.device.queue().submit({commands});
    b.finish();
  }
  bindery_bench::countVkCalls(false);
  double pairs = double(state.iterations()) * kPairs;
  for (const auto& [name, tally] : bindery_bench::vkCallCensus()) {
    state.counters[name] = double(tally.calls) / pairs;
    state.counters[name + "_ns"] = tally.ns / pairs;
  }
}

// Pipelined: the next batch is encoded and recorded while the GPU runs the
// last one (a frame loop's shape); each submission waits only for the one
// before it. Counters as BindDispatch_Bindery's; against
// BindDispatch_RawPipelined, what a busy GPU does to the driver's recording.
void BM_BindDispatch_BinderyPipelined(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  bool dynamic = state.range(0) == 1;
  b.finish();
  uint64_t submitted = 0, done = 0;
  double encode = 0, submit = 0, total = 0;
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    b.encodeAndSubmit(dynamic, encode, submit);
    b.device.queue().onSubmittedWorkDone([&done] { ++done; });
    ++submitted;
    // At most this submission left running.
    while (done + 1 < submitted) {
      std::optional<uint64_t> serial = b.device.pendingSerial();
      if (serial && *serial != 0) b.device.waitSerial(*serial, 60s);
      b.device.tick();
    }
    total += nsSince(start);
  }
  b.finish();
  double pairs = double(state.iterations()) * kPairs;
  state.counters["encode_ns"] = encode / pairs;
  state.counters["submit_ns"] = submit / pairs;
  state.counters["total_ns"] = total / pairs;
}

// ---------------------------------------------------------------------------
// raw Vulkan: its own VkDevice on the same physical device.

// The raw twin of encodePairs: `commands` reset and begun, the pipeline
// bound, 100,000 vkCmdBindDescriptorSets + vkCmdDispatch over `sets` (static:
// 64 sets; dynamic: sets[0] at 64 offsets), ended. barrierFirst: bindery's
// barrier at a pass's start first (earlier work's writes made visible).
void recordRawPairs(VkCommandBuffer commands, VkPipeline pipeline, VkPipelineLayout layout,
                    const std::vector<VkDescriptorSet>& sets, bool dynamic,
                    bool barrierFirst = false) {
  vkResetCommandBuffer(commands, 0);
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(commands, &begin);
  if (barrierFirst) {
    VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
    mb.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &mb, 0, nullptr, 0, nullptr);
  }
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  for (uint32_t i = 0; i < kPairs; ++i) {
    uint32_t offset = (i % kGroups) * kStride;
    VkDescriptorSet set = dynamic ? sets[0] : sets[i % kGroups];
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set,
                            dynamic ? 1 : 0, &offset);
    vkCmdDispatch(commands, 1, 1, 1);
  }
  vkEndCommandBuffer(commands);
}

struct RawCompute : bindery_bench::RawDevice {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout[2] = {};
  VkPipelineLayout layout[2] = {};
  VkPipeline pipeline[2] = {};
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> sets[2];
  bool ok = false;

  // recordRawPairs into this device's command buffer.
  void recordPairs(int dynamic) {
    recordRawPairs(commands, pipeline[dynamic], layout[dynamic], sets[dynamic], dynamic);
  }

  RawCompute() {
    bindery::vulkan::Instance* instance = bindery::vulkan::sharedInstance();
    if (!instance || instance->physicalDevices().empty()) return;
    const bindery::vulkan::PhysicalDevice& physical = instance->physicalDevices()[0];
    if (!createDevice(physical)) return;
    // One buffer: 64 uniform windows, then the output.
    buffer = createBuffer(kStride * (kGroups + 1),
                          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                          &memory);
    bindery::wgsl::Module module = bindery::wgsl::parse(kShader);
    bindery::spirv::Result spirv = bindery::spirv::generate(module, "main");
    if (!spirv.ok()) return;
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kGroups},
                                    {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, kGroups},
                                    {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2 * kGroups}};
    VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pi.maxSets = 2 * kGroups;
    pi.poolSizeCount = 3;
    pi.pPoolSizes = sizes;
    vkCreateDescriptorPool(device, &pi, nullptr, &descriptorPool);
    for (int dynamic = 0; dynamic < 2; ++dynamic) {
      VkDescriptorSetLayoutBinding bindings[] = {
          {0,
           dynamic ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
           1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
          {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
      VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
      li.bindingCount = 2;
      li.pBindings = bindings;
      vkCreateDescriptorSetLayout(device, &li, nullptr, &setLayout[dynamic]);
      VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
      pli.setLayoutCount = 1;
      pli.pSetLayouts = &setLayout[dynamic];
      vkCreatePipelineLayout(device, &pli, nullptr, &layout[dynamic]);
      auto made = bindery::vulkan::createComputeVkPipeline(device, VK_NULL_HANDLE, layout[dynamic],
                                                           spirv.words, "main");
      if (made.isError()) return;
      pipeline[dynamic] = made.value();
      for (uint32_t g = 0; g < kGroups; ++g) {
        VkDescriptorSetAllocateInfo si{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        si.descriptorPool = descriptorPool;
        si.descriptorSetCount = 1;
        si.pSetLayouts = &setLayout[dynamic];
        VkDescriptorSet set;
        vkAllocateDescriptorSets(device, &si, &set);
        VkDescriptorBufferInfo infos[] = {{buffer, dynamic ? 0 : g * kStride, 16},
                                          {buffer, kGroups * kStride, 16}};
        VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                          {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
        for (uint32_t w = 0; w < 2; ++w) {
          writes[w].dstSet = set;
          writes[w].dstBinding = w;
          writes[w].descriptorCount = 1;
          writes[w].descriptorType = bindings[w].descriptorType;
          writes[w].pBufferInfo = &infos[w];
        }
        vkUpdateDescriptorSets(device, 2, writes, 0, nullptr);
        sets[dynamic].push_back(set);
      }
    }
    ok = true;
  }
};

RawCompute& raw() {
  static RawCompute r;
  return r;
}

void BM_BindDispatch_Raw(benchmark::State& state) {
  RawCompute& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  int dynamic = static_cast<int>(state.range(0));
  double record = 0, total = 0;
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    record += r.recordSubmitAndWait([&] { r.recordPairs(dynamic); });
    total += nsSince(start);
  }
  double pairs = double(state.iterations()) * kPairs;
  state.counters["record_ns"] = record / pairs;
  state.counters["total_ns"] = total / pairs;
}

// Bindery's pairs and raw's, alternating in one run (alternating.h): per
// pair, bindery's encode + submit CPU time and raw's recording CPU time, each
// batch waited for before the next; "ratio" is the median of bindery / raw.
void BM_BindDispatch_Alternating(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  RawCompute& r = raw();
  if (!b.ok || !r.ok) return state.SkipWithError("no Vulkan device");
  int dynamic = static_cast<int>(state.range(0));
  b.finish();
  bindery_bench::alternate(
      state,
      [&] {
        double encode = 0, submit = 0;
        b.encodeAndSubmit(dynamic == 1, encode, submit);
        b.finish();
        return (encode + submit) / kPairs;
      },
      [&] { return r.recordSubmitAndWait([&] { r.recordPairs(dynamic); }) / kPairs; });
}

// Raw, pipelined as BindDispatch_BinderyPipelined: two command buffers, each
// recorded once the submission that last used it has finished.
void BM_BindDispatch_RawPipelined(benchmark::State& state) {
  RawCompute& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  static VkCommandBuffer commands[2] = {};
  static VkFence fences[2] = {};
  if (!commands[0]) {
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = r.pool;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 2;
    vkAllocateCommandBuffers(r.device, &cai, commands);
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    fi.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    for (VkFence& f : fences) vkCreateFence(r.device, &fi, nullptr, &f);
  }
  int dynamic = static_cast<int>(state.range(0));
  double record = 0, total = 0;
  uint32_t k = 0;
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    VkCommandBuffer cb = commands[k % 2];
    VkFence fence = fences[k % 2];
    ++k;
    vkWaitForFences(r.device, 1, &fence, VK_TRUE, UINT64_MAX);
    vkResetFences(r.device, 1, &fence);
    double cpu = threadNs();
    recordRawPairs(cb, r.pipeline[dynamic], r.layout[dynamic], r.sets[dynamic], dynamic);
    record += threadNs() - cpu;
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &cb;
    vkQueueSubmit(r.queue, 1, &submit, fence);
    total += nsSince(start);
  }
  vkWaitForFences(r.device, 2, fences, VK_TRUE, UINT64_MAX);
  double pairs = double(state.iterations()) * kPairs;
  state.counters["record_ns"] = record / pairs;
  state.counters["total_ns"] = total / pairs;
}

// Raw calls on bindery's objects: the same vkCmdBindDescriptorSets +
// vkCmdDispatch as BindDispatch_Raw, recorded by hand, but on bindery's
// VkDevice with bindery's pipeline, pipeline layout and the bind groups'
// descriptor sets. Against BindDispatch_Raw it tells whether a driver's
// recording cost depends on how bindery made its objects (device features,
// descriptor pools, layouts); against BindDispatch_Bindery, what bindery's
// own recording path adds.
struct RawOnBindery {
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkSemaphore timeline = VK_NULL_HANDLE;
  uint64_t signalled = 0;
  VkPipeline pipeline[2] = {};
  VkPipelineLayout layout[2] = {};
  std::vector<VkDescriptorSet> sets[2];
  bool ok = false;

  explicit RawOnBindery(BinderyCompute& b) {
    if (!b.ok) return;
    auto& backend = static_cast<bindery::vulkan::Device&>(
        bindery::core::fromHandle<bindery::core::DeviceBase>(b.device)->backend());
    device = backend.handle();
    queue = backend.queue();
    for (int dynamic = 0; dynamic < 2; ++dynamic) {
      auto& p = bindery::vulkan::ComputePipeline::of(
          *bindery::core::fromHandle<bindery::core::ComputePipelineBase>(b.pipeline[dynamic]));
      if (p.handle().isError()) return;
      pipeline[dynamic] = p.handle().value();
      layout[dynamic] = p.layout().handle();
      for (const bindery::BindGroup& g : b.groups[dynamic]) {
        sets[dynamic].push_back(bindery::vulkan::BindGroup::of(
                                    *bindery::core::fromHandle<bindery::core::BindGroupBase>(g))
                                    .handle());
      }
    }
    VkCommandPoolCreateInfo ci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    ci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    ci.queueFamilyIndex = bindery::vulkan::sharedInstance()->physicalDevices()[0].queueFamily;
    if (vkCreateCommandPool(device, &ci, nullptr, &pool) != VK_SUCCESS) return;
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = pool;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    if (vkAllocateCommandBuffers(device, &cai, &commands) != VK_SUCCESS) return;
    VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    if (vkCreateFence(device, &fi, nullptr, &fence) != VK_SUCCESS) return;
    // Args 2 and 3 signal and wait for a timeline semaphore, as bindery's queue does.
    if (backend.usesTimelineSemaphore()) {
      VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
      type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
      VkSemaphoreCreateInfo si{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
      si.pNext = &type;
      vkCreateSemaphore(device, &si, nullptr, &timeline);
    }
    ok = true;
  }
};

void BM_BindDispatch_RawOnBindery(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  static RawOnBindery r(b);
  if (!r.ok) return state.SkipWithError("no Vulkan adapter");
  // Bindery's queue is used from this thread only while nothing of bindery's is pending.
  b.finish();
  int dynamic = static_cast<int>(state.range(0) & 1);
  bool useTimeline = (state.range(0) & 2) != 0;
  bool barrierFirst = (state.range(0) & 4) != 0;
  if (useTimeline && r.timeline == VK_NULL_HANDLE)
    return state.SkipWithError("no timeline semaphores");
  double record = 0, total = 0;
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    double cpu = threadNs();
    recordRawPairs(r.commands, r.pipeline[dynamic], r.layout[dynamic], r.sets[dynamic], dynamic,
                   barrierFirst);
    record += threadNs() - cpu;
    if (!useTimeline) {
      bindery_bench::submitAndWait(r.device, r.queue, r.commands, r.fence);
    } else {
      VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
      submit.commandBufferCount = 1;
      submit.pCommandBuffers = &r.commands;
      uint64_t value = ++r.signalled;
      VkTimelineSemaphoreSubmitInfo ti{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
      ti.signalSemaphoreValueCount = 1;
      ti.pSignalSemaphoreValues = &value;
      submit.pNext = &ti;
      submit.signalSemaphoreCount = 1;
      submit.pSignalSemaphores = &r.timeline;
      vkQueueSubmit(r.queue, 1, &submit, VK_NULL_HANDLE);
      VkSemaphoreWaitInfo wi{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
      wi.semaphoreCount = 1;
      wi.pSemaphores = &r.timeline;
      wi.pValues = &value;
      vkWaitSemaphores(r.device, &wi, UINT64_MAX);
    }
    total += nsSince(start);
  }
  double pairs = double(state.iterations()) * kPairs;
  state.counters["record_ns"] = record / pairs;
  state.counters["total_ns"] = total / pairs;
}

// ---------------------------------------------------------------------------
// creation

void createGroups(benchmark::State& state, BinderyCompute& b, uint32_t entries) {
  if (!b.ok) return state.SkipWithError("no adapter");
  bindery::BindGroupLayoutDescriptor d;
  for (uint32_t e = 0; e < entries; ++e) {
    d.entries.push_back({e, bindery::ShaderStage::Compute,
                         bindery::BufferBindingLayout{bindery::BufferBindingType::Uniform}});
  }
  bindery::BindGroupLayout layout = b.device.createBindGroupLayout(d);
  bindery::BindGroupDescriptor g;
  g.layout = layout;
  for (uint32_t e = 0; e < entries; ++e) {
    g.entries.push_back({e, bindery::BufferBinding{b.uniforms, e * kStride, 16}});
  }
  for (auto _ : state) benchmark::DoNotOptimize(b.device.createBindGroup(g));
  b.device.tick();
}
void BM_CreateBindGroup_Vulkan(benchmark::State& state) {
  createGroups(state, vulkanBindery(), static_cast<uint32_t>(state.range(0)));
}
void BM_CreateBindGroup_Null(benchmark::State& state) {
  createGroups(state, nullBindery(), static_cast<uint32_t>(state.range(0)));
}

constexpr uint32_t kSubRangeGroups = 10000;

// With `census`, the Vulkan commands that reached the driver per group
// ("<name>" calls, "<name>_ns" time in them; vk_call_census.h): the driver's
// part of each creation.
void subRangeGroups(benchmark::State& state, BinderyCompute& b, bool census = false) {
  if (!b.ok) return state.SkipWithError("no adapter");
  bindery::Buffer big =
      b.buffer(uint64_t{kStride} * kSubRangeGroups, bindery::BufferUsage::Uniform);
  bindery::BindGroupDescriptor g;
  g.layout = b.layout[0];
  std::vector<bindery::BindGroup> groups;
  groups.reserve(kSubRangeGroups);
  if (census) {
    bindery_bench::countVkCalls(true);
    bindery_bench::clearVkCallTallies();
  }
  for (auto _ : state) {
    for (uint32_t i = 0; i < kSubRangeGroups; ++i) {
      g.entries = {{0, bindery::BufferBinding{big, uint64_t{i} * kStride, 96}},
                   {1, bindery::BufferBinding{b.out}}};
      groups.push_back(b.device.createBindGroup(g));
    }
    state.PauseTiming();
    groups.clear();
    b.device.tick();
    state.ResumeTiming();
  }
  double made = double(state.iterations()) * kSubRangeGroups;
  if (census) {
    bindery_bench::countVkCalls(false);
    for (const auto& [name, tally] : bindery_bench::vkCallCensus()) {
      state.counters[name] = double(tally.calls) / made;
      state.counters[name + "_ns"] = tally.ns / made;
    }
  }
  state.counters["ns_per_group"] =
      benchmark::Counter(made, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
void BM_CreateSubRangeGroups_Vulkan(benchmark::State& state) {
  subRangeGroups(state, vulkanBindery());
}
void BM_CreateSubRangeGroups_Null(benchmark::State& state) {
  subRangeGroups(state, nullBindery());
}
void BM_CreateSubRangeGroups_Census(benchmark::State& state) {
  subRangeGroups(state, vulkanBindery(), true);
}

// The driver's own floor for the sub-range groups: 10,000 sets of the same
// layout (a uniform sub-range and a storage buffer), allocated once, each
// written per iteration with the two descriptors bindery writes, by
// vkUpdateDescriptorSets (Arg 0) or through a descriptor update template
// (Arg 1, what bindery uses).
void BM_WriteSubRangeSets_Raw(benchmark::State& state) {
  RawCompute& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  const bool templated = state.range(0) == 1;
  VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSubRangeGroups},
                                  {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSubRangeGroups}};
  VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pi.maxSets = kSubRangeGroups;
  pi.poolSizeCount = 2;
  pi.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  vkCreateDescriptorPool(r.device, &pi, nullptr, &pool);
  std::vector<VkDescriptorSetLayout> layouts(kSubRangeGroups, r.setLayout[0]);
  std::vector<VkDescriptorSet> sets(kSubRangeGroups);
  VkDescriptorSetAllocateInfo si{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  si.descriptorPool = pool;
  si.descriptorSetCount = kSubRangeGroups;
  si.pSetLayouts = layouts.data();
  if (vkAllocateDescriptorSets(r.device, &si, sets.data()) != VK_SUCCESS) {
    vkDestroyDescriptorPool(r.device, pool, nullptr);
    return state.SkipWithError("vkAllocateDescriptorSets failed");
  }
  VkDescriptorUpdateTemplateEntry entries[2] = {};
  for (uint32_t e = 0; e < 2; ++e) {
    entries[e].dstBinding = e;
    entries[e].descriptorCount = 1;
    entries[e].descriptorType =
        e == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    entries[e].offset = e * sizeof(VkDescriptorBufferInfo);
    entries[e].stride = sizeof(VkDescriptorBufferInfo);
  }
  VkDescriptorUpdateTemplateCreateInfo ti{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
  ti.descriptorUpdateEntryCount = 2;
  ti.pDescriptorUpdateEntries = entries;
  ti.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET;
  ti.descriptorSetLayout = r.setLayout[0];
  VkDescriptorUpdateTemplate update = VK_NULL_HANDLE;
  vkCreateDescriptorUpdateTemplate(r.device, &ti, nullptr, &update);
  for (auto _ : state) {
    for (uint32_t i = 0; i < kSubRangeGroups; ++i) {
      VkDescriptorBufferInfo infos[2] = {{r.buffer, (i % kGroups) * kStride, 96},
                                         {r.buffer, kGroups * kStride, 16}};
      if (templated) {
        vkUpdateDescriptorSetWithTemplate(r.device, sets[i], update, infos);
        continue;
      }
      VkWriteDescriptorSet writes[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                        {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
      for (uint32_t w = 0; w < 2; ++w) {
        writes[w].dstSet = sets[i];
        writes[w].dstBinding = w;
        writes[w].descriptorCount = 1;
        writes[w].descriptorType = entries[w].descriptorType;
        writes[w].pBufferInfo = &infos[w];
      }
      vkUpdateDescriptorSets(r.device, 2, writes, 0, nullptr);
    }
  }
  vkDestroyDescriptorUpdateTemplate(r.device, update, nullptr);
  vkDestroyDescriptorPool(r.device, pool, nullptr);
  state.counters["ns_per_set"] =
      benchmark::Counter(double(state.iterations()) * kSubRangeGroups,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_CreateComputePipeline_Vulkan(benchmark::State& state) {
  BinderyCompute& b = vulkanBindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  uint64_t unique = 0;
  for (auto _ : state) {
    ++unique;
    std::string code = std::string(kShader) + "const k" + std::to_string(unique) + " = 1u;\n";
    bindery::ComputePipelineDescriptor pd;
    pd.layout = bindery::kAutoLayout;
    pd.compute.module = b.device.createShaderModule({.code = code});
    bindery::ComputePipeline p = b.device.createComputePipeline(pd);
    // Until the VkPipeline exists (compiled on another thread).
    auto* core = bindery::core::fromHandle<bindery::core::ComputePipelineBase>(p);
    auto* backend = static_cast<bindery::vulkan::ComputePipeline*>(core->backendObject());
    if (!backend || backend->handle().isError()) return state.SkipWithError("creation failed");
  }
}

BENCHMARK(BM_BindDispatch_Alternating)
    ->Arg(0)
    ->Arg(1)
    ->Iterations(21)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_BindDispatch_Bindery)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BindDispatch_BinderyPipelined)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_BindDispatch_RawPipelined)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_BindDispatch_BinderyCensus)
    ->Arg(0)
    ->Arg(1)
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_BindDispatch_Raw)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BindDispatch_RawOnBindery)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(3)
    ->Arg(4)
    ->Arg(5)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_CreateBindGroup_Vulkan)->Arg(1)->Arg(4);
BENCHMARK(BM_CreateBindGroup_Null)->Arg(1)->Arg(4);
BENCHMARK(BM_CreateSubRangeGroups_Vulkan)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CreateSubRangeGroups_Null)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CreateSubRangeGroups_Census)->Iterations(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteSubRangeSets_Raw)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CreateComputePipeline_Vulkan)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
