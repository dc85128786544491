// The object slot table: the objects the lean JavaScript paths (lib/slots.js,
// lib/creation.js, lib/encoding.js) refer to by number. A slot holds one
// handle of the C++ API (or a GPUDevice's state) and the device that made it;
// JavaScript keeps the slot's *stamp* (slot number * 8 + kind) in a private
// field of the object, so a stamp cannot be forged from user code.
//
// GPUBuffer, GPUBindGroupLayout, GPUBindGroup, GPUTextureView, GPUSampler and
// GPUExternalTexture are *slot objects*: a plain object of the class's
// prototype with its stamp (no C++ wrapper object, no Node-API wrap or type
// tag), its slot freed by a FinalizationRegistry of lib/slots.js when it is
// collected. Either path makes them (the lean one in JavaScript, the full one
// here through lib/slots.js make), and both accept both: the addon reads a
// value's stamp through lib/slots.js stampGet. Textures and devices get a slot
// when first used by a lean path (napi_add_finalizer frees it).
#pragma once

#include <napi.h>

#include <cstdint>
#include <deque>
#include <type_traits>
#include <variant>
#include <vector>

#include "addon.h"

namespace bindery::node {

// The low 3 bits of a stamp. The order is SlotObject's alternatives' (less one).
enum class SlotKind : uint32_t {
  Device,
  BindGroupLayout,
  BindGroup,
  TextureView,
  Sampler,
  ExternalTexture,
  Buffer,
  Texture,
};
inline constexpr uint32_t kSlotKindBits = 3;

using SlotObject = std::variant<std::monostate, DeviceRef, BindGroupLayout, BindGroup, TextureView,
                                Sampler, ExternalTexture, Buffer, Texture>;

template <class H>
struct SlotKindOf;
#define BINDERY_NODE_SLOT_KIND(H)                                                              \
  template <>                                                                                  \
  struct SlotKindOf<H> {                                                                       \
    static constexpr SlotKind value = SlotKind::H;                                             \
    static_assert(std::is_same_v<                                                              \
                  std::variant_alternative_t<static_cast<size_t>(value) + 1, SlotObject>, H>); \
  };
BINDERY_NODE_SLOT_KIND(BindGroupLayout)
BINDERY_NODE_SLOT_KIND(BindGroup)
BINDERY_NODE_SLOT_KIND(TextureView)
BINDERY_NODE_SLOT_KIND(Sampler)
BINDERY_NODE_SLOT_KIND(ExternalTexture)
BINDERY_NODE_SLOT_KIND(Buffer)
BINDERY_NODE_SLOT_KIND(Texture)
#undef BINDERY_NODE_SLOT_KIND
template <>
struct SlotKindOf<DeviceRef> {
  static constexpr SlotKind value = SlotKind::Device;
};
template <class H>
constexpr SlotKind slotKindOf() {
  return SlotKindOf<H>::value;
}

// A GPUBuffer's mapping (objects.cpp): whether unmap() copies the ranges'
// bytes back, and the ArrayBuffers getMappedRange() returned.
struct BufferMapping {
  struct Range {
    Napi::Reference<Napi::ArrayBuffer> arrayBuffer;
    void* bytes;  // the buffer's own bytes, valid until unmap()
    uint64_t offset;
    uint64_t size;
  };
  // Whether the current mapping is writable (mappedAtCreation or MapMode.WRITE).
  bool forWrite = false;
  std::vector<Range> ranges;
};

struct Slot {
  SlotObject object;      // std::monostate: a free slot
  DeviceRef device;       // the device that made the object (strict mode of its label)
  BufferMapping mapping;  // a GPUBuffer's
  // A GPUTexture's: the stamp of its shared default view (the view of every
  // createView() that sets no label, lib/creation.js), freed with the
  // texture's slot; 0 until the first such call.
  uint32_t sharedView = 0;
};

// One per thread (a worker's addon instance has its own thread).
struct SlotTable {
  std::deque<Slot> slots;  // slot 0 is never used; a deque: references stay valid
  std::vector<uint32_t> freeSlots;

  SlotTable() { slots.emplace_back(); }

  // A new slot holding `object`; its stamp.
  uint32_t add(SlotObject object, DeviceRef device);
  // The same for one handle (one of SlotObject's alternatives), made in its
  // slot: no SlotObject in between (the lean creation paths).
  template <class H>
  uint32_t addHandle(H handle, DeviceRef device) {
    uint32_t slot = newSlot();
    Slot& s = slots[slot];
    s.object.emplace<H>(std::move(handle));
    s.device = std::move(device);
    return (slot << kSlotKindBits) | static_cast<uint32_t>(slotKindOf<H>());
  }
  void release(uint32_t stamp);
  // The slot of `stamp`, or null when the stamp is not a live slot of its kind.
  Slot* find(uint32_t stamp) {
    uint32_t slot = stamp >> kSlotKindBits;
    if (slot == 0 || slot >= slots.size()) return nullptr;
    Slot& s = slots[slot];
    return s.object.index() == (stamp & ((1u << kSlotKindBits) - 1)) + 1 ? &s : nullptr;
  }
  template <class H>
  H* get(uint32_t stamp) {
    if ((stamp & ((1u << kSlotKindBits) - 1)) != static_cast<uint32_t>(slotKindOf<H>())) {
      return nullptr;
    }
    Slot* s = find(stamp);
    return s ? std::get_if<H>(&s->object) : nullptr;
  }
  // Live slots (for tests: collected objects give theirs back).
  size_t liveCount() const { return slots.size() - 1 - freeSlots.size(); }
  void reset();

 private:
  // A free slot's number (a released one, or a new one at the end).
  uint32_t newSlot();
};
SlotTable& slotTable();

// The stamp an object of this addon carries (a slot object's wrap, or the
// slot registered for a buffer, texture or device), or 0.
uint32_t stampOf(Napi::Env env, Napi::Value value);
// Whether `stamp` is of a slot-object kind (not a device's or a texture's).
bool isSlotObjectKind(uint32_t stamp);
// (stampGet, make): lib/slots.js's functions that read an object's stamp and
// make a slot object (Object.create(prototype), stamped, registered with the
// FinalizationRegistry that frees its slot).
void setSlotObjectHooks(const Napi::CallbackInfo& info);
// (stamp): that registry's cleanup: frees a collected slot object's slot.
void releaseSlotObject(const Napi::CallbackInfo& info);
// A slot for `object` that lives as long as the JS object `owner` (a
// napi_add_finalizer frees it): a texture's or a device's; its stamp.
uint32_t addFinalizedSlot(Napi::Env env, Napi::Value owner, SlotObject object, DeviceRef device);
// The slot of a GPUDevice (lib/gpu.js keeps the stamp); freed with the device.
uint32_t deviceStamp(Napi::Env env, Napi::Value gpuDevice, const DeviceRef& device);

// The interface of a slot object: GPUBindGroup::create(env, handle, device)
// makes one (the full path), GPUBindGroup::unwrap(env, value) finds the handle
// (null when the value is not one).
template <class H, ClassId Id>
struct SlotClass {
  using Handle = H;
  static constexpr ClassId kId = Id;
  static Napi::Object create(Napi::Env env, H handle, const DeviceRef& device);
  static H* unwrap(Napi::Env env, Napi::Value value) {
    uint32_t stamp = stampOf(env, value);
    return stamp == 0 ? nullptr : slotTable().get<H>(stamp);
  }
};
using GPUBindGroupLayout = SlotClass<BindGroupLayout, ClassId::BindGroupLayout>;
using GPUBindGroup = SlotClass<BindGroup, ClassId::BindGroup>;
using GPUTextureView = SlotClass<TextureView, ClassId::TextureView>;
using GPUSampler = SlotClass<Sampler, ClassId::Sampler>;
using GPUExternalTexture = SlotClass<ExternalTexture, ClassId::ExternalTexture>;

// A new slot object of class `id` (its prototype) for `stamp`.
Napi::Object newSlotObject(Napi::Env env, ClassId id, uint32_t stamp);

template <class H, ClassId Id>
Napi::Object SlotClass<H, Id>::create(Napi::Env env, H handle, const DeviceRef& device) {
  uint32_t stamp = slotTable().addHandle(std::move(handle), device);
  return newSlotObject(env, Id, stamp);
}

// Defines the slot-object classes (label accessor, Illegal constructor) but GPUBuffer.
void initSlotClasses(Napi::Env env, Napi::Object exports);
// Defines slot-object class `id`: an Illegal constructor, `label`, and `properties`.
void defineSlotClass(Napi::Env env, Napi::Object exports, ClassId id,
                     std::vector<napi_property_descriptor> properties);
// The slot behind `this` when it is a slot object of class `id`; a TypeError
// ("Illegal invocation: not a GPUBuffer") for anything else.
Slot& thisSlot(const Napi::CallbackInfo& info, ClassId id);

}  // namespace bindery::node
