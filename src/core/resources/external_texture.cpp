// GPUExternalTexture: #external-texture-creation, and VideoFrameSource, the
// C++ stand-in for HTMLVideoElement / VideoFrame.
#include "core/resources/external_texture.h"

#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

std::string describeSource(const VideoFrameSource::State& state) {
  return state.label.empty() ? std::string("[VideoFrameSource]")
                             : fmt::format("[VideoFrameSource \"{}\"]", state.label);
}

std::string describeView(const TextureViewBase& view) {
  if (!view.label().empty()) return view.describe();
  return fmt::format("{} of {}", view.describe(), view.texture()->describe());
}

MaybeError validateExternalTextureView(const TextureViewBase& view, ErrorCode code,
                                       std::string_view what) {
  auto fail = [&](std::string message, std::string fix) {
    auto error = makeValidationError(code, std::move(message));
    error->fix = std::move(fix);
    return error;
  };
  if (!view.usage().has(TextureUsage::TextureBinding)) [[unlikely]] {
    return fail(fmt::format("{} is {} with usage {}, which lacks GPUTextureUsage.TEXTURE_BINDING, "
                            "needed to sample it as an external texture.",
                            what, describeView(view), toString(view.usage())),
                fmt::format("Add GPUTextureUsage.TEXTURE_BINDING to the usage of {}.",
                            core::describe(view.texture())));
  }
  if (view.dimension() != TextureViewDimension::e2D) [[unlikely]] {
    return fail(fmt::format("{} is {} with dimension '{}', but an external texture must be a "
                            "'2d' view.{}",
                            what, describeView(view), toString(view.dimension()),
                            !view.defaults().applied(TextureViewDefaults::kDimension)
                                ? std::string()
                                : fmt::format(" ({})", view.defaults().dimension())),
                "Create the view with createView({dimension: '2d', baseArrayLayer: n, "
                "arrayLayerCount: 1}).");
  }
  if (view.mipLevelCount() != 1) [[unlikely]] {
    return fail(fmt::format("{} is {} with mipLevelCount {}, but an external texture must have "
                            "exactly 1 mip level.",
                            what, describeView(view), view.mipLevelCount()),
                "Create the view with createView({baseMipLevel: n, mipLevelCount: 1}).");
  }
  TextureFormat f = view.format();
  if (f != TextureFormat::Rgba8unorm && f != TextureFormat::Bgra8unorm &&
      f != TextureFormat::Rgba16float) [[unlikely]] {
    return fail(fmt::format("{} is {} with format '{}', but an external texture must be "
                            "'rgba8unorm', 'bgra8unorm' or 'rgba16float'.",
                            what, describeView(view), toString(f)),
                "Decode or copy the frame into a texture of one of those formats.");
  }
  if (view.sampleCount() != 1) [[unlikely]] {
    return fail(fmt::format("{} is {}, a view of a multisampled texture (sampleCount {}), but an "
                            "external texture must have sample count 1.",
                            what, describeView(view), view.sampleCount()),
                "Resolve the multisampled texture into a single-sampled one and use that.");
  }
  return {};
}

// #external-texture-creation: the source must be usable ("check the
// usability of the image argument"): it has a frame and is not closed.
MaybeError validateExternalTextureDescriptor(const DeviceBase* device,
                                             const ExternalTextureDescriptor& d) {
  const VideoFrameSource::State* source = d.source.state().get();
  BINDERY_INVALID_IF_FIX(source != nullptr && source->closed, ExternalTextureSourceClosed,
                         "Import from a source that is still open; a closed source has no "
                         "frame (like a closed VideoFrame).",
                         "descriptor.source {} was closed.", describeSource(*source));
  BINDERY_INVALID_IF_FIX(source == nullptr || source->planes.empty(), ExternalTextureSourceNoFrame,
                         "Give the VideoFrameSource a frame (VideoFrameSource(view), or "
                         "advanceFrame(planes)) before importing it.",
                         "descriptor.source {} has no frame to import.",
                         source ? describeSource(*source) : std::string("[VideoFrameSource]"));
  BINDERY_INVALID_IF_FIX(source->planes.size() > 3, ExternalTexturePlaneCount,
                         "Give at most 3 planes (e.g. RGBA; Y + UV; Y + U + V).",
                         "descriptor.source {} has {} planes; an external texture has at most 3.",
                         describeSource(*source), source->planes.size());
  for (size_t i = 0; i < source->planes.size(); ++i) {
    std::string what = fmt::format("descriptor.source.planes[{}]", i);
    const auto* view = fromHandle<TextureViewBase>(source->planes[i]);
    BINDERY_TRY(device->validateObject(view, what));
    BINDERY_TRY(validateExternalTextureView(*view, ErrorCode::ExternalTexturePlaneInvalid, what));
  }
  if (source->visibleRect) {
    const VisibleRect& r = *source->visibleRect;
    Extent3D size = fromHandle<TextureViewBase>(source->planes[0])->renderExtent();
    BINDERY_INVALID_IF_FIX(
        r.width == 0 || r.height == 0 || uint64_t{r.x} + r.width > size.width ||
            uint64_t{r.y} + r.height > size.height,
        ExternalTextureVisibleRectInvalid,
        "Give a visibleRect of at least 1x1 texels inside plane 0 (x + width <= its width, "
        "y + height <= its height), or none to show the whole frame.",
        "descriptor.source {} has visibleRect {{x: {}, y: {}, width: {}, height: {}}}, which {} "
        "plane 0 ({}x{}).",
        describeSource(*source), r.x, r.y, r.width, r.height,
        r.width == 0 || r.height == 0 ? "is empty; it must show part of" : "is not inside",
        size.width, size.height);
  }
  return {};
}

ExternalTextureParams makeExternalTextureParams(uint32_t numPlanes, VisibleRect visible,
                                                PredefinedColorSpace from,
                                                PredefinedColorSpace to) {
  ExternalTextureParams p;
  p.numPlanes = numPlanes;
  p.visible = visible;
  p.yuvToRgb = yuvToRgbMatrix();
  p.convertColor = from != to;
  p.gamut = gamutMatrix(from, to);
  p.decode = srgbDecoding();  // 'srgb' and 'display-p3' share the curve
  p.encode = srgbEncoding();
  return p;
}

ExternalTextureParams ExternalTextureBase::params() const {
  return makeExternalTextureParams(static_cast<uint32_t>(planes_.size()), visibleRect_,
                                   frameColorSpace_, colorSpace_);
}

ExternalTextureBase::ExternalTextureBase(DeviceBase* device, const ExternalTextureDescriptor& d,
                                         std::vector<Ref<TextureViewBase>> planes)
    : ObjectBase(device, ObjectType::ExternalTexture, d.label),
      source_(d.source.state()),
      frame_(d.source.state()->frame),
      colorSpace_(d.colorSpace),
      frameColorSpace_(d.source.state()->colorSpace),
      planes_(std::move(planes)) {
  Extent3D size = planes_.empty() ? Extent3D{0, 0, 1} : planes_[0]->renderExtent();
  visibleRect_ = d.source.state()->visibleRect.value_or(VisibleRect{0, 0, size.width, size.height});
}

ExternalTextureBase::ExternalTextureBase(DeviceBase* device, const ExternalTextureDescriptor& d,
                                         InvalidTag tag)
    : ObjectBase(device, ObjectType::ExternalTexture, d.label, tag), colorSpace_(d.colorSpace) {}

ExternalTextureBase::~ExternalTextureBase() = default;

std::string ExternalTextureBase::expiryReason() const {
  if (!source_) return "it was never imported";
  if (source_->closed) {
    return fmt::format("its source {} was closed (it was imported at frame {})",
                       describeSource(*source_), frame_);
  }
  return fmt::format("its source {} advanced to frame {} after it was imported at frame {}",
                     describeSource(*source_), source_->frame, frame_);
}

MaybeError ExternalTextureBase::validateNotExpired(std::string_view what) const {
  BINDERY_INVALID_IF_FIX(isExpired(), ExternalTextureExpired,
                         "Import the external texture again for the current frame "
                         "(device.importExternalTexture) and make a new bind group with it.",
                         "{} is {}, which expired: {}.", what, describe(), expiryReason());
  return {};
}

Ref<ExternalTextureBase> DeviceBase::importExternalTexture(
    const ExternalTextureDescriptor& descriptor) {
  beginCall();
  auto invalid = [&] {
    return Ref<ExternalTextureBase>::adopt(new ExternalTextureBase(this, descriptor, InvalidTag{}));
  };
  if (isLost()) return invalid();
  if (MaybeError error = validateExternalTextureDescriptor(this, descriptor); error.isError()) {
    Ref<ExternalTextureBase> texture = invalid();
    texture->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.importExternalTexture({})", describe(),
                              core::describe(ObjectType::ExternalTexture, descriptor.label)));
    return texture;
  }
  std::vector<Ref<TextureViewBase>> planes;
  for (const TextureView& plane : descriptor.source.planes()) {
    planes.emplace_back(fromHandle<TextureViewBase>(plane));
  }
  return Ref<ExternalTextureBase>::adopt(
      new ExternalTextureBase(this, descriptor, std::move(planes)));
}

}  // namespace bindery::core

namespace bindery {

using core::ExternalTextureBase;
using core::fromHandle;

std::string_view toString(PredefinedColorSpace value) {
  switch (value) {
    case PredefinedColorSpace::Srgb: return "srgb";
    case PredefinedColorSpace::DisplayP3: return "display-p3";
  }
  return "unknown";
}

std::optional<PredefinedColorSpace> parsePredefinedColorSpace(std::string_view text) {
  if (text == "srgb") return PredefinedColorSpace::Srgb;
  if (text == "display-p3") return PredefinedColorSpace::DisplayP3;
  return std::nullopt;
}

VideoFrameSource::VideoFrameSource() : state_(std::make_shared<State>()) {}
VideoFrameSource::VideoFrameSource(TextureView frame) : VideoFrameSource() {
  state_->planes.push_back(std::move(frame));
}
VideoFrameSource::VideoFrameSource(std::vector<TextureView> planes) : VideoFrameSource() {
  state_->planes = std::move(planes);
}
void VideoFrameSource::advanceFrame() {
  ++state_->frame;
}
void VideoFrameSource::advanceFrame(std::vector<TextureView> planes) {
  state_->planes = std::move(planes);
  ++state_->frame;
}
void VideoFrameSource::close() {
  state_->closed = true;
  state_->planes.clear();
}
uint64_t VideoFrameSource::frameIndex() const {
  return state_->frame;
}
bool VideoFrameSource::isClosed() const {
  return state_->closed;
}
const std::vector<TextureView>& VideoFrameSource::planes() const {
  return state_->planes;
}
std::string_view VideoFrameSource::label() const {
  return state_->label;
}
void VideoFrameSource::setLabel(std::string_view label) {
  state_->label = label;
}
void VideoFrameSource::setVisibleRect(std::optional<VisibleRect> rect) {
  state_->visibleRect = rect;
}
std::optional<VisibleRect> VideoFrameSource::visibleRect() const {
  return state_->visibleRect;
}
void VideoFrameSource::setColorSpace(PredefinedColorSpace colorSpace) {
  state_->colorSpace = colorSpace;
}
PredefinedColorSpace VideoFrameSource::colorSpace() const {
  return state_->colorSpace;
}

ExternalTexture Device::importExternalTexture(const ExternalTextureDescriptor& descriptor) const {
  return core::toHandle<ExternalTexture>(
      fromHandle<core::DeviceBase>(*this)->importExternalTexture(descriptor));
}

std::string_view ExternalTexture::label() const {
  return fromHandle<ExternalTextureBase>(*this)->label();
}
void ExternalTexture::setLabel(std::string_view l) {
  fromHandle<ExternalTextureBase>(*this)->setLabel(l);
}
bool ExternalTexture::expired() const {
  return fromHandle<ExternalTextureBase>(*this)->isExpired();
}
PredefinedColorSpace ExternalTexture::colorSpace() const {
  return fromHandle<ExternalTextureBase>(*this)->colorSpace();
}

}  // namespace bindery
