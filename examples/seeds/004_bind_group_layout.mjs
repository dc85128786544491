// Seed 004 — "GPUBindGroupLayout: el contrato entre el shader y la API".
// The article's examples, as written, against a null device.
import { seedDevice, check, fact, title } from './_seed.mjs';

const device = await seedDevice();

title('004 the structure of an entry');
await check(device, "createBindGroupLayout({ label: 'escena', ... minBindingSize: 144 })", 'valid', () => device.createBindGroupLayout({
  label: 'escena',
  entries: [
    {
      binding: 0,                                   // coincide con @binding(0)
      visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT,
      buffer: { type: 'uniform', minBindingSize: 144 },
    },
  ],
}));
fact('GPUShaderStage.VERTEX (1), FRAGMENT (2), COMPUTE (4)',
  GPUShaderStage.VERTEX === 1 && GPUShaderStage.FRAGMENT === 2 && GPUShaderStage.COMPUTE === 4);
await check(device, 'bindings need not be consecutive nor start at 0', 'valid', () => device.createBindGroupLayout({
  entries: [
    { binding: 3, visibility: GPUShaderStage.FRAGMENT, sampler: {} },
    { binding: 7, visibility: GPUShaderStage.FRAGMENT, texture: {} },
  ],
}));
await check(device, 'the same binding twice', 'BindGroupLayoutDuplicateBinding', () => device.createBindGroupLayout({
  entries: [
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, sampler: {} },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, texture: {} },
  ],
}));
await check(device, 'a binding >= maxBindingsPerBindGroup', 'BindGroupLayoutBindingOutOfRange', () => device.createBindGroupLayout({
  entries: [{ binding: device.limits.maxBindingsPerBindGroup, visibility: GPUShaderStage.FRAGMENT, sampler: {} }],
}));
await check(device, 'two resource kinds in one entry', 'BindGroupLayoutEntryMultipleBindingMembers', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: {}, sampler: {} }],
}));
await check(device, 'no resource kind at all', 'BindGroupLayoutEntryNoBindingMember', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT }],
}));

title('004 the five resource descriptors, field by field');
await check(device, 'buffer: {} (uniform, no dynamic offset, minBindingSize 0)', 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, buffer: {} }] }));
await check(device, "sampler: { type: 'comparison' }", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2, sampler: { type: 'comparison' } }] }));
await check(device, "multisampled texture with viewDimension '2d-array'", 'BindGroupLayoutMultisampledViewDimension',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2,
    texture: { sampleType: 'unfilterable-float', viewDimension: '2d-array', multisampled: true } }] }));
await check(device, "multisampled texture with sampleType 'float'", 'BindGroupLayoutMultisampledFloat',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2, texture: { multisampled: true } }] }));
await check(device, "multisampled '2d' 'unfilterable-float'", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2,
    texture: { sampleType: 'unfilterable-float', multisampled: true } }] }));
await check(device, "storageTexture: { format: 'rgba8unorm' } (write-only, '2d')", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, storageTexture: { format: 'rgba8unorm' } }] }));
await check(device, "storageTexture with viewDimension 'cube'", 'BindGroupLayoutStorageTextureCube',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4,
    storageTexture: { format: 'rgba8unorm', viewDimension: 'cube' } }] }));
await check(device, 'storageTexture with a format without storage', 'BindGroupLayoutStorageTextureFormat',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, storageTexture: { format: 'rgba8unorm-srgb' } }] }));
let sinFormato;
try {
  device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, storageTexture: {} }] });
} catch (e) {
  sinFormato = e;
}
fact('storageTexture without its required format is a TypeError (WebIDL)', sinFormato instanceof TypeError, sinFormato?.message);
await check(device, 'externalTexture: {}', 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2, externalTexture: {} }] }));

title('004 unknown keys: WebGPU ignores them; bindery warns (sampletype, viewDimensions)');
const avisos = [];
process.on('warning', (w) => { if (w.name === 'BinderyWarning') avisos.push(w.message); });
await check(device, "texture: { sampletype: 'uint', viewDimensions: '2d-array' } (defaults used)", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 2,
    texture: { sampletype: 'uint', viewDimensions: '2d-array' } }] }));
await new Promise((resolve) => setImmediate(resolve));
fact("a warning names 'sampletype' and 'sampleType'", avisos.some((a) => a.includes("'sampletype'") && a.includes("'sampleType'")));
fact("a warning names 'viewDimensions' and 'viewDimension'", avisos.some((a) => a.includes("'viewDimensions'") && a.includes("'viewDimension'?")));

title('004 the rules that invalidate a layout');
await check(device, "VERTEX with type: 'storage'", 'BindGroupLayoutVertexWritableStorage',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'storage' } }] }));
await check(device, "VERTEX with type: 'read-only-storage'", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } }] }));
await check(device, 'VERTEX with a write-only storageTexture', 'BindGroupLayoutVertexWritableStorage',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, storageTexture: { format: 'r32float' } }] }));
// The article says no storage texture may be visible to VERTEX; the spec
// allows read-only ones.
await check(device, "VERTEX with a 'read-only' storageTexture (the spec allows it)", 'valid',
  () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX,
    storageTexture: { format: 'r32float', access: 'read-only' } }] }));
const uniformesFragment = (n) => Array.from({ length: n }, (_, i) => ({ binding: i, visibility: GPUShaderStage.FRAGMENT, buffer: {} }));
fact('maxUniformBuffersPerShaderStage = 12', device.limits.maxUniformBuffersPerShaderStage === 12);
await check(device, '12 uniform buffers visible to FRAGMENT', 'valid', () => device.createBindGroupLayout({ entries: uniformesFragment(12) }));
await check(device, '13 uniform buffers visible to FRAGMENT', 'BindGroupLayoutBindingSlotLimits', () => device.createBindGroupLayout({ entries: uniformesFragment(13) }));
const siete = device.createBindGroupLayout({ label: 'siete', entries: uniformesFragment(7) });
await check(device, 'the limits add up over the pipeline layout (7 + 7 uniform buffers)', 'PipelineLayoutBindingSlotLimits',
  () => device.createPipelineLayout({ bindGroupLayouts: [siete, siete] }));

title('004 a full layout from a real shader');
const layoutEscena = await check(device, "layoutEscena (uniform 144, filtering, comparison, depth, read-only-storage)", 'valid', () => device.createBindGroupLayout({
  label: 'escena',
  entries: [
    { binding: 0,
      visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT,
      // 2 mat4x4 (64 B cada una) + vec3 alineado a 16 = 144 bytes
      buffer: { type: 'uniform', minBindingSize: 144 } },

    { binding: 1, visibility: GPUShaderStage.FRAGMENT,
      sampler: { type: 'filtering' } },

    { binding: 2, visibility: GPUShaderStage.FRAGMENT,
      sampler: { type: 'comparison' } },

    { binding: 3, visibility: GPUShaderStage.FRAGMENT,
      texture: { sampleType: 'depth', viewDimension: '2d' } },

    { binding: 4, visibility: GPUShaderStage.FRAGMENT,
      buffer: { type: 'read-only-storage' } },
  ],
}));
fact('it is a GPUBindGroupLayout labelled escena', layoutEscena instanceof GPUBindGroupLayout && layoutEscena.label === 'escena');
