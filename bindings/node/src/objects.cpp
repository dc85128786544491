// GPUBuffer, GPUTexture, GPUTextureView, GPUSampler.
#include "objects.h"

#include <fmt/format.h>

#include <array>
#include <cstring>

#include "descriptors.h"

namespace bindery::node {

int kConstructToken = 0;

const napi_type_tag* typeTag(ClassId id) {
  // One random 128-bit tag per class: a fixed first word, the class id in the second.
  static const auto tags = [] {
    std::array<napi_type_tag, static_cast<size_t>(ClassId::Count)> t{};
    for (size_t i = 0; i < t.size(); ++i) t[i] = {0x6b1f0c5e2a9d4e71, 0x9a3c55e0b7d2f101 + i};
    return t;
  }();
  return &tags[static_cast<size_t>(id)];
}

namespace {

[[noreturn]] void throwOperationError(Napi::Env env, const std::string& message) {
  Napi::Function ctor = env.Global().Get("DOMException").As<Napi::Function>();
  throw Napi::Error(
      env, ctor.New({Napi::String::New(env, message), Napi::String::New(env, "OperationError")}));
}

}  // namespace

// --- GPUBuffer -----------------------------------------------------------------
// A slot object: the handle, its device and the mapping state are its slot's.

namespace {

Buffer& bufferOf(Slot& s) {
  return std::get<Buffer>(s.object);
}

Napi::Value bufferSize(const Napi::CallbackInfo& info, Slot& s) {
  return Napi::Number::New(info.Env(), static_cast<double>(bufferOf(s).size()));
}
Napi::Value bufferUsage(const Napi::CallbackInfo& info, Slot& s) {
  return Napi::Number::New(info.Env(), bufferOf(s).usage().bits());
}
Napi::Value bufferMapState(const Napi::CallbackInfo& info, Slot& s) {
  return Napi::String::New(info.Env(), std::string(toString(bufferOf(s).mapState())));
}

// #dom-gpubuffer-getmappedrange. The range is a copy: an ArrayBuffer of V8's
// own memory, written back into the buffer by unmap() and then detached.
Napi::Value getMappedRange(const Napi::CallbackInfo& info, Slot& s) {
  Napi::Env env = info.Env();
  Buffer handle = bufferOf(s);
  idl::Context ctx{env, "GPUBuffer.getMappedRange", s.device->strict};
  uint64_t offset = 0;
  std::optional<uint64_t> size;
  if (info.Length() > 0 && !info[0].IsUndefined()) {
    idl::Convert<uint64_t>::from(ctx, info[0], offset, idl::Where{nullptr, "offset", 0});
  }
  if (info.Length() > 1 && !info[1].IsUndefined()) {
    idl::Convert<uint64_t>::from(ctx, info[1], size.emplace(), idl::Where{nullptr, "size", 0});
  }
  if (handle.mapState() != BufferMapState::Mapped) {
    throwOperationError(env, fmt::format("GPUBuffer.getMappedRange: the buffer is not mapped "
                                         "(mapState is '{}').",
                                         toString(handle.mapState())));
  }
  uint64_t rangeSize = size.value_or(handle.size() > offset ? handle.size() - offset : 0);
  for (const BufferMapping::Range& r : s.mapping.ranges) {
    if (offset < r.offset + r.size && r.offset < offset + rangeSize) {
      throwOperationError(env,
                          fmt::format("GPUBuffer.getMappedRange: the range [{}, {}) "
                                      "overlaps a range already returned ([{}, {})).",
                                      offset, offset + rangeSize, r.offset, r.offset + r.size));
    }
  }
  // The core's checks and message; a zero-sized range is valid and may
  // have no bytes behind it (a zero-sized buffer or mapping).
  MappedRange range = handle.tryGetMappedRange(offset, rangeSize);
  if (range.error) throwOperationError(env, range.error->message);
  void* bytes = range.data;
  if (bytes == nullptr && rangeSize > 0) {
    throwOperationError(env, fmt::format("GPUBuffer.getMappedRange: the range (offset {}, size "
                                         "{}) of the mapping has no memory behind it.",
                                         offset, rangeSize));
  }
  Napi::ArrayBuffer arrayBuffer = Napi::ArrayBuffer::New(env, static_cast<size_t>(rangeSize));
  if (rangeSize > 0) std::memcpy(arrayBuffer.Data(), bytes, static_cast<size_t>(rangeSize));
  s.mapping.ranges.push_back({Napi::Persistent(arrayBuffer), bytes, offset, rangeSize});
  return arrayBuffer;
}

// Copies the mapped ranges' bytes back into the buffer (when `copyBack` and
// the mapping is writable) and detaches them.
void releaseMappedRanges(Slot& s, bool copyBack) {
  for (BufferMapping::Range& r : s.mapping.ranges) {
    Napi::ArrayBuffer arrayBuffer = r.arrayBuffer.Value();
    if (copyBack && s.mapping.forWrite && !arrayBuffer.IsDetached() && r.size > 0) {
      std::memcpy(r.bytes, arrayBuffer.Data(), static_cast<size_t>(r.size));
    }
    if (!arrayBuffer.IsDetached()) arrayBuffer.Detach();
  }
  s.mapping.ranges.clear();
}

Napi::Value unmap(const Napi::CallbackInfo& info, Slot& s) {
  releaseMappedRanges(s, true);
  bufferOf(s).unmap();
  s.device->throwIfFailed();
  return info.Env().Undefined();
}

// #dom-gpubuffer-mapasync: settles at the device's next tick (or at once on failure).
Napi::Value mapAsync(const Napi::CallbackInfo& info, Slot& s) {
  Napi::Env env = info.Env();
  DeviceRef device = s.device;
  idl::Context ctx{env, "GPUBuffer.mapAsync", device->strict};
  auto deferred = std::make_shared<Napi::Promise::Deferred>(env);
  try {
    idl::requireArguments(ctx, info, 1);
    MapModeFlags mode = idl::argument<MapModeFlags>(ctx, info, 0, "mode");
    uint64_t offset = 0;
    std::optional<uint64_t> size;
    if (!info[1].IsUndefined()) offset = idl::argument<uint64_t>(ctx, info, 1, "offset");
    if (!info[2].IsUndefined()) size = idl::argument<uint64_t>(ctx, info, 2, "size");
    // The JS object (so its slot) lives until the promise settles.
    auto keep = std::make_shared<Napi::ObjectReference>(Napi::Persistent(info.This().ToObject()));
    uint32_t stamp = stampOf(env, info.This());
    bufferOf(s).mapAsync(
        mode, offset, size,
        [stamp, deferred, env, keep, mode](MapAsyncStatus status, std::string_view message) {
          if (status == MapAsyncStatus::Success) {
            if (Slot* slot = slotTable().find(stamp))
              slot->mapping.forWrite = mode.has(MapMode::Write);
            deferred->Resolve(env.Undefined());
            return;
          }
          Napi::Function ctor = env.Global().Get("DOMException").As<Napi::Function>();
          deferred->Reject(ctor.New({Napi::String::New(env, std::string(message)),
                                     Napi::String::New(env, std::string(toString(status)))}));
        });
    device->scheduleTick(device);
  } catch (const Napi::Error& e) {
    deferred->Reject(e.Value());
  }
  return deferred->Promise();
}

Napi::Value destroyBuffer(const Napi::CallbackInfo& info, Slot& s) {
  releaseMappedRanges(s, false);
  bufferOf(s).destroy();
  s.device->throwIfFailed();
  return info.Env().Undefined();
}

template <Napi::Value (*F)(const Napi::CallbackInfo&, Slot&)>
napi_value bufferCallback(napi_env e, napi_callback_info i) {
  return Napi::details::WrapCallback(e, [&]() -> napi_value {
    Napi::CallbackInfo info(e, i);
    return F(info, thisSlot(info, ClassId::Buffer));
  });
}

napi_property_descriptor bufferAttribute(const char* name, napi_callback getter) {
  return {name, nullptr, nullptr, getter, nullptr, nullptr, idl::kAttribute, nullptr};
}
napi_property_descriptor bufferOperation(const char* name, napi_callback method) {
  return {name, nullptr, method, nullptr, nullptr, nullptr, idl::kOperation, nullptr};
}

}  // namespace

void GPUBuffer::init(Napi::Env env, Napi::Object exports) {
  defineSlotClass(env, exports, ClassId::Buffer,
                  {bufferAttribute("size", bufferCallback<bufferSize>),
                   bufferAttribute("usage", bufferCallback<bufferUsage>),
                   bufferAttribute("mapState", bufferCallback<bufferMapState>),
                   bufferOperation("getMappedRange", bufferCallback<getMappedRange>),
                   bufferOperation("unmap", bufferCallback<unmap>),
                   bufferOperation("destroy", bufferCallback<destroyBuffer>),
                   bufferOperation("mapAsync", bufferCallback<mapAsync>)});
}

// --- GPUTexture / GPUTextureView ------------------------------------------------

void GPUTexture::init(Napi::Env env, Napi::Object exports) {
  std::vector<PropertyDescriptor> properties;
  properties = {
      InstanceMethod<&GPUTexture::createView>("createView", idl::kOperation),
      InstanceMethod<&GPUTexture::destroy>("destroy", idl::kOperation),
      InstanceAccessor<&GPUTexture::width>("width", idl::kAttribute),
      InstanceAccessor<&GPUTexture::height>("height", idl::kAttribute),
      InstanceAccessor<&GPUTexture::depthOrArrayLayers>("depthOrArrayLayers", idl::kAttribute),
      InstanceAccessor<&GPUTexture::mipLevelCount>("mipLevelCount", idl::kAttribute),
      InstanceAccessor<&GPUTexture::sampleCount>("sampleCount", idl::kAttribute),
      InstanceAccessor<&GPUTexture::dimension>("dimension", idl::kAttribute),
      InstanceAccessor<&GPUTexture::format>("format", idl::kAttribute),
      InstanceAccessor<&GPUTexture::usage>("usage", idl::kAttribute),
      InstanceAccessor<&GPUTexture::textureBindingViewDimension>("textureBindingViewDimension",
                                                                 idl::kAttribute),
  };
  registerClass(env, exports, "GPUTexture", std::move(properties));
}

Napi::Value GPUTexture::createView(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  idl::Context ctx{env, "GPUTexture.createView", device->strict};
  auto descriptor = idl::argument<TextureViewDescriptor>(ctx, info, 0, "descriptor");
  // #texture-view-creation content timeline: a format that needs a feature,
  // or a swizzle string that is not ^[rgba01]{4}$, throws.
  if (std::optional<Exception> thrown = textureViewTypeError(handle, descriptor))
    throw Napi::TypeError::New(env, thrown->message);
  TextureView view = handle.createView(descriptor);
  device->throwIfFailed();
  return GPUTextureView::create(env, std::move(view), device);
}
void GPUTexture::destroy(const Napi::CallbackInfo&) {
  handle.destroy();
  device->throwIfFailed();
}
Napi::Value GPUTexture::width(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.width());
}
Napi::Value GPUTexture::height(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.height());
}
Napi::Value GPUTexture::depthOrArrayLayers(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.depthOrArrayLayers());
}
Napi::Value GPUTexture::mipLevelCount(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.mipLevelCount());
}
Napi::Value GPUTexture::sampleCount(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.sampleCount());
}
Napi::Value GPUTexture::dimension(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(toString(handle.dimension())));
}
Napi::Value GPUTexture::format(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(toString(handle.format())));
}
Napi::Value GPUTexture::usage(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), handle.usage().bits());
}
Napi::Value GPUTexture::textureBindingViewDimension(const Napi::CallbackInfo& info) {
  std::optional<TextureViewDimension> d = handle.textureBindingViewDimension();
  if (!d) return info.Env().Undefined();
  return Napi::String::New(info.Env(), std::string(toString(*d)));
}

// --- the binding model -----------------------------------------------------------

void GPUPipelineLayout::init(Napi::Env env, Napi::Object exports) {
  registerClass(env, exports, "GPUPipelineLayout", {});
}

FrameSource::FrameSource(const Napi::CallbackInfo& info) : Napi::ObjectWrap<FrameSource>(info) {
  NAPI_THROW_IF_FAILED_VOID(
      info.Env(), napi_type_tag_object(info.Env(), info.This(), typeTag(ClassId::FrameSource)));
  std::vector<TextureView> planes = planesOf(info, "FrameSource");
  source = planes.empty() ? VideoFrameSource() : VideoFrameSource(std::move(planes));
}

void FrameSource::init(Napi::Env env, Napi::Object exports) {
  Napi::Function ctor = DefineClass(
      env, "FrameSource",
      {InstanceMethod<&FrameSource::advanceFrame>("advanceFrame", idl::kOperation),
       InstanceMethod<&FrameSource::close>("close", idl::kOperation),
       InstanceAccessor<&FrameSource::frameIndex>("frameIndex", idl::kAttribute),
       InstanceAccessor<&FrameSource::closed>("closed", idl::kAttribute),
       InstanceAccessor<&FrameSource::getLabel, &FrameSource::setLabel>("label", idl::kAttribute),
       InstanceAccessor<&FrameSource::getVisibleRect, &FrameSource::setVisibleRect>(
           "visibleRect", idl::kAttribute),
       InstanceAccessor<&FrameSource::getColorSpace, &FrameSource::setColorSpace>(
           "colorSpace", idl::kAttribute)});
  addonData(env).constructors[static_cast<int>(ClassId::FrameSource)] = Napi::Persistent(ctor);
  exports.Set("FrameSource", ctor);
}

FrameSource* FrameSource::unwrap(Napi::Env env, Napi::Value value) {
  if (!value.IsObject()) return nullptr;
  bool is = false;
  napi_check_object_type_tag(env, value, typeTag(ClassId::FrameSource), &is);
  return is ? Napi::ObjectWrap<FrameSource>::Unwrap(value.As<Napi::Object>()) : nullptr;
}

// The planes argument: nothing, one GPUTextureView, or a sequence of them.
std::vector<TextureView> FrameSource::planesOf(const Napi::CallbackInfo& info, const char* call) {
  std::vector<TextureView> planes;
  if (info.Length() == 0 || info[0].IsUndefined()) return planes;
  idl::Context ctx{info.Env(), call, false};
  idl::Where where{nullptr, "planes", 0};
  if (GPUTextureView::unwrap(info.Env(), info[0])) {
    idl::Convert<TextureView>::from(ctx, info[0], planes.emplace_back(), where);
  } else {
    idl::Convert<std::vector<TextureView>>::from(ctx, info[0], planes, where);
  }
  return planes;
}

void FrameSource::advanceFrame(const Napi::CallbackInfo& info) {
  std::vector<TextureView> planes = planesOf(info, "FrameSource.advanceFrame");
  if (planes.empty()) {
    source.advanceFrame();
  } else {
    source.advanceFrame(std::move(planes));
  }
}
void FrameSource::close(const Napi::CallbackInfo&) {
  source.close();
}
Napi::Value FrameSource::frameIndex(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(source.frameIndex()));
}
Napi::Value FrameSource::closed(const Napi::CallbackInfo& info) {
  return Napi::Boolean::New(info.Env(), source.isClosed());
}
Napi::Value FrameSource::getLabel(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(source.label()));
}
void FrameSource::setLabel(const Napi::CallbackInfo& info, const Napi::Value& value) {
  idl::Context ctx{info.Env(), "FrameSource.label", false};
  source.setLabel(idl::toDOMString(ctx, value, idl::Where{nullptr, "label", 0}));
}

// VideoFrame.visibleRect: null (the whole of plane 0) or {x, y, width, height}.
Napi::Value FrameSource::getVisibleRect(const Napi::CallbackInfo& info) {
  std::optional<VisibleRect> rect = source.visibleRect();
  if (!rect) return info.Env().Null();
  Napi::Object out = Napi::Object::New(info.Env());
  out.Set("x", rect->x);
  out.Set("y", rect->y);
  out.Set("width", rect->width);
  out.Set("height", rect->height);
  return out;
}
void FrameSource::setVisibleRect(const Napi::CallbackInfo& info, const Napi::Value& value) {
  if (value.IsNull() || value.IsUndefined()) return source.setVisibleRect(std::nullopt);
  idl::Context ctx{info.Env(), "FrameSource.visibleRect", false};
  idl::Where where{nullptr, "visibleRect", 0};
  if (!value.IsObject()) {
    throw Napi::TypeError::New(info.Env(),
                               "FrameSource.visibleRect: expected null or {x, y, width, height}.");
  }
  Napi::Object object = value.As<Napi::Object>();
  VisibleRect rect;
  const std::pair<const char*, uint32_t*> members[] = {
      {"x", &rect.x}, {"y", &rect.y}, {"width", &rect.width}, {"height", &rect.height}};
  for (auto [name, field] : members) {
    Napi::Value v = object.Get(name);
    if (!v.IsUndefined()) idl::Convert<uint32_t>::from(ctx, v, *field, idl::Where{&where, name, 0});
  }
  source.setVisibleRect(rect);
}
// VideoFrame.colorSpace, as a PredefinedColorSpace.
Napi::Value FrameSource::getColorSpace(const Napi::CallbackInfo& info) {
  return Napi::String::New(info.Env(), std::string(toString(source.colorSpace())));
}
void FrameSource::setColorSpace(const Napi::CallbackInfo& info, const Napi::Value& value) {
  idl::Context ctx{info.Env(), "FrameSource.colorSpace", false};
  PredefinedColorSpace space = PredefinedColorSpace::Srgb;
  idl::Convert<PredefinedColorSpace>::from(ctx, value, space, idl::Where{nullptr, "colorSpace", 0});
  source.setColorSpace(space);
}

void initObjects(Napi::Env env, Napi::Object exports) {
  GPUBuffer::init(env, exports);
  GPUTexture::init(env, exports);
  initSlotClasses(env, exports);
  GPUPipelineLayout::init(env, exports);
  FrameSource::init(env, exports);
}

}  // namespace bindery::node

namespace bindery::node::idl {

// GPUExtent3D: a sequence of 1 to 3 GPUIntegerCoordinate, or a GPUExtent3DDict.
void Convert<Extent3D>::from(const Context& ctx, Napi::Value v, Extent3D& out, const Where& where) {
  if (v.IsObject() && !v.IsFunction()) {
    Napi::Object object = v.As<Napi::Object>();
    if (object.Get(Napi::Symbol::WellKnown(ctx.env, "iterator")).IsFunction()) {
      std::vector<uint32_t> values;
      Convert<std::vector<uint32_t>>::from(ctx, v, values, where);
      if (values.empty() || values.size() > 3) {
        ctx.typeError(where, fmt::format("is a sequence of {} values; a GPUExtent3D sequence has "
                                         "1 to 3 (width, height, depthOrArrayLayers)",
                                         values.size()));
      }
      out = Extent3D{};
      out.width = values[0];
      if (values.size() > 1) out.height = values[1];
      if (values.size() > 2) out.depthOrArrayLayers = values[2];
      return;
    }
  }
  convertDictionary(ctx, v, out, where);
}

}  // namespace bindery::node::idl

namespace bindery::node::idl {

void Convert<BindingResource>::from(const Context& ctx, Napi::Value v, BindingResource& out,
                                    const Where& where) {
  Napi::Env env = ctx.env;
  // One look at the slot (a slot object's kind), then the wrapped classes.
  uint32_t stamp = stampOf(env, v);
  SlotTable& slots = slotTable();
  if (auto* sampler = stamp ? slots.get<Sampler>(stamp) : nullptr) {
    out = *sampler;
  } else if (auto* view = stamp ? slots.get<TextureView>(stamp) : nullptr) {
    out = *view;
  } else if (auto* external = stamp ? slots.get<ExternalTexture>(stamp) : nullptr) {
    out = *external;
  } else if (auto* buffer = stamp ? slots.get<Buffer>(stamp) : nullptr) {
    out = *buffer;
  } else if (auto* texture = GPUTexture::unwrap(env, v)) {
    out = texture->handle;
  } else if (v.IsObject() && !v.IsFunction()) {
    convertDictionary(ctx, v, out.emplace<BufferBinding>(), where);
  } else {
    ctx.typeError(where, "is " + describe(v) +
                             ", not a GPUBindingResource (a GPUSampler, GPUTextureView, "
                             "GPUBuffer, GPUTexture, GPUBufferBinding or GPUExternalTexture)");
  }
}

void Convert<std::vector<BindGroupLayout>>::from(const Context& ctx, Napi::Value v,
                                                 std::vector<BindGroupLayout>& out,
                                                 const Where& where) {
  out.clear();
  forEachElement(ctx, v, where, [&](Napi::Value element, const Where& at) {
    BindGroupLayout& layout = out.emplace_back();
    if (!element.IsNull() && !element.IsUndefined()) {
      Convert<BindGroupLayout>::from(ctx, element, layout, at);
    }
  });
}

void Convert<VideoFrameSource>::from(const Context& ctx, Napi::Value v, VideoFrameSource& out,
                                     const Where& where) {
  FrameSource* source = FrameSource::unwrap(ctx.env, v);
  if (!source) {
    ctx.typeError(where, "is " + describe(v) +
                             ", not a video source (in bindery, a FrameSource: new "
                             "FrameSource(textureView))");
  }
  out = source->source;
}

}  // namespace bindery::node::idl
