// What a JavaScript call would *throw* (or a promise reject with) instead of
// generating a validation error: OperationError, RangeError, AbortError,
// TypeError. C++ calls that can throw in JS return one of these (they never
// throw); it carries a stable ErrorCode like validation errors do, but it
// does not reach error scopes or the uncaptured-error callback.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "bindery/error.h"

namespace bindery {

enum class ExceptionType : uint8_t {
  OperationError,
  RangeError,
  AbortError,
  TypeError,
  InvalidStateError,
};
// "OperationError", "RangeError", ...
std::string_view toString(ExceptionType type);

struct Exception {
  ExceptionType type = ExceptionType::OperationError;
  ErrorCode code = ErrorCode::Internal;
  std::string message;
};

}  // namespace bindery
