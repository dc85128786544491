// bench/js/memory.mjs: bytes per kept object, bindery's addon against Dawn
// (the npm package `webgpu`, create(['backend=null'])), measured as process
// memory: a fresh process per provider and kind makes the setup, collects,
// reads its resident set size, makes N objects and keeps them in an Array,
// collects again and reads it again; (after - before) / N is printed, with
// the JavaScript heap's share.
//
//   node bench/js/memory.mjs [--count N] [--json FILE]
//
// BINDERY_BENCH_DAWN names Dawn's module as for compare.mjs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const count = Number(option('--count', '20000'));
const jsonOut = option('--json', '');
const dawnPath = process.env.BINDERY_BENCH_DAWN ||
  path.join(root, 'build', 'bench-js', 'node_modules', 'webgpu', 'index.js');

// Each kind: setup(device) -> make() (one object to keep).
const kinds = {
  'command buffer (one compute pass)': (device) => {
    const layout = device.createBindGroupLayout({
      entries: [{ binding: 0, visibility: 4, buffer: { minBindingSize: 16 } }],
    });
    const buffer = device.createBuffer({ size: 256 * 64, usage: 0x40 });
    const groups = [];
    for (let g = 0; g < 64; ++g) {
      groups.push(device.createBindGroup({
        layout, entries: [{ binding: 0, resource: { buffer, offset: g * 256, size: 16 } }],
      }));
    }
    const code = '@group(0) @binding(0) var<uniform> u : vec4f;\n' +
      '@compute @workgroup_size(1) fn main() { _ = u; }\n';
    const pipeline = device.createComputePipeline({
      layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
      compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
    });
    let i = 0;
    return () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, groups[i++ & 63]);
      pass.dispatchWorkgroups(1);
      pass.end();
      return encoder.finish();
    };
  },
  'bind group (1 buffer entry)': (device) => {
    const layout = device.createBindGroupLayout({
      entries: [{ binding: 0, visibility: 4, buffer: {} }],
    });
    const buffer = device.createBuffer({ size: 256 * 1024, usage: 0x40 });
    let i = 0;
    return () => device.createBindGroup({
      layout, entries: [{ binding: 0, resource: { buffer, offset: (i++ & 1023) * 256, size: 256 } }],
    });
  },
  'texture view (no descriptor)': (device) => {
    const texture = device.createTexture({ size: [64, 64], format: 'rgba8unorm', usage: 0x04 });
    return () => texture.createView();
  },
};

async function child(provider, kind) {
  let create;
  if (provider === 'bindery') {
    create = createRequire(import.meta.url)('bindery').create;
  } else {
    create = (await import(pathToFileURL(dawnPath).href)).create;
  }
  const device = await (await create(['backend=null']).requestAdapter()).requestDevice();
  const make = kinds[kind](device);
  const kept = [];
  for (let i = 0; i < 100; ++i) kept.push(make());  // warm-up (code, pools)
  kept.length = 0;
  const settle = async () => {
    for (let k = 0; k < 4; ++k) {
      globalThis.gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await settle();
  const before = process.memoryUsage();
  for (let i = 0; i < count; ++i) kept.push(make());
  await settle();
  const after = process.memoryUsage();
  console.log(JSON.stringify({
    rss: (after.rss - before.rss) / count,
    heap: (after.heapUsed - before.heapUsed) / count,
    kept: kept.length,
  }));
  process.exit(0);
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4]);
} else {
  const providers = ['bindery', ...(fs.existsSync(dawnPath) ? ['dawn'] : [])];
  const results = {};
  const rows = [];
  for (const kind of Object.keys(kinds)) {
    const row = [kind];
    for (const provider of providers) {
      const r = spawnSync(process.execPath,
        ['--expose-gc', fileURLToPath(import.meta.url), '--child', provider, kind, '--count', String(count)],
        { cwd: root, encoding: 'utf8', env: process.env, maxBuffer: 1 << 24, timeout: 120000 });
      const last = (r.stdout || '').trim().split('\n').pop();
      let out;
      try {
        out = JSON.parse(last);
      } catch {
        // (Dawn's module can abort while its process exits.)
        const why = (r.stderr || '').trim().split('\n').pop() || `status ${r.status}`;
        (results[provider] ??= {})[kind] = { error: why };
        row.push(`n/a (${why.slice(0, 40)})`);
        continue;
      }
      (results[provider] ??= {})[kind] = out;
      row.push(`${Math.round(out.rss)} B (JS heap ${Math.round(out.heap)} B)`);
    }
    rows.push(row);
  }
  const header = ['bytes per kept object', ...providers];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (jsonOut) {
    fs.mkdirSync(path.dirname(jsonOut), { recursive: true });
    fs.writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), count, results }, null, 2));
  }
}
