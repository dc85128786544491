// GPUQueue.copyExternalImageToTexture (#dom-gpuqueue-copyexternalimagetotexture):
// the content-timeline checks (exceptions), the device-timeline validation,
// and the queue-timeline conversion of the source's texels into the
// destination's encoding and format (color_space.h), written through the
// backend's writeTexture.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "bindery/exception.h"
#include "bindery/external_image.h"
#include "core/base/error_data.h"

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

// The queue-timeline steps for an ImageData source: copySize.width x height
// texels of `destination`'s format, rows packed, top row first.
std::vector<uint8_t> convertImageData(const ImageData& image,
                                      const CopyExternalImageSourceInfo& source,
                                      const CopyExternalImageDestInfo& destination,
                                      TextureFormat format, const Extent3D& copySize);

}  // namespace bindery::core
