// bench/js/cases.mjs: the lines of bench/js/compare.mjs. compare.mjs imports
// this module once per provider (a query string makes each import a module
// instance of its own), so each provider runs its own copy of every line's
// code, as an application runs one WebGPU implementation at a call site.
// With one copy, V8's inline caches and optimized code at each call site
// (device.createCommandEncoder(), pass.setBindGroup(...)) see both
// providers' objects, turn polymorphic and deoptimize, and the lines measure
// that instead of the calls (the one-pass line: bindery 2.2-2.6 µs per pass
// with one copy, 1.6 µs with one per provider, 1.0-1.1 µs with no Dawn in
// the process; 2026-12-05).
import { particles, smallCompute as computeShader } from './shaders.mjs';
const kShaderStageCompute = 4;
const kBufferUniform = 0x40;
const kBufferStorage = 0x80;
const kTextureBinding = 0x04;

// A line that needs API the provider lacks: thrown by `need`.
export class Missing extends Error {}
function need(object, ...names) {
  for (const name of names) {
    if (typeof object?.[name] !== 'function') throw new Missing(name);
  }
}

// Each case: setup(device) -> { count, run() } (run does `count` calls).
export const cases = [
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
