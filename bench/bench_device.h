// Shared scaffolding of the benchmark programs: a null device whose
// uncaptured errors are counted, so a benchmark of a valid call that made an
// error reports that it measured the wrong path (checkNoErrors).
#pragma once

#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

namespace bindery_bench {

// Uncaptured errors since the last makeDevice().
inline int gUncaptured = 0;

inline bindery::Device makeDevice(bool allFeatures = false) {
  bindery::Adapter adapter = bindery::Instance::create().requestAdapter();
  bindery::DeviceDescriptor descriptor;
  if (allFeatures) descriptor.requiredFeatures = adapter.features().list();
  bindery::Device device = adapter.requestDevice(descriptor).device;
  gUncaptured = 0;
  device.setUncapturedErrorCallback([](const bindery::Error&) { ++gUncaptured; });
  return device;
}

inline void checkNoErrors(benchmark::State& state) {
  if (gUncaptured != 0) state.SkipWithError("a call made a validation error");
}

}  // namespace bindery_bench
