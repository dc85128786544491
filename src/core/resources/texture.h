// TextureBase: a GPUTexture inside the core (#gputexture, #texture-creation,
// #texture-destruction).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/texture.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class TextureViewBase;

class TextureBase final : public ObjectBase, public BackendOwner<backend::TextureBackend> {
 public:
  TextureBase(DeviceBase* device, const TextureDescriptor& descriptor);
  TextureBase(DeviceBase* device, const TextureDescriptor& descriptor, InvalidTag);
  ~TextureBase() override;

  const Extent3D& size() const { return size_; }
  uint32_t width() const { return size_.width; }
  uint32_t height() const { return size_.height; }
  uint32_t depthOrArrayLayers() const { return size_.depthOrArrayLayers; }
  // #abstract-opdef-array-layer-count: depthOrArrayLayers for "2d", else 1.
  uint32_t arrayLayerCount() const {
    return dimension_ == TextureDimension::e2D ? size_.depthOrArrayLayers : 1;
  }
  uint32_t mipLevelCount() const { return mipLevelCount_; }
  uint32_t sampleCount() const { return sampleCount_; }
  bool isMultisampled() const { return sampleCount_ > 1; }
  TextureDimension dimension() const { return dimension_; }
  TextureFormat format() const { return format_; }
  TextureUsageFlags usage() const { return usage_; }
  // [[viewFormats]]: formats (besides format()) views may have.
  const std::vector<TextureFormat>& viewFormats() const { return viewFormats_; }
  // Compatibility mode: the dimension every TEXTURE_BINDING view must have
  // (given, or defaulted at creation); nullopt on core devices.
  std::optional<TextureViewDimension> textureBindingViewDimension() const {
    return textureBindingViewDimension_;
  }
  // Why textureBindingViewDimension has its value when it was defaulted
  // ("defaulted to '2d-array' because the texture's size.depthOrArrayLayers is 2");
  // empty when the user gave it or on core devices.
  const std::string& textureBindingViewDimensionReason() const {
    return textureBindingViewDimensionReason_;
  }

  bool isDestroyed() const { return destroyed_; }
  // #dom-gputexture-destroy (the backend frees the memory once the GPU is done).
  void destroy();

  // Checks the texture is usable in a command or submit: valid and not
  // destroyed. `what` names it ("descriptor.colorAttachments[0].view's texture").
  MaybeError validateUsable(std::string_view what) const;

  // #dom-gputexture-createview: resolves defaults, validates, and on failure
  // reports the error to the device and returns an invalid view.
  Ref<TextureViewBase> createView(const TextureViewDescriptor& descriptor);
  // The same without reporting: returns the view (valid, or invalid when the
  // result is an error) and the error, for callers that report it in their
  // own call with their own context, e.g. "get as texture view" of a
  // GPUTexture given as a binding resource (the default view, createView()).
  MaybeError createViewNoReport(const TextureViewDescriptor& descriptor,
                                Ref<TextureViewBase>* view);
  // The default view (createView() with an empty descriptor), not reported.
  MaybeError createDefaultView(Ref<TextureViewBase>* view) {
    return createViewNoReport(TextureViewDescriptor{}, view);
  }
  // Resolves and validates the default view's descriptor once, at the
  // texture's creation (texture_view.cpp): resolving and those checks read
  // only the texture's immutable properties and the device's features and
  // limits, so a later createView() with no descriptor (or only a label)
  // repeats only the texture's and its device's validity
  // (#texture-view-creation) and reuses the resolved descriptor.
  void prepareDefaultView();
  struct DefaultView;  // texture_view.h
  // The default view when createView() with no descriptor would make a
  // valid one now, made without reporting; null otherwise (nothing reported).
  Ref<TextureViewBase> tryCreateDefaultView();

 private:
  Extent3D size_;
  uint32_t mipLevelCount_;
  uint32_t sampleCount_;
  TextureDimension dimension_;
  TextureFormat format_;
  TextureUsageFlags usage_;
  std::vector<TextureFormat> viewFormats_;
  std::optional<TextureViewDimension> textureBindingViewDimension_;
  std::string textureBindingViewDimensionReason_;
  bool destroyed_ = false;
  // What prepareDefaultView() resolved, when the default view's descriptor
  // validated; null otherwise.
  std::unique_ptr<const DefaultView> defaultView_;
};

// #texture-creation "validating GPUTextureDescriptor" (and the content-timeline
// checks: format features, viewFormats features).
MaybeError validateTextureDescriptor(const DeviceBase* device, const TextureDescriptor& descriptor);
// Only the content-timeline checks (TypeErrors in JavaScript).
MaybeError validateTextureContentTimeline(const DeviceBase* device,
                                          const TextureDescriptor& descriptor);

// #abstract-opdef-maximum-miplevel-count
uint32_t maxMipLevelCount(TextureDimension dimension, const Extent3D& size);

}  // namespace bindery::core
