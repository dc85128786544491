// The seed articles' examples (examples/seeds/NNN_*.mjs) run as written and
// give the outcome each article describes: every step prints "ok".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot } from './helpers.mjs';

const dir = path.join(repoRoot, 'examples', 'seeds');
const scripts = readdirSync(dir).filter((f) => /^\d{3}_.*\.mjs$/.test(f)).sort();

test('there is a script for each seed article', () => {
  assert.deepEqual(scripts.map((s) => s.slice(0, 3)), ['000', '001', '002', '003', '004']);
});

for (const script of scripts) {
  test(`seed ${script}`, () => {
    const r = spawnSync(process.execPath, [path.join(dir, script)], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.signal, null, `${script} did not exit by itself`);
    const failed = r.stdout.split('\n').filter((l) => l.includes(' FAIL '));
    assert.deepEqual(failed, [], r.stdout);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, / ok {3}/);
  });
}

// Seed 003's outcomes, step by step: a step that vanished from the script
// would not show as a FAIL, so the steps the article is about are named here.
test('seed 003: static use, the two views, the auto-layout explanations', () => {
  const r = spawnSync(process.execPath, [path.join(dir, '003_wgsl_bindings.mjs')], { encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const outcome = (step) => {
    const line = r.stdout.split('\n').find((l) => l.includes(step));
    assert.ok(line, `no step "${step}" in:\n${r.stdout}`);
    return line.trim();
  };
  for (const [step, expected] of [
    ["the declarations as written (the article never declares 'Instancia')", 'ShaderModuleCompilationFailed'],
    ["createComputePipeline({ layout: 'auto' }) for it", 'valid'],
    ["@group(4) with layout: 'auto' (maxBindGroups is 4)", 'PipelineLayoutTooManyBindGroups'],
    ['a var<private> with @group/@binding', 'ShaderModuleCompilationFailed'],
    ["texture_2d with viewDimension: 'cube'", 'PipelineBindingTextureViewDimension'],
    ["texture_2d<u32> with sampleType: 'float'", 'PipelineBindingTextureSampleType'],
    ['the two views of @group(0) @binding(0), each used by one entry point', 'valid'],
    ['both views used by one entry point: the module does not compile', 'ShaderModuleCompilationFailed'],
    ["vertex and fragment share @binding(0) with two types: 'auto' cannot merge them", 'PipelineAutoLayoutConflict'],
    ["ten declared, three used: the 'auto' group has bindings 0, 4, 7", 'valid'],
    ['used inside an `if (false)`: still a use, same group', 'valid'],
    ['the line commented out: the same group no longer fits the layout', 'BindGroupEntryCountMismatch'],
    ['keeps the use: the group fits again', 'valid'],
    ['one more uniform buffer for VERTEX: thirteen in that stage', 'PipelineLayoutBindingSlotLimits'],
  ]) {
    const line = outcome(step);
    assert.ok(line.startsWith('ok'), line);
    assert.ok(line.endsWith(`: ${expected}`), line);
  }
  assert.match(outcome("the message explains layout: 'auto'"), /^ok/);
  assert.match(outcome('and names the unused declaration'), /^ok/);
  // Our diagnostic is printed under an error step.
  assert.match(r.stdout, /Keep it with `_ = albedo;` in main/);
  assert.match(r.stdout, /statically uses both 'particulas' \(line 8\) and 'crudo' \(line 11\)/);
});
