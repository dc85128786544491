// GPUTexture, GPUTextureView and their descriptors (#texture-creation,
// #texture-view-creation).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bindery/enums.h"
#include "bindery/exception.h"
#include "bindery/flags.h"
#include "bindery/object.h"

namespace bindery {

struct Extent3D {
  uint32_t width = 0;  // required
  uint32_t height = 1;
  uint32_t depthOrArrayLayers = 1;
  bool operator==(const Extent3D&) const = default;
};

struct TextureDescriptor {
  std::string label;
  Extent3D size;
  uint32_t mipLevelCount = 1;
  uint32_t sampleCount = 1;
  TextureDimension dimension = TextureDimension::e2D;
  std::optional<TextureFormat> format;  // required
  TextureUsageFlags usage;              // required
  std::vector<TextureFormat> viewFormats;
  // Compatibility mode only (GPUTextureDescriptor.textureBindingViewDimension).
  std::optional<TextureViewDimension> textureBindingViewDimension;
};

struct TextureViewDescriptor {
  std::string label;
  std::optional<TextureFormat> format;
  std::optional<TextureViewDimension> dimension;
  TextureUsageFlags usage;  // 0: inherit the texture's usage
  TextureAspect aspect = TextureAspect::All;
  uint32_t baseMipLevel = 0;
  std::optional<uint32_t> mipLevelCount;
  uint32_t baseArrayLayer = 0;
  std::optional<uint32_t> arrayLayerCount;
  // Needs "texture-component-swizzle" when not "rgba".
  std::string swizzle = "rgba";
};

class TextureView : public detail::Handle {
  BINDERY_HANDLE_CLASS(TextureView);
};

class Texture : public detail::Handle {
  BINDERY_HANDLE_CLASS(Texture);

  TextureView createView(const TextureViewDescriptor& descriptor = {}) const;
  // bindery extension: a new view with the default descriptor (createView()
  // with none) when that makes a valid view now, made without reporting
  // anything; a null handle otherwise (an invalid texture, a lost device, a
  // failed allocation), and createView() then reports why. Every such view
  // is the same immutable view but for its label, so a binding may keep one
  // and hand it out to the callers that set no label (the Node addon's
  // texture.createView(): lib/creation.js).
  TextureView tryCreateDefaultView() const;
  void destroy();

  uint32_t width() const;
  uint32_t height() const;
  uint32_t depthOrArrayLayers() const;
  uint32_t mipLevelCount() const;
  uint32_t sampleCount() const;
  TextureDimension dimension() const;
  TextureFormat format() const;
  TextureUsageFlags usage() const;
  std::optional<TextureViewDimension> textureBindingViewDimension() const;
};

class Device;

// The content-timeline steps of createTexture and createView that throw a
// TypeError in JavaScript before anything is created: "Validate texture format
// required features" of descriptor.format and descriptor.viewFormats
// (#texture-creation), of the view's format and "Validate swizzle string"
// (#texture-view-creation). Device::createTexture and Texture::createView
// report the same problems as validation errors (a C++ call never throws); a
// binding that must throw calls these first. nullopt when the checks pass.
std::optional<Exception> textureTypeError(const Device& device,
                                          const TextureDescriptor& descriptor);
std::optional<Exception> textureViewTypeError(const Texture& texture,
                                              const TextureViewDescriptor& descriptor);
// "Validate texture format required features" of one `format` named by
// `field` (e.g. "descriptor.fragment.targets[0].format"), as the TypeError of
// `call` ("GPUDevice.createRenderPipeline"): the content-timeline step that
// createBindGroupLayout, createRenderPipeline(Async) and
// createRenderBundleEncoder also take (#bind-group-layout-creation,
// #render-pipeline-creation, #render-bundle-creation).
std::optional<Exception> formatFeatureTypeError(const Device& device, TextureFormat format,
                                                std::string_view field, std::string_view call);

}  // namespace bindery
