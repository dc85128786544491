'use strict';
// The hot path of object creation: GPUDevice.createBindGroupLayout,
// createBindGroup, createBuffer and GPUTexture.createView, called thousands
// of times while a scene loads (and bind groups every frame); also
// createComputePipeline and createShaderModule without a dictionary
// conversion.
//
// The addon's methods (src/device.cpp, src/objects.cpp) implement every case
// with WebIDL's conversions, one Node-API call per dictionary member. This
// file puts a JavaScript function in front of each: when the descriptor is
// already what the IDL would convert it to (unsigned integers, GPUSize64s as
// safe non-negative integers, booleans, enum strings the addon knows, Arrays,
// objects of the addon known by their stamp (lib/slots.js), plain
// GPUBufferBinding objects, string labels, and no key that is not a member),
// it writes the descriptor as numbers into one shared Uint32Array and calls
// a lean native entry once (src/creation.cpp), which builds the same C++
// descriptor and takes the same steps: content-timeline TypeErrors, the C++
// call, strict mode's throw. The new object is made here (Object.create of
// the class's prototype: `new GPUBindGroup()` still throws), given the slot
// the addon returns (lib/slots.js adopt).
//
// Anything else (a wrong type, an unknown key, a value that needs a
// conversion such as '3' or 1.5, an iterable that is not an Array, null for
// a dictionary) goes to the full native method, so every TypeError, warning
// and message stays the addon's. A descriptor that falls back is read twice
// (here, then by the full method): observable only through getters or
// Proxies, which see their traps run again.
//
// A GPUBindGroupEntry's resource whose prototype is Object.prototype is taken
// as a GPUBufferBinding without asking the addon (a native call per entry):
// only an object of the addon whose prototype user code replaced with
// Object.prototype, and that was never used on a lean path before, would be
// read differently (as a dictionary instead of as the object).

const { native } = require('./native');
const {
  kinds, adopt, adoptShared, sharedTextureOf, unshare, stampGet, stampOf, kindOf, fast,
} = require('./slots');
const { makeComputePipeline, makeShaderModule, shaderModuleSlot } = require('./encoding');

// Word layouts: src/creation.cpp reads the same.
const scratch = new Uint32Array(new ArrayBuffer(4 * 16384));
fast.setScratch(scratch);
const kAbsent = 0xffffffff;
const kLayoutHeader = 2;
const kLayoutEntryWords = 14;
const kMaxLayoutEntries = Math.floor((scratch.length - kLayoutHeader) / kLayoutEntryWords);
const kGroupHeader = 3;
const kGroupEntryWords = 8;
const kMaxGroupEntries = Math.floor((scratch.length - kGroupHeader) / kGroupEntryWords);
const k2To32 = 4294967296;

// Each enum the lean paths take: its string -> the C++ value.
const enums = {};
for (const [name, values] of Object.entries(fast.enums)) {
  enums[name] = new Map(values.map((value, i) => [value, i]));
}
const bufferBindingTypes = enums.GPUBufferBindingType;
const samplerBindingTypes = enums.GPUSamplerBindingType;
const textureSampleTypes = enums.GPUTextureSampleType;
const viewDimensions = enums.GPUTextureViewDimension;
const storageAccesses = enums.GPUStorageTextureAccess;
const textureFormats = enums.GPUTextureFormat;
const textureAspects = enums.GPUTextureAspect;

function isU32(x) {
  return (x >>> 0) === x;
}
// GPUSize64 ([EnforceRange] unsigned long long) that needs no conversion.
function isSize64(x) {
  return Number.isSafeInteger(x) && x >= 0;
}
function writeSize64(w, x) {
  const low = x >>> 0;
  scratch[w] = low;
  scratch[w + 1] = (x - low) / k2To32;
}
// An optional enum member: kAbsent, the value, or undefined (not one the lean path takes).
function enumValue(map, x) {
  return x === undefined ? kAbsent : typeof x === 'string' ? map.get(x) : undefined;
}
function isDictionary(x) {
  return typeof x === 'object' && x !== null;
}

// --- createBindGroupLayout -----------------------------------------------------

function bufferLayout(b, w) {
  if (!isDictionary(b)) return false;
  for (const key in b) {
    if (key !== 'type' && key !== 'hasDynamicOffset' && key !== 'minBindingSize') return false;
  }
  const type = enumValue(bufferBindingTypes, b.type);
  const dynamic = b.hasDynamicOffset;
  const minBindingSize = b.minBindingSize;
  if (type === undefined) return false;
  if (dynamic !== undefined && typeof dynamic !== 'boolean') return false;
  if (minBindingSize !== undefined && !isSize64(minBindingSize)) return false;
  scratch[w + 3] = type;
  scratch[w + 4] = dynamic === true ? 1 : 0;
  if (minBindingSize === undefined) {
    scratch[w + 5] = 0;
    scratch[w + 6] = 0;
  } else {
    writeSize64(w + 5, minBindingSize);
  }
  return true;
}

function samplerLayout(s, w) {
  if (!isDictionary(s)) return false;
  for (const key in s) if (key !== 'type') return false;
  const type = enumValue(samplerBindingTypes, s.type);
  if (type === undefined) return false;
  scratch[w + 7] = type;
  return true;
}

function textureLayout(t, w) {
  if (!isDictionary(t)) return false;
  for (const key in t) {
    if (key !== 'multisampled' && key !== 'sampleType' && key !== 'viewDimension') return false;
  }
  const multisampled = t.multisampled;
  const sampleType = enumValue(textureSampleTypes, t.sampleType);
  const viewDimension = enumValue(viewDimensions, t.viewDimension);
  if (multisampled !== undefined && typeof multisampled !== 'boolean') return false;
  if (sampleType === undefined || viewDimension === undefined) return false;
  scratch[w + 8] = sampleType;
  scratch[w + 9] = viewDimension;
  scratch[w + 10] = multisampled === true ? 1 : 0;
  return true;
}

function storageTextureLayout(s, w) {
  if (!isDictionary(s)) return false;
  for (const key in s) {
    if (key !== 'access' && key !== 'format' && key !== 'viewDimension') return false;
  }
  const access = enumValue(storageAccesses, s.access);
  const format = enumValue(textureFormats, s.format);
  const viewDimension = enumValue(viewDimensions, s.viewDimension);
  // format is required: its absence is the full method's TypeError.
  if (access === undefined || format === undefined || format === kAbsent) return false;
  if (viewDimension === undefined) return false;
  scratch[w + 11] = access;
  scratch[w + 12] = format;
  scratch[w + 13] = viewDimension;
  return true;
}

function externalTextureLayout(e) {
  if (!isDictionary(e)) return false;
  for (const key in e) return false; // eslint-disable-line no-unreachable-loop, no-unused-vars
  return true;
}

function layoutEntry(e, w) {
  if (!isDictionary(e)) return false;
  for (const key in e) {
    switch (key) {
      case 'binding': case 'visibility': case 'buffer': case 'sampler': case 'texture':
      case 'storageTexture': case 'externalTexture':
        continue;
      default:
        return false;
    }
  }
  const binding = e.binding;
  const visibility = e.visibility;
  if (!isU32(binding) || !isU32(visibility)) return false;
  let members = 0;
  const buffer = e.buffer;
  if (buffer !== undefined) {
    if (!bufferLayout(buffer, w)) return false;
    members |= 1;
  }
  const sampler = e.sampler;
  if (sampler !== undefined) {
    if (!samplerLayout(sampler, w)) return false;
    members |= 2;
  }
  const texture = e.texture;
  if (texture !== undefined) {
    if (!textureLayout(texture, w)) return false;
    members |= 4;
  }
  const storageTexture = e.storageTexture;
  if (storageTexture !== undefined) {
    if (!storageTextureLayout(storageTexture, w)) return false;
    members |= 8;
  }
  const externalTexture = e.externalTexture;
  if (externalTexture !== undefined) {
    if (!externalTextureLayout(externalTexture)) return false;
    members |= 16;
  }
  scratch[w] = binding;
  scratch[w + 1] = visibility;
  scratch[w + 2] = members;
  return true;
}

// The stamp of `device` when it is a GPUDevice (lib/gpu.js stamps each), else 0.
function deviceStampOf(device) {
  if (!isDictionary(device)) return 0;
  const value = stampGet(device);
  return value !== 0 && kindOf(value) === kinds.device ? value : 0;
}

function define(prototype, name, fn, length) {
  Object.defineProperty(fn, 'name', { value: name });
  Object.defineProperty(fn, 'length', { value: length });
  Object.defineProperty(prototype, name, { value: fn, writable: true, enumerable: true, configurable: true });
}

// The full native methods, by name (tests run a descriptor both ways).
const fullMethods = {};

function installCreateBindGroupLayout(prototype) {
  const full = prototype.createBindGroupLayout;
  fullMethods.createBindGroupLayout = full;
  const classPrototype = native.GPUBindGroupLayout.prototype;
  define(prototype, 'createBindGroupLayout', function createBindGroupLayout(descriptor) {
    lean: if (arguments.length >= 1 && isDictionary(descriptor)) {
      const device = deviceStampOf(this);
      if (device === 0) break lean;
      for (const key in descriptor) if (key !== 'label' && key !== 'entries') break lean;
      const label = descriptor.label;
      const entries = descriptor.entries;
      if (label !== undefined && typeof label !== 'string') break lean;
      if (!Array.isArray(entries)) break lean;
      const count = entries.length;
      if (count > kMaxLayoutEntries) break lean;
      for (let i = 0, w = kLayoutHeader; i < count; i++, w += kLayoutEntryWords) {
        if (!layoutEntry(entries[i], w)) break lean;
      }
      scratch[0] = device;
      scratch[1] = count;
      return adopt(Object.create(classPrototype), fast.createBindGroupLayout(label));
    }
    return Reflect.apply(full, this, arguments);
  }, 1);
}

// --- createBindGroup ------------------------------------------------------------

// A GPUBindGroupEntry's resource: an object of the addon (by its stamp) or a
// GPUBufferBinding; false when the lean path does not take it.
function groupEntry(e, w) {
  if (!isDictionary(e)) return false;
  for (const key in e) if (key !== 'binding' && key !== 'resource') return false;
  const binding = e.binding;
  const resource = e.resource;
  if (!isU32(binding) || !isDictionary(resource)) return false;
  scratch[w] = binding;
  // A plain object is a GPUBufferBinding; anything else must be an object of the addon.
  if (Object.getPrototypeOf(resource) !== Object.prototype) {
    const value = stampOf(resource);
    const kind = kindOf(value);
    if (value === 0 || kind === kinds.device || kind === kinds.bindGroupLayout ||
        kind === kinds.bindGroup) {
      return false;
    }
    scratch[w + 1] = value;
    scratch[w + 2] = 0;
    return true;
  }
  for (const key in resource) {
    if (key !== 'buffer' && key !== 'offset' && key !== 'size') return false;
  }
  const buffer = resource.buffer;
  const offset = resource.offset;
  const size = resource.size;
  if (!isDictionary(buffer)) return false;
  const value = stampOf(buffer);
  if (value === 0 || kindOf(value) !== kinds.buffer) return false;
  if (offset !== undefined && !isSize64(offset)) return false;
  if (size !== undefined && !isSize64(size)) return false;
  scratch[w + 1] = value;
  scratch[w + 2] = 1;
  if (offset === undefined) {
    scratch[w + 3] = 0;
    scratch[w + 4] = 0;
  } else {
    writeSize64(w + 3, offset);
  }
  if (size === undefined) {
    scratch[w + 5] = 0;
  } else {
    scratch[w + 5] = 1;
    writeSize64(w + 6, size);
  }
  return true;
}

function installCreateBindGroup(prototype) {
  const full = prototype.createBindGroup;
  fullMethods.createBindGroup = full;
  const classPrototype = native.GPUBindGroup.prototype;
  define(prototype, 'createBindGroup', function createBindGroup(descriptor) {
    lean: if (arguments.length >= 1 && isDictionary(descriptor)) {
      const device = deviceStampOf(this);
      if (device === 0) break lean;
      for (const key in descriptor) {
        if (key !== 'label' && key !== 'layout' && key !== 'entries') break lean;
      }
      const label = descriptor.label;
      const entries = descriptor.entries;
      const layout = descriptor.layout;
      if (label !== undefined && typeof label !== 'string') break lean;
      if (!Array.isArray(entries) || !isDictionary(layout)) break lean;
      const layoutStamp = stampOf(layout);
      if (layoutStamp === 0 || kindOf(layoutStamp) !== kinds.bindGroupLayout) break lean;
      const count = entries.length;
      if (count > kMaxGroupEntries) break lean;
      for (let i = 0, w = kGroupHeader; i < count; i++, w += kGroupEntryWords) {
        if (!groupEntry(entries[i], w)) break lean;
      }
      scratch[0] = device;
      scratch[1] = layoutStamp;
      scratch[2] = count;
      return adopt(Object.create(classPrototype), fast.createBindGroup(label));
    }
    return Reflect.apply(full, this, arguments);
  }, 1);
}

// --- GPUTexture.createView --------------------------------------------------------

// Writes the view descriptor's members; its present-member bits, or -1.
function viewDescriptor(d) {
  let present = 0;
  for (const key in d) {
    switch (key) {
      case 'label': case 'format': case 'dimension': case 'usage': case 'aspect':
      case 'baseMipLevel': case 'mipLevelCount': case 'baseArrayLayer': case 'arrayLayerCount':
      case 'swizzle':
        continue;
      default:
        return -1;
    }
  }
  const format = enumValue(textureFormats, d.format);
  const dimension = enumValue(viewDimensions, d.dimension);
  const aspect = enumValue(textureAspects, d.aspect);
  if (format === undefined || dimension === undefined || aspect === undefined) return -1;
  if (format !== kAbsent) { present |= 1; scratch[2] = format; }
  if (dimension !== kAbsent) { present |= 2; scratch[3] = dimension; }
  if (aspect !== kAbsent) { present |= 8; scratch[5] = aspect; }
  const usage = d.usage;
  const baseMipLevel = d.baseMipLevel;
  const mipLevelCount = d.mipLevelCount;
  const baseArrayLayer = d.baseArrayLayer;
  const arrayLayerCount = d.arrayLayerCount;
  const swizzle = d.swizzle;
  // 'rgba' is the default; any other swizzle takes the full method.
  if (swizzle !== undefined && swizzle !== 'rgba') return -1;
  if (usage !== undefined) {
    if (!isU32(usage)) return -1;
    present |= 4;
    scratch[4] = usage;
  }
  if (baseMipLevel !== undefined) {
    if (!isU32(baseMipLevel)) return -1;
    present |= 16;
    scratch[6] = baseMipLevel;
  }
  if (mipLevelCount !== undefined) {
    if (!isU32(mipLevelCount)) return -1;
    present |= 32;
    scratch[7] = mipLevelCount;
  }
  if (baseArrayLayer !== undefined) {
    if (!isU32(baseArrayLayer)) return -1;
    present |= 64;
    scratch[8] = baseArrayLayer;
  }
  if (arrayLayerCount !== undefined) {
    if (!isU32(arrayLayerCount)) return -1;
    present |= 128;
    scratch[9] = arrayLayerCount;
  }
  return present;
}

// A createView() that sets no label and no member (swizzle 'rgba' counts as
// none) gets a view object of its own that stands for the texture's one
// shared default view (fast.sharedDefaultView): such views differ in nothing
// but identity and label, so no C++ view, slot or registry cell is made per
// call (the slot goes with the texture's; the object keeps the texture
// alive). Setting its label first gives the object a default view of its own.
function installCreateView(prototype) {
  const full = prototype.createView;
  fullMethods.createView = full;
  const classPrototype = native.GPUTextureView.prototype;
  define(prototype, 'createView', function createView(descriptor) {
    lean: if (isDictionary(this)) {
      const texture = stampOf(this);
      if (texture === 0 || kindOf(texture) !== kinds.texture) break lean;
      let present = 0;
      let label;
      // undefined (and null) is the empty dictionary.
      if (descriptor !== undefined && descriptor !== null) {
        if (typeof descriptor !== 'object') break lean;
        label = descriptor.label;
        if (label !== undefined && typeof label !== 'string') break lean;
        present = viewDescriptor(descriptor);
        if (present < 0) break lean;
      }
      scratch[0] = texture;
      if (present === 0 && label === undefined) {
        const shared = fast.sharedDefaultView();
        if (shared !== 0) return adoptShared(Object.create(classPrototype), shared, this);
      }
      scratch[1] = present;
      return adopt(Object.create(classPrototype), fast.createView(label));
    }
    return Reflect.apply(full, this, arguments);
  }, 0);
  // GPUTextureView's label setter: a view standing for a shared default view
  // first gets a default view of its own, which the label then names.
  const label = Object.getOwnPropertyDescriptor(classPrototype, 'label');
  const setLabel = label.set;
  const accessors = {
    set label(value) {
      if (typeof this === 'object' && this !== null) {
        const texture = sharedTextureOf(this);
        if (texture !== null) {
          scratch[0] = stampOf(texture);
          scratch[1] = 0;
          unshare(this, fast.createView(undefined));
        }
      }
      Reflect.apply(setLabel, this, [value]);
    },
  };
  Object.defineProperty(classPrototype, 'label', {
    get: label.get,
    set: Object.getOwnPropertyDescriptor(accessors, 'label').set,
    enumerable: label.enumerable,
    configurable: label.configurable,
  });
}

// --- createBuffer -------------------------------------------------------------------

function installCreateBuffer(prototype) {
  const full = prototype.createBuffer;
  const classPrototype = native.GPUBuffer.prototype;
  fullMethods.createBuffer = full;
  define(prototype, 'createBuffer', function createBuffer(descriptor) {
    lean: if (arguments.length >= 1 && isDictionary(descriptor)) {
      const device = deviceStampOf(this);
      if (device === 0) break lean;
      for (const key in descriptor) {
        if (key !== 'label' && key !== 'size' && key !== 'usage' && key !== 'mappedAtCreation') {
          break lean;
        }
      }
      const label = descriptor.label;
      const size = descriptor.size;
      const usage = descriptor.usage;
      const mapped = descriptor.mappedAtCreation;
      if (label !== undefined && typeof label !== 'string') break lean;
      if (!isSize64(size) || !isU32(usage)) break lean;
      if (mapped !== undefined && typeof mapped !== 'boolean') break lean;
      scratch[0] = device;
      writeSize64(1, size);
      scratch[3] = usage;
      scratch[4] = mapped === true ? 1 : 0;
      return adopt(Object.create(classPrototype), fast.createBuffer(label));
    }
    return Reflect.apply(full, this, arguments);
  }, 1);
}

// --- createComputePipeline ---------------------------------------------------------

// {label?, layout: 'auto' or an object, compute: {module: an object,
// entryPoint?}} with strings where strings go: one native call with the
// values (no dictionary conversion); it answers undefined when the layout or
// the module is not one of the addon's, and the full method then throws.
function installCreateComputePipeline(prototype) {
  const full = prototype.createComputePipeline;
  const lean = fast.createComputePipeline;
  fullMethods.createComputePipeline = full;
  define(prototype, 'createComputePipeline', function createComputePipeline(descriptor) {
    lean: if (arguments.length >= 1 && isDictionary(descriptor)) {
      const device = deviceStampOf(this);
      if (device === 0) break lean;
      for (const key in descriptor) {
        if (key !== 'label' && key !== 'layout' && key !== 'compute') break lean;
      }
      const label = descriptor.label;
      const layout = descriptor.layout;
      const compute = descriptor.compute;
      if (label !== undefined && typeof label !== 'string') break lean;
      if (layout !== 'auto' && !isDictionary(layout)) break lean;
      if (!isDictionary(compute)) break lean;
      for (const key in compute) {
        if (key !== 'module' && key !== 'entryPoint' && key !== 'constants') break lean;
      }
      const module = compute.module;
      const entryPoint = compute.entryPoint;
      // constants (a record<USVString, GPUPipelineConstantValue>): the full method.
      if (compute.constants !== undefined || !isDictionary(module)) break lean;
      if (entryPoint !== undefined && typeof entryPoint !== 'string') break lean;
      const moduleSlot = shaderModuleSlot(module);
      if (moduleSlot === 0) break lean;
      const slot = lean(device, label, layout === 'auto' ? undefined : layout, moduleSlot, entryPoint);
      if (slot !== undefined) return makeComputePipeline(slot);
    }
    return Reflect.apply(full, this, arguments);
  }, 1);
}

// --- createShaderModule -------------------------------------------------------------

// {code, label?} with strings: one native call with the two strings (no
// dictionary conversion). compilationHints (and any other key) take the full
// method. Read in the IDL's member order (code, then label).
function installCreateShaderModule(prototype) {
  const full = prototype.createShaderModule;
  const lean = fast.createShaderModule;
  fullMethods.createShaderModule = full;
  define(prototype, 'createShaderModule', function createShaderModule(descriptor) {
    lean: if (arguments.length >= 1 && isDictionary(descriptor)) {
      const device = deviceStampOf(this);
      if (device === 0) break lean;
      for (const key in descriptor) {
        if (key !== 'code' && key !== 'label') break lean;
      }
      const code = descriptor.code;
      const label = descriptor.label;
      if (typeof code !== 'string' || (label !== undefined && typeof label !== 'string')) break lean;
      const slot = lean(device, code, label);
      if (slot !== undefined) return makeShaderModule(slot);
    }
    return Reflect.apply(full, this, arguments);
  }, 1);
}

function install(GPUDevice) {
  installCreateShaderModule(GPUDevice.prototype);
  installCreateComputePipeline(GPUDevice.prototype);
  installCreateBindGroupLayout(GPUDevice.prototype);
  installCreateBindGroup(GPUDevice.prototype);
  installCreateBuffer(GPUDevice.prototype);
  installCreateView(native.GPUTexture.prototype);
}

module.exports = { install, fullMethods };
