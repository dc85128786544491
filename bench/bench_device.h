// Shared scaffolding of the benchmark programs: a null device whose
// uncaptured errors are counted, so a benchmark of a valid call that made an
// error reports that it measured the wrong path (checkNoErrors).
#pragma once

#include <benchmark/benchmark.h>

#include <bindery/bindery.h>

#include <chrono>
#include <optional>

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

// Runs the device's pending callbacks until none is left, waiting on the GPU
// (without spinning) for those whose work is still running.
inline void drainCallbacks(const bindery::Device& device,
                           std::chrono::nanoseconds timeout = std::chrono::seconds(60)) {
  while (std::optional<uint64_t> serial = device.pendingSerial()) {
    if (*serial != 0) device.waitSerial(*serial, timeout);
    device.tick();
  }
}

// Until the GPU has finished everything submitted so far (onSubmittedWorkDone
// resolved). Pending callbacks alone do not cover a submission: with none,
// drainCallbacks returns at once while the GPU still runs.
inline void waitForSubmittedWork(const bindery::Device& device) {
  device.queue().onSubmittedWorkDone([] {});
  drainCallbacks(device);
}

}  // namespace bindery_bench
