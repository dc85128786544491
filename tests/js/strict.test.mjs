// Strict mode: every validation error is also thrown at the failing call, as
// a GPUError with a JavaScript stack; unknown descriptor keys are TypeErrors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const strict = await makeDevice({ strict: true });

test('a validation error is thrown at the failing call, with its code and a JS stack', () => {
  let thrown;
  try {
    strict.createBuffer({ label: 'uniformes', size: 4, usage: 0 });
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof GPUValidationError);
  assert.equal(thrown.code, 'BufferUsageEmpty');
  assert.match(thrown.message, /\[Buffer "uniformes"\]/);
  assert.match(thrown.stack, /^GPUValidationError: /);
  assert.match(thrown.stack, /strict\.test\.mjs/);
});

test('a valid call does not throw, and the next call starts clean', () => {
  assert.throws(() => strict.createBuffer({ size: 4, usage: 0 }), GPUValidationError);
  const ok = strict.createBuffer({ size: 4, usage: GPUBufferUsage.UNIFORM });
  assert.equal(ok.size, 4);
});

test('the error still reaches the error scope', async () => {
  strict.pushErrorScope('validation');
  assert.throws(() => strict.createBuffer({ size: 4, usage: 0 }), GPUValidationError);
  const error = await strict.popErrorScope();
  assert.equal(error?.code, 'BufferUsageEmpty');
});

test('an unknown descriptor key is a TypeError naming the closest valid key', () => {
  assert.throws(() => strict.createBuffer({ size: 4, usage: 64, mappedAtcreation: true }), {
    name: 'TypeError',
    message: "GPUDevice.createBuffer: descriptor has the key 'mappedAtcreation', which is not a " +
      "member of GPUBufferDescriptor (did you mean 'mappedAtCreation'?); it is ignored.",
  });
  assert.throws(() => strict.createBindGroupLayout({
    entries: [{ binding: 0, visibility: 4, texture: { sampletype: 'float' } }],
  }), /descriptor\.entries\[0\]\.texture has the key 'sampletype', which is not a member of GPUTextureBindingLayout \(did you mean 'sampleType'\?\)/);
});

test('errors of object methods are thrown too (texture.createView)', () => {
  const texture = strict.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  assert.throws(() => texture.createView({ baseMipLevel: 3 }), GPUValidationError);
});

test('a non-strict device does not throw validation errors', async () => {
  const device = await makeDevice();
  device.pushErrorScope('validation');
  device.createBuffer({ size: 4, usage: 0 });
  assert.ok(await device.popErrorScope());
});
