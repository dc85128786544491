// Command encoding from JavaScript: GPUCommandEncoder, the pass encoders,
// render bundles, queue.submit / onSubmittedWorkDone / writeTexture. The IDL
// conversions (TypeError / RangeError before any validation), deferred
// encoder errors at finish(), strict mode at the failing call, and the lean
// setBindGroup path agreeing with the full one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { makeDevice, repoRoot } from './helpers.mjs';

const device = await makeDevice();

// Runs fn in a validation scope; returns the error (or null).
async function scoped(d, fn) {
  d.pushErrorScope('validation');
  try {
    fn();
  } finally {
    // the scope is popped even when fn throws
  }
  return d.popErrorScope();
}

const computeCode = `
  struct Params { scale : vec4f }
  @group(0) @binding(0) var<uniform> params : Params;
  @group(1) @binding(0) var<storage, read_write> data : array<f32>;
  @compute @workgroup_size(1) fn main() { data[0] = params.scale.x; }
`;

function computeSetup(d, label = 'sum') {
  const module = d.createShaderModule({ label, code: computeCode });
  const uniformLayout = d.createBindGroupLayout({
    label: 'params',
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true } }],
  });
  const storageLayout = d.createBindGroupLayout({
    label: 'data',
    entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } }],
  });
  const pipeline = d.createComputePipeline({
    label,
    layout: d.createPipelineLayout({ bindGroupLayouts: [uniformLayout, storageLayout] }),
    compute: { module },
  });
  const uniforms = d.createBuffer({ label: 'uniforms', size: 1024, usage: GPUBufferUsage.UNIFORM });
  const storage = d.createBuffer({ label: 'storage', size: 64, usage: GPUBufferUsage.STORAGE });
  const paramsGroup = d.createBindGroup({
    label: 'params', layout: uniformLayout, entries: [{ binding: 0, resource: { buffer: uniforms, size: 16 } }],
  });
  const dataGroup = d.createBindGroup({ label: 'data', layout: storageLayout, entries: [{ binding: 0, resource: storage }] });
  return { pipeline, paramsGroup, dataGroup, uniforms, storage };
}

const skip = typeof device.createCommandEncoder !== 'function' && 'no command encoders in this build';
const noPipelines = typeof device.createComputePipeline !== 'function' && 'no pipelines in this build';

test('the interfaces exist, are not constructible, and instanceof works', { skip }, () => {
  for (const name of ['GPUCommandEncoder', 'GPUCommandBuffer', 'GPUComputePassEncoder',
    'GPURenderPassEncoder', 'GPURenderBundleEncoder', 'GPURenderBundle']) {
    assert.equal(typeof globalThis[name], 'function', name);
    assert.throws(() => new globalThis[name](), { name: 'TypeError', message: /Illegal constructor/ });
  }
  const encoder = device.createCommandEncoder({ label: 'frame' });
  assert.ok(encoder instanceof GPUCommandEncoder);
  assert.equal(encoder.label, 'frame');
  assert.equal(Object.prototype.toString.call(encoder), '[object GPUCommandEncoder]');
  const pass = encoder.beginComputePass({ label: 'physics' });
  assert.ok(pass instanceof GPUComputePassEncoder);
  assert.equal(pass.label, 'physics');
  pass.end();
  const buffer = encoder.finish({ label: 'frame commands' });
  assert.ok(buffer instanceof GPUCommandBuffer);
  assert.equal(buffer.label, 'frame commands');
  assert.ok(device.createCommandEncoder() instanceof GPUCommandEncoder);
});

test('a dispatch with a missing bind group fails at finish(), with the diagnostic', { skip: skip || noPipelines }, async () => {
  const { pipeline, paramsGroup } = computeSetup(device, 'missing');
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder({ label: 'frame' });
    const pass = encoder.beginComputePass({ label: 'physics' });
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, paramsGroup, [0]);
    pass.dispatchWorkgroups(4); // group 1 was never set: the encoder is invalidated here...
    pass.end();
    const commands = encoder.finish(); // ...and the error comes from finish()
    assert.ok(commands instanceof GPUCommandBuffer);
  });
  assert.ok(error instanceof GPUValidationError);
  assert.equal(error.code, 'BindGroupNotSet');
  assert.match(error.message, /\[ComputePipeline "missing"\]/);
  assert.match(error.message, /command #3 \(dispatchWorkgroups\)/);
  assert.match(error.message, /\[ComputePassEncoder "physics"\]/);
  assert.match(error.message, /\[CommandEncoder "frame"\]/);
});

test('a complete dispatch is valid; submit, then onSubmittedWorkDone resolves', { skip: skip || noPipelines }, async () => {
  const { pipeline, paramsGroup, dataGroup, uniforms: paramsBuffer } = computeSetup(device);
  const indirect = device.createBuffer({ label: 'indirect', size: 64, usage: GPUBufferUsage.INDIRECT });
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, paramsGroup, [256]);
    pass.setBindGroup(1, dataGroup);
    pass.dispatchWorkgroups(1, 2, 3);
    pass.dispatchWorkgroupsIndirect(indirect, 12);
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
  assert.equal(error, null);
  const usage = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, paramsGroup, [0]);
    pass.setBindGroup(1, dataGroup);
    pass.dispatchWorkgroupsIndirect(paramsBuffer, 0);
    pass.end();
    encoder.finish();
  });
  assert.equal(usage?.code, 'IndirectBufferUsageMissing');
  assert.throws(() => device.createCommandEncoder().beginComputePass().dispatchWorkgroupsIndirect(indirect),
    { name: 'TypeError', message: /2 arguments required, but only 1 present/ });
  const done = device.queue.onSubmittedWorkDone();
  assert.ok(done instanceof Promise);
  assert.equal(await done, undefined);
});

test('submitting a command buffer twice is a validation error', { skip }, async () => {
  const commands = device.createCommandEncoder({ label: 'once' }).finish({ label: 'once' });
  assert.equal(await scoped(device, () => device.queue.submit([commands])), null);
  const error = await scoped(device, () => device.queue.submit([commands]));
  assert.equal(error?.code, 'CommandBufferAlreadySubmitted');
  assert.match(error.message, /\[CommandBuffer "once"\]/);
  // The sequence may be any iterable; a non-command-buffer is a TypeError.
  const a = device.createCommandEncoder().finish();
  const b = device.createCommandEncoder().finish();
  assert.equal(await scoped(device, () => device.queue.submit(new Set([a, b]))), null);
  assert.throws(() => device.queue.submit([a, {}]), { name: 'TypeError', message: /commandBuffers\[1\] is an object, not a GPUCommandBuffer/ });
  assert.throws(() => device.queue.submit(a), { name: 'TypeError', message: /commandBuffers must be a sequence/ });
});

test('setBindGroup: the Uint32Array overload; an out-of-range start or length is a RangeError', { skip: skip || noPipelines }, async () => {
  const { pipeline, paramsGroup, dataGroup } = computeSetup(device);
  const data = new Uint32Array([7, 256, 512, 9]);
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, paramsGroup, data, 1, 1);
    assert.throws(() => pass.setBindGroup(0, paramsGroup, data, 3, 2),
      { name: 'RangeError', message: /dynamicOffsetsData/ });
    assert.throws(() => pass.setBindGroup(0, paramsGroup, data, 5, 0), { name: 'RangeError' });
    assert.throws(() => pass.setBindGroup(0, paramsGroup, [1, 2], 0, 1),
      { name: 'TypeError', message: /dynamicOffsetsData is an array, not a Uint32Array/ });
    assert.throws(() => pass.setBindGroup(0, paramsGroup, data, 0),
      { name: 'TypeError', message: /4 arguments match no overload/ });
    assert.throws(() => pass.setBindGroup(0, paramsGroup, data, -1, 1),
      { name: 'TypeError', message: /dynamicOffsetsDataStart is -1, which is outside the range/ });
    pass.setBindGroup(1, dataGroup, new Uint32Array(0), 0, 0);
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.finish();
  });
  assert.equal(error, null, 'a RangeError records nothing and invalidates nothing');
});

test('setBindGroup: sequences of offsets from an Array, a Uint32Array or any iterable; TypeErrors', { skip: skip || noPipelines }, async () => {
  const { pipeline, paramsGroup, dataGroup } = computeSetup(device);
  for (const offsets of [[256], new Uint32Array([256]), new Set([256]), [256.7]]) {
    const error = await scoped(device, () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, paramsGroup, offsets);
      pass.setBindGroup(1, dataGroup, []);
      pass.dispatchWorkgroups(1);
      pass.end();
      encoder.finish();
    });
    assert.equal(error, null, String(offsets));
  }
  const pass = device.createCommandEncoder().beginComputePass();
  assert.throws(() => pass.setBindGroup(0, paramsGroup, [-1]),
    { name: 'TypeError', message: /GPUComputePassEncoder\.setBindGroup: dynamicOffsets\[0\] is -1, which is outside the range/ });
  assert.throws(() => pass.setBindGroup(0, paramsGroup, 256), { name: 'TypeError', message: /dynamicOffsets must be a sequence/ });
  assert.throws(() => pass.setBindGroup(0, {}), { name: 'TypeError', message: /bindGroup is an object, not a GPUBindGroup/ });
  assert.throws(() => pass.setBindGroup(0, pipeline), { name: 'TypeError', message: /not a GPUBindGroup/ });
  assert.throws(() => pass.setBindGroup(NaN, null), { name: 'TypeError', message: /index is NaN/ });
  assert.throws(() => pass.setBindGroup(0), { name: 'TypeError', message: /2 arguments required, but only 1 present/ });
  assert.throws(() => GPUComputePassEncoder.prototype.setBindGroup.call({}, 0, null), { name: 'TypeError', message: /Illegal invocation/ });
});

test('setBindGroup: a wrong offset count or alignment is a validation error (lean and full paths alike)', { skip: skip || noPipelines }, async () => {
  const { paramsGroup } = computeSetup(device);
  for (const offsets of [[], new Uint32Array(2), new Set([1, 2])]) {
    const error = await scoped(device, () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setBindGroup(0, paramsGroup, offsets);
      pass.end();
      encoder.finish();
    });
    assert.equal(error?.code, 'DynamicOffsetCountMismatch', String(offsets));
  }
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setBindGroup(0, paramsGroup, new Uint32Array([0, 4]), 1, 1);
    pass.end();
    encoder.finish();
  });
  assert.equal(error?.code, 'DynamicOffsetNotAligned');
  assert.match(error.message, /dynamicOffsets\[0\] \(4/);
});

test('setBindGroup(i, null) unsets a slot; a group of another device is a validation error', { skip: skip || noPipelines }, async () => {
  const { pipeline, paramsGroup, dataGroup } = computeSetup(device);
  const unset = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, paramsGroup, [0]);
    pass.setBindGroup(1, dataGroup);
    pass.setBindGroup(1, null);
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.finish();
  });
  assert.equal(unset?.code, 'BindGroupNotSet');
  const other = await makeDevice();
  const foreign = computeSetup(other, 'foreign');
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setBindGroup(1, foreign.dataGroup);
    pass.end();
    encoder.finish();
  });
  assert.ok(error instanceof GPUValidationError);
  assert.match(error.message, /\[BindGroup "data"\]/);
  assert.match(error.message, /device/);
});

test('beginRenderPass: the descriptor\'s IDL conversions', { skip }, async () => {
  const texture = device.createTexture({ label: 'screen', size: [8, 8], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const view = texture.createView();
  const begin = (descriptor) => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass(descriptor);
    pass.end();
    return encoder.finish();
  };
  const call = 'GPUCommandEncoder.beginRenderPass';
  assert.throws(() => device.createCommandEncoder().beginRenderPass(),
    { name: 'TypeError', message: `${call}: 1 argument required, but only 0 present.` });
  assert.throws(() => begin({}), { name: 'TypeError', message: /descriptor\.colorAttachments is required/ });
  assert.throws(() => begin({ colorAttachments: [{ view, storeOp: 'store' }] }),
    { name: 'TypeError', message: /descriptor\.colorAttachments\[0\]\.loadOp is required/ });
  assert.throws(() => begin({ colorAttachments: [{ view, loadOp: 'clera', storeOp: 'store' }] }),
    { name: 'TypeError', message: /loadOp is 'clera', which is not a valid value of enum GPULoadOp\. Did you mean 'clear'\?/ });
  assert.throws(() => begin({ colorAttachments: [{ loadOp: 'clear', storeOp: 'store' }] }),
    { name: 'TypeError', message: /colorAttachments\[0\]\.view is required/ });
  assert.throws(() => begin({ colorAttachments: [{ view: {}, loadOp: 'clear', storeOp: 'store' }] }),
    { name: 'TypeError', message: /view is an object, not a GPUTextureView or GPUTexture/ });
  assert.throws(() => begin({ colorAttachments: [{ view, clearValue: [0, 0, 0], loadOp: 'clear', storeOp: 'store' }] }),
    { name: 'TypeError', message: /clearValue is a sequence of 3 values; a GPUColor sequence has exactly 4/ });
  assert.throws(() => begin({ colorAttachments: [{ view, clearValue: { r: 0, g: 0, b: 0 }, loadOp: 'clear', storeOp: 'store' }] }),
    { name: 'TypeError', message: /clearValue\.a is required \(member 'a' of GPUColorDict\)/ });
  assert.throws(() => begin({ colorAttachments: [{ view, clearValue: [0, 0, NaN, 1], loadOp: 'clear', storeOp: 'store' }] }),
    { name: 'TypeError', message: /clearValue\[2\] is NaN/ });
  assert.throws(() => begin({ colorAttachments: [], maxDrawCount: -1 }), { name: 'TypeError', message: /maxDrawCount/ });
  // Valid forms: both GPUColor forms, a GPUTexture as its default view, a null slot.
  const valid = [
    { colorAttachments: [{ view, clearValue: [0.1, 0.2, 0.3, 1], loadOp: 'clear', storeOp: 'store' }] },
    { colorAttachments: [{ view, clearValue: { r: 1, g: 0, b: 0, a: 1 }, loadOp: 'load', storeOp: 'discard' }] },
    { colorAttachments: [{ view: texture, loadOp: 'clear', storeOp: 'store' }] },
    { colorAttachments: [null, { view, loadOp: 'clear', storeOp: 'store' }], maxDrawCount: 10 },
  ];
  for (const descriptor of valid) {
    assert.equal(await scoped(device, () => begin(descriptor)), null, JSON.stringify(descriptor, (k, v) => (k === 'view' ? undefined : v)));
  }
  // Validation (not IDL): no attachment at all.
  const error = await scoped(device, () => begin({ label: 'empty', colorAttachments: [null] }));
  assert.equal(error?.code, 'RenderPassNoAttachments');
});

test('beginRenderPass: a depthStencilAttachment (GPUTexture shorthand too)', { skip }, async () => {
  const color = device.createTexture({ size: [8, 8], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const depth = device.createTexture({ label: 'depth', size: [8, 8], format: 'depth24plus', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass({
      colorAttachments: [{ view: color, loadOp: 'clear', storeOp: 'store' }],
      depthStencilAttachment: { view: depth, depthClearValue: 1, depthLoadOp: 'clear', depthStoreOp: 'store' },
    });
    pass.end();
    encoder.finish();
  });
  assert.equal(error, null);
  assert.throws(() => device.createCommandEncoder().beginRenderPass({
    colorAttachments: [], depthStencilAttachment: { depthLoadOp: 'clear' },
  }), { name: 'TypeError', message: /depthStencilAttachment\.view is required/ });
});

test('debug groups: an unmatched popDebugGroup fails at finish()', { skip }, async () => {
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder({ label: 'frame' });
    encoder.pushDebugGroup('frame');
    encoder.insertDebugMarker('start');
    const pass = encoder.beginComputePass({ label: 'physics' });
    pass.pushDebugGroup('step');
    pass.insertDebugMarker('here');
    pass.popDebugGroup();
    pass.popDebugGroup();
    pass.end();
    encoder.popDebugGroup();
    encoder.finish();
  });
  assert.equal(error?.code, 'DebugGroupStackEmpty');
  assert.match(error.message, /\[ComputePassEncoder "physics"\]/);
  assert.throws(() => device.createCommandEncoder().pushDebugGroup(), { name: 'TypeError', message: /1 argument required/ });
});

test('render bundles: encode, finish, execute', { skip }, async () => {
  const texture = device.createTexture({ size: [8, 8], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  assert.throws(() => device.createRenderBundleEncoder({}), { name: 'TypeError', message: /colorFormats is required/ });
  assert.throws(() => device.createRenderBundleEncoder({ colorFormats: ['rgba8unrom'] }),
    { name: 'TypeError', message: /Did you mean 'rgba8unorm'\?/ });
  const error = await scoped(device, () => {
    const bundleEncoder = device.createRenderBundleEncoder({ label: 'static', colorFormats: [null, 'rgba8unorm'] });
    assert.ok(bundleEncoder instanceof GPURenderBundleEncoder);
    bundleEncoder.insertDebugMarker('bundle');
    const bundle = bundleEncoder.finish({ label: 'static' });
    assert.ok(bundle instanceof GPURenderBundle);
    assert.equal(bundle.label, 'static');
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [null, { view: texture, loadOp: 'clear', storeOp: 'store' }] });
    pass.executeBundles([bundle]);
    pass.executeBundles(new Set());
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
  assert.equal(error, null);
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginRenderPass({ colorAttachments: [{ view: texture, loadOp: 'clear', storeOp: 'store' }] });
  assert.throws(() => pass.executeBundles([{}]), { name: 'TypeError', message: /bundles\[0\] is an object, not a GPURenderBundle/ });
  const incompatible = device.createRenderBundleEncoder({ label: 'bgra', colorFormats: ['bgra8unorm'] }).finish();
  const mismatch = await scoped(device, () => {
    pass.executeBundles([incompatible]);
    pass.end();
    encoder.finish();
  });
  assert.equal(mismatch?.code, 'RenderBundleIncompatible');
});

test('strict mode: an encoding error is thrown at the failing call, and finish() reports it again', { skip }, async () => {
  const strict = await makeDevice({ strict: true });
  strict.addEventListener('uncapturederror', (event) => event.preventDefault());
  const encoder = strict.createCommandEncoder({ label: 'frame' });
  const pass = encoder.beginComputePass({ label: 'physics' });
  let thrown;
  try {
    pass.setBindGroup(1000, null);
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof GPUValidationError);
  assert.equal(thrown.code, 'BindGroupIndexOutOfRange');
  assert.match(thrown.message, /\[ComputePassEncoder "physics"\]/);
  assert.match(thrown.stack, /encoding\.test\.mjs/);
  // The pass goes on (its encoder is invalid): later valid calls do not throw.
  pass.dispatchWorkgroups(1);
  pass.end();
  assert.throws(() => encoder.finish(), (e) => e instanceof GPUValidationError && e.code === 'BindGroupIndexOutOfRange');
  // The lean path throws too (dispatch after end()).
  assert.throws(() => pass.dispatchWorkgroups(1), (e) => e instanceof GPUValidationError && e.code === 'EncoderEnded');
  assert.throws(() => strict.createCommandEncoder().popDebugGroup(), (e) => e.code === 'DebugGroupStackEmpty');
});

test('queue.writeTexture: conversions and validation', { skip }, async () => {
  const texture = device.createTexture({ label: 'atlas', size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING });
  const data = new Uint8Array(4 * 4 * 4);
  assert.equal(await scoped(device, () => device.queue.writeTexture({ texture }, data, { bytesPerRow: 16 }, [4, 4])), null);
  assert.equal(await scoped(device, () => device.queue.writeTexture({ texture, origin: [1, 1] }, data.buffer, { bytesPerRow: 16, rowsPerImage: 3 }, { width: 3, height: 3 })), null);
  assert.throws(() => device.queue.writeTexture({ texture }, data, {}), { name: 'TypeError', message: /4 arguments required, but only 3 present/ });
  assert.throws(() => device.queue.writeTexture({}, data, {}, [1]), { name: 'TypeError', message: /destination\.texture is required/ });
  assert.throws(() => device.queue.writeTexture({ texture, origin: [0, 0, 0, 0] }, data, {}, [1]), { name: 'TypeError', message: /origin is a sequence of 4 values/ });
  assert.throws(() => device.queue.writeTexture({ texture }, 'texels', {}, [1]), { name: 'TypeError', message: /data is 'texels', not an ArrayBuffer/ });
  const noCopy = device.createTexture({ label: 'no copy', size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  const error = await scoped(device, () => device.queue.writeTexture({ texture: noCopy }, data, { bytesPerRow: 16 }, [4, 4]));
  assert.equal(error?.code, 'TextureCopyUsageMissing');
  assert.match(error.message, /\[Texture "no copy"\]/);
});

test('draws: draw / drawIndexed / indirect forms in a pass and a bundle (lean and full paths)', { skip: skip || noPipelines }, async () => {
  const module = device.createShaderModule({ code: `
    @vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f { return vec4f(f32(i)); }
    @fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }` });
  const pipeline = device.createRenderPipeline({
    label: 'triangles', layout: 'auto', vertex: { module }, fragment: { module, targets: [{ format: 'rgba8unorm' }] },
  });
  const texture = device.createTexture({ size: [8, 8], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const index = device.createBuffer({ label: 'index', size: 64, usage: GPUBufferUsage.INDEX });
  const indirect = device.createBuffer({ label: 'indirect', size: 64, usage: GPUBufferUsage.INDIRECT });
  const encodeDraws = (e) => {
    e.setPipeline(pipeline);
    e.setIndexBuffer(index, 'uint16');
    e.draw(3);
    e.draw(3, 2, 0, 1);
    e.draw(3, undefined, 1.9); // [EnforceRange] truncates: the full path
    e.drawIndexed(6);
    e.drawIndexed(6, 1, 0, -2, 0); // a negative baseVertex on the lean path
    e.drawIndexed(3, 1, 0, -2147483648);
    e.drawIndirect(indirect, 0);
    e.drawIndexedIndirect(indirect, 16);
  };
  const error = await scoped(device, () => {
    const bundleEncoder = device.createRenderBundleEncoder({ colorFormats: ['rgba8unorm'] });
    encodeDraws(bundleEncoder);
    const bundle = bundleEncoder.finish();
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginRenderPass({ colorAttachments: [{ view: texture, loadOp: 'clear', storeOp: 'store' }] });
    encodeDraws(pass);
    pass.executeBundles([bundle]);
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
  assert.equal(error, null);
  const pass = device.createCommandEncoder().beginRenderPass({ colorAttachments: [{ view: texture, loadOp: 'clear', storeOp: 'store' }] });
  assert.throws(() => pass.draw(-1), { name: 'TypeError', message: /GPURenderPassEncoder\.draw: vertexCount is -1, which is outside the range/ });
  assert.throws(() => pass.drawIndexed(3, 1, 0, 2147483648), { name: 'TypeError', message: /baseVertex is 2147483648/ });
  assert.throws(() => pass.draw(), { name: 'TypeError', message: /1 argument required/ });
  assert.throws(() => pass.setIndexBuffer(index, 'uint8'), { name: 'TypeError', message: /GPUIndexFormat/ });
  const missing = await scoped(device, () => {
    const encoder = device.createCommandEncoder({ label: 'frame' });
    const p = encoder.beginRenderPass({ label: 'no index', colorAttachments: [{ view: texture, loadOp: 'clear', storeOp: 'store' }] });
    p.setPipeline(pipeline);
    p.drawIndexed(3);
    p.end();
    encoder.finish();
  });
  assert.ok(missing instanceof GPUValidationError);
  assert.match(missing.message, /drawIndexed/);
  const dispatch = device.createCommandEncoder().beginComputePass();
  assert.throws(() => dispatch.dispatchWorkgroups(2 ** 32), { name: 'TypeError', message: /workgroupCountX is 4294967296/ });
  assert.throws(() => GPURenderPassEncoder.prototype.draw.call(dispatch, 3), { name: 'TypeError', message: /Illegal invocation/ });
  assert.throws(() => GPURenderPassEncoder.prototype.setBindGroup.call(dispatch, 0, null), { name: 'TypeError', message: /Illegal invocation/ });
  assert.throws(() => GPURenderBundleEncoder.prototype.draw.call(pass, 3), { name: 'TypeError', message: /Illegal invocation/ });
});

test('the lean path\'s slots: groups and passes collected by the GC give their slots back; a worker exits cleanly', { skip: skip || noPipelines }, () => {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
    import { create, globals } from 'bindery';
    import { Worker } from 'node:worker_threads';
    Object.assign(globalThis, globals);
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: {} }] });
    const buffer = device.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
    const round = () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      for (let i = 0; i < 500; i++) {
        pass.setBindGroup(0, device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer } }] }));
      }
      pass.end();
      device.queue.submit([encoder.finish()]);
    };
    device.pushErrorScope('validation');
    for (let k = 0; k < 6; k++) {
      round();
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const error = await device.popErrorScope();
    const fast = (await import('./bindings/node/lib/native.js')).default.native.fastEncoding;
    const slot = fast.groupSlotOf(device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer } }] }));
    const worker = new Worker(\`
      const { create, globals } = require('bindery');
      (async () => {
        const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
        const pass = device.createCommandEncoder().beginComputePass();
        pass.setBindGroup(0, null);
        pass.dispatchWorkgroups(1);
        pass.end();
      })();
    \`, { eval: true, execArgv: [] });
    const code = await new Promise((resolve) => worker.on('exit', resolve));
    console.log(JSON.stringify({ error: error && error.message, slot, code }));
  `], { cwd: repoRoot, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').pop());
  assert.equal(out.error, null);
  assert.ok(out.slot > 0 && out.slot < 3000, `slot ${out.slot}: slots of collected groups are reused`);
  assert.equal(out.code, 0);
});
