// SPDX-License-Identifier: MIT OR Apache-2.0
// docs/GUIDE.md's JavaScript quick start, as TypeScript: a device, a buffer,
// an error read from an error scope.
import { create, globals } from 'bindery';

Object.assign(globalThis, globals);
const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
if (!adapter) throw new Error('no adapter');
const device: GPUDevice = await adapter.requestDevice();

const uniforms: GPUBuffer = device.createBuffer({
  label: 'camera',
  size: 144,
  usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
});
device.queue.writeBuffer(uniforms, 0, new Float32Array(36));

device.pushErrorScope('validation');
device.createBuffer({ label: 'readback', size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.UNIFORM });
const error = await device.popErrorScope();
if (error) {
  const code: string = error.code; // bindery: the stable ErrorCode name
  console.log(code, error.message);
}

const layout = device.createBindGroupLayout({
  label: 'material',
  entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } }],
});
const group: GPUBindGroup = device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer: uniforms } }] });
console.log(group.label);
