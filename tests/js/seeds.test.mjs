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

test('there is a script for each seed article with C++ support so far', () => {
  assert.ok(scripts.length >= 4, scripts.join(', '));
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
