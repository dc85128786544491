// Seed 000 — "GPUBindGroup: rellenar el contrato con recursos concretos".
// The article's examples, as written, against a null device.
import { seedDevice, check, fact, title, pending, FrameSource } from './_seed.mjs';

const device = await seedDevice();

// The resources the article names.
const layoutMaterial = device.createBindGroupLayout({
  label: 'material',
  entries: [
    { binding: 0, visibility: GPUShaderStage.FRAGMENT, buffer: { type: 'uniform', minBindingSize: 96 } },
    { binding: 1, visibility: GPUShaderStage.FRAGMENT, sampler: {} },
    { binding: 2, visibility: GPUShaderStage.FRAGMENT, texture: {} },
    { binding: 3, visibility: GPUShaderStage.FRAGMENT, externalTexture: {} },
  ],
});
const uniformes = device.createBuffer({ label: 'uniformes', size: 256, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
const samplerLineal = device.createSampler({ label: 'lineal', magFilter: 'linear', minFilter: 'linear' });
const albedo = device.createTexture({ label: 'albedo', size: [512, 512], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
// The stand-in for an HTMLVideoElement: a source whose current frame is one texture.
const fotograma = device.createTexture({ label: 'fotograma', size: [1280, 720], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
const video = new FrameSource(fotograma.createView());

title('000 the four forms of a resource');
const grupo = await check(device, "createBindGroup({ label: 'material mármol', ... })", 'valid', () => device.createBindGroup({
  label: 'material mármol',
  layout: layoutMaterial,
  entries: [
    // 1. Un objeto GPUBufferBinding, para entradas de clase `buffer`.
    { binding: 0, resource: { buffer: uniformes, offset: 0, size: 96 } },

    // 2. Un GPUSampler, para entradas de clase `sampler`.
    { binding: 1, resource: samplerLineal },

    // 3. Un GPUTextureView, para `texture` y para `storageTexture`.
    { binding: 2, resource: albedo.createView() },

    // 4. Un GPUExternalTexture, para `externalTexture`.
    { binding: 3, resource: device.importExternalTexture({ source: video }) },
  ],
}));
fact('the group is a GPUBindGroup with its label', grupo instanceof GPUBindGroup && grupo.label === 'material mármol');
// The article: passing the texture itself is a type error. The spec now
// accepts a GPUTexture as the shorthand for its default view.
await check(device, 'a GPUTexture where a view is expected (the spec: its default view)', 'valid', () => device.createBindGroup({
  layout: layoutMaterial,
  entries: [
    { binding: 0, resource: { buffer: uniformes, size: 96 } },
    { binding: 1, resource: samplerLineal },
    { binding: 2, resource: albedo },
    { binding: 3, resource: device.importExternalTexture({ source: video }) },
  ],
}));

title('000 sub-ranges: one big buffer, many small bindings');
const layoutObjeto = device.createBindGroupLayout({
  label: 'objeto',
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'uniform' } }],
});
const objetos = Array.from({ length: 200 }, (_, i) => ({ nombre: `objeto ${i}` }));
const ALINEACION = device.limits.minUniformBufferOffsetAlignment; // 256 garantizado
const TAM = 96;
const paso = Math.ceil(TAM / ALINEACION) * ALINEACION;           // 256
fact('minUniformBufferOffsetAlignment is at most 256', ALINEACION <= 256, `${ALINEACION}`);

const grande = device.createBuffer({
  label: 'uniformes por objeto',
  size: paso * objetos.length,
  usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
});

const gruposPorObjeto = await check(device, '200 bind groups over sub-ranges of one buffer', 'valid', () => objetos.map((_, i) => device.createBindGroup({
  layout: layoutObjeto,
  entries: [{ binding: 0, resource: { buffer: grande, offset: i * paso, size: TAM } }],
})));
fact('200 groups', gruposPorObjeto.length === 200);
await check(device, 'an offset that is not a multiple of minUniformBufferOffsetAlignment', 'BindGroupBufferOffsetAlignment',
  () => device.createBindGroup({ layout: layoutObjeto, entries: [{ binding: 0, resource: { buffer: grande, offset: TAM, size: TAM } }] }));
await check(device, 'a sub-range past the end of the buffer', 'BindGroupBufferRangeOutOfBounds',
  () => device.createBindGroup({ layout: layoutObjeto, entries: [{ binding: 0, resource: { buffer: grande, offset: paso * 200, size: TAM } }] }));

title('000 immutable for real');
const metodos = Object.getOwnPropertyNames(GPUBindGroup.prototype).filter((n) => n !== 'constructor');
fact('a GPUBindGroup has no methods (only its label)', metodos.join() === 'label', metodos.join(', '));
pending('device.queue.writeBuffer(bufferCamara, 0, camara.matrices)', 'the queue');

title('000 the errors you will see');
await check(device, 'the number of entries does not match the layout', 'BindGroupEntryCountMismatch', () => device.createBindGroup({
  label: 'material incompleto', layout: layoutMaterial,
  entries: [{ binding: 0, resource: { buffer: uniformes, size: 96 } }, { binding: 1, resource: samplerLineal }],
}));
const sinUniform = device.createBuffer({ label: 'sin UNIFORM', size: 256, usage: GPUBufferUsage.STORAGE });
await check(device, "the buffer's usage lacks the flag the entry needs", 'BindGroupBufferUsageMissing', () => device.createBindGroup({
  layout: layoutObjeto, entries: [{ binding: 0, resource: { buffer: sinUniform } }],
}));
await check(device, 'the binding is smaller than minBindingSize', 'BindGroupBufferBindingTooSmall', () => device.createBindGroup({
  layout: layoutMaterial,
  entries: [
    { binding: 0, resource: { buffer: uniformes, size: 64 } },
    { binding: 1, resource: samplerLineal },
    { binding: 2, resource: albedo.createView() },
    { binding: 3, resource: device.importExternalTexture({ source: video }) },
  ],
}));
const capas = device.createTexture({ label: 'capas', size: [512, 512, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
const descriptor = {
  label: 'material con capas',
  layout: layoutMaterial,
  entries: [
    { binding: 0, resource: { buffer: uniformes, size: 96 } },
    { binding: 1, resource: samplerLineal },
    { binding: 2, resource: capas.createView() },
    { binding: 3, resource: device.importExternalTexture({ source: video }) },
  ],
};
await check(device, "the view's viewDimension does not match", 'BindGroupTextureViewDimensionMismatch', () => device.createBindGroup(descriptor));

title('000 debugging with an error scope (the article\'s snippet)');
const mensajes = [];
const consoleError = console.error;
console.error = (...args) => mensajes.push(args.join(' '));
device.pushErrorScope('validation');
const grupoInvalido = device.createBindGroup(descriptor);
const error = await device.popErrorScope();
if (error) console.error('bind group inválido:', error.message);
console.error = consoleError;
fact('popErrorScope() gave a GPUValidationError', error instanceof GPUValidationError && grupoInvalido instanceof GPUBindGroup);
fact("console.error('bind group inválido:', error.message) names the group", /material con capas/.test(mensajes[0] ?? ''));

title('000 external textures expire with the frame');
const externa = device.importExternalTexture({ source: video });
await check(device, 'importExternalTexture({ source: video })', 'valid', () => externa);
video.advanceFrame();
fact('the video advanced a frame', video.frameIndex === 1);
pending('setBindGroup with the expired texture', 'command encoders');
await check(device, 'a new import from the new frame', 'valid', () => device.importExternalTexture({ source: video }));
