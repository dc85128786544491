// The seed articles' JavaScript, as a short tour: runs every seed script in
// order (a line per step). Exit code 1 when a step's outcome differs from the
// article's. Run from anywhere: node examples/seeds/tour.mjs
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
let status = 0;
for (const file of readdirSync(here).filter((f) => /^\d{3}_.*\.mjs$/.test(f)).sort()) {
  const r = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) status = 1;
}
process.exit(status);
