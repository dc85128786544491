// The module's shape: create(flags), globals, reflect, ESM/CJS, instanceof.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import bindery, { create, globals } from 'bindery';
import { makeDevice } from './helpers.mjs';

const require = createRequire(import.meta.url);

test('CommonJS and ESM give the same module', () => {
  const cjs = require('bindery');
  assert.equal(cjs.create, create);
  assert.equal(cjs.globals, globals);
  assert.equal(bindery.create, create);
  assert.equal(typeof cjs.reflect, 'function');
});

test('create() returns a GPU with requestAdapter, wgslLanguageFeatures, getPreferredCanvasFormat', () => {
  const gpu = create();
  assert.ok(gpu instanceof globals.GPU);
  assert.equal(typeof gpu.requestAdapter, 'function');
  assert.ok(gpu.wgslLanguageFeatures instanceof globals.WGSLLanguageFeatures);
  assert.equal(gpu.wgslLanguageFeatures, gpu.wgslLanguageFeatures, '[SameObject]');
  assert.equal(gpu.getPreferredCanvasFormat(), 'bgra8unorm');
  assert.equal(Object.prototype.toString.call(gpu), '[object GPU]');
});

test('flags: backend=null and strict are accepted', () => {
  create(['backend=null']);
  create(['strict']);
  create(['backend=null', 'strict=true']);
  create(new Set(['strict=0']));
});

test('flags: an unknown flag is an error that lists the valid ones', () => {
  assert.throws(() => create(['validate=1']),
    /unknown flag 'validate=1'; valid flags: backend=vulkan\|null\|auto, strict, verbose/);
  create(['backend=vulkan']);
  create(['backend=auto']);
  assert.throws(() => create(['backend=metal']),
    /flag 'backend=metal' has an unknown value; valid: backend=vulkan\|null\|auto \(accepted backends: vulkan, null, auto\)/);
  assert.throws(() => create('strict'), TypeError);
});

test('globals: the flag namespaces have the spec values and are frozen', () => {
  const { GPUBufferUsage, GPUTextureUsage, GPUShaderStage, GPUMapMode, GPUColorWrite } = globals;
  assert.equal(GPUBufferUsage.MAP_READ, 1);
  assert.equal(GPUBufferUsage.UNIFORM, 0x40);
  assert.equal(GPUBufferUsage.QUERY_RESOLVE, 0x200);
  assert.equal(GPUTextureUsage.RENDER_ATTACHMENT, 0x10);
  assert.equal(GPUTextureUsage.TRANSIENT_ATTACHMENT, 0x20);
  assert.equal(GPUShaderStage.COMPUTE, 4);
  assert.equal(GPUMapMode.WRITE, 2);
  assert.equal(GPUColorWrite.ALL, 0xf);
  assert.ok(Object.isFrozen(GPUBufferUsage));
  assert.throws(() => { 'use strict'; GPUBufferUsage.UNIFORM = 3; }, TypeError);
});

test('globals: the interface classes and error classes exist', () => {
  for (const name of ['GPU', 'GPUAdapter', 'GPUAdapterInfo', 'GPUDevice', 'GPUQueue',
    'GPUSupportedFeatures', 'GPUSupportedLimits', 'WGSLLanguageFeatures', 'GPUBuffer',
    'GPUTexture', 'GPUTextureView', 'GPUSampler', 'GPUError', 'GPUValidationError',
    'GPUOutOfMemoryError', 'GPUInternalError', 'GPUPipelineError', 'GPUUncapturedErrorEvent',
    'GPUDeviceLostInfo']) {
    assert.equal(typeof globals[name], 'function', name);
    assert.equal(globals[name].name, name);
  }
});

test('interfaces cannot be constructed from JavaScript', () => {
  for (const name of ['GPU', 'GPUAdapter', 'GPUDevice', 'GPUBuffer', 'GPUTexture', 'GPUSampler',
    'GPUSupportedLimits', 'GPUError']) {
    assert.throws(() => new globals[name](), { name: 'TypeError', message: /Illegal constructor/ }, name);
  }
});

test('error classes: GPUValidationError etc. and GPUPipelineError', () => {
  const e = new globals.GPUValidationError('bad');
  assert.ok(e instanceof globals.GPUError);
  assert.equal(e.message, 'bad');
  assert.ok(new globals.GPUOutOfMemoryError('x') instanceof globals.GPUError);
  assert.ok(new globals.GPUInternalError('x') instanceof globals.GPUError);
  const p = new globals.GPUPipelineError('failed', { reason: 'validation' });
  assert.ok(p instanceof DOMException);
  assert.equal(p.name, 'GPUPipelineError');
  assert.equal(p.reason, 'validation');
  assert.throws(() => new globals.GPUPipelineError('x', {}), TypeError);
  assert.throws(() => new globals.GPUPipelineError('x', { reason: 'oops' }), TypeError);
});

test('objects made by a device are instances of their interface', async () => {
  const device = await makeDevice();
  assert.ok(device instanceof globals.GPUDevice);
  assert.ok(device instanceof EventTarget);
  assert.ok(device.queue instanceof globals.GPUQueue);
  const buffer = device.createBuffer({ size: 4, usage: globals.GPUBufferUsage.UNIFORM });
  assert.ok(buffer instanceof globals.GPUBuffer);
  assert.equal(Object.prototype.toString.call(buffer), '[object GPUBuffer]');
});

test('native methods check their receiver', async () => {
  const device = await makeDevice();
  assert.throws(() => device.createBuffer.call({}, { size: 4, usage: 1 }), /Illegal invocation/);
});

test('the conformance test suite\'s Node runner protocol: globals on globalThis, create once', async () => {
  const g = {};
  Object.assign(g, globals);
  const gpu = create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  assert.ok(adapter instanceof g.GPUAdapter);
});
