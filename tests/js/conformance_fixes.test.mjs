// What the API conformance tests showed (issue 19), judged against the spec:
// mapAsync's failures found on the device timeline reject later through the
// map failure steps (#dom-gpubuffer-mapasync); createComputePipelineAsync /
// createRenderPipelineAsync on a lost device resolve; a 'timestamp' query set
// without the feature is a TypeError (#dom-gpudevice-createqueryset); a
// multisampled pipeline may target a format without multisampling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();

// Settles `promise` into 'resolved' / the rejection's name, and says whether
// it had settled before a macrotask passed.
async function outcome(promise) {
  let settledEarly = false;
  const result = promise.then(() => 'resolved', (e) => e.name);
  result.then(() => { settledEarly = true; });
  await null;
  await null;
  const early = settledEarly;
  return { name: await result, early };
}

test('mapAsync: device-timeline failures are validation errors now and reject later', async () => {
  const cases = [
    ['usage', () => device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST }), [GPUMapMode.READ], 'BufferMapUsageMissing'],
    ['offset alignment', () => device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ }), [GPUMapMode.READ, 4], 'BufferMapOffsetNotAligned'],
    ['size alignment', () => device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ }), [GPUMapMode.READ, 0, 6], 'BufferMapSizeNotAligned'],
    ['range', () => device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ }), [GPUMapMode.READ, 8, 16], 'BufferMapOutOfBounds'],
    ['mode bits', () => device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ }), [GPUMapMode.READ | GPUMapMode.WRITE], 'BufferMapModeInvalid'],
    ['destroyed', () => { const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ }); b.destroy(); return b; }, [GPUMapMode.READ], 'BufferDestroyed'],
  ];
  for (const [what, make, args, code] of cases) {
    const buffer = make();
    device.pushErrorScope('validation');
    const promise = buffer.mapAsync(...args);
    assert.equal(buffer.mapState, 'pending', what);
    const error = await device.popErrorScope();
    assert.equal(error?.code, code, what);
    const { name, early } = await outcome(promise);
    assert.equal(name, 'OperationError', what);
    assert.equal(early, false, `${what}: rejected at once`);
    assert.equal(buffer.mapState, 'unmapped', what);
  }
});

test('mapAsync: an invalid buffer rejects later with AbortError and no validation error', async () => {
  device.pushErrorScope('validation');
  const invalid = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.MAP_WRITE });
  assert.ok(await device.popErrorScope());
  device.pushErrorScope('validation');
  const promise = invalid.mapAsync(GPUMapMode.READ);
  assert.equal(invalid.mapState, 'pending');
  assert.equal(await device.popErrorScope(), null);
  const { name, early } = await outcome(promise);
  assert.equal(name, 'AbortError');
  assert.equal(early, false);
});

test('mapAsync: unmap() before a failing map settles rejects it with AbortError', async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST });
  device.pushErrorScope('validation');
  const promise = buffer.mapAsync(GPUMapMode.READ);
  await device.popErrorScope();
  buffer.unmap();
  assert.equal(buffer.mapState, 'unmapped');
  await assert.rejects(promise, { name: 'AbortError' });
  // The buffer failed validation, so the GPU may use it meanwhile.
  device.pushErrorScope('validation');
  const again = buffer.mapAsync(GPUMapMode.READ);
  const encoder = device.createCommandEncoder();
  encoder.clearBuffer(buffer);
  device.queue.submit([encoder.finish()]);
  const errors = await device.popErrorScope();
  assert.equal(errors?.code, 'BufferMapUsageMissing');
  await assert.rejects(again, { name: 'OperationError' });
});

test('mapAsync: a mapped or pending buffer still rejects at once (the early-reject steps)', async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
  const first = buffer.mapAsync(GPUMapMode.READ);
  device.pushErrorScope('validation');
  const { name, early } = await outcome(buffer.mapAsync(GPUMapMode.READ));
  assert.equal(name, 'OperationError');
  assert.equal(early, true);
  assert.equal((await device.popErrorScope())?.code, 'BufferMapStateNotUnmapped');
  await first;
  buffer.unmap();
});

test('createComputePipelineAsync / createRenderPipelineAsync on a destroyed device resolve', async () => {
  const lost = await makeDevice();
  const module = lost.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
  lost.destroy();
  await lost.lost;
  // Valid or not, the descriptor is not looked at: no rejection.
  const compute = await lost.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'missing' } });
  assert.ok(compute instanceof GPUComputePipeline);
  const render = await lost.createRenderPipelineAsync({ layout: 'auto', vertex: { module, entryPoint: 'nope' } });
  assert.ok(render instanceof GPURenderPipeline);
});

test('a pipeline made while the device is alive but resolved after it is lost resolves', async () => {
  const d = await makeDevice();
  const module = d.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
  const pending = d.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'missing' } });
  d.destroy();
  assert.ok((await pending) instanceof GPUComputePipeline);
});

test("createQuerySet({type: 'timestamp'}) without 'timestamp-query' is a TypeError", async () => {
  assert.throws(() => device.createQuerySet({ type: 'timestamp', count: 2 }),
    { name: 'TypeError', message: /'timestamp-query'/ });
  assert.ok(device.createQuerySet({ type: 'occlusion', count: 2 }) instanceof GPUQuerySet);
  const adapter = await (await import('bindery')).create(['backend=null']).requestAdapter();
  if (!adapter.features.has('timestamp-query')) return;
  const withFeature = await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
  assert.ok(withFeature.createQuerySet({ type: 'timestamp', count: 2 }) instanceof GPUQuerySet);
});

test('createRenderPipeline: multisample.count 4 with an rgba32float target is valid', async () => {
  const module = device.createShaderModule({ code: `
@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0.0); }
@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }` });
  device.pushErrorScope('validation');
  device.createRenderPipeline({ layout: 'auto', vertex: { module }, multisample: { count: 4 },
    fragment: { module, targets: [{ format: 'rgba32float' }] } });
  assert.equal(await device.popErrorScope(), null);
});
