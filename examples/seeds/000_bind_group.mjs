// Seed 000 — "GPUBindGroup: rellenar el contrato con recursos concretos".
// The article's examples, as written, against a null device.
import { seedDevice, check, fact, title, FrameSource } from './_seed.mjs';

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

title('000 per frame: write bytes; bind groups are made at load time');
// Load time: the camera, a pipeline over the two layouts, a render target.
const bufferCamara = device.createBuffer({ label: 'cámara', size: 128, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
const layoutEscena = device.createBindGroupLayout({
  label: 'escena',
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'uniform', minBindingSize: 128 } }],
});
const grupoCamara = device.createBindGroup({ label: 'cámara', layout: layoutEscena, entries: [{ binding: 0, resource: { buffer: bufferCamara } }] });
const modulo = device.createShaderModule({
  label: 'escena',
  code: `
    struct Camara { vista : mat4x4f, proy : mat4x4f }
    struct Objeto { modelo : mat4x4f, color : vec4f, extra : vec4f }
    @group(0) @binding(0) var<uniform> camara : Camara;
    @group(1) @binding(0) var<uniform> objeto : Objeto;
    @vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
      return camara.proy * camara.vista * objeto.modelo * vec4f(f32(i), 0.0, 0.0, 1.0);
    }
    @fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }
  `,
});
const objetosPipeline = (layoutPorObjeto) => device.createRenderPipeline({
  label: 'objetos',
  layout: device.createPipelineLayout({ bindGroupLayouts: [layoutEscena, layoutPorObjeto] }),
  vertex: { module: modulo },
  fragment: { module: modulo, targets: [{ format: 'rgba8unorm' }] },
});
const pipeline = await check(device, 'a render pipeline over the camera and per-object layouts', 'valid', () => objetosPipeline(layoutObjeto));
const pantalla = device.createTexture({ label: 'pantalla', size: [64, 64], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT }).createView();
const camara = { matrices: new Float32Array(32) };
const datosObjeto = new Float32Array(TAM / 4);

// Frames create no bind group (counted by wrapping createBindGroup).
const createBindGroup = device.createBindGroup;
let gruposCreados = 0;
device.createBindGroup = function (...args) {
  gruposCreados++;
  return createBindGroup.apply(this, args);
};
for (let frame = 0; frame < 3; frame++) {
  await check(device, `frame ${frame}: writeBuffer the camera and 200 objects, 200 × (setBindGroup + draw), submit`, 'valid', () => {
    // Por frame: escribir bytes. Barato, no invalida nada.
    camara.matrices.fill(frame);
    device.queue.writeBuffer(bufferCamara, 0, camara.matrices);
    for (let i = 0; i < objetos.length; i++) {
      datosObjeto.fill(frame * 1000 + i);
      device.queue.writeBuffer(grande, i * paso, datosObjeto);
    }
    const encoder = device.createCommandEncoder({ label: `frame ${frame}` });
    const pass = encoder.beginRenderPass({
      label: 'escena',
      colorAttachments: [{ view: pantalla, clearValue: [0, 0, 0, 1], loadOp: 'clear', storeOp: 'store' }],
    });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, grupoCamara);
    for (const grupoObjeto of gruposPorObjeto) {
      pass.setBindGroup(1, grupoObjeto);
      pass.draw(3);
    }
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
}
fact('the frames created no bind group', gruposCreados === 0, `${gruposCreados} created`);

// The other form of the pattern: one group over the whole buffer, and the
// object chosen per draw with a dynamic offset.
const layoutDinamico = device.createBindGroupLayout({
  label: 'objeto (dinámico)',
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'uniform', hasDynamicOffset: true, minBindingSize: TAM } }],
});
const grupoDinamico = createBindGroup.call(device, {
  label: 'objetos (dinámico)', layout: layoutDinamico,
  entries: [{ binding: 0, resource: { buffer: grande, offset: 0, size: TAM } }],
});
const pipelineDinamico = objetosPipeline(layoutDinamico);
await check(device, 'a frame with one group and 200 dynamic offsets', 'valid', () => {
  const encoder = device.createCommandEncoder({ label: 'frame dinámico' });
  const pass = encoder.beginRenderPass({ colorAttachments: [{ view: pantalla, loadOp: 'clear', storeOp: 'store' }] });
  pass.setPipeline(pipelineDinamico);
  pass.setBindGroup(0, grupoCamara);
  const desplazamiento = [0];
  for (let i = 0; i < objetos.length; i++) {
    desplazamiento[0] = i * paso;
    pass.setBindGroup(1, grupoDinamico, desplazamiento);
    pass.draw(3);
  }
  pass.end();
  device.queue.submit([encoder.finish()]);
});
fact('still no bind group created per frame', gruposCreados === 0);
device.createBindGroup = createBindGroup;
await check(device, 'a dynamic offset that is not a multiple of the alignment', 'DynamicOffsetNotAligned', () => {
  const encoder = device.createCommandEncoder({ label: 'frame roto' });
  const pass = encoder.beginRenderPass({ colorAttachments: [{ view: pantalla, loadOp: 'clear', storeOp: 'store' }] });
  pass.setPipeline(pipelineDinamico);
  pass.setBindGroup(0, grupoCamara);
  pass.setBindGroup(1, grupoDinamico, [TAM]);
  pass.draw(3);
  pass.end();
  encoder.finish();
});

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
await check(device, 'submitting commands that bind a group with the expired texture', 'BindGroupExternalTextureExpired', () => {
  const encoder = device.createCommandEncoder({ label: 'frame 1' });
  const pass = encoder.beginRenderPass({ colorAttachments: [{ view: pantalla, loadOp: 'clear', storeOp: 'store' }] });
  pass.setBindGroup(0, grupo);
  pass.end();
  device.queue.submit([encoder.finish()]);
});
await check(device, 'a new import from the new frame', 'valid', () => device.importExternalTexture({ source: video }));
