// reflect(code): the JSON of `bindery reflect --json`, checked against the
// WGSL corpus's expected documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reflect } from 'bindery';
import { repoRoot } from './helpers.mjs';

const corpus = path.join(repoRoot, 'tests', 'wgsl', 'corpus');

test('reflect() matches the corpus\'s expected JSON for every shader', () => {
  const shaders = readdirSync(corpus).filter((f) => f.endsWith('.wgsl'));
  assert.ok(shaders.length > 0);
  for (const file of shaders) {
    const expected = JSON.parse(readFileSync(path.join(corpus, file.replace(/\.wgsl$/, '.expected.json')), 'utf8'));
    assert.deepEqual(reflect(readFileSync(path.join(corpus, file), 'utf8')), expected, file);
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
