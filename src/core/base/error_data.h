// Validation results inside the core. A rule fails through BINDERY_INVALID_IF;
// callers add context on the way out; the device turns the result into a
// public bindery::Error (device.cpp, #error-scopes).
#pragma once

#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "bindery/error.h"

namespace bindery::core {

struct ErrorData {
  ErrorType type = ErrorType::Validation;
  ErrorCode code = ErrorCode::Internal;
  std::string message;                // what is wrong, with expected vs actual
  std::string fix;                    // how to fix it, when clear
  std::vector<std::string> contexts;  // innermost first: "While validating entries[2]"

  // The full text: message, "Fix: ...", then contexts outermost last.
  std::string format() const;
};

// Empty on success; one pointer wide so the success path costs nothing.
class [[nodiscard]] MaybeError {
 public:
  MaybeError() = default;
  MaybeError(std::unique_ptr<ErrorData> error) : error_(std::move(error)) {}  // NOLINT
  bool isError() const { return error_ != nullptr; }
  bool isSuccess() const { return error_ == nullptr; }
  ErrorData* operator->() const { return error_.get(); }
  std::unique_ptr<ErrorData> release() { return std::move(error_); }
  // Adds a line of context ("While validating entries[2] (binding 3)").
  MaybeError& addContext(std::string context) {
    if (error_) error_->contexts.push_back(std::move(context));
    return *this;
  }
  MaybeError& setFix(std::string fix) {
    if (error_) error_->fix = std::move(fix);
    return *this;
  }

 private:
  std::unique_ptr<ErrorData> error_;
};

std::unique_ptr<ErrorData> makeError(ErrorType type, ErrorCode code, std::string message);
inline std::unique_ptr<ErrorData> makeValidationError(ErrorCode code, std::string message) {
  return makeError(ErrorType::Validation, code, std::move(message));
}

}  // namespace bindery::core

// Fails the current validation function with a validation error when `cond`
// holds. The message is a fmt format string and its arguments.
#define BINDERY_INVALID_IF(cond, code, ...)                                    \
  do {                                                                         \
    if (cond) [[unlikely]] {                                                   \
      return ::bindery::core::makeValidationError(::bindery::ErrorCode::code,  \
                                                  ::fmt::format(__VA_ARGS__)); \
    }                                                                          \
  } while (0)

// Same, with a fix ("Add GPUBufferUsage.UNIFORM to the buffer's usage").
#define BINDERY_INVALID_IF_FIX(cond, code, fixText, ...)                              \
  do {                                                                                \
    if (cond) [[unlikely]] {                                                          \
      auto error_ = ::bindery::core::makeValidationError(::bindery::ErrorCode::code,  \
                                                         ::fmt::format(__VA_ARGS__)); \
      error_->fix = (fixText);                                                        \
      return error_;                                                                  \
    }                                                                                 \
  } while (0)

// Propagates an error from `expr` (a MaybeError).
#define BINDERY_TRY(expr)                         \
  do {                                            \
    ::bindery::core::MaybeError result_ = (expr); \
    if (result_.isError()) [[unlikely]]           \
      return result_;                             \
  } while (0)

// Propagates an error from `expr`, adding a line of context (fmt format).
#define BINDERY_TRY_CONTEXT(expr, ...)                \
  do {                                                \
    ::bindery::core::MaybeError result_ = (expr);     \
    if (result_.isError()) [[unlikely]] {             \
      result_.addContext(::fmt::format(__VA_ARGS__)); \
      return result_;                                 \
    }                                                 \
  } while (0)
