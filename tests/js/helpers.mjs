// Shared scaffolding of the JavaScript suites: a device (normal or strict),
// and a way to run a script in a child process and read what it printed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { create, globals } from 'bindery';

Object.assign(globalThis, globals);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// The backend the suites run on: the null device unless BINDERY_TEST_BACKEND
// says otherwise ('vulkan' runs them on a GPU; suites that read the null
// device's internals ask for backend=null themselves).
export const testBackend = process.env.BINDERY_TEST_BACKEND ?? 'null';

export async function makeDevice({ strict = false, descriptor } = {}) {
  const gpu = create([`backend=${testBackend}`, ...(strict ? ['strict'] : [])]);
  const adapter = await gpu.requestAdapter();
  return adapter.requestDevice(descriptor);
}

// Resolves with the next 'uncapturederror' event of `device`, canceled so it
// prints nothing.
export function nextUncapturedError(device) {
  return new Promise((resolve) => {
    device.addEventListener('uncapturederror', (event) => {
      event.preventDefault();
      resolve(event);
    }, { once: true });
  });
}

// Runs `source` (CommonJS) with node from the repo root; returns { status, stdout, stderr }.
export function runScript(source, { timeout = 20000 } = {}) {
  const result = spawnSync(process.execPath, ['-e', source], {
    cwd: repoRoot, encoding: 'utf8', timeout,
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}
