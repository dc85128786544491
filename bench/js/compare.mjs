// bench/js/compare.mjs: the same WebGPU JavaScript calls against bindery's
// addon and against Dawn (the npm package `webgpu`, create(['backend=null'])),
// in one run, with each line's ratio. Both providers go through the same
// code below: `create` from each module, then only WebGPU API calls.
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
import { particles, smallCompute as computeShader } from './shaders.mjs';

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

const kShaderStageCompute = 4;
const kBufferUniform = 0x40;
const kBufferStorage = 0x80;
const kTextureBinding = 0x04;

// A line that needs API the provider lacks: thrown by `need`.
class Missing extends Error {}
function need(object, ...names) {
  for (const name of names) {
    if (typeof object?.[name] !== 'function') throw new Missing(name);
  }
}

// Each case: setup(device) -> { count, run() } (run does `count` calls).
const cases = [
  {
    name: 'createBindGroupLayout (1 entry)',
    setup(device) {
      const descriptor = {
        entries: [{ binding: 0, visibility: kShaderStageCompute, buffer: {} }],
      };
      return { count: 10000, run: (n) => { for (let i = 0; i < n; ++i) device.createBindGroupLayout(descriptor); } };
    },
  },
  {
    name: 'createBindGroupLayout (8 entries)',
    setup(device) {
      const entries = [];
      for (let b = 0; b < 8; ++b) {
        entries.push(b % 2 === 0
          ? { binding: b, visibility: kShaderStageCompute, buffer: { type: 'uniform' } }
          : { binding: b, visibility: kShaderStageCompute, buffer: { type: 'read-only-storage' } });
      }
      const descriptor = { entries };
      return { count: 10000, run: (n) => { for (let i = 0; i < n; ++i) device.createBindGroupLayout(descriptor); } };
    },
  },
  {
    name: 'createBuffer (uniform, 256 B)',
    setup(device) {
      const descriptor = { size: 256, usage: kBufferUniform };
      return { count: 10000, run: (n) => { for (let i = 0; i < n; ++i) device.createBuffer(descriptor); } };
    },
  },
  {
    name: 'createBindGroup (1 entry, sub-ranges)',
    setup(device) {
      const layout = device.createBindGroupLayout({
        entries: [{ binding: 0, visibility: kShaderStageCompute, buffer: {} }],
      });
      const buffer = device.createBuffer({ size: 256 * 1024, usage: kBufferUniform });
      return {
        count: 10000,
        run: (n) => {
          for (let i = 0; i < n; ++i) {
            device.createBindGroup({
              layout,
              entries: [{ binding: 0, resource: { buffer, offset: (i & 1023) * 256, size: 256 } }],
            });
          }
        },
      };
    },
  },
  {
    name: 'createBindGroup (4 entries, sub-ranges)',
    setup(device) {
      const entries = [];
      for (let b = 0; b < 4; ++b) entries.push({ binding: b, visibility: kShaderStageCompute, buffer: {} });
      const layout = device.createBindGroupLayout({ entries });
      const buffer = device.createBuffer({ size: 256 * 1024, usage: kBufferUniform });
      return {
        count: 10000,
        run: (n) => {
          for (let i = 0; i < n; ++i) {
            const base = (i & 255) * 1024;
            device.createBindGroup({
              layout,
              entries: [
                { binding: 0, resource: { buffer, offset: base, size: 256 } },
                { binding: 1, resource: { buffer, offset: base + 256, size: 256 } },
                { binding: 2, resource: { buffer, offset: base + 512, size: 256 } },
                { binding: 3, resource: { buffer, offset: base + 768, size: 256 } },
              ],
            });
          }
        },
      };
    },
  },
  {
    name: 'createView (one mip level of 8)',
    setup(device) {
      const texture = device.createTexture({
        size: [256, 256], mipLevelCount: 8, format: 'rgba8unorm', usage: kTextureBinding,
      });
      need(texture, 'createView');
      return {
        count: 10000,
        run: (n) => {
          for (let i = 0; i < n; ++i) texture.createView({ baseMipLevel: i & 7, mipLevelCount: 1 });
        },
      };
    },
  },
  {
    name: 'createView (no descriptor)',
    setup(device) {
      const texture = device.createTexture({
        size: [256, 256], format: 'rgba8unorm', usage: kTextureBinding,
      });
      need(texture, 'createView');
      return { count: 10000, run: (n) => { for (let i = 0; i < n; ++i) texture.createView(); } };
    },
  },
  {
    name: 'createBindGroup (1 entry, whole buffer)',
    setup(device) {
      const layout = device.createBindGroupLayout({
        entries: [{ binding: 0, visibility: kShaderStageCompute, buffer: {} }],
      });
      const buffer = device.createBuffer({ size: 256, usage: kBufferUniform });
      const descriptor = { layout, entries: [{ binding: 0, resource: { buffer } }] };
      return { count: 10000, run: (n) => { for (let i = 0; i < n; ++i) device.createBindGroup(descriptor); } };
    },
  },
  {
    name: 'createBindGroup (1 entry, 10,000 sub-ranges)',
    setup(device) {
      const layout = device.createBindGroupLayout({
        entries: [{ binding: 0, visibility: kShaderStageCompute, buffer: {} }],
      });
      const buffer = device.createBuffer({ size: 256 * 10000, usage: kBufferUniform });
      return {
        count: 10000,
        run: (n) => {
          for (let i = 0; i < n; ++i) {
            device.createBindGroup({
              layout,
              entries: [{ binding: 0, resource: { buffer, offset: i * 256, size: 256 } }],
            });
          }
        },
      };
    },
  },
  ...[false, true].map((dynamic) => ({
    name: `setBindGroup + dispatchWorkgroups (${dynamic ? 'dynamic offset' : 'static'})`,
    unit: 'pair',
    setup(device) {
      const { pipeline, groups } = passObjects(device, dynamic);
      const offsets = [[0], [256], [512], [768]];
      return {
        count: 100000,
        run: (n) => {
          const encoder = device.createCommandEncoder();
          const pass = encoder.beginComputePass();
          pass.setPipeline(pipeline);
          if (dynamic) {
            for (let i = 0; i < n; ++i) {
              pass.setBindGroup(0, groups[i % 64], offsets[i & 3]);
              pass.dispatchWorkgroups(1);
            }
          } else {
            for (let i = 0; i < n; ++i) {
              pass.setBindGroup(0, groups[i % 64]);
              pass.dispatchWorkgroups(1);
            }
          }
          pass.end();
          encoder.finish();
        },
      };
    },
  })),
  // The parts of the pair above, each alone.
  {
    name: 'setBindGroup alone (group changes each call)',
    setup(device) {
      const { pipeline, groups } = passObjects(device, false);
      return {
        count: 100000,
        run: (n) => {
          const encoder = device.createCommandEncoder();
          const pass = encoder.beginComputePass();
          pass.setPipeline(pipeline);
          for (let i = 0; i < n; ++i) pass.setBindGroup(0, groups[i % 64]);
          pass.dispatchWorkgroups(1);
          pass.end();
          encoder.finish();
        },
      };
    },
  },
  {
    name: 'dispatchWorkgroups alone (group set once)',
    setup(device) {
      const { pipeline, groups } = passObjects(device, false);
      return {
        count: 100000,
        run: (n) => {
          const encoder = device.createCommandEncoder();
          const pass = encoder.beginComputePass();
          pass.setPipeline(pipeline);
          pass.setBindGroup(0, groups[0]);
          for (let i = 0; i < n; ++i) pass.dispatchWorkgroups(1);
          pass.end();
          encoder.finish();
        },
      };
    },
  },
  {
    name: 'one compute pass, command buffer kept',
    unit: 'pass',
    setup(device) {
      // createCommandEncoder + beginComputePass + setPipeline + setBindGroup +
      // dispatchWorkgroups(1) + end + finish; the command buffers stay
      // referenced until the repetition ends (as a frame's would until submit).
      const { pipeline, groups } = passObjects(device, false);
      const kept = [];
      return {
        count: 10000,
        prepare: () => { kept.length = 0; },
        run: (n) => {
          for (let i = 0; i < n; ++i) {
            const encoder = device.createCommandEncoder();
            const pass = encoder.beginComputePass();
            pass.setPipeline(pipeline);
            pass.setBindGroup(0, groups[i & 63]);
            pass.dispatchWorkgroups(1);
            pass.end();
            kept.push(encoder.finish());
          }
        },
        release: () => { kept.length = 0; },
      };
    },
  },
  {
    name: 'createShaderModule (same 124-line WGSL)',
    setup(device) {
      need(device, 'createShaderModule');
      const code = particles(0);
      return { count: 1000, run: (n) => { for (let i = 0; i < n; ++i) device.createShaderModule({ code }); } };
    },
  },
  {
    name: 'createShaderModule (unique 124-line WGSL)',
    setup(device) {
      need(device, 'createShaderModule');
      let serial = 1;
      return {
        count: 200,
        run: (n) => { for (let i = 0; i < n; ++i) device.createShaderModule({ code: particles(serial++) }); },
      };
    },
  },
  {
    name: 'createShaderModule (unique 3-line WGSL)',
    setup(device) {
      need(device, 'createShaderModule');
      let serial = 0;
      return {
        count: 1000,
        run: (n) => {
          for (let i = 0; i < n; ++i) device.createShaderModule({ code: computeShader(serial++) });
        },
      };
    },
  },
  {
    name: "createComputePipeline (layout: 'auto')",
    setup(device) {
      need(device, 'createShaderModule', 'createComputePipeline');
      // Unique modules made ahead (not timed), so no pipeline cache can answer.
      const modules = [];
      let next = 0;
      const refill = (n) => {
        modules.length = 0;
        for (let i = 0; i < n; ++i) {
          modules.push(device.createShaderModule({ code: computeShader(1000000 + next++) }));
        }
      };
      return {
        count: 500,
        prepare: refill,
        run: (n) => {
          for (let i = 0; i < n; ++i) {
            device.createComputePipeline({ layout: 'auto', compute: { module: modules[i], entryPoint: 'main' } });
          }
        },
      };
    },
  },
];

// A compute pipeline over one uniform buffer at @group(0) @binding(0), and
// 64 bind groups of it (64 sub-ranges of one buffer; with a dynamic offset,
// 64 groups of one range).
function passObjects(device, dynamic) {
  need(device, 'createShaderModule', 'createComputePipeline', 'createPipelineLayout',
    'createCommandEncoder');
  const layout = device.createBindGroupLayout({
    entries: [{
      binding: 0, visibility: kShaderStageCompute,
      buffer: { hasDynamicOffset: dynamic, minBindingSize: 16 },
    }],
  });
  const buffer = device.createBuffer({ size: 256 * 68, usage: kBufferUniform });
  const groups = [];
  for (let g = 0; g < 64; ++g) {
    groups.push(device.createBindGroup({
      layout,
      entries: [{ binding: 0, resource: { buffer, offset: dynamic ? 0 : g * 256, size: 16 } }],
    }));
  }
  const pipeline = device.createComputePipeline({
    layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
    compute: { module: device.createShaderModule({ code: computeShader(0) }), entryPoint: 'main' },
  });
  const probe = device.createCommandEncoder();
  need(probe, 'beginComputePass', 'finish');
  const probePass = probe.beginComputePass();
  need(probePass, 'setPipeline', 'setBindGroup', 'dispatchWorkgroups', 'end');
  probePass.end();
  probe.finish();
  return { pipeline, groups };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// One line for every provider, their repetitions alternating. Returns
// { [provider]: result }.
async function measureLine(runs, c) {
  const states = runs.map(({ device }) => {
    try {
      return { setup: c.setup(device), times: [], wall: [] };
    } catch (e) {
      if (e instanceof Missing) return { result: { missing: e.message } };
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
  runs.push({ provider, device: await adapter.requestDevice() });
}
const results = Object.fromEntries(providers.map((p) => [p.name, {}]));
for (const c of cases) {
  if (only && !only.test(c.name)) continue;
  const line = await measureLine(runs, c);
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
