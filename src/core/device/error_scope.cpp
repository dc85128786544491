// Error scopes and uncaptured errors (#error-scopes, #abstract-opdef-dispatch-error).
#include <fmt/format.h>

#include "core/device/device.h"

namespace bindery::core {

// #dom-gpudevice-pusherrorscope (also on a lost device: the steps have no check).
void DeviceBase::pushErrorScope(ErrorFilter filter) {
  errorScopes_.push_back({filter, {}});
}

// #dom-gpudevice-poperrorscope
PopErrorScopeResult DeviceBase::popErrorScope() {
  PopErrorScopeResult result;
  // "If this is lost": resolve with null, before the empty-stack check and
  // without popping. No errors are generated from a lost device.
  if (isLost()) return result;
  if (errorScopes_.empty()) {
    result.status = PopErrorScopeResult::Status::EmptyStack;
    result.rejection =
        "popErrorScope: the error scope stack is empty; every popErrorScope() needs an earlier "
        "pushErrorScope().";
    return result;
  }
  // "any one of the items in scope.[[errors]]": the first, which the later
  // ones of the scope are most likely caused by. Only that one is kept.
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
  // "No errors are generated from a device which is lost."
  if (isLost()) return;
  // The call leads the message: "[Device].createBuffer([Buffer "b"]): descriptor.usage is 0".
  if (!call.empty()) data->message = fmt::format("{}: {}", call, data->message);
  Error error{data->type, data->code, data->format()};
  if (strict_) lastError_ = error;

  // #abstract-opdef-current-error-scope: the innermost scope whose filter
  // matches the error's type.
  ErrorFilter filter = error.type == ErrorType::Validation    ? ErrorFilter::Validation
                       : error.type == ErrorType::OutOfMemory ? ErrorFilter::OutOfMemory
                                                              : ErrorFilter::Internal;
  for (auto it = errorScopes_.rbegin(); it != errorScopes_.rend(); ++it) {
    if (it->filter != filter) continue;
    if (!it->error) it->error = std::move(error);
    return;
  }
  // No scope: the uncapturederror event.
  if (uncapturedErrorCallback_) uncapturedErrorCallback_(error);
}

}  // namespace bindery::core
