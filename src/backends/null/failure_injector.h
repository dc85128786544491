// Failures a test asks the null device to report (DeviceBackend::injectFailure):
// each armed operation fails once, with the asked ErrorKind, so tests can
// prove how the core surfaces out-of-memory, internal errors and device loss.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "backends/backend.h"

namespace bindery::backend::null {

class FailureInjector {
 public:
  // The operations that can be armed (function names of the backend interface).
  static bool isKnown(std::string_view operation);

  void arm(std::string_view operation, ErrorKind kind) { armed_.emplace_back(operation, kind); }
  // The error for `operation` when it was armed (then disarmed), else nullopt.
  std::optional<BackendError> take(std::string_view operation);

 private:
  std::vector<std::pair<std::string, ErrorKind>> armed_;
};

}  // namespace bindery::backend::null
