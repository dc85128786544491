// GPUQueue.copyExternalImageToTexture: #dom-gpuqueue-copyexternalimagetotexture,
// #gpucopyexternalimagesourceinfo and #gpucopyexternalimagedestinfo (copies.bs).
#include "core/commands/copy_external_image.h"

#include <fmt/format.h>

#include <string>

#include "core/base/handles.h"
#include "core/commands/texel_copy.h"
#include "core/device/backend_owner.h"
#include "core/device/device.h"
#include "core/device/queue.h"
#include "core/resources/color_space.h"
#include "core/resources/external_texture.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

std::string describeSourceImage(const CopyExternalImageSource& source) {
  if (const auto* image = std::get_if<ImageData>(&source)) {
    return fmt::format("ImageData ({}x{}, '{}')", image->width, image->height,
                       toString(image->colorSpace));
  }
  return describeSource(*std::get<VideoFrameSource>(source).state());
}

const VideoFrameSource::State* frameSource(const CopyExternalImageSource& source) {
  const auto* video = std::get_if<VideoFrameSource>(&source);
  return video ? video->state().get() : nullptr;
}

Exception thrown(ExceptionType type, ErrorCode code, std::string message) {
  return Exception{type, code, std::move(message)};
}

}  // namespace

Extent3D externalSourceSize(const CopyExternalImageSource& source) {
  if (const auto* image = std::get_if<ImageData>(&source)) return {image->width, image->height, 1};
  const VideoFrameSource::State* state = frameSource(source);
  if (state == nullptr || state->planes.empty()) return {0, 0, 1};
  const auto* view = fromHandle<TextureViewBase>(state->planes[0]);
  if (view == nullptr || view->texture() == nullptr) return {0, 0, 1};
  // A frame's image is its visible rect (VideoFrame.visibleRect), else plane 0.
  if (state->visibleRect) return {state->visibleRect->width, state->visibleRect->height, 1};
  Extent3D size = physicalMipExtent(*view->texture(), view->baseMipLevel());
  return {size.width, size.height, 1};
}

// Content timeline: the copy stays inside the source, then "check the
// usability of the image argument" (HTML): a closed VideoFrame throws
// InvalidStateError. An ImageData's data is width x height x 4 bytes
// (ImageData's constructor guarantees it; the C++ struct does not).
std::optional<Exception> checkCopyExternalImageContent(const CopyExternalImageSourceInfo& source,
                                                       const Extent3D& copySize) {
  if (const auto* image = std::get_if<ImageData>(&source.source)) {
    uint64_t expected = uint64_t{image->width} * image->height * 4;
    if (image->data.size() != expected) {
      return thrown(ExceptionType::TypeError, ErrorCode::CopyExternalImageSourceInvalid,
                    fmt::format("source.source is an ImageData of {}x{} whose data has {} bytes; "
                                "it needs width x height x 4 = {} bytes (RGBA8 rows).",
                                image->width, image->height, image->data.size(), expected));
    }
  }
  Extent3D size = externalSourceSize(source.source);
  if (uint64_t{source.origin.x} + copySize.width > size.width ||
      uint64_t{source.origin.y} + copySize.height > size.height) {
    return thrown(
        ExceptionType::OperationError, ErrorCode::CopyExternalImageSourceOutOfBounds,
        fmt::format("source.origin {{x: {}, y: {}}} + copySize ({}x{}) reaches ({}, {}), "
                    "outside the source {}, which is {}x{}. Copy a region inside the "
                    "source: origin.x + width <= {} and origin.y + height <= {}.",
                    source.origin.x, source.origin.y, copySize.width, copySize.height,
                    uint64_t{source.origin.x} + copySize.width,
                    uint64_t{source.origin.y} + copySize.height, describeSourceImage(source.source),
                    size.width, size.height, size.width, size.height));
  }
  if (copySize.depthOrArrayLayers > 1) {
    return thrown(ExceptionType::OperationError, ErrorCode::CopyExternalImageSourceOutOfBounds,
                  fmt::format("copySize.depthOrArrayLayers is {}, but an external image is one "
                              "2d image: it must be 0 or 1.",
                              copySize.depthOrArrayLayers));
  }
  const VideoFrameSource::State* state = frameSource(source.source);
  if (state != nullptr && state->closed) {
    return thrown(ExceptionType::InvalidStateError, ErrorCode::CopyExternalImageSourceClosed,
                  fmt::format("source.source {} was closed; a closed source has no image "
                              "(like a closed VideoFrame). Copy from a source that is still open.",
                              describeSource(*state)));
  }
  return std::nullopt;
}

bool isCopyExternalImageFormat(const DeviceBase* device, TextureFormat format) {
  const FormatInfo& info = formatInfo(format);
  bool floatOrUnorm = (info.sampleType == TextureSampleType::Float ||
                       info.sampleType == TextureSampleType::UnfilterableFloat) &&
                      toString(format).find("snorm") == std::string_view::npos;
  return info.isPlainColor() && floatOrUnorm && isRenderable(format, device->features()) &&
         canWriteTexel(format);
}

// #dom-gpuqueue-copyexternalimagetotexture, device timeline.
MaybeError validateCopyExternalImageToTexture(const DeviceBase* device,
                                              const CopyExternalImageSourceInfo& source,
                                              const CopyExternalImageDestInfo& destination,
                                              const Extent3D& copySize) {
  // |usability| must be 'good': a video with a frame (HTML: readyState past
  // HAVE_METADATA), each plane a valid view of this device.
  if (const VideoFrameSource::State* state = frameSource(source.source)) {
    BINDERY_INVALID_IF_FIX(state->planes.empty(), CopyExternalImageSourceNotUsable,
                           "Give the VideoFrameSource a frame (VideoFrameSource(view), or "
                           "advanceFrame(planes)) before copying from it.",
                           "source.source {} has no frame to copy.", describeSource(*state));
    BINDERY_INVALID_IF_FIX(state->planes.size() > 3, CopyExternalImageSourceNotUsable,
                           "Give at most 3 planes (e.g. RGBA; Y + UV; Y + U + V).",
                           "source.source {} has {} planes; a frame has at most 3.",
                           describeSource(*state), state->planes.size());
    for (size_t i = 0; i < state->planes.size(); ++i) {
      std::string what = fmt::format("source.source.planes[{}]", i);
      const auto* view = fromHandle<TextureViewBase>(state->planes[i]);
      BINDERY_TRY(device->validateObject(view, what));
      BINDERY_TRY(view->texture()->validateUsable(what));
      BINDERY_TRY(
          validateExternalTextureView(*view, ErrorCode::CopyExternalImageSourceNotUsable, what));
    }
  }
  const TextureBase* texture = fromHandle<TextureBase>(destination.texture);
  BINDERY_TRY(device->validateObject(texture, "destination.texture"));
  BINDERY_TRY(texture->validateUsable("destination.texture"));
  BINDERY_TRY(
      validateTexelCopyTextureInfo(device, destination.texelCopy(), copySize, "destination"));
  TextureUsageFlags needed = TextureUsage::RenderAttachment | TextureUsage::CopyDst;
  BINDERY_INVALID_IF_FIX(
      (texture->usage() & needed) != needed, CopyExternalImageUsageMissing,
      fmt::format("Create {} with usage GPUTextureUsage.COPY_DST | "
                  "GPUTextureUsage.RENDER_ATTACHMENT (and what else it needs).",
                  texture->describe()),
      "destination.texture {} has usage {}; copyExternalImageToTexture needs both "
      "GPUTextureUsage.COPY_DST and GPUTextureUsage.RENDER_ATTACHMENT.",
      texture->describe(), toString(texture->usage()));
  BINDERY_INVALID_IF_FIX(texture->dimension() != TextureDimension::e2D,
                         CopyExternalImageDimensionInvalid,
                         "Copy into a texture of dimension '2d'.",
                         "destination.texture {} has dimension '{}'; copyExternalImageToTexture "
                         "writes only '2d' textures.",
                         texture->describe(), toString(texture->dimension()));
  BINDERY_INVALID_IF_FIX(texture->sampleCount() != 1, CopyExternalImageMultisampled,
                         "Copy into a single-sampled texture (sampleCount 1), then render or "
                         "resolve from it.",
                         "destination.texture {} has sampleCount {}; it must be 1.",
                         texture->describe(), texture->sampleCount());
  BINDERY_INVALID_IF_FIX(
      !isCopyExternalImageFormat(device, texture->format()), CopyExternalImageFormatInvalid,
      "Copy into a texture of a renderable unorm, unorm-srgb, float or ufloat colour format "
      "such as 'rgba8unorm', 'bgra8unorm', 'rgba8unorm-srgb' or 'rgba16float'.",
      "destination.texture {} has format '{}', which copyExternalImageToTexture cannot write: "
      "the format must be a plain colour format supporting GPUTextureUsage.RENDER_ATTACHMENT "
      "that is unorm, unorm-srgb, float or ufloat (not snorm, uint, sint, depth, stencil or "
      "compressed).",
      texture->describe(), toString(texture->format()));
  return {};
}

SourceTexels imageDataTexels(const ImageData& image, Origin2D origin, const Extent3D& copySize) {
  SourceTexels out{{}, {image.colorSpace, image.premultipliedAlpha}};
  out.texels.reserve(size_t{copySize.width} * copySize.height);
  for (uint32_t y = 0; y < copySize.height; ++y) {
    const uint8_t* row = image.data.data() + (size_t{origin.y + y} * image.width + origin.x) * 4;
    for (uint32_t x = 0; x < copySize.width; ++x) {
      const uint8_t* p = row + size_t{x} * 4;
      out.texels.push_back({p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f});
    }
  }
  return out;
}

namespace {

// One plane of a frame: its whole subresource, read back through the backend.
struct Plane {
  TextureFormat format;
  uint32_t width = 0, height = 0, texelBytes = 0;
  std::vector<uint8_t> bytes;
  Rgba at(uint32_t x, uint32_t y) const {
    return readTexel(format, std::span<const uint8_t>(bytes).subspan(
                                 (size_t{y} * width + x) * texelBytes, texelBytes));
  }
};

backend::Status readPlane(DeviceBase* device, const TextureViewBase& view, Plane& plane) {
  const TextureBase& texture = *view.texture();
  Extent3D size = physicalMipExtent(texture, view.baseMipLevel());
  plane.format = view.format();
  plane.width = size.width;
  plane.height = size.height;
  plane.texelBytes = formatInfo(texture.format()).texelBlockSize;
  plane.bytes.assign(size_t{size.width} * size.height * plane.texelBytes, 0);
  TexelCopyTextureInfo region{{}, view.baseMipLevel(), {0, 0, view.baseArrayLayer()}, {}};
  TexelCopyBufferLayout layout{0, size.width * plane.texelBytes, size.height};
  return device->backend().readTexture(texture, region, plane.bytes.data(), layout,
                                       {size.width, size.height, 1});
}

// A frame's texels: RGBA from one plane; Y, U and V from the red of planes
// 0, 1 and 2 (I420) or Y from plane 0 and U, V from plane 1's red and green
// (NV12), each chroma plane read at the luma texel's position scaled to its
// size, converted with full-range BT.709. A frame is 'srgb', not
// premultiplied.
backend::Status frameTexels(DeviceBase* device, const VideoFrameSource::State& frame,
                            Origin2D origin, const Extent3D& copySize, SourceTexels& out) {
  std::vector<Plane> planes(frame.planes.size());
  for (size_t i = 0; i < planes.size(); ++i) {
    backend::Status status =
        readPlane(device, *fromHandle<TextureViewBase>(frame.planes[i]), planes[i]);
    if (status.isError()) return status;
  }
  // The frame's colour space (VideoFrame.colorSpace); frames are not premultiplied.
  out.encoding = {frame.colorSpace, false};
  // Source coordinates are the visible rect's (externalSourceSize checked them).
  if (frame.visibleRect) {
    origin.x += frame.visibleRect->x;
    origin.y += frame.visibleRect->y;
  }
  out.texels.clear();
  const Plane& luma = planes[0];
  auto chroma = [&](const Plane& p, uint32_t x, uint32_t y) {
    return p.at(std::min(p.width - 1, x * p.width / luma.width),
                std::min(p.height - 1, y * p.height / luma.height));
  };
  for (uint32_t y = origin.y; y < origin.y + copySize.height; ++y) {
    for (uint32_t x = origin.x; x < origin.x + copySize.width; ++x) {
      Rgba c = luma.at(x, y);
      if (planes.size() == 2) {
        Rgba uv = chroma(planes[1], x, y);
        c = yuvToRgb(c[0], uv[0], uv[1]);
      } else if (planes.size() == 3) {
        c = yuvToRgb(c[0], chroma(planes[1], x, y)[0], chroma(planes[2], x, y)[0]);
      }
      out.texels.push_back(c);
    }
  }
  return {};
}

}  // namespace

// Queue timeline, for each destination texel (x, y): the source texel at
// row srcY (flipped by flipY), re-encoded in the destination's colour space
// and alpha, then for -srgb formats linearised (the format's encoding undoes
// it), then written.
std::vector<uint8_t> encodeTexels(const SourceTexels& source, bool flipY,
                                  const CopyExternalImageDestInfo& destination,
                                  TextureFormat format, const Extent3D& copySize) {
  uint32_t bytes = texelBytes(format);
  std::vector<uint8_t> out(size_t{copySize.width} * copySize.height * bytes);
  ColorEncoding to{destination.colorSpace, destination.premultipliedAlpha};
  bool srgbFormat = formatInfo(format).isSrgb;
  for (uint32_t y = 0; y < copySize.height; ++y) {
    uint32_t srcY = flipY ? copySize.height - 1 - y : y;
    for (uint32_t x = 0; x < copySize.width; ++x) {
      Rgba c = convertColor(source.texels[size_t{srcY} * copySize.width + x], source.encoding, to);
      if (srgbFormat) {
        for (int i = 0; i < 3; ++i) c[i] = srgbToLinear(c[i]);
      }
      writeTexel(format, c,
                 std::span<uint8_t>(out).subspan((size_t{y} * copySize.width + x) * bytes, bytes));
    }
  }
  return out;
}

std::optional<Exception> QueueBase::copyExternalImageToTexture(
    const CopyExternalImageSourceInfo& source, const CopyExternalImageDestInfo& destination,
    const Extent3D& copySize) {
  DeviceBase* dev = device();
  dev->beginCall();
  TextureBase* texture = fromHandle<TextureBase>(destination.texture);
  std::string call = fmt::format(
      "{}.copyExternalImageToTexture({{source: {}, origin: {{x: {}, y: {}}}, flipY: {}}}, "
      "{{texture: {}, mipLevel: {}, origin: {}, colorSpace: '{}', premultipliedAlpha: {}}}, {})",
      describe(), describeSourceImage(source.source), source.origin.x, source.origin.y,
      source.flipY, core::describe(texture), destination.mipLevel,
      describeOrigin(destination.origin), toString(destination.colorSpace),
      destination.premultipliedAlpha, describeExtent(copySize));
  if (std::optional<Exception> e = checkCopyExternalImageContent(source, copySize)) {
    e->message = fmt::format("{}: {}", call, e->message);
    return e;
  }
  if (dev->isLost()) return std::nullopt;
  if (MaybeError error = validateCopyExternalImageToTexture(dev, source, destination, copySize);
      error.isError()) {
    dev->dispatchError(std::move(error), call);
    return std::nullopt;
  }
  if (copySize.depthOrArrayLayers == 0 || copySize.width == 0 || copySize.height == 0) {
    return std::nullopt;
  }
  // Queue timeline: the source's texels (a frame read back from its planes),
  // converted on the CPU, written like queue.writeTexture.
  SourceTexels texels;
  if (const auto* image = std::get_if<ImageData>(&source.source)) {
    texels = imageDataTexels(*image, source.origin, copySize);
  } else if (backend::Status read =
                 frameTexels(dev, *frameSource(source.source), source.origin, copySize, texels);
             read.isError()) {
    reportBackendError(dev, read.error(), call);
    return std::nullopt;
  }
  std::vector<uint8_t> bytes =
      encodeTexels(texels, source.flipY, destination, texture->format(), copySize);
  TexelCopyBufferLayout layout{0, copySize.width * texelBytes(texture->format()), copySize.height};
  backend::Status status = dev->backend().writeTexture(*texture, destination.texelCopy(),
                                                       bytes.data(), layout, copySize);
  if (status.isError()) reportBackendError(dev, status.error(), call);
  return std::nullopt;
}

}  // namespace bindery::core

namespace bindery {

std::optional<Exception> Queue::copyExternalImageToTexture(
    const CopyExternalImageSourceInfo& source, const CopyExternalImageDestInfo& destination,
    const Extent3D& copySize) const {
  return core::fromHandle<core::QueueBase>(*this)->copyExternalImageToTexture(source, destination,
                                                                              copySize);
}

}  // namespace bindery
