'use strict';
// The stamps of the lean paths (lib/creation.js, lib/encoding.js): the
// number of an object's slot in the addon's slot table (src/slots.h), times
// 8, plus its kind. A stamp lives in a private field of the object, so only
// this file can read or write it and user code cannot forge one.
//
// Objects the lean creation path makes are stamped when they are made; any
// other object of the addon (a texture, an object a full method made) is
// stamped on first use, after asking the addon (fast.slotOf).

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
}

// Stamps `object` (an object the lean path just wrapped).
function stamp(object, value) {
  new Stamp(object, value); // eslint-disable-line no-new
  return object;
}

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

module.exports = { kinds, stamp, stampGet, stampOf, kindOf, fast };
