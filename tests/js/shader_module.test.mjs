// GPUShaderModule: createShaderModule's descriptor per WebIDL,
// getCompilationInfo (GPUCompilationInfo / GPUCompilationMessage, positions in
// UTF-16 code units), strict mode; gpu.wgslLanguageFeatures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from 'bindery';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const strict = await makeDevice({ strict: true });

async function scoped(fn) {
  device.pushErrorScope('validation');
  const value = fn();
  return { value, error: await device.popErrorScope() };
}

test('createShaderModule returns a GPUShaderModule with its label', async () => {
  const { value: module, error } = await scoped(() => device.createShaderModule({
    label: 'vacío', code: '@compute @workgroup_size(1) fn main() {}',
  }));
  assert.equal(error, null);
  assert.ok(module instanceof GPUShaderModule);
  assert.equal(Object.prototype.toString.call(module), '[object GPUShaderModule]');
  assert.equal(module.label, 'vacío');
  module.label = 'otro';
  assert.equal(module.label, 'otro');
  assert.throws(() => new GPUShaderModule(), { name: 'TypeError', message: 'Illegal constructor' });
});

test('the descriptor is converted per WebIDL', () => {
  assert.throws(() => device.createShaderModule(), /1 argument required, but only 0 present/);
  assert.throws(() => device.createShaderModule({}), {
    name: 'TypeError',
    message: "GPUDevice.createShaderModule: descriptor.code is required (member 'code' of GPUShaderModuleDescriptor), but it is missing",
  });
  assert.throws(() => device.createShaderModule({ code: '', compilationHints: [{}] }),
    /descriptor\.compilationHints\[0\]\.entryPoint is required \(member 'entryPoint' of GPUShaderModuleCompilationHint\)/);
  assert.throws(() => device.createShaderModule({ code: '', compilationHints: {} }),
    /descriptor\.compilationHints must be a sequence/);
  // The hint's layout is (GPUPipelineLayout or GPUAutoLayoutMode).
  assert.throws(() => device.createShaderModule({ code: '', compilationHints: [{ entryPoint: 'main', layout: 'automatic' }] }),
    /descriptor\.compilationHints\[0\]\.layout is 'automatic', which is neither a GPUPipelineLayout nor a value of enum GPUAutoLayoutMode/);
  const bgl = device.createBindGroupLayout({ entries: [] });
  assert.throws(() => device.createShaderModule({ code: '', compilationHints: [{ entryPoint: 'main', layout: bgl }] }), TypeError);
  const layout = device.createPipelineLayout({ bindGroupLayouts: [] });
  device.createShaderModule({ code: '', compilationHints: [{ entryPoint: 'main', layout }, { entryPoint: 'x', layout: 'auto' }] });
  // code is a string: anything else is converted with ToString.
  assert.ok(device.createShaderModule({ code: { toString: () => '' } }) instanceof GPUShaderModule);
});

test('getCompilationInfo resolves with a GPUCompilationInfo; a valid module may have no messages', async () => {
  const module = device.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
  const promise = module.getCompilationInfo();
  assert.ok(promise instanceof Promise);
  const info = await promise;
  assert.ok(info instanceof GPUCompilationInfo);
  assert.deepEqual([...info.messages], []);
  assert.ok(Object.isFrozen(info.messages), 'FrozenArray');
  assert.equal(info.messages, info.messages, 'the same array on each read');
  assert.throws(() => new GPUCompilationInfo(), /Illegal constructor/);
  assert.throws(() => new GPUCompilationMessage(), /Illegal constructor/);
});

test('a WGSL error makes an invalid module (ShaderModuleCompilationFailed) that still lists its messages', async () => {
  const code = '@compute @workgroup_size(1) fn main() {\n  let x: i32 = nombre;\n}';
  const { value: module, error } = await scoped(() => device.createShaderModule({ label: 'roto', code }));
  assert.equal(error?.code, 'ShaderModuleCompilationFailed');
  assert.match(error.message, /\[ShaderModule "roto"\]/);
  assert.match(error.message, /unresolved identifier 'nombre'/);
  const { messages } = await module.getCompilationInfo();
  assert.equal(messages.length, 1);
  const m = messages[0];
  assert.ok(m instanceof GPUCompilationMessage);
  assert.equal(m.type, 'error');
  assert.equal(m.message, "unresolved identifier 'nombre'");
  assert.equal(m.lineNum, 2);
  assert.equal(m.linePos, 16);
  assert.equal(m.offset, code.indexOf('nombre'));
  assert.equal(m.length, 6);
  assert.equal(code.substr(m.offset, m.length), 'nombre');
  // A pipeline from the invalid module is invalid too.
  const { error: pipelineError } = await scoped(() => device.createComputePipeline({ layout: 'auto', compute: { module } }));
  assert.ok(pipelineError instanceof GPUValidationError);
});

test('positions count UTF-16 code units, so they index the JavaScript string', async () => {
  // 'é' is 2 bytes in UTF-8 and 1 UTF-16 unit; '🎨' is 4 bytes and 2 units.
  const code = '// «é»\nfn f() { /* é🎨 */ let x: i32 = nombre; }';
  const module = device.createShaderModule({ code });
  const [m] = (await module.getCompilationInfo()).messages;
  assert.equal(m.lineNum, 2);
  const line = code.split('\n')[1];
  assert.equal(m.linePos, line.indexOf('nombre') + 1);
  assert.equal(m.offset, code.indexOf('nombre'));
  assert.equal(code.substr(m.offset, m.length), 'nombre');
});

test('warnings are messages of type "warning" and leave the module valid', async () => {
  const code = 'diagnostic(off, regla_inventada);\n@compute @workgroup_size(1) fn main() {}';
  const { value: module, error } = await scoped(() => device.createShaderModule({ code }));
  assert.equal(error, null);
  const [m] = (await module.getCompilationInfo()).messages;
  assert.equal(m.type, 'warning');
  assert.match(m.message, /unknown diagnostic rule 'regla_inventada'/);
  assert.equal(code.substr(m.offset, m.length), 'regla_inventada');
  assert.equal(m.lineNum, 1);
  assert.equal(m.linePos, code.indexOf('regla_inventada') + 1);
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module } });
  assert.ok(pipeline instanceof GPUComputePipeline);
});

test('strict mode throws the compilation error at createShaderModule', () => {
  assert.throws(() => strict.createShaderModule({ code: 'fn f() { let = 1; }' }), (e) => {
    assert.ok(e instanceof GPUValidationError);
    assert.equal(e.code, 'ShaderModuleCompilationFailed');
    assert.match(e.stack, /shader_module\.test\.mjs/);
    return true;
  });
  strict.createShaderModule({ code: '' });
});

test('an `enable` whose feature the device lacks is ShaderModuleExtensionNotEnabled', async () => {
  const { error } = await scoped(() => device.createShaderModule({ code: 'enable f16;' }));
  assert.equal(error?.code, 'ShaderModuleExtensionNotEnabled');
  assert.match(error.message, /"shader-f16"/);
  const withF16 = await makeDevice({ descriptor: { requiredFeatures: ['shader-f16'] } });
  withF16.pushErrorScope('validation');
  withF16.createShaderModule({ code: 'enable f16;\nconst h : f16 = 1.0h;' });
  assert.equal(await withF16.popErrorScope(), null);
});

// What each language extension adds, used once (`requires` only documents it).
const kLanguageFeatureUses = {
  readonly_and_readwrite_storage_textures: `
    @group(0) @binding(0) var t : texture_storage_2d<r32float, read_write>;
    @compute @workgroup_size(1) fn main() {
      textureStore(t, vec2u(0), textureLoad(t, vec2u(0)));
      textureBarrier();
    }`,
  packed_4x8_integer_dot_product: `
    @compute @workgroup_size(1) fn main() {
      _ = dot4U8Packed(1u, 2u);
      _ = dot4I8Packed(1u, 2u);
      _ = unpack4xU8(pack4xI8(vec4i(1)) + pack4xU8Clamp(vec4u(300)));
    }`,
  unrestricted_pointer_parameters: `
    @group(0) @binding(0) var<storage, read_write> b : array<u32, 4>;
    fn f(p : ptr<storage, u32, read_write>) { *p = 1u; }
    @compute @workgroup_size(1) fn main() { f(&b[1]); }`,
  pointer_composite_access: `
    struct S { m : u32 }
    @compute @workgroup_size(1) fn main() {
      var s : S;
      let p = &s;
      _ = p.m;
      var a : array<u32, 2>;
      let pa = &a;
      pa[1] = 2u;
    }`,
  uniform_buffer_standard_layout: `
    @group(0) @binding(0) var<uniform> u : array<f32, 4>;
    @compute @workgroup_size(1) fn main() { _ = u[0]; }`,
  texture_formats_tier1: `
    @group(0) @binding(0) var t : texture_storage_2d<r8unorm, write>;
    @compute @workgroup_size(1) fn main() { textureStore(t, vec2u(0), vec4f(1.0)); }`,
  immediate_address_space: `
    var<immediate> k : vec4f;
    @compute @workgroup_size(1) fn main() { _ = k; }`,
  // subgroup_id's built-in values also need 'enable subgroups;' (the feature
  // 'subgroups'), which the default device has not: the C++ test uses them.
  subgroup_id: `
    @compute @workgroup_size(1) fn main() {}`,
  // Its rules need 'enable subgroups;' too: the test of the subgroup
  // uniformity scope below asks for a device with 'subgroups'.
  subgroup_uniformity: `
    @compute @workgroup_size(1) fn main() {}`,
  texture_and_sampler_let: `
    @group(0) @binding(0) var t : texture_2d<f32>;
    @compute @workgroup_size(1) fn main() { let tt = t; _ = textureLoad(tt, vec2i(0), 0); }`,
  linear_indexing: `
    @compute @workgroup_size(1) fn main(@builtin(global_invocation_index) g : u32,
                                        @builtin(workgroup_index) w : u32) { _ = g + w; }`,
  fragment_depth: `
    @fragment fn fs() -> @builtin(frag_depth, less) f32 { return 0.5; }
    @compute @workgroup_size(1) fn main() {}`,
  buffer_view: `
    @group(0) @binding(0) var<storage, read_write> b : buffer<64>;
    @compute @workgroup_size(1) fn main() {
      *bufferView<vec4u>(&b, 16) = vec4u(bufferLength(&b));
      (*bufferArrayView<array<u32>>(&b, 32, 32))[1] = 2u;
    }`,
};

test('gpu.wgslLanguageFeatures lists the language extensions the front end implements', async () => {
  const gpu = create(['backend=null']);
  const features = gpu.wgslLanguageFeatures;
  assert.ok(features instanceof WGSLLanguageFeatures);
  assert.deepEqual([...features].sort(), Object.keys(kLanguageFeatureUses).sort());
  // All 13 language extensions of the 2026 specification.
  assert.equal(features.size, 13);
  assert.ok(features.has('subgroup_uniformity'));
  assert.ok(features.has('pointer_composite_access'));
  assert.ok(features.has('buffer_view'));
  // A language extension is the implementation's, whatever the device; the
  // r8unorm storage texture of texture_formats_tier1's use still needs the
  // device feature 'texture-formats-tier1' at pipeline creation (#texture-format-caps).
  const tier1 = await makeDevice({ descriptor: { requiredFeatures: ['texture-formats-tier1'] } });
  for (const name of features) {
    const code = `requires ${name};\n${kLanguageFeatureUses[name]}`;
    const { value: module, error } = await scoped(() => device.createShaderModule({ code }));
    assert.equal(error, null, `${name}: ${error?.message}`);
    const { messages } = await module.getCompilationInfo();
    assert.deepEqual(messages.map((m) => m.message), [], name);
    tier1.pushErrorScope('validation');
    tier1.createComputePipeline({ layout: 'auto', compute: { module: tier1.createShaderModule({ code }) } });
    assert.equal(await tier1.popErrorScope(), null, name);
  }
  tier1.destroy();
});

test('a name that is no language extension is refused by `requires`', async () => {
  const supported = [...create().wgslLanguageFeatures].join(', ');
  for (const name of ['no_such_feature', 'f16']) {
    assert.ok(!create().wgslLanguageFeatures.has(name), name);
    const { value: module, error } = await scoped(() => device.createShaderModule({ code: `requires ${name};` }));
    assert.equal(error?.code, 'ShaderModuleCompilationFailed', name);
    const why = `'${name}' is not a WGSL language extension`;
    assert.ok(error.message.includes(`requires ${name}: ${why} (supported: ${supported})`), error.message);
    const { messages } = await module.getCompilationInfo();
    assert.equal(messages[0].lineNum, 1);
    assert.equal(messages[0].linePos, 10);
  }
});

// buffer_view: a runtime-sized buffer's minimum binding size is its largest
// view (WebGPU #minimum-buffer-binding-size), so a smaller binding fails.
test('a buffer variable binds as a buffer of its size or of its largest view (buffer_view)', async () => {
  const code = `
    @group(0) @binding(0) var<storage, read_write> r : buffer;
    @group(0) @binding(1) var<uniform> u : buffer<64>;
    @compute @workgroup_size(1) fn main() {
      *bufferView<array<u32, 8>>(&r, 0) = array<u32, 8>();
      _ = bufferLength(&u);
    }`;
  const { value: module, error } = await scoped(() => device.createShaderModule({ code }));
  assert.equal(error, null, error?.message);
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module } });
  const small = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
  const big = device.createBuffer({ size: 32, usage: GPUBufferUsage.STORAGE });
  const uniform = device.createBuffer({ size: 64, usage: GPUBufferUsage.UNIFORM });
  const entries = (storage) => [
    { binding: 0, resource: { buffer: storage } },
    { binding: 1, resource: { buffer: uniform } },
  ];
  const ok = await scoped(() => device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: entries(big) }));
  assert.equal(ok.error, null, ok.error?.message);
  const bad = await scoped(() => device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: entries(small) }));
  assert.ok(bad.error, 'a 16-byte binding is below the 32-byte minimum');
  assert.match(bad.error.message, /32/);
  const refused = await scoped(() => device.createShaderModule({ code: '@group(0) @binding(0) var<uniform> u : buffer;' }));
  assert.equal(refused.error?.code, 'ShaderModuleCompilationFailed');
  assert.match(refused.error.message, /a runtime-sized buffer can only be the store type of a 'storage' variable/);
});

test('a supported language extension needs no `requires`: a uniform array of f32 is fine without it (uniform_buffer_standard_layout)', async () => {
  for (const [name, use] of Object.entries(kLanguageFeatureUses)) {
    const { error } = await scoped(() => device.createShaderModule({ code: use }));
    assert.equal(error, null, `${name}: ${error?.message}`);
  }
});

// #uniformity with the subgroup_uniformity language extension: subgroup_id is
// uniform at subgroup scope, subgroup_invocation_id is not; the error names
// the triggering rule, which a diagnostic filter turns off.
test('subgroup builtins need control flow uniform across the subgroup (subgroup_uniformity)', async () => {
  const sg = await makeDevice({ descriptor: { requiredFeatures: ['subgroups'] } });
  const compile = async (code) => {
    sg.pushErrorScope('validation');
    const module = sg.createShaderModule({ code });
    const error = await sg.popErrorScope();
    const { messages } = await module.getCompilationInfo();
    return { error, messages };
  };
  const header = 'enable subgroups;\n@compute @workgroup_size(64) fn main(@builtin(subgroup_id) s : u32, @builtin(subgroup_invocation_id) i : u32) {\n';
  const ok = await compile(`requires subgroup_uniformity;\n${header}  if s == 0u { _ = subgroupAdd(1u); }\n}\n`);
  assert.equal(ok.error, null, ok.error?.message);
  assert.deepEqual(ok.messages, []);
  const bad = await compile(`${header}  if i == 0u { _ = subgroupAdd(1u); }\n}\n`);
  assert.equal(bad.error?.code, 'ShaderModuleCompilationFailed');
  assert.equal(bad.messages.length, 1);
  assert.equal(bad.messages[0].type, 'error');
  assert.equal(bad.messages[0].lineNum, 3);
  assert.equal(bad.messages[0].linePos, 20);
  assert.match(bad.messages[0].message, /'subgroupAdd' \(at 3:20\) must only be called from uniform control flow, but the 'if' at line 3 depends on the builtin value 'subgroup_invocation_id'/);
  assert.match(bad.messages[0].message, /'diagnostic\(off, subgroup_uniformity\);' \(triggering rule subgroup_uniformity\)/);
  const warned = await compile(`diagnostic(warning, subgroup_uniformity);\n${header}  if i == 0u { _ = subgroupAdd(1u); }\n}\n`);
  assert.equal(warned.error, null);
  assert.deepEqual(warned.messages.map((m) => m.type), ['warning']);
  sg.destroy();
});

// #dom-gpudevice-createshadermodule: each enable-extension needs its feature.
test('`enable X;` without X\'s feature is a validation error naming both (all six enable-extensions)', async () => {
  const cases = {
    f16: 'shader-f16',
    clip_distances: 'clip-distances',
    dual_source_blending: 'dual-source-blending',
    subgroups: 'subgroups',
    primitive_index: 'primitive-index',
    subgroup_size_control: 'subgroup-size-control',
  };
  for (const [extension, feature] of Object.entries(cases)) {
    const code = `enable ${extension};\n@compute @workgroup_size(1) fn main() {}\n`;
    const { error } = await scoped(() => device.createShaderModule({ code }));
    assert.equal(error?.code, 'ShaderModuleExtensionNotEnabled', extension);
    assert.ok(error.message.includes(`\`enable ${extension};\` (line 1), which needs the "${feature}" feature`), error.message);
    assert.ok(error.message.includes(`Request "${feature}" in requiredFeatures`), error.message);
    const withFeature = await makeDevice({ descriptor: { requiredFeatures: [feature] } });
    withFeature.pushErrorScope('validation');
    withFeature.createShaderModule({ code });
    assert.equal(await withFeature.popErrorScope(), null, extension);
    withFeature.destroy();
  }
});
