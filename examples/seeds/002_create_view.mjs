// Seed 002 — "createView: por qué el shader nunca ve una textura".
// The article's examples, as written, against a null device.
import { seedDevice, check, fact, title } from './_seed.mjs';

const device = await seedDevice({
  requiredFeatures: ['texture-component-swizzle'],
});

title('002 createView: fields and defaults');
// A cubemap: the view is face +X.
const textura = device.createTexture({
  label: 'cielo', size: [256, 256, 6], mipLevelCount: 9, format: 'rgba8unorm',
  usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT,
});
await check(device, "every field spelled out ('cara +X')", 'valid', () => textura.createView({
  label: 'cara +X',
  format: 'rgba8unorm',    // por defecto, el de la textura
  dimension: '2d',         // por defecto, deducido (ver abajo)
  aspect: 'all',           // 'all' | 'depth-only' | 'stencil-only'
  baseMipLevel: 0,
  mipLevelCount: 1,        // por defecto, todos desde baseMipLevel
  baseArrayLayer: 0,
  arrayLayerCount: 1,      // por defecto, depende de dimension
  usage: 0,                // por defecto, todos los usos de la textura
}));

title('002 dimension inference: two layers give a 2d-array view');
const dosCapas = device.createTexture({
  label: 'dos capas', size: [64, 64, 2], format: 'rgba8unorm',
  usage: GPUTextureUsage.TEXTURE_BINDING,
});
const layout2d = device.createBindGroupLayout({
  label: 'pide 2d',
  entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: { viewDimension: '2d' } }],
});
await check(device, "the default view of a 2-layer texture in a '2d' layout", 'BindGroupTextureViewDimensionMismatch',
  () => device.createBindGroup({ layout: layout2d, entries: [{ binding: 0, resource: dosCapas.createView() }] }));
await check(device, "the fix: createView({ dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1 })", 'valid',
  () => device.createBindGroup({ layout: layout2d, entries: [{ binding: 0,
    resource: dosCapas.createView({ dimension: '2d', baseArrayLayer: 1, arrayLayerCount: 1 }) }] }));

title('002 isolating a mip level (the mipmap generator)');
for (const nivel of [0, 4, 8]) {
  await check(device, `createView({ baseMipLevel: ${nivel}, mipLevelCount: 1, dimension: '2d' })`, 'valid',
    () => textura.createView({
      baseMipLevel: nivel,
      mipLevelCount: 1,
      dimension: '2d',
    }));
}
for (const nivel of [0, 4, 8]) {
  await check(device, `beginRenderPass({ colorAttachments: [{ view: destino (mip ${nivel}), loadOp: 'clear', storeOp: 'store' }] })`, 'valid', () => {
    const destino = textura.createView({
      baseMipLevel: nivel,
      mipLevelCount: 1,
      dimension: '2d',
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view: destino, loadOp: 'clear', storeOp: 'store' }],
    });
    pass.end();
    encoder.finish();
  });
}
await check(device, 'a render pass cannot write a view of every mip level', 'RenderPassAttachmentViewNotRenderable', () => {
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginRenderPass({
    colorAttachments: [{ view: textura.createView({ dimension: '2d' }), loadOp: 'clear', storeOp: 'store' }],
  });
  pass.end();
  encoder.finish();
});

title('002 isolating an array layer (the six faces of a cubemap)');
const caras = await check(device, 'six one-layer views', 'valid', () => Array.from({ length: 6 }, (_, i) => textura.createView({
  dimension: '2d', baseArrayLayer: i, arrayLayerCount: 1, mipLevelCount: 1,
})));
fact('six views', caras.length === 6 && caras.every((v) => v instanceof GPUTextureView));
await check(device, "a 'cube' view of all six", 'valid', () => textura.createView({ dimension: 'cube' }));

title('002 the aspects of depth24plus-stencil8');
const profundidad = device.createTexture({
  label: 'profundidad', size: [128, 128], format: 'depth24plus-stencil8',
  usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT,
});
await check(device, "aspect: 'depth-only' (sampling depth)", 'valid', () => profundidad.createView({ aspect: 'depth-only' }));
await check(device, "aspect: 'stencil-only' (reading stencil)", 'valid', () => profundidad.createView({ aspect: 'stencil-only' }));
await check(device, "aspect: 'all' (the render pass attachment)", 'valid', () => profundidad.createView({ aspect: 'all' }));
const color = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
await check(device, "aspect: 'depth-only' of a color texture", 'TextureViewAspectNotPresent',
  () => color.createView({ aspect: 'depth-only' }));

title('002 reinterpreting the format (viewFormats)');
const t = device.createTexture({
  size: [1024, 1024], format: 'rgba8unorm',
  viewFormats: ['rgba8unorm-srgb'],
  usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.TEXTURE_BINDING,
});
await check(device, 'const escribir = t.createView()', 'valid', () => t.createView());                             // lineal, para el pass
await check(device, "const leer = t.createView({ format: 'rgba8unorm-srgb' })", 'valid', () => t.createView({ format: 'rgba8unorm-srgb' })); // sRGB, para muestrear
await check(device, 'a format not in viewFormats', 'TextureViewFormatNotAllowed', () => t.createView({ format: 'bgra8unorm' }));

title('002 usage: restricting a view whose format lacks a usage of the texture');
const almacen = device.createTexture({
  label: 'almacén', size: [64, 64], format: 'rgba8unorm', viewFormats: ['rgba8unorm-srgb'],
  usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.STORAGE_BINDING,
});
await check(device, "an sRGB view with the default usage (STORAGE_BINDING included)", 'TextureViewUsageUnsupportedByFormat',
  () => almacen.createView({ format: 'rgba8unorm-srgb' }));
await check(device, 'the same view with usage: RENDER_ATTACHMENT', 'valid',
  () => almacen.createView({ format: 'rgba8unorm-srgb', usage: GPUTextureUsage.RENDER_ATTACHMENT }));

title('002 the range rules');
await check(device, 'baseMipLevel + mipLevelCount beyond the texture', 'TextureViewMipRangeInvalid',
  () => textura.createView({ baseMipLevel: 8, mipLevelCount: 2 }));
await check(device, 'baseArrayLayer + arrayLayerCount beyond depthOrArrayLayers', 'TextureViewArrayLayerRangeInvalid',
  () => textura.createView({ dimension: '2d-array', baseArrayLayer: 4, arrayLayerCount: 3 }));

title('002 swizzle');
// Una textura de un canal vista como escala de grises opaca.
await check(device, "t.createView({ swizzle: 'rrr1' }) with texture-component-swizzle", 'valid', () => t.createView({ swizzle: 'rrr1' }));
// #abstract-opdef-validate-swizzle-string: a content-timeline TypeError.
await check(device, "a swizzle that is not four of r g b a 0 1", 'TypeError (thrown)', () => t.createView({ swizzle: 'rgbx' }));
// The article says the field is silently ignored without the feature; the
// spec (which wins) makes it a validation error.
const sinSwizzle = await seedDevice();
const t2 = sinSwizzle.createTexture({ size: [4, 4], format: 'r8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
await check(sinSwizzle, "swizzle: 'rrr1' without the feature (the spec: an error)", 'MissingFeature', () => t2.createView({ swizzle: 'rrr1' }));
