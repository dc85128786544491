// The addon's GPU waiter (bindings/node/src/device_waiter.cpp, issue 12): one
// persistent thread per device waits for the GPU, never a thread per wait;
// completions resolve in call order; an idle process uses no CPU and exits by
// itself; device.destroy() with work pending hangs nothing. On Vulkan
// (the null device completes everything at once, so nothing waits there);
// skipped, with the reason, where no Vulkan adapter exists.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { create, globals } from 'bindery';
import { runScript } from './helpers.mjs';

Object.assign(globalThis, globals);

const gpu = create(['backend=vulkan']);
const skip = (await gpu.requestAdapter()) ? false
  : 'no Vulkan adapter (requestAdapter() with backend=vulkan resolved null)';

const threadIds = () => fs.readdirSync('/proc/self/task');
const threadCount = () => Number(/Threads:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);

// Work that keeps the GPU busy a little: a dispatch over a storage buffer.
function busyWork(device) {
  const buffer = device.createBuffer({ size: 1 << 16, usage: GPUBufferUsage.STORAGE });
  const pipeline = device.createComputePipeline({
    layout: 'auto',
    compute: {
      module: device.createShaderModule({
        code: `@group(0) @binding(0) var<storage, read_write> d: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  var x = id.x; for (var i = 0u; i < 64u; i++) { x = x * 1664525u + 1013904223u; } d[id.x] = x; }`,
      }),
    },
  });
  const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer } }] });
  return () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(256);
    pass.end();
    device.queue.submit([encoder.finish()]);
  };
}

test('many concurrent waits resolve in call order, on one waiter thread', { skip }, async () => {
  const device = await (await gpu.requestAdapter()).requestDevice();
  const submit = busyWork(device);
  const order = [];
  const promises = [];
  const before = threadCount();
  let most = before;
  for (let i = 0; i < 200; i++) {
    submit();
    if (i % 3 === 2) {
      const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
      promises.push(b.mapAsync(GPUMapMode.READ).then(() => order.push(i)));
    } else {
      promises.push(device.queue.onSubmittedWorkDone().then(() => order.push(i)));
    }
    if (i % 20 === 0) {
      await new Promise((r) => setImmediate(r));
      most = Math.max(most, threadCount());
    }
  }
  await Promise.all(promises);
  most = Math.max(most, threadCount());
  assert.deepEqual(order, [...order].sort((a, b) => a - b));
  assert.equal(order.length, 200);
  // One persistent thread for the device, made at its first wait.
  assert.ok(most - before <= 1, `threads grew from ${before} to ${most}`);
  // Further waits run on the same thread: sampled while 30 sequential waits
  // are pending, no thread appears that was not there before them (a thread
  // per wait would show up as new thread ids).
  const known = new Set(threadIds());
  const seen = new Set();
  let sampling = true;
  const sample = () => {
    for (const id of threadIds()) seen.add(id);
    if (sampling) setImmediate(sample);
  };
  sample();
  for (let i = 0; i < 30; i++) {
    submit();
    await device.queue.onSubmittedWorkDone();
  }
  sampling = false;
  const fresh = [...seen].filter((id) => !known.has(id));
  assert.deepEqual(fresh, [], 'threads made during the waits');
  device.destroy();
});

test('an idle device uses no CPU, and the process exits by itself when nothing is pending', { skip }, () => {
  const r = runScript(`
    const { create, globals } = require('bindery');
    Object.assign(globalThis, globals);
    (async () => {
      const device = await (await create(['backend=vulkan']).requestAdapter()).requestDevice();
      const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
      await b.mapAsync(GPUMapMode.READ);
      await device.queue.onSubmittedWorkDone();
      const start = process.cpuUsage();
      const t0 = Date.now();
      await new Promise((r) => setTimeout(r, 500));
      const used = process.cpuUsage(start);
      console.log(JSON.stringify({ cpuMs: (used.user + used.system) / 1000, wallMs: Date.now() - t0 }));
      // No exit call: the loop must end by itself with the device alive.
    })();
  `);
  assert.equal(r.status, 0, r.stderr);
  const { cpuMs, wallMs } = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.ok(cpuMs < 0.1 * wallMs, `idle CPU ${cpuMs} ms over ${wallMs} ms`);
});

test('device.destroy() with waits pending settles them and the process exits', { skip }, () => {
  const r = runScript(`
    const { create, globals } = require('bindery');
    Object.assign(globalThis, globals);
    (async () => {
      const device = await (await create(['backend=vulkan']).requestAdapter()).requestDevice();
      const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ });
      const map = b.mapAsync(GPUMapMode.READ).then(() => 'resolved', (e) => e.name);
      const done = device.queue.onSubmittedWorkDone().then(() => 'resolved', (e) => e.name);
      device.destroy();
      console.log(JSON.stringify({ map: await map, done: await done, lost: (await device.lost).reason }));
    })();
  `, { timeout: 15000 });
  assert.equal(r.status, 0, `status ${r.status} signal ${r.signal}: ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(out.lost, 'destroyed');
  assert.equal(out.done, 'resolved');
  assert.equal(out.map, 'AbortError');
});
