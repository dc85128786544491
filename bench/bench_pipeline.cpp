// Shader module and pipeline benchmarks over the WGSL corpus
// (tests/wgsl/corpus/*.wgsl): createShaderModule for every shader, and
// createComputePipeline with layout: 'auto' for every compute entry point
// (module made once; the pipeline, its default layout and the binding checks
// per iteration). Also the same pipelines against the explicit layouts the
// auto ones produce, and the device-less check (checkShaderBindings).
#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

#include "bench_device.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bindery/wgsl/module.h"

namespace {

using namespace bindery;
using bindery_bench::gUncaptured;

// Every feature of the null adapter (shader-f16, bgra8unorm-storage, ...),
// so the corpus's `enable`s and formats are accepted.
Device makeDevice() {
  return bindery_bench::makeDevice(/*allFeatures=*/true);
}

struct Shader {
  std::string name;
  std::string code;
  std::vector<std::string> computeEntries;
};

const std::vector<Shader>& corpus() {
  static const std::vector<Shader> shaders = [] {
    std::vector<Shader> list;
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(BINDERY_CORPUS_DIR)) {
      if (e.path().extension() == ".wgsl") paths.push_back(e.path());
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) {
      std::ifstream in(p);
      std::stringstream ss;
      ss << in.rdbuf();
      Shader s{p.stem().string(), ss.str(), {}};
      wgsl::Module m = wgsl::parse(s.code);
      if (!m.ok()) continue;
      for (const wgsl::EntryPoint& ep : m.reflect().entryPoints) {
        if (ep.stage == wgsl::Stage::Compute) s.computeEntries.push_back(ep.name);
      }
      list.push_back(std::move(s));
    }
    return list;
  }();
  return shaders;
}

// createShaderModule over the whole corpus; one iteration = every shader.
void BM_CreateShaderModule_Corpus(benchmark::State& state) {
  Device device = makeDevice();
  const auto& shaders = corpus();
  size_t bytes = 0;
  for (const Shader& s : shaders) bytes += s.code.size();
  for (auto _ : state) {
    for (const Shader& s : shaders) {
      ShaderModule m = device.createShaderModule({.code = s.code});
      benchmark::DoNotOptimize(m);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * shaders.size()));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
  state.counters["shaders"] = static_cast<double>(shaders.size());
}
BENCHMARK(BM_CreateShaderModule_Corpus)->Unit(benchmark::kMillisecond);

struct ComputeCase {
  ShaderModule module;
  std::string entry;
};

std::vector<ComputeCase> computeCases(const Device& device) {
  std::vector<ComputeCase> cases;
  for (const Shader& s : corpus()) {
    if (s.computeEntries.empty()) continue;
    ShaderModule m = device.createShaderModule({.label = s.name, .code = s.code});
    for (const std::string& e : s.computeEntries) {
      // Entry points that cannot make a pipeline as written (an override
      // without a default) are left out.
      device.pushErrorScope(ErrorFilter::Validation);
      device.createComputePipeline(
          {.layout = kAutoLayout, .compute = {.module = m, .entryPoint = e}});
      if (!device.popErrorScope().error) cases.push_back({m, e});
    }
  }
  return cases;
}

// createComputePipeline({layout: 'auto'}) for every compute entry point of
// the corpus; one iteration = all of them.
void BM_CreateComputePipelineAuto_Corpus(benchmark::State& state) {
  Device device = makeDevice();
  std::vector<ComputeCase> cases = computeCases(device);
  int failures = 0;
  device.pushErrorScope(ErrorFilter::Validation);
  for (const ComputeCase& c : cases) {
    device.createComputePipeline(
        {.layout = kAutoLayout, .compute = {.module = c.module, .entryPoint = c.entry}});
  }
  failures = device.popErrorScope().error ? 1 : 0;
  for (auto _ : state) {
    for (const ComputeCase& c : cases) {
      ComputePipeline p = device.createComputePipeline(
          {.layout = kAutoLayout, .compute = {.module = c.module, .entryPoint = c.entry}});
      benchmark::DoNotOptimize(p);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cases.size()));
  state.counters["pipelines"] = static_cast<double>(cases.size());
  state.counters["auto_layout_failures"] = failures;
}
BENCHMARK(BM_CreateComputePipelineAuto_Corpus)->Unit(benchmark::kMicrosecond);

// The same entry points against explicit layouts equal to their auto ones
// (the "validating shader binding" path rather than the merge).
void BM_CreateComputePipelineExplicit_Corpus(benchmark::State& state) {
  Device device = makeDevice();
  std::vector<ComputeCase> cases = computeCases(device);
  std::vector<PipelineLayout> layouts;
  for (const ComputeCase& c : cases) {
    ComputePipeline p = device.createComputePipeline(
        {.layout = kAutoLayout, .compute = {.module = c.module, .entryPoint = c.entry}});
    std::vector<BindGroupLayout> groups;
    for (uint32_t g = 0; g < 4; ++g) {
      groups.push_back(
          device.createBindGroupLayout({.entries = p.getBindGroupLayout(g).entries()}));
    }
    layouts.push_back(device.createPipelineLayout({.bindGroupLayouts = groups}));
  }
  gUncaptured = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < cases.size(); ++i) {
      ComputePipeline p = device.createComputePipeline(
          {.layout = layouts[i],
           .compute = {.module = cases[i].module, .entryPoint = cases[i].entry}});
      benchmark::DoNotOptimize(p);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * cases.size()));
  state.counters["uncaptured_errors"] = gUncaptured;
}
BENCHMARK(BM_CreateComputePipelineExplicit_Corpus)->Unit(benchmark::kMicrosecond);

// The error path: a layout that misses the first binding (message with the
// needed entry) for one pipeline.
void BM_CreateComputePipelineMismatch(benchmark::State& state) {
  Device device = makeDevice();
  ShaderModule m = device.createShaderModule(
      {.code = "@group(0) @binding(0) var<storage, read_write> d : array<f32>;\n"
               "@compute @workgroup_size(64) fn main() { d[0] = 1.0; }"});
  PipelineLayout empty = device.createPipelineLayout({.bindGroupLayouts = {}});
  for (auto _ : state) {
    device.pushErrorScope(ErrorFilter::Validation);
    ComputePipeline p = device.createComputePipeline({.layout = empty, .compute = {.module = m}});
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(device.popErrorScope());
  }
}
BENCHMARK(BM_CreateComputePipelineMismatch);

}  // namespace

BENCHMARK_MAIN();
