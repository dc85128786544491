// GPUQueue (writeBuffer, onSubmittedWorkDone, submit) and GPUBuffer.mapAsync:
// promises that settle on a later turn of the event loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice, nextUncapturedError } from './helpers.mjs';

const device = await makeDevice();
const skip = typeof device.queue.writeBuffer !== 'function' && 'the C++ queue has not landed';

test('writeBuffer then mapAsync(READ) reads the bytes back', { skip }, async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  device.queue.writeBuffer(buffer, 0, new Uint32Array([1, 2, 3, 4]));
  const promise = buffer.mapAsync(GPUMapMode.READ);
  assert.ok(promise instanceof Promise);
  assert.equal(buffer.mapState, 'pending');
  await promise;
  assert.equal(buffer.mapState, 'mapped');
  assert.deepEqual([...new Uint32Array(buffer.getMappedRange())], [1, 2, 3, 4]);
  buffer.unmap();
});

test('writeBuffer: dataOffset and size count elements of a typed array', { skip }, async () => {
  const buffer = device.createBuffer({ size: 8, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  device.queue.writeBuffer(buffer, 0, new Uint32Array([9, 8, 7, 6]), 1, 2);
  await buffer.mapAsync(GPUMapMode.READ);
  assert.deepEqual([...new Uint32Array(buffer.getMappedRange())], [8, 7]);
  buffer.unmap();
});

test('mapAsync(WRITE): writes land in the buffer at unmap', { skip }, async () => {
  const src = device.createBuffer({ size: 8, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC });
  await src.mapAsync(GPUMapMode.WRITE);
  new Uint32Array(src.getMappedRange()).set([5, 6]);
  src.unmap();
  await src.mapAsync(GPUMapMode.WRITE);
  assert.deepEqual([...new Uint32Array(src.getMappedRange())], [5, 6]);
  src.unmap();
});

test('mappedAtCreation writes are kept; READ-mapped writes are not', { skip }, async () => {
  const buffer = device.createBuffer({ size: 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, mappedAtCreation: true });
  new Uint32Array(buffer.getMappedRange()).set([11, 12]);
  buffer.unmap();
  await buffer.mapAsync(GPUMapMode.READ);
  const range = new Uint32Array(buffer.getMappedRange());
  assert.deepEqual([...range], [11, 12]);
  range[0] = 99;
  buffer.unmap();
  await buffer.mapAsync(GPUMapMode.READ);
  assert.deepEqual([...new Uint32Array(buffer.getMappedRange())], [11, 12]);
  buffer.unmap();
});

test('mapAsync rejects: OperationError when already pending, AbortError on unmap', { skip }, async () => {
  const buffer = device.createBuffer({ size: 8, usage: GPUBufferUsage.MAP_READ });
  const first = buffer.mapAsync(GPUMapMode.READ);
  device.pushErrorScope('validation');
  await assert.rejects(buffer.mapAsync(GPUMapMode.READ), { name: 'OperationError' });
  assert.equal((await device.popErrorScope())?.code, 'BufferMapStateNotUnmapped');
  buffer.unmap();
  await assert.rejects(first, { name: 'AbortError' });
  await assert.rejects(buffer.mapAsync(), { name: 'TypeError', message: /1 argument required/ });
});

test('onSubmittedWorkDone resolves; submit([]) is valid', { skip }, async () => {
  device.queue.submit([]);
  const done = device.queue.onSubmittedWorkDone();
  assert.ok(done instanceof Promise);
  assert.equal(await done, undefined);
  assert.throws(() => device.queue.submit([{}]), /commandBuffers\[0\] is an object, not a GPUCommandBuffer/);
});

test('writeBuffer: validation errors and OperationErrors', { skip }, async () => {
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM });
  const next = nextUncapturedError(device);
  device.queue.writeBuffer(buffer, 0, new Uint8Array(4));
  assert.ok((await next).error instanceof GPUValidationError);
  const ok = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_DST });
  assert.throws(() => device.queue.writeBuffer(ok, 0, new Uint8Array(3)), { name: 'OperationError' });
  assert.throws(() => device.queue.writeBuffer(ok, 0, 'bytes'), /data is 'bytes', not an ArrayBuffer/);
  assert.throws(() => device.queue.writeBuffer(ok, 0), /3 arguments required/);
});
