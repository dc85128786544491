// Completion without spinning: when a device's pending completions wait for
// the GPU, a thread blocks in Device::waitSerial (the backend's own wait: a
// timeline semaphore or fence, or nothing on the null device) and wakes the
// event loop through a thread-safe function, which is referenced only while
// the wait lasts. An idle device therefore costs no CPU, and the process
// exits by itself once nothing is pending.
#include <chrono>
#include <cstddef>
#include <memory>
#include <thread>

#include "addon.h"

namespace bindery::node {

namespace {

// What the waiter thread carries. Made and destroyed on the loop's thread (a
// Device handle's reference count is not atomic); the thread only reads
// `device` through Device::waitSerial, the one thread-safe call.
struct Wait {
  Device device;
  uint64_t serial;
  std::weak_ptr<DeviceState> state;
};

// On the loop's thread (env is null when the environment is going away: the
// wait is only freed then).
void onWaitDone(Napi::Env env, Napi::Function, std::nullptr_t*, Wait* raw) {
  std::unique_ptr<Wait> wait(raw);
  if (env == nullptr) return;
  if (std::shared_ptr<DeviceState> state = wait->state.lock()) {
    state->waiting = false;
    state->device.tick();
    state->continueAfterTick(state);
  }
}

}  // namespace

void DeviceState::continueAfterTick(const std::shared_ptr<DeviceState>& self) {
  std::optional<uint64_t> serial = device.pendingSerial();
  if (!serial) return;  // nothing pending: the loop may end
  if (*serial == 0) {
    scheduleTick(self);  // completions ready (queued by the callbacks just run)
  } else {
    waitForGpu(self, *serial);
  }
}

void DeviceState::waitForGpu(const std::shared_ptr<DeviceState>& self, uint64_t serial) {
  if (waiting) return;
  waiting = true;
  using Tsfn = Napi::TypedThreadSafeFunction<std::nullptr_t, Wait, onWaitDone>;
  // Referenced (keeps the loop alive) until the thread releases it.
  Tsfn tsfn = Tsfn::New(env, "bindery.waitSerial", 0, 1);
  auto* wait = new Wait{device, serial, self};
  std::thread([tsfn, wait]() mutable {
    // A long timeout, repeated: a wait is never a busy loop.
    while (!wait->device.waitSerial(wait->serial, std::chrono::seconds(1))) {
    }
    tsfn.BlockingCall(wait);
    tsfn.Release();
  }).detach();
}

}  // namespace bindery::node
