// The process exits by itself when a script is done; objects and buffers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScript, makeDevice } from './helpers.mjs';

test('a script exits by itself, even with devices, errors and pending lost promises', () => {
  const started = Date.now();
  const r = runScript(`
const { create, globals } = require('bindery');
(async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  const a = await adapter.requestDevice();
  const b = await adapter.requestDevice();
  a.lost.then(() => console.log('never'));
  a.pushErrorScope('validation');
  a.createBuffer({ size: 4, usage: 0 });
  await a.popErrorScope();
  b.onuncapturederror = (e) => e.preventDefault();
  b.createBuffer({ size: 4, usage: 0 });
  console.log('done');
})();`, { timeout: 10000 });
  assert.equal(r.signal, null, 'killed by the timeout: the process did not exit by itself');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'done');
  assert.ok(Date.now() - started < 10000);
});

test('GPUBuffer: size, usage, mapState, label', async () => {
  const device = await makeDevice();
  const buffer = device.createBuffer({ label: 'b', size: 64, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  assert.equal(buffer.size, 64);
  assert.equal(buffer.usage, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST);
  assert.equal(buffer.mapState, 'unmapped');
  assert.equal(buffer.label, 'b');
  buffer.label = 'c';
  assert.equal(buffer.label, 'c');
  buffer.destroy();
});

test('mappedAtCreation: RangeError when size is not a multiple of 4', async () => {
  const device = await makeDevice();
  assert.throws(() => device.createBuffer({ size: 6, usage: GPUBufferUsage.UNIFORM, mappedAtCreation: true }), {
    name: 'RangeError', message: /multiple of 4/,
  });
});

test('mappedAtCreation: getMappedRange gives ArrayBuffers, detached by unmap', async () => {
  const device = await makeDevice();
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM, mappedAtCreation: true });
  assert.equal(buffer.mapState, 'mapped');
  const whole = buffer.getMappedRange();
  assert.ok(whole instanceof ArrayBuffer);
  assert.equal(whole.byteLength, 16);
  new Float32Array(whole).set([1, 2, 3, 4]);
  buffer.unmap();
  assert.equal(buffer.mapState, 'unmapped');
  assert.equal(whole.byteLength, 0, 'detached');
  assert.throws(() => buffer.getMappedRange(), (e) => e instanceof DOMException && e.name === 'OperationError');
});

test('getMappedRange: sub-ranges, overlap and alignment', async () => {
  const device = await makeDevice();
  const buffer = device.createBuffer({ size: 32, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  const a = buffer.getMappedRange(0, 8);
  const b = buffer.getMappedRange(8, 24);
  assert.equal(a.byteLength, 8);
  assert.equal(b.byteLength, 24);
  assert.throws(() => buffer.getMappedRange(0, 4), { name: 'OperationError' });
  buffer.unmap();
  const c = device.createBuffer({ size: 32, usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  assert.throws(() => c.getMappedRange(4, 4), { name: 'OperationError' });
  assert.throws(() => c.getMappedRange(0, -1), TypeError);
});

test('GPUTexture attributes and createView', async () => {
  const device = await makeDevice();
  const texture = device.createTexture({
    label: 't', size: { width: 16, height: 8, depthOrArrayLayers: 2 }, mipLevelCount: 3,
    format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
  });
  assert.deepEqual([texture.width, texture.height, texture.depthOrArrayLayers], [16, 8, 2]);
  assert.equal(texture.mipLevelCount, 3);
  assert.equal(texture.format, 'rgba8unorm');
  assert.equal(texture.dimension, '2d');
  assert.equal(texture.usage, GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST);
  const view = texture.createView({ label: 'v', dimension: '2d', baseArrayLayer: 1 });
  assert.ok(view instanceof GPUTextureView);
  assert.equal(view.label, 'v');
  assert.ok(texture.createView() instanceof GPUTextureView);
  texture.destroy();
});

test('GPUSampler, GPUBindGroupLayout, GPUBindGroup, GPUPipelineLayout', async () => {
  const device = await makeDevice();
  const sampler = device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
  assert.ok(sampler instanceof GPUSampler);
  const layout = device.createBindGroupLayout({
    label: 'material',
    entries: [
      { binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: {} },
      { binding: 1, visibility: GPUShaderStage.FRAGMENT, sampler: {} },
      { binding: 2, visibility: GPUShaderStage.FRAGMENT, texture: {} },
    ],
  });
  assert.ok(layout instanceof GPUBindGroupLayout);
  const buffer = device.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
  const texture = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  device.pushErrorScope('validation');
  const group = device.createBindGroup({
    layout,
    entries: [
      { binding: 0, resource: { buffer, offset: 0, size: 96 } },
      { binding: 1, resource: sampler },
      { binding: 2, resource: texture.createView() },
    ],
  });
  assert.ok(group instanceof GPUBindGroup);
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout, null] });
  assert.ok(pipelineLayout instanceof GPUPipelineLayout);
  assert.equal(await device.popErrorScope(), null);
});
