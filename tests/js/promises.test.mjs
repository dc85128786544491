// Promises: requestAdapter, requestDevice (and its rejections), popErrorScope,
// device.lost; the uncapturederror event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { create, globals } from 'bindery';
import { makeDevice, nextUncapturedError } from './helpers.mjs';

test('requestAdapter resolves with a GPUAdapter with features, limits and info', async () => {
  const gpu = create(['backend=null']);
  const promise = gpu.requestAdapter();
  assert.ok(promise instanceof Promise);
  const adapter = await promise;
  assert.ok(adapter instanceof globals.GPUAdapter);
  assert.ok(adapter.features instanceof globals.GPUSupportedFeatures);
  assert.equal(adapter.features, adapter.features, '[SameObject]');
  assert.ok(adapter.features.has('core-features-and-limits'));
  assert.ok(adapter.features.size > 0);
  assert.deepEqual([...adapter.features].sort(), [...adapter.features.values()].sort());
  assert.ok(adapter.limits instanceof globals.GPUSupportedLimits);
  assert.ok(adapter.limits.maxBindGroups >= 4);
  assert.ok(adapter.limits.maxBufferSize >= 268435456);
  assert.ok('maxStorageBufferBindingSize' in adapter.limits);
  assert.ok(adapter.info instanceof globals.GPUAdapterInfo);
  assert.equal(typeof adapter.info.vendor, 'string');
  assert.equal(typeof adapter.info.isFallbackAdapter, 'boolean');
});

test('requestAdapter with an unknown featureLevel resolves with null', async () => {
  assert.equal(await create(['backend=null']).requestAdapter({ featureLevel: 'ultra' }), null);
  assert.ok(await create(['backend=null']).requestAdapter({ featureLevel: 'compatibility' }));
});

test('requestAdapter rejects (not throws) with a TypeError for a bad enum', async () => {
  const promise = create(['backend=null']).requestAdapter({ powerPreference: 'fast' });
  assert.ok(promise instanceof Promise);
  await assert.rejects(promise, { name: 'TypeError', message: /powerPreference is 'fast'/ });
});

test('requestDevice resolves with a device whose features and limits are the requested ones', async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  const device = await adapter.requestDevice({
    label: 'mine', requiredFeatures: ['depth32float-stencil8'], requiredLimits: { maxBindGroups: 6 },
    defaultQueue: { label: 'q' },
  });
  assert.ok(device instanceof globals.GPUDevice);
  assert.equal(device.label, 'mine');
  assert.ok(device.features.has('depth32float-stencil8'));
  assert.equal(device.limits.maxBindGroups, 6);
  assert.equal(device.queue.label, 'q');
  assert.ok(device.adapterInfo instanceof globals.GPUAdapterInfo);
  device.label = 'renamed';
  assert.equal(device.label, 'renamed');
});

test('requestDevice rejects with OperationError for limits beyond the adapter', async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  const beyond = adapter.limits.maxBindGroups + 1;
  await assert.rejects(adapter.requestDevice({ requiredLimits: { maxBindGroups: beyond } }),
    (e) => e instanceof DOMException && e.name === 'OperationError' && /maxBindGroups/.test(e.message));
});

test('requestDevice rejects with TypeError for an unknown feature and for bad IDL values', async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  await assert.rejects(adapter.requestDevice({ requiredFeatures: ['teleportation'] }),
    { name: 'TypeError', message: /requiredFeatures\[0\] is 'teleportation'/ });
  await assert.rejects(adapter.requestDevice({ requiredLimits: { maxBindGroups: -1 } }),
    { name: 'TypeError', message: /requiredLimits\.maxBindGroups is -1/ });
});

test('requestDevice: undefined limit values are skipped', async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  const device = await adapter.requestDevice({ requiredLimits: { maxBindGroups: undefined } });
  assert.equal(device.limits.maxBindGroups, 4);
});

test('popErrorScope resolves with the scope\'s first error, or null', async () => {
  const device = await makeDevice();
  device.pushErrorScope('validation');
  const none = device.popErrorScope();
  assert.ok(none instanceof Promise);
  assert.equal(await none, null);

  device.pushErrorScope('validation');
  device.createBuffer({ size: 4, usage: 0, label: 'first' });
  device.createBuffer({ size: 4, usage: 0, label: 'second' });
  const error = await device.popErrorScope();
  assert.ok(error instanceof globals.GPUValidationError);
  assert.ok(error instanceof globals.GPUError);
  assert.equal(error.code, 'BufferUsageEmpty');
  assert.match(error.message, /"first"/);
});

test('error scopes nest and filter by type', async () => {
  const device = await makeDevice();
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  device.createBuffer({ size: 4, usage: 0 });
  assert.equal(await device.popErrorScope(), null);
  assert.ok(await device.popErrorScope() instanceof globals.GPUValidationError);
});

test('popErrorScope rejects with OperationError on an empty stack', async () => {
  const device = await makeDevice();
  await assert.rejects(device.popErrorScope(),
    (e) => e instanceof DOMException && e.name === 'OperationError' && /empty/.test(e.message));
});

test('uncapturederror: addEventListener receives a GPUUncapturedErrorEvent', async () => {
  const device = await makeDevice();
  const next = nextUncapturedError(device);
  device.createBuffer({ size: 4, usage: 0 });
  const event = await next;
  assert.ok(event instanceof globals.GPUUncapturedErrorEvent);
  assert.ok(event instanceof Event);
  assert.equal(event.type, 'uncapturederror');
  assert.ok(event.error instanceof globals.GPUValidationError);
  assert.equal(event.error.code, 'BufferUsageEmpty');
});

test('uncapturederror is dispatched after the call returns (as a task)', async () => {
  const device = await makeDevice();
  let fired = false;
  device.addEventListener('uncapturederror', (e) => { fired = true; e.preventDefault(); });
  device.createBuffer({ size: 4, usage: 0 });
  assert.equal(fired, false);
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  assert.equal(fired, true);
});

test('onuncapturederror is an event handler attribute', async () => {
  const device = await makeDevice();
  assert.equal(device.onuncapturederror, null);
  const got = new Promise((resolve) => {
    device.onuncapturederror = (event) => { event.preventDefault(); resolve(event); };
  });
  assert.equal(typeof device.onuncapturederror, 'function');
  device.createBuffer({ size: 4, usage: 0 });
  const event = await got;
  assert.equal(event.error.code, 'BufferUsageEmpty');
  device.onuncapturederror = null;
  assert.equal(device.onuncapturederror, null);
});

test('errors in a scope do not reach uncapturederror', async () => {
  const device = await makeDevice();
  let fired = false;
  device.addEventListener('uncapturederror', () => { fired = true; });
  device.pushErrorScope('validation');
  device.createBuffer({ size: 4, usage: 0 });
  await device.popErrorScope();
  await new Promise((r) => setImmediate(r));
  assert.equal(fired, false);
});

test('device.lost resolves with a GPUDeviceLostInfo after destroy()', async () => {
  const device = await makeDevice();
  assert.ok(device.lost instanceof Promise);
  assert.equal(device.lost, device.lost);
  device.destroy();
  const info = await device.lost;
  assert.ok(info instanceof globals.GPUDeviceLostInfo);
  assert.equal(info.reason, 'destroyed');
  assert.equal(typeof info.message, 'string');
  device.destroy(); // twice is fine
  // A lost device's popErrorScope resolves with null, even with no scope pushed.
  assert.equal(await device.popErrorScope(), null);
  // Creation still returns objects; errors are not surfaced.
  assert.ok(device.createBuffer({ size: 4, usage: 0 }) instanceof globals.GPUBuffer);
});

test('two devices at once keep their own errors; objects only work with their own device', async () => {
  const a = await makeDevice();
  const b = await makeDevice();
  a.pushErrorScope('validation');
  b.pushErrorScope('validation');
  a.createBuffer({ size: 4, usage: 0 });
  assert.ok(await a.popErrorScope());
  assert.equal(await b.popErrorScope(), null);

  const layoutA = a.createBindGroupLayout({ entries: [] });
  b.pushErrorScope('validation');
  b.createBindGroup({ layout: layoutA, entries: [] });
  const error = await b.popErrorScope();
  assert.ok(error instanceof globals.GPUValidationError);
  assert.equal(error.code, 'ObjectFromOtherDevice');
});
