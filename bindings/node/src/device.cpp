// GPU, GPUAdapter and GPUDevice, native half. The JS classes (lib/gpu.js)
// own the promises, events and setlike/limits objects; this file converts
// their arguments, calls the C++ API, and gives GPUDevice.prototype its
// native methods (createBuffer, createTexture, ...).
#include <fmt/format.h>

#include "addon.h"
#include "create_object.h"
#include "descriptors.h"
#include "encoding.h"
#include "objects.h"
#include "pipelines.h"
#include "slots.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

// #dom-gpudevice-createbuffer after the descriptor's conversion (the full
// method and the lean path of lib/creation.js).
uint32_t createBufferSlot(Napi::Env env, const DeviceRef& d, const BufferDescriptor& descriptor) {
  // Content timeline: mappedAtCreation needs a size that is a multiple of 4.
  if (descriptor.mappedAtCreation && descriptor.size % 4 != 0) {
    throw Napi::RangeError::New(
        env, fmt::format("GPUDevice.createBuffer: descriptor.mappedAtCreation is true, so "
                         "descriptor.size ({}) must be a multiple of 4.",
                         descriptor.size));
  }
  Buffer buffer = d->device.createBuffer(descriptor);
  d->throwIfFailed();
  SlotTable& table = slotTable();
  uint32_t stamp = table.addHandle(std::move(buffer), d);
  table.find(stamp)->mapping.forWrite = descriptor.mappedAtCreation;
  return stamp;
}

// --- DeviceState -------------------------------------------------------------

DeviceState::DeviceState(Napi::Env e, Device d, bool s) : env(e), device(std::move(d)), strict(s) {
  device.setUncapturedErrorCallback([this](const Error& error) {
    if (onError.IsEmpty() || onError.Value().IsEmpty()) return;
    onError.Call({makeError(env, error, false)});
  });
  device.setDeviceLostCallback([this](const DeviceLostInfo& info) {
    if (onLost.IsEmpty() || onLost.Value().IsEmpty()) return;
    onLost.Call({Napi::String::New(env, std::string(toString(info.reason))),
                 Napi::String::New(env, info.message)});
  });
}

DeviceState::~DeviceState() {
  // Core objects may outlive this state: drop the callbacks that point at it.
  device.setUncapturedErrorCallback(nullptr);
  device.setDeviceLostCallback(nullptr);
}

void DeviceState::throwLastError() const {
  std::optional<Error> error = device.lastError();
  if (error) throw Napi::Error(env, makeError(env, *error, true));
}

void DeviceState::scheduleTick(const std::shared_ptr<DeviceState>& self) {
  if (tickScheduled) return;
  tickScheduled = true;
  std::weak_ptr<DeviceState> weak = self;
  Napi::Function tick = Napi::Function::New(env, [weak](const Napi::CallbackInfo&) {
    if (std::shared_ptr<DeviceState> state = weak.lock()) {
      state->tickScheduled = false;
      state->device.tick();
      state->continueAfterTick(state);
    }
  });
  addonData(env).scheduleTick.Call({tick});
}

Napi::Value makeError(Napi::Env env, const Error& error, bool withStack) {
  return addonData(env).makeError.Call({Napi::String::New(env, std::string(toString(error.type))),
                                        Napi::String::New(env, std::string(toString(error.code))),
                                        Napi::String::New(env, error.message),
                                        Napi::Boolean::New(env, withStack)});
}

namespace {

void deleteDeviceRef(napi_env, void* data, void*) {
  delete static_cast<DeviceRef*>(data);
}

}  // namespace

DeviceRef& deviceOf(Napi::Env env, Napi::Value device) {
  void* data = nullptr;
  if (!device.IsObject() || napi_unwrap(env, device, &data) != napi_ok || data == nullptr) {
    throw Napi::TypeError::New(env, "Illegal invocation: not a GPUDevice");
  }
  return *static_cast<DeviceRef*>(data);
}

namespace {

template <class T>
T& external(Napi::Value v) {
  return *v.As<Napi::External<T>>().Data();
}
template <class T>
Napi::Value newExternal(Napi::Env env, T value) {
  return Napi::External<T>::New(env, new T(std::move(value)), [](Napi::Env, T* p) { delete p; });
}

Napi::Array featureList(Napi::Env env, const FeatureSet& features) {
  std::vector<FeatureName> list = features.list();
  Napi::Array array = Napi::Array::New(env, list.size());
  for (uint32_t i = 0; i < list.size(); ++i) {
    array.Set(i, Napi::String::New(env, std::string(toString(list[i]))));
  }
  return array;
}

Napi::Object limitValues(Napi::Env env, const Limits& limits) {
  Napi::Object object = Napi::Object::New(env);
  for (const LimitInfo& limit : allLimits()) {
    object.Set(std::string(limit.name),
               Napi::Number::New(env, static_cast<double>(limit.get(limits))));
  }
  return object;
}

Napi::Object infoObject(Napi::Env env, const AdapterInfo& info) {
  Napi::Object object = Napi::Object::New(env);
  object.Set("vendor", info.vendor);
  object.Set("architecture", info.architecture);
  object.Set("device", info.device);
  object.Set("description", info.description);
  object.Set("subgroupMinSize", info.subgroupMinSize);
  object.Set("subgroupMaxSize", info.subgroupMaxSize);
  object.Set("isFallbackAdapter", info.isFallbackAdapter);
  return object;
}

// --- GPU / GPUAdapter helpers (called by lib/gpu.js) ----------------------------

// (backend: 'vulkan' | 'null' | 'auto', checked by index.js) -> instance external.
Napi::Value createInstance(const Napi::CallbackInfo& info) {
  InstanceDescriptor descriptor;
  if (info[0].IsString()) {
    std::optional<BackendType> backend = parseBackendType(info[0].As<Napi::String>().Utf8Value());
    if (!backend) {
      throw Napi::Error::New(
          info.Env(),
          fmt::format("bindery.create: unknown backend; accepted: {}", kBackendTypeNames));
    }
    descriptor.backend = *backend;
  }
  return newExternal(info.Env(), Instance::create(descriptor));
}

// (instance, options) -> adapter external, or null.
Napi::Value requestAdapter(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Context ctx{env, "GPU.requestAdapter", false};
  RequestAdapterOptions options;
  Where where{nullptr, "options", 0};
  Napi::Value v = info[1];
  if (!v.IsUndefined() && !v.IsNull()) {
    if (!v.IsObject()) ctx.typeError(where, "must be an object (a GPURequestAdapterOptions)");
    Napi::Object o = v.As<Napi::Object>();
    // featureLevel is a DOMString, not an enum: an unknown level gives no adapter.
    if (Napi::Value level = o.Get("featureLevel"); !level.IsUndefined()) {
      std::optional<FeatureLevel> parsed =
          parseFeatureLevel(idl::toDOMString(ctx, level, Where{&where, "featureLevel", 0}));
      if (!parsed) return env.Null();
      options.featureLevel = *parsed;
    }
    if (Napi::Value p = o.Get("powerPreference"); !p.IsUndefined()) {
      idl::Convert<PowerPreference>::from(ctx, p, options.powerPreference.emplace(),
                                          Where{&where, "powerPreference", 0});
    }
    options.forceFallbackAdapter = idl::toBoolean(o.Get("forceFallbackAdapter"));
    options.xrCompatible = idl::toBoolean(o.Get("xrCompatible"));
  }
  Adapter adapter = external<Instance>(info[0]).requestAdapter(options);
  if (!adapter) return env.Null();
  return newExternal(env, std::move(adapter));
}

Napi::Value adapterFeatures(const Napi::CallbackInfo& info) {
  return featureList(info.Env(), external<Adapter>(info[0]).features());
}
Napi::Value adapterLimits(const Napi::CallbackInfo& info) {
  return limitValues(info.Env(), external<Adapter>(info[0]).limits());
}
Napi::Value adapterInfo(const Napi::CallbackInfo& info) {
  return infoObject(info.Env(), external<Adapter>(info[0]).info());
}

// (adapter, descriptor, strict) -> { status, message, device }
Napi::Value requestDevice(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  bool strict = idl::toBoolean(info[2]);
  Context ctx{env, "GPUAdapter.requestDevice", strict};
  DeviceDescriptor descriptor = idl::argument<DeviceDescriptor>(ctx, info, 1, "descriptor");
  descriptor.strict = strict;
  RequestDeviceResult result = external<Adapter>(info[0]).requestDevice(descriptor);
  Napi::Object out = Napi::Object::New(env);
  const char* status = result.status == RequestDeviceResult::Status::Success     ? "success"
                       : result.status == RequestDeviceResult::Status::TypeError ? "TypeError"
                                                                                 : "OperationError";
  out.Set("status", status);
  out.Set("message", result.message);
  if (result.device) out.Set("device", newExternal(env, std::move(result.device)));
  return out;
}

// (gpuDevice, deviceExternal, strict, onError, onLost) -> the device's slot
// stamp (slots.h): attaches the native state to the JS GPUDevice.
Napi::Value wrapDevice(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  auto state =
      std::make_shared<DeviceState>(env, external<Device>(info[1]), idl::toBoolean(info[2]));
  state->onError = Napi::Weak(info[3].As<Napi::Function>());
  state->onLost = Napi::Weak(info[4].As<Napi::Function>());
  // A device already lost when it is made (requestDevice on an expired
  // adapter, #dom-gpuadapter-requestdevice) told DeviceState's lost callback
  // before onLost was set: settle `lost` now, before requestDevice resolves.
  if (std::optional<DeviceLostInfo> lost = state->device.lostInfo()) {
    state->onLost.Call({Napi::String::New(env, std::string(toString(lost->reason))),
                        Napi::String::New(env, lost->message)});
  }
  auto* ref = new DeviceRef(std::move(state));
  napi_status status = napi_wrap(env, info[0], ref, deleteDeviceRef, nullptr, nullptr);
  if (status != napi_ok) {
    delete ref;
    NAPI_THROW_IF_FAILED(env, status, Napi::Value());
  }
  return Napi::Number::New(env, deviceStamp(env, info[0], *ref));
}

Napi::Value deviceFeatures(const Napi::CallbackInfo& info) {
  return featureList(info.Env(), deviceOf(info.Env(), info[0])->device.features());
}
Napi::Value deviceLimits(const Napi::CallbackInfo& info) {
  return limitValues(info.Env(), deviceOf(info.Env(), info[0])->device.limits());
}
Napi::Value deviceInfo(const Napi::CallbackInfo& info) {
  return infoObject(info.Env(), deviceOf(info.Env(), info[0])->device.adapterInfo());
}
Napi::Value deviceGetLabel(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(deviceOf(info.Env(), info[0])->device.label()));
}
void deviceSetLabel(const Napi::CallbackInfo& info) {
  DeviceRef& d = deviceOf(info.Env(), info[0]);
  Context ctx{info.Env(), "GPUDevice.label", d->strict};
  d->device.setLabel(idl::toDOMString(ctx, info[1], Where{nullptr, "label", 0}));
}

// (gpuDevice) -> { error: GPUError | null } or { rejection: message }
Napi::Value devicePopErrorScope(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  PopErrorScopeResult result = d->device.popErrorScope();
  Napi::Object out = Napi::Object::New(env);
  if (result.status == PopErrorScopeResult::Status::EmptyStack) {
    out.Set("rejection", result.rejection);
  } else {
    out.Set("error", result.error ? makeError(env, *result.error, false) : env.Null());
  }
  return out;
}

Napi::Value limitNames(const Napi::CallbackInfo& info) {
  Napi::Array names = Napi::Array::New(info.Env());
  uint32_t i = 0;
  for (const LimitInfo& limit : allLimits()) names.Set(i++, std::string(limit.name));
  return names;
}

// --- GPUDevice.prototype's native methods (`this` is the GPUDevice) ----------

Napi::Value createBuffer(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.createBuffer", d->strict};
  idl::requireArguments(ctx, info, 1);
  BufferDescriptor descriptor = idl::argument<BufferDescriptor>(ctx, info, 0, "descriptor");
  return newSlotObject(env, ClassId::Buffer, createBufferSlot(env, d, descriptor));
}

Napi::Value createTexture(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.createTexture", d->strict};
  idl::requireArguments(ctx, info, 1);
  TextureDescriptor descriptor = idl::argument<TextureDescriptor>(ctx, info, 0, "descriptor");
  // #texture-creation content timeline: a format that needs a feature throws.
  if (std::optional<Exception> thrown = textureTypeError(d->device, descriptor))
    throw Napi::TypeError::New(env, thrown->message);
  Texture texture = d->device.createTexture(descriptor);
  d->throwIfFailed();
  return GPUTexture::create(env, std::move(texture), d);
}

Napi::Value createSampler(const Napi::CallbackInfo& info) {
  return createObject<GPUSampler, SamplerDescriptor, &Device::createSampler, false>(
      info, "GPUDevice.createSampler");
}

Napi::Value createBindGroupLayout(const Napi::CallbackInfo& info) {
  return createObject<GPUBindGroupLayout, BindGroupLayoutDescriptor,
                      &Device::createBindGroupLayout>(info, "GPUDevice.createBindGroupLayout");
}
Napi::Value createBindGroup(const Napi::CallbackInfo& info) {
  return createObject<GPUBindGroup, BindGroupDescriptor, &Device::createBindGroup>(
      info, "GPUDevice.createBindGroup");
}
Napi::Value createPipelineLayout(const Napi::CallbackInfo& info) {
  return createObject<GPUPipelineLayout, PipelineLayoutDescriptor, &Device::createPipelineLayout>(
      info, "GPUDevice.createPipelineLayout");
}
Napi::Value importExternalTexture(const Napi::CallbackInfo& info) {
  return createObject<GPUExternalTexture, ExternalTextureDescriptor,
                      &Device::importExternalTexture>(info, "GPUDevice.importExternalTexture");
}

// --- GPUQueue (lib/gpu.js calls these with its device) --------------------------

// (device, argc, buffer, bufferOffset, data, dataOffset, size)
void queueWriteBuffer(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  Context ctx{env, "GPUQueue.writeBuffer", d->strict};
  uint32_t argc = info[1].As<Napi::Number>().Uint32Value();
  if (argc < 3) {
    ctx.typeError(fmt::format("3 arguments required, but only {} present.", argc));
  }
  Buffer buffer;
  idl::Convert<Buffer>::from(ctx, info[2], buffer, Where{nullptr, "buffer", 0});
  uint64_t bufferOffset = 0;
  idl::Convert<uint64_t>::from(ctx, info[3], bufferOffset, Where{nullptr, "bufferOffset", 0});
  // AllowSharedBufferSource; for a TypedArray, dataOffset and size count its elements.
  SourceBytes source = bufferSourceBytes(ctx, info[4], Where{nullptr, "data", 0});
  const uint8_t* bytes = source.data;
  size_t byteLength = source.byteLength;
  size_t elementSize = source.elementSize;
  uint64_t dataOffset = 0;
  std::optional<uint64_t> size;
  if (!info[5].IsUndefined()) {
    idl::Convert<uint64_t>::from(ctx, info[5], dataOffset, Where{nullptr, "dataOffset", 0});
  }
  if (!info[6].IsUndefined()) {
    idl::Convert<uint64_t>::from(ctx, info[6], size.emplace(), Where{nullptr, "size", 0});
  }
  std::optional<Exception> thrown = d->device.queue().writeBuffer(
      buffer, bufferOffset, bytes, byteLength, dataOffset * elementSize,
      size ? std::optional<uint64_t>(*size * elementSize) : size);
  if (thrown) {
    Napi::Function ctor = env.Global().Get("DOMException").As<Napi::Function>();
    throw Napi::Error(env, ctor.New({Napi::String::New(env, thrown->message),
                                     Napi::String::New(env, std::string(toString(thrown->type)))}));
  }
  d->throwIfFailed();
}

// (device) -> Promise<undefined>, settled at the next tick.
Napi::Value queueOnSubmittedWorkDone(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  auto deferred = std::make_shared<Napi::Promise::Deferred>(env);
  d->device.queue().onSubmittedWorkDone([deferred, env]() { deferred->Resolve(env.Undefined()); });
  d->scheduleTick(d);
  return deferred->Promise();
}

void pushErrorScope(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.pushErrorScope", d->strict};
  idl::requireArguments(ctx, info, 1);
  d->device.pushErrorScope(idl::argument<ErrorFilter>(ctx, info, 0, "filter"));
}

void destroy(const Napi::CallbackInfo& info) {
  deviceOf(info.Env(), info.This())->device.destroy();
}

// Testing: (device, operation, 'out-of-memory' | 'internal' | 'device-lost')
// -> whether the backend armed the failure (only the null device can).
Napi::Value injectBackendFailureForTesting(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  std::string kind = info[2].ToString().Utf8Value();
  BackendFailure failure = kind == "out-of-memory" ? BackendFailure::OutOfMemory
                           : kind == "device-lost" ? BackendFailure::DeviceLost
                                                   : BackendFailure::Internal;
  if (kind != "out-of-memory" && kind != "device-lost" && kind != "internal") {
    throw Napi::TypeError::New(env, "kind must be 'out-of-memory', 'internal' or 'device-lost'");
  }
  return Napi::Boolean::New(
      env, d->device.injectBackendFailureForTesting(info[1].ToString().Utf8Value(), failure));
}

}  // namespace

void initDevice(Napi::Env env, Napi::Object exports) {
  auto fn = [&](Napi::Object target, const char* name, auto callback) {
    target.Set(name, Napi::Function::New(env, callback, name));
  };
  fn(exports, "createInstance", createInstance);
  fn(exports, "requestAdapter", requestAdapter);
  fn(exports, "adapterFeatures", adapterFeatures);
  fn(exports, "adapterLimits", adapterLimits);
  fn(exports, "adapterInfo", adapterInfo);
  fn(exports, "requestDevice", requestDevice);
  fn(exports, "wrapDevice", wrapDevice);
  fn(exports, "deviceFeatures", deviceFeatures);
  fn(exports, "deviceLimits", deviceLimits);
  fn(exports, "deviceInfo", deviceInfo);
  fn(exports, "deviceGetLabel", deviceGetLabel);
  fn(exports, "deviceSetLabel", deviceSetLabel);
  fn(exports, "devicePopErrorScope", devicePopErrorScope);
  fn(exports, "limitNames", limitNames);
  fn(exports, "queueWriteBuffer", queueWriteBuffer);
  fn(exports, "queueOnSubmittedWorkDone", queueOnSubmittedWorkDone);
  fn(exports, "queueSubmit", queueSubmit);
  fn(exports, "queueWriteTexture", queueWriteTexture);
  fn(exports, "queueCopyExternalImageToTexture", queueCopyExternalImageToTexture);
  fn(exports, "injectBackendFailureForTesting", injectBackendFailureForTesting);

  Napi::Object methods = Napi::Object::New(env);
  fn(methods, "createBuffer", createBuffer);
  fn(methods, "createTexture", createTexture);
  fn(methods, "createSampler", createSampler);
  fn(methods, "createBindGroupLayout", createBindGroupLayout);
  fn(methods, "createBindGroup", createBindGroup);
  fn(methods, "createPipelineLayout", createPipelineLayout);
  fn(methods, "importExternalTexture", importExternalTexture);
  fn(methods, "createCommandEncoder", createCommandEncoder);
  fn(methods, "createRenderBundleEncoder", createRenderBundleEncoder);
  fn(methods, "createQuerySet", createQuerySet);
  fn(methods, "createShaderModule", createShaderModule);
  fn(methods, "createComputePipeline", createComputePipeline);
  fn(methods, "createComputePipelineAsync", createComputePipelineAsync);
  fn(methods, "createRenderPipeline", createRenderPipeline);
  fn(methods, "createRenderPipelineAsync", createRenderPipelineAsync);
  fn(methods, "pushErrorScope", pushErrorScope);
  fn(methods, "destroy", destroy);
  exports.Set("deviceMethods", methods);
}

}  // namespace bindery::node
