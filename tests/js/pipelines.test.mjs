// GPUComputePipeline and GPURenderPipeline: the descriptors per WebIDL
// (required members, defaults, enums, [EnforceRange], nullable sequence
// entries, records, unknown keys), validation errors and strict mode, the
// async forms (GPUPipelineError, no error scope), getBindGroupLayout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const strict = await makeDevice({ strict: true });

async function scoped(fn, on = device) {
  on.pushErrorScope('validation');
  const value = fn();
  return { value, error: await on.popErrorScope() };
}

const kCompute = `
override radio : f32 = 1.0;
@group(0) @binding(0) var<storage, read_write> salida : array<f32>;
@group(1) @binding(2) var<uniform> escala : vec4f;
@compute @workgroup_size(8) fn main() { salida[0] = radio * escala.x; }
@compute @workgroup_size(8) fn otro() { salida[1] = 0.0; }
`;
const kRender = `
struct VOut { @builtin(position) pos : vec4f, @location(0) color : vec4f }
@vertex fn vs(@location(0) p : vec4f, @location(1) c : vec4f) -> VOut { return VOut(p, c); }
@fragment fn fs(v : VOut) -> @location(0) vec4f { return v.color; }
`;
const computeModule = device.createShaderModule({ label: 'calculo', code: kCompute });
const renderModule = device.createShaderModule({ label: 'dibujo', code: kRender });
const vertex = {
  module: renderModule,
  buffers: [{
    arrayStride: 32,
    attributes: [
      { format: 'float32x4', offset: 0, shaderLocation: 0 },
      { format: 'float32x4', offset: 16, shaderLocation: 1 },
    ],
  }],
};
const fragment = { module: renderModule, targets: [{ format: 'rgba8unorm' }] };

test('createComputePipeline with layout: "auto" returns a labelled GPUComputePipeline', async () => {
  const { value: pipeline, error } = await scoped(() => device.createComputePipeline({
    label: 'calculo', layout: 'auto', compute: { module: computeModule, entryPoint: 'main' },
  }));
  assert.equal(error, null);
  assert.ok(pipeline instanceof GPUComputePipeline);
  assert.equal(Object.prototype.toString.call(pipeline), '[object GPUComputePipeline]');
  assert.equal(pipeline.label, 'calculo');
  assert.ok(pipeline.getBindGroupLayout(0) instanceof GPUBindGroupLayout);
  assert.ok(pipeline.getBindGroupLayout(1) instanceof GPUBindGroupLayout);
  assert.notEqual(pipeline.getBindGroupLayout(0), pipeline.getBindGroupLayout(0), '[NewObject]');
  assert.throws(() => new GPUComputePipeline(), /Illegal constructor/);
});

test('the compute descriptor: required members, the layout union, the module interface', () => {
  const call = (d) => () => device.createComputePipeline(d);
  assert.throws(call({ compute: { module: computeModule, entryPoint: 'main' } }), {
    name: 'TypeError',
    message: "GPUDevice.createComputePipeline: descriptor.layout is required (member 'layout' of GPUComputePipelineDescriptor), but it is missing",
  });
  assert.throws(call({ layout: 'auto' }),
    /descriptor\.compute is required \(member 'compute' of GPUComputePipelineDescriptor\)/);
  assert.throws(call({ layout: 'auto', compute: {} }),
    /descriptor\.compute\.module is required \(member 'module' of GPUProgrammableStage\)/);
  assert.throws(call({ layout: 'auto', compute: { module: {} } }),
    /descriptor\.compute\.module is an object, not a GPUShaderModule/);
  assert.throws(call({ layout: 'Auto', compute: { module: computeModule } }),
    /descriptor\.layout is 'Auto', which is neither a GPUPipelineLayout nor a value of enum GPUAutoLayoutMode/);
  assert.throws(call({ layout: null, compute: { module: computeModule } }), TypeError);
  const bgl = device.createBindGroupLayout({ entries: [] });
  assert.throws(call({ layout: bgl, compute: { module: computeModule } }), /descriptor\.layout is an object/);
  assert.throws(call({ layout: 'auto', compute: { module: computeModule, constants: 5 } }),
    /descriptor\.compute\.constants must be an object \(a record\)/);
  assert.throws(() => device.createComputePipeline(), /1 argument required, but only 0 present/);
});

test('constants: a record of restricted doubles', async () => {
  const base = { layout: 'auto', compute: { module: computeModule, entryPoint: 'main' } };
  const withConstants = (constants) => ({ ...base, compute: { ...base.compute, constants } });
  assert.throws(() => device.createComputePipeline(withConstants({ radio: NaN })), {
    name: 'TypeError', message: /descriptor\.compute\.constants\.radio is NaN, which is not a finite number \(double\)/,
  });
  assert.throws(() => device.createComputePipeline(withConstants({ radio: Infinity })), TypeError);
  assert.equal((await scoped(() => device.createComputePipeline(withConstants({ radio: 4 })))).error, null);
  assert.equal((await scoped(() => device.createComputePipeline(withConstants({ radio: '2.5' })))).error, null);
  assert.equal((await scoped(() => device.createComputePipeline(withConstants({ radio: undefined })))).error, null);
  const { error } = await scoped(() => device.createComputePipeline(withConstants({ radius: 4 })));
  assert.equal(error?.code, 'PipelineConstantUnknown');
  assert.match(error.message, /descriptor\.compute\.constants has the key 'radius'/);
  // Keys are whole strings (#gpuprogrammablestage): 'radio\0' is not the override 'radio'.
  const nul = await scoped(() => device.createComputePipeline(withConstants({ 'radio\0': 4 })));
  assert.equal(nul.error?.code, 'PipelineConstantUnknown');
  assert.match(nul.error.message, /has the key 'radio/);
  // A record reads own enumerable keys only: inherited and hidden ones are not constants.
  const own = Object.create({ radius: 4 }, { radio: { value: 2, enumerable: true }, oculto: { value: 1 } });
  assert.equal((await scoped(() => device.createComputePipeline(withConstants(own)))).error, null);
});

test('validation errors go to the error scope; the pipeline is still a GPUComputePipeline', async () => {
  const { value, error } = await scoped(() => device.createComputePipeline({
    label: 'ambiguo', layout: 'auto', compute: { module: computeModule },
  }));
  assert.ok(value instanceof GPUComputePipeline);
  assert.equal(error?.code, 'PipelineEntryPointAmbiguous');
  assert.match(error.message, /\[ComputePipeline "ambiguo"\]/);
  assert.match(error.message, /'main' \(compute\), 'otro' \(compute\)/);
  const layout = device.createPipelineLayout({ bindGroupLayouts: [] });
  const missing = await scoped(() => device.createComputePipeline({ layout, compute: { module: computeModule, entryPoint: 'main' } }));
  assert.equal(missing.error?.code, 'PipelineBindingNotInLayout');
});

test('strict mode throws at createComputePipeline and createRenderPipeline', () => {
  const module = strict.createShaderModule({ code: kCompute });
  assert.throws(() => strict.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'nada' } }), (e) => {
    assert.ok(e instanceof GPUValidationError);
    assert.equal(e.code, 'PipelineEntryPointNotFound');
    assert.match(e.message, /no entry point named 'nada'/);
    assert.match(e.stack, /pipelines\.test\.mjs/);
    return true;
  });
  assert.ok(strict.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } }) instanceof GPUComputePipeline);
  const rm = strict.createShaderModule({ code: kRender });
  assert.throws(() => strict.createRenderPipeline({ layout: 'auto', vertex: { ...vertex, module: rm }, fragment: { module: rm, targets: [{ format: 'rgba8unorm' }] }, multisample: { count: 3 } }),
    { name: 'GPUValidationError', code: 'RenderPipelineMultisample' });
});

test('unknown keys in pipeline dictionaries warn (strict: TypeError)', async () => {
  const warnings = [];
  const onWarning = (w) => { if (w.name === 'BinderyWarning') warnings.push(w.message); };
  process.on('warning', onWarning);
  device.createComputePipeline({ layout: 'auto', compute: { module: computeModule, entrypoint: 'main', entryPoint: 'main' } });
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', onWarning);
  assert.ok(warnings.some((w) => /descriptor\.compute has the key 'entrypoint', which is not a member of GPUProgrammableStage \(did you mean 'entryPoint'\?\)/.test(w)), warnings.join('\n'));
  const module = strict.createShaderModule({ code: kRender });
  assert.throws(() => strict.createRenderPipeline({ layout: 'auto', vertex: { ...vertex, module },
    fragment: { module, targets: [{ format: 'rgba8unorm', writemask: 0xf }] } }),
  /descriptor\.fragment\.targets\[0\] has the key 'writemask', which is not a member of GPUColorTargetState \(did you mean 'writeMask'\?\)/);
});

test('createRenderPipeline: a valid pipeline, defaults for primitive, multisample, writeMask', async () => {
  const { value, error } = await scoped(() => device.createRenderPipeline({ label: 'dibujo', layout: 'auto', vertex, fragment }));
  assert.equal(error, null);
  assert.ok(value instanceof GPURenderPipeline);
  assert.equal(value.label, 'dibujo');
  assert.ok(value.getBindGroupLayout(0) instanceof GPUBindGroupLayout);
  const full = await scoped(() => device.createRenderPipeline({
    layout: 'auto',
    vertex: { ...vertex, buffers: [null, { ...vertex.buffers[0], stepMode: 'instance' }] },
    primitive: { topology: 'triangle-strip', stripIndexFormat: 'uint32', frontFace: 'cw', cullMode: 'back' },
    depthStencil: {
      format: 'depth24plus-stencil8', depthWriteEnabled: true, depthCompare: 'less-equal',
      stencilFront: { compare: 'equal', passOp: 'increment-clamp' }, stencilBack: {},
      stencilReadMask: 0xff, stencilWriteMask: 0, depthBias: -2, depthBiasSlopeScale: 1.5, depthBiasClamp: 0.25,
    },
    multisample: { count: 4, mask: 0xf, alphaToCoverageEnabled: true },
    fragment: {
      module: renderModule, entryPoint: 'fs', constants: {},
      targets: [{
        format: 'rgba8unorm',
        blend: { color: { srcFactor: 'src-alpha', dstFactor: 'one-minus-src-alpha' }, alpha: {} },
        writeMask: GPUColorWrite.RED | GPUColorWrite.ALPHA,
      }],
    },
  }));
  assert.equal(full.error, null, full.error?.message);
});

test('createRenderPipeline: nullable entries of vertex.buffers and fragment.targets', async () => {
  const depthStencil = { format: 'depth32float', depthWriteEnabled: true, depthCompare: 'less' };
  const onlyDepth = await scoped(() => device.createRenderPipeline({ layout: 'auto', vertex, depthStencil,
    fragment: { module: renderModule, targets: [null] } }));
  assert.equal(onlyDepth.error, null, onlyDepth.error?.message);
  const none = await scoped(() => device.createRenderPipeline({ layout: 'auto', vertex, fragment: { module: renderModule, targets: [null] } }));
  assert.equal(none.error?.code, 'RenderPipelineNoOutput');
  const holes = await scoped(() => device.createRenderPipeline({ layout: 'auto', vertex: { ...vertex, buffers: [undefined, null, ...vertex.buffers] }, fragment }));
  assert.equal(holes.error, null);
});

test('createRenderPipeline: WebIDL TypeErrors name the member path', () => {
  const call = (d) => () => device.createRenderPipeline({ layout: 'auto', vertex, fragment, ...d });
  assert.throws(() => device.createRenderPipeline({ layout: 'auto', fragment }),
    /descriptor\.vertex is required \(member 'vertex' of GPURenderPipelineDescriptor\)/);
  assert.throws(call({ fragment: { module: renderModule } }),
    /descriptor\.fragment\.targets is required \(member 'targets' of GPUFragmentState\)/);
  assert.throws(call({ primitive: { topology: 'triangles' } }), {
    name: 'TypeError',
    message: "GPUDevice.createRenderPipeline: descriptor.primitive.topology is 'triangles', which is not a valid value of enum GPUPrimitiveTopology. Did you mean 'triangle-list'? Valid values: 'point-list', 'line-list', 'line-strip', 'triangle-list', 'triangle-strip'.",
  });
  assert.throws(call({ primitive: { stripIndexFormat: 'uint8' } }),
    /descriptor\.primitive\.stripIndexFormat is 'uint8', which is not a valid value of enum GPUIndexFormat.*'uint16', 'uint32'/);
  assert.throws(call({ primitive: { cullMode: 'both' } }), /enum GPUCullMode/);
  assert.throws(call({ primitive: { frontFace: 'clockwise' } }), /enum GPUFrontFace/);
  assert.throws(call({ fragment: { module: renderModule, targets: [{ format: 'rgba8unorm', blend: { color: {} } }] } }),
    /descriptor\.fragment\.targets\[0\]\.blend\.alpha is required \(member 'alpha' of GPUBlendState\)/);
  assert.throws(call({ fragment: { module: renderModule, targets: [{ format: 'rgba8unorm', blend: { color: { operation: 'plus' }, alpha: {} } }] } }),
    /blend\.color\.operation is 'plus', which is not a valid value of enum GPUBlendOperation/);
  assert.throws(call({ fragment: { module: renderModule, targets: [{ format: 'rgba8unorm', blend: { color: { srcFactor: 'one-minus-src1-alfa' }, alpha: {} } }] } }),
    /enum GPUBlendFactor\. Did you mean 'one-minus-src1-alpha'\?/);
  assert.throws(call({ fragment: { module: renderModule, targets: [{ format: 'rgba8unorm', writeMask: 2 ** 32 }] } }),
    /descriptor\.fragment\.targets\[0\]\.writeMask is 4294967296, which is outside the range of \[EnforceRange\] unsigned long/);
  assert.throws(call({ fragment: { module: renderModule, targets: [{}] } }),
    /descriptor\.fragment\.targets\[0\]\.format is required \(member 'format' of GPUColorTargetState\)/);
  assert.throws(call({ depthStencil: {} }), /descriptor\.depthStencil\.format is required/);
  const ds = { format: 'depth24plus-stencil8', depthWriteEnabled: false, depthCompare: 'always' };
  assert.throws(call({ depthStencil: { ...ds, depthBias: 2 ** 31 } }),
    /descriptor\.depthStencil\.depthBias is 2147483648, which is outside the range of \[EnforceRange\] long/);
  assert.throws(call({ depthStencil: { ...ds, stencilReadMask: -1 } }), /stencilReadMask is -1, which is outside the range/);
  assert.throws(call({ depthStencil: { ...ds, depthBiasClamp: NaN } }), /depthBiasClamp is NaN, which is not a finite number \(float\)/);
  assert.throws(call({ depthStencil: { ...ds, stencilFront: { passOp: 'increment' } } }),
    /descriptor\.depthStencil\.stencilFront\.passOp is 'increment', which is not a valid value of enum GPUStencilOperation/);
  assert.throws(call({ multisample: { mask: 2 ** 32 } }), /descriptor\.multisample\.mask is 4294967296/);
  const attributes = (a) => ({ vertex: { module: renderModule, buffers: [{ arrayStride: 16, attributes: [a] }] } });
  assert.throws(call(attributes({ format: 'float32x5', offset: 0, shaderLocation: 0 })),
    /descriptor\.vertex\.buffers\[0\]\.attributes\[0\]\.format is 'float32x5', which is not a valid value of enum GPUVertexFormat\. Did you mean 'float32x2'\?.*'unorm8x4-bgra'/);
  // Every GPUVertexFormat spelling converts, the last ones of the IDL enum included.
  for (const format of ['unorm10-10-10-2', 'unorm8x4-bgra', 'snorm10-10-10-2']) {
    assert.doesNotThrow(call(attributes({ format, offset: 0, shaderLocation: 0 })), format);
  }
  assert.throws(call(attributes({ format: 'float32x4', shaderLocation: 0 })),
    /attributes\[0\]\.offset is required \(member 'offset' of GPUVertexAttribute\)/);
  assert.throws(call({ vertex: { module: renderModule, buffers: [{ attributes: [] }] } }),
    /descriptor\.vertex\.buffers\[0\]\.arrayStride is required \(member 'arrayStride' of GPUVertexBufferLayout\)/);
  assert.throws(call({ vertex: { module: renderModule, buffers: [{ arrayStride: 4, attributes: [], stepMode: 'per-instance' }] } }),
    /enum GPUVertexStepMode/);
  assert.throws(call({ vertex: { module: renderModule, buffers: [5] } }),
    /descriptor\.vertex\.buffers\[0\] must be an object \(a GPUVertexBufferLayout\), not 5/);
});

test('render pipeline validation errors carry their codes', async () => {
  const cases = [
    [{ multisample: { count: 3 } }, 'RenderPipelineMultisample'],
    [{ primitive: { topology: 'triangle-list', stripIndexFormat: 'uint16' } }, 'RenderPipelinePrimitiveState'],
    [{ fragment: { module: renderModule, targets: [{ format: 'rgba8unorm', writeMask: 16 }] } }, 'RenderPipelineColorTargets'],
    [{ depthStencil: { format: 'depth24plus' } }, 'RenderPipelineDepthStencilState'],
    [{ vertex: { module: renderModule, buffers: [{ arrayStride: 16, attributes: [{ format: 'float32x4', offset: 0, shaderLocation: 0 }] }] } },
      'RenderPipelineVertexInputUnmatched'],
  ];
  for (const [d, code] of cases) {
    const { value, error } = await scoped(() => device.createRenderPipeline({ layout: 'auto', vertex, fragment, ...d }));
    assert.ok(value instanceof GPURenderPipeline);
    assert.equal(error?.code, code, JSON.stringify(Object.keys(d)));
  }
});

test('createComputePipelineAsync resolves with a pipeline at a later turn', async () => {
  const promise = device.createComputePipelineAsync({ label: 'asincrono', layout: 'auto', compute: { module: computeModule, entryPoint: 'otro' } });
  assert.ok(promise instanceof Promise);
  const pipeline = await promise;
  assert.ok(pipeline instanceof GPUComputePipeline);
  assert.equal(pipeline.label, 'asincrono');
  assert.ok(pipeline.getBindGroupLayout(0) instanceof GPUBindGroupLayout);
  const render = await device.createRenderPipelineAsync({ layout: 'auto', vertex, fragment });
  assert.ok(render instanceof GPURenderPipeline);
});

test('the async forms reject with GPUPipelineError (reason "validation") and push nothing to error scopes', async () => {
  device.pushErrorScope('validation');
  const rejection = await device.createComputePipelineAsync({
    label: 'malo', layout: 'auto', compute: { module: computeModule, entryPoint: 'nada' },
  }).then(() => null, (e) => e);
  assert.equal(await device.popErrorScope(), null, 'no error in the scope');
  assert.ok(rejection instanceof GPUPipelineError);
  assert.ok(rejection instanceof DOMException);
  assert.equal(rejection.name, 'GPUPipelineError');
  assert.equal(rejection.reason, 'validation');
  assert.equal(rejection.code, 'PipelineEntryPointNotFound');
  assert.match(rejection.message, /createComputePipelineAsync\(\[ComputePipeline "malo"\]\)/);
  assert.match(rejection.message, /no entry point named 'nada'/);

  device.pushErrorScope('validation');
  const renderRejection = await device.createRenderPipelineAsync({ layout: 'auto', vertex, fragment, multisample: { count: 2 } })
    .then(() => null, (e) => e);
  assert.equal(await device.popErrorScope(), null);
  assert.ok(renderRejection instanceof GPUPipelineError);
  assert.equal(renderRejection.reason, 'validation');
  assert.equal(renderRejection.code, 'RenderPipelineMultisample');
});

test('the async forms do not throw in strict mode; a WebIDL error rejects the promise', async () => {
  const module = strict.createShaderModule({ code: kCompute });
  const promise = strict.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'nada' } });
  await assert.rejects(promise, (e) => e instanceof GPUPipelineError && e.reason === 'validation');
  await assert.rejects(device.createComputePipelineAsync({ compute: { module: computeModule } }),
    { name: 'TypeError', message: /descriptor\.layout is required/ });
  await assert.rejects(device.createRenderPipelineAsync({ layout: 'auto', vertex, fragment, primitive: { topology: 'x' } }),
    { name: 'TypeError', message: /enum GPUPrimitiveTopology/ });
  await assert.rejects(device.createRenderPipelineAsync(), { name: 'TypeError', message: /1 argument required/ });
  // Still usable afterwards.
  assert.ok(await strict.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } }) instanceof GPUComputePipeline);
});

test('getBindGroupLayout(index >= maxBindGroups) gives a layout and a validation error, without throwing', async () => {
  const pipeline = device.createComputePipeline({ label: 'p', layout: 'auto', compute: { module: computeModule, entryPoint: 'main' } });
  const { value, error } = await scoped(() => pipeline.getBindGroupLayout(device.limits.maxBindGroups));
  assert.ok(value instanceof GPUBindGroupLayout);
  assert.equal(error?.code, 'PipelineGetBindGroupLayoutIndexOutOfRange');
  assert.match(error.message, /\[ComputePipeline "p"\]\.getBindGroupLayout\(4\)/);
  // The invalid layout makes an invalid bind group.
  const bad = await scoped(() => device.createBindGroup({ layout: value, entries: [] }));
  assert.ok(bad.error instanceof GPUValidationError);
  // unsigned long without [EnforceRange]: -1 wraps to 4294967295, NaN is 0.
  assert.equal((await scoped(() => pipeline.getBindGroupLayout(-1))).error?.code, 'PipelineGetBindGroupLayoutIndexOutOfRange');
  assert.equal((await scoped(() => pipeline.getBindGroupLayout(NaN))).error, null);
  assert.equal((await scoped(() => pipeline.getBindGroupLayout('1'))).error, null);
  assert.equal((await scoped(() => pipeline.getBindGroupLayout(2 ** 32 + 1))).error, null);
  assert.throws(() => pipeline.getBindGroupLayout(), /GPUComputePipeline\.getBindGroupLayout: 1 argument required/);
  assert.throws(() => pipeline.getBindGroupLayout(Symbol('x')), TypeError);
  const render = device.createRenderPipeline({ layout: 'auto', vertex, fragment });
  assert.equal((await scoped(() => render.getBindGroupLayout(9))).error?.code, 'PipelineGetBindGroupLayoutIndexOutOfRange');
  const sp = strict.createComputePipeline({ layout: 'auto', compute: { module: strict.createShaderModule({ code: kCompute }), entryPoint: 'main' } });
  assert.throws(() => sp.getBindGroupLayout(7), { name: 'GPUValidationError', code: 'PipelineGetBindGroupLayoutIndexOutOfRange' });
});

test("an 'auto' layout takes the entries the entry point uses; a bind group built from it is valid", async () => {
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: computeModule, entryPoint: 'main' } });
  const salida = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE });
  const escala = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM });
  const ok = await scoped(() => [
    device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: salida } }] }),
    device.createBindGroup({ layout: pipeline.getBindGroupLayout(1), entries: [{ binding: 2, resource: { buffer: escala } }] }),
  ]);
  assert.equal(ok.error, null);
  // 'otro' does not use @group(1): its group 1 is empty, and the message says why.
  const otro = device.createComputePipeline({ layout: 'auto', compute: { module: computeModule, entryPoint: 'otro' } });
  const { error } = await scoped(() => device.createBindGroup({ layout: otro.getBindGroupLayout(1), entries: [{ binding: 2, resource: { buffer: escala } }] }));
  assert.ok(error instanceof GPUValidationError);
  assert.match(error.message, /auto/);
  // An 'auto' layout belongs to its pipeline.
  const exclusive = await scoped(() => device.createPipelineLayout({ bindGroupLayouts: [pipeline.getBindGroupLayout(0)] }));
  assert.equal(exclusive.error?.code, 'PipelineLayoutExclusiveBindGroupLayout');
});

test('an explicit GPUPipelineLayout is accepted as the layout', async () => {
  const g0 = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } }] });
  const g1 = device.createBindGroupLayout({ entries: [{ binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: {} }] });
  const layout = device.createPipelineLayout({ bindGroupLayouts: [g0, g1] });
  const { value, error } = await scoped(() => device.createComputePipeline({ layout, compute: { module: computeModule, entryPoint: 'main' } }));
  assert.equal(error, null);
  assert.ok(value instanceof GPUComputePipeline);
  const wrong = device.createPipelineLayout({ bindGroupLayouts: [g1, g0] });
  const mismatch = await scoped(() => device.createComputePipeline({ layout: wrong, compute: { module: computeModule, entryPoint: 'main' } }));
  assert.ok(mismatch.error instanceof GPUValidationError);
  assert.match(mismatch.error.code, /^Pipeline/);
});

test('globals: the shader module and pipeline interfaces, for instanceof', async () => {
  const { globals } = await import('bindery');
  for (const name of ['GPUShaderModule', 'GPUCompilationInfo', 'GPUCompilationMessage',
    'GPUComputePipeline', 'GPURenderPipeline', 'GPUPipelineError']) {
    assert.equal(typeof globals[name], 'function', name);
    assert.equal(globals[name].name, name);
    assert.equal(globals[name].prototype[Symbol.toStringTag], name);
  }
  for (const name of ['GPUShaderModule', 'GPUCompilationInfo', 'GPUCompilationMessage', 'GPUComputePipeline', 'GPURenderPipeline']) {
    assert.throws(() => new globals[name](), { name: 'TypeError', message: /Illegal constructor/ }, name);
  }
  const info = await computeModule.getCompilationInfo();
  assert.equal(Object.prototype.toString.call(info), '[object GPUCompilationInfo]');
});
