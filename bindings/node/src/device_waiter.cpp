// Completion without spinning: one persistent waiter thread per device. When
// the device's pending completions wait for the GPU, the loop's thread hands
// the serial to the waiter, which blocks in Device::waitSerial (the backend's
// own wait: a timeline semaphore or fence; the one thread-safe call) and then
// wakes the event loop through a thread-safe function. That function is
// referenced only while a wait lasts, so an idle device costs no CPU (the
// thread sleeps on a condition variable) and the process exits by itself once
// nothing is pending; the thread is stopped and joined when the device's
// state goes or the environment is torn down.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "addon.h"

namespace bindery::node {

namespace {

// On the loop's thread (env is null when the environment is going away: the
// data is only freed then).
void onGpuDone(Napi::Env env, Napi::Function, std::nullptr_t*, std::weak_ptr<DeviceState>* raw) {
  std::unique_ptr<std::weak_ptr<DeviceState>> weak(raw);
  if (env == nullptr) return;
  if (std::shared_ptr<DeviceState> state = weak->lock()) {
    state->waiting = false;
    if (state->waiter) state->waiter->idle();
    state->device.tick();
    state->continueAfterTick(state);
  }
}

using Tsfn = Napi::TypedThreadSafeFunction<std::nullptr_t, std::weak_ptr<DeviceState>, onGpuDone>;

}  // namespace

struct GpuWaiter::Impl {
  Impl(Napi::Env e, Device d, std::weak_ptr<DeviceState> s)
      : env(e), device(std::move(d)), state(std::move(s)) {}
  Napi::Env env;
  // Made and destroyed on the loop's thread (a handle's reference count is
  // not atomic); the thread only calls waitSerial through it.
  Device device;
  std::weak_ptr<DeviceState> state;
  Tsfn tsfn;
  std::mutex mutex;
  std::condition_variable changed;
  uint64_t wanted = 0;  // the serial to wait for; 0: none
  bool stopping = false;
  std::thread thread;

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return stopping || wanted != 0; });
      if (stopping) return;
      uint64_t serial = std::exchange(wanted, 0);
      lock.unlock();
      // A long timeout, repeated: never a busy loop; stop is seen between waits.
      while (!device.waitSerial(serial, std::chrono::seconds(1))) {
        lock.lock();
        bool stop = stopping;
        lock.unlock();
        if (stop) return;
      }
      auto* data = new std::weak_ptr<DeviceState>(state);
      if (tsfn.BlockingCall(data) != napi_ok) delete data;  // the environment is closing
      lock.lock();
    }
  }
  void stop() {
    if (!thread.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
    }
    changed.notify_one();
    thread.join();
    tsfn.Release();
  }
  static void cleanup(void* self) { static_cast<Impl*>(self)->stop(); }
};

GpuWaiter::GpuWaiter(Napi::Env env, Device device, std::weak_ptr<DeviceState> state)
    : impl_(std::make_unique<Impl>(env, std::move(device), std::move(state))) {
  impl_->tsfn = Tsfn::New(env, "bindery.gpuWaiter", 0, 1);
  impl_->tsfn.Unref(env);  // idle: keeps nothing alive
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
  napi_add_env_cleanup_hook(env, &Impl::cleanup, impl_.get());
}

GpuWaiter::~GpuWaiter() {
  napi_remove_env_cleanup_hook(impl_->env, &Impl::cleanup, impl_.get());
  impl_->stop();
}

void GpuWaiter::wait(uint64_t serial) {
  impl_->tsfn.Ref(impl_->env);  // the loop stays open until the wait ends
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->wanted = serial;
  }
  impl_->changed.notify_one();
}

void GpuWaiter::idle() {
  impl_->tsfn.Unref(impl_->env);
}

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
  if (!waiter) waiter = std::make_unique<GpuWaiter>(env, device, self);
  waiter->wait(serial);
}

}  // namespace bindery::node
