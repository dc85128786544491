// The shape every GPUDevice.createX(descriptor) method shares: convert the
// descriptor per WebIDL (TypeErrors thrown before any validation), call the
// C++ API, surface the validation error in strict mode, wrap the result. An
// invalid descriptor still gives an object: the spec's invalid object.
#pragma once

#include <napi.h>

#include "addon.h"
#include "idl.h"

namespace bindery::node {

// `kRequired`: whether the IDL's descriptor argument is required (createSampler's
// and createCommandEncoder's are optional, defaulting to {}).
template <class W, class D, auto Method, bool kRequired = true>
Napi::Value createObject(const Napi::CallbackInfo& info, const char* call) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info.This());
  idl::Context ctx{env, call, d->strict};
  if constexpr (kRequired) idl::requireArguments(ctx, info, 1);
  D descriptor = idl::argument<D>(ctx, info, 0, "descriptor");
  auto object = (d->device.*Method)(descriptor);
  d->throwIfFailed();
  return W::create(env, std::move(object), d);
}

}  // namespace bindery::node
