// GPUQuerySet and the commands that came with it (occlusion queries,
// timestampWrites, resolveQuerySet), the render pass state setters,
// setImmediates, and the copy commands, from JavaScript: the IDL conversions,
// a valid use, and a validation error with its code for each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const skip = typeof device.createQuerySet !== 'function' && 'no query sets in this build';

async function scoped(d, fn) {
  d.pushErrorScope('validation');
  fn();
  return d.popErrorScope();
}

const target = device.createTexture({ label: 'target', size: [16, 16], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });

// Encodes one render pass with `descriptorExtra`, runs `body(pass)`, finishes.
function renderPass(body, descriptorExtra = {}) {
  const encoder = device.createCommandEncoder({ label: 'frame' });
  const pass = encoder.beginRenderPass({
    label: 'scene', colorAttachments: [{ view: target, loadOp: 'clear', storeOp: 'store' }], ...descriptorExtra,
  });
  body(pass);
  pass.end();
  return encoder.finish();
}

test('createQuerySet: GPUQuerySet with type, count, label, destroy(); IDL and validation', { skip }, async () => {
  const querySet = device.createQuerySet({ label: 'occlusion', type: 'occlusion', count: 8 });
  assert.ok(querySet instanceof GPUQuerySet);
  assert.equal(querySet.type, 'occlusion');
  assert.equal(querySet.count, 8);
  assert.equal(querySet.label, 'occlusion');
  assert.throws(() => device.createQuerySet({ count: 1 }), { name: 'TypeError', message: /descriptor\.type is required/ });
  assert.throws(() => device.createQuerySet({ type: 'ocllusion', count: 1 }),
    { name: 'TypeError', message: /'ocllusion', which is not a valid value of enum GPUQueryType\. Did you mean 'occlusion'\?/ });
  assert.throws(() => device.createQuerySet(), { name: 'TypeError', message: /1 argument required/ });
  const tooMany = await scoped(device, () => device.createQuerySet({ type: 'occlusion', count: 4097 }));
  assert.equal(tooMany?.code, 'QuerySetCountExceedsLimit');
  // #dom-gpudevice-createqueryset: without 'timestamp-query', a TypeError (content timeline).
  assert.throws(() => device.createQuerySet({ type: 'timestamp', count: 2 }),
    { name: 'TypeError', message: /'timestamp-query' feature/ });
  querySet.destroy();
});

test('occlusion queries: the pass\'s occlusionQuerySet; begin/endOcclusionQuery', { skip }, async () => {
  const occlusionQuerySet = device.createQuerySet({ label: 'visible', type: 'occlusion', count: 2 });
  assert.equal(await scoped(device, () => renderPass((pass) => {
    pass.beginOcclusionQuery(0);
    pass.endOcclusionQuery();
    pass.beginOcclusionQuery(1);
    pass.endOcclusionQuery();
  }, { occlusionQuerySet })), null);
  const missing = await scoped(device, () => renderPass((pass) => {
    pass.beginOcclusionQuery(0);
    pass.endOcclusionQuery();
  }));
  assert.equal(missing?.code, 'OcclusionQuerySetMissing');
  assert.match(missing.message, /\[RenderPassEncoder "scene"\]/);
  const outOfRange = await scoped(device, () => renderPass((pass) => {
    pass.beginOcclusionQuery(2);
    pass.endOcclusionQuery();
  }, { occlusionQuerySet }));
  assert.equal(outOfRange?.code, 'OcclusionQueryIndexOutOfRange');
  assert.throws(() => renderPass(() => {}, { occlusionQuerySet: {} }),
    { name: 'TypeError', message: /descriptor\.occlusionQuerySet is an object, not a GPUQuerySet/ });
  const pass = device.createCommandEncoder().beginRenderPass({ colorAttachments: [{ view: target, loadOp: 'clear', storeOp: 'store' }] });
  assert.throws(() => pass.beginOcclusionQuery(), { name: 'TypeError', message: /1 argument required/ });
});

test('timestampWrites: the dictionaries convert; a timestamp feature is needed', { skip }, async () => {
  const querySet = device.createQuerySet({ type: 'occlusion', count: 2 });
  assert.throws(() => device.createCommandEncoder().beginComputePass({ timestampWrites: { beginningOfPassWriteIndex: 0 } }),
    { name: 'TypeError', message: /descriptor\.timestampWrites\.querySet is required \(member 'querySet' of GPUComputePassTimestampWrites\)/ });
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.beginComputePass({ timestampWrites: { querySet, beginningOfPassWriteIndex: 0 } }).end();
    encoder.finish();
  });
  assert.ok(error instanceof GPUValidationError, 'an occlusion set (and no feature) cannot take timestamps');
  const renderError = await scoped(device, () => renderPass(() => {}, { timestampWrites: { querySet, endOfPassWriteIndex: 1 } }));
  assert.ok(renderError instanceof GPUValidationError);
});

test('resolveQuerySet: into a QUERY_RESOLVE buffer; usage and alignment errors', { skip }, async () => {
  const querySet = device.createQuerySet({ label: 'visible', type: 'occlusion', count: 4 });
  const resolve = device.createBuffer({ label: 'results', size: 512, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const noUsage = device.createBuffer({ label: 'plain', size: 512, usage: GPUBufferUsage.COPY_SRC });
  const run = (destination, offset) => scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.resolveQuerySet(querySet, 0, 4, destination, offset);
    device.queue.submit([encoder.finish()]);
  });
  assert.equal(await run(resolve, 256), null);
  assert.equal((await run(noUsage, 0))?.code, 'ResolveDestinationUsageMissing');
  assert.equal((await run(resolve, 8))?.code, 'ResolveDestinationOffsetNotAligned');
  assert.throws(() => device.createCommandEncoder().resolveQuerySet(querySet, 0, 4, resolve),
    { name: 'TypeError', message: /5 arguments required, but only 4 present/ });
  assert.throws(() => device.createCommandEncoder().resolveQuerySet(resolve, 0, 4, resolve, 0),
    { name: 'TypeError', message: /querySet is an object, not a GPUQuerySet/ });
});

test('render pass state: setViewport, setScissorRect, setBlendConstant, setStencilReference', { skip }, async () => {
  assert.equal(await scoped(device, () => renderPass((pass) => {
    pass.setViewport(0, 0, 16, 16, 0, 1);
    pass.setScissorRect(0, 0, 8, 8);
    pass.setBlendConstant([0.5, 0.5, 0.5, 1]);
    pass.setBlendConstant({ r: 1, g: 1, b: 1, a: 1 });
    pass.setStencilReference(7);
  })), null);
  const depth = await scoped(device, () => renderPass((pass) => pass.setViewport(0, 0, 16, 16, 0.8, 0.2)));
  assert.equal(depth?.code, 'ViewportDepthRangeInvalid');
  const scissor = await scoped(device, () => renderPass((pass) => pass.setScissorRect(8, 8, 16, 16)));
  assert.equal(scissor?.code, 'ScissorRectOutOfBounds');
  const pass = device.createCommandEncoder().beginRenderPass({ colorAttachments: [{ view: target, loadOp: 'clear', storeOp: 'store' }] });
  assert.throws(() => pass.setViewport(0, 0, 16, 16, 0), { name: 'TypeError', message: /6 arguments required, but only 5 present/ });
  assert.throws(() => pass.setViewport(0, NaN, 16, 16, 0, 1), { name: 'TypeError', message: /GPURenderPassEncoder\.setViewport: y is NaN/ });
  assert.throws(() => pass.setBlendConstant([1, 1, 1]), { name: 'TypeError', message: /color is a sequence of 3 values/ });
  assert.throws(() => pass.setScissorRect(-1, 0, 1, 1), { name: 'TypeError', message: /x is -1, which is outside the range/ });
});

test('setImmediates: the OperationErrors of the content timeline; a validation error', { skip }, async () => {
  const pass = device.createCommandEncoder().beginComputePass();
  assert.throws(() => pass.setImmediates(0, new Uint8Array(3)), { name: 'OperationError' });
  assert.throws(() => pass.setImmediates(0, new Uint32Array(4), 2, 4), { name: 'OperationError' });
  assert.throws(() => pass.setImmediates(0, 'bytes'), { name: 'TypeError', message: /data is 'bytes', not an ArrayBuffer/ });
  const misaligned = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const p = encoder.beginComputePass();
    p.setImmediates(2, new Uint32Array(1));
    p.end();
    encoder.finish();
  });
  assert.equal(misaligned?.code, 'ImmediatesRangeOffsetNotAligned');
  assert.equal(await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const p = encoder.beginComputePass();
    p.setImmediates(0, new Uint32Array([1, 2, 3, 4]), 1, 2);
    p.end();
    encoder.finish();
  }), null);
  const bundle = device.createRenderBundleEncoder({ colorFormats: ['rgba8unorm'] });
  assert.equal(typeof bundle.setImmediates, 'function');
});

test('copies: copyBufferToBuffer (both overloads) and clearBuffer move bytes at submit', { skip }, async () => {
  const source = device.createBuffer({ label: 'source', size: 16, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  const destination = device.createBuffer({ label: 'destination', size: 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  device.queue.writeBuffer(source, 0, new Uint32Array([1, 2, 3, 4]));
  assert.equal(await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(source, destination);
    encoder.copyBufferToBuffer(source, 0, destination, 8, 4);
    encoder.clearBuffer(destination, 12);
    device.queue.submit([encoder.finish()]);
  }), null);
  await destination.mapAsync(GPUMapMode.READ);
  assert.deepEqual([...new Uint32Array(destination.getMappedRange())], [1, 2, 1, 0]);
  destination.unmap();
  const usage = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.copyBufferToBuffer(destination, source, 4);
    encoder.finish();
  });
  assert.equal(usage?.code, 'BufferCopyUsageMissing');
  assert.match(usage.message, /\[Buffer "destination"\]/);
  const encoder = device.createCommandEncoder();
  assert.throws(() => encoder.copyBufferToBuffer(source), { name: 'TypeError', message: /2 arguments required/ });
  assert.throws(() => encoder.copyBufferToBuffer(source, 0, {}, 0), { name: 'TypeError', message: /destination is an object, not a GPUBuffer/ });
  assert.throws(() => encoder.clearBuffer(source, -4), { name: 'TypeError', message: /offset is -4/ });
});

test('copies: writeTexture, copyTextureToTexture and copyTextureToBuffer read the texels back', { skip }, async () => {
  const a = device.createTexture({ label: 'a', size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC });
  const b = device.createTexture({ label: 'b', size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC });
  const texels = new Uint8Array(64).map((_, i) => i);
  device.queue.writeTexture({ texture: a }, texels, { bytesPerRow: 16 }, [4, 4]);
  const readback = device.createBuffer({ size: 256 * 4, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const upload = device.createBuffer({ size: 256 * 4, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  assert.equal(await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.copyTextureToTexture({ texture: a }, { texture: b, origin: { x: 0, y: 0 } }, { width: 4, height: 4 });
    encoder.copyTextureToBuffer({ texture: b }, { buffer: readback, bytesPerRow: 256 }, [4, 4]);
    encoder.copyBufferToTexture({ buffer: upload, bytesPerRow: 256 }, { texture: a, origin: [0, 0, 0] }, [4, 4, 1]);
    device.queue.submit([encoder.finish()]);
  }), null);
  await readback.mapAsync(GPUMapMode.READ);
  const rows = new Uint8Array(readback.getMappedRange());
  assert.deepEqual([...rows.subarray(256, 272)], [...texels.subarray(16, 32)]);
  readback.unmap();
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.copyTextureToBuffer({ texture: a }, { buffer: readback, bytesPerRow: 100 }, [4, 4]);
    encoder.finish();
  });
  assert.ok(error instanceof GPUValidationError, 'bytesPerRow must be a multiple of 256');
  assert.throws(() => device.createCommandEncoder().copyTextureToBuffer({ texture: a }, {}, [1]),
    { name: 'TypeError', message: /destination\.buffer is required/ });
  assert.throws(() => device.createCommandEncoder().copyBufferToTexture({ buffer: upload }, { texture: a }),
    { name: 'TypeError', message: /3 arguments required, but only 2 present/ });
});
