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
  texture_and_sampler_let: `
    @group(0) @binding(0) var t : texture_2d<f32>;
    @compute @workgroup_size(1) fn main() { let tt = t; _ = textureLoad(tt, vec2i(0), 0); }`,
  linear_indexing: `
    @compute @workgroup_size(1) fn main(@builtin(global_invocation_index) g : u32,
                                        @builtin(workgroup_index) w : u32) { _ = g + w; }`,
  fragment_depth: `
    @fragment fn fs() -> @builtin(frag_depth, less) f32 { return 0.5; }
    @compute @workgroup_size(1) fn main() {}`,
};

test('gpu.wgslLanguageFeatures lists the language extensions the front end implements', async () => {
  const gpu = create(['backend=null']);
  const features = gpu.wgslLanguageFeatures;
  assert.ok(features instanceof WGSLLanguageFeatures);
  assert.deepEqual([...features].sort(), Object.keys(kLanguageFeatureUses).sort());
  assert.equal(features.size, 11);
  assert.ok(features.has('pointer_composite_access'));
  assert.ok(!features.has('buffer_view'));
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

test('a language extension the front end does not implement is refused by `requires`', async () => {
  const supported = [...create().wgslLanguageFeatures].join(', ');
  for (const name of ['subgroup_uniformity', 'buffer_view', 'no_such_feature']) {
    assert.ok(!create().wgslLanguageFeatures.has(name), name);
    const { value: module, error } = await scoped(() => device.createShaderModule({ code: `requires ${name};` }));
    assert.equal(error?.code, 'ShaderModuleCompilationFailed', name);
    const why = name === 'no_such_feature' ? `'${name}' is not a WGSL language extension`
      : `language extension '${name}' is not implemented by bindery`;
    assert.ok(error.message.includes(`requires ${name}: ${why} (supported: ${supported})`), error.message);
    const { messages } = await module.getCompilationInfo();
    assert.equal(messages[0].lineNum, 1);
    assert.equal(messages[0].linePos, 10);
  }
});

test('a supported language extension needs no `requires`: a uniform array of f32 is fine without it (uniform_buffer_standard_layout)', async () => {
  for (const [name, use] of Object.entries(kLanguageFeatureUses)) {
    const { error } = await scoped(() => device.createShaderModule({ code: use }));
    assert.equal(error, null, `${name}: ${error?.message}`);
  }
});
