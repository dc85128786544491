// bindery as the GPU provider of the WebGPU conformance test suite's Node
// runner (issue #7). The CTS is not reachable here, so this file does what the
// runner does, step by step, and then a handful of CTS-style checks written
// fresh from the facts of gpuweb/cts:
// - src/common/runtime/cmdline.ts, server.ts: `require(modulePath)` of the
//   --gpu-provider path, then setGPUProvider(() => module.create(flags)) with
//   every --gpu-provider-flag value, in order.
// - src/common/util/navigator_gpu.ts: getGPU() calls the provider once, then
//   wraps impl.requestAdapter (default options, --compat) and patches
//   globalThis.GPUAdapter.prototype.requestDevice (--enforce-default-limits).
// - src/webgpu/util/device_pool.ts: requestDevice({requiredFeatures,
//   requiredLimits, defaultQueue: {}}); error scopes validation, internal,
//   out-of-memory around each test, popped after onSubmittedWorkDone, then an
//   extra pop that must reject; device.destroy() and `await device.lost`.
// - src/webgpu/idl/*.spec.ts: flag namespaces' member counts and values, the
//   error interfaces read from globalThis when the spec file loads, and
//   idl,javascript (Object.keys, spread, for-in, for-of, own descriptors,
//   getter and method replacement on the prototype).
// It loads nothing that installs globals (no helpers.mjs): node --test runs
// each file in its own process, so globalThis starts as the runner's does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const providerPath = path.join(repoRoot, 'bindings', 'node', 'cts.js');
const require = createRequire(import.meta.url);

const kInterfaces = ['GPU', 'GPUAdapter', 'GPUAdapterInfo', 'GPUDevice', 'GPUQueue', 'GPUBuffer',
  'GPUTexture', 'GPUTextureView', 'GPUSampler', 'GPUBindGroupLayout', 'GPUBindGroup',
  'GPUPipelineLayout', 'GPUShaderModule', 'GPUCompilationInfo', 'GPUCompilationMessage',
  'GPUComputePipeline', 'GPURenderPipeline', 'GPUCommandEncoder', 'GPUCommandBuffer',
  'GPUComputePassEncoder', 'GPURenderPassEncoder', 'GPURenderBundleEncoder', 'GPURenderBundle',
  'GPUQuerySet', 'GPUExternalTexture', 'GPUSupportedFeatures', 'GPUSupportedLimits',
  'WGSLLanguageFeatures', 'GPUError', 'GPUValidationError', 'GPUOutOfMemoryError',
  'GPUInternalError', 'GPUPipelineError', 'GPUUncapturedErrorEvent', 'GPUDeviceLostInfo'];
const kNamespaces = {
  GPUBufferUsage: { MAP_READ: 0x1, MAP_WRITE: 0x2, COPY_SRC: 0x4, COPY_DST: 0x8, INDEX: 0x10,
    VERTEX: 0x20, UNIFORM: 0x40, STORAGE: 0x80, INDIRECT: 0x100, QUERY_RESOLVE: 0x200 },
  GPUTextureUsage: { COPY_SRC: 0x1, COPY_DST: 0x2, TEXTURE_BINDING: 0x4, STORAGE_BINDING: 0x8,
    RENDER_ATTACHMENT: 0x10, TRANSIENT_ATTACHMENT: 0x20 },
  GPUShaderStage: { VERTEX: 0x1, FRAGMENT: 0x2, COMPUTE: 0x4 },
  GPUMapMode: { READ: 0x1, WRITE: 0x2 },
  GPUColorWrite: { RED: 0x1, GREEN: 0x2, BLUE: 0x4, ALPHA: 0x8, ALL: 0xf },
};

// --- what the runner does ------------------------------------------------------
const definedBeforeRequire = [...kInterfaces, ...Object.keys(kNamespaces)]
  .filter((name) => Object.hasOwn(globalThis, name));
// cmdline.ts: `gpuProviderModule = require(modulePath)`.
const gpuProviderModule = require(providerPath);
// constructable.spec.ts reads these when it loads, before any GPU exists.
const errorsAtLoad = {
  GPUInternalError: globalThis.GPUInternalError,
  GPUOutOfMemoryError: globalThis.GPUOutOfMemoryError,
  GPUValidationError: globalThis.GPUValidationError,
};
// cmdline.ts: every `--gpu-provider-flag X` pushed in order.
const gpuProviderFlags = ['backend=null'];
let createCalls = 0;
let impl;
let gpuProvider;
function setGPUProvider(provider) {
  assert.equal(impl, undefined, 'setGPUProvider() after getGPU()');
  gpuProvider = provider;
}
setGPUProvider(() => {
  createCalls++;
  return gpuProviderModule.create(gpuProviderFlags);
});
// navigator_gpu.ts's getGPU(): the provider runs once; --compat and
// --force-fallback-adapter set default requestAdapter options, merged under
// the caller's by a requestAdapter defined on the instance.
const defaultRequestAdapterOptions = { featureLevel: 'core', forceFallbackAdapter: false };
function getGPU() {
  if (impl) return impl;
  impl = gpuProvider();
  const original = impl.requestAdapter;
  Object.defineProperty(impl, 'requestAdapter', {
    configurable: true,
    async value(options) {
      return original.call(this, { ...defaultRequestAdapterOptions, ...options });
    },
  });
  return impl;
}
async function requestAdapter() {
  const adapter = await getGPU().requestAdapter();
  assert.ok(adapter !== null, 'requestAdapter returned null');
  return adapter;
}
// gpu_test.ts's getAdapterLimitsAsDeviceRequiredLimits: `for (key in adapter.limits)`.
function adapterLimitsAsRequiredLimits(adapter) {
  const requiredLimits = {};
  for (const key in adapter.limits) requiredLimits[key] = adapter.limits[key];
  return requiredLimits;
}
// The CTS's objectEquals on objects: the same string keys, equal values.
function sameStringKeys(x, y) {
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  return kx.length === ky.length && kx.every((k) => ky.includes(k) && Object.is(x[k], y[k]));
}
function runNode(source) {
  return spawnSync(process.execPath, ['-e', source], { cwd: repoRoot, encoding: 'utf8', timeout: 20000 });
}

// --- the provider module ---------------------------------------------------------

test('the provider module: require(path) gives create(flags); import and the package give the same', async () => {
  assert.deepEqual(definedBeforeRequire, [], 'nothing WebGPU on globalThis before the require');
  assert.equal(typeof gpuProviderModule.create, 'function');
  const imported = await import(pathToFileURL(providerPath).href);
  assert.equal(imported.create, gpuProviderModule.create);
  assert.equal(imported.default.create, gpuProviderModule.create);
  const pkg = require(path.join(repoRoot, 'bindings', 'node'));
  assert.equal(pkg.create, gpuProviderModule.create);
  assert.equal(gpuProviderModule.globals, pkg.globals);
});

test('requiring the provider defines every interface and flag namespace on globalThis, as a browser does', () => {
  for (const name of kInterfaces) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    assert.ok(d, `${name} on globalThis`);
    assert.equal(d.value, gpuProviderModule.globals[name], name);
    assert.deepEqual([d.writable, d.enumerable, d.configurable], [true, false, true], name);
    assert.equal(typeof d.value, 'function', name);
    assert.equal(d.value.name, name);
    assert.equal(Object.prototype.toString.call(d.value.prototype), `[object ${name}]`);
  }
  for (const name of Object.keys(kNamespaces)) {
    const d = Object.getOwnPropertyDescriptor(globalThis, name);
    assert.deepEqual([typeof d.value, d.writable, d.enumerable, d.configurable],
      ['object', true, false, true], name);
    assert.equal(Object.prototype.toString.call(d.value), `[object ${name}]`);
  }
  // The package itself stays free of global side effects; only cts.js installs.
  const r = runNode(`require(${JSON.stringify(path.join(repoRoot, 'bindings', 'node'))});
    console.log(typeof globalThis.GPUBufferUsage)`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'undefined');
});

test('idl,constants,flags: member counts and values of the flag namespaces; constants are read-only', () => {
  for (const [name, expected] of Object.entries(kNamespaces)) {
    const ns = globalThis[name];
    assert.equal(Object.keys(ns).length, Object.keys(expected).length, `${name} count`);
    for (const [key, value] of Object.entries(expected)) {
      assert.ok(key in ns, `${name}.${key}`);
      assert.equal(ns[key], value, `${name}.${key}`);
      const d = Object.getOwnPropertyDescriptor(ns, key);
      assert.deepEqual([d.writable, d.enumerable, d.configurable], [false, true, false], `${name}.${key}`);
      assert.throws(() => { 'use strict'; ns[key] = 0; }, TypeError);
    }
  }
  assert.equal(GPUBufferUsage.MAP_READ, 1);
});

test('idl,constructable: the error interfaces read at load are constructible', () => {
  for (const [name, Ctor] of Object.entries(errorsAtLoad)) {
    assert.equal(typeof Ctor, 'function', name);
    const error = new Ctor('this is a test');
    assert.equal(error.message, 'this is a test');
    assert.ok(error instanceof GPUError && error instanceof Error);
  }
  for (const msg of [undefined, 'some msg']) {
    for (const reason of ['validation', 'internal']) {
      const error = new GPUPipelineError(msg, { reason });
      assert.equal(error.message, msg || '');
      assert.equal(error.reason, reason);
      assert.ok(error instanceof DOMException && error instanceof Error);
    }
  }
  const error = new GPUValidationError('this is a test');
  const event = new GPUUncapturedErrorEvent('uncapturedError', { error });
  assert.equal(event.error, error);
});

// --- flags ------------------------------------------------------------------------

test('flags: the runner form (each --gpu-provider-flag a "name=value" string) and the CTS flags people pass', () => {
  for (const flags of [[], ['backend=null'], ['backend=null', 'verbose=1'], ['strict=1'], ['strict'],
    ['verbose=0']]) {
    assert.ok(gpuProviderModule.create(flags) instanceof GPU, JSON.stringify(flags));
  }
  // Dawn's flags mean nothing here: an error that lists ours (the runner
  // reports it as the device failing to initialize).
  assert.throws(() => gpuProviderModule.create(['enable-dawn-features=dump_shaders']), {
    message: "bindery.create: unknown flag 'enable-dawn-features=dump_shaders'; valid flags: " +
      'backend=vulkan|null|auto, strict, verbose',
  });
  assert.throws(() => gpuProviderModule.create(['backend=d3d12']),
    /flag 'backend=d3d12' has an unknown value; valid: backend=vulkan\|null\|auto/);
  assert.throws(() => gpuProviderModule.create(['verbose=yes']), /flag 'verbose=yes' has an unknown value/);
});

test('flags: verbose=1 prints the adapter and the device to stderr, nothing to stdout', () => {
  const r = runNode(`const { create } = require(${JSON.stringify(providerPath)});
    (async () => {
      const adapter = await create(['backend=null', 'verbose=1']).requestAdapter({ powerPreference: 'low-power' });
      await adapter.requestDevice({ requiredFeatures: ['timestamp-query'], requiredLimits: { maxBindGroups: 8 } });
      await adapter.requestDevice({ requiredLimits: { maxBindGroups: 1e6 } }).catch(() => {});
      const quiet = await create(['backend=null']).requestAdapter();
      await quiet.requestDevice();
    })();`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 3, r.stderr);
  assert.match(lines[0], /^bindery: requestAdapter\(powerPreference: "low-power"\) -> adapter 'bindery validating null device' \(vendor 'bindery'/);
  assert.match(lines[1], /^bindery: requestDevice -> device with features \[.*timestamp-query.*\]; requested limits: maxBindGroups 8$/);
  assert.match(lines[2], /^bindery: requestDevice -> OperationError: .*maxBindGroups is 1000000/);
});

// --- getGPU, adapters and devices --------------------------------------------------

test('getGPU(): create(flags) runs once; the wrapped requestAdapter passes the default options', async () => {
  const gpu = getGPU();
  assert.equal(getGPU(), gpu);
  assert.equal(createCalls, 1);
  assert.ok(gpu instanceof GPU);
  assert.ok(gpu.wgslLanguageFeatures instanceof WGSLLanguageFeatures);
  const adapter = await requestAdapter();
  assert.ok(adapter instanceof GPUAdapter);
  const { vendor, architecture, device } = adapter.info;
  assert.equal(typeof `Adapter: ${vendor} / ${architecture} / ${device}`, 'string');
  // --force-fallback-adapter: this implementation has no fallback adapter.
  assert.equal(await gpu.requestAdapter({ forceFallbackAdapter: true }), null);
  // --compat: a compatibility-mode adapter (compatibilityMode is the older spelling).
  const compat = await gpu.requestAdapter({ compatibilityMode: true, featureLevel: 'compatibility' });
  assert.ok(compat instanceof GPUAdapter);
  assert.equal(createCalls, 1);
});

test('a device with every adapter limit as requiredLimits and every adapter feature as requiredFeatures', async () => {
  const adapter = await requestAdapter();
  const requiredLimits = adapterLimitsAsRequiredLimits(adapter);
  assert.ok(Object.keys(requiredLimits).length >= 30, 'for-in sees the limits');
  for (const name of ['maxBindGroups', 'maxBufferSize', 'minUniformBufferOffsetAlignment',
    'maxComputeWorkgroupsPerDimension', 'maxStorageBuffersInFragmentStage']) {
    assert.equal(typeof requiredLimits[name], 'number', name);
  }
  const requiredFeatures = [...adapter.features];
  const device = await adapter.requestDevice({ requiredFeatures, requiredLimits, defaultQueue: {} });
  assert.ok(device instanceof GPUDevice && device.queue instanceof GPUQueue);
  for (const [key, value] of Object.entries(requiredLimits)) {
    assert.equal(device.limits[key], value, key);
  }
  assert.deepEqual([...device.features].sort(), requiredFeatures.sort());
  device.destroy();
});

test('--enforce-default-limits: the CTS patches GPUAdapter.prototype.requestDevice and an adapter\'s limits', async () => {
  const probe = await (await requestAdapter()).requestDevice();
  const defaults = {};
  for (const key in probe.limits) defaults[key] = probe.limits[key];
  probe.destroy();
  const original = GPUAdapter.prototype.requestDevice;
  GPUAdapter.prototype.requestDevice = async function requestDevice(desc) {
    for (const [key, value] of Object.entries(desc?.requiredLimits ?? {})) {
      if (value !== undefined && defaults[key] !== undefined &&
          (key.startsWith('max') ? value > defaults[key] : value < defaults[key])) {
        throw new DOMException(`requestedLimit ${value} for ${key}`, 'OperationError');
      }
    }
    return original.call(this, desc);
  };
  try {
    const adapter = await requestAdapter();
    Object.defineProperty(adapter, 'limits', { get() { return defaults; } });
    assert.equal(adapter.limits.maxBindGroups, defaults.maxBindGroups);
    await assert.rejects(adapter.requestDevice({ requiredLimits: { maxBindGroups: defaults.maxBindGroups + 1 } }),
      { name: 'OperationError' });
    const device = await adapter.requestDevice({ requiredLimits: adapterLimitsAsRequiredLimits(adapter) });
    assert.equal(device.limits.maxBindGroups, defaults.maxBindGroups);
    device.destroy();
  } finally {
    GPUAdapter.prototype.requestDevice = original;
  }
});

test('requestDevice: limits out of range reject with OperationError, unknown features with TypeError', async () => {
  const adapter = await requestAdapter();
  const cases = [
    { maxBindGroups: adapter.limits.maxBindGroups + 1 },
    { maxBufferSize: adapter.limits.maxBufferSize * 2 },
    { minUniformBufferOffsetAlignment: adapter.limits.minUniformBufferOffsetAlignment / 2 },
    { minStorageBufferOffsetAlignment: 384 },
    { maxUnknownLimit: 1 },
  ];
  for (const requiredLimits of cases) {
    const rejection = await adapter.requestDevice({ requiredLimits }).then(() => null, (e) => e);
    assert.ok(rejection instanceof Error, JSON.stringify(requiredLimits));
    assert.equal(rejection.name, 'OperationError', JSON.stringify(requiredLimits));
    assert.ok(rejection.message.includes(Object.keys(requiredLimits)[0]), rejection.message);
  }
  await assert.rejects(adapter.requestDevice({ requiredFeatures: ['not-a-feature'] }), TypeError);
  // Worse than the default (allowed: the device gets the default); undefined is skipped.
  const device = await adapter.requestDevice({ requiredLimits: { maxBindGroups: 1, maxVertexBuffers: undefined } });
  const plain = await (await requestAdapter()).requestDevice();
  assert.equal(device.limits.maxBindGroups, plain.limits.maxBindGroups);
  assert.equal(device.limits.maxVertexBuffers, plain.limits.maxVertexBuffers);
});

test('requestDevice:stale: a second device from the same adapter resolves already lost, reason unknown', async () => {
  const adapter = await requestAdapter();
  const first = await adapter.requestDevice();
  first.destroy();
  assert.equal((await first.lost).reason, 'destroyed');
  const second = await adapter.requestDevice();
  let timer;
  const lost = await Promise.race([second.lost,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('device was not lost')), 1000); })]);
  clearTimeout(timer);
  assert.ok(lost instanceof GPUDeviceLostInfo);
  assert.equal(lost.reason, 'unknown');
  assert.match(lost.message, /expired/);
  // A lost device's popErrorScope resolves null, even with no scope pushed.
  assert.equal(await second.popErrorScope(), null);
});

test('idl,javascript: setlike features spread, copy to a Set and pass as requiredFeatures; limits objects as requiredLimits give defaults', async () => {
  const adapter = await requestAdapter();
  const device = await adapter.requestDevice({ requiredFeatures: [...adapter.features] });
  for (const obj of [adapter, device]) {
    const copy = [...obj.features];
    assert.ok(copy.every((f) => obj.features.has(f)) && copy.length === obj.features.size);
    assert.deepEqual([...new Set(obj.features)], copy);
    const other = await (await requestAdapter()).requestDevice({ requiredFeatures: obj.features });
    assert.deepEqual([...other.features].sort(), [...obj.features].sort());
    // A GPUSupportedLimits has no own properties: as a record it is empty.
    const limited = await (await requestAdapter()).requestDevice({ requiredLimits: obj.limits });
    const plain = await (await requestAdapter()).requestDevice();
    for (const key in plain.limits) assert.equal(limited.limits[key], plain.limits[key], key);
  }
});

test('idl,javascript: WebGPU objects have no own keys, do not spread, are not iterable, and their members can be replaced on the prototype', async () => {
  const adapter = await requestAdapter();
  const device = await adapter.requestDevice();
  const limitNames = [];
  for (const key in adapter.limits) limitNames.push(key);
  const kResources = {
    buffer: [device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM }),
      ['destroy', 'getMappedRange', 'mapAsync', 'unmap'], ['label', 'mapState', 'size', 'usage']],
    texture: [device.createTexture({ size: [2, 3], format: 'r8unorm', usage: GPUTextureUsage.TEXTURE_BINDING }),
      ['createView', 'destroy'], ['depthOrArrayLayers', 'dimension', 'format', 'height', 'label',
        'mipLevelCount', 'sampleCount', 'usage', 'width']],
    querySet: [device.createQuerySet({ type: 'occlusion', count: 2 }), ['destroy'], ['count', 'label', 'type']],
    adapter: [adapter, ['requestDevice'], ['features', 'info', 'limits']],
    device: [device, ['addEventListener', 'createBindGroup', 'createBindGroupLayout', 'createBuffer',
      'createCommandEncoder', 'createComputePipeline', 'createComputePipelineAsync', 'createPipelineLayout',
      'createQuerySet', 'createRenderBundleEncoder', 'createRenderPipeline', 'createRenderPipelineAsync',
      'createSampler', 'createShaderModule', 'createTexture', 'destroy', 'dispatchEvent',
      'importExternalTexture', 'popErrorScope', 'pushErrorScope', 'removeEventListener'],
    ['adapterInfo', 'features', 'label', 'limits', 'lost', 'onuncapturederror', 'queue']],
    'adapter.limits': [adapter.limits, [], limitNames],
    'device.limits': [device.limits, [], limitNames],
  };
  for (const [type, [obj, methods, getters]] of Object.entries(kResources)) {
    assert.deepEqual(Object.keys(obj), [], `Object.keys(${type})`);
    // objectEquals compares string keys: Node's EventTarget (GPUDevice's base)
    // keeps its listeners under own symbol keys, which spread copies.
    assert.ok(sameStringKeys({ ...obj }, {}), `{...${type}}`);
    assert.ok(sameStringKeys(Object.getOwnPropertyDescriptors(obj), {}), `own descriptors of ${type}`);
    assert.throws(() => { for (const _ of obj); }, TypeError, `for-of ${type}`);
    const proto = obj.constructor.prototype;
    for (const key of [...methods, ...getters]) assert.ok(key in obj, `${key} in ${type}`);
    for (const getter of getters) {
      assert.equal(Object.getOwnPropertyDescriptor(obj, getter), undefined, `${type}.${getter} is not own`);
      const before = obj[getter];
      assert.notEqual(typeof before, 'function', `${type}.${getter}`);
      const d = Object.getOwnPropertyDescriptor(proto, getter);
      assert.ok(d, `${type}: ${getter} on constructor.prototype`);
      try {
        Object.defineProperty(proto, getter, { get() { return 'testGetterValue'; } });
        assert.equal(obj[getter], 'testGetterValue', `replacing ${type}.${getter}`);
      } finally {
        Object.defineProperty(proto, getter, d);
      }
      assert.equal(obj[getter], before, `restored ${type}.${getter}`);
    }
    for (const method of methods) {
      const original = proto[method];
      assert.equal(typeof original, 'function', `${type}.prototype.${method}`);
      assert.equal(obj[method], original);
      try {
        proto[method] = function replaced() { return 'testMethodValue'; };
        assert.equal(obj[method](), 'testMethodValue', `replacing ${type}.${method}`);
      } finally {
        proto[method] = original;
      }
      assert.equal(obj[method], original);
    }
  }
  device.destroy();
});

test('WebIDL member attributes on every interface prototype: attributes configurable, operations writable and configurable', () => {
  for (const name of kInterfaces) {
    const proto = globalThis[name].prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === 'constructor') continue;
      const d = Object.getOwnPropertyDescriptor(proto, key);
      assert.ok(d.configurable, `${name}.prototype.${key} is configurable`);
      if ('value' in d && typeof d.value === 'function') assert.ok(d.writable, `${name}.prototype.${key} is writable`);
    }
  }
});

// --- the device pool's test scopes ----------------------------------------------

test('device_pool: scopes validation/internal/out-of-memory around a test, popped after onSubmittedWorkDone; an extra pop rejects', async () => {
  const device = await (await requestAdapter()).requestDevice({ requiredFeatures: [], requiredLimits: {}, defaultQueue: {} });
  let lostInfo;
  void device.lost.then((info) => { lostInfo = info; });
  const runTest = async (body) => {
    device.pushErrorScope('validation');
    device.pushErrorScope('internal');
    device.pushErrorScope('out-of-memory');
    await body();
    await device.queue.onSubmittedWorkDone();
    const [oom, internal, validation] = await Promise.all(
      [device.popErrorScope(), device.popErrorScope(), device.popErrorScope()]);
    await assert.rejects(device.popErrorScope(), (e) => e instanceof Error && e.name === 'OperationError');
    return { oom, internal, validation };
  };
  const clean = await runTest(() => device.createBuffer({ size: 4, usage: GPUBufferUsage.COPY_DST }));
  assert.deepEqual(clean, { oom: null, internal: null, validation: null });
  const dirty = await runTest(() => device.createBuffer({ size: 4, usage: 0 }));
  assert.equal(dirty.oom, null);
  assert.equal(dirty.internal, null);
  assert.ok(dirty.validation instanceof GPUValidationError, 'instanceof the global GPUValidationError');
  assert.ok(dirty.validation.message.length > 0);
  // t.expectGPUError('validation', fn): a scope of its own inside the test's.
  await runTest(async () => {
    device.pushErrorScope('validation');
    device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: 0 });
    const error = await device.popErrorScope();
    assert.ok(error instanceof GPUValidationError && !(error instanceof GPUOutOfMemoryError));
  });
  assert.equal(lostInfo, undefined, 'not lost during the tests');
  // release(): destroy, then await lost.
  device.destroy();
  const info = await device.lost;
  assert.ok(info instanceof GPUDeviceLostInfo);
  assert.equal(info.reason, 'destroyed');
  assert.equal(typeof info.message, 'string');
  assert.equal(lostInfo, info);
  assert.equal(device.lost, device.lost, '[SameObject]');
  // "If the device is lost, all of these should return null."
  device.pushErrorScope('validation');
  device.createBuffer({ size: 4, usage: 0 });
  assert.equal(await device.popErrorScope(), null);
});

// --- data through the queue ------------------------------------------------------

test('buffer mapAsync round trip: makeBufferWithContents, copy, mapAsync(READ); MAP_WRITE; unmapped getMappedRange throws OperationError', async () => {
  const device = await (await requestAdapter()).requestDevice();
  device.pushErrorScope('validation');
  const data = new Uint32Array([1, 2, 3, 0xdeadbeef]);
  const src = device.createBuffer({ mappedAtCreation: true, size: data.byteLength, usage: GPUBufferUsage.COPY_SRC });
  new Uint32Array(src.getMappedRange()).set(data);
  src.unmap();
  const writable = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC });
  await writable.mapAsync(GPUMapMode.WRITE);
  assert.equal(writable.mapState, 'mapped');
  new Uint32Array(writable.getMappedRange(8, 8)).set([7, 8]);
  writable.unmap();
  const dst = device.createBuffer({ size: 32, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(src, 0, dst, 0, 16);
  encoder.copyBufferToBuffer(writable, 8, dst, 16, 8);
  device.queue.submit([encoder.finish()]);
  const mapping = dst.mapAsync(GPUMapMode.READ);
  assert.equal(dst.mapState, 'pending');
  await mapping;
  assert.deepEqual([...new Uint32Array(dst.getMappedRange())], [1, 2, 3, 0xdeadbeef, 7, 8, 0, 0]);
  dst.unmap();
  assert.equal(dst.mapState, 'unmapped');
  assert.throws(() => dst.getMappedRange(), (e) => e instanceof Error && e.name === 'OperationError');
  assert.equal(await device.popErrorScope(), null);
});

test('compute: queue.writeBuffer, a pipeline with layout auto, a bind group, dispatch, copy and readback', async () => {
  const device = await (await requestAdapter()).requestDevice();
  device.pushErrorScope('validation');
  const values = new Float32Array([0.5, 1.5, -2, 1024]);
  const input = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  const output = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  device.queue.writeBuffer(input, 0, values);
  device.queue.writeBuffer(input, 12, new Float32Array([8]), 0, 1);
  const pipeline = device.createComputePipeline({
    layout: 'auto',
    compute: {
      module: device.createShaderModule({
        code: `
          @group(0) @binding(0) var<storage, read> src : array<f32, 4>;
          @group(0) @binding(1) var<storage, read_write> dst : array<f32, 4>;
          @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) id : vec3u) {
            dst[id.x] = src[id.x] * 2.0;
          }`,
      }),
      entryPoint: 'main',
    },
  });
  assert.ok(pipeline instanceof GPUComputePipeline);
  const bindGroup = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: input } }, { binding: 1, resource: { buffer: output } }],
  });
  const readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, bindGroup);
  pass.dispatchWorkgroups(1);
  pass.end();
  encoder.copyBufferToBuffer(input, 0, readback, 0, 16);
  device.queue.submit([encoder.finish()]);
  await device.queue.onSubmittedWorkDone();
  await readback.mapAsync(GPUMapMode.READ);
  // The null device validates the dispatch but runs no shader: what comes
  // back is what writeBuffer put there (the CTS's execution tests need a GPU).
  assert.deepEqual([...new Float32Array(readback.getMappedRange())], [0.5, 1.5, -2, 8]);
  readback.unmap();
  assert.equal(await device.popErrorScope(), null);
  // A dispatch without its bind group fails at finish(), inside a scope.
  device.pushErrorScope('validation');
  const bad = device.createCommandEncoder();
  const badPass = bad.beginComputePass();
  badPass.setPipeline(pipeline);
  badPass.dispatchWorkgroups(1);
  badPass.end();
  bad.finish();
  const error = await device.popErrorScope();
  assert.ok(error instanceof GPUValidationError, String(error));
});
