// Choosing a backend (create(['backend=vulkan' | 'null' | 'auto'])), backend
// failures as the right GPUError class (injected into the null device), and
// completion that neither spins nor keeps a finished process alive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { create, globals } from 'bindery';
import { runScript } from './helpers.mjs';

const { native } = (await import('../../bindings/node/lib/native.js')).default;

const kNullDescription = 'bindery validating null device';

test('backend=null gives the null device', async () => {
  const adapter = await create(['backend=null']).requestAdapter();
  assert.ok(adapter instanceof globals.GPUAdapter);
  assert.equal(adapter.info.description, kNullDescription);
  assert.equal(adapter.info.isFallbackAdapter, false);
  // The null adapter is not a fallback adapter: forceFallbackAdapter gives none.
  assert.equal(await create(['backend=null']).requestAdapter({ forceFallbackAdapter: true }), null);
});

test('backend=vulkan gives a Vulkan adapter or null; create([]) is auto', async () => {
  const vulkan = await create(['backend=vulkan']).requestAdapter();
  if (vulkan !== null) assert.notEqual(vulkan.info.description, kNullDescription);
  for (const flags of [[], ['backend=auto']]) {
    const adapter = await create(flags).requestAdapter();
    assert.ok(adapter, JSON.stringify(flags));
    // auto: Vulkan when it has a usable device, else the null device.
    assert.equal(adapter.info.description, vulkan ? vulkan.info.description : kNullDescription);
  }
  const fallback = await create(['backend=vulkan']).requestAdapter({ forceFallbackAdapter: true });
  if (fallback !== null) assert.equal(fallback.info.isFallbackAdapter, true);
});

test('an unknown backend is an error that lists the accepted ones', () => {
  assert.throws(() => create(['backend=metal']), {
    message: "bindery.create: flag 'backend=metal' has an unknown value; valid: " +
      'backend=vulkan|null|auto (accepted backends: vulkan, null, auto)',
  });
  assert.throws(() => create(['backend=']), /accepted backends: vulkan, null, auto/);
});

async function nullDevice() {
  return (await create(['backend=null']).requestAdapter()).requestDevice();
}

test('backend out-of-memory is a GPUOutOfMemoryError; internal a GPUInternalError', async () => {
  const device = await nullDevice();
  assert.equal(native.injectBackendFailureForTesting(device, 'createWidget', 'internal'), false);
  assert.equal(native.injectBackendFailureForTesting(device, 'createBuffer', 'out-of-memory'), true);
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  device.createBuffer({ label: 'big', size: 16, usage: GPUBufferUsage.COPY_DST });
  const oom = await device.popErrorScope();
  assert.ok(oom instanceof globals.GPUOutOfMemoryError, String(oom));
  assert.match(oom.message, /createBuffer\(\[Buffer "big"\]\).*ran out of memory/s);
  assert.equal(await device.popErrorScope(), null, 'not a validation error');

  assert.equal(native.injectBackendFailureForTesting(device, 'createSampler', 'internal'), true);
  device.pushErrorScope('internal');
  device.createSampler();
  const internal = await device.popErrorScope();
  assert.ok(internal instanceof globals.GPUInternalError, String(internal));
  assert.match(internal.message, /internal error injected/);
});

test('backend device loss resolves device.lost and settles pending promises', async () => {
  const device = await nullDevice();
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
  assert.equal(native.injectBackendFailureForTesting(device, 'submit', 'device-lost'), true);
  const done = device.queue.onSubmittedWorkDone();
  device.queue.submit([device.createCommandEncoder().finish()]);
  const info = await device.lost;
  assert.equal(info.reason, 'unknown');
  assert.match(info.message, /device lost injected/);
  await done;
  await assert.rejects(buffer.mapAsync(GPUMapMode.READ), { name: 'AbortError' });
});

test('a process with pending GPU work exits by itself once it completes (every backend)', () => {
  for (const backend of ['null', 'auto']) {
    const started = Date.now();
    const r = runScript(`
const { create, globals } = require('bindery');
Object.assign(globalThis, globals);
(async () => {
  const device = await (await create(['backend=${backend}']).requestAdapter()).requestDevice();
  const src = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  const dst = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(src, 0, new Uint32Array([1, 2, 3, 4]));
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(src, 0, dst, 0, 16);
  device.queue.submit([encoder.finish()]);
  await device.queue.onSubmittedWorkDone();
  await dst.mapAsync(GPUMapMode.READ);
  console.log(Array.from(new Uint32Array(dst.getMappedRange())).join(','));
})();
`);
    assert.equal(r.status, 0, `${backend}: ${r.stderr}`);
    assert.equal(r.stdout.trim(), '1,2,3,4', backend);
    assert.ok(Date.now() - started < 15000, `${backend}: the process ended by itself`);
  }
});
