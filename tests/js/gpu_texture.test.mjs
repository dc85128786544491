// Textures and samplers on the GPU through the addon (issue 15): with
// create(['backend=vulkan']) a compute pipeline samples a mipmapped texture
// through a sampler (textureSampleLevel, nearest and linear) and loads from
// it (textureLoad), and the values read back are the GPU's. Skipped, with the
// reason, where no Vulkan adapter exists.
import test from 'node:test';
import assert from 'node:assert/strict';
import { create, globals } from 'bindery';

Object.assign(globalThis, globals);

const gpu = create(['backend=vulkan']);
const skip = (await gpu.requestAdapter()) ? false
  : 'no Vulkan adapter (requestAdapter() with backend=vulkan resolved null)';

async function makeDevice() {
  return (await gpu.requestAdapter()).requestDevice();
}

async function readFloats(device, source, count) {
  const readback = device.createBuffer({ size: count * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  encoder.copyBufferToBuffer(source, 0, readback, 0, count * 4);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const values = new Float32Array(readback.getMappedRange().slice(0));
  readback.unmap();
  return values;
}

const SAMPLE = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var nearest: sampler;
@group(0) @binding(3) var linear: sampler;
@compute @workgroup_size(1) fn main() {
  out[0] = textureSampleLevel(t, nearest, vec2f(0.8, 0.2), 0);  // texel (3, 0) of level 0
  out[1] = textureSampleLevel(t, nearest, vec2f(0.3, 0.7), 1);  // level 1 (one colour)
  out[2] = textureSampleLevel(t, linear, vec2f(0.25, 0.125), 0);  // halfway between (0, 0) and (1, 0)
  out[3] = textureLoad(t, vec2u(2, 3), 0);
}`;

test('a compute pipeline samples and loads a mipmapped texture on the GPU', { skip }, async () => {
  const device = await makeDevice();
  const texture = device.createTexture({
    size: [4, 4], format: 'rgba8unorm', mipLevelCount: 2,
    usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
  });
  // Level 0: texel (x, y) = (x * 60, y * 60, 10, 255); level 1: (200, 100, 50, 255).
  const level0 = new Uint8Array(4 * 4 * 4);
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 4; x++) level0.set([x * 60, y * 60, 10, 255], (y * 4 + x) * 4);
  }
  device.queue.writeTexture({ texture }, level0, { bytesPerRow: 16 }, [4, 4]);
  const level1 = new Uint8Array(2 * 2 * 4);
  for (let i = 0; i < 4; i++) level1.set([200, 100, 50, 255], i * 4);
  device.queue.writeTexture({ texture, mipLevel: 1 }, level1, { bytesPerRow: 8 }, [2, 2]);
  const out = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const pipeline = device.createComputePipeline({
    layout: 'auto', compute: { module: device.createShaderModule({ code: SAMPLE }), entryPoint: 'main' },
  });
  const group = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [
      { binding: 0, resource: { buffer: out } },
      { binding: 1, resource: texture.createView() },
      { binding: 2, resource: device.createSampler({ mipmapFilter: 'nearest' }) },
      { binding: 3, resource: device.createSampler({ magFilter: 'linear', minFilter: 'linear' }) },
    ],
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(1);
  pass.end();
  device.queue.submit([encoder.finish()]);
  const got = Array.from(await readFloats(device, out, 16), (v) => Math.round(v * 255));
  assert.deepEqual(got.slice(0, 4), [180, 0, 10, 255]);
  assert.deepEqual(got.slice(4, 8), [200, 100, 50, 255]);
  assert.ok(Math.abs(got[8] - 30) <= 1 && got[9] === 0, `linear: got ${got.slice(8, 12)}`);
  assert.deepEqual(got.slice(12, 16), [120, 180, 10, 255]);
  device.destroy();
});
