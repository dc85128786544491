// The encoding objects (GPUCommandEncoder, the pass encoders, the bundle
// encoder, GPUCommandBuffer) made in JavaScript with a stamp (lib/encoding.js)
// and the lean paths of one pass: createCommandEncoder(), beginComputePass(),
// setPipeline(), end() and finish() without a descriptor take one native call
// each and behave as the full methods (the same objects, errors, strict mode).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { makeDevice, repoRoot } from './helpers.mjs';

const device = await makeDevice();
const strict = await makeDevice({ strict: true });

async function scoped(d, fn) {
  d.pushErrorScope('validation');
  fn();
  return d.popErrorScope();
}

function computePipeline(d) {
  return d.createComputePipeline({
    layout: 'auto',
    compute: { module: d.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' }) },
  });
}

test('the lean and the full paths make the same objects, and both are accepted', async () => {
  const pipeline = computePipeline(device);
  const buffers = [];
  const error = await scoped(device, () => {
    for (const [encoderDescriptor, passDescriptor, finishDescriptor] of [
      [undefined, undefined, undefined], [{ label: 'e' }, { label: 'p' }, { label: 'b' }]]) {
      const encoder = device.createCommandEncoder(encoderDescriptor);
      assert.ok(encoder instanceof GPUCommandEncoder);
      assert.equal(encoder.label, encoderDescriptor ? 'e' : '');
      const pass = encoder.beginComputePass(passDescriptor);
      assert.ok(pass instanceof GPUComputePassEncoder);
      assert.equal(pass.label, passDescriptor ? 'p' : '');
      pass.setPipeline(pipeline);
      pass.dispatchWorkgroups(1);
      pass.end();
      const buffer = encoder.finish(finishDescriptor);
      assert.ok(buffer instanceof GPUCommandBuffer);
      assert.equal(buffer.label, finishDescriptor ? 'b' : '');
      assert.deepEqual(Object.getOwnPropertyNames(buffer), []);
      buffer.label = 'renamed';
      assert.equal(buffer.label, 'renamed');
      buffers.push(buffer);
    }
    device.queue.submit(buffers);
  });
  assert.equal(error, null);
  // Submitted once: a second submit is a validation error naming the buffer.
  const again = await scoped(device, () => device.queue.submit([buffers[0]]));
  assert.ok(again instanceof GPUValidationError);
});

test("a method called on another interface's object is an Illegal invocation", () => {
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  const fake = Object.create(GPUCommandEncoder.prototype);
  const pipeline = computePipeline(device);
  for (const call of [
    () => GPUComputePassEncoder.prototype.end.call(encoder),
    () => GPUComputePassEncoder.prototype.setPipeline.call(encoder, pipeline),
    () => GPUComputePassEncoder.prototype.dispatchWorkgroups.call({}, 1),
    () => GPUCommandEncoder.prototype.finish.call(pass),
    () => GPUCommandEncoder.prototype.beginComputePass.call(pass),
    () => fake.finish(),
    () => fake.label,
    () => GPURenderPassEncoder.prototype.end.call(pass),
  ]) {
    assert.throws(call, { name: 'TypeError', message: /Illegal invocation/ }, String(call));
  }
  pass.end();
  encoder.finish();
});

test('setPipeline: a pipeline of the wrong kind or no pipeline is the full TypeError', () => {
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  for (const value of [null, undefined, {}, 5, encoder]) {
    assert.throws(() => pass.setPipeline(value), { name: 'TypeError', message: /GPUComputePipeline/ });
  }
  assert.throws(() => pass.setPipeline(), { name: 'TypeError' });
  const texture = device.createTexture({
    size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT,
  });
  const render = device.createCommandEncoder().beginRenderPass({
    colorAttachments: [{ view: texture.createView(), loadOp: 'clear', storeOp: 'store' }],
  });
  assert.throws(() => render.setPipeline(computePipeline(device)),
    { name: 'TypeError', message: /GPURenderPipeline/ });
  render.end();
  pass.end();
});

test('the lean end() and finish() report as the full ones: deferred, and thrown in strict mode', async () => {
  // end() twice: the second is a validation error now ("has ended").
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  pass.end();
  const ended = await scoped(device, () => pass.end());
  assert.ok(ended instanceof GPUValidationError);
  assert.match(ended.message, /has ended/);
  assert.equal(await scoped(device, () => encoder.finish()), null);

  // An open debug group: end() invalidates the encoder, finish() reports it;
  // strict mode throws at end() and again at finish().
  const bad = strict.createCommandEncoder();
  const badPass = bad.beginComputePass();
  badPass.pushDebugGroup('physics');
  assert.throws(() => badPass.end(), (e) => e instanceof GPUValidationError &&
    e.code === 'DebugGroupNotClosed');
  assert.throws(() => bad.finish(), GPUValidationError);
  // A finished encoder cannot begin a pass: the pass is invalid, finish() says so.
  const done = device.createCommandEncoder();
  done.finish();
  const late = await scoped(device, () => done.beginComputePass());
  assert.ok(late instanceof GPUValidationError);
});

// Runs `body` in a child process (with --expose-gc) after a prelude that
// makes `device`, a compute `pipeline`, `live()` (the addon's live encoding
// slots), `onePass(p)` (a command buffer of one pass dispatching p, or
// `pipeline`), `settle()` (collects and lets finalizers run) and `start`
// (live() once settled); `body` prints one JSON line, returned parsed.
function slotsScript(body) {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
    import { create } from 'bindery';
    import { createRequire } from 'node:module';
    const require = createRequire(process.cwd() + '/');
    const { native } = require('./bindings/node/lib/native.js');
    const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
    const pipeline = device.createComputePipeline({ layout: 'auto',
      compute: { module: device.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' }) } });
    const live = () => native.fastEncoding.liveObjects();
    // One command buffer of one compute pass that dispatches p once.
    const onePass = (p = pipeline) => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(p);
      pass.dispatchWorkgroups(1);
      pass.end();
      return encoder.finish();
    };
    const settle = async () => {
      for (let k = 0; k < 4; k++) { globalThis.gc(); await new Promise((r) => setImmediate(r)); }
    };
    await settle();
    const start = live();
    ${body}`], { cwd: repoRoot, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

test('encoding objects give their slots back when collected', () => {
  const out = slotsScript(`
    let peak = 0;
    for (let round = 0; round < 5; round++) {
      const kept = [];
      for (let i = 0; i < 4000; i++) {
        kept.push(onePass());
      }
      peak = Math.max(peak, live());
      device.queue.submit(kept);
      await settle();
    }
    await settle();
    console.log(JSON.stringify({ start, peak, end: live() }));
  `);
  assert.ok(out.peak >= out.start + 4000, `peak ${out.peak}: each command buffer holds a slot`);
  assert.ok(out.peak < out.start + 40000, `peak ${out.peak}: collected objects give theirs back`);
  assert.ok(out.end < out.start + 100, `end ${out.end}, start ${out.start}`);
});

// A lean beginComputePass() has no FinalizationRegistry cell: its slot is
// freed with its encoder's, and the pass keeps its encoder alive.
test("a lean compute pass keeps its encoder's slot and goes with it", () => {
  const out = slotsScript(`
    // Passes kept, their encoders dropped: the encoders stay usable through the passes.
    let passes = [];
    for (let i = 0; i < 1000; i++) passes.push(device.createCommandEncoder().beginComputePass());
    await settle();
    const whileKept = live();
    device.pushErrorScope('validation');
    for (const pass of passes) {
      pass.setPipeline(pipeline);
      pass.dispatchWorkgroups(1);
      pass.end();
    }
    const error = await device.popErrorScope();
    // Two passes of one encoder, both kept; then everything dropped.
    let encoder = device.createCommandEncoder();
    const two = [encoder.beginComputePass()];
    two[0].end();
    two.push(encoder.beginComputePass());
    two[1].end();
    device.pushErrorScope('validation');
    device.queue.submit([encoder.finish()]);
    const submitError = await device.popErrorScope();
    passes = [];
    two.length = 0;
    encoder = null;
    await settle();
    console.log(JSON.stringify({ start, whileKept, error: error?.message ?? null,
      submitError: submitError?.message ?? null, end: live() }));
  `);
  assert.equal(out.error, null);
  assert.equal(out.submitError, null);
  assert.ok(out.whileKept >= out.start + 2000, `${out.whileKept}: kept passes hold their encoders`);
  // (The pipeline's entry and the queue's last command buffer may remain.)
  assert.ok(out.end < out.start + 10, `end ${out.end}, start ${out.start}: both slots given back`);
});

// A lean finish() registers no FinalizationRegistry cell either: the command
// buffer keeps its encoder alive and its slot goes with the encoder's.
test("a lean command buffer keeps its encoder's slot and goes with it", () => {
  const out = slotsScript(`
    // Command buffers kept, their encoders and passes dropped.
    let buffers = [];
    for (let i = 0; i < 1000; i++) {
      buffers.push(onePass());
    }
    await settle();
    const whileKept = live();
    buffers[0].label = 'first';
    const label = buffers[0].label;
    device.pushErrorScope('validation');
    device.queue.submit(buffers);
    const error = await device.popErrorScope();
    // Submitted once: a second submit fails, naming the buffer by its label.
    device.pushErrorScope('validation');
    device.queue.submit([buffers[0]]);
    const again = await device.popErrorScope();
    // Encoders kept, their command buffers dropped: a finished encoder stays invalid.
    let encoders = [];
    for (let i = 0; i < 1000; i++) {
      const encoder = device.createCommandEncoder();
      encoder.finish();
      encoders.push(encoder);
    }
    await settle();
    device.pushErrorScope('validation');
    encoders[0].finish();
    const finishedTwice = await device.popErrorScope();
    // Made and dropped in rounds: the slots come back.
    let peak = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3000; i++) device.createCommandEncoder().finish();
      peak = Math.max(peak, live());
      await settle();
    }
    buffers = [];
    encoders = [];
    await settle();
    console.log(JSON.stringify({ start, whileKept, label, error: error?.message ?? null,
      again: again?.message ?? null, finishedTwice: finishedTwice?.message ?? null, peak,
      end: live() }));
  `);
  assert.equal(out.label, 'first');
  assert.equal(out.error, null);
  assert.match(out.again ?? '', /first/);
  assert.match(out.finishedTwice ?? '', /has ended/);
  // Each kept command buffer holds its own slot, its encoder's and its pass's.
  assert.ok(out.whileKept >= out.start + 3000, `${out.whileKept}: kept buffers hold their encoders`);
  assert.ok(out.peak < out.start + 3000 + 2 * 3000 * 4, `peak ${out.peak}`);
  assert.ok(out.end < out.start + 10, `end ${out.end}, start ${out.start}: every slot given back`);
});

// The lean first pass and command buffer live in their encoder's table
// entry (passes.cpp); a second finish() gives another, invalid, object; all
// of them go with the encoder.
test('a second lean finish() gives a distinct invalid command buffer', () => {
  const out = slotsScript(`
    let encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.dispatchWorkgroups(1);
    pass.end();
    let first = encoder.finish();
    device.pushErrorScope('validation');
    let second = encoder.finish();
    const finishError = await device.popErrorScope();
    const distinct = first !== second &&
      Object.getPrototypeOf(second) === Object.getPrototypeOf(first);
    device.pushErrorScope('validation');
    device.queue.submit([second]);
    const secondError = await device.popErrorScope();
    device.pushErrorScope('validation');
    device.queue.submit([first]);
    const firstError = await device.popErrorScope();
    encoder = first = second = null;
    await settle();
    console.log(JSON.stringify({ start, distinct, finishError: finishError?.message ?? null,
      secondError: secondError?.message ?? null, firstError: firstError?.message ?? null,
      end: live() }));
  `);
  assert.equal(out.distinct, true);
  assert.match(out.finishError ?? '', /has ended/);
  assert.ok(out.secondError, 'the second command buffer is invalid');
  assert.equal(out.firstError, null);
  assert.ok(out.end < out.start + 10, `end ${out.end}, start ${out.start}: every slot given back`);
});

// A GPUComputePipeline is made as the encoding objects are (a stamped plain
// object, its C++ object in the encoding table): every way of making one gives
// the same kind of object, each is accepted by the lean and the full
// setPipeline, and collected pipelines give their slots back while a kept
// command buffer that used one still runs.
test('compute pipelines: stamped objects from every path, accepted everywhere, slots given back', async () => {
  const module = device.createShaderModule({
    code: 'override k = 1u; @group(0) @binding(0) var<storage, read_write> b : array<u32>;\n' +
      '@compute @workgroup_size(1) fn main() { b[0] = k; }',
  });
  const made = [
    device.createComputePipeline({ label: 'lean', layout: 'auto', compute: { module } }),
    device.createComputePipeline({ label: 'full', layout: 'auto', compute: { module, constants: { k: 2 } } }),
    await device.createComputePipelineAsync({ label: 'async', layout: 'auto', compute: { module } }),
  ];
  for (const [i, pipeline] of made.entries()) {
    assert.ok(pipeline instanceof GPUComputePipeline);
    assert.equal(Object.prototype.toString.call(pipeline), '[object GPUComputePipeline]');
    assert.deepEqual(Object.getOwnPropertyNames(pipeline), []);
    assert.equal(pipeline.label, ['lean', 'full', 'async'][i]);
    pipeline.label = `renamed ${i}`;
    assert.equal(pipeline.label, `renamed ${i}`);
    assert.ok(pipeline.getBindGroupLayout(0) instanceof GPUBindGroupLayout);
  }
  assert.throws(() => GPUComputePipeline.prototype.getBindGroupLayout.call({}, 0),
    { name: 'TypeError', message: 'Illegal invocation' });
  assert.throws(() => Object.getOwnPropertyDescriptor(GPUComputePipeline.prototype, 'label').get.call(
    device.createCommandEncoder()), { name: 'TypeError', message: 'Illegal invocation' });
  // A pipeline's label names it in a message: a group of another pipeline's layout.
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
  const group = device.createBindGroup({
    layout: made[0].getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer } }],
  });
  const error = await scoped(device, () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(made[1]);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(1);
    pass.end();
    encoder.finish();
  });
  assert.ok(error instanceof GPUValidationError);
  assert.match(error.message, /renamed 1/);
  // The full setPipeline (a descriptor on beginComputePass takes it) accepts every one.
  const ok = await scoped(device, () => {
    const encoder = device.createCommandEncoder({ label: 'e' });
    const pass = encoder.beginComputePass({ label: 'p' });
    for (const pipeline of made) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer } }],
      }));
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    device.queue.submit([encoder.finish()]);
  });
  assert.equal(ok, null);

  const out = slotsScript(`
    const module = device.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
    // A command buffer that used a pipeline whose object is gone.
    const kept = onePass(device.createComputePipeline({ layout: 'auto', compute: { module } }));
    let peak = 0;
    for (let round = 0; round < 5; round++) {
      const pipelines = [];
      for (let i = 0; i < 2000; i++) {
        pipelines.push(device.createComputePipeline({ layout: 'auto', compute: { module } }));
      }
      peak = Math.max(peak, live());
      pipelines.length = 0;
      await settle();
    }
    await settle();
    device.pushErrorScope('validation');
    device.queue.submit([kept]);
    const error = await device.popErrorScope();
    console.log(JSON.stringify({ start, peak, end: live(), error: error?.message ?? null }));
  `);
  assert.equal(out.error, null);
  assert.ok(out.peak >= out.start + 2000, `peak ${out.peak}: each pipeline holds a slot`);
  assert.ok(out.peak < out.start + 6000, `peak ${out.peak}: collected pipelines give theirs back`);
  assert.ok(out.end < out.start + 10, `end ${out.end}, start ${out.start}`);
});

// GPUShaderModule too: both creation paths make a stamped object, whose
// getCompilationInfo and label work, that both pipeline paths accept; a
// collected module gives its slot back while a pipeline made from it lives on.
test('shader modules: stamped objects from both paths, accepted by both pipeline paths, slots given back', async () => {
  const code = '@compute @workgroup_size(1) fn main() {}';
  const lean = device.createShaderModule({ label: 'lean', code });
  const full = device.createShaderModule({ label: 'full', code, compilationHints: [{ entryPoint: 'main' }] });
  let broken;
  const compileError = await scoped(device, () => { broken = device.createShaderModule({ code: 'fn oops( {' }); });
  assert.ok(compileError instanceof GPUValidationError);
  for (const [module, label] of [[lean, 'lean'], [full, 'full']]) {
    assert.ok(module instanceof GPUShaderModule);
    assert.deepEqual(Object.getOwnPropertyNames(module), []);
    assert.equal(module.label, label);
    module.label = `${label}!`;
    assert.equal(module.label, `${label}!`);
    const info = await module.getCompilationInfo();
    assert.ok(info instanceof GPUCompilationInfo);
    assert.equal(info.messages.length, 0);
  }
  const info = await broken.getCompilationInfo();
  assert.equal(info.messages[0].type, 'error');
  assert.throws(() => GPUShaderModule.prototype.getCompilationInfo.call(device.createCommandEncoder()),
    { name: 'TypeError', message: 'Illegal invocation' });
  assert.throws(() => new GPUShaderModule(), { name: 'TypeError', message: 'Illegal constructor' });
  // The lean createComputePipeline (no constants) and the full one (constants) take both.
  const error = await scoped(device, () => {
    for (const module of [lean, full]) {
      assert.ok(device.createComputePipeline({ layout: 'auto', compute: { module } }) instanceof GPUComputePipeline);
      device.createComputePipeline({ layout: 'auto', compute: { module, constants: {} } });
    }
  });
  assert.equal(error, null);
  // A module of another interface is the full TypeError.
  assert.throws(() => device.createComputePipeline({ layout: 'auto', compute: { module: made(device) } }),
    { name: 'TypeError', message: /descriptor\.compute\.module is an object, not a GPUShaderModule/ });

  const out = slotsScript(`
    let kept = null;
    let peak = 0;
    for (let round = 0; round < 5; round++) {
      let modules = [];
      for (let i = 0; i < 2000; i++) {
        modules.push(device.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' }));
      }
      peak = Math.max(peak, live());
      if (round === 0) kept = device.createComputePipeline({ layout: 'auto', compute: { module: modules[0] } });
      modules = [];
      await settle();
    }
    await settle();
    // The kept pipeline's module object is gone: the pipeline still runs.
    device.pushErrorScope('validation');
    device.queue.submit([onePass(kept)]);
    const error = await device.popErrorScope();
    console.log(JSON.stringify({ start, peak, end: live(), error: error?.message ?? null }));
  `);
  assert.equal(out.error, null);
  assert.ok(out.peak >= out.start + 2000, `peak ${out.peak}: each module holds a slot`);
  assert.ok(out.peak < out.start + 6000, `peak ${out.peak}: collected modules give theirs back`);
  assert.ok(out.end < out.start + 10, `end ${out.end}, start ${out.start}`);
});

function made(d) {
  return d.createBindGroupLayout({ entries: [] });
}

// GPURenderPipeline likewise: from the sync and async paths a stamped object,
// whose label and getBindGroupLayout work, taken by the lean setPipeline of a
// render pass and of a bundle encoder from its first use.
test('render pipelines: stamped objects, accepted by render passes and bundles', async () => {
  const module = device.createShaderModule({
    code: '@group(0) @binding(0) var<uniform> u : vec4f;\n' +
      '@vertex fn vs() -> @builtin(position) vec4f { return u; }\n' +
      '@fragment fn fs() -> @location(0) vec4f { return vec4f(1.0); }',
  });
  const descriptor = (label) => ({
    label, layout: 'auto', vertex: { module }, fragment: { module, targets: [{ format: 'rgba8unorm' }] },
  });
  const made = [device.createRenderPipeline(descriptor('sync')),
    await device.createRenderPipelineAsync(descriptor('async'))];
  const target = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.RENDER_ATTACHMENT });
  const buffer = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM });
  for (const [i, pipeline] of made.entries()) {
    assert.ok(pipeline instanceof GPURenderPipeline);
    assert.equal(Object.prototype.toString.call(pipeline), '[object GPURenderPipeline]');
    assert.deepEqual(Object.getOwnPropertyNames(pipeline), []);
    assert.equal(pipeline.label, ['sync', 'async'][i]);
    const group = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer } }],
    });
    const error = await scoped(device, () => {
      const bundleEncoder = device.createRenderBundleEncoder({ colorFormats: ['rgba8unorm'] });
      bundleEncoder.setPipeline(pipeline);
      bundleEncoder.setBindGroup(0, group);
      bundleEncoder.draw(3);
      const bundle = bundleEncoder.finish();
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginRenderPass({
        colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store' }],
      });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.draw(3);
      pass.executeBundles([bundle]);
      pass.end();
      device.queue.submit([encoder.finish()]);
    });
    assert.equal(error, null);
  }
  assert.throws(() => GPURenderPipeline.prototype.getBindGroupLayout.call(made[0], Symbol('x')), TypeError);
  assert.throws(() => GPURenderPipeline.prototype.getBindGroupLayout.call({}, 0),
    { name: 'TypeError', message: 'Illegal invocation' });
  assert.throws(() => new GPURenderPipeline(), { name: 'TypeError', message: 'Illegal constructor' });
  // A compute pass does not take a render pipeline: the full method's TypeError.
  const pass = device.createCommandEncoder().beginComputePass();
  assert.throws(() => pass.setPipeline(made[0]), TypeError);
});
