'use strict';
// The hot path of command encoding: setBindGroup, dispatchWorkgroups, draw
// and drawIndexed, called hundreds of times a frame.
//
// The addon's methods (src/passes.cpp) implement every case with WebIDL's
// conversions. This file puts a JavaScript function in front of each: when
// the arguments are already what the IDL would convert them to (unsigned
// integers, a GPUBindGroup or null, offsets in an Array or a Uint32Array), it
// writes small integers (the pass's slot number and the group's stamp, kept
// in private fields, then the call's integers and its dynamic offsets) into one
// shared Uint32Array and calls a lean native entry with no argument at all;
// anything else goes to the full native method, so every TypeError,
// RangeError and message stays the addon's.

const { native } = require('./native');

const fast = native.fastEncoding;

// A private field stamped onto an object the addon made (the base class's
// constructor returns that object). Only this file can read or write it, so
// a slot number cannot be forged from user code.
class Stamp {
  constructor(object) {
    return object;
  }
}
// One brand per interface, so a method called on another interface's object
// (GPURenderPassEncoder.prototype.draw.call(computePass)) finds no slot and
// takes the full method, which throws "Illegal invocation".
function passBrand() {
  return class PassSlot extends Stamp {
    #slot;
    constructor(object, slot) {
      super(object);
      this.#slot = slot;
    }
    static get(object) {
      return typeof object === 'object' && object !== null && #slot in object ? object.#slot : 0;
    }
  };
}
const ComputeSlot = passBrand();
const RenderSlot = passBrand();
const BundleSlot = passBrand();
const { kinds, stampOf, kindOf } = require('./slots');

// The stamp of a GPUBindGroup (lib/slots.js), or 0 for anything else.
function groupSlot(group) {
  const stamp = stampOf(group);
  return kindOf(stamp) === kinds.bindGroup ? stamp : 0;
}

const kNoGroup = 0xffffffff;
// A lean call's arguments (words 0 to 7) and dynamic offsets (from word 8),
// read by the addon in place (its own ArrayBuffer: the bytes never move).
const scratch = new Uint32Array(new ArrayBuffer(4 * (8 + 256)));
const kOffsets = 8;
const kMaxOffsets = scratch.length - kOffsets;
fast.setScratch(scratch);

// %TypedArray%.prototype's getters: what a value really is, whatever its own properties say.
const typedArrayPrototype = Object.getPrototypeOf(Uint32Array.prototype);
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(typedArrayPrototype, 'length').get;

function isU32(x) {
  return (x >>> 0) === x;
}

function define(prototype, name, fn, length) {
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperty(fn, 'length', { value: length });
  Object.defineProperty(prototype, name, { value: fn, writable: true, enumerable: true, configurable: true });
}

// GPUBindingCommandsMixin.setBindGroup, both overloads.
function bindingCommands(prototype, PassSlot) {
  const full = prototype.setBindGroup;
  define(prototype, 'setBindGroup', function setBindGroup(index, bindGroup, dynamicOffsets,
    dynamicOffsetsDataStart, dynamicOffsetsDataLength) {
    const argc = arguments.length;
    const slot = PassSlot.get(this);
    lean: if (slot !== 0 && argc >= 2 && isU32(index)) {
      let group;
      if (bindGroup === null || bindGroup === undefined) {
        group = kNoGroup;
      } else if (typeof bindGroup === 'object') {
        group = groupSlot(bindGroup);
        if (group === 0) break lean;
      } else {
        break lean;
      }
      let count = 0;
      if (argc <= 3) {
        if (dynamicOffsets !== undefined) {
          if (Array.isArray(dynamicOffsets)) {
            count = dynamicOffsets.length;
            if (count > kMaxOffsets) break lean;
            for (let i = 0; i < count; i++) {
              const offset = dynamicOffsets[i];
              if (!isU32(offset)) break lean;
              scratch[kOffsets + i] = offset;
            }
          } else if (typedArrayTag.call(dynamicOffsets) === 'Uint32Array') {
            count = typedArrayLength.call(dynamicOffsets);
            if (count > kMaxOffsets) break lean;
            scratch.set(dynamicOffsets, kOffsets);
          } else {
            break lean;
          }
        }
      } else if (argc >= 5) {
        const start = dynamicOffsetsDataStart;
        const length = dynamicOffsetsDataLength;
        if (typedArrayTag.call(dynamicOffsets) !== 'Uint32Array' || !isU32(start) || !isU32(length)) {
          break lean;
        }
        // Out of range: the full method throws the RangeError.
        const n = typedArrayLength.call(dynamicOffsets);
        if (start > n || length > n - start || length > kMaxOffsets) break lean;
        for (let i = 0; i < length; i++) scratch[kOffsets + i] = dynamicOffsets[start + i];
        count = length;
      } else {
        break lean;
      }
      scratch[0] = slot;
      scratch[1] = index;
      scratch[2] = group;
      scratch[3] = count;
      fast.setBindGroup();
      return;
    }
    Reflect.apply(full, this, arguments);
  }, 2);
}

function computeCommands(prototype, PassSlot) {
  const full = prototype.dispatchWorkgroups;
  define(prototype, 'dispatchWorkgroups', function dispatchWorkgroups(workgroupCountX,
    workgroupCountY = 1, workgroupCountZ = 1) {
    const slot = PassSlot.get(this);
    if (slot !== 0 && arguments.length >= 1 && isU32(workgroupCountX) && isU32(workgroupCountY) &&
        isU32(workgroupCountZ)) {
      scratch[0] = slot;
      scratch[1] = workgroupCountX;
      scratch[2] = workgroupCountY;
      scratch[3] = workgroupCountZ;
      fast.dispatchWorkgroups();
      return;
    }
    Reflect.apply(full, this, arguments);
  }, 1);
}

function renderCommands(prototype, PassSlot) {
  const fullDraw = prototype.draw;
  define(prototype, 'draw', function draw(vertexCount, instanceCount = 1, firstVertex = 0,
    firstInstance = 0) {
    const slot = PassSlot.get(this);
    if (slot !== 0 && arguments.length >= 1 && isU32(vertexCount) && isU32(instanceCount) &&
        isU32(firstVertex) && isU32(firstInstance)) {
      scratch[0] = slot;
      scratch[1] = vertexCount;
      scratch[2] = instanceCount;
      scratch[3] = firstVertex;
      scratch[4] = firstInstance;
      fast.draw();
      return;
    }
    Reflect.apply(fullDraw, this, arguments);
  }, 1);
  const fullDrawIndexed = prototype.drawIndexed;
  define(prototype, 'drawIndexed', function drawIndexed(indexCount, instanceCount = 1,
    firstIndex = 0, baseVertex = 0, firstInstance = 0) {
    const slot = PassSlot.get(this);
    if (slot !== 0 && arguments.length >= 1 && isU32(indexCount) && isU32(instanceCount) &&
        isU32(firstIndex) && (baseVertex | 0) === baseVertex && isU32(firstInstance)) {
      scratch[0] = slot;
      scratch[1] = indexCount;
      scratch[2] = instanceCount;
      scratch[3] = firstIndex;
      scratch[4] = baseVertex; // stored as its two's complement
      scratch[5] = firstInstance;
      fast.drawIndexed();
      return;
    }
    Reflect.apply(fullDrawIndexed, this, arguments);
  }, 1);
}

// Stamps the pass (or bundle encoder) a native factory method returns.
function stampResult(prototype, name, PassSlot) {
  const create = prototype[name];
  define(prototype, name, function (...args) {
    const object = Reflect.apply(create, this, args);
    new PassSlot(object, fast.passSlotOf(object)); // eslint-disable-line no-new
    return object;
  }, create.length);
}

function install(GPUDevice) {
  const { GPUComputePassEncoder, GPURenderPassEncoder, GPURenderBundleEncoder } = native;
  stampResult(native.GPUCommandEncoder.prototype, 'beginComputePass', ComputeSlot);
  stampResult(native.GPUCommandEncoder.prototype, 'beginRenderPass', RenderSlot);
  stampResult(GPUDevice.prototype, 'createRenderBundleEncoder', BundleSlot);
  bindingCommands(GPUComputePassEncoder.prototype, ComputeSlot);
  bindingCommands(GPURenderPassEncoder.prototype, RenderSlot);
  bindingCommands(GPURenderBundleEncoder.prototype, BundleSlot);
  computeCommands(GPUComputePassEncoder.prototype, ComputeSlot);
  renderCommands(GPURenderPassEncoder.prototype, RenderSlot);
  renderCommands(GPURenderBundleEncoder.prototype, BundleSlot);
}

module.exports = { install };
