// Foundation benchmarks: the cost of creating the basic objects on the null
// device (validation + object allocation + release), valid and invalid.
#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

#include "bench_device.h"

namespace {

using namespace bindery;
using namespace bindery_bench;

void BM_CreateBuffer(benchmark::State& state) {
  Device device = makeDevice();
  const BufferDescriptor descriptor{
      .label = "uniforms", .size = 256, .usage = BufferUsage::Uniform | BufferUsage::CopyDst};
  for (auto _ : state) {
    Buffer buffer = device.createBuffer(descriptor);
    benchmark::DoNotOptimize(buffer);
  }
  checkNoErrors(state);
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
  checkNoErrors(state);
}
BENCHMARK(BM_CreateBufferInvalidInScope);

void BM_CreateSampler(benchmark::State& state) {
  Device device = makeDevice();
  for (auto _ : state) {
    Sampler sampler = device.createSampler();
    benchmark::DoNotOptimize(sampler);
  }
  checkNoErrors(state);
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
  checkNoErrors(state);
}
BENCHMARK(BM_CreateSamplerAnisotropic);

void BM_PushPopErrorScope(benchmark::State& state) {
  Device device = makeDevice();
  for (auto _ : state) {
    device.pushErrorScope(ErrorFilter::Validation);
    PopErrorScopeResult result = device.popErrorScope();
    benchmark::DoNotOptimize(result);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_PushPopErrorScope);

const TextureDescriptor kAlbedo{.label = "albedo",
                                .size = {256, 256, 1},
                                .mipLevelCount = 9,
                                .format = TextureFormat::Rgba8unorm,
                                .usage = TextureUsage::TextureBinding | TextureUsage::CopyDst};

void BM_CreateTexture(benchmark::State& state) {
  Device device = makeDevice();
  for (auto _ : state) {
    Texture texture = device.createTexture(kAlbedo);
    benchmark::DoNotOptimize(texture);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateTexture);

void BM_CreateViewDefault(benchmark::State& state) {
  Device device = makeDevice();
  Texture texture = device.createTexture(kAlbedo);
  for (auto _ : state) {
    TextureView view = texture.createView();
    benchmark::DoNotOptimize(view);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateViewDefault);

void BM_CreateViewExplicit(benchmark::State& state) {
  Device device = makeDevice();
  TextureDescriptor layered = kAlbedo;
  layered.size.depthOrArrayLayers = 6;
  Texture texture = device.createTexture(layered);
  const TextureViewDescriptor descriptor{.label = "mips 1-4, layers 2-3",
                                         .format = TextureFormat::Rgba8unorm,
                                         .dimension = TextureViewDimension::e2DArray,
                                         .aspect = TextureAspect::All,
                                         .baseMipLevel = 1,
                                         .mipLevelCount = 4,
                                         .baseArrayLayer = 2,
                                         .arrayLayerCount = 2};
  for (auto _ : state) {
    TextureView view = texture.createView(descriptor);
    benchmark::DoNotOptimize(view);
  }
  checkNoErrors(state);
}
BENCHMARK(BM_CreateViewExplicit);

}  // namespace

BENCHMARK_MAIN();
