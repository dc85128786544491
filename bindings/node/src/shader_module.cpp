// GPUDevice.createShaderModule, GPUShaderModule.getCompilationInfo,
// GPUCompilationInfo / GPUCompilationMessage (#shader-module-creation,
// #gpucompilationinfo), and GPU.wgslLanguageFeatures' values.
#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "bindery/wgsl/module.h"
#include "pipeline_descriptors.h"
#include "pipelines.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

namespace {

// `new GPUCompilationInfo()` from JavaScript is an "Illegal constructor".
void requireToken(const Napi::CallbackInfo& info) {
  if (info.Length() != 1 || !info[0].IsExternal() ||
      info[0].As<Napi::External<void>>().Data() != &kConstructToken) {
    throw Napi::TypeError::New(info.Env(), "Illegal constructor");
  }
}

Napi::Object construct(Napi::Env env, ClassId id) {
  return addonData(env).constructors[static_cast<int>(id)].New(
      {Napi::External<void>::New(env, &kConstructToken)});
}

void registerPlainClass(Napi::Env env, Napi::Object exports, ClassId id, const char* name,
                        Napi::Function ctor) {
  addonData(env).constructors[static_cast<int>(id)] = Napi::Persistent(ctor);
  exports.Set(name, ctor);
}

}  // namespace

// --- GPUShaderModule --------------------------------------------------------------

namespace {

// #dom-gpushadermodule-getcompilationinfo: the null device compiles at
// creation, so the promise is settled at once (it resolves on a microtask).
// An invalid module (WGSL errors) still lists every message.
Napi::Value getCompilationInfo(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  GPUShaderModule* self = bindery::node::self<GPUShaderModule>(info);
  Napi::Promise::Deferred deferred = Napi::Promise::Deferred::New(env);
  deferred.Resolve(GPUCompilationInfo::create(env, self->handle.getCompilationInfo()));
  return deferred.Promise();
}

}  // namespace

void GPUShaderModule::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::ShaderModule, "GPUShaderModule");
  defineMethod<GPUShaderModule>(env, "getCompilationInfo", getCompilationInfo);
}

// --- GPUCompilationInfo / GPUCompilationMessage -------------------------------------

GPUCompilationInfo::GPUCompilationInfo(const Napi::CallbackInfo& info)
    : Napi::ObjectWrap<GPUCompilationInfo>(info) {
  requireToken(info);
}

void GPUCompilationInfo::init(Napi::Env env, Napi::Object exports) {
  Napi::Function ctor =
      DefineClass(env, "GPUCompilationInfo",
                  {InstanceAccessor<&GPUCompilationInfo::messages>("messages", idl::kAttribute)});
  registerPlainClass(env, exports, ClassId::CompilationInfo, "GPUCompilationInfo", ctor);
}

Napi::Object GPUCompilationInfo::create(Napi::Env env, const CompilationInfo& compilationInfo) {
  Napi::Object object = construct(env, ClassId::CompilationInfo);
  Napi::Array messages = Napi::Array::New(env, compilationInfo.messages.size());
  for (uint32_t i = 0; i < compilationInfo.messages.size(); ++i) {
    messages.Set(i, GPUCompilationMessage::create(env, compilationInfo.messages[i]));
  }
  // FrozenArray<GPUCompilationMessage>.
  napi_status status = napi_object_freeze(env, messages);
  NAPI_THROW_IF_FAILED(env, status, Napi::Object());
  Unwrap(object)->messages_ = Napi::Persistent(messages);
  return object;
}

Napi::Value GPUCompilationInfo::messages(const Napi::CallbackInfo&) {
  return messages_.Value();
}

GPUCompilationMessage::GPUCompilationMessage(const Napi::CallbackInfo& info)
    : Napi::ObjectWrap<GPUCompilationMessage>(info) {
  requireToken(info);
}

void GPUCompilationMessage::init(Napi::Env env, Napi::Object exports) {
  Napi::Function ctor =
      DefineClass(env, "GPUCompilationMessage",
                  {InstanceAccessor<&GPUCompilationMessage::message>("message", idl::kAttribute),
                   InstanceAccessor<&GPUCompilationMessage::type>("type", idl::kAttribute),
                   InstanceAccessor<&GPUCompilationMessage::lineNum>("lineNum", idl::kAttribute),
                   InstanceAccessor<&GPUCompilationMessage::linePos>("linePos", idl::kAttribute),
                   InstanceAccessor<&GPUCompilationMessage::offset>("offset", idl::kAttribute),
                   InstanceAccessor<&GPUCompilationMessage::length>("length", idl::kAttribute)});
  registerPlainClass(env, exports, ClassId::CompilationMessage, "GPUCompilationMessage", ctor);
}

Napi::Object GPUCompilationMessage::create(Napi::Env env, const CompilationMessage& message) {
  Napi::Object object = construct(env, ClassId::CompilationMessage);
  Unwrap(object)->message_ = message;
  return object;
}

Napi::Value GPUCompilationMessage::message(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), message_.message);
}
Napi::Value GPUCompilationMessage::type(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(toString(message_.type)));
}
// unsigned long long attributes: numbers (source positions stay far below 2^53).
Napi::Value GPUCompilationMessage::lineNum(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(message_.lineNum));
}
Napi::Value GPUCompilationMessage::linePos(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(message_.linePos));
}
Napi::Value GPUCompilationMessage::offset(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(message_.offset));
}
Napi::Value GPUCompilationMessage::length(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(message_.length));
}

// --- GPUDevice.createShaderModule -------------------------------------------------

Napi::Value createShaderModule(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.createShaderModule", d->strict};
  idl::requireArguments(ctx, info, 1);
  auto js = idl::argument<idl::ShaderModuleDescriptorIdl>(ctx, info, 0, "descriptor");
  ShaderModuleDescriptor descriptor{.label = std::move(js.label), .code = std::move(js.code)};
  descriptor.compilationHints.reserve(js.compilationHints.size());
  for (idl::CompilationHintIdl& hint : js.compilationHints) {
    descriptor.compilationHints.push_back({.entryPoint = std::move(hint.entryPoint)});
  }
  ShaderModule module = d->device.createShaderModule(descriptor);
  d->throwIfFailed();
  return GPUShaderModule::create(env, std::move(module), d);
}

// --- GPU.wgslLanguageFeatures -------------------------------------------------------

// The language extensions of wgsl.bs (#language-extensions-sec) that
// src/wgsl implements: the front end's own list, so `requires X;` is
// accepted exactly for the names listed here (tests/js/shader_module.test.mjs
// compiles a use of each).
Napi::Value wgslLanguageFeatures(const Napi::CallbackInfo& info) {
  const std::vector<std::string_view> names = wgsl::supportedLanguageExtensions();
  Napi::Array array = Napi::Array::New(info.Env(), names.size());
  for (uint32_t i = 0; i < names.size(); ++i) {
    array.Set(i, Napi::String::New(info.Env(), std::string(names[i])));
  }
  return array;
}

void initShaderModules(Napi::Env env, Napi::Object exports) {
  GPUShaderModule::init(env, exports);
  GPUCompilationInfo::init(env, exports);
  GPUCompilationMessage::init(env, exports);
  exports.Set("wgslLanguageFeatures",
              Napi::Function::New(env, wgslLanguageFeatures, "wgslLanguageFeatures"));
}

}  // namespace bindery::node

namespace bindery::node::idl {

// (GPUPipelineLayout or GPUAutoLayoutMode): WebIDL's union conversion tries
// the interface first, then converts to the enum (ToString).
void Convert<PipelineLayoutOrAuto>::from(const Context& ctx, Napi::Value v,
                                         PipelineLayoutOrAuto& out, const Where& where) {
  if (GPUPipelineLayout* layout = GPUPipelineLayout::unwrap(ctx.env, v)) {
    out = layout->handle;
    return;
  }
  std::string text = toDOMString(ctx, v, where);
  if (text == "auto") {
    out = kAutoLayout;
    return;
  }
  ctx.typeError(where, fmt::format("is {}, which is neither a GPUPipelineLayout nor a value of "
                                   "enum GPUAutoLayoutMode (the valid value is 'auto').",
                                   describe(v)));
}

}  // namespace bindery::node::idl
