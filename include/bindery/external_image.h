// GPUQueue.copyExternalImageToTexture's dictionaries
// (#gpucopyexternalimagesourceinfo, #gpucopyexternalimagedestinfo in
// copies.bs) and the image sources that exist outside a browser: an
// ImageData (RGBA8 rows, HTML's ImageData) and a VideoFrameSource (the
// stand-in for HTMLVideoElement / VideoFrame, external_texture.h).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "bindery/external_texture.h"
#include "bindery/texel_copy.h"

namespace bindery {

// GPUOrigin2DDict.
struct Origin2D {
  uint32_t x = 0;
  uint32_t y = 0;
  bool operator==(const Origin2D&) const = default;
};

// HTML's ImageData: `width` x `height` texels, rows top to bottom, 4 bytes
// each (R, G, B, A), colours in `colorSpace`, alpha not premultiplied.
// `data` is not copied: it must stay alive during the call only.
// `premultipliedAlpha` is bindery's: true describes a 2d canvas's bitmap
// (always premultiplied, #color-space-conversion-elision), never an ImageData.
struct ImageData {
  std::span<const uint8_t> data;  // width * height * 4 bytes
  uint32_t width = 0;
  uint32_t height = 0;
  PredefinedColorSpace colorSpace = PredefinedColorSpace::Srgb;
  bool premultipliedAlpha = false;
};

// GPUCopyExternalImageSource: the sources of this implementation.
using CopyExternalImageSource = std::variant<ImageData, VideoFrameSource>;

// GPUCopyExternalImageSourceInfo (#gpucopyexternalimagesourceinfo).
struct CopyExternalImageSourceInfo {
  CopyExternalImageSource source;  // required
  Origin2D origin;
  bool flipY = false;
};

// GPUCopyExternalImageDestInfo (#gpucopyexternalimagedestinfo): a
// GPUTexelCopyTextureInfo tagged with the encoding to write.
struct CopyExternalImageDestInfo {
  Texture texture;  // required
  uint32_t mipLevel = 0;
  Origin3D origin;
  TextureAspect aspect = TextureAspect::All;
  PredefinedColorSpace colorSpace = PredefinedColorSpace::Srgb;
  bool premultipliedAlpha = false;

  TexelCopyTextureInfo texelCopy() const { return {texture, mipLevel, origin, aspect}; }
};

}  // namespace bindery
