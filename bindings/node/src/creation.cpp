// The lean entry points of object creation, for lib/creation.js's fast path
// of GPUDevice.createBindGroupLayout, createBindGroup, createBuffer,
// createComputePipeline, createShaderModule and GPUTexture.createView.
//
// lib/creation.js does the WebIDL conversions itself when the descriptor is
// already what they would give (unsigned integers, booleans, known enum
// strings, arrays, objects it knows by their slot stamp, no unknown key), and
// writes the descriptor as numbers into one shared Uint32Array; the entry
// reads it, builds the same C++ descriptor the full method would, and runs
// the same steps (content-timeline TypeErrors, the C++ call, strict mode's
// throw). Arguments: the object to wrap (JavaScript made it with
// Object.create(prototype)) and the label (a string, or undefined). A stamp
// of the wrong kind (which lib/creation.js never passes) is a TypeError.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "create_object.h"
#include "descriptors.h"
#include "lean_call.h"
#include "objects.h"
#include "pipelines.h"
#include "slots.h"

namespace bindery::node {

namespace {

struct CreationState {
  SlotTable* objects = &slotTable();
  // What lib/creation.js writes a lean call's descriptor into.
  ScratchArray scratch;
  // Lean calls so far (tests: which path a descriptor took).
  double leanCalls = 0;
};
thread_local CreationState creationState;

constexpr uint32_t kAbsent = 0xffffffffu;

// The scratch layouts (lib/creation.js writes the same).
// createBindGroupLayout: (deviceStamp, entryCount), then per entry:
constexpr uint32_t kLayoutHeader = 2;
constexpr uint32_t kLayoutEntryWords = 14;
enum LayoutEntryWord : uint32_t {
  kBinding,
  kVisibility,
  kMembers,  // bits: 1 buffer, 2 sampler, 4 texture, 8 storageTexture, 16 externalTexture
  kBufferType,
  kBufferHasDynamicOffset,
  kBufferMinBindingSizeLow,
  kBufferMinBindingSizeHigh,
  kSamplerType,
  kTextureSampleType,
  kTextureViewDimension,
  kTextureMultisampled,
  kStorageAccess,
  kStorageFormat,
  kStorageViewDimension,
};
// createBindGroup: (deviceStamp, layoutStamp, entryCount), then per entry
// (binding, resourceStamp, isBufferBinding, offsetLow, offsetHigh, hasSize,
// sizeLow, sizeHigh); a GPUBufferBinding's stamp is its buffer's.
constexpr uint32_t kGroupHeader = 3;
constexpr uint32_t kGroupEntryWords = 8;
// createView: (textureStamp, present-member bits, format, dimension, usage,
// aspect, baseMipLevel, mipLevelCount, baseArrayLayer, arrayLayerCount).
constexpr uint32_t kViewWords = 10;
// createBuffer: (deviceStamp, sizeLow, sizeHigh, usage, mappedAtCreation).
constexpr uint32_t kBufferWords = 5;

[[noreturn]] void badStamp(napi_env env) {
  throw Napi::TypeError::New(env, "Illegal invocation: not an object of the lean creation path");
}

template <class H>
H& at(napi_env env, CreationState& st, uint32_t stamp) {
  H* h = st.objects->get<H>(stamp);
  if (h == nullptr) badStamp(env);
  return *h;
}

template <class E>
E enumAt(napi_env env, uint32_t value) {
  if (value >= idl::EnumIdl<E>::count) badStamp(env);
  return static_cast<E>(value);
}

uint64_t u64(const uint32_t* words) {
  return uint64_t{words[0]} | (uint64_t{words[1]} << 32);
}

struct Call {
  CreationState& st;
  std::string label;
};

template <class F>
napi_value guarded(napi_env env, napi_callback_info info, uint32_t words, F&& f) {
  // (label): the descriptor's label when it is a string.
  napi_value argv[1] = {nullptr};
  size_t argc = 1;
  void* data = nullptr;
  napi_get_cb_info(env, info, &argc, argv, nullptr, &data);
  auto& st = *static_cast<CreationState*>(data);
  try {
    if (st.scratch.words == nullptr || st.scratch.length < words) badStamp(env);
    st.leanCalls += 1;
    Call call{st, {}};
    napi_valuetype type = napi_undefined;
    if (argc > 0 && napi_typeof(env, argv[0], &type) == napi_ok && type == napi_string) {
      call.label = Napi::String(env, argv[0]).Utf8Value();
    }
    return f(call);
  } catch (const Napi::Error& e) {
    e.ThrowAsJavaScriptException();
  }
  return nullptr;
}

napi_value stampValue(napi_env env, uint32_t stamp) {
  napi_value v = nullptr;
  napi_create_uint32(env, stamp, &v);
  return v;
}

// A slot for `handle`; its stamp, which lib/creation.js gives the object it
// made (lib/slots.js adopt).
template <class H>
napi_value finish(napi_env env, Call& call, H handle, DeviceRef device) {
  return stampValue(env, call.st.objects->addHandle(std::move(handle), std::move(device)));
}

napi_value fastCreateBindGroupLayout(napi_env env, napi_callback_info info) {
  static constexpr const char* kCall = "GPUDevice.createBindGroupLayout";
  return guarded(env, info, kLayoutHeader, [&](Call& call) {
    const uint32_t* a = call.st.scratch.words;
    DeviceRef d = at<DeviceRef>(env, call.st, a[0]);
    uint32_t count = a[1];
    if (count > (call.st.scratch.length - kLayoutHeader) / kLayoutEntryWords) badStamp(env);
    BindGroupLayoutDescriptor descriptor;
    descriptor.label = std::move(call.label);
    descriptor.entries.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      const uint32_t* w = a + kLayoutHeader + i * kLayoutEntryWords;
      BindGroupLayoutEntry& e = descriptor.entries[i];
      e.binding = w[kBinding];
      e.visibility = ShaderStageFlags::fromBits(w[kVisibility]);
      uint32_t members = w[kMembers];
      if (members & 1) {
        BufferBindingLayout& b = e.buffer.emplace();
        if (w[kBufferType] != kAbsent) b.type = enumAt<BufferBindingType>(env, w[kBufferType]);
        b.hasDynamicOffset = w[kBufferHasDynamicOffset] != 0;
        b.minBindingSize = u64(w + kBufferMinBindingSizeLow);
      }
      if (members & 2) {
        SamplerBindingLayout& s = e.sampler.emplace();
        if (w[kSamplerType] != kAbsent) s.type = enumAt<SamplerBindingType>(env, w[kSamplerType]);
      }
      if (members & 4) {
        TextureBindingLayout& t = e.texture.emplace();
        if (w[kTextureSampleType] != kAbsent) {
          t.sampleType = enumAt<TextureSampleType>(env, w[kTextureSampleType]);
        }
        if (w[kTextureViewDimension] != kAbsent) {
          t.viewDimension = enumAt<TextureViewDimension>(env, w[kTextureViewDimension]);
        }
        t.multisampled = w[kTextureMultisampled] != 0;
      }
      if (members & 8) {
        StorageTextureBindingLayout& s = e.storageTexture.emplace();
        if (w[kStorageAccess] != kAbsent) {
          s.access = enumAt<StorageTextureAccess>(env, w[kStorageAccess]);
        }
        s.format = enumAt<TextureFormat>(env, w[kStorageFormat]);
        if (w[kStorageViewDimension] != kAbsent) {
          s.viewDimension = enumAt<TextureViewDimension>(env, w[kStorageViewDimension]);
        }
      }
      if (members & 16) e.externalTexture.emplace();
    }
    throwContentTimelineTypeError(env, contentTimelineTypeError(d->device, descriptor, kCall));
    BindGroupLayout layout = d->device.createBindGroupLayout(descriptor);
    d->throwIfFailed();
    return finish(env, call, std::move(layout), std::move(d));
  });
}

BindingResource resourceAt(napi_env env, CreationState& st, uint32_t stamp) {
  Slot* s = st.objects->find(stamp);
  if (s != nullptr) {
    if (auto* v = std::get_if<TextureView>(&s->object)) return *v;
    if (auto* v = std::get_if<Sampler>(&s->object)) return *v;
    if (auto* v = std::get_if<Buffer>(&s->object)) return *v;
    if (auto* v = std::get_if<Texture>(&s->object)) return *v;
    if (auto* v = std::get_if<ExternalTexture>(&s->object)) return *v;
  }
  badStamp(env);
}

napi_value fastCreateBindGroup(napi_env env, napi_callback_info info) {
  static constexpr const char* kCall = "GPUDevice.createBindGroup";
  return guarded(env, info, kGroupHeader, [&](Call& call) {
    const uint32_t* a = call.st.scratch.words;
    DeviceRef d = at<DeviceRef>(env, call.st, a[0]);
    uint32_t count = a[2];
    if (count > (call.st.scratch.length - kGroupHeader) / kGroupEntryWords) badStamp(env);
    BindGroupDescriptor descriptor;
    descriptor.label = std::move(call.label);
    descriptor.layout = at<BindGroupLayout>(env, call.st, a[1]);
    descriptor.entries.resize(count);
    for (uint32_t i = 0; i < count; ++i) {
      const uint32_t* w = a + kGroupHeader + i * kGroupEntryWords;
      BindGroupEntry& e = descriptor.entries[i];
      e.binding = w[0];
      if (w[2] != 0) {
        BufferBinding& b = e.resource.emplace<BufferBinding>();
        b.buffer = at<Buffer>(env, call.st, w[1]);
        b.offset = u64(w + 3);
        if (w[5] != 0) b.size = u64(w + 6);
      } else {
        e.resource = resourceAt(env, call.st, w[1]);
      }
    }
    throwContentTimelineTypeError(env, contentTimelineTypeError(d->device, descriptor, kCall));
    BindGroup group = d->device.createBindGroup(descriptor);
    d->throwIfFailed();
    return finish(env, call, std::move(group), std::move(d));
  });
}

napi_value fastCreateView(napi_env env, napi_callback_info info) {
  return guarded(env, info, kViewWords, [&](Call& call) {
    const uint32_t* a = call.st.scratch.words;
    Slot* s = call.st.objects->find(a[0]);
    Texture* texture = s ? std::get_if<Texture>(&s->object) : nullptr;
    if (texture == nullptr) badStamp(env);
    DeviceRef d = s->device;
    uint32_t present = a[1];
    TextureViewDescriptor descriptor;
    descriptor.label = std::move(call.label);
    if (present & 1) descriptor.format = enumAt<TextureFormat>(env, a[2]);
    if (present & 2) descriptor.dimension = enumAt<TextureViewDimension>(env, a[3]);
    if (present & 4) descriptor.usage = TextureUsageFlags::fromBits(a[4]);
    if (present & 8) descriptor.aspect = enumAt<TextureAspect>(env, a[5]);
    if (present & 16) descriptor.baseMipLevel = a[6];
    if (present & 32) descriptor.mipLevelCount = a[7];
    if (present & 64) descriptor.baseArrayLayer = a[8];
    if (present & 128) descriptor.arrayLayerCount = a[9];
    // #texture-view-creation content timeline (as GPUTexture::createView): a
    // format that needs a feature, or a swizzle that is not ^[rgba01]{4}$.
    // The lean path's swizzle is always 'rgba', so only a format can fail.
    if (present & 1) {
      if (std::optional<Exception> thrown = textureViewTypeError(*texture, descriptor)) {
        throw Napi::TypeError::New(env, thrown->message);
      }
    }
    TextureView view = texture->createView(descriptor);
    d->throwIfFailed();
    return finish(env, call, std::move(view), std::move(d));
  });
}

// scratch: (textureStamp): the stamp of the texture's shared default view,
// the view lib/creation.js gives every createView() that sets no label and
// no member (but swizzle 'rgba'): made by the first such call and freed with
// the texture's slot (slots.cpp). Views differ only in their label and identity, and the JS
// object of each call is its own; a label set later gives the object a view
// of its own first (lib/creation.js). 0 when no valid view can be made now
// (an invalid texture, a lost device, a failed allocation): the caller then
// takes createView, which reports why.
napi_value fastSharedDefaultView(napi_env env, napi_callback_info info) {
  return guarded(env, info, 1, [&](Call& call) {
    Slot* s = call.st.objects->find(call.st.scratch.words[0]);
    Texture* texture = s ? std::get_if<Texture>(&s->object) : nullptr;
    if (texture == nullptr) badStamp(env);
    if (s->sharedView == 0) {
      TextureView view = texture->tryCreateDefaultView();
      if (!view) return stampValue(env, 0);
      // (The table is a deque: `s` stays valid as it grows.)
      s->sharedView = call.st.objects->addHandle(std::move(view), DeviceRef(s->device));
    }
    return stampValue(env, s->sharedView);
  });
}

napi_value fastCreateBuffer(napi_env env, napi_callback_info info) {
  return guarded(env, info, kBufferWords, [&](Call& call) -> napi_value {
    const uint32_t* a = call.st.scratch.words;
    DeviceRef d = at<DeviceRef>(env, call.st, a[0]);
    BufferDescriptor descriptor;
    descriptor.label = std::move(call.label);
    descriptor.size = u64(a + 1);
    descriptor.usage = BufferUsageFlags::fromBits(a[3]);
    descriptor.mappedAtCreation = a[4] != 0;
    return stampValue(env, createBufferSlot(Napi::Env(env), d, descriptor));
  });
}

// (object) -> its stamp: a slot object's, or a texture's (registered now,
// freed when it is collected); 0 for anything else.
Napi::Value slotOf(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Value v = info[0];
  uint32_t stamp = stampOf(env, v);
  if (stamp == 0) {
    GPUTexture* texture = GPUTexture::unwrap(env, v);
    if (!texture) return Napi::Number::New(env, 0);
    stamp = addFinalizedSlot(env, v, texture->handle, texture->device);
  }
  return Napi::Number::New(env, stamp);
}

// (Uint32Array): the scratch array of the lean creation calls.
void setScratch(const Napi::CallbackInfo& info) {
  creationState.scratch.set(info.Env(), info[0], kGroupHeader, "setScratch");
}

// () -> the number of lean creation calls so far (tests).
Napi::Value leanCalls(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), creationState.leanCalls);
}

std::string utf8Of(napi_env env, napi_value string);

// A string value's UTF-8 into *out (lone surrogates become U+FFFD, as
// Napi::String::Utf8Value): true; false (nothing read) for any other type.
// A short string (an entry point name, a label) takes one Node-API call
// into a stack buffer, not a length query and a write; a longer one,
// utf8Of.
bool shortStringUtf8(napi_env env, napi_value value, std::string* out) {
  char buffer[64];
  size_t length = 0;
  if (napi_get_value_string_utf8(env, value, buffer, sizeof buffer, &length) != napi_ok) {
    return false;
  }
  // A write that stopped within a UTF-8 sequence of the end may have cut
  // the string short.
  if (length + 4 >= sizeof buffer) {
    *out = utf8Of(env, value);
  } else {
    out->assign(buffer, length);
  }
  return true;
}

// (deviceStamp, label or undefined, layout (a GPUPipelineLayout, or undefined
// for 'auto'), the module's slot, entryPoint or undefined): createComputePipeline after
// lib/creation.js checked that the descriptor has no other member, no
// constants, and strings where strings go. The steps of createObject
// without the WebIDL conversion; the new pipeline's slot in the encoding
// table (lib/creation.js makes its object), or undefined (nothing done) when the device,
// the layout or the module is not one of the addon's, so the caller takes the
// full method and its TypeError.
Napi::Value leanCreateComputePipeline(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  // Each argument with one Node-API call where one does (a number's or a
  // string's read fails for any other type), not a type query first.
  uint32_t deviceStamp = 0;
  uint32_t moduleSlot = 0;
  if (info.Length() < 5 || napi_get_value_uint32(env, info[0], &deviceStamp) != napi_ok ||
      napi_get_value_uint32(env, info[3], &moduleSlot) != napi_ok) {
    return env.Undefined();
  }
  DeviceRef* d = slotTable().get<DeviceRef>(deviceStamp);
  GPUShaderModule* module = GPUShaderModule::at(moduleSlot);
  if (d == nullptr || !*d || module == nullptr) return env.Undefined();
  ComputePipelineDescriptor descriptor;
  if (info[2].IsUndefined()) {
    descriptor.layout = kAutoLayout;
  } else if (GPUPipelineLayout* layout = GPUPipelineLayout::unwrap(env, info[2])) {
    descriptor.layout = layout->handle;
  } else {
    return env.Undefined();
  }
  creationState.leanCalls += 1;
  std::string text;
  if (shortStringUtf8(env, info[1], &text)) descriptor.label = std::move(text);
  descriptor.compute.module = module->handle;
  if (shortStringUtf8(env, info[4], &text)) descriptor.compute.entryPoint = std::move(text);
  const DeviceRef& device = *d;
  ComputePipeline pipeline = device->device.createComputePipeline(descriptor);
  device->throwIfFailed();
  return Napi::Number::New(env, GPUComputePipeline::createSlot(std::move(pipeline), device));
}

// A JavaScript string's UTF-8 (lone surrogates become U+FFFD, as
// Napi::String::Utf8Value), in one pass over the string: the buffer is sized
// from its length in UTF-16 code units (a constant-time query; at most 3
// bytes each), not measured first by a pass of its own. Strings over 256K
// code units take Utf8Value's two passes (the buffer is kept per thread).
std::string utf8Of(napi_env env, napi_value string) {
  constexpr size_t kMaxBuffered = 256 * 1024;
  size_t units = 0;
  NAPI_THROW_IF_FAILED(env, napi_get_value_string_utf16(env, string, nullptr, 0, &units),
                       std::string());
  if (units > kMaxBuffered) return Napi::String(env, string).Utf8Value();
  thread_local std::vector<char> buffer;
  if (buffer.size() < units * 3 + 1) buffer.resize(units * 3 + 1);
  size_t length = 0;
  NAPI_THROW_IF_FAILED(
      env, napi_get_value_string_utf8(env, string, buffer.data(), buffer.size(), &length),
      std::string());
  return std::string(buffer.data(), length);
}

// (deviceStamp, code, label or undefined): createShaderModule after
// lib/creation.js checked that the descriptor is {code, label?} with strings
// (no compilationHints). The steps of the full method without the WebIDL
// conversion: the module's slot in the encoding table (lib/creation.js
// makes its object), or undefined when the device is not one of the
// addon's (the caller takes the full method).
Napi::Value leanCreateShaderModule(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() < 3 || !info[0].IsNumber() || !info[1].IsString()) return env.Undefined();
  DeviceRef* d = slotTable().get<DeviceRef>(info[0].As<Napi::Number>().Uint32Value());
  if (d == nullptr || !*d) return env.Undefined();
  creationState.leanCalls += 1;
  ShaderModuleDescriptor descriptor;
  descriptor.code = utf8Of(env, info[1]);
  if (info[2].IsString()) descriptor.label = info[2].As<Napi::String>().Utf8Value();
  const DeviceRef& device = *d;
  ShaderModule module = device->device.createShaderModule(descriptor);
  device->throwIfFailed();
  return Napi::Number::New(env, GPUShaderModule::createSlot(std::move(module), device));
}

// () -> the number of live slots (tests: collected objects give theirs back).
Napi::Value liveSlots(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), static_cast<double>(slotTable().liveCount()));
}

template <class E>
Napi::Array enumSpellings(Napi::Env env) {
  Napi::Array values = Napi::Array::New(env, idl::EnumIdl<E>::count);
  std::span<const std::string_view> names = idl::enumValues<E>();
  for (uint32_t i = 0; i < names.size(); ++i) values.Set(i, std::string(names[i]));
  return values;
}

// At the environment's teardown: drop the scratch array's reference and
// every object the slot table holds (finalizers that run later find no slot).
void resetCreationState(void*) {
  CreationState& st = creationState;
  st.scratch.reset();
  slotTable().reset();
}

}  // namespace

void initCreation(Napi::Env env, Napi::Object exports) {
  NAPI_THROW_IF_FAILED_VOID(env, napi_add_env_cleanup_hook(env, resetCreationState, nullptr));
  Napi::Object fast = Napi::Object::New(env);
  defineRawFunction(env, fast, "createBindGroupLayout", fastCreateBindGroupLayout, &creationState);
  defineRawFunction(env, fast, "createBindGroup", fastCreateBindGroup, &creationState);
  defineRawFunction(env, fast, "createView", fastCreateView, &creationState);
  defineRawFunction(env, fast, "sharedDefaultView", fastSharedDefaultView, &creationState);
  defineRawFunction(env, fast, "createBuffer", fastCreateBuffer, &creationState);
  fast.Set("createComputePipeline",
           Napi::Function::New(env, leanCreateComputePipeline, "createComputePipeline"));
  fast.Set("createShaderModule",
           Napi::Function::New(env, leanCreateShaderModule, "createShaderModule"));
  fast.Set("slotOf", Napi::Function::New(env, slotOf, "slotOf"));
  fast.Set("setScratch", Napi::Function::New(env, setScratch, "setScratch"));
  fast.Set("liveSlots", Napi::Function::New(env, liveSlots, "liveSlots"));
  fast.Set("leanCalls", Napi::Function::New(env, leanCalls, "leanCalls"));
  fast.Set("setSlotObjectHooks",
           Napi::Function::New(env, setSlotObjectHooks, "setSlotObjectHooks"));
  fast.Set("release", Napi::Function::New(env, releaseSlotObject, "release"));
  Napi::Object kinds = Napi::Object::New(env);
  kinds.Set("device", static_cast<uint32_t>(SlotKind::Device));
  kinds.Set("bindGroupLayout", static_cast<uint32_t>(SlotKind::BindGroupLayout));
  kinds.Set("bindGroup", static_cast<uint32_t>(SlotKind::BindGroup));
  kinds.Set("textureView", static_cast<uint32_t>(SlotKind::TextureView));
  kinds.Set("sampler", static_cast<uint32_t>(SlotKind::Sampler));
  kinds.Set("externalTexture", static_cast<uint32_t>(SlotKind::ExternalTexture));
  kinds.Set("buffer", static_cast<uint32_t>(SlotKind::Buffer));
  kinds.Set("texture", static_cast<uint32_t>(SlotKind::Texture));
  fast.Set("kinds", kinds);
  Napi::Object enums = Napi::Object::New(env);
  enums.Set("GPUBufferBindingType", enumSpellings<BufferBindingType>(env));
  enums.Set("GPUSamplerBindingType", enumSpellings<SamplerBindingType>(env));
  enums.Set("GPUTextureSampleType", enumSpellings<TextureSampleType>(env));
  enums.Set("GPUTextureViewDimension", enumSpellings<TextureViewDimension>(env));
  enums.Set("GPUStorageTextureAccess", enumSpellings<StorageTextureAccess>(env));
  enums.Set("GPUTextureFormat", enumSpellings<TextureFormat>(env));
  enums.Set("GPUTextureAspect", enumSpellings<TextureAspect>(env));
  fast.Set("enums", enums);
  exports.Set("fastCreation", fast);
}

}  // namespace bindery::node
