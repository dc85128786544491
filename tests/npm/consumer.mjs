// SPDX-License-Identifier: MIT OR Apache-2.0
// A program that uses the installed npm package (scripts/test-npm-package
// runs it in a folder with nothing of the repository around it):
//   node consumer.mjs <backend>
// prints "consumer: ok (<adapter>)" and exits 0 when a device on that backend
// creates a buffer, reports an invalid one with its code, runs a compute
// pipeline's creation and reflects WGSL; prints "consumer: unavailable: <why>"
// and exits 2 when the backend has no adapter here (or this build does not
// know it); exits 1 on anything else.
import { create, globals, reflect } from 'bindery';

const backend = process.argv[2] ?? 'null';
Object.assign(globalThis, globals);

function fail(message) {
  console.log(`consumer: FAILED ${message}`);
  process.exit(1);
}

let gpu;
try {
  gpu = create([`backend=${backend}`]);
} catch (e) {
  console.log(`consumer: unavailable: ${e.message}`);
  process.exit(2);
}
const adapter = await gpu.requestAdapter();
if (!adapter) {
  console.log(`consumer: unavailable: requestAdapter() gave no adapter for backend=${backend}`);
  process.exit(2);
}
const device = await adapter.requestDevice();
device.pushErrorScope('validation');
const uniforms = device.createBuffer({ label: 'camera', size: 144, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
device.queue.writeBuffer(uniforms, 0, new Float32Array(36));
if (await device.popErrorScope()) fail('a valid buffer raised an error');

device.pushErrorScope('validation');
device.createBuffer({ label: 'readback', size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.UNIFORM });
const error = await device.popErrorScope();
if (!(error instanceof GPUValidationError)) fail('an invalid buffer raised no GPUValidationError');
if (error.code !== 'BufferMapUsageCombination') fail(`code ${error.code}`);
if (!error.message.includes('readback')) fail(`the message does not name the label: ${error.message}`);

const code = `
  @group(0) @binding(0) var<storage, read_write> data: array<u32>;
  @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3u) { data[id.x] = id.x; }
`;
device.pushErrorScope('validation');
const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }) } });
const storage = device.createBuffer({ size: 256, usage: GPUBufferUsage.STORAGE });
const group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: storage } }] });
const encoder = device.createCommandEncoder();
const pass = encoder.beginComputePass();
pass.setPipeline(pipeline);
pass.setBindGroup(0, group);
pass.dispatchWorkgroups(1);
pass.end();
device.queue.submit([encoder.finish()]);
const dispatchError = await device.popErrorScope();
if (dispatchError) fail(`the compute dispatch raised ${dispatchError.code}: ${dispatchError.message}`);
await device.queue.onSubmittedWorkDone();

const doc = reflect(code);
const entry = doc.entryPoints[0]?.groups[0]?.entries[0];
if (entry?.buffer?.type !== 'storage') fail(`reflect: ${JSON.stringify(doc.entryPoints)}`);

const info = adapter.info;
console.log(`consumer: ok (backend=${backend}: ${info.vendor || '?'} ${info.description || info.architecture || ''})`.trim());
