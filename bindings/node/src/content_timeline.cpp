// The content-timeline "Validate texture format required features" steps of
// createBindGroupLayout (#bind-group-layout-creation), createRenderPipeline(Async)
// (#render-pipeline-creation) and createRenderBundleEncoder
// (#render-bundle-creation): TypeErrors in JavaScript before any object is
// made. The C++ API reports the same formats as validation errors.
#include <fmt/format.h>

#include "create_object.h"

namespace bindery::node {

namespace {
// "GPUDevice.createRenderPipelineAsync" -> "createRenderPipelineAsync", as
// formatFeatureTypeError names the method.
std::string_view methodOf(std::string_view call) {
  return call.substr(call.rfind('.') + 1);
}
}  // namespace

std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const BindGroupLayoutDescriptor& descriptor,
                                                  std::string_view call) {
  for (size_t i = 0; i < descriptor.entries.size(); ++i) {
    const auto& storage = descriptor.entries[i].storageTexture;
    if (!storage || !storage->format) continue;
    if (auto e = formatFeatureTypeError(
            device, *storage->format,
            fmt::format("descriptor.entries[{}].storageTexture.format", i), methodOf(call))) {
      return e;
    }
  }
  return std::nullopt;
}

std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const RenderPipelineDescriptor& descriptor,
                                                  std::string_view call) {
  if (descriptor.fragment) {
    const auto& targets = descriptor.fragment->targets;
    for (size_t i = 0; i < targets.size(); ++i) {
      if (!targets[i]) continue;
      if (auto e = formatFeatureTypeError(device, targets[i]->format,
                                          fmt::format("descriptor.fragment.targets[{}].format", i),
                                          methodOf(call))) {
        return e;
      }
    }
  }
  if (descriptor.depthStencil) {
    return formatFeatureTypeError(device, descriptor.depthStencil->format,
                                  "descriptor.depthStencil.format", methodOf(call));
  }
  return std::nullopt;
}

std::optional<Exception> contentTimelineTypeError(const Device& device,
                                                  const RenderBundleEncoderDescriptor& descriptor,
                                                  std::string_view call) {
  for (size_t i = 0; i < descriptor.colorFormats.size(); ++i) {
    if (!descriptor.colorFormats[i]) continue;
    if (auto e =
            formatFeatureTypeError(device, *descriptor.colorFormats[i],
                                   fmt::format("descriptor.colorFormats[{}]", i), methodOf(call))) {
      return e;
    }
  }
  if (descriptor.depthStencilFormat) {
    return formatFeatureTypeError(device, *descriptor.depthStencilFormat,
                                  "descriptor.depthStencilFormat", methodOf(call));
  }
  return std::nullopt;
}

}  // namespace bindery::node
