// The Vulkan backend against raw Vulkan, same process, same run: the same
// steps through bindery's public API and through a small raw-Vulkan program
// (RawVulkan below: its own VkDevice on the same physical device, a
// persistently mapped staging buffer, a timeline semaphore). Ratios
// bindery / raw are printed after the table.
//
//   writeBuffer/256, writeBuffer/4MiB: queue.writeBuffer + wait until the GPU
//     has copied it (raw: memcpy to staging, record + submit a copy, wait)
//   mapAsync round trip: mapAsync(READ) of a 4 KiB buffer with no GPU work
//     pending + getMappedRange + unmap (raw: read the semaphore, use the
//     persistently mapped pointer)
//   submit + onSubmittedWorkDone: an empty command buffer submitted and waited
//     for (raw: empty VkCommandBuffer, vkQueueSubmit, vkWaitSemaphores)
//
// Runs on the Vulkan device the loader finds (lavapipe with
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json).
#include <benchmark/benchmark.h>
#include <vulkan/vulkan.h>

#include <bindery/bindery.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "backends/vulkan/instance.h"
#include "backends/vulkan/physical_device.h"
#include "bench_device.h"

namespace {

using namespace std::chrono_literals;

// ---------------------------------------------------------------------------
// bindery

struct Bindery {
  bindery::Device device;
  bool ok = false;
  Bindery() {
    bindery::InstanceDescriptor descriptor;
    descriptor.backend = bindery::BackendType::Vulkan;
    bindery::Adapter adapter = bindery::Instance::create(descriptor).requestAdapter();
    if (!adapter) return;
    device = adapter.requestDevice().device;
    ok = static_cast<bool>(device);
  }
  // Until no callback is pending, waiting on the GPU in between.
  void finish() { bindery_bench::drainCallbacks(device, 10s); }
  bindery::Buffer buffer(uint64_t size, bindery::BufferUsageFlags usage) {
    bindery::BufferDescriptor d;
    d.size = size;
    d.usage = usage;
    return device.createBuffer(d);
  }
};

Bindery& bindery_() {
  static Bindery b;
  return b;
}

// ---------------------------------------------------------------------------
// raw Vulkan

struct RawVulkan {
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkSemaphore timeline = VK_NULL_HANDLE;
  uint64_t serial = 0;
  VkBuffer staging = VK_NULL_HANDLE, destination = VK_NULL_HANDLE, readback = VK_NULL_HANDLE;
  VkDeviceMemory stagingMemory = VK_NULL_HANDLE, destinationMemory = VK_NULL_HANDLE,
                 readbackMemory = VK_NULL_HANDLE;
  uint8_t* stagingBytes = nullptr;
  uint8_t* readbackBytes = nullptr;
  bool ok = false;

  static constexpr VkDeviceSize kSize = 4 << 20;

  RawVulkan() {
    bindery::vulkan::Instance* instance = bindery::vulkan::sharedInstance();
    if (!instance) return;
    const bindery::vulkan::PhysicalDevice* physical =
        bindery::vulkan::choosePhysicalDevice(instance->physicalDevices(), std::nullopt, false);
    if (!physical || !physical->timelineSemaphore) return;
    float priority = 1;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = physical->queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkPhysicalDeviceVulkan12Features features12{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
    features12.timelineSemaphore = VK_TRUE;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = &features12;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    if (vkCreateDevice(physical->handle, &info, nullptr, &device) != VK_SUCCESS) return;
    vkGetDeviceQueue(device, physical->queueFamily, 0, &queue);
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = physical->queueFamily;
    vkCreateCommandPool(device, &poolInfo, nullptr, &pool);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = pool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    vkAllocateCommandBuffers(device, &alloc, &commands);
    VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    semaphoreInfo.pNext = &type;
    vkCreateSemaphore(device, &semaphoreInfo, nullptr, &timeline);
    constexpr VkMemoryPropertyFlags kHost =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    stagingBytes =
        makeBuffer(*physical, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, kHost, &staging, &stagingMemory);
    makeBuffer(*physical, VK_BUFFER_USAGE_TRANSFER_DST_BIT, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
               &destination, &destinationMemory);
    readbackBytes =
        makeBuffer(*physical, VK_BUFFER_USAGE_TRANSFER_DST_BIT, kHost, &readback, &readbackMemory);
    ok = stagingBytes && readbackBytes;
  }

  uint8_t* makeBuffer(const bindery::vulkan::PhysicalDevice& physical, VkBufferUsageFlags usage,
                      VkMemoryPropertyFlags flags, VkBuffer* buffer, VkDeviceMemory* memory) {
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = kSize;
    info.usage = usage;
    vkCreateBuffer(device, &info, nullptr, buffer);
    VkMemoryRequirements r;
    vkGetBufferMemoryRequirements(device, *buffer, &r);
    VkMemoryAllocateInfo allocInfo{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocInfo.allocationSize = r.size;
    for (uint32_t i = 0; i < physical.memory.memoryTypeCount; ++i) {
      if ((r.memoryTypeBits & (1u << i)) &&
          (physical.memory.memoryTypes[i].propertyFlags & flags) == flags) {
        allocInfo.memoryTypeIndex = i;
        break;
      }
    }
    vkAllocateMemory(device, &allocInfo, nullptr, memory);
    vkBindBufferMemory(device, *buffer, *memory, 0);
    void* mapped = nullptr;
    if (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
      vkMapMemory(device, *memory, 0, kSize, 0, &mapped);
    return static_cast<uint8_t*>(mapped);
  }

  // Records `record` into the command buffer, submits it and waits.
  template <class F>
  void submitAndWait(F&& record) {
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    vkBeginCommandBuffer(commands, &begin);
    record();
    vkEndCommandBuffer(commands);
    uint64_t signal = ++serial;
    VkTimelineSemaphoreSubmitInfo timelineInfo{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
    timelineInfo.signalSemaphoreValueCount = 1;
    timelineInfo.pSignalSemaphoreValues = &signal;
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.pNext = &timelineInfo;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &commands;
    submit.signalSemaphoreCount = 1;
    submit.pSignalSemaphores = &timeline;
    vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE);
    VkSemaphoreWaitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    wait.semaphoreCount = 1;
    wait.pSemaphores = &timeline;
    wait.pValues = &signal;
    vkWaitSemaphores(device, &wait, UINT64_MAX);
  }
};

RawVulkan& raw() {
  static RawVulkan r;
  return r;
}

// ---------------------------------------------------------------------------
// The benchmarks

void BM_WriteBuffer_Bindery(benchmark::State& state) {
  Bindery& b = bindery_();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  uint64_t size = static_cast<uint64_t>(state.range(0));
  bindery::Buffer buffer = b.buffer(size, bindery::BufferUsage::CopyDst);
  std::vector<uint8_t> data(size, 7);
  for (auto _ : state) {
    b.device.queue().writeBuffer(buffer, 0, data.data(), size);
    b.device.queue().onSubmittedWorkDone([] {});
    b.finish();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
}

void BM_WriteBuffer_Raw(benchmark::State& state) {
  RawVulkan& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  uint64_t size = static_cast<uint64_t>(state.range(0));
  std::vector<uint8_t> data(size, 7);
  for (auto _ : state) {
    std::memcpy(r.stagingBytes, data.data(), size);
    r.submitAndWait([&] {
      VkBufferCopy region{0, 0, size};
      vkCmdCopyBuffer(r.commands, r.staging, r.destination, 1, &region);
    });
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
}

void BM_MapAsyncRoundTrip_Bindery(benchmark::State& state) {
  Bindery& b = bindery_();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  bindery::Buffer buffer =
      b.buffer(4096, bindery::BufferUsage::MapRead | bindery::BufferUsage::CopyDst);
  uint32_t sum = 0;
  for (auto _ : state) {
    buffer.mapAsync(bindery::MapMode::Read, 0, 4096);
    b.finish();
    sum += *static_cast<const uint32_t*>(buffer.getMappedRange(0, 4096));
    buffer.unmap();
  }
  benchmark::DoNotOptimize(sum);
}

void BM_MapAsyncRoundTrip_Raw(benchmark::State& state) {
  RawVulkan& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  uint32_t sum = 0;
  for (auto _ : state) {
    uint64_t value = 0;
    vkGetSemaphoreCounterValue(r.device, r.timeline, &value);
    if (value >= r.serial) sum += *reinterpret_cast<const uint32_t*>(r.readbackBytes);
  }
  benchmark::DoNotOptimize(sum);
}

void BM_SubmitWorkDone_Bindery(benchmark::State& state) {
  Bindery& b = bindery_();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  for (auto _ : state) {
    bindery::CommandBuffer commands = b.device.createCommandEncoder().finish();
    b.device.queue().submit({commands});
    b.device.queue().onSubmittedWorkDone([] {});
    b.finish();
  }
}

void BM_SubmitWorkDone_Raw(benchmark::State& state) {
  RawVulkan& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  for (auto _ : state) r.submitAndWait([] {});
}

BENCHMARK(BM_WriteBuffer_Bindery)->Arg(256)->Arg(4 << 20)->UseRealTime();
BENCHMARK(BM_WriteBuffer_Raw)->Arg(256)->Arg(4 << 20)->UseRealTime();
BENCHMARK(BM_MapAsyncRoundTrip_Bindery)->UseRealTime();
BENCHMARK(BM_MapAsyncRoundTrip_Raw)->UseRealTime();
BENCHMARK(BM_SubmitWorkDone_Bindery)->UseRealTime();
BENCHMARK(BM_SubmitWorkDone_Raw)->UseRealTime();

// Collects each run's real time per iteration, to print bindery / raw.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type == Run::RT_Iteration && !run.error_occurred) {
        times_[run.benchmark_name()] = run.GetAdjustedRealTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  void printRatios() const {
    std::printf("\nbindery / raw Vulkan (real time per iteration):\n");
    for (const auto& [name, time] : times_) {
      std::string::size_type at = name.find("_Bindery");
      if (at == std::string::npos) continue;
      std::string rawName = name.substr(0, at) + "_Raw" + name.substr(at + 8);
      auto it = times_.find(rawName);
      if (it == times_.end() || it->second <= 0) continue;
      std::printf("  %-40s %10.1f us vs %10.1f us  = %5.2fx\n", name.substr(3).c_str(),
                  time / 1000.0, it->second / 1000.0, time / it->second);
    }
  }

 private:
  std::map<std::string, double> times_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.printRatios();
  benchmark::Shutdown();
  return 0;
}
