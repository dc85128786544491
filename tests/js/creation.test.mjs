// The lean creation path (bindings/node/lib/creation.js) against the full
// native methods: the same descriptors run both ways give the same outcome
// (the object's validity through an error scope, its label, class and
// usability; the same TypeError, RangeError or strict-mode throw), whichever
// path made the objects they refer to. Slots of collected objects are given
// back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { FrameSource } from 'bindery';
import { makeDevice, repoRoot } from './helpers.mjs';

const require = createRequire(import.meta.url);
const { fullMethods } = require('../../bindings/node/lib/creation.js');
const { fast } = require('../../bindings/node/lib/slots.js');

const device = await makeDevice();
const strictDevice = await makeDevice({ strict: true });
const otherDevice = await makeDevice();

// One call's outcome: what it threw, or the object's class, label and
// validation error (an error scope around the call).
async function outcome(d, fn) {
  d.pushErrorScope('validation');
  let object;
  let thrown;
  try {
    object = fn();
  } catch (e) {
    thrown = `${e.constructor.name}: ${e.message}`;
  }
  const error = await d.popErrorScope();
  return {
    thrown,
    error: error ? `${error.constructor.name}: ${error.message}` : null,
    class: object === undefined ? undefined : Object.prototype.toString.call(object),
    label: object === undefined ? undefined : object.label,
    object,
  };
}

// Runs `descriptor` through the method both ways; asserts the same outcome
// and whether the lean path took it (`lean`, counted by the addon's lean entries).
async function bothWays(d, name, target, descriptor, { lean }) {
  const before = fast.leanCalls();
  const viaLean = await outcome(d, () => target[name](descriptor));
  const took = fast.leanCalls() - before;
  const viaFull = await outcome(d, () => fullMethods[name].call(target, descriptor));
  const strip = ({ object, ...rest }) => rest;
  assert.deepEqual(strip(viaLean), strip(viaFull), `${name}(${JSON.stringify(descriptor)})`);
  if (viaLean.object !== undefined) {
    assert.equal(took, lean ? 1 : 0, `${name}(${JSON.stringify(descriptor)}): lean path taken: ${lean}`);
  }
  return { lean: viaLean.object, full: viaFull.object, outcome: strip(viaLean) };
}

const C = GPUShaderStage.COMPUTE;
const F = GPUShaderStage.FRAGMENT;

test('createBindGroupLayout: lean and full paths agree', async () => {
  const cases = [
    [{ entries: [{ binding: 0, visibility: C, buffer: {} }] }, true],
    [{ label: 'eight', entries: Array.from({ length: 8 }, (_, b) => ({ binding: b, visibility: C, buffer: { type: b % 2 ? 'read-only-storage' : 'uniform', hasDynamicOffset: b === 3, minBindingSize: 16 * b } })) }, true],
    [{ entries: [{ binding: 0, visibility: F, sampler: { type: 'comparison' } }, { binding: 1, visibility: F, texture: { sampleType: 'depth', viewDimension: 'cube', multisampled: false } }] }, true],
    [{ entries: [{ binding: 0, visibility: F, texture: { sampleType: 'float', multisampled: true } }] }, true], // invalid: multisampled float
    [{ entries: [{ binding: 0, visibility: C, storageTexture: { format: 'rgba8unorm', access: 'read-write', viewDimension: '2d-array' } }] }, true],
    [{ entries: [{ binding: 0, visibility: F, externalTexture: {} }] }, true],
    [{ entries: [{ binding: 0, visibility: C, buffer: {}, sampler: {} }] }, true], // invalid: two members
    [{ entries: [{ binding: 0, visibility: C, buffer: {} }, { binding: 0, visibility: C, buffer: {} }] }, true], // duplicate binding
    [{ entries: [{ binding: 0, visibility: GPUShaderStage.VERTEX, buffer: { type: 'storage' } }] }, true], // storage in vertex
    [{ entries: [{ binding: 0, visibility: 0 }] }, true], // no member
    [{ entries: [] }, true],
    // Through the full method: conversions, TypeErrors, unknown keys, feature checks.
    [{ entries: [{ binding: '0', visibility: C, buffer: {} }] }, false],
    [{ entries: [{ binding: 1.5, visibility: C, buffer: {} }] }, false],
    [{ entries: [{ binding: 0, visibility: C, buffer: null }] }, false],
    [{ label: 7, entries: [] }, false],
    [{ entries: new Set([{ binding: 0, visibility: C, buffer: {} }]) }, false],
    [{ entries: [{ binding: 0, visibility: C, buffer: { type: 'unifrom' } }] }, 'throws'],
    [{ entries: [{ binding: -1, visibility: C, buffer: {} }] }, 'throws'],
    [{ entries: [{ visibility: C, buffer: {} }] }, 'throws'],
    [{ entries: [{ binding: 0, visibility: C, storageTexture: {} }] }, 'throws'],
    [{ entries: [{ binding: 0, visibility: C, storageTexture: { format: 'bc1-rgba-unorm' } }] }, 'throws'],
    [{ entries: 5 }, 'throws'],
    [{}, 'throws'],
  ];
  for (const [descriptor, expect] of cases) {
    const r = await bothWays(device, 'createBindGroupLayout', device, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, JSON.stringify(descriptor));
    else assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
  }
  // The content-timeline TypeError is the addon's, on the lean path too.
  const r = await outcome(device, () => device.createBindGroupLayout({ entries: [{ binding: 0, visibility: C, storageTexture: { format: 'bc1-rgba-unorm' } }] }));
  assert.match(r.thrown, /^TypeError: .*storageTexture\.format is 'bc1-rgba-unorm', which needs the 'texture-compression-bc' feature/);
  assert.throws(() => device.createBindGroupLayout(), { name: 'TypeError', message: /1 argument required/ });
  assert.throws(() => GPUDevice.prototype.createBindGroupLayout.call({}, { entries: [] }), { name: 'TypeError', message: /Illegal invocation/ });
});

test('createBindGroup: lean and full paths agree, with objects of either path', async () => {
  const leanLayout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: C, buffer: {} }] });
  const fullLayout = fullMethods.createBindGroupLayout.call(device, { entries: [{ binding: 0, visibility: C, buffer: {} }] });
  const multiLayout = device.createBindGroupLayout({
    entries: [
      { binding: 0, visibility: F, sampler: {} },
      { binding: 1, visibility: F, texture: {} },
      { binding: 2, visibility: F, buffer: { type: 'read-only-storage' } },
      { binding: 3, visibility: F, externalTexture: {} },
    ],
  });
  const buffer = device.createBuffer({ label: 'uniforms', size: 1024, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.STORAGE });
  const texture = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  const sampler = device.createSampler();
  const view = texture.createView();
  const fullView = fullMethods.createView.call(texture);
  const external = device.importExternalTexture({ source: new FrameSource(view) });
  const otherBuffer = otherDevice.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
  const cases = [
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer, offset: 256, size: 16 } }] }, true],
    [{ label: 'g', layout: fullLayout, entries: [{ binding: 0, resource: { buffer } }] }, true],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: buffer }] }, true],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer, offset: 1 } }] }, true], // misaligned
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer, offset: 0, size: 4096 } }] }, true], // too large
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer: otherBuffer } }] }, true], // another device
    [{ layout: leanLayout, entries: [{ binding: 1, resource: { buffer } }] }, true], // no such binding
    [{ layout: leanLayout, entries: [] }, true],
    [{ layout: multiLayout, entries: [{ binding: 0, resource: sampler }, { binding: 1, resource: view }, { binding: 2, resource: { buffer, size: 64 } }, { binding: 3, resource: external }] }, true],
    [{ layout: multiLayout, entries: [{ binding: 0, resource: sampler }, { binding: 1, resource: fullView }, { binding: 2, resource: buffer }, { binding: 3, resource: external }] }, true],
    [{ layout: multiLayout, entries: [{ binding: 0, resource: sampler }, { binding: 1, resource: texture }, { binding: 2, resource: buffer }, { binding: 3, resource: view }] }, true],
    [{ layout: multiLayout, entries: [{ binding: 0, resource: view }, { binding: 1, resource: sampler }, { binding: 2, resource: buffer }, { binding: 3, resource: external }] }, true], // wrong types
    // Through the full method.
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer, offset: '0' } }] }, false],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: { buffer, offset: 2 ** 53 } }] }, 'throws'],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: leanLayout }] }, 'throws'],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: {} }] }, 'throws'],
    [{ layout: leanLayout, entries: [{ binding: 0, resource: 3 }] }, 'throws'],
    [{ layout: buffer, entries: [] }, 'throws'],
    [{ layout: leanLayout, entries: [{ binding: 0 }] }, 'throws'],
    [{ entries: [] }, 'throws'],
  ];
  for (const [descriptor, expect] of cases) {
    const r = await bothWays(device, 'createBindGroup', device, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, JSON.stringify(Object.keys(descriptor)));
    else assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
  }
  // A layout of another device: the same validation error both ways.
  const foreign = otherDevice.createBindGroupLayout({ entries: [] });
  const r = await bothWays(device, 'createBindGroup', device, { layout: foreign, entries: [] }, { lean: true });
  assert.match(r.outcome.error, /GPUValidationError/);
});

test('objects of either path work everywhere: pipeline layouts, setBindGroup, labels', async () => {
  const entries = [{ binding: 0, visibility: C, buffer: {} }];
  const leanLayout = device.createBindGroupLayout({ label: 'lean', entries });
  const fullLayout = fullMethods.createBindGroupLayout.call(device, { label: 'full', entries });
  assert.ok(leanLayout instanceof GPUBindGroupLayout && fullLayout instanceof GPUBindGroupLayout);
  assert.equal(Object.prototype.toString.call(leanLayout), '[object GPUBindGroupLayout]');
  assert.throws(() => new GPUBindGroupLayout(), { name: 'TypeError', message: 'Illegal constructor' });
  assert.equal(leanLayout.label, 'lean');
  leanLayout.label = 'renamed';
  assert.equal(leanLayout.label, 'renamed');
  fullLayout.label = 42;
  assert.equal(fullLayout.label, '42');
  // label's accessor on something else
  assert.throws(() => Object.getOwnPropertyDescriptor(GPUBindGroupLayout.prototype, 'label').get.call({}), { name: 'TypeError', message: /Illegal invocation/ });
  assert.throws(() => Object.getOwnPropertyDescriptor(GPUBindGroup.prototype, 'label').get.call(leanLayout), { name: 'TypeError', message: /Illegal invocation/ });
  const buffer = device.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
  const groups = [
    device.createBindGroup({ layout: fullLayout, entries: [{ binding: 0, resource: { buffer } }] }),
    fullMethods.createBindGroup.call(device, { layout: leanLayout, entries: [{ binding: 0, resource: { buffer } }] }),
  ];
  const module = device.createShaderModule({ code: '@group(0) @binding(0) var<uniform> u : vec4f; @compute @workgroup_size(1) fn main() { _ = u; }' });
  device.pushErrorScope('validation');
  for (const layout of [leanLayout, fullLayout]) {
    const pipeline = device.createComputePipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module },
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    for (const group of groups) {
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(1);
      GPUComputePassEncoder.prototype.setBindGroup.call(pass, 0, group, new Set());
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    device.queue.submit([encoder.finish()]);
  }
  assert.equal(await device.popErrorScope(), null);
  // A layout where a group belongs: setBindGroup's TypeError, as before.
  const pass = device.createCommandEncoder().beginComputePass();
  assert.throws(() => pass.setBindGroup(0, leanLayout), { name: 'TypeError', message: /bindGroup is an object, not a GPUBindGroup/ });
  // getBindGroupLayout's layouts are the same kind of object.
  const auto = device.createComputePipeline({ layout: 'auto', compute: { module } });
  const autoLayout = auto.getBindGroupLayout(0);
  assert.ok(autoLayout instanceof GPUBindGroupLayout);
  await bothWays(device, 'createBindGroup', device, { layout: autoLayout, entries: [{ binding: 0, resource: { buffer } }] }, { lean: true });
});

test('createView: lean and full paths agree', async () => {
  const texture = device.createTexture({ size: [16, 16, 6], mipLevelCount: 4, format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT });
  const depth = device.createTexture({ size: [4, 4], format: 'depth24plus-stencil8', usage: GPUTextureUsage.TEXTURE_BINDING });
  const cases = [
    [texture, undefined, true],
    [texture, {}, true],
    [texture, null, true],
    [texture, { baseMipLevel: 2, mipLevelCount: 1 }, true],
    [texture, { label: 'face', dimension: '2d', baseArrayLayer: 3, arrayLayerCount: 1 }, true],
    [texture, { dimension: 'cube' }, true],
    [texture, { dimension: 'cube-array' }, true],
    [texture, { format: 'rgba8unorm-srgb' }, true], // not in viewFormats
    [texture, { usage: GPUTextureUsage.RENDER_ATTACHMENT, dimension: '2d-array' }, true],
    [texture, { baseMipLevel: 4 }, true], // out of range
    [texture, { swizzle: 'rgba' }, true],
    [depth, { aspect: 'stencil-only' }, true],
    [depth, { aspect: 'depth-only', format: 'depth24plus' }, true],
    // Through the full method.
    [texture, { baseMipLevel: '1' }, false],
    [texture, { swizzle: 'bgra' }, false], // needs a feature: a validation error
    [texture, { swizzle: 'rgbx' }, 'throws'],
    [texture, { dimension: '4d' }, 'throws'],
    [texture, { mipLevelCount: -1 }, 'throws'],
    [texture, { format: 'bc1-rgba-unorm' }, 'throws'],
    [texture, { mipLevel: 1 }, false], // unknown key: a warning
    [texture, 5, 'throws'],
  ];
  for (const [target, descriptor, expect] of cases) {
    const r = await bothWays(device, 'createView', target, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, JSON.stringify(descriptor));
    else assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
  }
  texture.destroy();
  await bothWays(device, 'createView', texture, { baseMipLevel: 1 }, { lean: true });
  assert.throws(() => GPUTexture.prototype.createView.call({}), { name: 'TypeError' });
});

// createView() with no label and no member (lib/creation.js): each call's
// object stands for the texture's one shared default view, until a label is
// set on it; it behaves as a view of its own in every way.
test('createView(): objects of their own over one shared default view, labels apart', async () => {
  const texture = device.createTexture({
    label: 't', size: [8, 8], format: 'rgba8unorm',
    usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT,
  });
  const before = fast.liveSlots();
  const views = [texture.createView(), texture.createView({}), texture.createView(null),
    texture.createView({ swizzle: 'rgba' })];
  // One slot for all of them (the texture's own, made on first use, and the shared view's).
  assert.equal(fast.liveSlots(), before + 2);
  // A member given, even at its default, makes a view of its own.
  texture.createView({ aspect: 'all' });
  assert.equal(fast.liveSlots(), before + 3);
  for (const [i, view] of views.entries()) {
    assert.ok(view instanceof GPUTextureView);
    assert.deepEqual(Object.getOwnPropertyNames(view), []);
    assert.equal(view.label, '');
    for (const other of views.slice(i + 1)) assert.notEqual(view, other);
  }
  const layout = device.createBindGroupLayout({
    entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'uint' } }],
  });
  const sampled = device.createBindGroupLayout({
    entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: {} }],
  });
  // A label set on one names that view only.
  views[1].label = 'mine';
  assert.equal(views[1].label, 'mine');
  assert.equal(views[0].label, '');
  assert.equal(views[2].label, '');
  const named = await outcome(device, () => device.createBindGroup({
    layout, entries: [{ binding: 0, resource: views[1] }] }));
  assert.match(named.error, /GPUValidationError: .*TextureView "mine"/);
  const unnamed = await outcome(device, () => device.createBindGroup({
    layout, entries: [{ binding: 0, resource: views[0] }] }));
  assert.match(unnamed.error, /GPUValidationError/);
  assert.doesNotMatch(unnamed.error, /mine/);
  views[0].label = 42;
  assert.equal(views[0].label, '42');
  assert.equal(views[1].label, 'mine');
  // Every one binds and renders as a view of its own would.
  for (const view of views) {
    const r = await outcome(device, () => device.createBindGroup({
      layout: sampled, entries: [{ binding: 0, resource: view }] }));
    assert.equal(r.error, null);
  }
  // Two of them as two color attachments are the same subresource twice, as
  // two views made with a descriptor are: the same validation error.
  const pass = (a, b) => outcome(device, () => {
    const encoder = device.createCommandEncoder();
    encoder.beginRenderPass({ colorAttachments: [a, b].map((view) => ({
      view, loadOp: 'clear', storeOp: 'store' })) }).end();
    encoder.finish();
  });
  const shared = await pass(texture.createView(), texture.createView());
  const own = await pass(texture.createView({ label: '' }), texture.createView({ label: '' }));
  assert.match(shared.error, /GPUValidationError/);
  assert.equal(shared.error, own.error);
  // The label setter's checks are the native ones.
  assert.throws(() => { views[2].label = Symbol('x'); }, TypeError);
  const setter = Object.getOwnPropertyDescriptor(GPUTextureView.prototype, 'label').set;
  assert.equal(setter.name, 'set label');
  assert.equal(setter.length, 1);
  assert.throws(() => setter.call({}, 'x'), { name: 'TypeError', message: /Illegal invocation/ });
  assert.throws(() => setter.call(5, 'x'), { name: 'TypeError', message: /Illegal invocation/ });

  // An invalid texture: each createView() reports its error.
  device.pushErrorScope('validation');
  const broken = device.createTexture({ label: 'b', size: [4, 4], format: 'rgba8unorm', usage: 0 });
  await device.popErrorScope();
  for (let i = 0; i < 2; i++) {
    const r = await outcome(device, () => broken.createView());
    assert.match(r.error, /GPUValidationError: .*Texture "b"/);
    assert.equal(r.class, '[object GPUTextureView]');
  }
});

test('createView(): the shared default view lives as long as the texture or one of its views', () => {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
    import { create, globals } from 'bindery';
    import { createRequire } from 'node:module';
    Object.assign(globalThis, globals);
    const require = createRequire(process.cwd() + '/');
    const { native } = require('./bindings/node/lib/native.js');
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const live = () => native.fastCreation.liveSlots();
    const settle = async () => {
      for (let k = 0; k < 4; k++) { globalThis.gc(); await new Promise((r) => setImmediate(r)); }
    };
    const layout = device.createBindGroupLayout({
      entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: {} }] });
    await settle();
    const start = live();
    let texture = device.createTexture({ size: [4, 4], format: 'rgba8unorm',
      usage: GPUTextureUsage.TEXTURE_BINDING });
    let peak = 0;
    for (let i = 0; i < 100000; i++) {
      texture.createView();
      if ((i & 8191) === 0) peak = Math.max(peak, live());
    }
    // One view kept, its texture's object dropped: the view still binds.
    let kept = texture.createView();
    texture = null;
    await settle();
    const whileKept = live();
    device.pushErrorScope('validation');
    device.createBindGroup({ layout, entries: [{ binding: 0, resource: kept }] });
    const error = await device.popErrorScope();
    kept = null;
    await settle();
    console.log(JSON.stringify({ start, peak, whileKept, end: live(), error: error?.message ?? null }));
  `], { cwd: repoRoot, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(out.error, null);
  // (Slots of objects made before `start` may still be given back meanwhile:
  // each count is compared with the one before it, never with more.)
  assert.ok(out.peak <= out.start + 2, `peak ${out.peak}, start ${out.start}: one slot for 100,000 views`);
  assert.ok(out.end <= out.whileKept - 2,
    `${out.whileKept} live while the view was kept, ${out.end} after: the texture's and the shared view's slots go with the view`);
});

test('createComputePipeline: lean and full paths agree', async () => {
  const code = `@group(0) @binding(0) var<uniform> u : vec4f;
@group(0) @binding(1) var<storage, read_write> s : array<f32>;
@compute @workgroup_size(1) fn main() { s[0] = u.x; }
@compute @workgroup_size(1) fn other() { s[1] = 2.0; }`;
  const module = device.createShaderModule({ code });
  const single = device.createShaderModule({ code: '@compute @workgroup_size(1) fn only() {}' });
  device.pushErrorScope('validation');
  const bad = device.createShaderModule({ code: 'fn broken( {' });
  assert.ok(await device.popErrorScope());
  const layout = device.createPipelineLayout({ bindGroupLayouts: [device.createBindGroupLayout({
    entries: [{ binding: 0, visibility: C, buffer: {} }, { binding: 1, visibility: C, buffer: { type: 'storage' } }],
  })] });
  const wrongLayout = device.createPipelineLayout({ bindGroupLayouts: [] });
  const otherModule = otherDevice.createShaderModule({ code });
  // Strings the addon reads into a 64-byte buffer when short: names and
  // labels past it, at its edge in multi-byte characters, a lone surrogate.
  const longName = `entry_${'x'.repeat(90)}`;
  const longModule = device.createShaderModule({
    code: `@compute @workgroup_size(1) fn ${longName}() {}\n@compute @workgroup_size(1) fn ${longName.slice(0, 59)}() {}`,
  });
  const cases = [
    [{ layout: 'auto', compute: { module: longModule, entryPoint: longName } }, true],
    [{ layout: 'auto', compute: { module: longModule, entryPoint: longName.slice(0, 59) } }, true],
    [{ layout: 'auto', compute: { module: longModule, entryPoint: longName.slice(0, 60) } }, true], // missing
    [{ label: 'é'.repeat(30), layout: 'auto', compute: { module, entryPoint: 'main' } }, true],
    [{ label: `a${'€'.repeat(21)}`, layout: 'auto', compute: { module, entryPoint: 'main' } }, true],
    [{ label: '🎈'.repeat(40), layout: 'auto', compute: { module, entryPoint: 'main' } }, true],
    [{ label: 'lone \uD800 surrogate', layout: 'auto', compute: { module, entryPoint: 'main' } }, true],
    [{ layout: 'auto', compute: { module, entryPoint: 'main' } }, true],
    [{ label: 'p', layout: 'auto', compute: { module, entryPoint: 'other' } }, true],
    [{ layout, compute: { module, entryPoint: 'main' } }, true],
    [{ layout: 'auto', compute: { module: single } }, true],
    [{ layout: 'auto', compute: { module } }, true], // two entry points: a validation error
    [{ layout: 'auto', compute: { module, entryPoint: 'missing' } }, true],
    [{ layout: wrongLayout, compute: { module, entryPoint: 'main' } }, true],
    [{ layout: 'auto', compute: { module: bad } }, true],
    [{ layout: 'auto', compute: { module: otherModule, entryPoint: 'main' } }, true],
    [{ layout: 'auto', compute: { module, entryPoint: 'main', constants: {} } }, false],
    [{ layout: 'auto', compute: { module, entryPoint: 'main' }, extra: 1 }, false], // a warning
    // Through the full method, and its TypeError.
    [{ layout: 'Auto', compute: { module, entryPoint: 'main' } }, 'throws'],
    [{ layout: {}, compute: { module, entryPoint: 'main' } }, 'throws'],
    [{ compute: { module, entryPoint: 'main' } }, 'throws'],
    [{ layout: 'auto', compute: { module: {}, entryPoint: 'main' } }, 'throws'],
    [{ layout: 'auto', compute: { entryPoint: 'main' } }, 'throws'],
    [{ layout: 'auto', compute: { module, entryPoint: 5 } }, false],
    [{ layout: 'auto', compute: null }, 'throws'],
    [{ label: 7, layout: 'auto', compute: { module, entryPoint: 'main' } }, false],
    [5, 'throws'],
  ];
  for (const [descriptor, expect] of cases) {
    const r = await bothWays(device, 'createComputePipeline', device, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, String(descriptor));
    else assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
  }
  // The strict device throws the same validation error on the lean path.
  const strictModule = strictDevice.createShaderModule({ code });
  const strictCase = { layout: 'auto', compute: { module: strictModule, entryPoint: 'missing' } };
  const viaLean = await outcome(strictDevice, () => strictDevice.createComputePipeline(strictCase));
  const viaFull = await outcome(strictDevice,
    () => fullMethods.createComputePipeline.call(strictDevice, strictCase));
  assert.ok(viaLean.thrown);
  assert.equal(viaLean.thrown, viaFull.thrown);
  // A lean pipeline works in a pass and gives its layouts.
  const p = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  assert.equal(Object.prototype.toString.call(p.getBindGroupLayout(0)), '[object GPUBindGroupLayout]');
  assert.throws(() => GPUDevice.prototype.createComputePipeline.call({}, { layout: 'auto', compute: { module } }),
    { name: 'TypeError' });
});

test('createShaderModule: lean and full paths agree', async () => {
  const code = '@compute @workgroup_size(1) fn main() {}';
  const cases = [
    [{ code }, true],
    [{ label: 'm', code }, true],
    [{ code: 'fn broken( {' }, true], // a validation error (the compilation messages' too)
    [{ code: `// é, ✓ and a lone surrogate \ud800 in a comment\n${code}` }, true], // USVString: U+FFFD
    [{ code: '' }, true],
    [{ code, compilationHints: [{ entryPoint: 'main' }] }, false],
    [{ code, extra: 1 }, false], // a warning
    [{ label: 7, code }, false],
    [{ code: 5 }, false], // converted to '5' by the full method: a WGSL error
    // Through the full method, and its TypeError.
    [{ label: 'no code' }, 'throws'],
    [null, 'throws'],
    [5, 'throws'],
  ];
  for (const [descriptor, expect] of cases) {
    const r = await bothWays(device, 'createShaderModule', device, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, String(descriptor));
    else assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
    if (r.lean !== undefined && r.full !== undefined) {
      const [lean, full] = await Promise.all([r.lean.getCompilationInfo(), r.full.getCompilationInfo()]);
      const messages = (info) => info.messages.map((m) => [m.type, m.message, m.lineNum, m.linePos, m.offset, m.length]);
      assert.deepEqual(messages(lean), messages(full), JSON.stringify(descriptor));
    }
  }
  // The strict device throws the same validation error on the lean path.
  const strictCase = { code: 'fn broken( {' };
  const viaLean = await outcome(strictDevice, () => strictDevice.createShaderModule(strictCase));
  const viaFull = await outcome(strictDevice, () => fullMethods.createShaderModule.call(strictDevice, strictCase));
  assert.ok(viaLean.thrown);
  assert.equal(viaLean.thrown, viaFull.thrown);
  // A lean module makes a pipeline; a non-device receiver is the full method's TypeError.
  const module = device.createShaderModule({ code });
  device.pushErrorScope('validation');
  device.createComputePipeline({ layout: 'auto', compute: { module } });
  assert.equal(await device.popErrorScope(), null);
  assert.throws(() => GPUDevice.prototype.createShaderModule.call({}, { code }), { name: 'TypeError' });
});

test('createBuffer: lean and full paths agree', async () => {
  const cases = [
    [{ size: 256, usage: GPUBufferUsage.UNIFORM }, true],
    [{ label: 'b', size: 16, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true }, true],
    [{ size: 2 ** 40, usage: GPUBufferUsage.STORAGE }, true], // too large: validation error
    [{ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.MAP_WRITE }, true],
    [{ size: 6, usage: GPUBufferUsage.COPY_DST, mappedAtCreation: true }, 'throws'], // RangeError
    [{ size: -1, usage: GPUBufferUsage.UNIFORM }, 'throws'],
    [{ size: '16', usage: GPUBufferUsage.UNIFORM }, false],
    [{ usage: GPUBufferUsage.UNIFORM }, 'throws'],
  ];
  for (const [descriptor, expect] of cases) {
    const r = await bothWays(device, 'createBuffer', device, descriptor, { lean: expect === true });
    if (expect === 'throws') assert.ok(r.outcome.thrown, JSON.stringify(descriptor));
    else {
      assert.equal(r.outcome.thrown, undefined, r.outcome.thrown);
      assert.equal(r.lean.size, r.full.size);
      assert.equal(r.lean.usage, r.full.usage);
      assert.equal(r.lean.mapState, r.full.mapState);
    }
  }
  // A buffer mapped at creation on the lean path writes back at unmap.
  const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, mappedAtCreation: true });
  new Uint32Array(b.getMappedRange()).set([1, 2, 3, 4]);
  b.unmap();
  await b.mapAsync(GPUMapMode.READ);
  assert.deepEqual([...new Uint32Array(b.getMappedRange())], [1, 2, 3, 4]);
  assert.ok(b instanceof GPUBuffer);
  assert.throws(() => new GPUBuffer(), { name: 'TypeError', message: 'Illegal constructor' });
  assert.throws(() => GPUBuffer.prototype.unmap.call({}), { name: 'TypeError', message: /Illegal invocation: not a GPUBuffer/ });
  assert.throws(() => Object.getOwnPropertyDescriptor(GPUBuffer.prototype, 'size').get.call(device.createSampler()), { name: 'TypeError', message: /Illegal invocation/ });
});

test('strict mode: the lean path throws the same validation error at the failing call', async () => {
  const d = strictDevice;
  const layout = d.createBindGroupLayout({ entries: [{ binding: 0, visibility: C, buffer: {} }] });
  const buffer = d.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
  const texture = d.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  const cases = [
    ['createBindGroupLayout', d, { entries: [{ binding: 0, visibility: C, buffer: {}, sampler: {} }] }],
    ['createBindGroup', d, { layout, entries: [{ binding: 0, resource: { buffer, offset: 1 } }] }],
    ['createBindGroup', d, { layout, entries: [{ binding: 0, resource: { buffer: otherDevice.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM }) } }] }],
    ['createView', texture, { baseMipLevel: 3 }],
    ['createBuffer', d, { size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.MAP_WRITE }],
    // unknown keys: a TypeError in strict mode (the full method's)
    ['createBindGroupLayout', d, { entries: [], lable: 'x' }],
    ['createBindGroup', d, { layout, entries: [{ binding: 0, resource: { buffer, ofset: 0 } }] }],
  ];
  for (const [name, target, descriptor] of cases) {
    const r = await bothWays(d, name, target, descriptor, { lean: true });
    assert.ok(r.outcome.thrown, `${name} throws in strict mode`);
  }
});

test('an unknown key warns once per call site, on the lean methods too', () => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
    import { create, globals } from 'bindery';
    Object.assign(globalThis, globals);
    const warnings = [];
    process.on('warning', (w) => warnings.push(w.message));
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const layout = device.createBindGroupLayout({ entries: [] });
    for (let i = 0; i < 3; i++) device.createBindGroup({ layout, entries: [], entires: [] });
    for (let i = 0; i < 3; i++) device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, bufer: {}, buffer: {} }] });
    await new Promise((resolve) => setImmediate(resolve));
    console.log(JSON.stringify(warnings));
  `], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const warnings = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(warnings.length, 2, warnings.join('\n'));
  assert.match(warnings[0], /createBindGroup: descriptor has the key 'entires'.*did you mean 'entries'/);
  assert.match(warnings[1], /createBindGroupLayout: descriptor\.entries\[0\] has the key 'bufer'.*did you mean 'buffer'/);
});

test('slots of collected objects are given back (200,000 bind groups and views)', () => {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
    import { create, globals } from 'bindery';
    import { createRequire } from 'node:module';
    Object.assign(globalThis, globals);
    const require = createRequire(process.cwd() + '/');
    const { native } = require('./bindings/node/lib/native.js');
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, buffer: {} }] });
    const buffer = device.createBuffer({ size: 1024, usage: GPUBufferUsage.UNIFORM });
    const texture = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
    const start = native.fastCreation.liveSlots();
    let peak = 0;
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10000; i++) {
        device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer, offset: (i & 3) * 256, size: 16 } }] });
        texture.createView({ baseMipLevel: 0 });
      }
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
      peak = Math.max(peak, native.fastCreation.liveSlots());
    }
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
    console.log(JSON.stringify({ start, peak, end: native.fastCreation.liveSlots() }));
  `], { cwd: repoRoot, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.ok(out.peak < 60000, `peak ${out.peak} live slots: collected objects give theirs back`);
  assert.ok(out.end < out.start + 1000, `end ${out.end}, start ${out.start}`);
});

test('the lean paths keep only a Uint32Array of the right size as their scratch', () => {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `
    import { create } from 'bindery';
    import { createRequire } from 'node:module';
    const require = createRequire(process.cwd() + '/');
    const { native } = require('./bindings/node/lib/native.js');
    const outcomes = [];
    for (const fast of [native.fastCreation, native.fastEncoding]) {
      for (const value of [undefined, 42, {}, new Float64Array(16), new Int32Array(16), new Uint32Array(1)]) {
        try {
          fast.setScratch(value);
          outcomes.push('kept');
        } catch (e) {
          outcomes.push(e.name + ': ' + e.message);
        }
      }
    }
    // The lean paths still work after the rejected calls.
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, buffer: {} }] });
    outcomes.push(layout.constructor.name);
    console.log(JSON.stringify(outcomes));
  `], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const outcomes = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(outcomes.length, 13);
  for (let i = 0; i < 12; i++) {
    const tooShort = i % 6 === 5;
    assert.match(outcomes[i], tooShort ? /^RangeError: setScratch: the array is too short$/
      : /^TypeError: setScratch: expects a Uint32Array$/, `case ${i}`);
  }
  assert.equal(outcomes[12], 'GPUBindGroupLayout');
});
