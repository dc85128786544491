// AllowSharedBufferSource (#typedefdef-allowsharedbuffersource): queue.writeBuffer,
// queue.writeTexture and setImmediates take typed arrays and DataViews over a
// SharedArrayBuffer and a bare SharedArrayBuffer, with dataOffset / size in
// elements of a typed array (bytes otherwise); setBindGroup's [AllowShared]
// Uint32Array overload; getMappedRange gives ArrayBuffers (never shared),
// also for a zero-sized mapping (issue 19).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();

async function scoped(fn) {
  device.pushErrorScope('validation');
  fn();
  return device.popErrorScope();
}

async function readBack(buffer, size) {
  const readback = device.createBuffer({ size, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(buffer, 0, readback, 0, size);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const bytes = [...new Uint8Array(readback.getMappedRange())];
  readback.unmap();
  return bytes;
}

function sharedBytes(values) {
  const sab = new SharedArrayBuffer(values.length);
  new Uint8Array(sab).set(values);
  return sab;
}

test('writeBuffer: a Uint32Array over a SharedArrayBuffer, offsets in elements', async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  const words = new Uint32Array(new SharedArrayBuffer(24), 4, 4);  // a view at byte 4
  words.set([0x01010101, 0x02020202, 0x03030303, 0x04040404]);
  assert.equal(await scoped(() => device.queue.writeBuffer(buffer, 4, words, 1, 2)), null);
  assert.deepEqual(await readBack(buffer, 16),
    [0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 0, 0, 0, 0]);
  // dataOffset + size past the end, in elements: an OperationError.
  assert.throws(() => device.queue.writeBuffer(buffer, 0, words, 3, 2), { name: 'OperationError' });
});

test('writeBuffer: a DataView over a SharedArrayBuffer and a bare SharedArrayBuffer count bytes', async () => {
  const buffer = device.createBuffer({ size: 8, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  const sab = sharedBytes([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  const view = new DataView(sab, 2, 8);
  assert.equal(await scoped(() => device.queue.writeBuffer(buffer, 0, view, 4, 4)), null);
  assert.equal(await scoped(() => device.queue.writeBuffer(buffer, 4, sab, 8, 4)), null);
  assert.deepEqual(await readBack(buffer, 8), [7, 8, 9, 10, 9, 10, 11, 12]);
  assert.throws(() => device.queue.writeBuffer(buffer, 0, sab, 10, 4), { name: 'OperationError' });
});

test('writeTexture: every shared form', async () => {
  const texture = device.createTexture({ size: [2, 2], format: 'r8uint', usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC });
  const readback = device.createBuffer({ size: 512, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  async function texels() {
    const encoder = device.createCommandEncoder();
    encoder.copyTextureToBuffer({ texture }, { buffer: readback, bytesPerRow: 256 }, [2, 2]);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const bytes = new Uint8Array(readback.getMappedRange());
    const out = [bytes[0], bytes[1], bytes[256], bytes[257]];
    readback.unmap();
    return out;
  }
  const sab = sharedBytes([10, 11, 12, 13, 14, 15]);
  const forms = [
    [sab, { offset: 2, bytesPerRow: 2 }, [12, 13, 14, 15]],
    [new Uint8Array(sab, 1, 4), { bytesPerRow: 2 }, [11, 12, 13, 14]],
    [new Uint16Array(sab, 0, 3), { offset: 0, bytesPerRow: 2 }, [10, 11, 12, 13]],
    [new DataView(sab, 2), { bytesPerRow: 2 }, [12, 13, 14, 15]],
  ];
  for (const [data, layout, expected] of forms) {
    assert.equal(await scoped(() => device.queue.writeTexture({ texture }, data, layout, [2, 2])), null,
      `${data.constructor.name}`);
    assert.deepEqual(await texels(), expected, `${data.constructor.name}`);
  }
});

test('setImmediates: shared typed arrays count elements, a bare SharedArrayBuffer bytes', async () => {
  const words = new Uint32Array(new SharedArrayBuffer(16));
  assert.equal(await scoped(() => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setImmediates(0, words, 1, 2);
    pass.setImmediates(0, new DataView(words.buffer), 4, 8);
    pass.setImmediates(0, words.buffer, 8, 8);
    pass.end();
    encoder.finish();
  }), null);
  const pass = device.createCommandEncoder().beginComputePass();
  // 2 + 4 elements of 4 bytes: past the 4 elements.
  assert.throws(() => pass.setImmediates(0, words, 2, 4), { name: 'OperationError' });
  // In bytes for a bare buffer: 3 bytes is not a multiple of 4.
  assert.throws(() => pass.setImmediates(0, new SharedArrayBuffer(3)), { name: 'OperationError' });
});

test('setBindGroup: the [AllowShared] Uint32Array overload and a shared offsets sequence', async () => {
  const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { hasDynamicOffset: true } }] });
  const buffer = device.createBuffer({ size: 1024, usage: GPUBufferUsage.UNIFORM });
  const group = device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer, size: 16 } }] });
  const offsets = new Uint32Array(new SharedArrayBuffer(12));
  offsets.set([4, 256, 4]);
  assert.equal(await scoped(() => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setBindGroup(0, group, offsets, 1, 1);
    pass.setBindGroup(0, group, offsets.subarray(1, 2));
    pass.end();
    encoder.finish();
  }), null);
  const misaligned = await scoped(() => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setBindGroup(0, group, offsets, 0, 1);
    pass.end();
    encoder.finish();
  });
  assert.equal(misaligned?.code, 'DynamicOffsetNotAligned');
  const pass = device.createCommandEncoder().beginComputePass();
  assert.throws(() => pass.setBindGroup(0, group, offsets, 2, 2), { name: 'RangeError' });
});

test('getMappedRange gives ArrayBuffers, not SharedArrayBuffers; a zero-sized mapping is valid', async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
  await buffer.mapAsync(GPUMapMode.READ, 0, 0);
  assert.equal(buffer.mapState, 'mapped');
  const empty = buffer.getMappedRange(0, 0);
  assert.ok(empty instanceof ArrayBuffer);
  assert.equal(empty.byteLength, 0);
  buffer.unmap();
  await buffer.mapAsync(GPUMapMode.READ);
  const range = buffer.getMappedRange(8);
  assert.ok(range instanceof ArrayBuffer);
  assert.ok(!(range instanceof SharedArrayBuffer));
  assert.equal(range.byteLength, 8);
  buffer.unmap();
  assert.equal(range.byteLength, 0, 'detached by unmap');
  // A zero-sized buffer maps to a zero-sized range.
  const none = device.createBuffer({ size: 0, usage: GPUBufferUsage.MAP_WRITE });
  await none.mapAsync(GPUMapMode.WRITE);
  assert.equal(none.getMappedRange().byteLength, 0);
  none.unmap();
  const created = device.createBuffer({ size: 0, usage: GPUBufferUsage.COPY_DST, mappedAtCreation: true });
  assert.equal(created.getMappedRange(0, 0).byteLength, 0);
  created.unmap();
});
