// SPDX-License-Identifier: MIT OR Apache-2.0
// The CommonJS form: require('bindery') (index.d.ts).
import bindery = require('bindery');

Object.assign(globalThis, bindery.globals);
async function main(): Promise<void> {
  const adapter = await bindery.create(['strict=0']).requestAdapter();
  const device = await adapter!.requestDevice();
  device.createSampler({ label: 'linear', magFilter: 'linear' });
  const doc = bindery.reflect('@fragment fn fs() -> @location(0) vec4f { return vec4f(); }');
  console.log(doc.entryPoints[0]?.stageOutputs[0]?.location);
}
void main();
