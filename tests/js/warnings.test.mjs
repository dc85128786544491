// Unknown descriptor keys: one warning per call site, naming the key and the
// closest valid one. (Dawn ignores them silently.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScript } from './helpers.mjs';

const prelude = `
const { create, globals } = require('bindery');
Object.assign(globalThis, globals);
(async () => {
  const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
`;

test('an unknown key warns once per call site, with the closest valid key', () => {
  const r = runScript(`${prelude}
  for (let i = 0; i < 5; ++i) {
    device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT,
      texture: { sampletype: 'float' } }] });
  }
  device.createBindGroupLayout({ entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT,
    texture: { sampletype: 'float' } }] });
})();`);
  assert.equal(r.status, 0, r.stderr);
  const warnings = r.stderr.split('\n').filter((l) => l.includes('BinderyWarning'));
  assert.equal(warnings.length, 2, r.stderr);
  assert.match(warnings[0], /descriptor\.entries\[0\]\.texture has the key 'sampletype', which is not a member of GPUTextureBindingLayout \(did you mean 'sampleType'\?\)/);
  assert.match(warnings[0], /\[eval\]:\d+:\d+/);
});

test('the keys of the issue: sampletype, viewDimensions, dynamicOffset', () => {
  const r = runScript(`${prelude}
  device.createBindGroupLayout({ entries: [
    { binding: 0, visibility: 4, texture: { viewDimensions: '2d' } },
    { binding: 1, visibility: 4, buffer: { dynamicOffset: true } },
  ] });
})();`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /'viewDimensions'.*did you mean 'viewDimension'\?/);
  assert.match(r.stderr, /'dynamicOffset'.*GPUBufferBindingLayout \(did you mean 'hasDynamicOffset'\?\)/);
});

test('process.on("warning") sees BinderyWarning with code BINDERY_UNKNOWN_KEY', () => {
  const r = runScript(`${prelude}
  process.on('warning', (w) => console.log(JSON.stringify({ name: w.name, code: w.code })));
  device.createBuffer({ size: 4, usage: 64, lable: 'x' });
})();`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /"name":"BinderyWarning","code":"BINDERY_UNKNOWN_KEY"/);
  assert.match(r.stderr, /'lable'.*did you mean 'label'\?/);
});

test('an uncaptured error nobody handles is printed; a canceled one is not', () => {
  const r = runScript(`${prelude}
  device.createBuffer({ label: 'sin uso', size: 4, usage: 0 });
  device.addEventListener('uncapturederror', (e) => { if (e.error.message.includes('quiet')) e.preventDefault(); });
  device.createBuffer({ label: 'quiet', size: 4, usage: 0 });
})();`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /GPUUncapturedError: uncaptured GPUValidationError \[BufferUsageEmpty\]: .*"sin uso"/);
  assert.doesNotMatch(r.stderr, /quiet/);
});
