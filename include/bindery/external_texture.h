// GPUExternalTexture (#gpuexternaltexture, #external-texture-creation) and the
// C++ stand-in for its sources (HTMLVideoElement / VideoFrame): a
// VideoFrameSource whose current frame is one texture view, or up to three
// planes. An external texture is a snapshot of the frame current when it was
// imported; it expires when the source advances a frame or is closed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/object.h"
#include "bindery/texture.h"

namespace bindery {

// PredefinedColorSpace (HTML).
enum class PredefinedColorSpace : uint8_t {
  Srgb,       // "srgb"
  DisplayP3,  // "display-p3"
};
std::string_view toString(PredefinedColorSpace value);
std::optional<PredefinedColorSpace> parsePredefinedColorSpace(std::string_view text);

// VideoFrame.visibleRect: the part of the coded frame (plane 0's texels)
// that is shown; the chroma planes' part is the same rect scaled to their
// size.
struct VisibleRect {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t width = 0;
  uint32_t height = 0;
  bool operator==(const VisibleRect&) const = default;
};

// A video source. Copies share one source (like a JS reference to the
// element). Each plane is a TextureView of a 2d texture with
// TEXTURE_BINDING usage, 1 mip level, sample count 1, in 'rgba8unorm',
// 'bgra8unorm' or 'rgba16float'.
class VideoFrameSource {
 public:
  VideoFrameSource();  // no frame yet (importing from it is an error)
  explicit VideoFrameSource(TextureView frame);
  explicit VideoFrameSource(std::vector<TextureView> planes);

  // The video advances: the new frame's planes replace the old (or the same
  // planes now hold the new frame when none are given). Every external
  // texture imported from an earlier frame expires.
  void advanceFrame();
  void advanceFrame(std::vector<TextureView> planes);
  // Like VideoFrame.close(): every texture imported from it expires, and the
  // source cannot be imported again.
  void close();

  uint64_t frameIndex() const;
  bool isClosed() const;
  const std::vector<TextureView>& planes() const;
  std::string_view label() const;
  void setLabel(std::string_view label);
  // The frame's visible rect (VideoFrame.visibleRect); none: all of plane 0.
  // Applies to the current frame and the next ones, like the frame's size.
  void setVisibleRect(std::optional<VisibleRect> rect);
  std::optional<VisibleRect> visibleRect() const;
  // The colour space the frame's RGB (after YUV conversion) is encoded in
  // (VideoFrame.colorSpace): 'srgb' by default.
  void setColorSpace(PredefinedColorSpace colorSpace);
  PredefinedColorSpace colorSpace() const;

  struct State;
  const std::shared_ptr<State>& state() const { return state_; }

 private:
  std::shared_ptr<State> state_;
};

struct ExternalTextureDescriptor {
  std::string label;
  VideoFrameSource source;  // required
  PredefinedColorSpace colorSpace = PredefinedColorSpace::Srgb;
};

class ExternalTexture : public detail::Handle {
  BINDERY_HANDLE_CLASS(ExternalTexture);

  // [[expired]]: the source advanced past the imported frame, or was closed.
  bool expired() const;
  PredefinedColorSpace colorSpace() const;
};

}  // namespace bindery
