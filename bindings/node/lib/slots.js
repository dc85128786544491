'use strict';
// The stamps of the lean paths (lib/creation.js, lib/encoding.js): the
// number of an object's slot in the addon's slot table (src/slots.h), times
// 8, plus its kind. A stamp lives in a private field of the object, so only
// this file can read or write it and user code cannot forge one.
//
// Slot objects are stamped when they are made (by the lean creation path or,
// through make(), by the addon's full methods); a texture or a device is
// stamped on first use, after asking the addon (fast.slotOf). The addon reads
// a stamp through stampGet (fast.setSlotObjectHooks).

const { native } = require('./native');

const fast = native.fastCreation;
const kinds = fast.kinds;

// A private field stamped onto an object (the base class's constructor
// returns that object).
class Base {
  constructor(object) {
    return object;
  }
}
class Stamp extends Base {
  #stamp;
  constructor(object, stamp) {
    super(object);
    this.#stamp = stamp;
  }
  static get(object) {
    return #stamp in object ? object.#stamp : 0;
  }
  static set(object, stamp) {
    object.#stamp = stamp;
  }
}

// The texture whose shared default view a GPUTextureView stands for (see
// adoptShared), or null.
class SharedOf extends Base {
  #texture;
  constructor(object, texture) {
    super(object);
    this.#texture = texture;
  }
  static get(object) {
    return #texture in object ? object.#texture : null;
  }
  static clear(object) {
    object.#texture = null;
  }
}

// Stamps `object` with `value` (a device or a texture: the addon frees their
// slots with a finalizer of its own).
function stamp(object, value) {
  new Stamp(object, value); // eslint-disable-line no-new
  return object;
}

// Slot objects (GPUBindGroupLayout, GPUBindGroup, GPUTextureView, GPUSampler,
// GPUExternalTexture, GPUBuffer) are plain objects of their class's prototype
// with a stamp; this registry gives a collected one's slot back. (Cheaper
// than a Node-API wrap with a finalizer per object: no native reference.)
const registry = new FinalizationRegistry((value) => fast.release(value));

// Makes `object` (Object.create of a slot-object class's prototype) the slot
// object of `value`, the stamp the addon returned.
function adopt(object, value) {
  new Stamp(object, value); // eslint-disable-line no-new
  registry.register(object, value);
  return object;
}

// Makes `object` a GPUTextureView for `value`, the stamp of `texture`'s shared
// default view (the addon's fast.sharedDefaultView): no registry cell, as the
// slot is freed with the texture's; the object keeps `texture` alive.
function adoptShared(object, value, texture) {
  new Stamp(object, value); // eslint-disable-line no-new
  new SharedOf(object, texture); // eslint-disable-line no-new
  return object;
}

// The texture whose shared default view `object` stands for, or null.
function sharedTextureOf(object) {
  return SharedOf.get(object);
}

// Gives `object`, a view of adoptShared, the slot `value` of its own (a new
// default view): it is then a slot object like any other.
function unshare(object, value) {
  Stamp.set(object, value);
  SharedOf.clear(object);
  registry.register(object, value);
}

// A new slot object of `prototype` for `value` (the addon's full methods make
// theirs through this).
function make(prototype, value) {
  return adopt(Object.create(prototype), value);
}

fast.setSlotObjectHooks(stampGet, make);

// The stamp of `object` (a non-null object), registered on first use; 0 when
// it is not an object of the addon.
function stampOf(object) {
  let value = Stamp.get(object);
  if (value === 0) {
    value = fast.slotOf(object);
    if (value !== 0) new Stamp(object, value); // eslint-disable-line no-new
  }
  return value;
}

// The stamp `object` (a non-null object) carries, or 0 (no registration).
function stampGet(object) {
  return Stamp.get(object);
}

// A stamp's kind (kinds.bindGroup, ...).
function kindOf(value) {
  return value & 7;
}

module.exports = {
  kinds, stamp, adopt, adoptShared, sharedTextureOf, unshare, stampGet, stampOf, kindOf, fast,
};
