// Compute on the GPU through the addon: create(['backend=vulkan']) runs seed
// 000's programs and the values read back are the GPU's (issue 14). Skipped,
// with the reason, where no Vulkan adapter exists.
import test from 'node:test';
import assert from 'node:assert/strict';
import { create, globals } from 'bindery';

Object.assign(globalThis, globals);

const gpu = create(['backend=vulkan']);
const skip = (await gpu.requestAdapter()) ? false
  : 'no Vulkan adapter (requestAdapter() with backend=vulkan resolved null)';

// A device of its own for each test (an adapter gives one device: #dom-gpuadapter-requestdevice).
async function makeDevice() {
  return (await gpu.requestAdapter()).requestDevice();
}

const OBJECTS = 200;
const OBJECT_SIZE = 96;
const SUM_OBJECT = `
struct Object { v: array<vec4u, 6> }
@group(0) @binding(0) var<uniform> object: Object;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
struct Slot { i: u32 }
@group(0) @binding(2) var<uniform> slot: Slot;
@compute @workgroup_size(1) fn main() {
  var sum = 0u;
  for (var k = 0; k < 6; k++) { sum += object.v[k].x + object.v[k].y + object.v[k].z + object.v[k].w; }
  sums[slot.i] = sum;
}`;

function expectedSum(i) {
  let sum = 0;
  for (let k = 0; k < OBJECT_SIZE / 4; k++) sum += i * 1000 + k;
  return sum;
}

function bufferWith(device, words, usage) {
  const buffer = device.createBuffer({
    size: words.byteLength, usage: usage | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
    mappedAtCreation: true,
  });
  new Uint32Array(buffer.getMappedRange()).set(words);
  buffer.unmap();
  return buffer;
}

async function read(device, source, count) {
  const readback = device.createBuffer({ size: count * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(source, 0, readback, 0, count * 4);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const words = new Uint32Array(readback.getMappedRange().slice(0));
  readback.unmap();
  return words;
}

function objectBuffers(device) {
  const stride = Math.ceil(OBJECT_SIZE / device.limits.minUniformBufferOffsetAlignment) *
    device.limits.minUniformBufferOffsetAlignment;
  const words = new Uint32Array(OBJECTS * stride / 4);
  const slots = new Uint32Array(OBJECTS * stride / 4);
  for (let i = 0; i < OBJECTS; i++) {
    for (let k = 0; k < OBJECT_SIZE / 4; k++) words[i * stride / 4 + k] = i * 1000 + k;
    slots[i * stride / 4] = i;
  }
  return { stride, big: bufferWith(device, words, GPUBufferUsage.UNIFORM), slot: bufferWith(device, slots, GPUBufferUsage.UNIFORM) };
}

test('vulkan: 200 sub-range bind groups of one uniform buffer reach the shader', { skip }, async () => {
  const device = await makeDevice();
  const { stride, big, slot } = objectBuffers(device);
  const sums = bufferWith(device, new Uint32Array(OBJECTS), GPUBufferUsage.STORAGE);
  const pipeline = device.createComputePipeline({
    layout: 'auto', compute: { module: device.createShaderModule({ code: SUM_OBJECT }) },
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  for (let i = 0; i < OBJECTS; i++) {
    pass.setBindGroup(0, device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: big, offset: i * stride, size: OBJECT_SIZE } },
        { binding: 1, resource: { buffer: sums } },
        { binding: 2, resource: { buffer: slot, offset: i * stride, size: 4 } },
      ],
    }));
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  device.queue.submit([encoder.finish()]);
  const result = await read(device, sums, OBJECTS);
  for (let i = 0; i < OBJECTS; i++) assert.equal(result[i], expectedSum(i), `object ${i}`);
  device.destroy();
});

test('vulkan: one bind group with dynamic offsets selects each object', { skip }, async () => {
  const device = await makeDevice();
  const { stride, big, slot } = objectBuffers(device);
  const sums = bufferWith(device, new Uint32Array(OBJECTS), GPUBufferUsage.STORAGE);
  const layout = device.createBindGroupLayout({
    entries: [
      { binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize: OBJECT_SIZE } },
      { binding: 1, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } },
      { binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize: 4 } },
    ],
  });
  const pipeline = device.createComputePipeline({
    layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
    compute: { module: device.createShaderModule({ code: SUM_OBJECT }) },
  });
  const group = device.createBindGroup({
    layout,
    entries: [
      { binding: 0, resource: { buffer: big, size: OBJECT_SIZE } },
      { binding: 1, resource: { buffer: sums } },
      { binding: 2, resource: { buffer: slot, size: 4 } },
    ],
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  for (let i = 0; i < OBJECTS; i++) {
    pass.setBindGroup(0, group, [i * stride, i * stride]);
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  device.queue.submit([encoder.finish()]);
  const result = await read(device, sums, OBJECTS);
  for (let i = 0; i < OBJECTS; i++) assert.equal(result[i], expectedSum(i), `object ${i}`);
  device.destroy();
});

test('vulkan: storage written by one dispatch is read by the next', { skip }, async () => {
  const device = await makeDevice();
  const pipeline = await device.createComputePipelineAsync({
    layout: 'auto',
    compute: {
      module: device.createShaderModule({
        code: `
@group(0) @binding(0) var<storage, read> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x < arrayLength(&dst)) { dst[id.x] = src[id.x] * 2u + 1u; }
}`,
      }),
    },
  });
  const input = new Uint32Array(256).map((_, i) => i);
  const a = bufferWith(device, input, GPUBufferUsage.STORAGE);
  const b = bufferWith(device, new Uint32Array(256), GPUBufferUsage.STORAGE);
  const c = bufferWith(device, new Uint32Array(256), GPUBufferUsage.STORAGE);
  const groupOf = (from, to) => device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: from } }, { binding: 1, resource: { buffer: to } }],
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, groupOf(a, b));
  pass.dispatchWorkgroups(4);
  pass.setBindGroup(0, groupOf(b, c));
  pass.dispatchWorkgroups(4);
  pass.end();
  device.queue.submit([encoder.finish()]);
  const result = await read(device, c, 256);
  for (let i = 0; i < 256; i++) assert.equal(result[i], (i * 2 + 1) * 2 + 1, `element ${i}`);
  device.destroy();
});
