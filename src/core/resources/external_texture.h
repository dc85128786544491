// ExternalTextureBase: a GPUExternalTexture inside the core
// (#gpuexternaltexture, #external-texture-creation). It is a snapshot of one
// frame of a VideoFrameSource: it keeps that frame's planes alive and
// [[expired]] is computed from the source, so advancing or closing the source
// expires every texture imported from an earlier frame at no cost.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindery/external_texture.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/resources/color_space.h"

namespace bindery::core {

class TextureViewBase;

}  // namespace bindery::core

namespace bindery {

// The shared state behind VideoFrameSource handles.
struct VideoFrameSource::State {
  std::string label;
  std::vector<TextureView> planes;
  uint64_t frame = 0;
  bool closed = false;
  std::optional<VisibleRect> visibleRect;
  PredefinedColorSpace colorSpace = PredefinedColorSpace::Srgb;
};

}  // namespace bindery

namespace bindery::core {

// What a texture_external's shader needs to read a frame (the backend lays
// it out as bindery/spirv/generate.h's ExternalTextureParams):
// #external-texture-creation's crop and colour conversion. Sampling reads
// plane 0 in `visible` (chroma planes: the rect scaled to their size), turns
// YUV into RGB with `yuvToRgb` (two or three planes), then, when
// `convertColor`, decodes with `decode`, applies `gamut` (row major) and
// encodes with `encode`.
struct ExternalTextureParams {
  uint32_t numPlanes = 1;
  VisibleRect visible;
  std::array<float, 12> yuvToRgb{};
  bool convertColor = false;
  Mat3 gamut{};
  TransferFunction decode, encode;
};

// The parameters of a frame of `numPlanes` planes whose RGB is in `from`,
// shown at `visible`, imported as `to`. Equal spaces convert nothing
// (#color-space-conversion-elision).
ExternalTextureParams makeExternalTextureParams(uint32_t numPlanes, VisibleRect visible,
                                                PredefinedColorSpace from, PredefinedColorSpace to);

class ExternalTextureBase final : public ObjectBase {
 public:
  ExternalTextureBase(DeviceBase* device, const ExternalTextureDescriptor& descriptor,
                      std::vector<Ref<TextureViewBase>> planes);
  ExternalTextureBase(DeviceBase* device, const ExternalTextureDescriptor& descriptor, InvalidTag);
  ~ExternalTextureBase() override;

  // [[expired]]
  bool isExpired() const { return source_ && (source_->closed || source_->frame != frame_); }
  uint64_t importedFrame() const { return frame_; }
  PredefinedColorSpace colorSpace() const { return colorSpace_; }
  const std::vector<Ref<TextureViewBase>>& planes() const { return planes_; }
  // The frame's visible rect and colour space when it was imported.
  const VisibleRect& visibleRect() const { return visibleRect_; }
  ExternalTextureParams params() const;
  // "its source [VideoFrameSource "camera"] advanced to frame 3 after it was
  // imported at frame 2" / "... was closed".
  std::string expiryReason() const;
  // Fails with ExternalTextureExpired naming `what` when expired.
  MaybeError validateNotExpired(std::string_view what) const;

 private:
  std::shared_ptr<VideoFrameSource::State> source_;
  uint64_t frame_ = 0;
  PredefinedColorSpace colorSpace_;
  PredefinedColorSpace frameColorSpace_ = PredefinedColorSpace::Srgb;
  VisibleRect visibleRect_;
  std::vector<Ref<TextureViewBase>> planes_;
};

// A view for messages: `[TextureView "v"]`, or for an unlabeled view
// `[TextureView] of [Texture "atlas"]` so the user can find it.
std::string describeView(const TextureViewBase& view);

// `[VideoFrameSource "camera"]` or `[VideoFrameSource]`.
std::string describeSource(const VideoFrameSource::State& state);

// The rules a texture view must meet to stand for an external texture (a
// plane of a VideoFrameSource, or a view bound to an externalTexture entry,
// #bind-group-creation): TEXTURE_BINDING usage, dimension '2d', one mip
// level, format 'rgba8unorm' / 'bgra8unorm' / 'rgba16float', sample count 1.
// `what` names the view ("descriptor.entries[3].resource").
MaybeError validateExternalTextureView(const TextureViewBase& view, ErrorCode code,
                                       std::string_view what);

// #external-texture-creation: the checks on the source and its planes.
MaybeError validateExternalTextureDescriptor(const DeviceBase* device,
                                             const ExternalTextureDescriptor& descriptor);

}  // namespace bindery::core
