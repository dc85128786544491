// Foundation benchmarks: the cost of creating the basic objects on the null
// device (validation + object allocation + release), valid and invalid.
#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

namespace {

using namespace bindery;

Device makeDevice() {
  Instance instance = Instance::create();
  Device device = instance.requestAdapter().requestDevice().device;
  device.setUncapturedErrorCallback([](const Error&) {});
  return device;
}

void BM_CreateBuffer(benchmark::State& state) {
  Device device = makeDevice();
  const BufferDescriptor descriptor{
      .label = "uniforms", .size = 256, .usage = BufferUsage::Uniform | BufferUsage::CopyDst};
  for (auto _ : state) {
    Buffer buffer = device.createBuffer(descriptor);
    benchmark::DoNotOptimize(buffer);
  }
}
BENCHMARK(BM_CreateBuffer);

// The error path: validation fails, an invalid buffer is made, the error is
// formatted and caught by a scope.
void BM_CreateBufferInvalidInScope(benchmark::State& state) {
  Device device = makeDevice();
  const BufferDescriptor descriptor{.label = "bad", .size = 256};
  for (auto _ : state) {
    device.pushErrorScope(ErrorFilter::Validation);
    Buffer buffer = device.createBuffer(descriptor);
    PopErrorScopeResult result = device.popErrorScope();
    benchmark::DoNotOptimize(buffer);
    benchmark::DoNotOptimize(result);
  }
}
BENCHMARK(BM_CreateBufferInvalidInScope);

void BM_CreateSampler(benchmark::State& state) {
  Device device = makeDevice();
  for (auto _ : state) {
    Sampler sampler = device.createSampler();
    benchmark::DoNotOptimize(sampler);
  }
}
BENCHMARK(BM_CreateSampler);

void BM_CreateSamplerAnisotropic(benchmark::State& state) {
  Device device = makeDevice();
  const SamplerDescriptor descriptor{.label = "aniso",
                                     .addressModeU = AddressMode::Repeat,
                                     .addressModeV = AddressMode::Repeat,
                                     .magFilter = FilterMode::Linear,
                                     .minFilter = FilterMode::Linear,
                                     .mipmapFilter = MipmapFilterMode::Linear,
                                     .maxAnisotropy = 16};
  for (auto _ : state) {
    Sampler sampler = device.createSampler(descriptor);
    benchmark::DoNotOptimize(sampler);
  }
}
BENCHMARK(BM_CreateSamplerAnisotropic);

void BM_PushPopErrorScope(benchmark::State& state) {
  Device device = makeDevice();
  for (auto _ : state) {
    device.pushErrorScope(ErrorFilter::Validation);
    PopErrorScopeResult result = device.popErrorScope();
    benchmark::DoNotOptimize(result);
  }
}
BENCHMARK(BM_PushPopErrorScope);

}  // namespace

BENCHMARK_MAIN();
