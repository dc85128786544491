// GPUQuerySet (#queries) and GPUDevice.createQuerySet; GPUCommandEncoder's
// resolveQuerySet (#dom-gpucommandencoder-resolvequeryset) and copy commands
// (#commands-buffer-copies, #commands-texel-copies: copyBufferToBuffer in its
// two overloads, clearBuffer, copyBufferToTexture, copyTextureToBuffer,
// copyTextureToTexture).
#include <fmt/format.h>

#include "descriptors.h"
#include "encoding.h"
#include "encoding_descriptors.h"

namespace bindery::node {

using idl::Context;
using idl::Where;

// --- GPUQuerySet -------------------------------------------------------------------

void GPUQuerySet::init(Napi::Env env, Napi::Object exports) {
  registerClass(env, exports, "GPUQuerySet",
                {InstanceMethod<&GPUQuerySet::destroy>("destroy", idl::kOperation),
                 InstanceAccessor<&GPUQuerySet::type>("type", idl::kAttribute),
                 InstanceAccessor<&GPUQuerySet::count>("count", idl::kAttribute)});
}

void GPUQuerySet::destroy(const Napi::CallbackInfo&) {
  handle.destroy();
  device->throwIfFailed();
}
Napi::Value GPUQuerySet::type(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(toString(handle.type())));
}
Napi::Value GPUQuerySet::count(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.count());
}

Napi::Value createQuerySet(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  Context ctx{env, "GPUDevice.createQuerySet", d->strict};
  idl::requireArguments(ctx, info, 1);
  auto descriptor = idl::argument<QuerySetDescriptor>(ctx, info, 0, "descriptor");
  // #dom-gpudevice-createqueryset: an unsupported GPUQueryType is a TypeError.
  if (std::optional<Exception> thrown = querySetTypeError(d->device, descriptor)) {
    throwException(env, *thrown);
  }
  QuerySet querySet = d->device.createQuerySet(descriptor);
  d->throwIfFailed();
  return GPUQuerySet::create(env, std::move(querySet), d);
}

namespace {

// --- GPUCommandEncoder's commands ------------------------------------------------------

void resolveQuerySet(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::ResolveQuerySet);
  idl::requireArguments(ctx, info, 5);
  QuerySet querySet = idl::argument<QuerySet>(ctx, info, 0, "querySet");
  uint32_t firstQuery = toU32(ctx, info[1], "firstQuery");
  uint32_t queryCount = toU32(ctx, info[2], "queryCount");
  Buffer destination = toBuffer(ctx, info[3], "destination");
  uint64_t destinationOffset = toU64(ctx, info[4], "destinationOffset");
  w->handle.resolveQuerySet(querySet, firstQuery, queryCount, destination, destinationOffset);
  w->device->throwIfFailed();
}

// Two overloads, told apart by the argument count (WebIDL overload
// resolution): (source, destination, size?) with 2 or 3 arguments,
// (source, sourceOffset, destination, destinationOffset, size?) with 4 or 5.
void copyBufferToBuffer(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::CopyBufferToBuffer);
  idl::requireArguments(ctx, info, 2);
  Buffer source = toBuffer(ctx, info[0], "source");
  if (info.Length() <= 3) {
    Buffer destination = toBuffer(ctx, info[1], "destination");
    w->handle.copyBufferToBuffer(source, destination, optionalU64(ctx, info, 2, "size"));
  } else {
    uint64_t sourceOffset = toU64(ctx, info[1], "sourceOffset");
    Buffer destination = toBuffer(ctx, info[2], "destination");
    uint64_t destinationOffset = toU64(ctx, info[3], "destinationOffset");
    w->handle.copyBufferToBuffer(source, sourceOffset, destination, destinationOffset,
                                 optionalU64(ctx, info, 4, "size"));
  }
  w->device->throwIfFailed();
}

void clearBuffer(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, Method::ClearBuffer);
  idl::requireArguments(ctx, info, 1);
  Buffer buffer = toBuffer(ctx, info[0], "buffer");
  uint64_t offset = optionalU64(ctx, info, 1, "offset").value_or(0);
  w->handle.clearBuffer(buffer, offset, optionalU64(ctx, info, 2, "size"));
  w->device->throwIfFailed();
}

template <class Source, class Destination, Method M>
void texelCopy(const Napi::CallbackInfo& info) {
  auto* w = self<GPUCommandEncoder>(info);
  Context ctx = w->context(info, M);
  idl::requireArguments(ctx, info, 3);
  auto source = idl::argument<Source>(ctx, info, 0, "source");
  auto destination = idl::argument<Destination>(ctx, info, 1, "destination");
  auto copySize = idl::argument<Extent3D>(ctx, info, 2, "copySize");
  if constexpr (M == Method::CopyBufferToTexture) {
    w->handle.copyBufferToTexture(source, destination, copySize);
  } else if constexpr (M == Method::CopyTextureToBuffer) {
    w->handle.copyTextureToBuffer(source, destination, copySize);
  } else {
    w->handle.copyTextureToTexture(source, destination, copySize);
  }
  w->device->throwIfFailed();
}

}  // namespace

void initEncoderCommands(Napi::Env env, Napi::Object exports) {
  GPUQuerySet::init(env, exports);
  defineMethod<GPUCommandEncoder>(env, "resolveQuerySet", resolveQuerySet);
  defineMethod<GPUCommandEncoder>(env, "copyBufferToBuffer", copyBufferToBuffer);
  defineMethod<GPUCommandEncoder>(env, "clearBuffer", clearBuffer);
  defineMethod<GPUCommandEncoder>(
      env, "copyBufferToTexture",
      texelCopy<TexelCopyBufferInfo, TexelCopyTextureInfo, Method::CopyBufferToTexture>);
  defineMethod<GPUCommandEncoder>(
      env, "copyTextureToBuffer",
      texelCopy<TexelCopyTextureInfo, TexelCopyBufferInfo, Method::CopyTextureToBuffer>);
  defineMethod<GPUCommandEncoder>(
      env, "copyTextureToTexture",
      texelCopy<TexelCopyTextureInfo, TexelCopyTextureInfo, Method::CopyTextureToTexture>);
}

}  // namespace bindery::node
