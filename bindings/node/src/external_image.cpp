// GPUQueue.copyExternalImageToTexture (#dom-gpuqueue-copyexternalimagetotexture):
// the WebIDL conversions of GPUCopyExternalImageSourceInfo /
// GPUCopyExternalImageDestInfo, and the sources Node has: an ImageData-like
// {data, width, height, colorSpace?} (data a Uint8ClampedArray or
// Uint8Array of RGBA8) and a FrameSource. Anything else is a TypeError, as
// the conversion to the GPUCopyExternalImageSource union requires.
#include <fmt/format.h>

#include <string>

#include "addon.h"
#include "descriptors.h"
#include "encoding.h"
#include "encoding_descriptors.h"
#include "objects.h"

namespace bindery::node::idl {

template <>
struct Dictionary<Origin2D> {
  using Self = Origin2D;
  static constexpr const char* name = "GPUOrigin2DDict";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(x), BINDERY_MEMBER(y)};
};

// GPUOrigin2D: a sequence of 0 to 2 GPUIntegerCoordinate, or a GPUOrigin2DDict
// ("validate GPUOrigin2D shape": at most 2 values).
template <>
struct Convert<Origin2D> {
  static void from(const Context& ctx, Napi::Value v, Origin2D& out, const Where& where) {
    if (v.IsObject() && v.As<Napi::Object>().Has(Napi::Symbol::WellKnown(ctx.env, "iterator"))) {
      std::vector<uint32_t> values;
      Convert<std::vector<uint32_t>>::from(ctx, v, values, where);
      if (values.size() > 2) {
        ctx.typeError(where, fmt::format("is a sequence of {} values; a GPUOrigin2D sequence has "
                                         "at most 2 (x, y)",
                                         values.size()));
      }
      out = Origin2D{};
      if (!values.empty()) out.x = values[0];
      if (values.size() > 1) out.y = values[1];
      return;
    }
    convertDictionary(ctx, v, out, where);
  }
};

namespace {

// An ImageData-like object: data (Uint8ClampedArray / Uint8Array), width,
// height, and colorSpace ('srgb' when absent). The bytes stay the typed
// array's: the call converts them before returning.
bool convertImageData(const Context& ctx, Napi::Object object, ImageData& out, const Where& where) {
  Napi::Value data = object.Get("data");
  if (!data.IsTypedArray()) return false;
  napi_typedarray_type type;
  size_t length = 0;
  void* bytes = nullptr;
  if (napi_get_typedarray_info(ctx.env, data, &type, &length, &bytes, nullptr, nullptr) !=
      napi_ok) {
    throw Napi::Error::New(ctx.env);
  }
  if (type != napi_uint8_clamped_array && type != napi_uint8_array) return false;
  Convert<uint32_t>::from(ctx, object.Get("width"), out.width, Where{&where, "width", 0});
  Convert<uint32_t>::from(ctx, object.Get("height"), out.height, Where{&where, "height", 0});
  Napi::Value space = object.Get("colorSpace");
  if (!space.IsUndefined()) {
    Convert<PredefinedColorSpace>::from(ctx, space, out.colorSpace, Where{&where, "colorSpace", 0});
  }
  out.data = std::span<const uint8_t>(static_cast<const uint8_t*>(bytes), length);
  return true;
}

}  // namespace

template <>
struct Convert<CopyExternalImageSource> {
  static void from(const Context& ctx, Napi::Value v, CopyExternalImageSource& out,
                   const Where& where) {
    if (FrameSource* frames = FrameSource::unwrap(ctx.env, v)) {
      out = frames->source;
      return;
    }
    ImageData image;
    if (v.IsObject() && convertImageData(ctx, v.As<Napi::Object>(), image, where)) {
      out = image;
      return;
    }
    ctx.typeError(where, "is " + describe(v) +
                             ", not a GPUCopyExternalImageSource (in bindery: an ImageData-like "
                             "{data: Uint8ClampedArray, width, height, colorSpace?} or a "
                             "FrameSource)");
  }
};

template <>
struct Dictionary<CopyExternalImageSourceInfo> {
  using Self = CopyExternalImageSourceInfo;
  static constexpr const char* name = "GPUCopyExternalImageSourceInfo";
  static constexpr auto members =
      std::tuple{BINDERY_MEMBER(flipY), BINDERY_MEMBER(origin), BINDERY_MEMBER(source, kRequired)};
};

template <>
struct Dictionary<CopyExternalImageDestInfo> {
  using Self = CopyExternalImageDestInfo;
  static constexpr const char* name = "GPUCopyExternalImageDestInfo";
  static constexpr auto members = std::tuple{BINDERY_MEMBER(aspect),
                                             BINDERY_MEMBER(colorSpace),
                                             BINDERY_MEMBER(mipLevel),
                                             BINDERY_MEMBER(origin),
                                             BINDERY_MEMBER(premultipliedAlpha),
                                             BINDERY_MEMBER(texture, kRequired)};
};

}  // namespace bindery::node::idl

namespace bindery::node {

using idl::Context;
using idl::Where;

// (device, argc, source, destination, copySize)
void queueCopyExternalImageToTexture(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  DeviceRef& d = deviceOf(env, info[0]);
  Context ctx{env, "GPUQueue.copyExternalImageToTexture", d->strict};
  uint32_t argc = info[1].As<Napi::Number>().Uint32Value();
  if (argc < 3) ctx.typeError(fmt::format("3 arguments required, but only {} present.", argc));
  CopyExternalImageSourceInfo source;
  idl::Convert<CopyExternalImageSourceInfo>::from(ctx, info[2], source,
                                                  Where{nullptr, "source", 0});
  CopyExternalImageDestInfo destination;
  idl::Convert<CopyExternalImageDestInfo>::from(ctx, info[3], destination,
                                                Where{nullptr, "destination", 0});
  Extent3D copySize;
  idl::Convert<Extent3D>::from(ctx, info[4], copySize, Where{nullptr, "copySize", 0});
  if (std::optional<Exception> thrown =
          d->device.queue().copyExternalImageToTexture(source, destination, copySize)) {
    throwException(env, *thrown);
  }
  d->throwIfFailed();
}

}  // namespace bindery::node
