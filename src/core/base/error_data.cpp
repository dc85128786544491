#include "core/base/error_data.h"

namespace bindery::core {

std::unique_ptr<ErrorData> makeError(ErrorType type, ErrorCode code, std::string message) {
  auto error = std::make_unique<ErrorData>();
  error->type = type;
  error->code = code;
  error->message = std::move(message);
  return error;
}

std::string ErrorData::format() const {
  std::string text = message;
  if (!fix.empty()) {
    text += "\n  Fix: ";
    text += fix;
  }
  for (const std::string& context : contexts) {
    text += "\n  - While ";
    text += context;
  }
  return text;
}

}  // namespace bindery::core
