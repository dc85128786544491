// Seed 001 — why WebGPU groups resources: layout vs group, labels, limits,
// visibility. The article's examples, as written, against a null device.
import { seedDevice, check, fact, title, pending } from './_seed.mjs';

const device = await seedDevice();

title('001 shape and content: one layout, many groups');
const layoutMaterial = device.createBindGroupLayout({
  label: 'material',
  entries: [
    { binding: 0, visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT,
      buffer: { type: 'uniform' } },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT,
      sampler: { type: 'filtering' } },
    { binding: 2, visibility: GPUShaderStage.FRAGMENT,
      texture: { sampleType: 'float', viewDimension: '2d' } },
  ],
});
const materiales = ['mármol', 'madera', 'acero'].map((nombre) => ({
  nombre,
  uniformes: device.createBuffer({ label: `uniformes ${nombre}`, size: 64, usage: GPUBufferUsage.UNIFORM }),
  sampler: device.createSampler({ magFilter: 'linear', minFilter: 'linear' }),
  textura: device.createTexture({ label: nombre, size: [256, 256], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING }),
}));

// Un grupo por material, todos con la misma forma.
const grupos = await check(device, 'a group per material against one layout', 'valid', () => materiales.map((m) => device.createBindGroup({
  label: `material ${m.nombre}`,
  layout: layoutMaterial,
  entries: [
    { binding: 0, resource: { buffer: m.uniformes } },
    { binding: 1, resource: m.sampler },
    { binding: 2, resource: m.textura.createView() },
  ],
})));
fact('three groups, labelled', grupos.map((g) => g.label).join(', ') === 'material mármol, material madera, material acero');

title('001 labels come back in the error messages');
device.pushErrorScope('validation');
device.createBindGroup({
  label: 'material roto',
  layout: layoutMaterial,
  entries: [{ binding: 0, resource: { buffer: materiales[0].uniformes } }],
});
const error = await device.popErrorScope();
console.log(`      ${error?.message.split('\n')[0]}`);
fact('the message names the group and its layout by label',
  /"material roto"/.test(error?.message ?? '') && /"material"/.test(error?.message ?? ''));

title('001 the price: few groups, limits per stage');
fact('maxBindGroups is 4', device.limits.maxBindGroups === 4);
// The article gives 640; the spec's default is 1000.
fact('maxBindingsPerBindGroup is 1000 (the spec; the article says 640)', device.limits.maxBindingsPerBindGroup === 1000);
fact('maxUniformBuffersPerShaderStage is 12', device.limits.maxUniformBuffersPerShaderStage === 12);
fact('maxSampledTexturesPerShaderStage is 16', device.limits.maxSampledTexturesPerShaderStage === 16);
await check(device, 'four group slots', 'valid', () => device.createPipelineLayout({
  bindGroupLayouts: [layoutMaterial, layoutMaterial, layoutMaterial, layoutMaterial],
}));
await check(device, 'five group slots', 'PipelineLayoutTooManyBindGroups', () => device.createPipelineLayout({
  bindGroupLayouts: [layoutMaterial, layoutMaterial, layoutMaterial, layoutMaterial, layoutMaterial],
}));
pending('layouts identical in content are interchangeable (group-equivalent)', 'pipelines and setBindGroup');
pending("visibility: FRAGMENT read by the vertex shader makes the pipeline invalid", 'shader modules and pipelines');

title('001 VERTEX cannot write: storage buffers and storage textures');
await check(device, "VERTEX with a 'storage' buffer", 'BindGroupLayoutVertexWritableStorage', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'storage' } }],
}));
await check(device, "VERTEX with a 'read-only-storage' buffer", 'valid', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } }],
}));
