// How a core object owns its backend object (src/backends/backend.h): a
// valid object holds the std::unique_ptr the backend made for it, exposed as
// backendObject(); realise() asks the backend and turns a failure into the
// spec's outcome (the object becomes invalid; the error is reported).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "backends/backend.h"
#include "core/base/error_data.h"

namespace bindery::core {

class DeviceBase;

// A backend failure as the spec's outcome (device.cpp): OutOfMemory -> an
// out-of-memory error (GPUOutOfMemoryError), Internal -> an internal error
// (GPUInternalError); DeviceLost loses the device (the error returned then
// goes nowhere: errors on a lost device are dropped).
MaybeError backendFailure(DeviceBase* device, const backend::BackendError& error);
// backendFailure, dispatched to the error scopes with `call` leading it.
void reportBackendError(DeviceBase* device, const backend::BackendError& error,
                        std::string_view call);

template <class Backend>
class BackendOwner {
 public:
  // Null for an invalid object (and after its backend object was released),
  // and for a valid one whose backend keeps nothing for it (backend.h).
  Backend* backendObject() const { return backend_.get(); }
  void setBackendObject(std::unique_ptr<Backend> object) { backend_ = std::move(object); }

 private:
  std::unique_ptr<Backend> backend_;
};

// Gives `object` (valid, just created) the backend object `result` holds, or
// marks it invalid and returns the failure (backendFailure), for callers that
// report errors in their own call.
template <class Object, class Backend>
MaybeError realiseNoReport(DeviceBase* device, Object& object,
                           backend::Result<std::unique_ptr<Backend>> result) {
  if (result.isError()) {
    object.markInvalid(result.error().message);
    return backendFailure(device, result.error());
  }
  object.setBackendObject(std::move(result.value()));
  return {};
}

// Gives `object` (valid, just created) the backend object `result` holds, or
// marks it invalid and reports the failure with the call's name, which
// `call()` formats only then (before the object is marked invalid, so it
// describes the object as the call made it). True on success.
template <class Object, class Backend, class Call>
bool realise(DeviceBase* device, Object& object, backend::Result<std::unique_ptr<Backend>> result,
             Call&& call) {
  if (result.isError()) [[unlikely]] {
    std::string name = call();
    object.markInvalid(result.error().message);
    reportBackendError(device, result.error(), name);
    return false;
  }
  object.setBackendObject(std::move(result.value()));
  return true;
}

}  // namespace bindery::core
