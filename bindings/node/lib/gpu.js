'use strict';
// GPU, GPUAdapter, GPUDevice, GPUQueue and their attribute objects
// (GPUSupportedFeatures, GPUSupportedLimits, GPUAdapterInfo,
// WGSLLanguageFeatures). Promises, events and setlike objects live here; the
// addon converts descriptors and calls the C++ API, and gives GPUDevice's
// prototype its native methods (createBuffer, createTexture, ...).
//
// The C++ API is synchronous: a promise is settled at once, so it resolves on
// a microtask. Nothing here keeps the event loop alive (an uncaptured error
// waits one setImmediate), so a script's process exits by itself when it is
// done, and an idle device uses no CPU.

const { native } = require('./native');
const {
  kToken,
  GPUError,
  GPUUncapturedErrorEvent,
  GPUDeviceLostInfo,
} = require('./errors');
const { stamp } = require('./slots');

function illegal(token) {
  if (token !== kToken) throw new TypeError('Illegal constructor');
}

function tag(cls) {
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { value: cls.name });
}

// A readonly setlike<DOMString> (GPUSupportedFeatures, WGSLLanguageFeatures).
class ReadonlySetlike {
  #set;
  constructor(token, values) {
    illegal(token);
    this.#set = new Set(values);
  }
  get size() {
    return this.#set.size;
  }
  has(value) {
    return this.#set.has(String(value));
  }
  entries() {
    return this.#set.entries();
  }
  keys() {
    return this.#set.keys();
  }
  values() {
    return this.#set.values();
  }
  forEach(callback, thisArg) {
    if (typeof callback !== 'function') throw new TypeError('forEach: callback is not a function');
    for (const value of this.#set) callback.call(thisArg, value, value, this);
  }
  [Symbol.iterator]() {
    return this.#set.values();
  }
}
class GPUSupportedFeatures extends ReadonlySetlike {}
class WGSLLanguageFeatures extends ReadonlySetlike {}

// GPUSupportedLimits: one getter per limit of the C++ API (allLimits()).
class GPUSupportedLimits {
  #values;
  constructor(token, values) {
    illegal(token);
    this.#values = values;
  }
  static {
    for (const name of native.limitNames()) {
      Object.defineProperty(this.prototype, name, {
        get() {
          return this.#values[name];
        },
        enumerable: true,
        configurable: true,
      });
    }
  }
}

class GPUAdapterInfo {
  #info;
  constructor(token, info) {
    illegal(token);
    this.#info = info;
  }
  static {
    for (const name of ['vendor', 'architecture', 'device', 'description', 'subgroupMinSize',
      'subgroupMaxSize', 'isFallbackAdapter']) {
      Object.defineProperty(this.prototype, name, {
        get() {
          return this.#info[name];
        },
        enumerable: true,
        configurable: true,
      });
    }
  }
}

// The `verbose` flag's lines (stderr, so a runner's stdout protocol is untouched).
function verboseLog(line) {
  process.stderr.write(`bindery: ${line}\n`);
}
function describeOptions(options) {
  if (options === undefined || options === null || typeof options !== 'object') return '';
  return Object.entries(options).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ');
}
function logDevice(device, descriptor) {
  const limits = descriptor?.requiredLimits;
  const named = limits !== null && typeof limits === 'object' ? Object.keys(limits) : [];
  verboseLog(`requestDevice -> device with features [${[...device.features].join(', ')}]` +
    (named.length ? `; requested limits: ${named.map((k) => `${k} ${device.limits[k]}`).join(', ')}` : ''));
}

class GPU {
  #instance;
  #options;
  #wgslLanguageFeatures;
  constructor(token, options) {
    illegal(token);
    this.#options = options;
    this.#instance = native.createInstance(options.backend);
    // The WGSL language extensions the front end implements (#language-extensions-sec).
    this.#wgslLanguageFeatures = new WGSLLanguageFeatures(kToken,
      typeof native.wgslLanguageFeatures === 'function' ? native.wgslLanguageFeatures() : []);
  }
  async requestAdapter(options = undefined) {
    const adapter = native.requestAdapter(this.#instance, options);
    const result = adapter === null ? null : new GPUAdapter(kToken, adapter, this.#options);
    if (this.#options.verbose) {
      const info = result?.info;
      verboseLog(`requestAdapter(${describeOptions(options)}) -> ${info === undefined ? 'null'
        : `adapter '${info.description}' (vendor '${info.vendor}', architecture ` +
          `'${info.architecture}', device '${info.device}'${info.isFallbackAdapter ? ', fallback' : ''})`}`);
    }
    return result;
  }
  getPreferredCanvasFormat() {
    return 'bgra8unorm';
  }
  get wgslLanguageFeatures() {
    return this.#wgslLanguageFeatures;
  }
}

class GPUAdapter {
  #adapter;
  #options;
  #features;
  #limits;
  #info;
  constructor(token, adapter, options) {
    illegal(token);
    this.#adapter = adapter;
    this.#options = options;
    this.#features = new GPUSupportedFeatures(kToken, native.adapterFeatures(adapter));
    this.#limits = new GPUSupportedLimits(kToken, native.adapterLimits(adapter));
    this.#info = new GPUAdapterInfo(kToken, native.adapterInfo(adapter));
  }
  get features() {
    return this.#features;
  }
  get limits() {
    return this.#limits;
  }
  get info() {
    return this.#info;
  }
  async requestDevice(descriptor = undefined) {
    const strict = this.#options.strict;
    const result = native.requestDevice(this.#adapter, descriptor, strict);
    if (this.#options.verbose && result.status !== 'success') {
      verboseLog(`requestDevice -> ${result.status}: ${result.message}`);
    }
    if (result.status === 'TypeError') throw new TypeError(result.message);
    if (result.status === 'OperationError') throw new DOMException(result.message, 'OperationError');
    const device = new GPUDevice(kToken, result.device, strict, descriptor);
    if (this.#options.verbose) logDevice(device, descriptor);
    return device;
  }
}

class GPUQueue {
  #label;
  #device;
  constructor(token, device, label) {
    illegal(token);
    this.#device = device;
    this.#label = label;
  }
  get label() {
    return this.#label;
  }
  set label(value) {
    this.#label = String(value);
  }
  onSubmittedWorkDone() {
    return native.queueOnSubmittedWorkDone(this.#device);
  }
  writeBuffer(buffer, bufferOffset, data, dataOffset = undefined, size = undefined) {
    native.queueWriteBuffer(this.#device, arguments.length, buffer, bufferOffset, data, dataOffset, size);
  }
  writeTexture(destination, data, dataLayout, size) {
    native.queueWriteTexture(this.#device, arguments.length, destination, data, dataLayout, size);
  }
  copyExternalImageToTexture(source, destination, copySize) {
    native.queueCopyExternalImageToTexture(this.#device, arguments.length, source, destination, copySize);
  }
  submit(commandBuffers) {
    if (arguments.length < 1) throw new TypeError('GPUQueue.submit: 1 argument required, but only 0 present.');
    native.queueSubmit(this.#device, commandBuffers);
  }
}

// GPUDevice is a JS class (it is an EventTarget); the addon attaches the
// C++ device to each instance, and its native methods find it through `this`.
class GPUDevice extends EventTarget {
  #features;
  #limits;
  #adapterInfo;
  #queue;
  #lost;
  #resolveLost;
  #isLost = false;
  #handler = null;
  #handlerInstalled = false;
  // Held here so the addon can hold them weakly.
  #onError;
  #onLost;

  constructor(token, device, strict, descriptor) {
    illegal(token);
    super();
    this.#lost = new Promise((resolve) => {
      this.#resolveLost = resolve;
    });
    this.#onError = (error) => this.#uncapturedError(error);
    this.#onLost = (reason, message) => {
      this.#isLost = true;
      this.#resolveLost(new GPUDeviceLostInfo(kToken, reason, message));
    };
    // The stamp of the lean creation path (lib/creation.js).
    stamp(this, native.wrapDevice(this, device, strict, this.#onError, this.#onLost));
    this.#features = new GPUSupportedFeatures(kToken, native.deviceFeatures(this));
    this.#limits = new GPUSupportedLimits(kToken, native.deviceLimits(this));
    this.#adapterInfo = new GPUAdapterInfo(kToken, native.deviceInfo(this));
    const queueLabel = descriptor?.defaultQueue?.label;
    this.#queue = new GPUQueue(kToken, this, queueLabel === undefined ? '' : String(queueLabel));
  }

  get label() {
    return native.deviceGetLabel(this);
  }
  set label(value) {
    native.deviceSetLabel(this, value);
  }
  get features() {
    return this.#features;
  }
  get limits() {
    return this.#limits;
  }
  get adapterInfo() {
    return this.#adapterInfo;
  }
  get queue() {
    return this.#queue;
  }
  get lost() {
    return this.#lost;
  }

  popErrorScope() {
    if (this.#isLost) return Promise.resolve(null);
    let result;
    try {
      result = native.devicePopErrorScope(this);
    } catch (e) {
      return Promise.reject(e);
    }
    if (result.rejection !== undefined) {
      return Promise.reject(new DOMException(result.rejection, 'OperationError'));
    }
    return Promise.resolve(result.error);
  }

  // The EventHandler attribute: one listener, added when first set, that
  // calls the current handler.
  get onuncapturederror() {
    return this.#handler;
  }
  set onuncapturederror(value) {
    this.#handler = typeof value === 'function' || (typeof value === 'object' && value !== null)
      ? value : null;
    if (this.#handler !== null && !this.#handlerInstalled) {
      this.#handlerInstalled = true;
      this.addEventListener('uncapturederror', (event) => {
        const handler = this.#handler;
        if (typeof handler !== 'function') return;
        if (handler.call(this, event) === false) event.preventDefault();
      });
    }
  }

  // #abstract-opdef-dispatch-error, last step: fire 'uncapturederror' as a
  // task; when no listener cancels it, print it (as a browser's console would).
  #uncapturedError(error) {
    setImmediate(() => {
      const event = new GPUUncapturedErrorEvent('uncapturederror', { error, cancelable: true });
      if (this.dispatchEvent(event)) {
        process.emitWarning(`uncaptured ${error.name} [${error.code}]: ${error.message}`,
          { type: 'GPUUncapturedError' });
      }
    });
  }
}

// The addon's methods of GPUDevice (createBuffer, createTexture, ... as the
// C++ API has them).
for (const [name, fn] of Object.entries(native.deviceMethods)) {
  Object.defineProperty(GPUDevice.prototype, name, {
    value: fn, writable: true, enumerable: true, configurable: true,
  });
}

// Command encoding's hot path (lib/encoding.js).
require('./encoding').install(GPUDevice);
// Object creation's hot path (lib/creation.js).
require('./creation').install(GPUDevice);

for (const cls of [GPU, GPUAdapter, GPUDevice, GPUQueue, GPUSupportedFeatures,
  WGSLLanguageFeatures, GPUSupportedLimits, GPUAdapterInfo]) {
  tag(cls);
}

module.exports = {
  GPU,
  GPUAdapter,
  GPUDevice,
  GPUQueue,
  GPUSupportedFeatures,
  WGSLLanguageFeatures,
  GPUSupportedLimits,
  GPUAdapterInfo,
  GPUError,
};
