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

// --- the slot table ------------------------------------------------------------
// Per thread (a worker's addon instance has its own thread): the live pass
// and bundle encoders, by slot number. Slot 0 is never used.

namespace {

// Everything the lean entry points use, one per thread (a worker's addon
// instance has its own thread). The entry points get its address as their
// function data, so the hot path does no thread-local lookup.
struct EncodingState {
  // The live pass and bundle encoders, by slot number (slot 0 is never used).
  std::vector<PassSlot> slots{PassSlot{}};
  std::vector<uint32_t> freeSlots;
  // The bind groups (and every other object of the lean paths), by stamp (slots.h).
  SlotTable* objects = &slotTable();
  // What lib/encoding.js writes a lean call's arguments (words 0 to 7) and
  // its dynamic offsets (from word 8) into.
  ScratchArray scratch;
};
thread_local EncodingState encodingState;

constexpr uint32_t kNoGroup = 0xffffffffu;
constexpr uint32_t kOffsetsBase = 8;

}  // namespace

uint32_t allocateSlot(Napi::Env, ClassId id, void* object) {
  EncodingState& t = encodingState;
  uint32_t slot;
  if (!t.freeSlots.empty()) {
    slot = t.freeSlots.back();
    t.freeSlots.pop_back();
  } else {
    slot = static_cast<uint32_t>(t.slots.size());
    t.slots.emplace_back();
  }
  t.slots[slot] = PassSlot{id, object};
  return slot;
}

void releaseSlot(Napi::Env, uint32_t slot) {
  EncodingState& t = encodingState;
  if (slot == 0 || slot >= t.slots.size()) return;
  t.slots[slot] = PassSlot{};
  t.freeSlots.push_back(slot);
}

GPUComputePassEncoder::~GPUComputePassEncoder() {
  releaseSlot(Env(), slot);
}
GPURenderPassEncoder::~GPURenderPassEncoder() {
  releaseSlot(Env(), slot);
}
GPURenderBundleEncoder::~GPURenderBundleEncoder() {
  releaseSlot(Env(), slot);
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
  registerClass(env, exports, "GPUComputePassEncoder", {});
  defineBindingCommands<GPUComputePassEncoder>(env);
  defineMethod<GPUComputePassEncoder>(env, "setPipeline", setComputePipeline);
  defineMethod<GPUComputePassEncoder>(env, "dispatchWorkgroups", dispatchWorkgroups);
  defineMethod<GPUComputePassEncoder>(env, "dispatchWorkgroupsIndirect",
                                      dispatchWorkgroupsIndirect);
  defineMethod<GPUComputePassEncoder>(env, "end", end<GPUComputePassEncoder>);
}

void GPURenderPassEncoder::init(Napi::Env env, Napi::Object exports) {
  registerClass(env, exports, "GPURenderPassEncoder", {});
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
  registerClass(env, exports, "GPURenderBundleEncoder", {});
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

PassSlot& passAt(napi_env env, EncodingState& st, uint32_t slot) {
  if (slot == 0 || slot >= st.slots.size()) badSlot(env);
  return st.slots[slot];
}

// scratch: (passSlot, index, the group's stamp or 0xffffffff for null, offsetCount), offsets
napi_value fastSetBindGroup(napi_env env, napi_callback_info info) {
  EncodingState& st = stateOf(env, info);
  const uint32_t* a = st.scratch.words;
  return guarded(env, [&] {
    static const BindGroup kNull;
    if (a == nullptr) badSlot(env);
    PassSlot& s = passAt(env, st, a[0]);
    const BindGroup* group = &kNull;
    if (a[2] != kNoGroup) {
      group = st.objects->get<BindGroup>(a[2]);
      if (group == nullptr) badSlot(env);
    }
    uint32_t count = a[3] <= st.scratch.length - kOffsetsBase ? a[3] : 0;
    std::span<const uint32_t> offsets(a + kOffsetsBase, count);
    switch (s.id) {
      case ClassId::ComputePassEncoder: {
        auto* w = static_cast<GPUComputePassEncoder*>(s.object);
        w->handle.setBindGroup(a[1], *group, offsets);
        return w->device->throwIfFailed();
      }
      case ClassId::RenderPassEncoder: {
        auto* w = static_cast<GPURenderPassEncoder*>(s.object);
        w->handle.setBindGroup(a[1], *group, offsets);
        return w->device->throwIfFailed();
      }
      case ClassId::RenderBundleEncoder: {
        auto* w = static_cast<GPURenderBundleEncoder*>(s.object);
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
    PassSlot& s = passAt(env, st, a[0]);
    if (s.id != ClassId::ComputePassEncoder) badSlot(env);
    auto* w = static_cast<GPUComputePassEncoder*>(s.object);
    w->handle.dispatchWorkgroups(a[1], a[2], a[3]);
    w->device->throwIfFailed();
  });
}

template <class F>
void onRenderCommands(napi_env env, PassSlot& s, F&& f) {
  if (s.id == ClassId::RenderPassEncoder) {
    auto* w = static_cast<GPURenderPassEncoder*>(s.object);
    f(w->handle);
    w->device->throwIfFailed();
  } else if (s.id == ClassId::RenderBundleEncoder) {
    auto* w = static_cast<GPURenderBundleEncoder*>(s.object);
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

// (passObject) -> its slot (a pass or bundle encoder), or 0.
Napi::Value passSlotOf(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  uint32_t slot = 0;
  if (auto* c = GPUComputePassEncoder::unwrap(env, info[0])) {
    slot = c->slot;
  } else if (auto* r = GPURenderPassEncoder::unwrap(env, info[0])) {
    slot = r->slot;
  } else if (auto* b = GPURenderBundleEncoder::unwrap(env, info[0])) {
    slot = b->slot;
  }
  return Napi::Number::New(env, slot);
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
  fast.Set("passSlotOf", Napi::Function::New(env, passSlotOf, "passSlotOf"));
  fast.Set("groupSlotOf", Napi::Function::New(env, groupSlotOf, "groupSlotOf"));
  fast.Set("setScratch", Napi::Function::New(env, setScratch, "setScratch"));
  exports.Set("fastEncoding", fast);
}

}  // namespace bindery::node
