// GPUComputePipeline and GPURenderPipeline: GPUDevice.createComputePipeline
// / createRenderPipeline and their promise forms (#compute-pipeline-creation,
// #render-pipeline-creation), and getBindGroupLayout (#pipeline-base).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "create_object.h"
#include "pipeline_descriptors.h"
#include "pipelines.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

namespace {

// WebIDL `unsigned long` without [EnforceRange] (getBindGroupLayout's
// index): ToNumber, NaN and infinities are 0, then truncation modulo 2^32.
// Only a symbol or a bigint is a TypeError.
uint32_t toUnsignedLong(const Context& ctx, Napi::Value v, const Where& where) {
  if (v.IsSymbol() || v.IsBigInt()) {
    ctx.typeError(where,
                  fmt::format("is {}, which cannot be converted to a number", idl::describe(v)));
  }
  double x = v.IsNumber() ? v.As<Napi::Number>().DoubleValue() : v.ToNumber().DoubleValue();
  if (!std::isfinite(x)) return 0;
  x = std::fmod(std::trunc(x), 4294967296.0);
  if (x < 0) x += 4294967296.0;
  return static_cast<uint32_t>(x);
}

// #dom-gpupipelinebase-getbindgrouplayout: never throws (but in strict mode);
// an index >= maxBindGroups gives an invalid layout and a validation error.
template <class W>
Napi::Value getBindGroupLayoutOf(W& self, const Napi::CallbackInfo& info, const char* call) {
  Napi::Env env = info.Env();
  Context ctx{env, call, self.device->strict};
  idl::requireArguments(ctx, info, 1);
  uint32_t index = toUnsignedLong(ctx, info[0], Where{nullptr, "index", 0});
  BindGroupLayout layout = self.handle.getBindGroupLayout(index);
  self.device->throwIfFailed();
  return GPUBindGroupLayout::create(env, std::move(layout), self.device);
}

Napi::Value computeGetBindGroupLayout(const Napi::CallbackInfo& info) {
  return getBindGroupLayoutOf(*self<GPUComputePipeline>(info), info,
                              "GPUComputePipeline.getBindGroupLayout");
}
Napi::Value renderGetBindGroupLayout(const Napi::CallbackInfo& info) {
  return getBindGroupLayoutOf(*self<GPURenderPipeline>(info), info,
                              "GPURenderPipeline.getBindGroupLayout");
}

// A GPUPipelineError for the C++ PipelineError, with bindery's `code`.
Napi::Value makePipelineError(Napi::Env env, const PipelineError& error) {
  Napi::Object options = Napi::Object::New(env);
  options.Set("reason", std::string(toString(error.reason)));
  Napi::Object object =
      addonData(env).pipelineError.New({Napi::String::New(env, error.message), options});
  object.DefineProperty(Napi::PropertyDescriptor::Value(
      "code", Napi::String::New(env, std::string(toString(error.code))), napi_enumerable));
  return object;
}

// #dom-gpudevice-createcomputepipelineasync / createrenderpipelineasync:
// the promise settles at the device's next tick(); a failure rejects it with
// a GPUPipelineError and goes to no error scope (nor is it thrown in strict
// mode). A WebIDL conversion error rejects it with the TypeError.
template <class W, class D, class P, auto Method>
Napi::Value createPipelineAsync(const Napi::CallbackInfo& info, const char* call) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  auto deferred = std::make_shared<Napi::Promise::Deferred>(env);
  try {
    Context ctx{env, call, d->strict};
    idl::requireArguments(ctx, info, 1);
    D descriptor = idl::argument<D>(ctx, info, 0, "descriptor");
    throwContentTimelineTypeError(env, contentTimelineTypeError(d->device, descriptor, call));
    // The callback keeps the device state alive until it has run.
    DeviceRef device = d;
    (d->device.*Method)(descriptor, [deferred, device](CreatePipelineAsyncResult<P> result) {
      Napi::Env jsEnv = device->env;
      Napi::HandleScope scope(jsEnv);
      if (result.error) {
        deferred->Reject(makePipelineError(jsEnv, *result.error));
      } else {
        deferred->Resolve(W::create(jsEnv, std::move(result.pipeline), device));
      }
    });
    d->scheduleTick(d);
  } catch (const Napi::Error& e) {
    deferred->Reject(e.Value());
  }
  return deferred->Promise();
}

// The render-state enums are parsed by spelling over 0..count-1: a count that
// disagrees with the C++ API (a value added there) fails loudly at load.
// Past the last value, toString() gives "" or a spelling already seen.
template <class E>
void checkEnumCount(Napi::Env env) {
  constexpr uint32_t n = idl::EnumIdl<E>::count;
  std::span<const std::string_view> values = idl::enumValues<E>();
  std::string_view next = toString(static_cast<E>(n));
  bool ok = !next.empty() ? std::find(values.begin(), values.end(), next) != values.end() : true;
  for (uint32_t i = 0; i < n && ok; ++i) {
    ok = !values[i].empty() &&
         std::find(values.begin(), values.begin() + i, values[i]) == values.begin() + i;
  }
  if (!ok) {
    throw Napi::Error::New(env, fmt::format("bindery addon: the value count of {} ({}) does not "
                                            "match the C++ API's enum",
                                            idl::EnumIdl<E>::name, n));
  }
}

}  // namespace

// --- GPUComputePipeline / GPURenderPipeline ------------------------------------------

void GPUComputePipeline::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::ComputePipeline, "GPUComputePipeline");
  defineMethod<GPUComputePipeline>(env, "getBindGroupLayout", computeGetBindGroupLayout);
}

void GPURenderPipeline::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::RenderPipeline, "GPURenderPipeline");
  defineMethod<GPURenderPipeline>(env, "getBindGroupLayout", renderGetBindGroupLayout);
}

// --- GPUDevice's methods --------------------------------------------------------------

Napi::Value createComputePipeline(const Napi::CallbackInfo& info) {
  return createObject<GPUComputePipeline, ComputePipelineDescriptor,
                      &Device::createComputePipeline>(info, "GPUDevice.createComputePipeline");
}
Napi::Value createRenderPipeline(const Napi::CallbackInfo& info) {
  return createObject<GPURenderPipeline, RenderPipelineDescriptor, &Device::createRenderPipeline>(
      info, "GPUDevice.createRenderPipeline");
}
Napi::Value createComputePipelineAsync(const Napi::CallbackInfo& info) {
  return createPipelineAsync<GPUComputePipeline, ComputePipelineDescriptor, ComputePipeline,
                             &Device::createComputePipelineAsync>(
      info, "GPUDevice.createComputePipelineAsync");
}
Napi::Value createRenderPipelineAsync(const Napi::CallbackInfo& info) {
  return createPipelineAsync<GPURenderPipeline, RenderPipelineDescriptor, RenderPipeline,
                             &Device::createRenderPipelineAsync>(
      info, "GPUDevice.createRenderPipelineAsync");
}

void initPipelines(Napi::Env env, Napi::Object exports) {
  checkEnumCount<PrimitiveTopology>(env);
  checkEnumCount<FrontFace>(env);
  checkEnumCount<CullMode>(env);
  checkEnumCount<VertexStepMode>(env);
  checkEnumCount<StencilOperation>(env);
  checkEnumCount<BlendOperation>(env);
  checkEnumCount<BlendFactor>(env);
  checkEnumCount<VertexFormat>(env);
  checkEnumCount<IndexFormat>(env);
  GPUComputePipeline::init(env, exports);
  GPURenderPipeline::init(env, exports);
}

}  // namespace bindery::node
