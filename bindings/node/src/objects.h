// The wrapped WebGPU objects (GPUBuffer, GPUTexture, ...): JS classes defined
// here over the public C++ handles. Each instance holds its handle and the
// state of its device (for strict mode).
#pragma once

#include <napi.h>

#include <vector>

#include "addon.h"
#include "idl.h"
#include "slots.h"

namespace bindery::node {

// The token that lets the addon (and only the addon) construct instances of
// its other classes (GPUCompilationInfo, ...): `new GPUCompilationInfo()` from
// JavaScript is an "Illegal constructor" TypeError.
extern int kConstructToken;
// The type tag of wrapped instances of class `id` (napi_type_tag_object).
const napi_type_tag* typeTag(ClassId id);

// Wrapper::create's handshake with the constructor: set just before it
// constructs an instance (so `new GPUBuffer()` from JavaScript finds it clear,
// an "Illegal constructor" TypeError), and the instance the constructor made.
struct Constructing {
  bool allowed = false;
  void* instance = nullptr;
};
inline thread_local Constructing constructing;

template <class Derived, class H, ClassId Id>
class Wrapper : public Napi::ObjectWrap<Derived> {
 public:
  static constexpr ClassId kId = Id;

  explicit Wrapper(const Napi::CallbackInfo& info) : Napi::ObjectWrap<Derived>(info) {
    if (!constructing.allowed) throw Napi::TypeError::New(info.Env(), "Illegal constructor");
    constructing.allowed = false;
    constructing.instance = this;
  }

  // A new JS object wrapping `handle`, made by `device`.
  static Napi::Object create(Napi::Env env, H handle, DeviceRef device) {
    Napi::FunctionReference& ctor = addonData(env).constructors[static_cast<int>(Id)];
    constructing = Constructing{true, nullptr};
    Napi::Object object;
    try {
      object = ctor.New({});
    } catch (...) {
      constructing = Constructing{};
      throw;
    }
    auto* self = static_cast<Derived*>(static_cast<Wrapper*>(constructing.instance));
    constructing = Constructing{};
    NAPI_THROW_IF_FAILED(env, napi_type_tag_object(env, object, typeTag(Id)), Napi::Object());
    self->handle = std::move(handle);
    self->device = std::move(device);
    return object;
  }

  // The instance behind `value`, or null when it is not one of this class.
  static Derived* unwrap(Napi::Env env, Napi::Value value) {
    if (!value.IsObject()) return nullptr;
    bool is = false;
    napi_check_object_type_tag(env, value, typeTag(Id), &is);
    return is ? Napi::ObjectWrap<Derived>::Unwrap(value.As<Napi::Object>()) : nullptr;
  }

  // The label attribute (GPUObjectBase).
  Napi::Value getLabel(const Napi::CallbackInfo& info) {
    return Napi::String::New(info.Env(), std::string(handle.label()));
  }
  void setLabel(const Napi::CallbackInfo& info, const Napi::Value& value) {
    idl::Context ctx{info.Env(), Derived::kSetLabelCall, device && device->strict};
    handle.setLabel(idl::toDOMString(ctx, value, idl::Where{nullptr, "label", 0}));
  }

  // Registers the class (its constructor and type tag) with the addon.
  static void registerClass(
      Napi::Env env, Napi::Object exports, const char* name,
      std::vector<typename Napi::ObjectWrap<Derived>::PropertyDescriptor> properties) {
    properties.push_back(Napi::ObjectWrap<Derived>::InstanceAccessor(
        "label", &Wrapper::getLabel, &Wrapper::setLabel, idl::kAttribute));
    Napi::Function ctor = Napi::ObjectWrap<Derived>::DefineClass(env, name, properties);
    addonData(env).constructors[static_cast<int>(Id)] = Napi::Persistent(ctor);
    exports.Set(name, ctor);
  }

  H handle;
  DeviceRef device;
};

// GPUBuffer is a slot object (slots.h); its mapping state lives in its slot.
struct GPUBuffer : SlotClass<Buffer, ClassId::Buffer> {
  static void init(Napi::Env env, Napi::Object exports);
};

class GPUTexture : public Wrapper<GPUTexture, Texture, ClassId::Texture> {
 public:
  static constexpr const char* kSetLabelCall = "GPUTexture.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);

  Napi::Value createView(const Napi::CallbackInfo& info);
  void destroy(const Napi::CallbackInfo& info);
  Napi::Value width(const Napi::CallbackInfo& info);
  Napi::Value height(const Napi::CallbackInfo& info);
  Napi::Value depthOrArrayLayers(const Napi::CallbackInfo& info);
  Napi::Value mipLevelCount(const Napi::CallbackInfo& info);
  Napi::Value sampleCount(const Napi::CallbackInfo& info);
  Napi::Value dimension(const Napi::CallbackInfo& info);
  Napi::Value format(const Napi::CallbackInfo& info);
  Napi::Value usage(const Napi::CallbackInfo& info);
  Napi::Value textureBindingViewDimension(const Napi::CallbackInfo& info);
};

class GPUPipelineLayout
    : public Wrapper<GPUPipelineLayout, PipelineLayout, ClassId::PipelineLayout> {
 public:
  static constexpr const char* kSetLabelCall = "GPUPipelineLayout.label";
  using Wrapper::Wrapper;
  static void init(Napi::Env env, Napi::Object exports);
};

// bindery's stand-in for HTMLVideoElement / VideoFrame, the source of
// importExternalTexture: `new FrameSource(view)` or `new FrameSource([y, uv])`;
// advanceFrame([planes]) moves to the next frame (textures imported earlier
// expire); close() ends it.
class FrameSource : public Napi::ObjectWrap<FrameSource> {
 public:
  explicit FrameSource(const Napi::CallbackInfo& info);
  static void init(Napi::Env env, Napi::Object exports);
  static FrameSource* unwrap(Napi::Env env, Napi::Value value);

  VideoFrameSource source;

 private:
  std::vector<TextureView> planesOf(const Napi::CallbackInfo& info, const char* call);
  void advanceFrame(const Napi::CallbackInfo& info);
  void close(const Napi::CallbackInfo& info);
  Napi::Value frameIndex(const Napi::CallbackInfo& info);
  Napi::Value closed(const Napi::CallbackInfo& info);
  Napi::Value getLabel(const Napi::CallbackInfo& info);
  void setLabel(const Napi::CallbackInfo& info, const Napi::Value& value);
  Napi::Value getVisibleRect(const Napi::CallbackInfo& info);
  void setVisibleRect(const Napi::CallbackInfo& info, const Napi::Value& value);
  Napi::Value getColorSpace(const Napi::CallbackInfo& info);
  void setColorSpace(const Napi::CallbackInfo& info, const Napi::Value& value);
};

}  // namespace bindery::node

namespace bindery::node::idl {

// An interface-typed member or argument (GPUBuffer, GPUTextureView, ...):
// a TypeError unless the value is an instance of that interface.
// The handle of what W::unwrap found: a Wrapper's member, or a slot object's handle.
template <class W>
const auto& handleOf(const W* wrapped) {
  if constexpr (requires { wrapped->handle; }) {
    return wrapped->handle;
  } else {
    return *wrapped;
  }
}

template <class W>
void convertObject(const Context& ctx, Napi::Value v, auto& out, const Where& where,
                   const char* interfaceName) {
  auto* wrapped = W::unwrap(ctx.env, v);
  if (!wrapped) ctx.typeError(where, std::string("is ") + describe(v) + ", not a " + interfaceName);
  out = handleOf(wrapped);
}

// Convert<Handle> for a wrapped interface object: the JS object must be a
// `Wrapper` ("is 5, not a GPUBuffer" otherwise); the handle is its C++ object.
#define BINDERY_NODE_CONVERT_WRAPPED(Handle, Wrapper)                                      \
  template <>                                                                              \
  struct Convert<Handle> {                                                                 \
    static void from(const Context& ctx, Napi::Value v, Handle& out, const Where& where) { \
      convertObject<Wrapper>(ctx, v, out, where, #Wrapper);                                \
    }                                                                                      \
  };

BINDERY_NODE_CONVERT_WRAPPED(Buffer, GPUBuffer)
BINDERY_NODE_CONVERT_WRAPPED(TextureView, GPUTextureView)
BINDERY_NODE_CONVERT_WRAPPED(Sampler, GPUSampler)

BINDERY_NODE_CONVERT_WRAPPED(BindGroupLayout, GPUBindGroupLayout)

}  // namespace bindery::node::idl
