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
#include <memory>
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

// The command-encoding objects (GPUCommandEncoder, GPUComputePassEncoder,
// GPURenderPassEncoder, GPURenderBundleEncoder, GPUCommandBuffer),
// the pipelines and GPUShaderModule (pipelines.h) are made
// in JavaScript, as the slot objects of slots.h are: a plain object of the
// class's prototype with a stamp in a private field (lib/encoding.js: the
// slot's number and the class's tag), no Node-API wrap. The C++ object
// (below: its handle, its device) lives in the encoding table (passes.cpp)
// until a FinalizationRegistry callback gives its slot back. The lean
// entries (passes.cpp) find it by the slot number JavaScript passes; the
// full methods through lib/encoding.js's stamp reader (unwrap).
class EncodingObject {
 public:
  virtual ~EncodingObject() = default;
  ClassId id = ClassId::Count;
  uint32_t slot = 0;
  // A compute pass of the lean beginComputePass() and a command buffer of the
  // lean finish() have no FinalizationRegistry cell of their own: the JS
  // object keeps its encoder's alive, and its slot is freed with the
  // encoder's. An encoder lists such objects from `ownedFirst`, each the
  // next in `ownedNext` (slots; 0 ends the list).
  uint32_t ownedFirst = 0;
  uint32_t ownedNext = 0;
  // The object lives inside its encoder's (GPUCommandEncoder::pass,
  // ::buffer): the table does not delete it.
  bool inEncoderStorage = false;
  DeviceRef device;
};

// Registers `object` in the encoding table; its slot.
uint32_t addEncodingObject(std::unique_ptr<EncodingObject> object);
// The same for an object inside its encoder's storage (inEncoderStorage):
// its slot must be owned by the encoder's (freed first).
uint32_t addEncodingObjectInStorage(EncodingObject* object);
// The JS object of a new slot (lib/encoding.js makes it).
Napi::Object newEncodingObject(Napi::Env env, ClassId id, uint32_t slot);
// The live object of class `id` behind `value` (a JS object lib/encoding.js
// stamped), or null.
EncodingObject* findEncodingObject(Napi::Env env, Napi::Value value, ClassId id);
// The live object of class `id` in `slot` (a number lib/encoding.js read
// from a stamp), or null.
EncodingObject* encodingObjectAt(uint32_t slot, ClassId id);

template <class Derived, class H, ClassId Id>
class EncodingClass : public EncodingObject {
 public:
  using Handle = H;
  static constexpr ClassId kId = Id;

  // A new JS object for `handle`, made by `device`.
  static Napi::Object create(Napi::Env env, H handle, DeviceRef device) {
    return newEncodingObject(env, Id, createSlot(std::move(handle), std::move(device)));
  }
  // The same, for a lean path: the slot (JavaScript makes the object).
  static uint32_t createSlot(H handle, DeviceRef device) {
    auto object = std::make_unique<Derived>();
    object->id = Id;
    object->handle = std::move(handle);
    object->device = std::move(device);
    return addEncodingObject(std::move(object));
  }
  // The same, for an object made in `storage` (an encoder's, free). Its
  // device is the encoder's, not owned (no reference count to change): the
  // object lives inside the encoder, which holds the device.
  static uint32_t createSlotIn(std::optional<Derived>& storage, H handle,
                               const DeviceRef& encoderDevice) {
    Derived& object = storage.emplace();
    object.id = Id;
    object.inEncoderStorage = true;
    object.handle = std::move(handle);
    object.device = DeviceRef(DeviceRef(), encoderDevice.get());
    return addEncodingObjectInStorage(&object);
  }
  // The object behind `value`, or null when it is not one of this class.
  static Derived* unwrap(Napi::Env env, Napi::Value value) {
    return static_cast<Derived*>(findEncodingObject(env, value, Id));
  }
  // The object in `slot`, or null when it is not a live one of this class.
  static Derived* at(uint32_t slot) { return static_cast<Derived*>(encodingObjectAt(slot, Id)); }
  // The call names of messages ("GPUComputePassEncoder.setBindGroup") and strict mode.
  idl::Context context(const Napi::CallbackInfo& info, Method method) const {
    return idl::Context{info.Env(), callName(Id, method), device->strict};
  }

  H handle;
};

// Defines encoding class `id` (an Illegal constructor and `label`) in `exports`.
void defineEncodingClass(Napi::Env env, Napi::Object exports, ClassId id, const char* name);

struct GPUCommandBuffer : EncodingClass<GPUCommandBuffer, CommandBuffer, ClassId::CommandBuffer> {
  static void init(Napi::Env env, Napi::Object exports);
};
struct GPUComputePassEncoder
    : EncodingClass<GPUComputePassEncoder, ComputePassEncoder, ClassId::ComputePassEncoder> {
  static void init(Napi::Env env, Napi::Object exports);
};
struct GPUCommandEncoder
    : EncodingClass<GPUCommandEncoder, CommandEncoder, ClassId::CommandEncoder> {
  static void init(Napi::Env env, Napi::Object exports);
  // Freed entries' memory is kept per thread (up to a bound) for the next
  // encoders, as the core encoder's is (passes.cpp).
  static void* operator new(size_t size);
  static void operator delete(void* memory, size_t size);
  // The storage of the lean beginComputePass()'s first pass and the lean
  // finish()'s command buffer: their slots are owned by the encoder's
  // (EncodingObject::ownedFirst), so they live as long as it does, with no
  // allocation of their own.
  std::optional<GPUComputePassEncoder> pass;
  std::optional<GPUCommandBuffer> buffer;
};
struct GPURenderPassEncoder
    : EncodingClass<GPURenderPassEncoder, RenderPassEncoder, ClassId::RenderPassEncoder> {
  static void init(Napi::Env env, Napi::Object exports);
};
struct GPURenderBundleEncoder
    : EncodingClass<GPURenderBundleEncoder, RenderBundleEncoder, ClassId::RenderBundleEncoder> {
  static void init(Napi::Env env, Napi::Object exports);
};

class GPURenderBundle : public Wrapper<GPURenderBundle, RenderBundle, ClassId::RenderBundle> {
 public:
  static constexpr const char* kSetLabelCall = "GPURenderBundle.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);
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

// GPUDevice.prototype's methods (`this` is the GPUDevice), in device.cpp's table.
Napi::Value createCommandEncoder(const Napi::CallbackInfo& info);
Napi::Value createRenderBundleEncoder(const Napi::CallbackInfo& info);

// GPUQueue's (lib/gpu.js calls them with its device): (device, commandBuffers),
// (device, argc, destination, data, dataLayout, size).
void queueSubmit(const Napi::CallbackInfo& info);
void queueWriteTexture(const Napi::CallbackInfo& info);
// GPUQueue.copyExternalImageToTexture (external_image.cpp).
void queueCopyExternalImageToTexture(const Napi::CallbackInfo& info);

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
