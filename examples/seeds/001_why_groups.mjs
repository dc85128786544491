// Seed 001 — why WebGPU groups resources: layout vs group, labels, limits,
// visibility. The article's examples, as written, against a null device.
import { seedDevice, check, fact, title } from './_seed.mjs';

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

title('001 layouts identical in content (the spec: group-equivalent, interchangeable)');
// The article says a group is tied to the very layout object; the spec makes
// explicit layouts with equal entries group-equivalent, so a group of one
// binds where the other is expected. Only layout: 'auto' ties a group to its pipeline.
const gemelo = device.createBindGroupLayout({
  label: 'material (gemelo)',
  entries: [
    { binding: 0, visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, sampler: { type: 'filtering' } },
    { binding: 2, visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d' } },
  ],
});
const moduloMaterial = device.createShaderModule({
  label: 'material',
  code: `
    struct Material { color : vec4f }
    @group(0) @binding(0) var<uniform> material : Material;
    @group(0) @binding(1) var muestreo : sampler;
    @group(0) @binding(2) var albedo : texture_2d<f32>;
    @vertex fn vs() -> @builtin(position) vec4f { return material.color; }
    @fragment fn fs() -> @location(0) vec4f {
      return textureSample(albedo, muestreo, vec2f(0.5)) * material.color;
    }
  `,
});
const pipelineCon = (layout) => device.createRenderPipeline({
  label: layout === 'auto' ? 'material (auto)' : `material (${layout.label})`,
  layout: layout === 'auto' ? 'auto' : device.createPipelineLayout({ bindGroupLayouts: [layout] }),
  vertex: { module: moduloMaterial },
  fragment: { module: moduloMaterial, targets: [{ format: 'rgba8unorm' }] },
});
const pantalla = device.createTexture({ size: [64, 64], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT }).createView();
const dibujar = (pipeline, grupo) => () => {
  const encoder = device.createCommandEncoder({ label: 'frame' });
  const pass = encoder.beginRenderPass({ label: 'materiales', colorAttachments: [{ view: pantalla, loadOp: 'clear', storeOp: 'store' }] });
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, grupo);
  pass.draw(3);
  pass.end();
  device.queue.submit([encoder.finish()]);
};
await check(device, "each material's group in a pipeline made with the identical layout 'material (gemelo)'", 'valid', () => {
  const pipeline = pipelineCon(gemelo);
  for (const grupo of grupos) dibujar(pipeline, grupo)();
});
await check(device, "the same group in a pipeline with layout: 'auto'", 'BindGroupLayoutNotEquivalent', dibujar(pipelineCon('auto'), grupos[0]));

title('001 visibility is checked against what each stage reads');
const soloFragment = device.createBindGroupLayout({
  label: 'solo fragment',
  entries: [
    { binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'uniform' } },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, sampler: { type: 'filtering' } },
    { binding: 2, visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'float', viewDimension: '2d' } },
  ],
});
await check(device, 'visibility: FRAGMENT read by the vertex shader makes the pipeline invalid', 'PipelineBindingVisibility',
  () => pipelineCon(soloFragment));

title('001 VERTEX cannot write: storage buffers and storage textures');
await check(device, "VERTEX with a 'storage' buffer", 'BindGroupLayoutVertexWritableStorage', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'storage' } }],
}));
await check(device, "VERTEX with a 'read-only-storage' buffer", 'valid', () => device.createBindGroupLayout({
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'read-only-storage' } }],
}));
