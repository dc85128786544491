// The addon's shared state: per-environment data (the JS helpers index.js
// hands over, the constructors of the wrapped classes) and per-device state.
#pragma once

#include <napi.h>

#include <memory>
#include <string>
#include <unordered_set>

#include "bindery/bindery.h"

namespace bindery::node {

// The wrapped classes, indexing AddonData::constructors.
enum class ClassId : uint8_t {
  Buffer,
  Texture,
  TextureView,
  Sampler,
  BindGroupLayout,
  BindGroup,
  PipelineLayout,
  ExternalTexture,
  FrameSource,
  // Command encoding (encoders.cpp, passes.cpp).
  CommandEncoder,
  CommandBuffer,
  ComputePassEncoder,
  RenderPassEncoder,
  RenderBundleEncoder,
  RenderBundle,
  QuerySet,
  // Shader modules and pipelines (shader_module.cpp, pipelines.cpp).
  ShaderModule,
  CompilationInfo,
  CompilationMessage,
  ComputePipeline,
  RenderPipeline,
  Count
};

struct AddonData {
  // (type: 'validation'|'out-of-memory'|'internal', code, message, withStack) -> GPUError
  Napi::FunctionReference makeError;
  // (message) -> undefined: prints a warning (process.emitWarning).
  Napi::FunctionReference warn;
  // () -> string: the caller's "file:line:column", outside the addon's files.
  Napi::FunctionReference callSite;
  // (fn) -> undefined: runs fn on a later turn of the event loop (setImmediate).
  Napi::FunctionReference scheduleTick;
  // GPUPipelineError (lib/errors.js): the async pipeline forms' rejection.
  Napi::FunctionReference pipelineError;
  // Unknown-key warnings already printed (one per call site and key).
  std::unordered_set<std::string> warned;
  Napi::FunctionReference constructors[static_cast<int>(ClassId::Count)];
  // The slot-object classes' prototypes (slots.h), and lib/slots.js's
  // functions that read an object's stamp and make a slot object.
  Napi::ObjectReference prototypes[static_cast<int>(ClassId::Count)];
  Napi::FunctionReference stampReader;
  Napi::FunctionReference slotObjectMaker;
};
AddonData& addonData(Napi::Env env);

// A GPUError object for a C++ error (through index.js's makeError).
Napi::Value makeError(Napi::Env env, const Error& error, bool withStack);

// What every wrapped object of one device shares: the device, strict mode,
// and the JS callbacks of its GPUDevice (held weakly: the GPUDevice holds them).
struct DeviceState;

// The persistent thread that waits for a device's GPU work
// (device_waiter.cpp): one per device, made at its first wait.
class GpuWaiter {
 public:
  GpuWaiter(Napi::Env env, Device device, std::weak_ptr<DeviceState> state);
  ~GpuWaiter();  // stops and joins the thread
  GpuWaiter(const GpuWaiter&) = delete;
  GpuWaiter& operator=(const GpuWaiter&) = delete;
  // Waits for `serial`, holding the event loop open until it is done; then
  // ticks the device on the loop's thread.
  void wait(uint64_t serial);
  // The wait ended (on the loop's thread): the loop may end again.
  void idle();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct DeviceState {
  DeviceState(Napi::Env env, Device device, bool strict);
  ~DeviceState();
  DeviceState(const DeviceState&) = delete;
  DeviceState& operator=(const DeviceState&) = delete;

  // Strict mode: the error of the call just made, thrown as a JS exception
  // (a GPUError with a JS stack).
  void throwIfFailed() const {
    if (strict) throwLastError();
  }
  void throwLastError() const;
  // Asynchronous work (mapAsync, onSubmittedWorkDone) settles at the
  // first tick() after the GPU finished it, run on a later turn of the event
  // loop. Only scheduled while work is pending, so an idle device costs
  // nothing and the process exits by itself.
  void scheduleTick(const std::shared_ptr<DeviceState>& self);
  // After a tick: another tick when a completion is ready, a waiter thread
  // when one waits for the GPU (device_waiter.cpp), nothing when none is pending.
  void continueAfterTick(const std::shared_ptr<DeviceState>& self);
  // Waits for `serial` on the device's waiter thread (Device::waitSerial, no
  // spinning), holding the event loop open meanwhile, then ticks on the
  // loop's thread.
  void waitForGpu(const std::shared_ptr<DeviceState>& self, uint64_t serial);
  bool tickScheduled = false;
  bool waiting = false;
  std::unique_ptr<GpuWaiter> waiter;  // made at the first wait

  Napi::Env env;
  Device device;
  bool strict;
  Napi::FunctionReference onError;  // (GPUError) -> undefined
  Napi::FunctionReference onLost;   // (reason, message) -> undefined
};
using DeviceRef = std::shared_ptr<DeviceState>;

// The DeviceState of a JS GPUDevice (`this` of its native methods); throws
// TypeError ("Illegal invocation") for anything else.
DeviceRef& deviceOf(Napi::Env env, Napi::Value device);

// Module init, and its parts.
Napi::Object init(Napi::Env env, Napi::Object exports);
void initDevice(Napi::Env env, Napi::Object exports);
void initObjects(Napi::Env env, Napi::Object exports);
void initReflect(Napi::Env env, Napi::Object exports);
void initShaderModules(Napi::Env env, Napi::Object exports);
void initPipelines(Napi::Env env, Napi::Object exports);
void initCreation(Napi::Env env, Napi::Object exports);

}  // namespace bindery::node
