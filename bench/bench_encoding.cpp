// Command encoding benchmarks: 100,000 x (setBindGroup + dispatchWorkgroups)
// in one compute pass over 64 prebuilt bind groups, with and without a
// dynamic offset; the same for setBindGroup + draw in a render pass. The
// counter ns_per_pair is the time of one pair (the pass begin/end and the
// encoder's finish are included, amortised over the 100,000 pairs).
#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

using namespace bindery;

constexpr int kPairs = 100000;
constexpr int kGroups = 64;

int gErrors = 0;

struct Scene {
  Device device;
  Buffer uniforms;
  std::vector<BindGroup> groups;
  ComputePipeline compute;
  RenderPipeline render;
  TextureView target;
  uint32_t stride = 256;
};

const char* kShader = R"(
@group(0) @binding(0) var<uniform> u : vec4f;
@compute @workgroup_size(1) fn cs() { _ = u; }
@vertex fn vs() -> @builtin(position) vec4f { return u; }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
)";

Scene makeScene(bool dynamic) {
  Scene s;
  s.device = Instance::create().requestAdapter().requestDevice().device;
  gErrors = 0;
  s.device.setUncapturedErrorCallback([](const Error& e) {
    if (gErrors++ == 0) std::fprintf(stderr, "%s\n", e.message.c_str());
  });
  s.stride = s.device.limits().minUniformBufferOffsetAlignment;
  s.uniforms = s.device.createBuffer({.label = "objects",
                                      .size = uint64_t{s.stride} * (kGroups + 4),
                                      .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  BindGroupLayout layout = s.device.createBindGroupLayout(
      {.label = "object",
       .entries = {
           {.binding = 0,
            .visibility = ShaderStage::Compute | ShaderStage::Vertex,
            .buffer = BufferBindingLayout{.hasDynamicOffset = dynamic, .minBindingSize = 16}}}});
  for (int i = 0; i < kGroups; ++i) {
    s.groups.push_back(s.device.createBindGroup(
        {.layout = layout,
         .entries = {{.binding = 0,
                      .resource = BufferBinding{.buffer = s.uniforms,
                                                .offset = dynamic ? 0 : uint64_t{s.stride} * i,
                                                .size = 16}}}}));
  }
  PipelineLayout pl = s.device.createPipelineLayout({.bindGroupLayouts = {layout}});
  ShaderModule module = s.device.createShaderModule({.code = kShader});
  s.compute = s.device.createComputePipeline(
      {.layout = pl, .compute = {.module = module, .entryPoint = "cs"}});
  s.render = s.device.createRenderPipeline(
      {.layout = pl,
       .vertex = {.module = module, .entryPoint = "vs"},
       .fragment =
           FragmentState{.module = module,
                         .entryPoint = "fs",
                         .targets = {ColorTargetState{.format = TextureFormat::Rgba8unorm}}}});
  s.target = s.device
                 .createTexture({.size = {64, 64},
                                 .format = TextureFormat::Rgba8unorm,
                                 .usage = TextureUsage::RenderAttachment})
                 .createView();
  return s;
}

double minOf(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}

void report(benchmark::State& state) {
  if (gErrors != 0) state.SkipWithError("the benchmark made a validation error");
  state.counters["ns_per_pair"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * kPairs,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_ComputeSetBindGroupDispatch(benchmark::State& state) {
  bool dynamic = state.range(0) != 0;
  Scene s = makeScene(dynamic);
  for (auto _ : state) {
    CommandEncoder encoder = s.device.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(s.compute);
    for (int i = 0; i < kPairs; ++i) {
      const BindGroup& g = s.groups[i & (kGroups - 1)];
      if (dynamic) {
        pass.setBindGroup(0, g, {s.stride * static_cast<uint32_t>(i & 3)});
      } else {
        pass.setBindGroup(0, g);
      }
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    CommandBuffer cb = encoder.finish();
    benchmark::DoNotOptimize(cb);
  }
  report(state);
}
BENCHMARK(BM_ComputeSetBindGroupDispatch)
    ->ArgName("dynamic")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minOf);

void BM_RenderSetBindGroupDraw(benchmark::State& state) {
  bool dynamic = state.range(0) != 0;
  Scene s = makeScene(dynamic);
  for (auto _ : state) {
    CommandEncoder encoder = s.device.createCommandEncoder();
    RenderPassEncoder pass =
        encoder.beginRenderPass({.colorAttachments = {{.view = s.target}}, .maxDrawCount = kPairs});
    pass.setPipeline(s.render);
    for (int i = 0; i < kPairs; ++i) {
      const BindGroup& g = s.groups[i & (kGroups - 1)];
      if (dynamic) {
        pass.setBindGroup(0, g, {s.stride * static_cast<uint32_t>(i & 3)});
      } else {
        pass.setBindGroup(0, g);
      }
      pass.draw(3);
    }
    pass.end();
    CommandBuffer cb = encoder.finish();
    benchmark::DoNotOptimize(cb);
  }
  report(state);
}
BENCHMARK(BM_RenderSetBindGroupDraw)
    ->ArgName("dynamic")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("min", minOf);

}  // namespace

BENCHMARK_MAIN();
