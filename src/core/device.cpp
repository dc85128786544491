// GPUDevice: error scopes (#error-scopes), loss (#dom-gpudevice-destroy),
// object-argument validation, and the public Device handle.
#include "core/device.h"

#include <fmt/format.h>

#include "core/adapter.h"
#include "core/handles.h"

namespace bindery::core {

DeviceBase::DeviceBase(AdapterBase* adapter, const DeviceDescriptor& descriptor,
                       const Limits& limits, const FeatureSet& features,
                       std::unique_ptr<backend::DeviceBackend> backend)
    : ObjectBase(this, ObjectType::Device, descriptor.label),
      adapter_(adapter),
      limits_(limits),
      features_(features),
      featureLevel_(features.has(FeatureName::CoreFeaturesAndLimits) ? FeatureLevel::Core
                                                                     : FeatureLevel::Compatibility),
      strict_(descriptor.strict),
      backend_(std::move(backend)) {}

DeviceBase::~DeviceBase() = default;

// #dom-gpudevice-pusherrorscope
void DeviceBase::pushErrorScope(ErrorFilter filter) {
  errorScopes_.push_back({filter, {}});
}

// #dom-gpudevice-poperrorscope
PopErrorScopeResult DeviceBase::popErrorScope() {
  PopErrorScopeResult result;
  if (errorScopes_.empty()) {
    result.status = PopErrorScopeResult::Status::EmptyStack;
    result.rejection =
        "popErrorScope: the error scope stack is empty; every popErrorScope() needs an earlier "
        "pushErrorScope().";
    return result;
  }
  result.error = std::move(errorScopes_.back().error);
  errorScopes_.pop_back();
  return result;
}

void DeviceBase::setUncapturedErrorCallback(UncapturedErrorCallback callback) {
  uncapturedErrorCallback_ = std::move(callback);
}

void DeviceBase::dispatchError(MaybeError error, std::string_view call) {
  if (error.isError()) dispatchError(error.release(), call);
}

// #abstract-opdef-dispatch-error
void DeviceBase::dispatchError(std::unique_ptr<ErrorData> data, std::string_view call) {
  if (!data) return;
  // Errors on a lost device are not surfaced (#abstract-opdef-dispatch-error step 1).
  if (isLost()) return;
  // The call leads the message: "[Device].createBuffer([Buffer "b"]): descriptor.usage is 0".
  if (!call.empty()) data->message = fmt::format("{}: {}", call, data->message);
  Error error{data->type, data->code, data->format()};
  if (strict_) lastError_ = error;

  ErrorFilter filter = error.type == ErrorType::Validation    ? ErrorFilter::Validation
                       : error.type == ErrorType::OutOfMemory ? ErrorFilter::OutOfMemory
                                                              : ErrorFilter::Internal;
  for (auto it = errorScopes_.rbegin(); it != errorScopes_.rend(); ++it) {
    if (it->filter != filter) continue;
    // Only the first error of a scope is kept.
    if (!it->error) it->error = std::move(error);
    return;
  }
  if (uncapturedErrorCallback_) uncapturedErrorCallback_(error);
}

MaybeError DeviceBase::validateObject(const ObjectBase* object, std::string_view what) const {
  BINDERY_INVALID_IF(object == nullptr, NullObject, "{} is null.", what);
  BINDERY_INVALID_IF(object->device() != this, ObjectFromOtherDevice,
                     "{} is {}, which belongs to {}, not to {}. Objects can only be used with "
                     "the device that created them.",
                     what, object->describe(), core::describe(object->device()), describe());
  if (!object->isValid()) [[unlikely]] {
    std::string reason = object->invalidReason().empty()
                             ? std::string()
                             : fmt::format(" Its creation failed: {}", object->invalidReason());
    return makeValidationError(
        ErrorCode::InvalidObject,
        fmt::format("{} is {}, which is invalid.{}", what, object->describe(), reason));
  }
  return {};
}

void DeviceBase::destroy() {
  loseDevice(DeviceLostReason::Destroyed, "The device was destroyed with device.destroy().");
}

// #lose-the-device
void DeviceBase::loseDevice(DeviceLostReason reason, std::string message) {
  if (lost_) return;
  lost_ = DeviceLostInfo{reason, std::move(message)};
  if (lostCallback_) lostCallback_(*lost_);
}

void DeviceBase::setDeviceLostCallback(std::function<void(const DeviceLostInfo&)> callback) {
  lostCallback_ = std::move(callback);
  if (lost_ && lostCallback_) lostCallback_(*lost_);
}

}  // namespace bindery::core

namespace bindery {

using core::DeviceBase;
using core::fromHandle;

std::string_view Device::label() const {
  return fromHandle<DeviceBase>(*this)->label();
}
void Device::setLabel(std::string_view l) {
  fromHandle<DeviceBase>(*this)->setLabel(l);
}
const Limits& Device::limits() const {
  return fromHandle<DeviceBase>(*this)->limits();
}
const FeatureSet& Device::features() const {
  return fromHandle<DeviceBase>(*this)->features();
}
const AdapterInfo& Device::adapterInfo() const {
  return fromHandle<DeviceBase>(*this)->adapter()->info();
}
void Device::pushErrorScope(ErrorFilter filter) const {
  fromHandle<DeviceBase>(*this)->pushErrorScope(filter);
}
PopErrorScopeResult Device::popErrorScope() const {
  return fromHandle<DeviceBase>(*this)->popErrorScope();
}
void Device::setUncapturedErrorCallback(UncapturedErrorCallback callback) const {
  fromHandle<DeviceBase>(*this)->setUncapturedErrorCallback(std::move(callback));
}
std::optional<Error> Device::lastError() const {
  return fromHandle<DeviceBase>(*this)->lastError();
}
void Device::destroy() const {
  fromHandle<DeviceBase>(*this)->destroy();
}
bool Device::isLost() const {
  return fromHandle<DeviceBase>(*this)->isLost();
}
std::optional<DeviceLostInfo> Device::lostInfo() const {
  return fromHandle<DeviceBase>(*this)->lostInfo();
}
void Device::setDeviceLostCallback(std::function<void(const DeviceLostInfo&)> callback) const {
  fromHandle<DeviceBase>(*this)->setDeviceLostCallback(std::move(callback));
}

}  // namespace bindery
