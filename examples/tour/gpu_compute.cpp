// Seed 000's compute scenarios with real numbers, on a Vulkan device (the
// rest of the tour runs on the null device): one large uniform buffer seen
// as 200 sub-range bind groups, the same with one group and a dynamic
// offset, and a storage buffer written by one dispatch and read by the next.
// The values printed are read back from the GPU. Without a Vulkan device the
// chapter says so and is skipped.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tour.h"

namespace tour {

using namespace bindery;

namespace {

constexpr uint32_t kObjects = 200;
constexpr uint32_t kObjectSize = 96;  // 24 u32 per object

constexpr const char* kSumObject = R"(
struct Object { v: array<vec4u, 6> }
@group(0) @binding(0) var<uniform> object: Object;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
struct Slot { i: u32 }
@group(0) @binding(2) var<uniform> slot: Slot;
@compute @workgroup_size(1) fn main() {
  var sum = 0u;
  for (var k = 0; k < 6; k++) { sum += object.v[k].x + object.v[k].y + object.v[k].z + object.v[k].w; }
  sums[slot.i] = sum;
}
)";

uint32_t expectedSum(uint32_t i) {
  uint32_t sum = 0;
  for (uint32_t k = 0; k < kObjectSize / 4; ++k) sum += i * 1000 + k;
  return sum;
}

class Gpu {
 public:
  explicit Gpu(Device device) : device_(std::move(device)) {}
  const Device& device() const { return device_; }

  Buffer buffer(const std::vector<uint32_t>& words, BufferUsageFlags usage) {
    BufferDescriptor d;
    d.size = words.size() * 4;
    d.usage = usage | BufferUsage::CopySrc | BufferUsage::CopyDst;
    d.mappedAtCreation = true;
    Buffer b = device_.createBuffer(d);
    std::memcpy(b.getMappedRange(), words.data(), d.size);
    b.unmap();
    return b;
  }
  std::vector<uint32_t> read(const Buffer& source, uint32_t count) {
    BufferDescriptor d;
    d.size = count * 4;
    d.usage = BufferUsage::MapRead | BufferUsage::CopyDst;
    Buffer readback = device_.createBuffer(d);
    CommandEncoder encoder = device_.createCommandEncoder();
    encoder.copyBufferToBuffer(source, 0, readback, 0, d.size);
    device_.queue().submit({encoder.finish()});
    bool mapped = false;
    readback.mapAsync(MapMode::Read, 0, d.size, [&](MapAsyncStatus s, std::string_view) {
      mapped = s == MapAsyncStatus::Success;
    });
    while (std::optional<uint64_t> serial = device_.pendingSerial()) {
      if (*serial != 0) device_.waitSerial(*serial, std::chrono::seconds(10));
      device_.tick();
    }
    std::vector<uint32_t> words(count);
    if (mapped) std::memcpy(words.data(), readback.getMappedRange(), d.size);
    return words;
  }

 private:
  Device device_;
};

std::string firstSums(const std::vector<uint32_t>& sums) {
  std::string text;
  for (uint32_t i : {0u, 1u, 2u, 199u}) {
    text += (text.empty() ? "" : ", ") + std::to_string(i) + " -> " + std::to_string(sums[i]);
  }
  return text;
}

bool allMatch(const std::vector<uint32_t>& sums) {
  for (uint32_t i = 0; i < kObjects; ++i) {
    if (sums[i] != expectedSum(i)) return false;
  }
  return true;
}

}  // namespace

void gpuCompute(Tour& tour) {
  tour.chapter("Seed 000 on the GPU: one buffer, many bindings (Vulkan)");
  InstanceDescriptor instance;
  instance.backend = BackendType::Vulkan;
  Adapter adapter = Instance::create(instance).requestAdapter();
  if (!adapter) {
    tour.note(
        "No Vulkan device here (requestAdapter({backend: 'vulkan'}) found none): this "
        "chapter is skipped. On Debian: apt-get install mesa-vulkan-drivers.");
    return;
  }
  AdapterInfo info = adapter.info();
  tour.note("Adapter: " + info.description);
  Gpu gpu(adapter.requestDevice().device);
  const Device& device = gpu.device();

  uint32_t stride = device.limits().minUniformBufferOffsetAlignment;
  stride = (kObjectSize + stride - 1) / stride * stride;
  std::vector<uint32_t> words(kObjects * stride / 4, 0), slots(kObjects * stride / 4, 0);
  for (uint32_t i = 0; i < kObjects; ++i) {
    for (uint32_t k = 0; k < kObjectSize / 4; ++k) words[i * stride / 4 + k] = i * 1000 + k;
    slots[i * stride / 4] = i;
  }
  Buffer big = gpu.buffer(words, BufferUsage::Uniform);
  Buffer slot = gpu.buffer(slots, BufferUsage::Uniform);
  tour.note("One uniform buffer of " + std::to_string(kObjects) + " x " + std::to_string(stride) +
            " bytes; object i's 24 values are i*1000 + k; the shader sums them.");

  // 200 bind groups, each a 96-byte window of the one buffer.
  ShaderModule module = device.createShaderModule({.code = kSumObject});
  ComputePipelineDescriptor pd;
  pd.layout = kAutoLayout;
  pd.compute.module = module;
  ComputePipeline pipeline = device.createComputePipeline(pd);
  Buffer sums = gpu.buffer(std::vector<uint32_t>(kObjects, 0), BufferUsage::Storage);
  CommandEncoder encoder = device.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  for (uint32_t i = 0; i < kObjects; ++i) {
    BindGroupDescriptor g;
    g.layout = pipeline.getBindGroupLayout(0);
    g.entries = {{0, BufferBinding{big, uint64_t{i} * stride, kObjectSize}},
                 {1, BufferBinding{sums}},
                 {2, BufferBinding{slot, uint64_t{i} * stride, 4}}};
    pass.setBindGroup(0, device.createBindGroup(g));
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  device.queue().submit({encoder.finish()});
  std::vector<uint32_t> result = gpu.read(sums, kObjects);
  tour.expectTrue("200 sub-range bind groups: each object's data reached the shader",
                  allMatch(result), "sums read back: " + firstSums(result));

  // The same with one bind group and dynamic offsets.
  BindGroupLayoutDescriptor ld;
  ld.entries = {
      {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Uniform, true, kObjectSize}},
      {1, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage}},
      {2, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Uniform, true, 4}}};
  BindGroupLayout layout = device.createBindGroupLayout(ld);
  PipelineLayoutDescriptor pl;
  pl.bindGroupLayouts = {layout};
  pd.layout = device.createPipelineLayout(pl);
  ComputePipeline dynamicPipeline = device.createComputePipeline(pd);
  Buffer dynamicSums = gpu.buffer(std::vector<uint32_t>(kObjects, 0), BufferUsage::Storage);
  BindGroupDescriptor g;
  g.layout = layout;
  g.entries = {{0, BufferBinding{big, 0, kObjectSize}},
               {1, BufferBinding{dynamicSums}},
               {2, BufferBinding{slot, 0, 4}}};
  BindGroup group = device.createBindGroup(g);
  encoder = device.createCommandEncoder();
  pass = encoder.beginComputePass();
  pass.setPipeline(dynamicPipeline);
  for (uint32_t i = 0; i < kObjects; ++i) {
    pass.setBindGroup(0, group, {i * stride, i * stride});
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  device.queue().submit({encoder.finish()});
  result = gpu.read(dynamicSums, kObjects);
  tour.expectTrue("one bind group, 200 dynamic offsets: the same sums", allMatch(result),
                  "sums read back: " + firstSums(result));

  // A storage buffer written by one dispatch and read by the next.
  ComputePipelineDescriptor chain;
  chain.layout = kAutoLayout;
  chain.compute.module = device.createShaderModule({.code = R"(
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&dst)) { dst[id.x] = src[id.x] * src[id.x] + 1u; }
}
)"});
  ComputePipeline square = device.createComputePipeline(chain);
  std::vector<uint32_t> input(256);
  for (uint32_t i = 0; i < 256; ++i) input[i] = i;
  Buffer a = gpu.buffer(input, BufferUsage::Storage);
  Buffer b = gpu.buffer(std::vector<uint32_t>(256), BufferUsage::Storage);
  Buffer c = gpu.buffer(std::vector<uint32_t>(256), BufferUsage::Storage);
  auto groupOf = [&](const Buffer& from, const Buffer& to) {
    BindGroupDescriptor d;
    d.layout = square.getBindGroupLayout(0);
    d.entries = {{0, BufferBinding{from}}, {1, BufferBinding{to}}};
    return device.createBindGroup(d);
  };
  encoder = device.createCommandEncoder();
  pass = encoder.beginComputePass();
  pass.setPipeline(square);
  pass.setBindGroup(0, groupOf(a, b));
  pass.dispatchWorkgroups(4);
  pass.setBindGroup(0, groupOf(b, c));
  pass.dispatchWorkgroups(4);
  pass.end();
  device.queue().submit({encoder.finish()});
  result = gpu.read(c, 256);
  bool ok = true;
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t once = i * i + 1;
    ok &= result[i] == once * once + 1;
  }
  tour.expectTrue("storage written by one dispatch, read by the next (x -> (x*x+1)^2+1)", ok,
                  "c[2] = " + std::to_string(result[2]) + ", c[3] = " + std::to_string(result[3]) +
                      ", c[255] = " + std::to_string(result[255]));
}

}  // namespace tour
