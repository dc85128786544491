// GPUCommandEncoder (#gpucommandencoder), GPUCommandBuffer, GPURenderBundle,
// GPUDevice.createCommandEncoder / createRenderBundleEncoder, and GPUQueue's
// submit and writeTexture; the conversions of the render pass descriptor.
#include <fmt/format.h>

#include <vector>

#include "create_object.h"
#include "descriptors.h"
#include "encoding.h"
#include "encoding_descriptors.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

const char* callName(ClassId cls, Method method) {
  static const auto names = [] {
    static constexpr const char* methods[] = {"setBindGroup",
                                              "setPipeline",
                                              "pushDebugGroup",
                                              "popDebugGroup",
                                              "insertDebugMarker",
                                              "dispatchWorkgroups",
                                              "dispatchWorkgroupsIndirect",
                                              "end",
                                              "setVertexBuffer",
                                              "setIndexBuffer",
                                              "draw",
                                              "drawIndexed",
                                              "drawIndirect",
                                              "drawIndexedIndirect",
                                              "executeBundles",
                                              "finish",
                                              "beginComputePass",
                                              "beginRenderPass",
                                              "setViewport",
                                              "setScissorRect",
                                              "setBlendConstant",
                                              "setStencilReference",
                                              "beginOcclusionQuery",
                                              "endOcclusionQuery",
                                              "setImmediates",
                                              "resolveQuerySet",
                                              "copyBufferToBuffer",
                                              "copyBufferToTexture",
                                              "copyTextureToBuffer",
                                              "copyTextureToTexture",
                                              "clearBuffer"};
    static_assert(std::size(methods) == static_cast<size_t>(Method::Count));
    std::array<std::array<std::string, static_cast<size_t>(Method::Count)>, 4> out;
    const char* interfaces[] = {"GPUCommandEncoder", "GPUComputePassEncoder",
                                "GPURenderPassEncoder", "GPURenderBundleEncoder"};
    for (size_t i = 0; i < 4; ++i) {
      for (size_t m = 0; m < std::size(methods); ++m) {
        out[i][m] = fmt::format("{}.{}", interfaces[i], methods[m]);
      }
    }
    return out;
  }();
  size_t i = cls == ClassId::ComputePassEncoder    ? 1
             : cls == ClassId::RenderPassEncoder   ? 2
             : cls == ClassId::RenderBundleEncoder ? 3
                                                   : 0;
  return names[i][static_cast<size_t>(method)].c_str();
}

void throwException(Napi::Env env, const Exception& exception) {
  if (exception.type == ExceptionType::RangeError) {
    throw Napi::RangeError::New(env, exception.message);
  }
  if (exception.type == ExceptionType::TypeError)
    throw Napi::TypeError::New(env, exception.message);
  Napi::Function ctor = env.Global().Get("DOMException").As<Napi::Function>();
  throw Napi::Error(env, ctor.New({Napi::String::New(env, exception.message),
                                   Napi::String::New(env, std::string(toString(exception.type)))}));
}

namespace {

uint32_t typedArrayElementSize(napi_typedarray_type type) {
  switch (type) {
    case napi_int8_array:
    case napi_uint8_array:
    case napi_uint8_clamped_array: return 1;
    case napi_int16_array:
    case napi_uint16_array: return 2;
    case napi_int32_array:
    case napi_uint32_array:
    case napi_float32_array: return 4;
    case napi_float64_array:
    case napi_bigint64_array:
    case napi_biguint64_array: return 8;
  }
  return 1;
}

bool isSharedArrayBuffer(Napi::Env env, Napi::Value value) {
  if (!value.IsObject()) return false;
  Napi::Value ctor = env.Global().Get("SharedArrayBuffer");
  return ctor.IsFunction() && value.As<Napi::Object>().InstanceOf(ctor.As<Napi::Function>());
}

}  // namespace

// AllowSharedBufferSource (#typedefdef-allowsharedbuffersource): an
// ArrayBuffer, a SharedArrayBuffer, or an ArrayBufferView over either. The
// raw Node-API calls read a view's bytes whatever its buffer is shared or
// not (node-addon-api's ArrayBuffer wrapper refuses a SharedArrayBuffer); a
// bare SharedArrayBuffer, which Node-API cannot read directly, is viewed
// through a Uint8Array.
SourceBytes bufferSourceBytes(const Context& ctx, Napi::Value data, const Where& where) {
  napi_env env = data.Env();
  SourceBytes out;
  void* bytes = nullptr;
  auto check = [&](napi_status status) {
    if (status != napi_ok) throw Napi::Error::New(env);
  };
  Napi::Value value = data;
  if (isSharedArrayBuffer(data.Env(), data)) {
    value = data.Env().Global().Get("Uint8Array").As<Napi::Function>().New({data});
  }
  if (value.IsTypedArray()) {
    napi_typedarray_type type;
    size_t length = 0;
    check(napi_get_typedarray_info(env, value, &type, &length, &bytes, nullptr, nullptr));
    out.elementSize = typedArrayElementSize(type);
    out.byteLength = length * out.elementSize;
    // A shared bare buffer counts bytes, as an ArrayBuffer does.
    if (value != data) out.elementSize = 1;
  } else if (value.IsDataView()) {
    check(napi_get_dataview_info(env, value, &out.byteLength, &bytes, nullptr, nullptr));
  } else if (value.IsArrayBuffer()) {
    check(napi_get_arraybuffer_info(env, value, &bytes, &out.byteLength));
  } else {
    ctx.typeError(where, "is " + idl::describe(data) +
                             ", not an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView");
  }
  out.data = static_cast<const uint8_t*>(bytes);
  return out;
}

// --- GPUCommandEncoder -------------------------------------------------------------

namespace {

Napi::Value beginComputePass(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::BeginComputePass);
  auto descriptor = idl::argument<ComputePassDescriptor>(ctx, info, 0, "descriptor");
  ComputePassEncoder pass = w->handle.beginComputePass(descriptor);
  w->device->throwIfFailed();
  return GPUComputePassEncoder::create(info.Env(), std::move(pass), w->device);
}

Napi::Value beginRenderPass(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::BeginRenderPass);
  idl::requireArguments(ctx, info, 1);
  auto descriptor = idl::argument<RenderPassDescriptor>(ctx, info, 0, "descriptor");
  RenderPassEncoder pass = w->handle.beginRenderPass(descriptor);
  w->device->throwIfFailed();
  return GPURenderPassEncoder::create(info.Env(), std::move(pass), w->device);
}

void pushDebugGroup(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::PushDebugGroup);
  idl::requireArguments(ctx, info, 1);
  w->handle.pushDebugGroup(idl::toDOMString(ctx, info[0], Where{nullptr, "groupLabel", 0}));
  w->device->throwIfFailed();
}
void popDebugGroup(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  w->handle.popDebugGroup();
  w->device->throwIfFailed();
}
void insertDebugMarker(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::InsertDebugMarker);
  idl::requireArguments(ctx, info, 1);
  w->handle.insertDebugMarker(idl::toDOMString(ctx, info[0], Where{nullptr, "markerLabel", 0}));
  w->device->throwIfFailed();
}

Napi::Value finish(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::Finish);
  auto descriptor = idl::argument<CommandBufferDescriptor>(ctx, info, 0, "descriptor");
  CommandBuffer buffer = w->handle.finish(descriptor);
  w->device->throwIfFailed();
  return GPUCommandBuffer::create(info.Env(), std::move(buffer), w->device);
}

}  // namespace

void GPUCommandEncoder::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::CommandEncoder, "GPUCommandEncoder");
  defineMethod<GPUCommandEncoder>(env, "beginComputePass", beginComputePass);
  defineMethod<GPUCommandEncoder>(env, "beginRenderPass", beginRenderPass);
  defineMethod<GPUCommandEncoder>(env, "pushDebugGroup", pushDebugGroup);
  defineMethod<GPUCommandEncoder>(env, "popDebugGroup", popDebugGroup);
  defineMethod<GPUCommandEncoder>(env, "insertDebugMarker", insertDebugMarker);
  defineMethod<GPUCommandEncoder>(env, "finish", finish);
}

void GPUCommandBuffer::init(Napi::Env env, Napi::Object exports) {
  defineEncodingClass(env, exports, ClassId::CommandBuffer, "GPUCommandBuffer");
}
void GPURenderBundle::init(Napi::Env env, Napi::Object exports) {
  registerClass(env, exports, "GPURenderBundle", {});
}

// --- GPUDevice's methods -------------------------------------------------------------

Napi::Value createCommandEncoder(const Napi::CallbackInfo& info) {
  return createObject<GPUCommandEncoder, CommandEncoderDescriptor, &Device::createCommandEncoder,
                      false>(info, "GPUDevice.createCommandEncoder");
}

Napi::Value createRenderBundleEncoder(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.createRenderBundleEncoder", d->strict};
  idl::requireArguments(ctx, info, 1);
  auto descriptor = idl::argument<RenderBundleEncoderDescriptor>(ctx, info, 0, "descriptor");
  throwContentTimelineTypeError(
      env, contentTimelineTypeError(d->device, descriptor, "GPUDevice.createRenderBundleEncoder"));
  RenderBundleEncoder encoder = d->device.createRenderBundleEncoder(descriptor);
  d->throwIfFailed();
  return GPURenderBundleEncoder::create(env, std::move(encoder), d);
}

// --- GPUQueue ------------------------------------------------------------------------

// (device, commandBuffers): sequence<GPUCommandBuffer> from any iterable.
void queueSubmit(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  Context ctx{env, "GPUQueue.submit", d->strict};
  std::vector<CommandBuffer> buffers;
  idl::forEachElement(ctx, info[1], Where{nullptr, "commandBuffers", 0},
                      [&](Napi::Value v, const Where& at) {
                        GPUCommandBuffer* buffer = GPUCommandBuffer::unwrap(env, v);
                        if (!buffer) {
                          ctx.typeError(at, "is " + idl::describe(v) + ", not a GPUCommandBuffer");
                        }
                        buffers.push_back(buffer->handle);
                      });
  d->device.queue().submit(buffers);
  d->throwIfFailed();
}

// (device, argc, destination, data, dataLayout, size) (#dom-gpuqueue-writetexture)
void queueWriteTexture(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  Context ctx{env, "GPUQueue.writeTexture", d->strict};
  uint32_t argc = info[1].As<Napi::Number>().Uint32Value();
  if (argc < 4) ctx.typeError(fmt::format("4 arguments required, but only {} present.", argc));
  TexelCopyTextureInfo destination;
  idl::Convert<TexelCopyTextureInfo>::from(ctx, info[2], destination,
                                           Where{nullptr, "destination", 0});
  SourceBytes bytes = bufferSourceBytes(ctx, info[3], Where{nullptr, "data", 0});
  TexelCopyBufferLayout layout;
  idl::Convert<TexelCopyBufferLayout>::from(ctx, info[4], layout, Where{nullptr, "dataLayout", 0});
  Extent3D size;
  idl::Convert<Extent3D>::from(ctx, info[5], size, Where{nullptr, "size", 0});
  d->device.queue().writeTexture(destination, bytes.data, bytes.byteLength, layout, size);
  d->throwIfFailed();
}

void initEncoding(Napi::Env env, Napi::Object exports) {
  GPUCommandEncoder::init(env, exports);
  GPUCommandBuffer::init(env, exports);
  GPURenderBundle::init(env, exports);
  initPasses(env, exports);
  initEncoderCommands(env, exports);
}

}  // namespace bindery::node

// --- conversions ------------------------------------------------------------------------

namespace bindery::node::idl {

namespace {

bool isIterable(const Context& ctx, Napi::Value v) {
  if (!v.IsObject() || v.IsFunction()) return false;
  if (v.IsArray()) return true;
  return v.As<Napi::Object>().Get(Napi::Symbol::WellKnown(ctx.env, "iterator")).IsFunction();
}

}  // namespace

void Convert<Color>::from(const Context& ctx, Napi::Value v, Color& out, const Where& where) {
  if (isIterable(ctx, v)) {
    std::vector<double> values;
    Convert<std::vector<double>>::from(ctx, v, values, where);
    // #abstract-opdef-validate-gpucolor-shape
    if (values.size() != 4) {
      ctx.typeError(where, fmt::format("is a sequence of {} values; a GPUColor sequence has "
                                       "exactly 4 (r, g, b, a)",
                                       values.size()));
    }
    out = Color{values[0], values[1], values[2], values[3]};
    return;
  }
  convertDictionary(ctx, v, out, where);
}

TextureView toAttachmentView(const Context& ctx, Napi::Value v, const Where& where) {
  if (TextureView* view = GPUTextureView::unwrap(ctx.env, v)) return *view;
  // #abstract-opdef-get-as-texture-view
  if (GPUTexture* texture = GPUTexture::unwrap(ctx.env, v)) return texture->handle.createView();
  ctx.typeError(where, "is " + describe(v) + ", not a GPUTextureView or GPUTexture");
}

void Convert<RenderPassColorAttachment>::from(const Context& ctx, Napi::Value v,
                                              RenderPassColorAttachment& out, const Where& where) {
  convertDictionary(ctx, v, out, where);
  Napi::Object object = v.As<Napi::Object>();
  Napi::Value resolveTarget = object.Get("resolveTarget");
  if (!resolveTarget.IsUndefined()) {
    out.resolveTarget = toAttachmentView(ctx, resolveTarget, Where{&where, "resolveTarget", 0});
  }
  Napi::Value view = object.Get("view");
  if (view.IsUndefined()) missingRequired(ctx, where, "GPURenderPassColorAttachment", "view");
  out.view = toAttachmentView(ctx, view, Where{&where, "view", 0});
}

void Convert<std::vector<RenderPassColorAttachment>>::from(
    const Context& ctx, Napi::Value v, std::vector<RenderPassColorAttachment>& out,
    const Where& where) {
  out.clear();
  forEachElement(ctx, v, where, [&](Napi::Value element, const Where& at) {
    RenderPassColorAttachment& slot = out.emplace_back();
    if (element.IsNull() || element.IsUndefined()) return;
    Convert<RenderPassColorAttachment>::from(ctx, element, slot, at);
  });
}

void Convert<RenderPassDepthStencilAttachment>::from(const Context& ctx, Napi::Value v,
                                                     RenderPassDepthStencilAttachment& out,
                                                     const Where& where) {
  convertDictionary(ctx, v, out, where);
  Napi::Value view = v.As<Napi::Object>().Get("view");
  if (view.IsUndefined()) {
    missingRequired(ctx, where, "GPURenderPassDepthStencilAttachment", "view");
  }
  out.view = toAttachmentView(ctx, view, Where{&where, "view", 0});
}

// GPUOrigin3D: a sequence of 0 to 3 GPUIntegerCoordinate, or a GPUOrigin3DDict.
void Convert<Origin3D>::from(const Context& ctx, Napi::Value v, Origin3D& out, const Where& where) {
  if (isIterable(ctx, v)) {
    std::vector<uint32_t> values;
    Convert<std::vector<uint32_t>>::from(ctx, v, values, where);
    if (values.size() > 3) {
      ctx.typeError(where, fmt::format("is a sequence of {} values; a GPUOrigin3D sequence has "
                                       "at most 3 (x, y, z)",
                                       values.size()));
    }
    out = Origin3D{};
    if (!values.empty()) out.x = values[0];
    if (values.size() > 1) out.y = values[1];
    if (values.size() > 2) out.z = values[2];
    return;
  }
  convertDictionary(ctx, v, out, where);
}

}  // namespace bindery::node::idl
