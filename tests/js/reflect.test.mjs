// reflect(code): the JSON of `bindery reflect --json`, checked against the
// WGSL corpus's expected documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reflect } from 'bindery';
import { repoRoot } from './helpers.mjs';

const corpus = path.join(repoRoot, 'tests', 'wgsl', 'corpus');

// The stage-interface keys (docs/reflect-json.md), which the corpus
// expectations leave out, as withoutStageInterface() does in C++.
const entryPointInterfaceKeys = ['workgroupSizeExpressions', 'workgroupSizeOverrides',
  'workgroupStorageSize', 'stageInputs', 'stageOutputs', 'builtins', 'immediateSize', 'immediate',
  'textureSamplerPairs'];
function withoutStageInterface(doc) {
  const { unusedResources, enables, ...rest } = doc;
  assert.ok(Array.isArray(unusedResources) && Array.isArray(enables));
  rest.entryPoints = rest.entryPoints.map((ep) => {
    const copy = { ...ep };
    for (const k of entryPointInterfaceKeys) delete copy[k];
    return copy;
  });
  return rest;
}

test('reflect() matches the corpus\'s expected JSON for every shader', () => {
  const shaders = readdirSync(corpus).filter((f) => f.endsWith('.wgsl'));
  assert.ok(shaders.length > 0);
  for (const file of shaders) {
    const expected = JSON.parse(readFileSync(path.join(corpus, file.replace(/\.wgsl$/, '.expected.json')), 'utf8'));
    const doc = reflect(readFileSync(path.join(corpus, file), 'utf8'));
    for (const ep of doc.entryPoints) {
      assert.ok(Array.isArray(ep.stageInputs) && Array.isArray(ep.textureSamplerPairs), file);
    }
    assert.deepEqual(withoutStageInterface(doc), expected, file);
  }
});

test('reflect() with an entry point, and with invalid WGSL', () => {
  const code = '@group(0) @binding(1) var<uniform> u: vec4f;\n' +
    '@compute @workgroup_size(1) fn a() { _ = u; }\n@compute @workgroup_size(1) fn b() {}\n';
  assert.deepEqual(reflect(code, 'b').entryPoints.map((e) => e.name), ['b']);
  const a = reflect(code).entryPoints.find((e) => e.name === 'a');
  assert.equal(a.groups[0].entries[0].buffer.minBindingSize, 16);
  const broken = reflect('fn (');
  assert.ok(broken.diagnostics.length > 0);
  assert.throws(() => reflect(), /code must be a string/);
});

test('reflect() gives the stage interface: IO with interpolation, builtins, pairs, enables', () => {
  const code = `enable f16;
struct VOut { @builtin(position) pos : vec4f, @location(0) @interpolate(linear, centroid) uv : vec2f }
@vertex fn vs(@location(0) p : vec2f) -> VOut { return VOut(vec4f(p, 0.0, 1.0), p); }
@group(0) @binding(1) var tex : texture_2d<f32>;
@group(0) @binding(2) var samp : sampler;
@group(1) @binding(0) var<uniform> unused : vec4f;
@fragment fn fs(in : VOut) -> @builtin(frag_depth) f32 { return textureSample(tex, samp, in.uv).x; }
`;
  const doc = reflect(code);
  const vs = doc.entryPoints.find((e) => e.name === 'vs');
  const fs = doc.entryPoints.find((e) => e.name === 'fs');
  assert.deepEqual(vs.stageInputs, [{ location: 0, name: 'p', type: 'vec2<f32>', line: 3, column: 28 }]);
  assert.deepEqual(vs.stageOutputs, [{ location: 0, name: 'uv', type: 'vec2<f32>', struct: 'VOut',
    interpolation: { type: 'linear', sampling: 'centroid' }, line: 2, column: 91 }]);
  assert.deepEqual(vs.builtins.outputs.map((b) => b.builtin), ['position']);
  assert.deepEqual(fs.stageInputs[0].interpolation, { type: 'linear', sampling: 'centroid' });
  assert.deepEqual(fs.builtins.inputs.map((b) => b.builtin), ['position']);
  assert.deepEqual(fs.builtins.outputs.map((b) => [b.builtin, b.type]), [['frag_depth', 'f32']]);
  assert.deepEqual(fs.textureSamplerPairs, [{ texture: { group: 0, binding: 1 },
    sampler: { group: 0, binding: 2, type: 'filtering' } }]);
  assert.equal(fs.immediateSize, 0);
  assert.deepEqual(doc.enables, [{ name: 'f16', line: 1, column: 8 }]);
  assert.deepEqual(doc.unusedResources.map((r) => [r.group, r.binding, r.name]), [[1, 0, 'unused']]);
});

test('reflect() gives workgroup size expressions with their overrides, and var<immediate>', () => {
  const doc = reflect(`override tile : u32 = 4;
struct Push { scale : vec2f, tint : vec4f }
var<immediate> push : Push;
@compute @workgroup_size(tile, tile * 2) fn main() { _ = push.tint; }
`);
  const [main] = doc.entryPoints;
  assert.deepEqual(main.workgroupSize, [4, 8, 1]);
  assert.deepEqual(main.workgroupSizeExpressions, ['tile', 'tile * 2', null]);
  assert.deepEqual(main.workgroupSizeOverrides, ['tile']);
  assert.equal(main.immediateSize, 32);
  assert.deepEqual(main.immediate, { name: 'push', size: 32, slots: [0, 1, 4, 5, 6, 7], line: 3 });
});
