// bench/js/floors.mjs: what bounds the lines of compare.mjs that stay under
// their aim: the CPU time of the parts every lean call or object pays on this
// machine, measured alone (the same process CPU time, median of N runs):
//
//   node --expose-gc bench/js/floors.mjs [--reps N]
//
// - one Node-API call into the addon that does nothing (fast.leanCalls());
// - one object as the lean paths make it: Object.create(prototype), a
//   private-field stamp, a FinalizationRegistry cell, and its collection
//   with the registry's callback (run here, counted); the same made and
//   kept (as compare.mjs counts it: collections run between repetitions),
//   and without the registry cell;
// - a JavaScript function call that writes four words into a Uint32Array
//   (what a lean command does before its native call).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('bindery');
const { fast } = require('../../bindings/node/lib/slots.js');

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const reps = Number(option('--reps', '7'));

function cpuNs() {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
async function settle() {
  globalThis.gc?.();
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc?.();
  await new Promise((resolve) => setImmediate(resolve));
}

class Base {
  constructor(object) {
    return object;
  }
}
class Stamp extends Base {
  #stamp;
  constructor(object, stamp) {
    super(object);
    this.#stamp = stamp;
  }
}
let released = 0;
const registry = new FinalizationRegistry(() => { released++; });
const prototype = { method() {} };
const scratch = new Uint32Array(8);

const lines = [
  ['one empty Node-API call', 1000000, (n) => { for (let i = 0; i < n; ++i) fast.leanCalls(); }],
  ['one JS object with a stamp and a FinalizationRegistry cell, collected', 200000, async (n) => {
    let kept = [];
    for (let i = 0; i < n; ++i) {
      const object = Object.create(prototype);
      new Stamp(object, i); // eslint-disable-line no-new
      registry.register(object, i);
      kept.push(object);
      if (kept.length === 10000) kept = [];
    }
    kept = [];
    await settle(); // the collection and the callbacks, counted
  }],
  ['the same object made and kept (its collection not counted)', 100000, (n) => {
    const kept = [];
    for (let i = 0; i < n; ++i) {
      const object = Object.create(prototype);
      new Stamp(object, i); // eslint-disable-line no-new
      registry.register(object, i);
      kept.push(object);
    }
    return kept;
  }],
  ['the same object without the FinalizationRegistry cell, kept', 100000, (n) => {
    const kept = [];
    for (let i = 0; i < n; ++i) {
      const object = Object.create(prototype);
      new Stamp(object, i); // eslint-disable-line no-new
      kept.push(object);
    }
    return kept;
  }],
  ['a JS call writing four words to a Uint32Array', 1000000, (n) => {
    const write = (a, b, c, d) => { scratch[0] = a; scratch[1] = b; scratch[2] = c; scratch[3] = d; };
    for (let i = 0; i < n; ++i) write(i, 1, 2, 3);
  }],
];

for (const [name, count, run] of lines) {
  await run(count / 10);
  const times = [];
  for (let r = 0; r < reps; ++r) {
    await settle();
    const t0 = cpuNs();
    await run(count);
    times.push((cpuNs() - t0) / count);
  }
  console.log(`${name.padEnd(72)} ${median(times).toFixed(1)} ns`);
}
