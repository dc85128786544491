// GPUQueue.copyExternalImageToTexture (#dom-gpuqueue-copyexternalimagetotexture):
// the content-timeline checks (exceptions), the device-timeline validation,
// and the queue-timeline conversion of the source's texels into the
// destination's encoding and format (color_space.h), written through the
// backend's writeTexture.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "bindery/exception.h"
#include "bindery/external_image.h"
#include "core/base/error_data.h"
#include "core/resources/color_space.h"

namespace bindery::core {

class DeviceBase;

// The external source dimensions (copies.bs, #external-source-dimensions):
// ImageData.width/height; a VideoFrameSource's first plane (0 x 0 without a frame).
Extent3D externalSourceSize(const CopyExternalImageSource& source);

// The content-timeline steps: the exception JavaScript throws, if any.
std::optional<Exception> checkCopyExternalImageContent(const CopyExternalImageSourceInfo& source,
                                                       const Extent3D& copySize);

// The device-timeline steps (usability, destination texture and format).
MaybeError validateCopyExternalImageToTexture(const DeviceBase* device,
                                              const CopyExternalImageSourceInfo& source,
                                              const CopyExternalImageDestInfo& destination,
                                              const Extent3D& copySize);

// The destination formats copyExternalImageToTexture accepts on `device`:
// renderable plain colour formats that are unorm, unorm-srgb, float or ufloat.
bool isCopyExternalImageFormat(const DeviceBase* device, TextureFormat format);

// The source's colours over the copy's source rectangle (copySize.width x
// height from source.origin, rows top first, before flipY) and their encoding.
struct SourceTexels {
  std::vector<std::array<float, 4>> texels;
  ColorEncoding encoding;
};
SourceTexels imageDataTexels(const ImageData& image, Origin2D origin, const Extent3D& copySize);

// The queue-timeline steps: `source` flipped by flipY, converted to the
// destination's encoding and written as texels of `format`, rows packed.
std::vector<uint8_t> encodeTexels(const SourceTexels& source, bool flipY,
                                  const CopyExternalImageDestInfo& destination,
                                  TextureFormat format, const Extent3D& copySize);

}  // namespace bindery::core
