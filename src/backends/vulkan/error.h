// Vulkan results as the backend's typed errors (backend.h): out-of-memory,
// device lost, internal. Every Vulkan call that returns a VkResult goes
// through checkVk(result, "vkCreateBuffer").
#pragma once

#include "backends/vulkan/functions.h"

#include <string_view>

#include "backends/backend.h"

namespace bindery::vulkan {

using backend::BackendError;
using backend::ErrorKind;
using backend::Result;
using backend::Serial;
using backend::Status;

// The kind of error `result` (a negative VkResult) is.
ErrorKind errorKind(VkResult result);
// "VK_ERROR_OUT_OF_DEVICE_MEMORY" etc.
std::string_view resultName(VkResult result);
// Success when `result` is not an error code; else the error, with a message
// naming the call: "vkCreateBuffer failed: VK_ERROR_OUT_OF_DEVICE_MEMORY (-2)."
Status checkVk(VkResult result, std::string_view call);

}  // namespace bindery::vulkan

// Returns the error of a Status-valued expression.
#define BINDERY_VK_TRY(expr)                       \
  do {                                             \
    ::bindery::backend::Status status_ = expr;     \
    if (status_.isError()) return status_.error(); \
  } while (0)
