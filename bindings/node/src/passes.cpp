// GPUComputePassEncoder, GPURenderPassEncoder and GPURenderBundleEncoder
// (#compute-passes, #render-passes, #bundles): the mixins they share
// (GPUDebugCommandsMixin, GPUBindingCommandsMixin, GPURenderCommandsMixin)
// are written once, as templates over the wrapper class.
//
// Each method converts its arguments with the WebIDL rules (idl.h), calls
// the C++ handle and, in strict mode, throws the error of that call: an
// encoding error invalidates the encoder (reported again by finish()), and a
// strict device also reports it at the failing command (command_encoder.h).
//
// The lean entry points (the end of this file) serve lib/encoding.js's fast
// path for setBindGroup, dispatchWorkgroups, draw and drawIndexed.
#include <fmt/format.h>

#include <vector>

#include "descriptors.h"
#include "encoding.h"
#include "encoding_descriptors.h"
#include "lean_call.h"
#include "pipelines.h"
#include "slots.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

// --- the encoding table ---------------------------------------------------------
// Per thread (a worker's addon instance has its own thread): the live
// encoders, passes, bundle encoders and command buffers, by slot number.
// Slot 0 is never used.

namespace {

// Everything the lean entry points use, one per thread. The entry points get
// its address as their function data, so the hot path does no thread-local
// lookup.
// Deletes an encoding object unless it lives in its encoder's storage.
struct EncodingObjectDeleter {
  void operator()(EncodingObject* object) const {
    if (!object->inEncoderStorage) delete object;
  }
};
using EncodingObjectPtr = std::unique_ptr<EncodingObject, EncodingObjectDeleter>;

// Freed GPUCommandEncoder entries' memory, reused by the next encoders (the
// allocator's path for this size walks bins that are cold after a burst of
// collected encoders). Bounded as the core encoders' are: 4,096 entries.
struct EncoderMemoryCache {
  static constexpr size_t kMaxBlocks = 1u << 12;
  std::vector<void*> blocks;
  ~EncoderMemoryCache() {
    for (void* b : blocks) ::operator delete(b);
  }
};

struct EncodingState {
  // First: destroyed after the slots, whose encoders come back to it.
  EncoderMemoryCache encoderMemory;
  std::vector<EncodingObjectPtr> slots = [] {
    std::vector<EncodingObjectPtr> v;
    v.emplace_back();
    return v;
  }();
  std::vector<uint32_t> freeSlots;
  // The bind groups (and every other object of the lean paths), by stamp (slots.h).
  SlotTable* objects = &slotTable();
  // What lib/encoding.js writes a lean call's arguments (words 0 to 7) and
  // its dynamic offsets (from word 8) into.
  ScratchArray scratch;
  // lib/encoding.js's (tag, slot) -> new object, and (object) -> its stamp.
  Napi::FunctionReference make;
  Napi::FunctionReference stampOf;
};
thread_local EncodingState encodingState;

constexpr uint32_t kNoGroup = 0xffffffffu;
constexpr uint32_t kOffsetsBase = 8;

// The tag of a class in lib/encoding.js's stamps (slot * 16 + tag).
constexpr uint32_t kTagBits = 4;
uint32_t tagOf(ClassId id) {
  switch (id) {
    case ClassId::CommandEncoder: return 1;
    case ClassId::ComputePassEncoder: return 2;
    case ClassId::RenderPassEncoder: return 3;
    case ClassId::RenderBundleEncoder: return 4;
    case ClassId::CommandBuffer: return 5;
    case ClassId::ComputePipeline: return 6;
    case ClassId::RenderPipeline: return 7;
    case ClassId::ShaderModule: return 8;
    default: return 0;
  }
}

}  // namespace

namespace {

uint32_t addSlot(EncodingObjectPtr object) {
  EncodingState& t = encodingState;
  uint32_t slot;
  if (!t.freeSlots.empty()) {
    slot = t.freeSlots.back();
    t.freeSlots.pop_back();
  } else {
    slot = static_cast<uint32_t>(t.slots.size());
    if (slot >= (1u << (32 - kTagBits))) {
      throw std::length_error("bindery: more than 2^29 live encoding objects");
    }
    t.slots.emplace_back();
  }
  object->slot = slot;
  t.slots[slot] = std::move(object);
  return slot;
}

}  // namespace

uint32_t addEncodingObject(std::unique_ptr<EncodingObject> object) {
  return addSlot(EncodingObjectPtr(object.release()));
}

uint32_t addEncodingObjectInStorage(EncodingObject* object) {
  return addSlot(EncodingObjectPtr(object));
}

void* GPUCommandEncoder::operator new(size_t size) {
  std::vector<void*>& blocks = encodingState.encoderMemory.blocks;
  if (size == sizeof(GPUCommandEncoder) && !blocks.empty()) {
    void* memory = blocks.back();
    blocks.pop_back();
    return memory;
  }
  return ::operator new(size);
}

void GPUCommandEncoder::operator delete(void* memory, size_t size) {
  std::vector<void*>& blocks = encodingState.encoderMemory.blocks;
  if (size == sizeof(GPUCommandEncoder) && blocks.size() < EncoderMemoryCache::kMaxBlocks) {
    blocks.push_back(memory);
    return;
  }
  ::operator delete(memory);
}

Napi::Object newEncodingObject(Napi::Env env, ClassId id, uint32_t slot) {
  EncodingState& t = encodingState;
  Napi::Value object;
  try {
    object = t.make.Call({Napi::Number::New(env, tagOf(id)), Napi::Number::New(env, slot)});
  } catch (...) {
    t.slots[slot].reset();
    t.freeSlots.push_back(slot);
    throw;
  }
  return object.As<Napi::Object>();
}

EncodingObject* findEncodingObject(Napi::Env, Napi::Value value, ClassId id) {
  EncodingState& t = encodingState;
  if (!value.IsObject() || t.stampOf.IsEmpty()) return nullptr;
  Napi::Value stamp = t.stampOf.Call({value});
  if (!stamp.IsNumber()) return nullptr;
  uint32_t s = stamp.As<Napi::Number>().Uint32Value();
  if ((s & ((1u << kTagBits) - 1)) != tagOf(id)) return nullptr;
  return encodingObjectAt(s >> kTagBits, id);
}

EncodingObject* encodingObjectAt(uint32_t slot, ClassId id) {
  EncodingState& t = encodingState;
  if (slot == 0 || slot >= t.slots.size()) return nullptr;
  EncodingObject* object = t.slots[slot].get();
  return object != nullptr && object->id == id ? object : nullptr;
}

namespace {

const char* labelCall(ClassId id) {
  switch (id) {
    case ClassId::CommandEncoder: return "GPUCommandEncoder.label";
    case ClassId::CommandBuffer: return "GPUCommandBuffer.label";
    case ClassId::ComputePassEncoder: return "GPUComputePassEncoder.label";
    case ClassId::RenderPassEncoder: return "GPURenderPassEncoder.label";
    case ClassId::ComputePipeline: return "GPUComputePipeline.label";
    case ClassId::RenderPipeline: return "GPURenderPipeline.label";
    case ClassId::ShaderModule: return "GPUShaderModule.label";
    default: return "GPURenderBundleEncoder.label";
  }
}

napi_value illegalConstructor(napi_env env, napi_callback_info) {
  napi_throw_type_error(env, nullptr, "Illegal constructor");
  return nullptr;
}

// GPUObjectBase.label of an encoding object (`data`: its ClassId).
template <class F>
void withObject(const Napi::CallbackInfo& info, F&& f) {
  auto id = static_cast<ClassId>(reinterpret_cast<uintptr_t>(info.Data()));
  EncodingObject* object = findEncodingObject(info.Env(), info.This(), id);
  if (object == nullptr) throw Napi::TypeError::New(info.Env(), "Illegal invocation");
  switch (id) {
    case ClassId::CommandEncoder: return f(static_cast<GPUCommandEncoder*>(object)->handle);
    case ClassId::CommandBuffer: return f(static_cast<GPUCommandBuffer*>(object)->handle);
    case ClassId::ComputePassEncoder: return f(static_cast<GPUComputePassEncoder*>(object)->handle);
    case ClassId::RenderPassEncoder: return f(static_cast<GPURenderPassEncoder*>(object)->handle);
    case ClassId::RenderBundleEncoder:
      return f(static_cast<GPURenderBundleEncoder*>(object)->handle);
    case ClassId::ComputePipeline: return f(static_cast<GPUComputePipeline*>(object)->handle);
    case ClassId::RenderPipeline: return f(static_cast<GPURenderPipeline*>(object)->handle);
    case ClassId::ShaderModule: return f(static_cast<GPUShaderModule*>(object)->handle);
    default: throw Napi::TypeError::New(info.Env(), "Illegal invocation");
  }
}
napi_value getLabel(napi_env env, napi_callback_info cb) {
  return Napi::details::WrapCallback(env, [&]() -> napi_value {
    Napi::CallbackInfo info(env, cb);
    std::string label;
    withObject(info, [&](auto& handle) { label = std::string(handle.label()); });
    return Napi::String::New(env, label);
  });
}
napi_value setLabel(napi_env env, napi_callback_info cb) {
  return Napi::details::WrapCallback(env, [&]() -> napi_value {
    Napi::CallbackInfo info(env, cb);
    auto id = static_cast<ClassId>(reinterpret_cast<uintptr_t>(info.Data()));
    EncodingObject* object = findEncodingObject(env, info.This(), id);
    if (object == nullptr) throw Napi::TypeError::New(env, "Illegal invocation");
    idl::Context ctx{env, labelCall(id), object->device && object->device->strict};
    std::string label = idl::toDOMString(ctx, info[0], idl::Where{nullptr, "label", 0});
    withObject(info, [&](auto& handle) { handle.setLabel(label); });
    return nullptr;
  });
}

}  // namespace

void defineEncodingClass(Napi::Env env, Napi::Object exports, ClassId id, const char* name) {
  void* data = reinterpret_cast<void*>(static_cast<uintptr_t>(id));
  // napi_define_class would give methods V8's receiver check (an instance its
  // constructor made), which these objects are not: only the accessor goes
  // to the class; defineMethod puts the methods onto the prototype.
  napi_property_descriptor label{"label",  nullptr, nullptr,         getLabel,
                                 setLabel, nullptr, idl::kAttribute, data};
  napi_value ctor = nullptr;
  NAPI_THROW_IF_FAILED_VOID(env, napi_define_class(env, name, NAPI_AUTO_LENGTH, illegalConstructor,
                                                   nullptr, 1, &label, &ctor));
  Napi::Function fn(env, ctor);
  AddonData& addon = addonData(env);
  addon.constructors[static_cast<int>(id)] = Napi::Persistent(fn);
  addon.prototypes[static_cast<int>(id)] = Napi::Persistent(fn.Get("prototype").As<Napi::Object>());
  exports.Set(name, fn);
}

namespace {

// --- argument conversions --------------------------------------------------------

// GPUBindGroup? (undefined is null, as WebIDL converts it for a nullable type).
const BindGroup* toBindGroup(const Context& ctx, Napi::Value v) {
  static const BindGroup kNull;
  if (v.IsNull() || v.IsUndefined()) return &kNull;
  BindGroup* group = GPUBindGroup::unwrap(ctx.env, v);
  if (!group) {
    ctx.typeError(Where{nullptr, "bindGroup", 0},
                  "is " + idl::describe(v) + ", not a GPUBindGroup (or null)");
  }
  return group;
}

// Dynamic offsets in a small buffer on the stack; a vector only past 16.
struct Offsets {
  uint32_t inline_[16];
  std::vector<uint32_t> heap;
  uint32_t count = 0;
  uint32_t* data() { return count <= 16 ? inline_ : heap.data(); }
  void push(uint32_t v) {
    if (count < 16) {
      inline_[count++] = v;
      return;
    }
    if (count == 16) heap.assign(inline_, inline_ + 16);
    heap.push_back(v);
    ++count;
  }
  std::span<const uint32_t> span() { return {data(), count}; }
};

// sequence<GPUBufferDynamicOffset>: an Array or a Uint32Array straight, any
// other iterable through the iterator protocol.
void toOffsets(const Context& ctx, Napi::Value v, Offsets& out) {
  Where where{nullptr, "dynamicOffsets", 0};
  if (v.IsTypedArray()) {
    Napi::TypedArray ta = v.As<Napi::TypedArray>();
    if (ta.TypedArrayType() == napi_uint32_array) {
      Napi::Uint32Array u = v.As<Napi::Uint32Array>();
      for (size_t i = 0; i < u.ElementLength(); ++i) out.push(u[i]);
      return;
    }
  }
  if (v.IsArray()) {
    Napi::Array array = v.As<Napi::Array>();
    uint32_t length = array.Length();
    for (uint32_t i = 0; i < length; ++i) {
      Napi::Value element = array.Get(i);
      if (element.IsNumber()) {
        double d = element.As<Napi::Number>().DoubleValue();
        if (d >= 0 && d <= 4294967295.0 && d == static_cast<double>(static_cast<uint32_t>(d))) {
          out.push(static_cast<uint32_t>(d));
          continue;
        }
      }
      uint32_t value = 0;
      idl::Convert<uint32_t>::from(ctx, element, value, Where{&where, nullptr, i});
      out.push(value);
    }
    return;
  }
  idl::forEachElement(ctx, v, where, [&](Napi::Value element, const Where& at) {
    uint32_t value = 0;
    idl::Convert<uint32_t>::from(ctx, element, value, at);
    out.push(value);
  });
}

[[noreturn]] void throwRangeError(Napi::Env env, const std::string& message) {
  throw Napi::RangeError::New(env, message);
}

// --- the shared mixins, over a wrapper W (its `handle` has the methods) -----------

// GPUDebugCommandsMixin
template <class W>
void pushDebugGroup(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::PushDebugGroup);
  idl::requireArguments(ctx, info, 1);
  w->handle.pushDebugGroup(idl::toDOMString(ctx, info[0], Where{nullptr, "groupLabel", 0}));
  w->device->throwIfFailed();
}
template <class W>
void popDebugGroup(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  w->handle.popDebugGroup();
  w->device->throwIfFailed();
}
template <class W>
void insertDebugMarker(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::InsertDebugMarker);
  idl::requireArguments(ctx, info, 1);
  w->handle.insertDebugMarker(idl::toDOMString(ctx, info[0], Where{nullptr, "markerLabel", 0}));
  w->device->throwIfFailed();
}

// GPUBindingCommandsMixin.setBindGroup, both overloads
// (#dom-gpubindingcommandsmixin-setbindgroup). WebIDL overload resolution
// by argument count: 2 or 3 arguments take the sequence, 5 or more the
// Uint32Array with a start and a length; 4 is no overload (TypeError).
template <class W>
void setBindGroup(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::SetBindGroup);
  size_t argc = info.Length();
  idl::requireArguments(ctx, info, 2);
  uint32_t index = toU32(ctx, info[0], "index");
  const BindGroup* group = toBindGroup(ctx, info[1]);
  if (argc >= 5) {
    Napi::Value data = info[2];
    if (!data.IsTypedArray() || data.As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
      ctx.typeError(Where{nullptr, "dynamicOffsetsData", 0},
                    "is " + idl::describe(data) + ", not a Uint32Array");
    }
    uint64_t start = toU64(ctx, info[3], "dynamicOffsetsDataStart");
    uint32_t length = toU32(ctx, info[4], "dynamicOffsetsDataLength");
    Napi::Uint32Array array = data.As<Napi::Uint32Array>();
    std::span<const uint32_t> span(array.Data(), array.ElementLength());
    if (std::optional<Exception> thrown =
            w->handle.setBindGroup(index, *group, span, start, length)) {
      throwRangeError(info.Env(), thrown->message);
    }
  } else if (argc == 4) {
    ctx.typeError(
        "4 arguments match no overload: setBindGroup(index, bindGroup, dynamicOffsets = []) "
        "takes 2 or 3, setBindGroup(index, bindGroup, dynamicOffsetsData, "
        "dynamicOffsetsDataStart, dynamicOffsetsDataLength) takes 5.");
  } else if (argc == 3 && !info[2].IsUndefined()) {
    Offsets offsets;
    toOffsets(ctx, info[2], offsets);
    w->handle.setBindGroup(index, *group, offsets.span());
  } else {
    w->handle.setBindGroup(index, *group);
  }
  w->device->throwIfFailed();
}

// GPUBindingCommandsMixin.setImmediates (#programmable-passes-immediate-data):
// dataOffset and dataSize count elements of a TypedArray (bytes otherwise).
template <class W>
void setImmediates(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::SetImmediates);
  idl::requireArguments(ctx, info, 2);
  uint32_t rangeOffset = toU32(ctx, info[0], "rangeOffset");
  SourceBytes bytes = bufferSourceBytes(ctx, info[1], Where{nullptr, "data", 0});
  uint64_t dataOffset = optionalU64(ctx, info, 2, "dataOffset").value_or(0);
  std::optional<uint64_t> dataSize = optionalU64(ctx, info, 3, "dataSize");
  if (std::optional<Exception> thrown = w->handle.setImmediates(
          rangeOffset, BufferSource(bytes.data, bytes.byteLength, bytes.elementSize), dataOffset,
          dataSize)) {
    throwException(info.Env(), *thrown);
  }
  w->device->throwIfFailed();
}

// GPURenderCommandsMixin
template <class W>
void setRenderPipeline(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::SetPipeline);
  idl::requireArguments(ctx, info, 1);
  w->handle.setPipeline(idl::argument<RenderPipeline>(ctx, info, 0, "pipeline"));
  w->device->throwIfFailed();
}
template <class W>
void setIndexBuffer(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::SetIndexBuffer);
  idl::requireArguments(ctx, info, 2);
  Buffer buffer = toBuffer(ctx, info[0], "buffer");
  IndexFormat format = idl::argument<IndexFormat>(ctx, info, 1, "indexFormat");
  uint64_t offset = info.Length() > 2 && !info[2].IsUndefined() ? toU64(ctx, info[2], "offset") : 0;
  std::optional<uint64_t> size;
  if (info.Length() > 3 && !info[3].IsUndefined()) size = toU64(ctx, info[3], "size");
  w->handle.setIndexBuffer(buffer, format, offset, size);
  w->device->throwIfFailed();
}
template <class W>
void setVertexBuffer(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::SetVertexBuffer);
  idl::requireArguments(ctx, info, 2);
  uint32_t slot = toU32(ctx, info[0], "slot");
  // GPUBuffer? buffer: null unbinds the slot.
  Buffer buffer;
  if (!info[1].IsNull() && !info[1].IsUndefined()) buffer = toBuffer(ctx, info[1], "buffer");
  uint64_t offset = info.Length() > 2 && !info[2].IsUndefined() ? toU64(ctx, info[2], "offset") : 0;
  std::optional<uint64_t> size;
  if (info.Length() > 3 && !info[3].IsUndefined()) size = toU64(ctx, info[3], "size");
  w->handle.setVertexBuffer(slot, buffer, offset, size);
  w->device->throwIfFailed();
}
template <class W>
void draw(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::Draw);
  idl::requireArguments(ctx, info, 1);
  uint32_t vertexCount = toU32(ctx, info[0], "vertexCount");
  uint32_t instanceCount = optionalU32(ctx, info, 1, "instanceCount", 1);
  uint32_t firstVertex = optionalU32(ctx, info, 2, "firstVertex", 0);
  uint32_t firstInstance = optionalU32(ctx, info, 3, "firstInstance", 0);
  w->handle.draw(vertexCount, instanceCount, firstVertex, firstInstance);
  w->device->throwIfFailed();
}
template <class W>
void drawIndexed(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, Method::DrawIndexed);
  idl::requireArguments(ctx, info, 1);
  uint32_t indexCount = toU32(ctx, info[0], "indexCount");
  uint32_t instanceCount = optionalU32(ctx, info, 1, "instanceCount", 1);
  uint32_t firstIndex = optionalU32(ctx, info, 2, "firstIndex", 0);
  int32_t baseVertex =
      info.Length() > 3 && !info[3].IsUndefined() ? toI32(ctx, info[3], "baseVertex") : 0;
  uint32_t firstInstance = optionalU32(ctx, info, 4, "firstInstance", 0);
  w->handle.drawIndexed(indexCount, instanceCount, firstIndex, baseVertex, firstInstance);
  w->device->throwIfFailed();
}
template <class W, Method M>
void drawIndirectAny(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  Context ctx = w->context(info, M);
  idl::requireArguments(ctx, info, 2);
  Buffer buffer = toBuffer(ctx, info[0], "indirectBuffer");
  uint64_t offset = toU64(ctx, info[1], "indirectOffset");
  if constexpr (M == Method::DrawIndirect) {
    w->handle.drawIndirect(buffer, offset);
  } else {
    w->handle.drawIndexedIndirect(buffer, offset);
  }
  w->device->throwIfFailed();
}

template <class W>
void end(const Napi::CallbackInfo& info) {
  W* w = self<W>(info);
  w->handle.end();
  w->device->throwIfFailed();
}

// --- GPUComputePassEncoder -------------------------------------------------------

void setComputePipeline(const Napi::CallbackInfo& info) {
  auto* w = self<GPUComputePassEncoder>(info);
  Context ctx = w->context(info, Method::SetPipeline);
  idl::requireArguments(ctx, info, 1);
  w->handle.setPipeline(idl::argument<ComputePipeline>(ctx, info, 0, "pipeline"));
  w->device->throwIfFailed();
}

void dispatchWorkgroups(const Napi::CallbackInfo& info) {
  auto* w = self<GPUComputePassEncoder>(info);
  Context ctx = w->context(info, Method::DispatchWorkgroups);
  idl::requireArguments(ctx, info, 1);
  uint32_t x = toU32(ctx, info[0], "workgroupCountX");
  uint32_t y = optionalU32(ctx, info, 1, "workgroupCountY", 1);
  uint32_t z = optionalU32(ctx, info, 2, "workgroupCountZ", 1);
  w->handle.dispatchWorkgroups(x, y, z);
  w->device->throwIfFailed();
}

void dispatchWorkgroupsIndirect(const Napi::CallbackInfo& info) {
  auto* w = self<GPUComputePassEncoder>(info);
  Context ctx = w->context(info, Method::DispatchWorkgroupsIndirect);
  idl::requireArguments(ctx, info, 2);
  Buffer buffer = toBuffer(ctx, info[0], "indirectBuffer");
  w->handle.dispatchWorkgroupsIndirect(buffer, toU64(ctx, info[1], "indirectOffset"));
  w->device->throwIfFailed();
}

// --- GPURenderPassEncoder ----------------------------------------------------------

void executeBundles(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::ExecuteBundles);
  idl::requireArguments(ctx, info, 1);
  std::vector<RenderBundle> bundles;
  idl::forEachElement(ctx, info[0], Where{nullptr, "bundles", 0},
                      [&](Napi::Value v, const Where& at) {
                        GPURenderBundle* bundle = GPURenderBundle::unwrap(ctx.env, v);
                        if (!bundle) {
                          ctx.typeError(at, "is " + idl::describe(v) + ", not a GPURenderBundle");
                        }
                        bundles.push_back(bundle->handle);
                      });
  w->handle.executeBundles(bundles);
  w->device->throwIfFailed();
}

// Rasterization state (#render-pass-encoder-rasterization-state) and
// occlusion queries (#render-pass-encoder-queries).
void setViewport(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::SetViewport);
  idl::requireArguments(ctx, info, 6);
  static constexpr const char* names[] = {"x", "y", "width", "height", "minDepth", "maxDepth"};
  float v[6];
  for (size_t i = 0; i < 6; ++i)
    idl::Convert<float>::from(ctx, info[i], v[i], Where{nullptr, names[i], 0});
  w->handle.setViewport(v[0], v[1], v[2], v[3], v[4], v[5]);
  w->device->throwIfFailed();
}
void setScissorRect(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::SetScissorRect);
  idl::requireArguments(ctx, info, 4);
  w->handle.setScissorRect(toU32(ctx, info[0], "x"), toU32(ctx, info[1], "y"),
                           toU32(ctx, info[2], "width"), toU32(ctx, info[3], "height"));
  w->device->throwIfFailed();
}
void setBlendConstant(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::SetBlendConstant);
  idl::requireArguments(ctx, info, 1);
  w->handle.setBlendConstant(idl::argument<Color>(ctx, info, 0, "color"));
  w->device->throwIfFailed();
}
void setStencilReference(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::SetStencilReference);
  idl::requireArguments(ctx, info, 1);
  w->handle.setStencilReference(toU32(ctx, info[0], "reference"));
  w->device->throwIfFailed();
}
void beginOcclusionQuery(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  Context ctx = w->context(info, Method::BeginOcclusionQuery);
  idl::requireArguments(ctx, info, 1);
  w->handle.beginOcclusionQuery(toU32(ctx, info[0], "queryIndex"));
  w->device->throwIfFailed();
}
void endOcclusionQuery(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderPassEncoder>(info);
  w->handle.endOcclusionQuery();
  w->device->throwIfFailed();
}

// --- GPURenderBundleEncoder ----------------------------------------------------------

Napi::Value finishBundle(const Napi::CallbackInfo& info) {
  auto* w = self<GPURenderBundleEncoder>(info);
  Context ctx = w->context(info, Method::Finish);
  RenderBundleDescriptor descriptor =
      idl::argument<RenderBundleDescriptor>(ctx, info, 0, "descriptor");
  RenderBundle bundle = w->handle.finish(descriptor);
  w->device->throwIfFailed();
  return GPURenderBundle::create(info.Env(), std::move(bundle), w->device);
}

// The mixins every pass (and the bundle encoder) has.
template <class W>
void defineBindingCommands(Napi::Env env) {
  defineMethod<W>(env, "pushDebugGroup", pushDebugGroup<W>);
  defineMethod<W>(env, "popDebugGroup", popDebugGroup<W>);
  defineMethod<W>(env, "insertDebugMarker", insertDebugMarker<W>);
  defineMethod<W>(env, "setBindGroup", setBindGroup<W>);
  defineMethod<W>(env, "setImmediates", setImmediates<W>);
}
template <class W>
void defineRenderCommands(Napi::Env env) {
  defineMethod<W>(env, "setPipeline", setRenderPipeline<W>);
  defineMethod<W>(env, "setIndexBuffer", setIndexBuffer<W>);
  defineMethod<W>(env, "setVertexBuffer", setVertexBuffer<W>);
  defineMethod<W>(env, "draw", draw<W>);
  defineMethod<W>(env, "drawIndexed", drawIndexed<W>);
  defineMethod<W>(env, "drawIndirect", drawIndirectAny<W, Method::DrawIndirect>);
  defineMethod<W>(env, "drawIndexedIndirect", drawIndirectAny<W, Method::DrawIndexedIndirect>);
}

}  // namespace

void GPUComputePassEncoder::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::ComputePassEncoder, "GPUComputePassEncoder");
  defineBindingCommands<GPUComputePassEncoder>(env);
  defineMethod<GPUComputePassEncoder>(env, "setPipeline", setComputePipeline);
  defineMethod<GPUComputePassEncoder>(env, "dispatchWorkgroups", dispatchWorkgroups);
  defineMethod<GPUComputePassEncoder>(env, "dispatchWorkgroupsIndirect",
                                      dispatchWorkgroupsIndirect);
  defineMethod<GPUComputePassEncoder>(env, "end", end<GPUComputePassEncoder>);
}

void GPURenderPassEncoder::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::RenderPassEncoder, "GPURenderPassEncoder");
  defineBindingCommands<GPURenderPassEncoder>(env);
  defineRenderCommands<GPURenderPassEncoder>(env);
  defineMethod<GPURenderPassEncoder>(env, "executeBundles", executeBundles);
  defineMethod<GPURenderPassEncoder>(env, "setViewport", setViewport);
  defineMethod<GPURenderPassEncoder>(env, "setScissorRect", setScissorRect);
  defineMethod<GPURenderPassEncoder>(env, "setBlendConstant", setBlendConstant);
  defineMethod<GPURenderPassEncoder>(env, "setStencilReference", setStencilReference);
  defineMethod<GPURenderPassEncoder>(env, "beginOcclusionQuery", beginOcclusionQuery);
  defineMethod<GPURenderPassEncoder>(env, "endOcclusionQuery", endOcclusionQuery);
  defineMethod<GPURenderPassEncoder>(env, "end", end<GPURenderPassEncoder>);
}

void GPURenderBundleEncoder::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::RenderBundleEncoder, "GPURenderBundleEncoder");
  defineBindingCommands<GPURenderBundleEncoder>(env);
  defineRenderCommands<GPURenderBundleEncoder>(env);
  defineMethod<GPURenderBundleEncoder>(env, "finish", finishBundle);
}

// --- The lean entry points --------------------------------------------------------
// lib/encoding.js calls these after doing the WebIDL conversions itself: the
// arguments (the pass's slot and plain unsigned integers) and the dynamic
// offsets are already in the scratch Uint32Array, so a call takes no
// JavaScript argument at all. No allocation, no conversion, no unwrapping; a
// wrong slot (which lib/encoding.js never passes) is a TypeError.

namespace {

template <class F>
napi_value guarded(napi_env, F&& f) {
  try {
    f();
  } catch (const Napi::Error& e) {
    e.ThrowAsJavaScriptException();
  }
  return nullptr;
}

[[noreturn]] void badSlot(napi_env env) {
  throw Napi::TypeError::New(env, "Illegal invocation: not a live pass or bundle encoder");
}

EncodingState& stateOf(napi_env env, napi_callback_info info) {
  size_t argc = 0;
  void* data = nullptr;
  napi_get_cb_info(env, info, &argc, nullptr, nullptr, &data);
  return *static_cast<EncodingState*>(data);
}

EncodingObject& passAt(napi_env env, EncodingState& st, uint32_t slot) {
  if (slot == 0 || slot >= st.slots.size() || !st.slots[slot]) badSlot(env);
  return *st.slots[slot];
}

// scratch: (passSlot, index, the group's stamp or 0xffffffff for null, offsetCount), offsets
napi_value fastSetBindGroup(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    static const BindGroup kNull;
    if (a == nullptr) badSlot(env);
    EncodingObject& s = passAt(env, st, a[0]);
    const BindGroup* group = &kNull;
    if (a[2] != kNoGroup) {
      group = st.objects->get<BindGroup>(a[2]);
      if (group == nullptr) badSlot(env);
    }
    uint32_t count = a[3] <= st.scratch.length - kOffsetsBase ? a[3] : 0;
    std::span<const uint32_t> offsets(a + kOffsetsBase, count);
    switch (s.id) {
      case ClassId::ComputePassEncoder: {
        auto* w = static_cast<GPUComputePassEncoder*>(&s);
        w->handle.setBindGroup(a[1], *group, offsets);
        return w->device->throwIfFailed();
      }
      case ClassId::RenderPassEncoder: {
        auto* w = static_cast<GPURenderPassEncoder*>(&s);
        w->handle.setBindGroup(a[1], *group, offsets);
        return w->device->throwIfFailed();
      }
      case ClassId::RenderBundleEncoder: {
        auto* w = static_cast<GPURenderBundleEncoder*>(&s);
        w->handle.setBindGroup(a[1], *group, offsets);
        return w->device->throwIfFailed();
      }
      default: badSlot(env);
    }
  });
}

// scratch: (passSlot, x, y, z)
napi_value fastDispatch(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    if (a == nullptr) badSlot(env);
    EncodingObject& s = passAt(env, st, a[0]);
    if (s.id != ClassId::ComputePassEncoder) badSlot(env);
    auto* w = static_cast<GPUComputePassEncoder*>(&s);
    w->handle.dispatchWorkgroups(a[1], a[2], a[3]);
    w->device->throwIfFailed();
  });
}

template <class F>
void onRenderCommands(napi_env env, EncodingObject& s, F&& f) {
  if (s.id == ClassId::RenderPassEncoder) {
    auto* w = static_cast<GPURenderPassEncoder*>(&s);
    f(w->handle);
    w->device->throwIfFailed();
  } else if (s.id == ClassId::RenderBundleEncoder) {
    auto* w = static_cast<GPURenderBundleEncoder*>(&s);
    f(w->handle);
    w->device->throwIfFailed();
  } else {
    badSlot(env);
  }
}

// scratch: (passSlot, vertexCount, instanceCount, firstVertex, firstInstance)
napi_value fastDraw(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    if (a == nullptr) badSlot(env);
    onRenderCommands(env, passAt(env, st, a[0]),
                     [&](auto& handle) { handle.draw(a[1], a[2], a[3], a[4]); });
  });
}

// scratch: (passSlot, indexCount, instanceCount, firstIndex, baseVertex (two's
// complement), firstInstance)
napi_value fastDrawIndexed(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    if (a == nullptr) badSlot(env);
    onRenderCommands(env, passAt(env, st, a[0]), [&](auto& handle) {
      handle.drawIndexed(a[1], a[2], a[3], static_cast<int32_t>(a[4]), a[5]);
    });
  });
}

napi_value slotValue(napi_env env, uint32_t slot) {
  napi_value out = nullptr;
  napi_create_uint32(env, slot, &out);
  return out;
}

// The lean calls that make objects return the new object's slot (0 after a
// strict-mode throw); lib/encoding.js makes the JS object.
template <class F>
napi_value guardedSlot(napi_env env, F&& f) {
  try {
    return slotValue(env, f());
  } catch (const Napi::Error& e) {
    e.ThrowAsJavaScriptException();
  }
  return nullptr;
}

template <class W>
W& objectAt(napi_env env, EncodingState& st, uint32_t slot) {
  EncodingObject& object = passAt(env, st, slot);
  if (object.id != W::kId) badSlot(env);
  return static_cast<W&>(object);
}

// scratch: (the GPUDevice's stamp): createCommandEncoder() with no descriptor.
napi_value fastCreateCommandEncoder(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guardedSlot(env, [&] {
    DeviceRef* d = a ? st.objects->get<DeviceRef>(a[0]) : nullptr;
    if (d == nullptr || !*d) badSlot(env);
    CommandEncoder encoder = (*d)->device.createCommandEncoder({});
    (*d)->throwIfFailed();
    return GPUCommandEncoder::createSlot(std::move(encoder), *d);
  });
}

// Lists `slot` (a lean pass or command buffer) among the objects `encoder`
// owns: freed with it (EncodingObject::ownedFirst). Returns `slot`.
uint32_t ownedBy(EncodingState& st, EncodingObject& encoder, uint32_t slot) {
  st.slots[slot]->ownedNext = encoder.ownedFirst;
  encoder.ownedFirst = slot;
  return slot;
}

// scratch: (encoderSlot): beginComputePass() with no descriptor. The pass's
// slot is owned by the encoder's (EncodingObject::ownedFirst): lib/encoding.js
// registers no FinalizationRegistry cell for it (one cell fewer per pass).
napi_value fastBeginComputePass(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guardedSlot(env, [&] {
    if (a == nullptr) badSlot(env);
    auto& w = objectAt<GPUCommandEncoder>(env, st, a[0]);
    ComputePassEncoder pass = w.handle.beginComputePass({});
    w.device->throwIfFailed();
    // The first pass in the encoder's storage (it stays there as long as
    // the encoder: its slot is freed with the encoder's).
    return ownedBy(st, w,
                   w.pass ? GPUComputePassEncoder::createSlot(std::move(pass), w.device)
                          : GPUComputePassEncoder::createSlotIn(w.pass, std::move(pass), w.device));
  });
}

// scratch: (encoderSlot): finish() with no descriptor. The command buffer's
// slot is owned by the encoder's, as a lean pass's is: its JS object keeps the
// encoder's alive (lib/encoding.js), so no FinalizationRegistry cell of its
// own.
napi_value fastFinish(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guardedSlot(env, [&] {
    if (a == nullptr) badSlot(env);
    auto& w = objectAt<GPUCommandEncoder>(env, st, a[0]);
    CommandBuffer buffer = w.handle.finish({});
    w.device->throwIfFailed();
    return ownedBy(st, w,
                   w.buffer
                       ? GPUCommandBuffer::createSlot(std::move(buffer), w.device)
                       : GPUCommandBuffer::createSlotIn(w.buffer, std::move(buffer), w.device));
  });
}

// scratch: (passSlot, pipelineSlot): setPipeline of a compute pass, a render
// pass or a bundle encoder.
napi_value fastSetPipeline(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    if (a == nullptr) badSlot(env);
    EncodingObject& s = passAt(env, st, a[0]);
    EncodingObject& p = passAt(env, st, a[1]);
    if (s.id == ClassId::ComputePassEncoder && p.id == ClassId::ComputePipeline) {
      auto& w = static_cast<GPUComputePassEncoder&>(s);
      w.handle.setPipeline(static_cast<GPUComputePipeline&>(p).handle);
      return w.device->throwIfFailed();
    }
    if (p.id != ClassId::RenderPipeline) badSlot(env);
    onRenderCommands(env, s, [&](auto& handle) {
      handle.setPipeline(static_cast<GPURenderPipeline&>(p).handle);
    });
  });
}

// scratch: (passSlot): end() of a compute or render pass.
napi_value fastEnd(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    if (a == nullptr) badSlot(env);
    EncodingObject& s = passAt(env, st, a[0]);
    if (s.id == ClassId::ComputePassEncoder) {
      auto& w = static_cast<GPUComputePassEncoder&>(s);
      w.handle.end();
      return w.device->throwIfFailed();
    }
    if (s.id != ClassId::RenderPassEncoder) badSlot(env);
    auto& w = static_cast<GPURenderPassEncoder&>(s);
    w.handle.end();
    w.device->throwIfFailed();
  });
}

// (stamp): lib/encoding.js's FinalizationRegistry: a collected object's slot.
void releaseEncodingObject(const Napi::CallbackInfo& info) {
  EncodingState& t = encodingState;
  if (!info[0].IsNumber()) return;
  uint32_t stamp = info[0].As<Napi::Number>().Uint32Value();
  uint32_t slot = stamp >> kTagBits;
  if (slot == 0 || slot >= t.slots.size() || !t.slots[slot]) return;  // after the teardown
  if (tagOf(t.slots[slot]->id) != (stamp & ((1u << kTagBits) - 1))) return;
  // The passes and command buffers the encoder owns go with it (their JS
  // objects are gone: each kept the encoder's alive), before it (some live
  // in its storage).
  for (uint32_t owned = t.slots[slot]->ownedFirst; owned != 0;) {
    uint32_t next = t.slots[owned]->ownedNext;
    t.slots[owned].reset();
    t.freeSlots.push_back(owned);
    owned = next;
  }
  t.slots[slot].reset();
  t.freeSlots.push_back(slot);
}

// (make, stampOf): lib/encoding.js's (tag, slot) -> new object and (object) -> stamp.
void setEncodingHooks(const Napi::CallbackInfo& info) {
  if (!info[0].IsFunction() || !info[1].IsFunction()) {
    throw Napi::TypeError::New(info.Env(), "setEncodingHooks: expects (make, stampOf)");
  }
  encodingState.make = Napi::Persistent(info[0].As<Napi::Function>());
  encodingState.stampOf = Napi::Persistent(info[1].As<Napi::Function>());
}

// Live encoding objects (tests: collected ones give their slots back).
Napi::Value liveEncodingObjects(const Napi::CallbackInfo& info) {
  EncodingState& t = encodingState;
  return Napi::Number::New(info.Env(),
                           static_cast<double>(t.slots.size() - 1 - t.freeSlots.size()));
}

// (object) -> the bind group's slot number, or 0 when it is not a GPUBindGroup
// (tests: slots of collected groups are reused).
Napi::Value groupSlotOf(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t stamp = stampOf(env, info[0]);
  bool isGroup = stamp != 0 && slotTable().get<BindGroup>(stamp) != nullptr;
  return Napi::Number::New(env, isGroup ? stamp >> kSlotKindBits : 0);
}

// (Uint32Array): the scratch array of the lean calls (at least 9 words).
void setScratch(const Napi::CallbackInfo& info) {
  encodingState.scratch.set(info.Env(), info[0], kOffsetsBase + 1, "setScratch");
}

// At the environment's teardown: drop the scratch array's reference (while
// the environment can still take it).
void resetEncodingState(void*) {
  EncodingState& t = encodingState;
  t.scratch.reset();
  if (!t.make.IsEmpty()) t.make.Reset();
  if (!t.stampOf.IsEmpty()) t.stampOf.Reset();
  // Objects in an encoder's storage go with it, whatever the slots' order.
  for (EncodingObjectPtr& object : t.slots) {
    if (object && object->inEncoderStorage) (void)object.release();
  }
  t.slots.resize(1);
  t.freeSlots.clear();
}

}  // namespace

void initPasses(Napi::Env env, Napi::Object exports) {
  NAPI_THROW_IF_FAILED_VOID(env, napi_add_env_cleanup_hook(env, resetEncodingState, nullptr));
  GPUComputePassEncoder::init(env, exports);
  GPURenderPassEncoder::init(env, exports);
  GPURenderBundleEncoder::init(env, exports);
  Napi::Object fast = Napi::Object::New(env);
  defineRawFunction(env, fast, "setBindGroup", fastSetBindGroup, &encodingState);
  defineRawFunction(env, fast, "dispatchWorkgroups", fastDispatch, &encodingState);
  defineRawFunction(env, fast, "draw", fastDraw, &encodingState);
  defineRawFunction(env, fast, "drawIndexed", fastDrawIndexed, &encodingState);
  defineRawFunction(env, fast, "createCommandEncoder", fastCreateCommandEncoder, &encodingState);
  defineRawFunction(env, fast, "beginComputePass", fastBeginComputePass, &encodingState);
  defineRawFunction(env, fast, "setPipeline", fastSetPipeline, &encodingState);
  defineRawFunction(env, fast, "end", fastEnd, &encodingState);
  defineRawFunction(env, fast, "finish", fastFinish, &encodingState);
  fast.Set("release", Napi::Function::New(env, releaseEncodingObject, "release"));
  fast.Set("setHooks", Napi::Function::New(env, setEncodingHooks, "setHooks"));
  fast.Set("liveObjects", Napi::Function::New(env, liveEncodingObjects, "liveObjects"));
  fast.Set("groupSlotOf", Napi::Function::New(env, groupSlotOf, "groupSlotOf"));
  fast.Set("setScratch", Napi::Function::New(env, setScratch, "setScratch"));
  exports.Set("fastEncoding", fast);
}

}  // namespace bindery::node
