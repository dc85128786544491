// GPUDevice: loss (#dom-gpudevice-destroy), object-argument validation, and
// the public Device handle. Error scopes are in error_scope.cpp.
#include "core/device/device.h"

#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/device/adapter.h"
#include "core/device/backend_owner.h"
#include "core/resources/buffer.h"

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
      backend_(std::move(backend)),
      queueLabel_(descriptor.defaultQueue.label) {}

DeviceBase::~DeviceBase() = default;

MaybeError DeviceBase::validateObject(const ObjectBase* object, std::string_view what) const {
  BINDERY_INVALID_IF(object == nullptr, NullObject, "{} is null.", what);
  // #abstract-opdef-valid-to-use-with, in the spec's order: the object is
  // valid, its device is valid, its device is this one.
  if (!object->isValid()) [[unlikely]] {
    std::string reason = object->invalidReason().empty()
                             ? std::string()
                             : fmt::format(" Its creation failed: {}", object->invalidReason());
    return makeValidationError(
        ErrorCode::InvalidObject,
        fmt::format("{} is {}, which is invalid.{}", what, object->describe(), reason));
  }
  if (object->device() != this) [[unlikely]] {
    // Name both devices; when their labels do not tell them apart, say so.
    std::string other = core::describe(object->device());
    std::string mine = describe();
    std::string_view same =
        other == mine ? " (another device with the same label; label devices to tell them apart)"
                      : "";
    std::string_view lost = object->device()->isLost() ? " (which is lost)" : "";
    auto error =
        makeValidationError(ErrorCode::ObjectFromOtherDevice,
                            fmt::format("{} is {}, which belongs to {}{}{}, not to {}.", what,
                                        object->describe(), other, lost, same, mine));
    error->fix = fmt::format(
        "Create {} with {} (objects can only be used with the device that created them).",
        object->describe(), mine);
    return error;
  }
  return {};
}

// #dom-gpudevice-destroy: unmap every buffer of the device, then lose it.
// Valid to call more than once (the first loss wins).
void DeviceBase::destroy() {
  beginCall();
  std::vector<BufferBase*> mapped = std::move(mappedBuffers_);
  mappedBuffers_.clear();
  for (BufferBase* buffer : mapped) buffer->unmap();
  loseDevice(DeviceLostReason::Destroyed, "The device was destroyed with device.destroy().");
}

void DeviceBase::trackMappedBuffer(BufferBase* buffer) {
  mappedBuffers_.push_back(buffer);
}

void DeviceBase::untrackMappedBuffer(BufferBase* buffer) {
  std::erase(mappedBuffers_, buffer);
}

// #lose-the-device
void DeviceBase::loseDevice(DeviceLostReason reason, std::string message) {
  if (lost_) return;
  lost_ = DeviceLostInfo{reason, std::move(message)};
  // The backend finishes or abandons its work; every serial is complete now,
  // so pending completions settle at the next tick().
  if (backend_) backend_->destroy();
  if (lostCallback_) lostCallback_(*lost_);
}

MaybeError backendFailure(DeviceBase* device, const backend::BackendError& error) {
  using backend::ErrorKind;
  switch (error.kind) {
    case ErrorKind::OutOfMemory:
      return makeError(ErrorType::OutOfMemory, ErrorCode::OutOfMemory,
                       fmt::format("The device ran out of memory: {}.", error.message));
    case ErrorKind::DeviceLost:
      device->loseDevice(DeviceLostReason::Unknown,
                         fmt::format("The device was lost: {}.", error.message));
      break;
    case ErrorKind::Internal: break;
  }
  return makeError(ErrorType::Internal, ErrorCode::Internal,
                   fmt::format("The backend failed: {}.", error.message));
}

void reportBackendError(DeviceBase* device, const backend::BackendError& error,
                        std::string_view call) {
  device->dispatchError(backendFailure(device, error), call);
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
bool Device::injectBackendFailureForTesting(std::string_view operation,
                                            BackendFailure failure) const {
  using backend::ErrorKind;
  ErrorKind kind = failure == BackendFailure::OutOfMemory  ? ErrorKind::OutOfMemory
                   : failure == BackendFailure::DeviceLost ? ErrorKind::DeviceLost
                                                           : ErrorKind::Internal;
  return fromHandle<DeviceBase>(*this)->backend().injectFailure(operation, kind);
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
