// setBindGroup's dynamic offsets against #gpubindingcommandsmixin-setbindgroup
// (issue 19): offset + dynamicOffset + minBindingSize <= buffer.size, for a
// binding with a size too (its range may then pass the buffer's end; the GPU
// backends bind only the part inside the buffer). On Vulkan
// (BINDERY_TEST_BACKEND=vulkan) the dispatches also run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();

function setup(minBindingSize) {
  const layout = device.createBindGroupLayout({
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage', hasDynamicOffset: true, minBindingSize } }],
  });
  const buffer = device.createBuffer({ label: 'batch', size: 1024, usage: GPUBufferUsage.STORAGE });
  const group = device.createBindGroup({ label: 'sized', layout, entries: [{ binding: 0, resource: { buffer, size: 512 } }] });
  const pipeline = device.createComputePipeline({
    layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
    compute: {
      module: device.createShaderModule({ code: '@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n@compute @workgroup_size(1) fn main() { d[0] = arrayLength(&d); }' }),
    },
  });
  return { group, pipeline };
}

async function dispatchError({ group, pipeline }, offsets) {
  device.pushErrorScope('validation');
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group, offsets);
  pass.dispatchWorkgroups(1);
  pass.end();
  device.queue.submit([encoder.finish()]);
  await device.queue.onSubmittedWorkDone();
  return device.popErrorScope();
}

test('a sized dynamic binding may pass the buffer end: minBindingSize is what must fit', async () => {
  const s = setup(0);
  // [768, 1280) of a 1024-byte buffer: 768 + minBindingSize 0 <= 1024.
  assert.equal(await dispatchError(s, [768]), null);
  assert.equal(await dispatchError(s, [1024]), null);
  const error = await dispatchError(s, [1280]);
  assert.equal(error?.code, 'DynamicOffsetOutOfBounds');
  assert.match(error.message, /offset 0 \+ dynamic offset 1280 \+ minBindingSize 0 = 1280 > buffer size 1024/);
  assert.match(error.message, /not the binding's size 512/);
  assert.match(error.message, /\[Buffer "batch"\]/);
});

test('with a minBindingSize, offset + dynamicOffset + minBindingSize must fit', async () => {
  const s = setup(512);
  assert.equal(await dispatchError(s, [512]), null);
  const error = await dispatchError(s, [768]);
  assert.equal(error?.code, 'DynamicOffsetOutOfBounds');
  assert.match(error.message, /768 \+ minBindingSize 512 = 1280 > buffer size 1024/);
  assert.match(error.message, /Use a dynamic offset of at most 512/);
});
