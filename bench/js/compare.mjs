// bench/js/compare.mjs: the same WebGPU JavaScript calls against bindery's
// addon and against Dawn (the npm package `webgpu`, create(['backend=null'])),
// in one run, with each line's ratio. Both providers go through the same
// code (bench/js/cases.mjs, one copy per provider): `create` from each
// module, then only WebGPU API calls.
//
//   node --expose-gc bench/js/compare.mjs [--reps N] [--only REGEX] [--json FILE]
//
// BINDERY_BENCH_DAWN names Dawn's module (default: build/bench-js/
// node_modules/webgpu/index.js, which scripts/bench installs); without it the
// table has bindery's column only. Each line: one warm-up, then N timed
// repetitions (default 7), the providers alternating (bindery first in even
// repetitions, Dawn first in odd ones), with a collection and a turn of the
// event loop (finalizers) between any two, so no repetition pays for the
// garbage of another; the median of the per-call (or per-pair, per-pass)
// process CPU times is printed (CPU time, not wall time: on a shared, loaded
// machine wall time mostly measures waiting; the JSON has both). Every
// repetition runs inside a validation error scope, so a line that measured
// an error path says so instead of printing a number. A line whose API a
// provider does not have prints "n/a (not exposed yet)".
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const reps = Number(option('--reps', '7'));
const only = option('--only', '') ? new RegExp(option('--only', '')) : null;
const jsonOut = option('--json', '');

async function loadProviders() {
  const providers = [];
  const bindery = require('bindery');
  providers.push({ name: 'bindery', create: bindery.create, globals: bindery.globals });
  const dawnPath =
    process.env.BINDERY_BENCH_DAWN ||
    path.join(root, 'build', 'bench-js', 'node_modules', 'webgpu', 'index.js');
  if (fs.existsSync(dawnPath)) {
    const dawn = await import(pathToFileURL(dawnPath).href);
    providers.push({ name: 'dawn', create: dawn.create, globals: dawn.globals });
  } else {
    console.log(`(no Dawn module at ${dawnPath}: bindery only)`);
  }
  return providers;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// One line for every provider, their repetitions alternating: `k` indexes
// the line in each provider's copy of bench/js/cases.mjs. Returns
// { [provider]: result }.
async function measureLine(runs, k) {
  const states = runs.map(({ device, copy }) => {
    try {
      return { setup: copy.cases[k].setup(device), times: [], wall: [] };
    } catch (e) {
      if (e instanceof copy.Missing) return { result: { missing: e.message } };
      throw e;
    }
  });
  for (let r = 0; r <= reps; ++r) {
    const order = r % 2 === 0 ? runs.map((_, i) => i) : runs.map((_, i) => runs.length - 1 - i);
    for (const i of order) {
      const state = states[i];
      if (state.result) continue;
      const { device } = runs[i];
      const { setup } = state;
      if (setup.prepare) setup.prepare(setup.count);
      await collect();
      device.pushErrorScope('validation');
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      setup.run(setup.count);
      const t1 = process.hrtime.bigint();
      const cpu = process.cpuUsage(c0);
      const error = await device.popErrorScope();
      if (setup.release) setup.release();
      if (error) {
        state.result = { error: error.message.split('\n')[0] };
      } else if (r > 0) {  // r == 0: warm-up
        state.times.push(((cpu.user + cpu.system) * 1000) / setup.count);
        state.wall.push(Number(t1 - t0) / setup.count);
      }
    }
  }
  await collect();
  const out = {};
  runs.forEach(({ provider }, i) => {
    const { result, times, wall } = states[i];
    out[provider.name] = result || { ns: median(times), wallNs: median(wall), samples: times };
  });
  return out;
}

// Collects what was made before and lets its finalizers (Node-API
// finalizers, FinalizationRegistry callbacks) run, so one repetition's
// garbage is not collected during another's measurement. Needs --expose-gc
// (scripts/bench passes it); without it, only turns of the event loop.
async function collect() {
  for (let k = 0; k < 2; ++k) {
    if (typeof globalThis.gc === 'function') globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function formatNs(ns) {
  if (ns >= 1000) return `${(ns / 1000).toFixed(2)} µs`;
  return `${ns.toFixed(1)} ns`;
}

const providers = await loadProviders();
const runs = [];
for (const provider of providers) {
  const gpu = provider.create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  // Each provider's own copy of the lines' code (bench/js/cases.mjs says why).
  const copy = await import(`./cases.mjs?provider=${provider.name}`);
  runs.push({ provider, gpu, copy, device: await adapter.requestDevice() });
}
const { cases } = runs[0].copy;
const results = Object.fromEntries(providers.map((p) => [p.name, {}]));
for (const [k, c] of cases.entries()) {
  if (only && !only.test(c.name)) continue;
  const line = await measureLine(runs, k);
  for (const p of providers) results[p.name][c.name] = line[p.name];
}
for (const { device } of runs) device.destroy();

const describeResult = (r) => {
  if (!r) return '';
  if (r.missing) return 'n/a (not exposed yet)';
  if (r.error) return 'error';
  return formatNs(r.ns);
};
const header = ['line', ...providers.map((p) => p.name), ...(providers.length > 1 ? ['dawn/bindery'] : [])];
const rows = [];
for (const c of cases) {
  if (only && !only.test(c.name)) continue;
  const row = [`${c.name}${c.unit ? ` [per ${c.unit}]` : ''}`];
  for (const p of providers) row.push(describeResult(results[p.name][c.name]));
  if (providers.length > 1) {
    const a = results.bindery[c.name];
    const b = results.dawn[c.name];
    row.push(a?.ns && b?.ns ? `${(b.ns / a.ns).toFixed(1)}×` : 'n/a');
  }
  rows.push(row);
}
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
for (const p of providers) {
  for (const [name, r] of Object.entries(results[p.name])) {
    if (r.error) console.log(`${p.name}: '${name}' made a validation error: ${r.error}`);
  }
}
if (jsonOut) {
  fs.mkdirSync(path.dirname(jsonOut), { recursive: true });
  fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), reps, results }, null, 2));
}
process.exit(0);
