// SPDX-License-Identifier: MIT OR Apache-2.0
// Mistakes the types catch: each line below must be a type error (tsc fails
// when a @ts-expect-error line has none), so the types cannot silently become
// `any`.
import { create, reflect, FrameSource } from 'bindery';

// @ts-expect-error an unknown backend
create(['backend=metal']);
// @ts-expect-error a misspelt flag
create(['strcit']);
// @ts-expect-error flags are an iterable of strings, not one string
create('strict');
// @ts-expect-error reflect takes WGSL source as a string
reflect(42);
// @ts-expect-error no such key in the reflection document
reflect('').entryPoint;
// @ts-expect-error a stage the document never has
const stage: 'geometry' = reflect('').entryPoints[0]!.stage;
void stage;
// @ts-expect-error a FrameSource's planes are GPUTextureViews
new FrameSource(42);

const device = await (await create().requestAdapter())!.requestDevice();
// @ts-expect-error GPUBufferDescriptor needs usage (from @webgpu/types)
device.createBuffer({ size: 4 });
// @ts-expect-error a GPUTextureViewDimension is spelt '2d-array'
device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 1, texture: { viewDimension: '2darray' } }] });
const error = await device.popErrorScope();
// @ts-expect-error code is read-only
if (error) error.code = 'x';
