'use strict';
// The GPU provider module of the WebGPU conformance test suite's Node runner
// (gpuweb/cts src/common/runtime/cmdline.ts and server.ts): from a CTS
// checkout (after `npm ci`), with an absolute path (the runner require()s it
// from its own folder),
//
//   tools/run_node --gpu-provider /abs/bindery/bindings/node/cts.js \
//       --gpu-provider-flag backend=null 'webgpu:api,validation,*'
//
// The runner require()s this file, calls create(flags) once, lazily, the
// first time a test needs a GPU, with every --gpu-provider-flag value, and
// reads the WebGPU interfaces and flag namespaces (GPUBufferUsage,
// GPUValidationError, GPUAdapter, ...) from globalThis. Some spec files read
// them while they load, before any GPU exists, so they are defined here, at
// require time, not by create().
const bindery = require('./index.js');

// As a browser exposes them (WebIDL [Exposed] interface objects and
// namespaces): writable, configurable, not enumerable.
for (const [name, value] of Object.entries(bindery.globals)) {
  Object.defineProperty(globalThis, name, {
    value, writable: true, enumerable: false, configurable: true,
  });
}

module.exports = { create: bindery.create, globals: bindery.globals };
