// The shape every GPUDevice.createX(descriptor) method shares: convert the
// descriptor per WebIDL (TypeErrors thrown before any validation), call the
// C++ API, surface the validation error in strict mode, wrap the result. An
// invalid descriptor still gives an object: the spec's invalid object.
#pragma once

#include <napi.h>

#include <optional>
#include <string_view>

#include "addon.h"
#include "idl.h"

namespace bindery::node {

// The content-timeline steps a createX takes before making anything: a
// TypeError (thrown, or the promise's rejection for the async forms). Most
// descriptors have none; the overloads in content_timeline.cpp check
// "Validate texture format required features" where the spec asks. `call`
// is the IDL call ("GPUDevice.createRenderPipelineAsync"); the message names it.
template <class D>
std::optional<Exception> contentTimelineTypeError(const Device&, const D&, std::string_view) {
  return std::nullopt;
}
std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const BindGroupLayoutDescriptor& descriptor,
                                                  std::string_view call);
std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const RenderPipelineDescriptor& descriptor,
                                                  std::string_view call);
std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const RenderBundleEncoderDescriptor& descriptor,
                                                  std::string_view call);

inline void throwContentTimelineTypeError(Napi::Env env, const std::optional<Exception>& thrown) {
  if (thrown) throw Napi::TypeError::New(env, thrown->message);
}

// createBuffer's steps after the conversion: the content-timeline RangeError,
// the C++ call, strict mode's throw; the new GPUBuffer's slot (its stamp).
uint32_t createBufferSlot(Napi::Env env, const DeviceRef& device,
                          const BufferDescriptor& descriptor);

// `kRequired`: whether the IDL's descriptor argument is required (createSampler's
// and createCommandEncoder's are optional, defaulting to {}).
template <class W, class D, auto Method, bool kRequired = true>
Napi::Value createObject(const Napi::CallbackInfo& info, const char* call) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  idl::Context ctx{env, call, d->strict};
  if constexpr (kRequired) idl::requireArguments(ctx, info, 1);
  D descriptor = idl::argument<D>(ctx, info, 0, "descriptor");
  throwContentTimelineTypeError(env, contentTimelineTypeError(d->device, descriptor, call));
  auto object = (d->device.*Method)(descriptor);
  d->throwIfFailed();
  return W::create(env, std::move(object), d);
}

}  // namespace bindery::node
