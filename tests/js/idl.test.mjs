// WebIDL conversions: dictionaries and defaults, required members, enums,
// [EnforceRange] integers, sequences from iterables, arity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const U = GPUBufferUsage.UNIFORM;

test('a missing required member is a TypeError naming the dictionary and the member', () => {
  assert.throws(() => device.createBuffer({ usage: U }), {
    name: 'TypeError',
    message: "GPUDevice.createBuffer: descriptor.size is required (member 'size' of GPUBufferDescriptor), but it is missing",
  });
  assert.throws(() => device.createBuffer({}), /descriptor\.size is required/);
  assert.throws(() => device.createTexture({ size: [4], usage: 4 }),
    /descriptor\.format is required \(member 'format' of GPUTextureDescriptor\)/);
  assert.throws(() => device.createTexture({ size: { height: 4 }, format: 'r8unorm', usage: 4 }),
    /descriptor\.size\.width is required \(member 'width' of GPUExtent3DDict\)/);
});

test('a missing argument is the WebIDL arity TypeError', () => {
  assert.throws(() => device.createBuffer(), {
    name: 'TypeError', message: 'GPUDevice.createBuffer: 1 argument required, but only 0 present.',
  });
  assert.throws(() => device.pushErrorScope(), /1 argument required/);
});

test('a dictionary must be an object, undefined or null', () => {
  assert.throws(() => device.createBuffer(5), /descriptor must be an object \(a GPUBufferDescriptor\), not 5/);
  assert.throws(() => device.createBuffer('x'), TypeError);
  assert.throws(() => device.createBuffer(null), /descriptor\.size is required/);
  device.createSampler(undefined);
  device.createSampler(null);
  device.createSampler();
});

test('an unknown enum value is a TypeError listing the valid values', () => {
  assert.throws(() => device.pushErrorScope('validaton'), {
    name: 'TypeError',
    message: "GPUDevice.pushErrorScope: filter is 'validaton', which is not a valid value of enum " +
      "GPUErrorFilter. Did you mean 'validation'? Valid values: 'validation', 'out-of-memory', 'internal'.",
  });
  assert.throws(() => device.createTexture({ size: [4], format: 'rgba8unrom', usage: 4 }),
    /descriptor\.format is 'rgba8unrom', which is not a valid value of enum GPUTextureFormat\. Did you mean 'rgba8unorm'\?/);
  assert.throws(() => device.createSampler({ magFilter: 'bilinear' }),
    /descriptor\.magFilter is 'bilinear', which is not a valid value of enum GPUFilterMode.*'nearest', 'linear'/);
  // Enum values are strings: anything else is converted with ToString first.
  assert.throws(() => device.createSampler({ addressModeU: 1 }), /addressModeU is '1'/);
});

test('[EnforceRange]: NaN, Infinity and out-of-range integers are TypeErrors', () => {
  for (const size of [NaN, Infinity, -Infinity, -1, 2 ** 53, 'abc', {}]) {
    assert.throws(() => device.createBuffer({ size, usage: U }), {
      name: 'TypeError', message: /descriptor\.size is .*(not a finite number|outside the range)/,
    }, String(size));
  }
  assert.throws(() => device.createBuffer({ size: 4, usage: 2 ** 32 }),
    /descriptor\.usage is 4294967296, which is outside the range of \[EnforceRange\] unsigned long \(0 to 4294967295\)/);
  assert.throws(() => device.createBuffer({ size: 4n, usage: U }), /cannot be converted to a number/);
});

test('[EnforceRange]: fractions are truncated, numeric strings converted', () => {
  assert.equal(device.createBuffer({ size: 4.9, usage: U }).size, 4);
  assert.equal(device.createBuffer({ size: '8', usage: U }).size, 8);
  assert.equal(device.createBuffer({ size: -0.5, usage: U }).size, 0);
  assert.equal(device.createBuffer({ size: 2 ** 40, usage: GPUBufferUsage.STORAGE }).size, 2 ** 40);
});

test('dictionary defaults are the IDL defaults', () => {
  const buffer = device.createBuffer({ size: 16, usage: U });
  assert.equal(buffer.mapState, 'unmapped');
  const texture = device.createTexture({ size: { width: 8 }, format: 'rgba8unorm', usage: 4 });
  assert.equal(texture.height, 1);
  assert.equal(texture.depthOrArrayLayers, 1);
  assert.equal(texture.mipLevelCount, 1);
  assert.equal(texture.sampleCount, 1);
  assert.equal(texture.dimension, '2d');
  assert.equal(texture.label, '');
});

test('booleans and strings convert as WebIDL does', () => {
  const b = device.createBuffer({ size: 8, usage: U, mappedAtCreation: 1, label: 42 });
  assert.equal(b.mapState, 'mapped');
  assert.equal(b.label, '42');
  assert.throws(() => device.createBuffer({ size: 8, usage: U, label: Symbol('x') }), TypeError);
});

test('sequences come from any iterable', () => {
  const t1 = device.createTexture({ size: [4, 2, 3], format: 'r8unorm', usage: 4 });
  assert.deepEqual([t1.width, t1.height, t1.depthOrArrayLayers], [4, 2, 3]);
  const t2 = device.createTexture({ size: new Set([16, 8]), format: 'r8unorm', usage: 4 });
  assert.deepEqual([t2.width, t2.height], [16, 8]);
  function* dims() { yield 32; yield 4; }
  const t3 = device.createTexture({ size: dims(), format: 'r8unorm', usage: 4 });
  assert.deepEqual([t3.width, t3.height], [32, 4]);
  const t4 = device.createTexture({ size: new Uint32Array([2, 2]), format: 'r8unorm', usage: 4 });
  assert.equal(t4.width, 2);
  const t5 = device.createTexture({ size: [4], format: 'rgba8unorm', usage: 4,
    viewFormats: new Set(['rgba8unorm-srgb']) });
  assert.equal(t5.format, 'rgba8unorm');
});

test('a sequence that is not iterable, or of the wrong length, is a TypeError', () => {
  assert.throws(() => device.createTexture({ size: [], format: 'r8unorm', usage: 4 }),
    /descriptor\.size is a sequence of 0 values; a GPUExtent3D sequence has 1 to 3/);
  assert.throws(() => device.createTexture({ size: [1, 1, 1, 1], format: 'r8unorm', usage: 4 }), TypeError);
  assert.throws(() => device.createTexture({ size: [4], format: 'r8unorm', usage: 4, viewFormats: 'r8unorm' }),
    /descriptor\.viewFormats must be a sequence/);
  assert.throws(() => device.createTexture({ size: [4], format: 'r8unorm', usage: 4, viewFormats: ['r8unrm'] }),
    /descriptor\.viewFormats\[0\] is 'r8unrm', which is not a valid value of enum GPUTextureFormat/);
});

test('[Clamp] maxAnisotropy clamps instead of throwing', () => {
  device.createSampler({ maxAnisotropy: 1e9 });
  device.createSampler({ maxAnisotropy: -5 });
});

test('float members are restricted: NaN and Infinity are TypeErrors', () => {
  assert.throws(() => device.createSampler({ lodMinClamp: NaN }),
    /descriptor\.lodMinClamp is NaN, which is not a finite number \(float\)/);
  assert.throws(() => device.createSampler({ lodMaxClamp: Infinity }), TypeError);
});

test('members are read through getters and the prototype chain', () => {
  const proto = { usage: U };
  const descriptor = Object.create(proto, { size: { get: () => 12, enumerable: true } });
  assert.equal(device.createBuffer(descriptor).size, 12);
});

test('interface-typed members must be instances of the interface', () => {
  assert.throws(() => device.createBindGroup({ layout: {}, entries: [] }),
    /descriptor\.layout is an object, not a GPUBindGroupLayout/);
  const layout = device.createBindGroupLayout({ entries: [] });
  assert.throws(() => device.createBindGroup({ layout, entries: [{ binding: 0, resource: 5 }] }),
    /descriptor\.entries\[0\]\.resource is 5, not a GPUBindingResource/);
});

// "Validate texture format required features" on the content timeline of
// createBindGroupLayout, createRenderPipeline(Async) and createRenderBundleEncoder:
// a TypeError before anything is made; with the feature, no TypeError.
test('a format whose feature the device lacks is a TypeError in every descriptor that names it', async () => {
  const device = await makeDevice();
  const withFeatures = await makeDevice({
    descriptor: { requiredFeatures: ['texture-compression-bc', 'depth32float-stencil8'] },
  });
  const bgl = (d) => () => d.createBindGroupLayout({
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, storageTexture: { format: 'bc1-rgba-unorm' } }],
  });
  assert.throws(bgl(device), (e) => e instanceof TypeError &&
    /createBindGroupLayout\(\).*descriptor\.entries\[0\]\.storageTexture\.format is 'bc1-rgba-unorm', which needs the 'texture-compression-bc' feature/.test(e.message));
  withFeatures.pushErrorScope('validation');
  assert.doesNotThrow(bgl(withFeatures));  // not a storage format: a validation error instead
  assert.ok(await withFeatures.popErrorScope());

  const code = '@vertex fn vs() -> @builtin(position) vec4f { return vec4f(0); }';
  const pipeline = (d, extra) => ({ layout: 'auto', vertex: { module: d.createShaderModule({ code }) }, ...extra });
  const depth = { depthStencil: { format: 'depth32float-stencil8', depthWriteEnabled: false, depthCompare: 'always' } };
  assert.throws(() => device.createRenderPipeline(pipeline(device, depth)), (e) => e instanceof TypeError &&
    /descriptor\.depthStencil\.format is 'depth32float-stencil8', which needs the 'depth32float-stencil8' feature/.test(e.message));
  await assert.rejects(device.createRenderPipelineAsync(pipeline(device, depth)), (e) => e instanceof TypeError &&
    /\.createRenderPipelineAsync\(\): descriptor\.depthStencil\.format is 'depth32float-stencil8'/.test(e.message));
  withFeatures.pushErrorScope('validation');
  withFeatures.createRenderPipeline(pipeline(withFeatures, depth));
  assert.equal(await withFeatures.popErrorScope(), null);

  assert.throws(() => device.createRenderBundleEncoder({ colorFormats: ['bc1-rgba-unorm'] }), (e) => e instanceof TypeError &&
    /descriptor\.colorFormats\[0\] is 'bc1-rgba-unorm'/.test(e.message));
  assert.throws(() => device.createRenderBundleEncoder({ colorFormats: [], depthStencilFormat: 'depth32float-stencil8' }),
    (e) => e instanceof TypeError && /descriptor\.depthStencilFormat/.test(e.message));
  assert.doesNotThrow(() => withFeatures.createRenderBundleEncoder({ colorFormats: [], depthStencilFormat: 'depth32float-stencil8' }));
  device.destroy();
  withFeatures.destroy();
});
