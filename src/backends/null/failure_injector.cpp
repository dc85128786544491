// The null device's injected failures (failure_injector.h).
#include "backends/null/failure_injector.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace bindery::backend::null {

namespace {

constexpr std::array<std::string_view, 17> kOperations = {"createBuffer",
                                                          "createTexture",
                                                          "createTextureView",
                                                          "createSampler",
                                                          "createBindGroupLayout",
                                                          "createBindGroup",
                                                          "createPipelineLayout",
                                                          "createShaderModule",
                                                          "createComputePipeline",
                                                          "createRenderPipeline",
                                                          "createQuerySet",
                                                          "writeBuffer",
                                                          "writeTexture",
                                                          "submit",
                                                          "completedSerial",
                                                          "map",
                                                          "unmap"};

std::string_view kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::OutOfMemory: return "out of memory";
    case ErrorKind::DeviceLost: return "device lost";
    case ErrorKind::Internal: return "internal error";
  }
  return "error";
}

}  // namespace

bool FailureInjector::isKnown(std::string_view operation) {
  return std::find(kOperations.begin(), kOperations.end(), operation) != kOperations.end();
}

std::optional<BackendError> FailureInjector::take(std::string_view operation) {
  if (armed_.empty()) return std::nullopt;  // the common case costs one branch
  auto it = std::find_if(armed_.begin(), armed_.end(),
                         [&](const auto& entry) { return entry.first == operation; });
  if (it == armed_.end()) return std::nullopt;
  BackendError error{it->second, fmt::format("{} failed ({} injected by a test on the null "
                                             "device)",
                                             operation, kindName(it->second))};
  armed_.erase(it);
  return error;
}

}  // namespace bindery::backend::null
