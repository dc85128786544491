// Command encoding in JavaScript (#command-encoding, #programmable-passes,
// #compute-passes, #render-passes, #bundles): GPUCommandEncoder,
// GPUCommandBuffer, GPUComputePassEncoder, GPURenderPassEncoder,
// GPURenderBundleEncoder and GPURenderBundle over the C++ handles of
// bindery/command_encoder.h, and GPUQueue's submit and writeTexture.
//
// The hot path (setBindGroup + dispatchWorkgroups/draw, called hundreds of
// times a frame) has a second, lean entry: lib/encoding.js does the WebIDL
// conversions in JavaScript and calls `native.fast*` with small integers only
// (see passes.cpp, "The lean entry points").
#pragma once

#include <napi.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "addon.h"
#include "objects.h"

namespace bindery::node {

// The methods of the encoding interfaces, for the call names of messages
// ("GPUComputePassEncoder.setBindGroup").
enum class Method : uint8_t {
  SetBindGroup,
  SetPipeline,
  PushDebugGroup,
  PopDebugGroup,
  InsertDebugMarker,
  DispatchWorkgroups,
  DispatchWorkgroupsIndirect,
  End,
  SetVertexBuffer,
  SetIndexBuffer,
  Draw,
  DrawIndexed,
  DrawIndirect,
  DrawIndexedIndirect,
  ExecuteBundles,
  Finish,
  BeginComputePass,
  BeginRenderPass,
  SetViewport,
  SetScissorRect,
  SetBlendConstant,
  SetStencilReference,
  BeginOcclusionQuery,
  EndOcclusionQuery,
  SetImmediates,
  ResolveQuerySet,
  CopyBufferToBuffer,
  CopyBufferToTexture,
  CopyTextureToBuffer,
  CopyTextureToTexture,
  ClearBuffer,
  Count
};
// "GPUComputePassEncoder.setBindGroup": a string with static storage.
const char* callName(ClassId cls, Method method);

// A wrapped encoder: its methods' call names and strict mode.
template <class Derived, class H, ClassId Id>
class EncoderWrapper : public Wrapper<Derived, H, Id> {
 public:
  using Wrapper<Derived, H, Id>::Wrapper;
  idl::Context context(const Napi::CallbackInfo& info, Method method) const {
    return idl::Context{info.Env(), callName(Id, method), this->device->strict};
  }
};

class GPUCommandEncoder
    : public EncoderWrapper<GPUCommandEncoder, CommandEncoder, ClassId::CommandEncoder> {
 public:
  static constexpr const char* kSetLabelCall = "GPUCommandEncoder.label";
  using EncoderWrapper::EncoderWrapper;
  static void init(Napi::Env env, Napi::Object exports);

  Napi::Value beginComputePass(const Napi::CallbackInfo& info);
  Napi::Value beginRenderPass(const Napi::CallbackInfo& info);
  void pushDebugGroup(const Napi::CallbackInfo& info);
  void popDebugGroup(const Napi::CallbackInfo& info);
  void insertDebugMarker(const Napi::CallbackInfo& info);
  Napi::Value finish(const Napi::CallbackInfo& info);
};

class GPUCommandBuffer : public Wrapper<GPUCommandBuffer, CommandBuffer, ClassId::CommandBuffer> {
 public:
  static constexpr const char* kSetLabelCall = "GPUCommandBuffer.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);
};

class GPURenderBundle : public Wrapper<GPURenderBundle, RenderBundle, ClassId::RenderBundle> {
 public:
  static constexpr const char* kSetLabelCall = "GPURenderBundle.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);
};

// The pass encoders and the render bundle encoder are registered in a slot
// table while they live, so the lean entry points find them by a number
// (lib/encoding.js keeps it in a private field of the JS object).
struct PassSlot {
  ClassId id = ClassId::Count;  // Count: a free slot
  void* object = nullptr;       // the GPUComputePassEncoder, ...
};

class GPUComputePassEncoder : public EncoderWrapper<GPUComputePassEncoder, ComputePassEncoder,
                                                    ClassId::ComputePassEncoder> {
 public:
  static constexpr const char* kSetLabelCall = "GPUComputePassEncoder.label";
  using EncoderWrapper::EncoderWrapper;
  ~GPUComputePassEncoder() override;
  static void init(Napi::Env env, Napi::Object exports);
  uint32_t slot = 0;
};

class GPURenderPassEncoder
    : public EncoderWrapper<GPURenderPassEncoder, RenderPassEncoder, ClassId::RenderPassEncoder> {
 public:
  static constexpr const char* kSetLabelCall = "GPURenderPassEncoder.label";
  using EncoderWrapper::EncoderWrapper;
  ~GPURenderPassEncoder() override;
  static void init(Napi::Env env, Napi::Object exports);
  uint32_t slot = 0;
};

class GPURenderBundleEncoder : public EncoderWrapper<GPURenderBundleEncoder, RenderBundleEncoder,
                                                     ClassId::RenderBundleEncoder> {
 public:
  static constexpr const char* kSetLabelCall = "GPURenderBundleEncoder.label";
  using EncoderWrapper::EncoderWrapper;
  ~GPURenderBundleEncoder() override;
  static void init(Napi::Env env, Napi::Object exports);
  uint32_t slot = 0;
};

class GPUQuerySet : public Wrapper<GPUQuerySet, QuerySet, ClassId::QuerySet> {
 public:
  static constexpr const char* kSetLabelCall = "GPUQuerySet.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);

  void destroy(const Napi::CallbackInfo& info);
  Napi::Value type(const Napi::CallbackInfo& info);
  Napi::Value count(const Napi::CallbackInfo& info);
};

// --- argument conversions shared by the encoding files ---------------------------

// [EnforceRange] unsigned long: a number that already is one takes no call.
inline uint32_t toU32(const idl::Context& ctx, Napi::Value v, const char* name) {
  if (v.IsNumber()) {
    double d = v.As<Napi::Number>().DoubleValue();
    if (d >= 0 && d <= 4294967295.0 && d == static_cast<double>(static_cast<uint32_t>(d))) {
      return static_cast<uint32_t>(d);
    }
  }
  uint32_t out = 0;
  idl::Convert<uint32_t>::from(ctx, v, out, idl::Where{nullptr, name, 0});
  return out;
}
inline uint64_t toU64(const idl::Context& ctx, Napi::Value v, const char* name) {
  uint64_t out = 0;
  idl::Convert<uint64_t>::from(ctx, v, out, idl::Where{nullptr, name, 0});
  return out;
}
inline int32_t toI32(const idl::Context& ctx, Napi::Value v, const char* name) {
  int32_t out = 0;
  idl::Convert<int32_t>::from(ctx, v, out, idl::Where{nullptr, name, 0});
  return out;
}
// An optional argument: its default when absent or undefined.
inline uint32_t optionalU32(const idl::Context& ctx, const Napi::CallbackInfo& info, size_t i,
                            const char* name, uint32_t fallback) {
  return info.Length() > i && !info[i].IsUndefined() ? toU32(ctx, info[i], name) : fallback;
}
inline std::optional<uint64_t> optionalU64(const idl::Context& ctx, const Napi::CallbackInfo& info,
                                           size_t i, const char* name) {
  if (info.Length() > i && !info[i].IsUndefined()) return toU64(ctx, info[i], name);
  return std::nullopt;
}
inline Buffer toBuffer(const idl::Context& ctx, Napi::Value v, const char* name) {
  Buffer out;
  idl::Convert<Buffer>::from(ctx, v, out, idl::Where{nullptr, name, 0});
  return out;
}

// `this` of a method defined with defineMethod: a TypeError unless it is a W.
template <class W>
W* self(const Napi::CallbackInfo& info) {
  W* w = W::unwrap(info.Env(), info.This());
  if (!w) throw Napi::TypeError::New(info.Env(), "Illegal invocation");
  return w;
}
// Defines `fn` on the prototype of class W (writable and configurable, as
// WebIDL operations are).
template <class W, class R>
void defineMethod(Napi::Env env, const char* name, R (*fn)(const Napi::CallbackInfo&)) {
  Napi::Function ctor = addonData(env).constructors[static_cast<int>(W::kId)].Value();
  Napi::Object prototype = ctor.Get("prototype").As<Napi::Object>();
  prototype.DefineProperty(
      Napi::PropertyDescriptor::Function(env, prototype, name, fn, idl::kOperation));
}

// Registers a new pass (or bundle) encoder in the slot table.
uint32_t allocateSlot(Napi::Env env, ClassId id, void* object);
void releaseSlot(Napi::Env env, uint32_t slot);

// GPUDevice.prototype's methods (`this` is the GPUDevice), in device.cpp's table.
Napi::Value createCommandEncoder(const Napi::CallbackInfo& info);
Napi::Value createRenderBundleEncoder(const Napi::CallbackInfo& info);

// GPUQueue's (lib/gpu.js calls them with its device): (device, commandBuffers),
// (device, argc, destination, data, dataLayout, size).
void queueSubmit(const Napi::CallbackInfo& info);
void queueWriteTexture(const Napi::CallbackInfo& info);

// The bytes of an AllowSharedBufferSource and the size of the elements its
// offsets count (1 for an ArrayBuffer or a DataView); a TypeError otherwise.
struct SourceBytes {
  const uint8_t* data = nullptr;
  size_t byteLength = 0;
  uint32_t elementSize = 1;
};
// Throws what a C++ call returned as an Exception (RangeError, TypeError, or
// a DOMException named by its type).
[[noreturn]] void throwException(Napi::Env env, const Exception& exception);
SourceBytes bufferSourceBytes(const idl::Context& ctx, Napi::Value v, const idl::Where& where);

// Module init: the classes, and the lean entry points (passes.cpp).
void initEncoding(Napi::Env env, Napi::Object exports);
void initPasses(Napi::Env env, Napi::Object exports);
// GPUQuerySet, resolveQuerySet and the copy commands (encoder_commands.cpp).
void initEncoderCommands(Napi::Env env, Napi::Object exports);
Napi::Value createQuerySet(const Napi::CallbackInfo& info);

}  // namespace bindery::node
