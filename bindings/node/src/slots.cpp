// The object slot table and the slot-object classes (see slots.h).
#include "slots.h"

#include "idl.h"
#include "objects.h"

namespace bindery::node {

namespace {

thread_local SlotTable table;

// A registered object's finalizer data: its stamp.
void* stampData(uint32_t stamp) {
  return reinterpret_cast<void*>(uintptr_t{stamp});
}

void releaseSlot(napi_env, void* data, void*) {
  table.release(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(data)));
}

}  // namespace

SlotTable& slotTable() {
  return table;
}

uint32_t SlotTable::newSlot() {
  if (!freeSlots.empty()) {
    uint32_t slot = freeSlots.back();
    freeSlots.pop_back();
    return slot;
  }
  uint32_t slot = static_cast<uint32_t>(slots.size());
  if (slot >= (1u << (32 - kSlotKindBits))) {
    throw std::length_error("bindery: more than 2^29 live objects");
  }
  slots.emplace_back();
  return slot;
}

uint32_t SlotTable::add(SlotObject object, DeviceRef device) {
  uint32_t kind = static_cast<uint32_t>(object.index()) - 1;
  uint32_t slot = newSlot();
  slots[slot].object = std::move(object);
  slots[slot].device = std::move(device);
  return (slot << kSlotKindBits) | kind;
}

void SlotTable::release(uint32_t stamp) {
  Slot* s = find(stamp);
  if (s == nullptr) return;  // after reset() (the environment's teardown)
  s->object = std::monostate();
  s->device.reset();
  // Only a GPUBuffer's slot has a mapping to drop.
  if (s->mapping.forWrite || s->mapping.ranges.capacity() != 0) s->mapping = BufferMapping();
  freeSlots.push_back(stamp >> kSlotKindBits);
  // A texture's shared default view goes with it: its objects kept the
  // texture's alive.
  if (uint32_t shared = std::exchange(s->sharedView, 0); shared != 0) release(shared);
}

void SlotTable::reset() {
  slots.clear();
  slots.emplace_back();
  freeSlots.clear();
}

uint32_t stampOf(Napi::Env env, Napi::Value value) {
  if (!value.IsObject()) return 0;
  AddonData& data = addonData(env);
  if (data.stampReader.IsEmpty()) return 0;
  // lib/slots.js's stampGet: the private field, which no other code can set.
  Napi::Value stamp = data.stampReader.Call({value});
  return stamp.IsNumber() ? stamp.As<Napi::Number>().Uint32Value() : 0;
}

bool isSlotObjectKind(uint32_t stamp) {
  switch (static_cast<SlotKind>(stamp & ((1u << kSlotKindBits) - 1))) {
    case SlotKind::BindGroupLayout:
    case SlotKind::BindGroup:
    case SlotKind::TextureView:
    case SlotKind::Sampler:
    case SlotKind::ExternalTexture:
    case SlotKind::Buffer: return true;
    case SlotKind::Device:
    case SlotKind::Texture: return false;
  }
  return false;
}

uint32_t addFinalizedSlot(Napi::Env env, Napi::Value owner, SlotObject object, DeviceRef device) {
  uint32_t stamp = table.add(std::move(object), std::move(device));
  napi_status status =
      napi_add_finalizer(env, owner, stampData(stamp), releaseSlot, nullptr, nullptr);
  if (status != napi_ok) {
    table.release(stamp);
    NAPI_THROW_IF_FAILED(env, status, 0);
  }
  return stamp;
}

uint32_t deviceStamp(Napi::Env env, Napi::Value gpuDevice, const DeviceRef& device) {
  return addFinalizedSlot(env, gpuDevice, device, nullptr);
}

void setSlotObjectHooks(const Napi::CallbackInfo& info) {
  if (!info[0].IsFunction() || !info[1].IsFunction()) {
    throw Napi::TypeError::New(info.Env(), "setSlotObjectHooks: expects (stampGet, make)");
  }
  AddonData& data = addonData(info.Env());
  data.stampReader = Napi::Persistent(info[0].As<Napi::Function>());
  data.slotObjectMaker = Napi::Persistent(info[1].As<Napi::Function>());
}

void releaseSlotObject(const Napi::CallbackInfo& info) {
  if (!info[0].IsNumber()) return;
  uint32_t stamp = info[0].As<Napi::Number>().Uint32Value();
  // Devices' and textures' slots are freed by their own finalizers.
  if (isSlotObjectKind(stamp)) table.release(stamp);
}

Napi::Object newSlotObject(Napi::Env env, ClassId id, uint32_t stamp) {
  AddonData& data = addonData(env);
  Napi::Value object;
  try {
    object = data.slotObjectMaker.Call(
        {data.prototypes[static_cast<int>(id)].Value(), Napi::Number::New(env, stamp)});
  } catch (...) {
    table.release(stamp);
    throw;
  }
  return object.As<Napi::Object>();
}

namespace {

struct SlotClassInfo {
  ClassId id;
  SlotKind kind;
  const char* name;
  const char* setLabelCall;
};
constexpr SlotClassInfo kSlotClasses[] = {
    {ClassId::Buffer, SlotKind::Buffer, "GPUBuffer", "GPUBuffer.label"},
    {ClassId::TextureView, SlotKind::TextureView, "GPUTextureView", "GPUTextureView.label"},
    {ClassId::Sampler, SlotKind::Sampler, "GPUSampler", "GPUSampler.label"},
    {ClassId::BindGroupLayout, SlotKind::BindGroupLayout, "GPUBindGroupLayout",
     "GPUBindGroupLayout.label"},
    {ClassId::BindGroup, SlotKind::BindGroup, "GPUBindGroup", "GPUBindGroup.label"},
    {ClassId::ExternalTexture, SlotKind::ExternalTexture, "GPUExternalTexture",
     "GPUExternalTexture.label"},
};

napi_value illegalConstructor(napi_env env, napi_callback_info) {
  napi_throw_type_error(env, nullptr, "Illegal constructor");
  return nullptr;
}

const SlotClassInfo& classInfo(ClassId id) {
  for (const SlotClassInfo& info : kSlotClasses) {
    if (info.id == id) return info;
  }
  throw std::logic_error("bindery: not a slot-object class");
}

// The slot behind `this`, when it is a slot object of class `info`
// (anything else: "Illegal invocation").
Slot& slotOfThis(const Napi::CallbackInfo& cb, const SlotClassInfo& info) {
  uint32_t stamp = stampOf(cb.Env(), cb.This());
  Slot* s = nullptr;
  if (stamp != 0 && (stamp & ((1u << kSlotKindBits) - 1)) == static_cast<uint32_t>(info.kind)) {
    s = table.find(stamp);
  }
  if (s == nullptr) {
    throw Napi::TypeError::New(cb.Env(), std::string("Illegal invocation: not a ") + info.name);
  }
  return *s;
}
Slot& labelSlot(const Napi::CallbackInfo& cb, const SlotClassInfo& info) {
  return slotOfThis(cb, info);
}

// Calls f(handle) with the slot's handle (every kind but a device).
template <class F>
void withHandle(Slot& s, F&& f) {
  std::visit(
      [&](auto& h) {
        using H = std::decay_t<decltype(h)>;
        if constexpr (!std::is_same_v<H, std::monostate> && !std::is_same_v<H, DeviceRef>) f(h);
      },
      s.object);
}

// GPUObjectBase.label
Napi::Value getLabel(const Napi::CallbackInfo& cb) {
  const auto& info = *static_cast<const SlotClassInfo*>(cb.Data());
  std::string label;
  withHandle(labelSlot(cb, info), [&](auto& h) { label = std::string(h.label()); });
  return Napi::String::New(cb.Env(), label);
}
void setLabel(const Napi::CallbackInfo& cb) {
  const auto& info = *static_cast<const SlotClassInfo*>(cb.Data());
  Slot& s = labelSlot(cb, info);
  idl::Context ctx{cb.Env(), info.setLabelCall, s.device && s.device->strict};
  std::string label = idl::toDOMString(ctx, cb[0], idl::Where{nullptr, "label", 0});
  // The conversion ran user code (toString): find the slot again.
  withHandle(labelSlot(cb, info), [&](auto& h) { h.setLabel(label); });
}

}  // namespace

Slot& thisSlot(const Napi::CallbackInfo& info, ClassId id) {
  return slotOfThis(info, classInfo(id));
}

void defineSlotClass(Napi::Env env, Napi::Object exports, ClassId id,
                     std::vector<napi_property_descriptor> properties) {
  AddonData& data = addonData(env);
  const SlotClassInfo& info = classInfo(id);
  void* infoData = const_cast<SlotClassInfo*>(&info);
  properties.push_back(napi_property_descriptor{"label", nullptr, nullptr,
                                                [](napi_env e, napi_callback_info i) -> napi_value {
                                                  return Napi::details::WrapCallback(e, [&] {
                                                    return getLabel(Napi::CallbackInfo(e, i));
                                                  });
                                                },
                                                [](napi_env e, napi_callback_info i) -> napi_value {
                                                  return Napi::details::WrapCallback(e, [&] {
                                                    setLabel(Napi::CallbackInfo(e, i));
                                                    return napi_value(nullptr);
                                                  });
                                                },
                                                nullptr, idl::kAttribute, infoData});
  // napi_define_class gives its methods V8's receiver check (an instance the
  // constructor made), which a slot object is not: accessors go to the class,
  // methods onto the prototype afterwards.
  std::vector<napi_property_descriptor> accessors;
  std::vector<napi_property_descriptor> methods;
  for (const napi_property_descriptor& p : properties)
    (p.method ? methods : accessors).push_back(p);
  napi_value ctor = nullptr;
  NAPI_THROW_IF_FAILED_VOID(
      env, napi_define_class(env, info.name, NAPI_AUTO_LENGTH, illegalConstructor, nullptr,
                             accessors.size(), accessors.data(), &ctor));
  Napi::Function fn(env, ctor);
  if (!methods.empty()) {
    napi_value prototype = fn.Get("prototype");
    NAPI_THROW_IF_FAILED_VOID(
        env, napi_define_properties(env, prototype, methods.size(), methods.data()));
  }
  data.constructors[static_cast<int>(info.id)] = Napi::Persistent(fn);
  data.prototypes[static_cast<int>(info.id)] =
      Napi::Persistent(fn.Get("prototype").As<Napi::Object>());
  exports.Set(info.name, fn);
}

void initSlotClasses(Napi::Env env, Napi::Object exports) {
  for (const SlotClassInfo& info : kSlotClasses) {
    if (info.id != ClassId::Buffer) defineSlotClass(env, exports, info.id, {});
  }
}

}  // namespace bindery::node
