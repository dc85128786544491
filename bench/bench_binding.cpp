// Binding-model benchmarks on the null device: createBindGroupLayout (1 and
// 8 entries; a deduplication hit), createBindGroup (1 entry; 4 entries; 10,000
// groups over sub-ranges of one buffer), and the bytes of one bind group.
#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

#include "bench_device.h"

#include <vector>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"

namespace {

using namespace bindery;
using namespace bindery_bench;

constexpr ShaderStageFlags kVF = ShaderStage::Vertex | ShaderStage::Fragment;

BindGroupLayoutDescriptor eightEntries(uint32_t salt) {
  BindGroupLayoutDescriptor d{.label = "ocho"};
  d.entries.push_back(
      {.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{.minBindingSize = 144}});
  d.entries.push_back(
      {.binding = 1,
       .visibility = kVF,
       .buffer = BufferBindingLayout{.hasDynamicOffset = true, .minBindingSize = salt}});
  d.entries.push_back(
      {.binding = 2, .visibility = ShaderStage::Fragment, .sampler = SamplerBindingLayout{}});
  d.entries.push_back({.binding = 3,
                       .visibility = ShaderStage::Fragment,
                       .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}});
  d.entries.push_back(
      {.binding = 4, .visibility = ShaderStage::Fragment, .texture = TextureBindingLayout{}});
  d.entries.push_back({.binding = 5,
                       .visibility = ShaderStage::Fragment,
                       .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth}});
  d.entries.push_back({.binding = 6,
                       .visibility = ShaderStage::Fragment,
                       .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}});
  d.entries.push_back({.binding = 7,
                       .visibility = ShaderStage::Fragment,
                       .externalTexture = ExternalTextureBindingLayout{}});
  return d;
}

// A fresh layout each iteration (the shared contents die with it): validation,
// hashing, the cache miss and the allocation.
void BM_CreateBindGroupLayout1(benchmark::State& state) {
  Device device = makeDevice();
  const BindGroupLayoutDescriptor d{
      .label = "objeto",
      .entries = {{.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{}}}};
  for (auto _ : state) {
    BindGroupLayout layout = device.createBindGroupLayout(d);
    benchmark::DoNotOptimize(layout);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateBindGroupLayout1);

void BM_CreateBindGroupLayout8(benchmark::State& state) {
  Device device = makeDevice();
  const BindGroupLayoutDescriptor d = eightEntries(16);
  for (auto _ : state) {
    BindGroupLayout layout = device.createBindGroupLayout(d);
    benchmark::DoNotOptimize(layout);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateBindGroupLayout8);

// A deduplication hit: an equal layout is alive, so the new wrapper shares it.
void BM_CreateBindGroupLayout8DedupHit(benchmark::State& state) {
  Device device = makeDevice();
  const BindGroupLayoutDescriptor d = eightEntries(16);
  BindGroupLayout keep = device.createBindGroupLayout(d);
  for (auto _ : state) {
    BindGroupLayout layout = device.createBindGroupLayout(d);
    benchmark::DoNotOptimize(layout);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateBindGroupLayout8DedupHit);

void BM_CreateBindGroup1(benchmark::State& state) {
  Device device = makeDevice();
  BindGroupLayout layout = device.createBindGroupLayout(
      {.entries = {{.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{}}}});
  Buffer buffer = device.createBuffer({.size = 256, .usage = BufferUsage::Uniform});
  const BindGroupDescriptor d{
      .layout = layout,
      .entries = {{.binding = 0, .resource = BufferBinding{.buffer = buffer, .size = 96}}}};
  for (auto _ : state) {
    BindGroup group = device.createBindGroup(d);
    benchmark::DoNotOptimize(group);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateBindGroup1);

// Seed 000's marble material: a buffer range, a sampler, a view, an external texture.
void BM_CreateBindGroup4(benchmark::State& state) {
  Device device = makeDevice();
  BindGroupLayout layout = device.createBindGroupLayout(
      {.label = "material",
       .entries = {
           {.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{.minBindingSize = 96}},
           {.binding = 1, .visibility = ShaderStage::Fragment, .sampler = SamplerBindingLayout{}},
           {.binding = 2, .visibility = ShaderStage::Fragment, .texture = TextureBindingLayout{}},
           {.binding = 3,
            .visibility = ShaderStage::Fragment,
            .externalTexture = ExternalTextureBindingLayout{}}}});
  Buffer uniforms = device.createBuffer({.size = 256, .usage = BufferUsage::Uniform});
  Sampler sampler = device.createSampler({.magFilter = FilterMode::Linear});
  Texture albedo = device.createTexture({.size = {256, 256},
                                         .format = TextureFormat::Rgba8unorm,
                                         .usage = TextureUsage::TextureBinding});
  TextureView view = albedo.createView();
  VideoFrameSource video(albedo.createView());
  ExternalTexture external = device.importExternalTexture({.source = video});
  const BindGroupDescriptor d{
      .label = "mármol",
      .layout = layout,
      .entries = {
          {.binding = 0, .resource = BufferBinding{.buffer = uniforms, .offset = 0, .size = 96}},
          {.binding = 1, .resource = sampler},
          {.binding = 2, .resource = view},
          {.binding = 3, .resource = external}}};
  for (auto _ : state) {
    BindGroup group = device.createBindGroup(d);
    benchmark::DoNotOptimize(group);
  }
  checkNoErrors(state);
  state.counters["bytes_per_group"] =
      static_cast<double>(bindery::core::BindGroupBase::allocationSize(4, 1));
}
BENCHMARK(BM_CreateBindGroup4);

// 10,000 groups over sub-ranges of one buffer (offsets i * 256, size 96), all alive.
void BM_CreateBindGroup10000SubRanges(benchmark::State& state) {
  Device device = makeDevice();
  BindGroupLayout layout = device.createBindGroupLayout(
      {.entries = {{.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{}}}});
  constexpr uint64_t kCount = 10000;
  Buffer big = device.createBuffer({.size = kCount * 256, .usage = BufferUsage::Uniform});
  std::vector<BindGroupDescriptor> descriptors;
  for (uint64_t i = 0; i < kCount; ++i) {
    descriptors.push_back(
        {.layout = layout,
         .entries = {{.binding = 0,
                      .resource = BufferBinding{.buffer = big, .offset = i * 256, .size = 96}}}});
  }
  std::vector<BindGroup> groups;
  groups.reserve(kCount);
  for (auto _ : state) {
    for (const BindGroupDescriptor& d : descriptors) groups.push_back(device.createBindGroup(d));
    benchmark::DoNotOptimize(groups.data());
    state.PauseTiming();
    groups.clear();
    state.ResumeTiming();
  }
  checkNoErrors(state);
  state.SetItemsProcessed(state.iterations() * kCount);
}
BENCHMARK(BM_CreateBindGroup10000SubRanges)->Unit(benchmark::kMicrosecond);

// Bytes of one bind group: sizeof(BindGroupBase) plus its inline entries
// (1 and 4 entries, one buffer among them).
void BM_BytesPerBindGroup(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
  state.counters["sizeof_BindGroupBase"] = sizeof(bindery::core::BindGroupBase);
  state.counters["bytes_1_entry"] =
      static_cast<double>(bindery::core::BindGroupBase::allocationSize(1, 1));
  state.counters["bytes_4_entries"] =
      static_cast<double>(bindery::core::BindGroupBase::allocationSize(4, 1));
}
BENCHMARK(BM_BytesPerBindGroup)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
