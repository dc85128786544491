// GPUShaderModule (with GPUCompilationInfo / GPUCompilationMessage),
// GPUComputePipeline and GPURenderPipeline: the classes (made as the
// encoding objects are), the GPUDevice methods that make them (registered in
// device.cpp's table), and their conversions as members or arguments of
// other calls (setPipeline, GPUProgrammableStage.module).
#pragma once

#include <napi.h>

#include "addon.h"
#include "encoding.h"
#include "objects.h"

namespace bindery::node {

// GPUShaderModule is made as GPUComputePipeline (below) is: a stamped plain
// object (lib/encoding.js), its C++ object in the encoding table.
struct GPUShaderModule : EncodingClass<GPUShaderModule, ShaderModule, ClassId::ShaderModule> {
  static void init(Napi::Env env, Napi::Object exports);
};

// GPUCompilationInfo: `messages`, a frozen array of GPUCompilationMessage
// (the same array on every read).
class GPUCompilationInfo : public Napi::ObjectWrap<GPUCompilationInfo> {
 public:
  explicit GPUCompilationInfo(const Napi::CallbackInfo& info);
  static void init(Napi::Env env, Napi::Object exports);
  static Napi::Object create(Napi::Env env, const CompilationInfo& compilationInfo);

 private:
  Napi::Value messages(const Napi::CallbackInfo& info);
  Napi::Reference<Napi::Array> messages_;
};

// GPUCompilationMessage: message, type, lineNum, linePos, offset, length
// (positions in UTF-16 code units, as the C++ API gives them).
class GPUCompilationMessage : public Napi::ObjectWrap<GPUCompilationMessage> {
 public:
  explicit GPUCompilationMessage(const Napi::CallbackInfo& info);
  static void init(Napi::Env env, Napi::Object exports);
  static Napi::Object create(Napi::Env env, const CompilationMessage& message);

 private:
  Napi::Value message(const Napi::CallbackInfo& info);
  Napi::Value type(const Napi::CallbackInfo& info);
  Napi::Value lineNum(const Napi::CallbackInfo& info);
  Napi::Value linePos(const Napi::CallbackInfo& info);
  Napi::Value offset(const Napi::CallbackInfo& info);
  Napi::Value length(const Napi::CallbackInfo& info);
  CompilationMessage message_;
};

// GPUComputePipeline and GPURenderPipeline are made as the encoding objects
// are (encoding.h): a plain object of the class's prototype with a stamp
// (lib/encoding.js), its C++ object in the encoding table until a
// FinalizationRegistry callback frees it; no Node-API wrap. The lean
// setPipeline reads the stamp directly.
struct GPUComputePipeline
    : EncodingClass<GPUComputePipeline, ComputePipeline, ClassId::ComputePipeline> {
  static void init(Napi::Env env, Napi::Object exports);
};

struct GPURenderPipeline
    : EncodingClass<GPURenderPipeline, RenderPipeline, ClassId::RenderPipeline> {
  static void init(Napi::Env env, Napi::Object exports);
};

// GPUDevice.prototype's methods (`this` is the GPUDevice).
Napi::Value createShaderModule(const Napi::CallbackInfo& info);
Napi::Value createComputePipeline(const Napi::CallbackInfo& info);
Napi::Value createComputePipelineAsync(const Napi::CallbackInfo& info);
Napi::Value createRenderPipeline(const Napi::CallbackInfo& info);
Napi::Value createRenderPipelineAsync(const Napi::CallbackInfo& info);

// GPU.wgslLanguageFeatures' values: the WGSL language extensions
// (#language-extensions-sec) the front end implements.
Napi::Value wgslLanguageFeatures(const Napi::CallbackInfo& info);

}  // namespace bindery::node

namespace bindery::node::idl {

BINDERY_NODE_CONVERT_WRAPPED(ShaderModule, GPUShaderModule)
BINDERY_NODE_CONVERT_WRAPPED(ComputePipeline, GPUComputePipeline)
BINDERY_NODE_CONVERT_WRAPPED(RenderPipeline, GPURenderPipeline)

}  // namespace bindery::node::idl
