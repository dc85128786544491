// Override-expressions evaluated at pipeline creation through
// createComputePipeline's `constants` (#override-expr,
// #pipeline-creation-error): a value for which an override-expression does
// not evaluate is a validation error naming the expression and the value;
// createComputePipelineAsync rejects with a GPUPipelineError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();

const kCode = `
override divisor : i32 = 1;
override index : u32 = 0;
override n : u32 = 4;
var<workgroup> tile : array<f32, n>;
@compute @workgroup_size(1) fn main() {
  var x = 12;
  x = x / divisor;
  tile[index] = f32(x);
}
`;
const module = device.createShaderModule({ label: 'overrides', code: kCode });

async function scoped(fn) {
  device.pushErrorScope('validation');
  fn();
  return device.popErrorScope();
}
const create = (constants) => () =>
  device.createComputePipeline({ layout: 'auto', compute: { module, constants } });

test('override values for which every override-expression evaluates', async () => {
  assert.equal(await scoped(create({ divisor: 3, index: 3 })), null);
  assert.equal(await scoped(create({ n: 8, index: 7 })), null);
});

test('division by zero in an override-expression is a pipeline-creation error', async () => {
  const error = await scoped(create({ divisor: 0 }));
  assert.ok(error instanceof GPUValidationError);
  assert.equal(error.code, 'PipelineCreationProgramError');
  assert.match(error.message, /WGSL pipeline-creation error with descriptor\.compute\.constants \{'divisor': 0\}/);
  assert.match(error.message, /integer division by zero .*in the override-expression 'x \/ divisor', with divisor = 0/);
});

test('an override index past an override-sized array', async () => {
  const error = await scoped(create({ index: 4 }));
  assert.equal(error?.code, 'PipelineCreationProgramError');
  assert.match(error.message,
    /index 4 is out of bounds for 'array<f32, <override>>' \(4 elements at the override values in use\) \(in the override-expression 'tile\[index\]', with index = 4\)/);
  const zero = await scoped(create({ n: 0 }));
  assert.match(zero?.message ?? '', /array element count must be greater than 0, got 0/);
});

test('createComputePipelineAsync rejects with a GPUPipelineError', async () => {
  await assert.rejects(
    device.createComputePipelineAsync({ layout: 'auto', compute: { module, constants: { divisor: 0 } } }),
    (e) => e.name === 'GPUPipelineError' && e.reason === 'validation' && /division by zero/.test(e.message));
  const ok = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, constants: { divisor: 2 } } });
  assert.ok(ok);
});
