// The scaffolding the seed scripts share: a device, and check(), which runs
// one step of an article inside an error scope and compares the outcome with
// what the article says (valid, or the error it names), printing one line per
// step and our diagnostic for errors. A step that does not match sets the
// exit code to 1.
import { create, globals, FrameSource } from 'bindery';

Object.assign(globalThis, globals);
export { FrameSource };

export async function seedDevice(descriptor) {
  // The articles are about validation: the validating null device.
  const adapter = await create(['backend=null']).requestAdapter();
  return adapter.requestDevice(descriptor);
}

export function title(text) {
  console.log(`\n${text}`);
}

function indent(text) {
  return text.split('\n').map((line) => `      ${line}`).join('\n');
}

// expected: 'valid' or an ErrorCode name ('BindGroupEntryCountMismatch').
export async function check(device, step, expected, fn) {
  device.pushErrorScope('validation');
  let value;
  let thrown;
  try {
    value = fn();
  } catch (e) {
    thrown = e;
  }
  const error = await device.popErrorScope();
  const got = thrown ? `${thrown.name} (thrown)` : error ? error.code : 'valid';
  const ok = got === expected;
  if (!ok) process.exitCode = 1;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${step}: ${got}${ok ? '' : ` (the article expects ${expected})`}`);
  if (error) console.log(indent(error.message));
  if (thrown) console.log(indent(String(thrown.message)));
  return value;
}

// A plain assertion about a value the article states.
export function fact(step, condition, detail = '') {
  if (!condition) process.exitCode = 1;
  console.log(`  ${condition ? 'ok  ' : 'FAIL'} ${step}${detail ? `: ${detail}` : ''}`);
}

// A step whose C++ support has not landed yet.
export function pending(step, what) {
  console.log(`  --   ${step}: not run yet (${what})`);
}
