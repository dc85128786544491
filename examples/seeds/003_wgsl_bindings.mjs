// Seed 003 — "@group y @binding: las dos coordenadas de un recurso".
// The article's WGSL and JavaScript, as written, against a null device: the
// coordinates, type to entry kind, uniqueness per entry point and the two
// views of one buffer, static use and what it does to layout: 'auto'.
import { seedDevice, check, fact, title, pending } from './_seed.mjs';

const device = await seedDevice();
// The article's setBindGroup calls need command encoders.
const encoders = typeof device.createCommandEncoder === 'function';

// The error a call makes (for facts about its message); check() prints it.
async function errorOf(fn) {
  device.pushErrorScope('validation');
  fn();
  return device.popErrorScope();
}

// A compute pass that sets `groups` (index -> bind group) and dispatches
// with each pipeline in turn; finish() reports what went wrong.
function computePass(label, pipelines, groups) {
  const encoder = device.createCommandEncoder({ label });
  const pass = encoder.beginComputePass({ label });
  for (const pipeline of pipelines) {
    pass.setPipeline(pipeline);
    groups.forEach((group, index) => pass.setBindGroup(index, group));
    pass.dispatchWorkgroups(1);
  }
  pass.end();
  return encoder.finish();
}

title('003 the two coordinates');
const declaraciones = `
struct Camara {
  viewProj : mat4x4f,
  posicion : vec3f,
  tiempo   : f32,
};

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var entorno : texture_cube<f32>;

@group(1) @binding(0) var<storage, read> instancias : array<Instancia>;
@group(1) @binding(1) var<storage, read_write> visibles : array<u32>;

@group(2) @binding(0) var albedo : texture_2d<f32>;
@group(2) @binding(1) var normalMap : texture_2d<f32>;
`;
await check(device, "the declarations as written (the article never declares 'Instancia')", 'ShaderModuleCompilationFailed',
  () => device.createShaderModule({ label: 'declaraciones', code: declaraciones }));
// Completed with the struct and an entry point that uses every resource.
const escena = await check(device, "with `struct Instancia` and an entry point using all seven resources", 'valid', () => device.createShaderModule({
  label: 'escena',
  code: `struct Instancia { modelo : mat4x4f, color : vec4f };
${declaraciones}
@compute @workgroup_size(64)
fn recortar(@builtin(global_invocation_id) id : vec3u) {
  let inst = instancias[id.x];
  let cielo = textureSampleLevel(entorno, muestreo, vec3f(0.0, 0.0, 1.0), 0.0);
  let base = textureSampleLevel(albedo, muestreo, vec2f(0.5), 0.0);
  let normal = textureSampleLevel(normalMap, muestreo, vec2f(0.5), 0.0);
  let clip = camara.viewProj * inst.modelo * vec4f(camara.posicion, 1.0);
  if (clip.w * (cielo.a + base.a + normal.a) > camara.tiempo) {
    visibles[id.x] = 1u;
  }
}`,
}));
const pipelineEscena = await check(device, "createComputePipeline({ layout: 'auto' }) for it", 'valid',
  () => device.createComputePipeline({ label: 'escena', layout: 'auto', compute: { module: escena } }));

const bufferCamara = device.createBuffer({ label: 'camara', size: 80, usage: GPUBufferUsage.UNIFORM });
const cubo = device.createTexture({ label: 'entorno', size: [16, 16, 6], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
const textura = (label) => device.createTexture({ label, size: [64, 64], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
const storage = (label, size) => device.createBuffer({ label, size, usage: GPUBufferUsage.STORAGE });
const [grupoCamara, grupoEscena, grupoMaterial] = await check(device, 'one bind group per @group, built from getBindGroupLayout(0..2)', 'valid', () => [
  device.createBindGroup({ label: 'camara', layout: pipelineEscena.getBindGroupLayout(0), entries: [
    { binding: 0, resource: { buffer: bufferCamara } },
    { binding: 1, resource: device.createSampler({ magFilter: 'linear', minFilter: 'linear' }) },
    { binding: 2, resource: cubo.createView({ dimension: 'cube' }) },
  ] }),
  device.createBindGroup({ label: 'escena', layout: pipelineEscena.getBindGroupLayout(1), entries: [
    { binding: 0, resource: { buffer: storage('instancias', 80 * 100) } },
    { binding: 1, resource: { buffer: storage('visibles', 4 * 100) } },
  ] }),
  device.createBindGroup({ label: 'material', layout: pipelineEscena.getBindGroupLayout(2), entries: [
    { binding: 0, resource: textura('albedo').createView() },
    { binding: 1, resource: textura('normalMap').createView() },
  ] }),
]);
fact('@group(0) is a GPUBindGroupLayout of 3 entries: a group with 2 of them is refused',
  (await errorOf(() => device.createBindGroup({ layout: pipelineEscena.getBindGroupLayout(0), entries: [
    { binding: 0, resource: { buffer: bufferCamara } }, { binding: 1, resource: device.createSampler() }] })))?.code === 'BindGroupEntryCountMismatch');

// The @group index is setBindGroup's first argument.
if (encoders) {
  await check(device, 'pase.setBindGroup(0, grupoCamara); (1, grupoEscena); (2, grupoMaterial)', 'valid',
    () => computePass('pase', [pipelineEscena], [grupoCamara, grupoEscena, grupoMaterial]));
  await check(device, 'the camera and scene groups swapped (setBindGroup(0, grupoEscena))', 'BindGroupLayoutNotEquivalent',
    () => computePass('pase cruzado', [pipelineEscena], [grupoEscena, grupoCamara, grupoMaterial]));
} else {
  pending('pase.setBindGroup(0, grupoCamara) ...', 'command encoders');
}

const huecos = device.createShaderModule({ label: 'huecos', code: `
@group(0) @binding(3) var<uniform> a : vec4f;
@group(0) @binding(17) var<uniform> b : vec4f;
@group(1) @binding(3) var<uniform> c : vec4f;
@compute @workgroup_size(1) fn main() { _ = a + b + c; }` });
const pipelineHuecos = await check(device, '@binding(3) and @binding(17): neither consecutive nor from 0', 'valid',
  () => device.createComputePipeline({ layout: 'auto', compute: { module: huecos } }));
const vec4 = () => ({ buffer: device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM }) });
await check(device, 'the group for them has bindings 3 and 17', 'valid', () => device.createBindGroup({
  layout: pipelineHuecos.getBindGroupLayout(0), entries: [{ binding: 3, resource: vec4() }, { binding: 17, resource: vec4() }],
}));
await check(device, '@binding(3) in @group(0) and in @group(1): unique only within its group', 'valid', () => device.createBindGroup({
  layout: pipelineHuecos.getBindGroupLayout(1), entries: [{ binding: 3, resource: vec4() }],
}));

fact('maxBindGroups is 4, so the worst-case indices are 0, 1, 2 and 3', device.limits.maxBindGroups === 4);
const enGrupo = (g) => device.createShaderModule({ code: `@group(${g}) @binding(0) var<storage, read_write> b : array<u32>;
@compute @workgroup_size(1) fn main() { b[0] = 1u; }` });
await check(device, "@group(3) with layout: 'auto'", 'valid', () => device.createComputePipeline({ layout: 'auto', compute: { module: enGrupo(3) } }));
await check(device, "@group(4) with layout: 'auto' (maxBindGroups is 4)", 'PipelineLayoutTooManyBindGroups',
  () => device.createComputePipeline({ label: 'grupo 4', layout: 'auto', compute: { module: enGrupo(4) } }));

await check(device, 'a var<private> with @group/@binding', 'ShaderModuleCompilationFailed',
  () => device.createShaderModule({ code: '@group(0) @binding(3) var<private> contador : u32;' }));
await check(device, 'a var<private> without them', 'valid', () => device.createShaderModule({ code: 'var<private> contador : u32;' }));
await check(device, 'a sampler with @group but no @binding', 'ShaderModuleCompilationFailed',
  () => device.createShaderModule({ code: '@group(0) var muestreo : sampler;' }));

title('003 the WGSL type decides the entry kind');
const tipos = await check(device, 'texture_2d<f32>, texture_2d<u32>, var<storage, read>: the module alone compiles', 'valid', () => device.createShaderModule({
  label: 'tipos',
  code: `
@group(0) @binding(0) var color : texture_2d<f32>;
@group(0) @binding(1) var ids : texture_2d<u32>;
@group(0) @binding(2) var<storage, read> datos : array<f32>;
@compute @workgroup_size(1) fn main() {
  _ = textureLoad(color, vec2u(0), 0);
  _ = textureLoad(ids, vec2u(0), 0);
  _ = datos[0];
}`,
}));
const C = GPUShaderStage.COMPUTE;
const conLayout = (label, entries) => () => device.createComputePipeline({
  label,
  layout: device.createPipelineLayout({ bindGroupLayouts: [device.createBindGroupLayout({ label, entries })] }),
  compute: { module: tipos },
});
const bien = [
  { binding: 0, visibility: C, texture: { sampleType: 'float', viewDimension: '2d' } },
  { binding: 1, visibility: C, texture: { sampleType: 'uint' } },
  { binding: 2, visibility: C, buffer: { type: 'read-only-storage' } },
];
const cambia = (i, entry) => bien.map((e, j) => (j === i ? entry : e));
await check(device, 'the layout that matches', 'valid', conLayout('bien', bien));
await check(device, "texture_2d with viewDimension: 'cube'", 'PipelineBindingTextureViewDimension',
  conLayout('cubo', cambia(0, { binding: 0, visibility: C, texture: { viewDimension: 'cube' } })));
await check(device, "texture_2d<u32> with sampleType: 'float'", 'PipelineBindingTextureSampleType',
  conLayout('float', cambia(1, { binding: 1, visibility: C, texture: { sampleType: 'float' } })));
await check(device, "var<storage, read> with buffer type 'storage'", 'PipelineBindingTypeMismatch',
  conLayout('storage', cambia(2, { binding: 2, visibility: C, buffer: { type: 'storage' } })));
await check(device, 'a sampler entry where the shader has a texture', 'PipelineBindingTypeMismatch',
  conLayout('sampler', cambia(0, { binding: 0, visibility: C, sampler: {} })));
const mensajeLayout = await errorOf(conLayout('cubo', cambia(0, { binding: 0, visibility: C, texture: { viewDimension: 'cube' } })));
fact('found at pipeline creation, and the message is about the layout: it prints the entry the shader needs',
  /The shader needs the layout entry \{binding: 0, visibility: GPUShaderStage\.COMPUTE, texture: \{sampleType: 'float', viewDimension: '2d'/.test(mensajeLayout?.message ?? ''));

title('003 uniqueness per entry point: two views of one buffer');
const particulas = `
struct Particula {
  posicion : vec4f,
  velocidad : vec4f,
};

// Vista tipada: la usa el shader de simulacion.
@group(0) @binding(0) var<storage, read_write> particulas : array<Particula>;

// Vista cruda del mismo buffer: la usa el shader que lo pone a cero.
@group(0) @binding(0) var<storage, read_write> crudo : array<vec4f>;

@compute @workgroup_size(64)
fn simular(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x].posicion += particulas[id.x].velocidad;   // solo usa 'particulas'
}

@compute @workgroup_size(64)
fn limpiar(@builtin(global_invocation_id) id : vec3u) {
  crudo[id.x] = vec4f(0.0);                                  // solo usa 'crudo'
}
`;
const moduloParticulas = await check(device, 'the two views of @group(0) @binding(0), each used by one entry point', 'valid',
  () => device.createShaderModule({ label: 'particulas', code: particulas }));
const layoutParticulas = device.createBindGroupLayout({ label: 'particulas', entries: [{ binding: 0, visibility: C, buffer: { type: 'storage' } }] });
const compartido = device.createPipelineLayout({ label: 'compartido', bindGroupLayouts: [layoutParticulas] });
const [simular, limpiar] = await check(device, "'simular' and 'limpiar' with one shared pipeline layout", 'valid', () => ['simular', 'limpiar'].map(
  (entryPoint) => device.createComputePipeline({ label: entryPoint, layout: compartido, compute: { module: moduloParticulas, entryPoint } })));
const bufferParticulas = device.createBuffer({ label: 'particulas', size: 32 * 1024, usage: GPUBufferUsage.STORAGE });
const grupoParticulas = await check(device, 'one bind group, one buffer, for both', 'valid', () => device.createBindGroup({
  label: 'particulas', layout: layoutParticulas, entries: [{ binding: 0, resource: { buffer: bufferParticulas } }],
}));
// With layout: 'auto' each pipeline gets its own layouts, which only its own
// groups fit (the spec's [[exclusivePipeline]]): to share a group between
// the two, the layout must be explicit, as above.
const [simularAuto, limpiarAuto] = await check(device, "the same two with layout: 'auto'", 'valid', () => ['simular', 'limpiar'].map(
  (entryPoint) => device.createComputePipeline({ label: `${entryPoint} auto`, layout: 'auto', compute: { module: moduloParticulas, entryPoint } })));
if (encoders) {
  await check(device, 'simular then limpiar in one pass with the shared group', 'valid',
    () => computePass('particulas', [simular, limpiar], [grupoParticulas]));
  const grupoSimular = device.createBindGroup({ label: 'de simular', layout: simularAuto.getBindGroupLayout(0),
    entries: [{ binding: 0, resource: { buffer: bufferParticulas } }] });
  await check(device, "with 'auto': the group made for 'simular' used with 'limpiar'", 'BindGroupLayoutNotEquivalent',
    () => computePass('auto', [limpiarAuto], [grupoSimular]));
} else {
  pending('dispatching simular and limpiar with one group', 'command encoders');
}
await check(device, 'both views used by one entry point: the module does not compile', 'ShaderModuleCompilationFailed',
  () => device.createShaderModule({ label: 'ambas vistas', code: `${particulas}
@compute @workgroup_size(64)
fn ambas(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x].posicion += particulas[id.x].velocidad;
  crudo[id.x] = vec4f(0.0);
}` }));

// Two entry points of one render pipeline that declare one binding with two types.
const dosTipos = device.createShaderModule({ label: 'dos tipos', code: `
@group(0) @binding(0) var<uniform> u : vec4f;
@group(0) @binding(0) var t : texture_2d<f32>;
@vertex fn vs() -> @builtin(position) vec4f { return u; }
@fragment fn fs() -> @location(0) vec4f { return textureLoad(t, vec2u(0), 0); }` });
const dosEtapas = (layout) => () => device.createRenderPipeline({
  label: 'dos tipos', layout, vertex: { module: dosTipos }, fragment: { module: dosTipos, targets: [{ format: 'rgba8unorm' }] },
});
await check(device, "vertex and fragment share @binding(0) with two types: 'auto' cannot merge them", 'PipelineAutoLayoutConflict', dosEtapas('auto'));
const soloUniform = device.createPipelineLayout({ bindGroupLayouts: [device.createBindGroupLayout({ label: 'uniform',
  entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT, buffer: {} }] })] });
await check(device, 'an explicit layout with the uniform: the fragment stage disagrees', 'PipelineBindingTypeMismatch', dosEtapas(soloUniform));

title('003 static use and its consequences');
const diez = device.createShaderModule({ label: 'diez', code: `
${Array.from({ length: 10 }, (_, i) => `@group(0) @binding(${i}) var<uniform> u${i} : vec4f;`).join('\n')}
@compute @workgroup_size(1) fn main() { _ = u0 + u4 + u7; }` });
const pipelineDiez = device.createComputePipeline({ label: 'diez', layout: 'auto', compute: { module: diez } });
const uniformes = (bindings) => bindings.map((binding) => ({ binding, resource: vec4() }));
await check(device, "ten declared, three used: the 'auto' group has bindings 0, 4, 7", 'valid', () => device.createBindGroup({
  layout: pipelineDiez.getBindGroupLayout(0), entries: uniformes([0, 4, 7]),
}));
await check(device, 'a group with all ten does not fit it', 'BindGroupEntryCountMismatch', () => device.createBindGroup({
  layout: pipelineDiez.getBindGroupLayout(0), entries: uniformes([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
}));
const layoutDiez = device.createBindGroupLayout({ label: 'diez', entries: Array.from({ length: 10 }, (_, binding) => ({ binding, visibility: C, buffer: {} })) });
await check(device, 'an explicit layout may declare all ten', 'valid', () => device.createComputePipeline({
  layout: device.createPipelineLayout({ bindGroupLayouts: [layoutDiez] }), compute: { module: diez },
}));

const recursos = `
@group(0) @binding(0) var albedo : texture_2d<f32>;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var<storage, read_write> salida : array<vec4f>;
`;
const conCuerpo = (label, cuerpo) => device.createComputePipeline({
  label, layout: 'auto',
  compute: { module: device.createShaderModule({ label, code: `${recursos}\n@compute @workgroup_size(8) fn main() {\n${cuerpo}\n}` }) },
});
const entradas = [
  { binding: 0, resource: textura('albedo').createView() },
  { binding: 1, resource: device.createSampler() },
  { binding: 2, resource: { buffer: storage('salida', 256) } },
];
const grupoPara = (pipeline) => () => device.createBindGroup({ label: pipeline.label, layout: pipeline.getBindGroupLayout(0), entries: entradas });

const usada = conCuerpo('textura usada', '  salida[0] = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);');
const grupoUsada = await check(device, 'the texture used: the group with albedo, muestreo, salida', 'valid', grupoPara(usada));
const nunca = conCuerpo('if (false)', '  if (false) { salida[0] = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0); }');
await check(device, 'used inside an `if (false)`: still a use, same group', 'valid', grupoPara(nunca));
const comentada = conCuerpo('comentada', '  // salida[0] = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);\n  salida[0] = vec4f(0.0);');
await check(device, 'the line commented out: the same group no longer fits the layout', 'BindGroupEntryCountMismatch', grupoPara(comentada));
const explicacion = (await errorOf(grupoPara(comentada)))?.message ?? '';
fact("the message explains layout: 'auto' (only what is statically used)", /layout: 'auto', which keeps only the bindings its entry points statically use/.test(explicacion));
fact('and names the unused declaration and the `_ =` that keeps it', /does not use @group\(0\) @binding\(0\) 'albedo'/.test(explicacion) && /`_ = albedo;`/.test(explicacion));
if (encoders) {
  await check(device, "the group made for the texture's pipeline, dispatched with the commented one", 'BindGroupLayoutNotEquivalent',
    () => computePass('comentada', [comentada], [grupoUsada]));
} else {
  pending("dispatching the old group with the commented pipeline", 'command encoders');
}
const descarte = conCuerpo('descarte', '  _ = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);   // mantiene el uso estatico\n  salida[0] = vec4f(0.0);');
await check(device, '`_ = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);` keeps the use: the group fits again', 'valid', grupoPara(descarte));

const tresEtapas = GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT | GPUShaderStage.COMPUTE;
const doce = await check(device, 'a layout with twelve uniform buffers visible to three stages', 'valid', () => device.createBindGroupLayout({
  label: 'doce', entries: Array.from({ length: 12 }, (_, binding) => ({ binding, visibility: tresEtapas, buffer: {} })),
}));
const leeUno = device.createShaderModule({ code: `
${Array.from({ length: 12 }, (_, i) => `@group(0) @binding(${i}) var<uniform> u${i} : vec4f;`).join('\n')}
@compute @workgroup_size(1) fn main() { _ = u0; }` });
await check(device, 'a shader reading one of them with that layout', 'valid', () => device.createComputePipeline({
  layout: device.createPipelineLayout({ bindGroupLayouts: [doce] }), compute: { module: leeUno },
}));
const unoVertex = device.createBindGroupLayout({ label: 'uno', entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: {} }] });
const unoCompute = device.createBindGroupLayout({ label: 'uno', entries: [{ binding: 0, visibility: C, buffer: {} }] });
await check(device, 'one more uniform buffer for VERTEX: thirteen in that stage, though the shader reads one', 'PipelineLayoutBindingSlotLimits',
  () => device.createPipelineLayout({ bindGroupLayouts: [doce, unoVertex] }));
await check(device, 'the same for COMPUTE', 'PipelineLayoutBindingSlotLimits',
  () => device.createPipelineLayout({ bindGroupLayouts: [doce, unoCompute] }));
