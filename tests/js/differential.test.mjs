// Differential test of validation verdicts: the same WebGPU calls against
// bindery's addon and against Dawn (the npm package `webgpu`, null backend).
// Each case is one function of a device, run inside a 'validation' error
// scope on each provider; its verdict is 'valid', 'validation' (the scope
// caught a GPUValidationError), the name of what it threw ('TypeError',
// ...) or, for a case that returns a promise, 'rejected: <name>' of its
// rejection ('rejected: GPUPipelineError'). The verdicts must be equal, except for the cases listed in
// `expectedDifferences`, where the spec (/work/shared/spec/webgpu.bs) says one
// side is wrong: there the test asserts the difference is exactly as written,
// so a fix on either side shows up as a failure to update the table.
//
// Dawn's module: BINDERY_DAWN_MODULE, else build/bench-js/node_modules/webgpu
// (installed by scripts/install-dawn, which scripts/test-js runs). Without it
// the test is skipped with the reason, never passed. BINDERY_DIFF_DUMP=1
// prints every case's two verdicts and the first line of each message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { create as createBindery } from 'bindery';
import { repoRoot } from './helpers.mjs';

const dawnPath =
  process.env.BINDERY_DAWN_MODULE ||
  path.join(repoRoot, 'build', 'bench-js', 'node_modules', 'webgpu', 'index.js');

let dawnModule = null;
let dawnMissing = null;
if (!fs.existsSync(dawnPath)) {
  dawnMissing = `Dawn's npm package 'webgpu' is not installed at ${dawnPath} ` +
    '(scripts/install-dawn installs it; it needs the npm registry)';
} else {
  try {
    dawnModule = await import(pathToFileURL(dawnPath).href);
  } catch (e) {
    dawnMissing = `Dawn's module at ${dawnPath} failed to load: ${e.message}`;
  }
}

// Constants as numbers, so the cases do not depend on either provider's globals.
const U = {
  MAP_READ: 0x1, MAP_WRITE: 0x2, COPY_SRC: 0x4, COPY_DST: 0x8, INDEX: 0x10, VERTEX: 0x20,
  UNIFORM: 0x40, STORAGE: 0x80, INDIRECT: 0x100, QUERY_RESOLVE: 0x200,
};
const T = { COPY_SRC: 0x1, COPY_DST: 0x2, TEXTURE_BINDING: 0x4, STORAGE_BINDING: 0x8, RENDER_ATTACHMENT: 0x10 };
const S = { VERTEX: 0x1, FRAGMENT: 0x2, COMPUTE: 0x4 };

const buffer = (d, usage, size = 1024) => d.createBuffer({ size, usage });
const texture = (d, { format = 'rgba8unorm', usage = T.TEXTURE_BINDING, size = [4, 4, 1], ...rest } = {}) =>
  d.createTexture({ format, usage, size, ...rest });
const layout = (d, ...entries) => d.createBindGroupLayout({ entries });
const entry = (binding, visibility, kind) => ({ binding, visibility, ...kind });
const many = (n, make) => Array.from({ length: n }, (_, i) => make(i));
const module = (d, code) => d.createShaderModule({ code });
const compute = (d, code, layoutValue = 'auto') =>
  d.createComputePipeline({ layout: layoutValue, compute: { module: module(d, code), entryPoint: 'main' } });
const plain = (d, ...layouts) => d.createPipelineLayout({ bindGroupLayouts: layouts });

// A one-layout bind group over `res` for `kind`.
const groupOf = (d, kind, resource, visibility = S.COMPUTE) =>
  d.createBindGroup({ layout: layout(d, entry(0, visibility, kind)), entries: [{ binding: 0, resource }] });

const kVS = `@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0.0); }`;
const render = (d, { vs = kVS, fs = null, vertexBuffers = [], targets = [{ format: 'rgba8unorm' }] } = {}) =>
  d.createRenderPipeline({
    layout: 'auto',
    vertex: { module: module(d, vs), entryPoint: 'vs', buffers: vertexBuffers },
    fragment: fs === null ? undefined : { module: module(d, fs), entryPoint: 'fs', targets },
    // A pipeline needs an attachment (#render-pipeline-creation): a depth one
    // when there is no fragment stage.
    depthStencil: fs === null ? { format: 'depth32float', depthWriteEnabled: true, depthCompare: 'less' } : undefined,
  });

// A render pipeline descriptor with one color target of format `target` (after
// a null target when `leadingNull`) or, with no fragment stage, a depth-stencil
// state of format `depth`.
function formatPipeline(d, { target = null, depth = null, leadingNull = false }) {
  const vertex = { module: module(d, kVS), entryPoint: 'vs' };
  if (depth !== null) {
    return { layout: 'auto', vertex, depthStencil: { format: depth, depthWriteEnabled: true, depthCompare: 'less' } };
  }
  const location = leadingNull ? 1 : 0;
  const fs = `@fragment fn fs() -> @location(${location}) vec4f { return vec4f(1.0); }`;
  const targets = leadingNull ? [null, { format: target }] : [{ format: target }];
  return { layout: 'auto', vertex, fragment: { module: module(d, fs), entryPoint: 'fs', targets } };
}

// A compute pass with `pipeline` and `groups` ([index, group, offsets?]),
// one dispatch, finished.
function dispatch(d, pipeline, groups) {
  const encoder = d.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.setPipeline(pipeline);
  for (const [index, group, offsets] of groups) pass.setBindGroup(index, group, offsets ?? []);
  pass.dispatchWorkgroups(1);
  pass.end();
  return encoder.finish();
}

const kUniformShader = `
@group(0) @binding(0) var<uniform> u : vec4f;
@compute @workgroup_size(1) fn main() { _ = u; }`;
const kTwoGroupShader = `
@group(0) @binding(0) var<uniform> a : vec4f;
@group(1) @binding(0) var<uniform> b : vec4f;
@compute @workgroup_size(1) fn main() { _ = a; _ = b; }`;
const kDynamicShader = `
@group(0) @binding(0) var<uniform> u : vec4f;
@compute @workgroup_size(1) fn main() { _ = u; }`;

const uniform = { buffer: {} };
const storage = { buffer: { type: 'storage' } };
const readOnly = { buffer: { type: 'read-only-storage' } };

const cases = {
  // --- createBindGroupLayout -------------------------------------------------
  'bgl: uniform buffer': (d) => layout(d, entry(0, S.COMPUTE, uniform)),
  'bgl: entry without a resource kind': (d) => layout(d, { binding: 0, visibility: S.COMPUTE }),
  'bgl: entry with two resource kinds': (d) => layout(d, entry(0, S.COMPUTE, { buffer: {}, sampler: {} })),
  'bgl: duplicate binding': (d) => layout(d, entry(0, S.COMPUTE, uniform), entry(0, S.COMPUTE, { sampler: {} })),
  'bgl: storage buffer visible to vertex': (d) => layout(d, entry(0, S.VERTEX, storage)),
  'bgl: read-only storage visible to vertex': (d) => layout(d, entry(0, S.VERTEX, readOnly)),
  'bgl: write-only storage texture visible to vertex': (d) =>
    layout(d, entry(0, S.VERTEX, { storageTexture: { format: 'r32float' } })),
  'bgl: read-only storage texture visible to vertex': (d) =>
    layout(d, entry(0, S.VERTEX, { storageTexture: { format: 'r32float', access: 'read-only' } })),
  'bgl: binding = maxBindingsPerBindGroup': (d) =>
    layout(d, entry(d.limits.maxBindingsPerBindGroup, S.COMPUTE, uniform)),
  'bgl: visibility with an unknown bit': (d) => layout(d, entry(0, 8, uniform)),
  'bgl: visibility 0': (d) => layout(d, entry(0, 0, uniform)),
  'bgl: 13 uniform buffers in one stage': (d) => layout(d, ...many(13, (i) => entry(i, S.FRAGMENT, uniform))),
  'bgl: 12 uniform buffers in one stage': (d) => layout(d, ...many(12, (i) => entry(i, S.FRAGMENT, uniform))),
  'bgl: 17 samplers in one stage': (d) => layout(d, ...many(17, (i) => entry(i, S.FRAGMENT, { sampler: {} }))),
  'bgl: 17 sampled textures in one stage': (d) => layout(d, ...many(17, (i) => entry(i, S.FRAGMENT, { texture: {} }))),
  'bgl: 9 storage buffers in one stage': (d) => layout(d, ...many(9, (i) => entry(i, S.COMPUTE, storage))),
  'bgl: 9 storage buffers over two stages, 8 in each': (d) =>
    layout(d, ...many(8, (i) => entry(i, S.COMPUTE, storage)), entry(8, S.FRAGMENT, storage)),
  'bgl: 9 dynamic uniform buffers': (d) =>
    layout(d, ...many(9, (i) => entry(i, i % 2 ? S.COMPUTE : S.FRAGMENT, { buffer: { hasDynamicOffset: true } }))),
  'bgl: 5 dynamic storage buffers': (d) =>
    layout(d, ...many(5, (i) => entry(i, i % 2 ? S.COMPUTE : S.FRAGMENT, { buffer: { type: 'storage', hasDynamicOffset: true } }))),
  'bgl: multisampled float texture': (d) => layout(d, entry(0, S.FRAGMENT, { texture: { multisampled: true } })),
  'bgl: multisampled unfilterable-float texture': (d) =>
    layout(d, entry(0, S.FRAGMENT, { texture: { multisampled: true, sampleType: 'unfilterable-float' } })),
  'bgl: multisampled 2d-array texture': (d) =>
    layout(d, entry(0, S.FRAGMENT, { texture: { multisampled: true, sampleType: 'sint', viewDimension: '2d-array' } })),
  'bgl: storage texture rgba8unorm write-only': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'rgba8unorm' } })),
  'bgl: storage texture rgba8unorm read-write': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'rgba8unorm', access: 'read-write' } })),
  'bgl: storage texture r32float read-write': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r32float', access: 'read-write' } })),
  'bgl: storage texture bgra8unorm without the feature': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'bgra8unorm' } })),
  'bgl: storage texture rgba8unorm-srgb': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'rgba8unorm-srgb' } })),
  'bgl: storage texture depth32float': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'depth32float' } })),
  'bgl: storage texture cube view': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r32float', viewDimension: 'cube' } })),
  'bgl: unknown buffer type': (d) => layout(d, entry(0, S.COMPUTE, { buffer: { type: 'uniformish' } })),
  'bgl: storage texture without format': (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: {} })),
  'bgl: depth cube texture and comparison sampler': (d) =>
    layout(d, entry(0, S.FRAGMENT, { texture: { sampleType: 'depth', viewDimension: 'cube' } }),
      entry(1, S.FRAGMENT, { sampler: { type: 'comparison' } })),

  'bgl: external texture': (d) => layout(d, entry(0, S.FRAGMENT, { externalTexture: {} })),
  'bgl: storage texture rgba32float read-write': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'rgba32float', access: 'read-write' } })),
  'bgl: storage texture r32uint read-write in fragment': (d) =>
    layout(d, entry(0, S.FRAGMENT, { storageTexture: { format: 'r32uint', access: 'read-write' } })),
  'bgl: storage texture read-write visible to vertex': (d) =>
    layout(d, entry(0, S.VERTEX, { storageTexture: { format: 'r32uint', access: 'read-write' } })),
  'bgl: 5 storage textures in one stage': (d) =>
    layout(d, ...many(5, (i) => entry(i, S.FRAGMENT, { storageTexture: { format: 'r32float' } }))),
  'bgl: 4 storage textures in one stage': (d) =>
    layout(d, ...many(4, (i) => entry(i, S.FRAGMENT, { storageTexture: { format: 'r32float' } }))),

  // --- createBindGroup -------------------------------------------------------
  'bg: uniform buffer': (d) => groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM) }),
  'bg: missing entry': (d) =>
    d.createBindGroup({ layout: layout(d, entry(0, S.COMPUTE, uniform), entry(1, S.COMPUTE, uniform)),
      entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM) } }] }),
  'bg: extra entry': (d) =>
    d.createBindGroup({ layout: layout(d, entry(0, S.COMPUTE, uniform)),
      entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM) } },
        { binding: 1, resource: { buffer: buffer(d, U.UNIFORM) } }] }),
  'bg: duplicate entry': (d) => {
    const b = buffer(d, U.UNIFORM);
    d.createBindGroup({ layout: layout(d, entry(0, S.COMPUTE, uniform)),
      entries: [{ binding: 0, resource: { buffer: b } }, { binding: 0, resource: { buffer: b } }] });
  },
  'bg: sampler where a buffer is laid out': (d) => groupOf(d, uniform, d.createSampler()),
  'bg: texture view where a sampler is laid out': (d) => groupOf(d, { sampler: {} }, texture(d).createView()),
  'bg: buffer without UNIFORM': (d) => groupOf(d, uniform, { buffer: buffer(d, U.STORAGE) }),
  'bg: buffer without STORAGE': (d) => groupOf(d, storage, { buffer: buffer(d, U.UNIFORM) }),
  'bg: uniform offset 128': (d) => groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM), offset: 128 }),
  'bg: uniform offset 256': (d) => groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM), offset: 256 }),
  'bg: size below minBindingSize': (d) =>
    groupOf(d, { buffer: { minBindingSize: 64 } }, { buffer: buffer(d, U.UNIFORM), size: 32 }),
  'bg: size equal to minBindingSize': (d) =>
    groupOf(d, { buffer: { minBindingSize: 64 } }, { buffer: buffer(d, U.UNIFORM), size: 64 }),
  'bg: offset past the end': (d) => groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM, 512), offset: 768 }),
  'bg: offset + size past the end': (d) =>
    groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM, 512), offset: 256, size: 512 }),
  'bg: uniform binding larger than maxUniformBufferBindingSize': (d) =>
    groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM, d.limits.maxUniformBufferBindingSize + 256) }),
  'bg: storage binding size not a multiple of 4': (d) =>
    groupOf(d, storage, { buffer: buffer(d, U.STORAGE), size: 18 }),
  'bg: zero-size binding (size 0)': (d) => groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM), size: 0 }),
  'bg: destroyed buffer': (d) => {
    const b = buffer(d, U.UNIFORM);
    b.destroy();
    groupOf(d, uniform, { buffer: b });
  },
  'bg: r32float with sampleType float (no float32-filterable)': (d) =>
    groupOf(d, { texture: { sampleType: 'float' } }, texture(d, { format: 'r32float' }).createView(), S.FRAGMENT),
  'bg: r32float with sampleType unfilterable-float': (d) =>
    groupOf(d, { texture: { sampleType: 'unfilterable-float' } }, texture(d, { format: 'r32float' }).createView(), S.FRAGMENT),
  'bg: rgba8unorm with unfilterable-float': (d) =>
    groupOf(d, { texture: { sampleType: 'unfilterable-float' } }, texture(d).createView(), S.FRAGMENT),
  'bg: rgba8unorm with sint': (d) =>
    groupOf(d, { texture: { sampleType: 'sint' } }, texture(d).createView(), S.FRAGMENT),
  'bg: 2-layer texture default view into a 2d layout': (d) =>
    groupOf(d, { texture: {} }, texture(d, { size: [4, 4, 2] }).createView(), S.FRAGMENT),
  'bg: 2-layer texture default view into a 2d-array layout': (d) =>
    groupOf(d, { texture: { viewDimension: '2d-array' } }, texture(d, { size: [4, 4, 2] }).createView(), S.FRAGMENT),
  'bg: 2-layer texture 2d view into a 2d layout': (d) =>
    groupOf(d, { texture: {} }, texture(d, { size: [4, 4, 2] }).createView({ dimension: '2d' }), S.FRAGMENT),
  'bg: the texture itself as the resource': (d) =>
    groupOf(d, { texture: {} }, texture(d), S.FRAGMENT),
  'bg: depth32float with depth': (d) =>
    groupOf(d, { texture: { sampleType: 'depth' } }, texture(d, { format: 'depth32float' }).createView(), S.FRAGMENT),
  'bg: depth32float with float': (d) =>
    groupOf(d, { texture: { sampleType: 'float' } }, texture(d, { format: 'depth32float' }).createView(), S.FRAGMENT),
  'bg: depth32float with unfilterable-float': (d) =>
    groupOf(d, { texture: { sampleType: 'unfilterable-float' } }, texture(d, { format: 'depth32float' }).createView(), S.FRAGMENT),
  'bg: depth24plus-stencil8 all aspects with depth': (d) =>
    groupOf(d, { texture: { sampleType: 'depth' } }, texture(d, { format: 'depth24plus-stencil8' }).createView(), S.FRAGMENT),
  'bg: depth24plus-stencil8 stencil-only with uint': (d) =>
    groupOf(d, { texture: { sampleType: 'uint' } },
      texture(d, { format: 'depth24plus-stencil8' }).createView({ aspect: 'stencil-only' }), S.FRAGMENT),
  'bg: storage texture view with 2 mip levels': (d) =>
    groupOf(d, { storageTexture: { format: 'r32float' } },
      texture(d, { format: 'r32float', usage: T.STORAGE_BINDING, mipLevelCount: 2 }).createView()),
  'bg: storage texture view of one mip level': (d) =>
    groupOf(d, { storageTexture: { format: 'r32float' } },
      texture(d, { format: 'r32float', usage: T.STORAGE_BINDING, mipLevelCount: 2 }).createView({ mipLevelCount: 1 })),
  'bg: storage texture without STORAGE_BINDING': (d) =>
    groupOf(d, { storageTexture: { format: 'r32float' } }, texture(d, { format: 'r32float' }).createView()),
  'bg: sampled texture without TEXTURE_BINDING': (d) =>
    groupOf(d, { texture: {} }, texture(d, { usage: T.COPY_DST }).createView(), S.FRAGMENT),
  'bg: storage texture format mismatch': (d) =>
    groupOf(d, { storageTexture: { format: 'r32float' } }, texture(d, { usage: T.STORAGE_BINDING }).createView()),
  'bg: multisampled layout with a single-sampled texture': (d) =>
    groupOf(d, { texture: { multisampled: true, sampleType: 'unfilterable-float' } }, texture(d).createView(), S.FRAGMENT),
  'bg: single-sampled layout with a 4x texture': (d) =>
    groupOf(d, { texture: {} },
      texture(d, { sampleCount: 4, usage: T.TEXTURE_BINDING | T.RENDER_ATTACHMENT }).createView(), S.FRAGMENT),
  'bg: filtering layout with a comparison sampler': (d) =>
    groupOf(d, { sampler: {} }, d.createSampler({ compare: 'less' }), S.FRAGMENT),
  'bg: non-filtering layout with a linear sampler': (d) =>
    groupOf(d, { sampler: { type: 'non-filtering' } }, d.createSampler({ magFilter: 'linear' }), S.FRAGMENT),
  'bg: non-filtering layout with a nearest sampler': (d) =>
    groupOf(d, { sampler: { type: 'non-filtering' } }, d.createSampler(), S.FRAGMENT),
  'bg: comparison layout with a non-comparison sampler': (d) =>
    groupOf(d, { sampler: { type: 'comparison' } }, d.createSampler(), S.FRAGMENT),

  'bg: storage offset 128': (d) => groupOf(d, storage, { buffer: buffer(d, U.STORAGE), offset: 128 }),
  'bg: cube view into a cube layout': (d) =>
    groupOf(d, { texture: { viewDimension: 'cube' } },
      texture(d, { size: [4, 4, 6] }).createView({ dimension: 'cube' }), S.FRAGMENT),
  'bg: 3d view into a 3d layout': (d) =>
    groupOf(d, { texture: { viewDimension: '3d' } },
      texture(d, { size: [4, 4, 4], dimension: '3d' }).createView(), S.FRAGMENT),
  'bg: 2d-array view into a cube layout': (d) =>
    groupOf(d, { texture: { viewDimension: 'cube' } },
      texture(d, { size: [4, 4, 6] }).createView(), S.FRAGMENT),
  'bg: depth24plus-stencil8 depth-only with unfilterable-float': (d) =>
    groupOf(d, { texture: { sampleType: 'unfilterable-float' } },
      texture(d, { format: 'depth24plus-stencil8' }).createView({ aspect: 'depth-only' }), S.FRAGMENT),
  'bg: depth24plus-stencil8 stencil-only with depth': (d) =>
    groupOf(d, { texture: { sampleType: 'depth' } },
      texture(d, { format: 'depth24plus-stencil8' }).createView({ aspect: 'stencil-only' }), S.FRAGMENT),
  'bg: view usage without TEXTURE_BINDING': (d) =>
    groupOf(d, { texture: {} },
      texture(d, { usage: T.TEXTURE_BINDING | T.COPY_DST }).createView({ usage: T.COPY_DST }), S.FRAGMENT),

  // --- createView --------------------------------------------------------------
  'view: defaults': (d) => texture(d).createView(),
  'view: cube over 1 layer': (d) => texture(d).createView({ dimension: 'cube' }),
  'view: cube over 6 square layers': (d) => texture(d, { size: [4, 4, 6] }).createView({ dimension: 'cube' }),
  'view: cube over 6 non-square layers': (d) => texture(d, { size: [4, 8, 6] }).createView({ dimension: 'cube' }),
  'view: cube-array over 12 layers': (d) => texture(d, { size: [4, 4, 12] }).createView({ dimension: 'cube-array' }),
  'view: cube-array over 8 layers': (d) => texture(d, { size: [4, 4, 8] }).createView({ dimension: 'cube-array' }),
  'view: 3d view of a 2d texture': (d) => texture(d).createView({ dimension: '3d' }),
  'view: 2d view of a 6-layer texture, layer 5': (d) =>
    texture(d, { size: [4, 4, 6] }).createView({ dimension: '2d', baseArrayLayer: 5 }),
  'view: 2d view with arrayLayerCount 2': (d) =>
    texture(d, { size: [4, 4, 6] }).createView({ dimension: '2d', arrayLayerCount: 2 }),
  'view: stencil-only of rgba8unorm': (d) => texture(d).createView({ aspect: 'stencil-only' }),
  'view: depth-only of depth24plus-stencil8': (d) =>
    texture(d, { format: 'depth24plus-stencil8' }).createView({ aspect: 'depth-only' }),
  'view: srgb reinterpretation without viewFormats': (d) => texture(d).createView({ format: 'rgba8unorm-srgb' }),
  'view: srgb reinterpretation with viewFormats': (d) =>
    texture(d, { viewFormats: ['rgba8unorm-srgb'] }).createView({ format: 'rgba8unorm-srgb' }),
  'view: depth-only aspect with format depth24plus': (d) =>
    texture(d, { format: 'depth24plus-stencil8' }).createView({ aspect: 'depth-only', format: 'depth24plus' }),
  'view: baseMipLevel past the end': (d) => texture(d, { mipLevelCount: 2 }).createView({ baseMipLevel: 2 }),
  'view: mip range past the end': (d) =>
    texture(d, { mipLevelCount: 2 }).createView({ baseMipLevel: 1, mipLevelCount: 2 }),
  'view: arrayLayerCount 0': (d) => texture(d, { size: [4, 4, 2] }).createView({ arrayLayerCount: 0 }),
  'view: layer range past the end': (d) =>
    texture(d, { size: [4, 4, 2] }).createView({ baseArrayLayer: 1, arrayLayerCount: 2 }),
  'view: swizzle without the feature': (d) => texture(d).createView({ swizzle: 'rrrr' }),
  'view: unknown aspect': (d) => texture(d).createView({ aspect: 'color-only' }),

  'view: usage not a subset of the texture usage': (d) =>
    texture(d).createView({ usage: T.TEXTURE_BINDING | T.STORAGE_BINDING }),
  'view: depth24plus format with aspect all': (d) =>
    texture(d, { format: 'depth24plus-stencil8' }).createView({ format: 'depth24plus' }),
  'view: 2d view of a 3d texture': (d) =>
    texture(d, { size: [4, 4, 4], dimension: '3d' }).createView({ dimension: '2d' }),

  // --- createSampler -----------------------------------------------------------
  'sampler: defaults': (d) => d.createSampler(),
  'sampler: lodMinClamp > lodMaxClamp': (d) => d.createSampler({ lodMinClamp: 4, lodMaxClamp: 2 }),
  'sampler: negative lodMinClamp': (d) => d.createSampler({ lodMinClamp: -1 }),
  'sampler: anisotropy 4 with nearest filters': (d) => d.createSampler({ maxAnisotropy: 4 }),
  'sampler: anisotropy 4 with linear filters': (d) =>
    d.createSampler({ maxAnisotropy: 4, magFilter: 'linear', minFilter: 'linear', mipmapFilter: 'linear' }),
  'sampler: anisotropy 4 with a nearest mipmap filter': (d) =>
    d.createSampler({ maxAnisotropy: 4, magFilter: 'linear', minFilter: 'linear' }),
  'sampler: anisotropy 0': (d) => d.createSampler({ maxAnisotropy: 0 }),
  'sampler: compare less': (d) => d.createSampler({ compare: 'less' }),

  'sampler: anisotropy 20 (clamped)': (d) =>
    d.createSampler({ maxAnisotropy: 20, magFilter: 'linear', minFilter: 'linear', mipmapFilter: 'linear' }),
  'sampler: lodMaxClamp 100': (d) => d.createSampler({ lodMaxClamp: 100 }),

  // --- createPipelineLayout ------------------------------------------------------
  'pipeline layout: 5 groups': (d) => plain(d, ...many(5, () => layout(d))),
  'pipeline layout: 4 groups': (d) => plain(d, ...many(4, () => layout(d))),
  'pipeline layout: null entries': (d) => plain(d, null, layout(d, entry(0, S.COMPUTE, uniform))),
  'pipeline layout: 14 uniform buffers in compute over two groups': (d) =>
    plain(d, layout(d, ...many(7, (i) => entry(i, S.COMPUTE, uniform))),
      layout(d, ...many(7, (i) => entry(i, S.COMPUTE, uniform)))),

  'pipeline layout: one layout in two slots': (d) => {
    const l = layout(d, entry(0, S.COMPUTE, uniform));
    plain(d, l, l);
  },

  // --- createComputePipeline -----------------------------------------------------
  'compute: auto layout': (d) => compute(d, kUniformShader),
  'compute: shader error': (d) => compute(d, '@compute @workgroup_size(1) fn main() { let x : u32 = 1.5; }'),
  'compute: texture_2d<f32> against a uint layout': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_2d<f32>;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { texture: { sampleType: 'uint' } })))),
  'compute: texture_2d<f32> against an unfilterable-float layout': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_2d<f32>;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { texture: { sampleType: 'unfilterable-float' } })))),
  'compute: texture_2d_array against a 2d layout': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_2d_array<f32>;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { texture: {} })))),
  'compute: texture_depth_2d against a float layout': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_depth_2d;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { texture: {} })))),
  'compute: read_write storage against a uniform layout': (d) =>
    compute(d, `@group(0) @binding(0) var<storage, read_write> s : array<f32>;
@compute @workgroup_size(1) fn main() { s[0] = 1.0; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, uniform)))),
  'compute: read storage against a storage (read_write) layout': (d) =>
    compute(d, `@group(0) @binding(0) var<storage, read> s : array<f32>;
@compute @workgroup_size(1) fn main() { _ = s[0]; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, storage)))),
  'compute: read_write storage against a read-only-storage layout': (d) =>
    compute(d, `@group(0) @binding(0) var<storage, read_write> s : array<f32>;
@compute @workgroup_size(1) fn main() { s[0] = 1.0; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, readOnly)))),
  'compute: minBindingSize below the struct size': (d) =>
    compute(d, `struct P { a : vec4f, b : vec4f }
@group(0) @binding(0) var<uniform> p : P;
@compute @workgroup_size(1) fn main() { _ = p; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { buffer: { minBindingSize: 16 } })))),
  'compute: minBindingSize equal to the struct size': (d) =>
    compute(d, `struct P { a : vec4f, b : vec4f }
@group(0) @binding(0) var<uniform> p : P;
@compute @workgroup_size(1) fn main() { _ = p; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { buffer: { minBindingSize: 32 } })))),
  'compute: layout entry not visible to compute': (d) =>
    compute(d, kUniformShader, plain(d, layout(d, entry(0, S.FRAGMENT, uniform)))),
  'compute: binding missing from the layout': (d) =>
    compute(d, kUniformShader, plain(d, layout(d, entry(1, S.COMPUTE, uniform)))),
  'compute: layout with an extra unused entry': (d) =>
    compute(d, kUniformShader, plain(d, layout(d, entry(0, S.COMPUTE, uniform), entry(1, S.COMPUTE, storage)))),
  'compute: sampler_comparison against a filtering sampler layout': (d) =>
    compute(d, `@group(0) @binding(0) var s : sampler_comparison;
@compute @workgroup_size(1) fn main() { _ = s; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { sampler: {} })))),
  'compute: read_write storage texture against write-only layout': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_storage_2d<r32float, read_write>;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r32float' } })))),
  'compute: storage texture format mismatch': (d) =>
    compute(d, `@group(0) @binding(0) var t : texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(1) fn main() { _ = t; }`,
    plain(d, layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r32float' } })))),
  'compute: auto layout with 9 storage buffers': (d) =>
    compute(d, many(9, (i) => `@group(0) @binding(${i}) var<storage, read_write> s${i} : array<f32>;`).join('\n') +
      `\n@compute @workgroup_size(1) fn main() { ${many(9, (i) => `s${i}[0] = 1.0;`).join(' ')} }`),
  'compute: entry point missing': (d) =>
    d.createComputePipeline({ layout: 'auto', compute: { module: module(d, kUniformShader), entryPoint: 'nope' } }),

  'compute: getBindGroupLayout(1) of a one-group auto layout': (d) => compute(d, kUniformShader).getBindGroupLayout(1),
  'compute: getBindGroupLayout(maxBindGroups)': (d) =>
    compute(d, kUniformShader).getBindGroupLayout(d.limits.maxBindGroups),
  'compute: entryPoint omitted with two compute entry points': (d) =>
    d.createComputePipeline({ layout: 'auto', compute: { module: module(d, kUniformShader +
      '\n@compute @workgroup_size(1) fn other() {}') } }),
  'compute: auto layout textureLoad of r32float (unfilterable-float)': (d) => {
    const p = compute(d, `@group(0) @binding(0) var t : texture_2d<f32>;
@compute @workgroup_size(1) fn main() { _ = textureLoad(t, vec2u(0), 0); }`);
    d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: texture(d, { format: 'r32float' }).createView() }] });
  },
  'compute: workgroup size over the limit': (d) =>
    compute(d, '@compute @workgroup_size(512) fn main() {}'),
  'compute: override-sized workgroup over the limit': (d) =>
    d.createComputePipeline({ layout: 'auto', compute: { module: module(d,
      'override n : u32 = 1;\n@compute @workgroup_size(n) fn main() {}'), entryPoint: 'main', constants: { n: 512 } } }),
  'compute: workgroup storage over the limit': (d) =>
    compute(d, 'var<workgroup> w : array<f32, 5000>;\n@compute @workgroup_size(1) fn main() { w[0] = 1.0; }'),
  'compute: unknown override constant': (d) =>
    d.createComputePipeline({ layout: 'auto', compute: { module: module(d, kUniformShader), entryPoint: 'main',
      constants: { nope: 1 } } }),

  'shader: read_write storage statically accessed by a vertex entry point': (d) =>
    module(d, `@group(0) @binding(0) var<storage, read_write> s : array<f32>;
@vertex fn vs() -> @builtin(position) vec4f { s[0] = 1.0; return vec4f(0.0); }`),
  'shader: write storage texture statically accessed by a vertex entry point': (d) =>
    module(d, `@group(0) @binding(0) var t : texture_storage_2d<r32float, write>;
@vertex fn vs() -> @builtin(position) vec4f { textureStore(t, vec2u(0), vec4f(1.0)); return vec4f(0.0); }`),
  'shader: workgroup variable statically accessed by a fragment entry point': (d) =>
    module(d, `var<workgroup> w : f32;
@fragment fn fs() -> @location(0) vec4f { return vec4f(w); }`),
  // Language extensions (#language-extensions-sec): a supported one is in
  // force without `requires` (uniform_buffer_standard_layout relaxes the
  // uniform rules of #address-space-layout-constraints); `requires` of a
  // name that is no language extension is a shader-creation error.
  'shader: uniform array<f32, 4> without requires uniform_buffer_standard_layout': (d) =>
    compute(d, `@group(0) @binding(0) var<uniform> u : array<f32, 4>;
@compute @workgroup_size(1) fn main() { _ = u[1]; }`),
  'shader: requires a name that is no language extension': (d) => module(d, 'requires nothing_like_this;'),
  'shader: requires pointer_composite_access, immediate_address_space': (d) =>
    module(d, 'requires pointer_composite_access, immediate_address_space;'),

  // --- createRenderPipeline ------------------------------------------------------
  'render: vertex only': (d) => render(d),
  'render: float32x4 attribute into vec4f': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }`,
      vertexBuffers: [{ arrayStride: 16, attributes: [{ format: 'float32x4', offset: 0, shaderLocation: 0 }] }] }),
  'render: uint32 attribute into vec4f': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }`,
      vertexBuffers: [{ arrayStride: 16, attributes: [{ format: 'uint32', offset: 0, shaderLocation: 0 }] }] }),
  'render: sint32 attribute into i32': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : i32) -> @builtin(position) vec4f { return vec4f(f32(p)); }`,
      vertexBuffers: [{ arrayStride: 4, attributes: [{ format: 'sint32', offset: 0, shaderLocation: 0 }] }] }),
  'render: unorm8x4 attribute into vec4f': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }`,
      vertexBuffers: [{ arrayStride: 4, attributes: [{ format: 'unorm8x4', offset: 0, shaderLocation: 0 }] }] }),
  'render: shader input without a vertex attribute': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }` }),
  'render: attribute offset past the stride': (d) =>
    render(d, { vs: `@vertex fn vs(@location(0) p : vec4f) -> @builtin(position) vec4f { return p; }`,
      vertexBuffers: [{ arrayStride: 16, attributes: [{ format: 'float32x4', offset: 4, shaderLocation: 0 }] }] }),
  'render: vec4f output to rgba8unorm': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }` }),
  'render: vec4f output to r32uint': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`, targets: [{ format: 'r32uint' }] }),
  'render: vec2f output to rgba8unorm': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec2f { return vec2f(1.0); }` }),
  'render: target without an output, default writeMask': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`,
      targets: [{ format: 'rgba8unorm' }, { format: 'rgba8unorm' }] }),
  'render: target without an output, writeMask 0': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`,
      targets: [{ format: 'rgba8unorm' }, { format: 'rgba8unorm', writeMask: 0 }] }),
  'render: fragment input not written by the vertex stage': (d) =>
    render(d, { fs: `@fragment fn fs(@location(1) c : vec4f) -> @location(0) vec4f { return c; }` }),
  'render: inter-stage type mismatch': (d) =>
    render(d, {
      vs: `struct O { @builtin(position) p : vec4f, @location(0) c : vec4f }
@vertex fn vs() -> O { return O(vec4f(0.0), vec4f(1.0)); }`,
      fs: `@fragment fn fs(@location(0) @interpolate(flat) c : vec4u) -> @location(0) vec4f { return vec4f(c); }` }),
  'render: inter-stage matching': (d) =>
    render(d, {
      vs: `struct O { @builtin(position) p : vec4f, @location(0) c : vec4f }
@vertex fn vs() -> O { return O(vec4f(0.0), vec4f(1.0)); }`,
      fs: `@fragment fn fs(@location(0) c : vec4f) -> @location(0) vec4f { return c; }` }),
  'render: blending on r32float (not blendable without float32-blendable)': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`,
      targets: [{ format: 'r32float', blend: { color: {}, alpha: {} } }] }),

  'render: auto layout textureSample of r32float': (d) => {
    const p = render(d, { fs: `@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@fragment fn fs() -> @location(0) vec4f { return textureSample(t, s, vec2f(0.0)); }` });
    d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: texture(d, { format: 'r32float' }).createView() },
      { binding: 1, resource: d.createSampler() }] });
  },
  'render: explicit unfilterable-float texture with a filtering sampler': (d) => {
    const l = layout(d, entry(0, S.FRAGMENT, { texture: { sampleType: 'unfilterable-float' } }),
      entry(1, S.FRAGMENT, { sampler: {} }));
    d.createRenderPipeline({
      layout: plain(d, l),
      vertex: { module: module(d, kVS), entryPoint: 'vs' },
      fragment: { module: module(d, `@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@fragment fn fs() -> @location(0) vec4f { return textureSample(t, s, vec2f(0.0)); }`), entryPoint: 'fs',
      targets: [{ format: 'rgba8unorm' }] },
    });
  },
  'render: explicit unfilterable-float texture with a non-filtering sampler': (d) => {
    const l = layout(d, entry(0, S.FRAGMENT, { texture: { sampleType: 'unfilterable-float' } }),
      entry(1, S.FRAGMENT, { sampler: { type: 'non-filtering' } }));
    d.createRenderPipeline({
      layout: plain(d, l),
      vertex: { module: module(d, kVS), entryPoint: 'vs' },
      fragment: { module: module(d, `@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@fragment fn fs() -> @location(0) vec4f { return textureSample(t, s, vec2f(0.0)); }`), entryPoint: 'fs',
      targets: [{ format: 'rgba8unorm' }] },
    });
  },
  'render: storage buffer read_write in the fragment stage (auto)': (d) =>
    render(d, { fs: `@group(0) @binding(0) var<storage, read_write> s : array<f32>;
@fragment fn fs() -> @location(0) vec4f { s[0] = 1.0; return vec4f(1.0); }` }),
  'render: storage buffer read_write in the vertex stage (auto)': (d) =>
    render(d, { vs: `@group(0) @binding(0) var<storage, read_write> s : array<f32>;
@vertex fn vs() -> @builtin(position) vec4f { s[0] = 1.0; return vec4f(0.0); }` }),
  'render: depth format in a color target': (d) =>
    render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`, targets: [{ format: 'depth32float' }] }),

  // --- setBindGroup + dispatch (verdict at finish) ---------------------------------
  'dispatch: every group set': (d) => {
    const p = compute(d, kUniformShader);
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM) } }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: missing group': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, uniform));
    const p = compute(d, kTwoGroupShader, plain(d, bgl, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM) } }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: group-equivalent layouts': (d) => {
    const p = compute(d, kUniformShader, plain(d, layout(d, entry(0, S.COMPUTE, uniform))));
    const g = groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM) });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: incompatible layout': (d) => {
    const p = compute(d, kUniformShader, plain(d, layout(d, entry(0, S.COMPUTE, uniform))));
    const g = groupOf(d, { buffer: { minBindingSize: 16 } }, { buffer: buffer(d, U.UNIFORM) });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: auto layout with a group of an explicit layout': (d) => {
    const p = compute(d, kUniformShader);
    const g = groupOf(d, uniform, { buffer: buffer(d, U.UNIFORM) });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: dynamic offset count too small': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, []]]);
  },
  'dispatch: dynamic offset count too large': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, [0, 256]]]);
  },
  'dispatch: dynamic offset 256': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, [256]]]);
  },
  'dispatch: dynamic offset not aligned': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, [128]]]);
  },
  'dispatch: dynamic offset out of bounds': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, [1280]]]);
  },
  'dispatch: sized dynamic binding reaching past the end': (d) => {
    // offset 0 + dynamic offset 1024 + minBindingSize 0 <= 1024, the size (16) ends past it.
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { hasDynamicOffset: true } }));
    const p = compute(d, kDynamicShader, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g, [1024]]]);
  },
  'dispatch: setBindGroup at index maxBindGroups': (d) => {
    const p = compute(d, kUniformShader);
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM) } }] });
    dispatch(d, p, [[0, g], [d.limits.maxBindGroups, g]]);
  },
  'dispatch: no pipeline': (d) => {
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.finish();
  },
  'dispatch: storage buffer bound twice writable (aliasing)': (d) => {
    const p = compute(d, `@group(0) @binding(0) var<storage, read_write> a : array<f32>;
@group(0) @binding(1) var<storage, read_write> b : array<f32>;
@compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 1.0; }`);
    const b = buffer(d, U.STORAGE);
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: { buffer: b, size: 256 } }, { binding: 1, resource: { buffer: b, offset: 512 } }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: storage and uniform of one buffer': (d) => {
    const p = compute(d, `@group(0) @binding(0) var<storage, read_write> a : array<f32>;
@group(0) @binding(1) var<uniform> b : vec4f;
@compute @workgroup_size(1) fn main() { a[0] = b.x; }`);
    const buf = buffer(d, U.STORAGE | U.UNIFORM);
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: { buffer: buf } }, { binding: 1, resource: { buffer: buf } }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: overlapping writable storage bindings (aliasing)': (d) => {
    const p = compute(d, `@group(0) @binding(0) var<storage, read_write> a : array<f32>;
@group(0) @binding(1) var<storage, read_write> b : array<f32>;
@compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 1.0; }`);
    const b = buffer(d, U.STORAGE);
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: { buffer: b, size: 512 } }, { binding: 1, resource: { buffer: b, offset: 256 } }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: writable and read-only storage of one range in two groups': (d) => {
    const p = compute(d, `@group(0) @binding(0) var<storage, read_write> a : array<f32>;
@group(1) @binding(0) var<storage, read> b : array<f32>;
@compute @workgroup_size(1) fn main() { a[0] = b[0]; }`);
    const b = buffer(d, U.STORAGE);
    const g0 = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: b } }] });
    const g1 = d.createBindGroup({ layout: p.getBindGroupLayout(1), entries: [{ binding: 0, resource: { buffer: b } }] });
    dispatch(d, p, [[0, g0], [1, g1]]);
  },
  'dispatch: storage texture written and sampled in one dispatch': (d) => {
    const p = compute(d, `@group(0) @binding(0) var w : texture_storage_2d<r32float, write>;
@group(0) @binding(1) var t : texture_2d<f32>;
@compute @workgroup_size(1) fn main() { textureStore(w, vec2u(0), textureLoad(t, vec2u(0), 0)); }`);
    const tex = texture(d, { format: 'r32float', usage: T.STORAGE_BINDING | T.TEXTURE_BINDING });
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [
      { binding: 0, resource: tex.createView() }, { binding: 1, resource: tex.createView() }] });
    dispatch(d, p, [[0, g]]);
  },
  'dispatch: dynamic offsets moving bindings into an overlap': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, { buffer: { type: 'storage', hasDynamicOffset: true } }),
      entry(1, S.COMPUTE, storage));
    const p = compute(d, `@group(0) @binding(0) var<storage, read_write> a : array<f32>;
@group(0) @binding(1) var<storage, read_write> b : array<f32>;
@compute @workgroup_size(1) fn main() { a[0] = 1.0; b[0] = 1.0; }`, plain(d, bgl));
    const b = buffer(d, U.STORAGE);
    const g = d.createBindGroup({ layout: bgl, entries: [
      { binding: 0, resource: { buffer: b, size: 256 } }, { binding: 1, resource: { buffer: b, offset: 512, size: 256 } }] });
    dispatch(d, p, [[0, g, [512]]]);
  },
  'dispatch: binding smaller than the shader needs (minBindingSize 0)': (d) => {
    const bgl = layout(d, entry(0, S.COMPUTE, uniform));
    const p = compute(d, `struct P { a : vec4f, b : vec4f }
@group(0) @binding(0) var<uniform> u : P;
@compute @workgroup_size(1) fn main() { _ = u; }`, plain(d, bgl));
    const g = d.createBindGroup({ layout: bgl, entries: [{ binding: 0, resource: { buffer: buffer(d, U.UNIFORM), size: 16 } }] });
    dispatch(d, p, [[0, g]]);
  },
  'draw: everything set': (d) => {
    const p = render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }` });
    const target = texture(d, { usage: T.RENDER_ATTACHMENT });
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store' }] });
    pass.setPipeline(p);
    pass.draw(3);
    pass.end();
    encoder.finish();
  },
  'draw: missing vertex buffer': (d) => {
    const p = render(d, { vs: `@vertex fn vs(@location(0) q : vec4f) -> @builtin(position) vec4f { return q; }`,
      vertexBuffers: [{ arrayStride: 16, attributes: [{ format: 'float32x4', offset: 0, shaderLocation: 0 }] }],
      fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }` });
    const target = texture(d, { usage: T.RENDER_ATTACHMENT });
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store' }] });
    pass.setPipeline(p);
    pass.draw(3);
    pass.end();
    encoder.finish();
  },
  'draw: sampled texture that is also the attachment': (d) => {
    const p = render(d, { fs: `@group(0) @binding(0) var t : texture_2d<f32>;
@fragment fn fs() -> @location(0) vec4f { return textureLoad(t, vec2u(0), 0); }` });
    const target = texture(d, { usage: T.RENDER_ATTACHMENT | T.TEXTURE_BINDING });
    const g = d.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [{ binding: 0, resource: target.createView() }] });
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store' }] });
    pass.setPipeline(p);
    pass.setBindGroup(0, g);
    pass.draw(3);
    pass.end();
    encoder.finish();
  },
  'draw: pipeline target format differs from the attachment': (d) => {
    const p = render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`, targets: [{ format: 'bgra8unorm' }] });
    const target = texture(d, { usage: T.RENDER_ATTACHMENT });
    const encoder = d.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store' }] });
    pass.setPipeline(p);
    pass.draw(3);
    pass.end();
    encoder.finish();
  },

  // --- on a device with features (requiredFeatures: the case's `features`) -------
  'features: r32float with sampleType float (float32-filterable)': {
    features: ['float32-filterable'],
    fn: (d) => groupOf(d, { texture: { sampleType: 'float' } }, texture(d, { format: 'r32float' }).createView(), S.FRAGMENT),
  },
  'features: blending on r32float (float32-blendable)': {
    features: ['float32-blendable'],
    fn: (d) => render(d, { fs: `@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }`,
      targets: [{ format: 'r32float', blend: { color: {}, alpha: {} } }] }),
  },
  'features: swizzle (texture-component-swizzle)': {
    features: ['texture-component-swizzle'],
    fn: (d) => texture(d).createView({ swizzle: 'rrr1' }),
  },
  'features: bad swizzle string (texture-component-swizzle)': {
    features: ['texture-component-swizzle'],
    fn: (d) => texture(d).createView({ swizzle: 'rgbx' }),
  },
  'features: bgra8unorm storage texture (bgra8unorm-storage)': {
    features: ['bgra8unorm-storage'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'bgra8unorm' } })),
  },
  'features: bgra8unorm read-write storage texture (bgra8unorm-storage)': {
    features: ['bgra8unorm-storage'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'bgra8unorm', access: 'read-write' } })),
  },
  'features: rgba8unorm read-write storage texture (texture-formats-tier2)': {
    features: ['texture-formats-tier2'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'rgba8unorm', access: 'read-write' } })),
  },
  'features: r8unorm storage texture (texture-formats-tier1)': {
    features: ['texture-formats-tier1'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r8unorm' } })),
  },
  'features: r8unorm storage texture without texture-formats-tier1': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r8unorm' } })),
  'features: depth32float-stencil8 stencil-only with uint (depth32float-stencil8)': {
    features: ['depth32float-stencil8'],
    fn: (d) => groupOf(d, { texture: { sampleType: 'uint' } },
      texture(d, { format: 'depth32float-stencil8' }).createView({ aspect: 'stencil-only' }), S.FRAGMENT),
  },
  'features: depth32float-stencil8 texture without the feature': (d) =>
    texture(d, { format: 'depth32float-stencil8' }),

  // --- "Validate texture format required features" outside createTexture --------
  // A format that needs a feature the device lacks is a TypeError on the
  // content timeline (#abstract-opdef-validate-texture-format-required-features):
  // thrown by createBindGroupLayout (#bind-group-layout-creation),
  // createRenderPipeline (#render-pipeline-creation) and createRenderBundleEncoder
  // (#render-bundle-creation), the rejection of createRenderPipelineAsync's promise.
  // r16unorm needs 'texture-formats-tier1', depth32float-stencil8 its own feature,
  // bc1-rgba-unorm 'texture-compression-bc' (#texture-format-caps).
  'format features: storage texture r16unorm (texture-formats-tier1)': {
    features: ['texture-formats-tier1'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r16unorm' } })),
  },
  'format features: storage texture r16unorm without texture-formats-tier1': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r16unorm' } })),
  'format features: storage texture bc1-rgba-unorm (texture-compression-bc, not a storage format)': {
    features: ['texture-compression-bc'],
    fn: (d) => layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'bc1-rgba-unorm' } })),
  },
  'format features: storage texture bc1-rgba-unorm without texture-compression-bc': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'bc1-rgba-unorm' } })),
  'format features: second entry\'s storage texture needs a feature': (d) =>
    layout(d, entry(0, S.COMPUTE, { storageTexture: { format: 'r32float' } }),
      entry(1, S.COMPUTE, { storageTexture: { format: 'r16unorm' } })),
  'format features: render target r16unorm (texture-formats-tier1)': {
    features: ['texture-formats-tier1'],
    fn: (d) => d.createRenderPipeline(formatPipeline(d, { target: 'r16unorm' })),
  },
  'format features: render target r16unorm without texture-formats-tier1': (d) =>
    d.createRenderPipeline(formatPipeline(d, { target: 'r16unorm' })),
  'format features: null target, then r16unorm without texture-formats-tier1': (d) =>
    d.createRenderPipeline(formatPipeline(d, { target: 'r16unorm', leadingNull: true })),
  'format features: render target bc1-rgba-unorm (texture-compression-bc, not renderable)': {
    features: ['texture-compression-bc'],
    fn: (d) => d.createRenderPipeline(formatPipeline(d, { target: 'bc1-rgba-unorm' })),
  },
  'format features: depthStencil depth32float-stencil8 (depth32float-stencil8)': {
    features: ['depth32float-stencil8'],
    fn: (d) => d.createRenderPipeline(formatPipeline(d, { depth: 'depth32float-stencil8' })),
  },
  'format features: depthStencil depth32float-stencil8 without the feature': (d) =>
    d.createRenderPipeline(formatPipeline(d, { depth: 'depth32float-stencil8' })),
  'format features: async render target r16unorm (texture-formats-tier1)': {
    features: ['texture-formats-tier1'],
    fn: (d) => d.createRenderPipelineAsync(formatPipeline(d, { target: 'r16unorm' })),
  },
  'format features: async render target r16unorm without texture-formats-tier1': (d) =>
    d.createRenderPipelineAsync(formatPipeline(d, { target: 'r16unorm' })),
  'format features: async depthStencil depth32float-stencil8 (depth32float-stencil8)': {
    features: ['depth32float-stencil8'],
    fn: (d) => d.createRenderPipelineAsync(formatPipeline(d, { depth: 'depth32float-stencil8' })),
  },
  'format features: async depthStencil depth32float-stencil8 without the feature': (d) =>
    d.createRenderPipelineAsync(formatPipeline(d, { depth: 'depth32float-stencil8' })),
  'format features: bundle colorFormats r16unorm (texture-formats-tier1)': {
    features: ['texture-formats-tier1'],
    fn: (d) => d.createRenderBundleEncoder({ colorFormats: ['r16unorm'] }),
  },
  'format features: bundle colorFormats r16unorm without texture-formats-tier1': (d) =>
    d.createRenderBundleEncoder({ colorFormats: ['rgba8unorm', 'r16unorm'] }),
  'format features: bundle colorFormats bc1-rgba-unorm (texture-compression-bc, not renderable)': {
    features: ['texture-compression-bc'],
    fn: (d) => d.createRenderBundleEncoder({ colorFormats: ['bc1-rgba-unorm'] }),
  },
  'format features: bundle depthStencilFormat depth32float-stencil8 (depth32float-stencil8)': {
    features: ['depth32float-stencil8'],
    fn: (d) => d.createRenderBundleEncoder({ colorFormats: [], depthStencilFormat: 'depth32float-stencil8' }),
  },
  'format features: bundle depthStencilFormat depth32float-stencil8 without the feature': (d) =>
    d.createRenderBundleEncoder({ colorFormats: [], depthStencilFormat: 'depth32float-stencil8' }),
};

// Cases where the spec says one side is wrong: { bindery, dawn, anchor, reason }.
// The test asserts these exact verdicts (so a fix on either side is noticed).
// (None now: bindery refuses read_write storage and writable storage
// textures statically accessed by a vertex entry point at createShaderModule,
// as Dawn does: wgsl.bs#address-space, issue 18.)
const expectedDifferences = {
  'dispatch: sized dynamic binding reaching past the end': {
    bindery: 'valid',
    dawn: 'validation',
    anchor: '#gpubindingcommandsmixin-setbindgroup',
    reason: 'setBindGroup checks offset + dynamicOffset + minBindingSize <= buffer.size, not the ' +
      "binding's size; Dawn checks offset + dynamicOffset + size",
  },
};

async function verdictOf(device, fn) {
  device.pushErrorScope('validation');
  let thrown = null;
  let rejected = null;
  try {
    const result = fn(device);
    // An async call's promise (createRenderPipelineAsync): a rejection is a
    // verdict of its own, 'rejected: <name>', not the same as a throw.
    if (typeof result?.then === 'function') await result.catch((e) => { rejected = e; });
  } catch (e) {
    thrown = e;
  }
  const error = await device.popErrorScope();
  if (thrown) return { verdict: thrown.name || 'Error', message: thrown.message };
  if (rejected) return { verdict: `rejected: ${rejected.name || 'Error'}`, message: rejected.message };
  if (error) return { verdict: 'validation', message: error.message };
  return { verdict: 'valid', message: '' };
}

// The GPU objects stay referenced for the whole run: Dawn's process aborts
// when its GPU instance is collected while a device of it is still in use.
const keepAlive = [];
async function deviceOf(createFn, flags, requiredFeatures = []) {
  const gpu = createFn(flags);
  keepAlive.push(gpu);
  const adapter = await gpu.requestAdapter();
  keepAlive.push(adapter);
  return adapter.requestDevice({ requiredFeatures });
}

// One device per provider and feature list, made on first use.
function devicePool(createFn, flags) {
  const devices = new Map();
  return (features) => {
    const key = [...features].sort().join(',');
    if (!devices.has(key)) devices.set(key, deviceOf(createFn, flags, features));
    return devices.get(key);
  };
}

test('differential validation verdicts: bindery vs Dawn', { skip: dawnMissing ?? false }, async (t) => {
  const binderyDevice = devicePool(createBindery, ['backend=null']);
  const dawnDevice = devicePool(dawnModule.create, ['backend=null']);
  let agree = 0;
  let expected = 0;
  const mismatches = [];
  for (const [name, value] of Object.entries(cases)) {
    const { features = [], fn } = typeof value === 'function' ? { fn: value } : value;
    const a = await verdictOf(await binderyDevice(features), fn);
    const b = await verdictOf(await dawnDevice(features), fn);
    if (process.env.BINDERY_DIFF_DUMP) {
      console.log(`${a.verdict === b.verdict ? ' ' : '!'} ${name} => ${a.verdict} / ${b.verdict}\n` +
        `    B: ${a.message.split('\n')[0].slice(0, 150)}\n    D: ${b.message.split('\n')[0].slice(0, 150)}`);
    }
    const known = expectedDifferences[name];
    if (known) {
      if (a.verdict === known.bindery && b.verdict === known.dawn) {
        ++expected;
      } else {
        mismatches.push(`${name}: listed in expectedDifferences as bindery=${known.bindery} ` +
          `dawn=${known.dawn} (${known.anchor}), now bindery=${a.verdict} dawn=${b.verdict}\n` +
          `  bindery: ${a.message}\n  dawn: ${b.message}`);
      }
    } else if (a.verdict === b.verdict) {
      ++agree;
    } else {
      mismatches.push(`${name}: bindery=${a.verdict} dawn=${b.verdict}\n` +
        `  bindery: ${a.message}\n  dawn: ${b.message}`);
    }
  }
  for (const name of Object.keys(expectedDifferences)) {
    assert.ok(name in cases, `expectedDifferences names an unknown case: ${name}`);
  }
  const total = Object.keys(cases).length;
  t.diagnostic(`${total} cases, ${agree} agree, ${expected} expected differences, ${mismatches.length} mismatches`);
  console.log(`differential: ${total} cases, ${agree} agree, ${expected} expected differences, ` +
    `${mismatches.length} mismatches`);
  for (const [name, known] of Object.entries(expectedDifferences)) {
    console.log(`  expected difference: ${name}: bindery=${known.bindery} dawn=${known.dawn} ` +
      `(${known.anchor}: ${known.reason})`);
  }
  if (mismatches.length) console.log(mismatches.join('\n\n'));
  assert.equal(mismatches.length, 0, `verdict mismatches:\n${mismatches.join('\n\n')}`);
});
