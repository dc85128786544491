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
//
// The encoding objects (GPUCommandEncoder, the pass encoders, the bundle
// encoder, GPUCommandBuffer), the pipelines and GPUShaderModule are made
// here: a plain object of the class's prototype with a stamp (its slot in
// the addon's encoding table * 16 + the class's tag) in a private field,
// whose slot a FinalizationRegistry gives back when it is collected (no
// Node-API wrap or finalizer per object). The
// per-pass calls have lean paths too: createCommandEncoder(),
// beginComputePass(), setPipeline(), end() and finish() with no descriptor.

const { native } = require('./native');

const fast = native.fastEncoding;
const { kinds, stampOf, kindOf } = require('./slots');

// Private fields stamped onto an object (the base class's constructor
// returns that object): its stamp and, for an object whose slot is freed with
// another's, that owner, which it keeps alive. Only this file can read or
// write them, so a slot number cannot be forged from user code. One class for
// both: one construction per object (each makes and drops a receiver).
class Base {
  constructor(object) {
    return object;
  }
}
class Stamp extends Base {
  #stamp;
  #owner;
  constructor(object, stamp, owner) {
    super(object);
    this.#stamp = stamp;
    this.#owner = owner;
  }
  static get(object) {
    return typeof object === 'object' && object !== null && #stamp in object ? object.#stamp : 0;
  }
}

// The classes' tags (the addon's tagOf, passes.cpp).
const kEncoder = 1;
const kComputePass = 2;
const kRenderPass = 3;
const kBundleEncoder = 4;
const kCommandBuffer = 5;
const kComputePipeline = 6;
const kRenderPipeline = 7;
const kShaderModule = 8;
// A stamp is slot * 16 + tag.
const kTagBits = 4;
const kTagMask = 15;

// The slot of `object` when it is an object of class `tag`, else 0 (a method
// called on another interface's object finds no slot and takes the full
// method, which throws "Illegal invocation").
function slotOf(object, tag) {
  const value = Stamp.get(object);
  return (value & kTagMask) === tag ? value >>> kTagBits : 0;
}

const prototypes = [];
const registry = new FinalizationRegistry((value) => fast.release(value));

// A new object of class `tag` for the addon's `slot`.
function make(tag, slot) {
  const object = Object.create(prototypes[tag]);
  const value = slot * 16 + tag;
  new Stamp(object, value); // eslint-disable-line no-new
  registry.register(object, value);
  return object;
}

// A new object of class `tag` for a slot the addon frees with `owner`'s (a
// lean compute pass or command buffer, freed with its encoder, passes.cpp):
// no registry cell; the object keeps `owner` alive.
function makeOwned(tag, slot, owner) {
  const object = Object.create(prototypes[tag]);
  new Stamp(object, slot * 16 + tag, owner); // eslint-disable-line no-new
  return object;
}

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
function bindingCommands(prototype, tag) {
  const full = prototype.setBindGroup;
  define(prototype, 'setBindGroup', function setBindGroup(index, bindGroup, dynamicOffsets,
    dynamicOffsetsDataStart, dynamicOffsetsDataLength) {
    const argc = arguments.length;
    const slot = slotOf(this, tag);
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

function computeCommands(prototype) {
  const full = prototype.dispatchWorkgroups;
  define(prototype, 'dispatchWorkgroups', function dispatchWorkgroups(workgroupCountX,
    workgroupCountY = 1, workgroupCountZ = 1) {
    const slot = slotOf(this, kComputePass);
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

function renderCommands(prototype, tag) {
  const fullDraw = prototype.draw;
  define(prototype, 'draw', function draw(vertexCount, instanceCount = 1, firstVertex = 0,
    firstInstance = 0) {
    const slot = slotOf(this, tag);
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
    const slot = slotOf(this, tag);
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

// setPipeline and end of a pass (`tag`), setPipeline of a bundle encoder.
function passCommands(prototype, tag, pipelineTag) {
  const fullSetPipeline = prototype.setPipeline;
  define(prototype, 'setPipeline', function setPipeline(pipeline) {
    const slot = slotOf(this, tag);
    if (slot !== 0 && arguments.length >= 1) {
      const value = Stamp.get(pipeline);
      if ((value & kTagMask) === pipelineTag) {
        scratch[0] = slot;
        scratch[1] = value >>> kTagBits;
        fast.setPipeline();
        return;
      }
    }
    Reflect.apply(fullSetPipeline, this, arguments);
  }, 1);
  if (tag === kBundleEncoder) return;
  const fullEnd = prototype.end;
  define(prototype, 'end', function end() {
    const slot = slotOf(this, tag);
    if (slot !== 0) {
      scratch[0] = slot;
      fast.end();
      return;
    }
    Reflect.apply(fullEnd, this, arguments);
  }, 0);
}

// GPUDevice.createCommandEncoder(), GPUCommandEncoder's beginComputePass()
// and finish(), without a descriptor.
function encoderCreation(GPUDevice, GPUCommandEncoder) {
  const fullCreate = GPUDevice.prototype.createCommandEncoder;
  define(GPUDevice.prototype, 'createCommandEncoder', function createCommandEncoder(descriptor) {
    if (descriptor === undefined) {
      const device = stampOf(this);
      if (kindOf(device) === kinds.device) {
        scratch[0] = device;
        return make(kEncoder, fast.createCommandEncoder());
      }
    }
    return Reflect.apply(fullCreate, this, arguments);
  }, 0);
  const prototype = GPUCommandEncoder.prototype;
  const fullBegin = prototype.beginComputePass;
  define(prototype, 'beginComputePass', function beginComputePass(descriptor) {
    const slot = slotOf(this, kEncoder);
    if (slot !== 0 && descriptor === undefined) {
      scratch[0] = slot;
      return makeOwned(kComputePass, fast.beginComputePass(), this);
    }
    return Reflect.apply(fullBegin, this, arguments);
  }, 0);
  const fullFinish = prototype.finish;
  define(prototype, 'finish', function finish(descriptor) {
    const slot = slotOf(this, kEncoder);
    if (slot !== 0 && descriptor === undefined) {
      scratch[0] = slot;
      return makeOwned(kCommandBuffer, fast.finish(), this);
    }
    return Reflect.apply(fullFinish, this, arguments);
  }, 0);
}

function install(GPUDevice) {
  const {
    GPUCommandEncoder, GPUCommandBuffer, GPUComputePassEncoder, GPURenderPassEncoder,
    GPURenderBundleEncoder,
  } = native;
  prototypes[kEncoder] = GPUCommandEncoder.prototype;
  prototypes[kComputePass] = GPUComputePassEncoder.prototype;
  prototypes[kRenderPass] = GPURenderPassEncoder.prototype;
  prototypes[kBundleEncoder] = GPURenderBundleEncoder.prototype;
  prototypes[kCommandBuffer] = GPUCommandBuffer.prototype;
  prototypes[kComputePipeline] = native.GPUComputePipeline.prototype;
  prototypes[kRenderPipeline] = native.GPURenderPipeline.prototype;
  prototypes[kShaderModule] = native.GPUShaderModule.prototype;
  fast.setHooks(make, Stamp.get);
  encoderCreation(GPUDevice, GPUCommandEncoder);
  bindingCommands(GPUComputePassEncoder.prototype, kComputePass);
  bindingCommands(GPURenderPassEncoder.prototype, kRenderPass);
  bindingCommands(GPURenderBundleEncoder.prototype, kBundleEncoder);
  computeCommands(GPUComputePassEncoder.prototype);
  renderCommands(GPURenderPassEncoder.prototype, kRenderPass);
  renderCommands(GPURenderBundleEncoder.prototype, kBundleEncoder);
  passCommands(GPUComputePassEncoder.prototype, kComputePass, kComputePipeline);
  passCommands(GPURenderPassEncoder.prototype, kRenderPass, kRenderPipeline);
  passCommands(GPURenderBundleEncoder.prototype, kBundleEncoder, kRenderPipeline);
}

// A new GPUComputePipeline / GPUShaderModule for the addon's `slot`
// (lib/creation.js's lean createComputePipeline and createShaderModule:
// both live in the encoding table).
function makeComputePipeline(slot) {
  return make(kComputePipeline, slot);
}
function makeShaderModule(slot) {
  return make(kShaderModule, slot);
}
// The slot of `object` when it is a GPUShaderModule, else 0.
function shaderModuleSlot(object) {
  return slotOf(object, kShaderModule);
}

module.exports = { install, makeComputePipeline, makeShaderModule, shaderModuleSlot };
