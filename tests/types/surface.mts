// SPDX-License-Identifier: MIT OR Apache-2.0
// bindery's own surface: flags, the default export, reflect() and its
// document, strict mode's thrown errors, FrameSource, BinderyWarning.
import bindery, { create, reflect, FrameSource } from 'bindery';
import type { Backend, BinderyPipelineError, BinderyWarning, CreateFlag, Reflection, ReflectedLayoutEntry } from 'bindery';

const backend: Backend = 'auto';
const flags: CreateFlag[] = [`backend=${backend}`, 'strict', 'verbose=1'];
const gpu: GPU = create(flags);
create();
bindery.create(['backend=vulkan']);
const device = await (await gpu.requestAdapter())!.requestDevice();

const doc: Reflection = reflect(`
  @group(0) @binding(0) var<uniform> camera: mat4x4f;
  @vertex fn vs() -> @builtin(position) vec4f { return camera[0]; }
`);
for (const ep of doc.entryPoints) {
  const stage: 'vertex' | 'fragment' | 'compute' = ep.stage;
  for (const g of ep.groups) {
    for (const e of g.entries) {
      const entry: ReflectedLayoutEntry = e;
      const minBindingSize: number | undefined = entry.buffer?.minBindingSize;
      console.log(stage, g.group, entry.binding, entry.visibility.join('|'), entry.name, minBindingSize);
    }
  }
}
for (const d of doc.diagnostics) console.log(`${d.line}:${d.column} ${d.severity}: ${d.message}`);
console.log(reflect('@compute @workgroup_size(8) fn main() {}', 'main').entryPoints[0]?.workgroupSize);

// strict: the failing call throws the GPUValidationError.
try {
  device.createBuffer({ size: 4, usage: 0 });
} catch (e) {
  if (e instanceof globals().GPUValidationError) console.log(e.code, e.message);
}
function globals() {
  return bindery.globals;
}

// FrameSource stands in for a video element.
const texture = device.createTexture({ size: [16, 16], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
const video = new FrameSource(texture.createView());
const external: GPUExternalTexture = device.importExternalTexture({ source: video, label: 'frame' });
video.advanceFrame([texture.createView()]);
console.log(video.frameIndex, video.closed, external.label);
video.close();

// What process.on('warning') receives for an unknown descriptor key.
function onWarning(w: Error) {
  if (w.name === 'BinderyWarning') console.log((w as BinderyWarning).code);
}
onWarning(new Error('x'));

// Pipeline errors carry the code too.
device.createComputePipelineAsync({ layout: 'auto', compute: { module: device.createShaderModule({ code: '' }) } })
  .catch((e: unknown) => {
    const error = e as BinderyPipelineError;
    console.log(error.reason, error.code);
  });
