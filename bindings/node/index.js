'use strict';
// bindery's WebGPU JavaScript API, loaded like the npm package `webgpu`:
//
//   const { create, globals } = require('bindery');
//   Object.assign(globalThis, globals);
//   const gpu = create(['backend=null', 'strict']);
//   const device = await (await gpu.requestAdapter()).requestDevice();
//
// create(flags) returns a GPU object; flags are strings 'name' or 'name=value':
//   backend=vulkan a Vulkan GPU (requestAdapter() resolves null without one)
//   backend=null   the validating null device (no GPU; data kept in host memory)
//   backend=auto   Vulkan when a usable GPU exists, else null (the default)
//   strict         also throw every validation error at the failing call, and
//                  make unknown descriptor keys a TypeError instead of a warning
//   verbose        print the adapter each requestAdapter() returns and the
//                  features and limits each requestDevice() asks for, to stderr
//                  (the CTS's Dawn runner passes verbose=1 with --verbose)
// globals holds every interface object and constant (GPUBufferUsage, ...).
const path = require('node:path');
const { native, packageDir } = require('./lib/native');
const constants = require('./lib/constants');
const errors = require('./lib/errors');
const gpu = require('./lib/gpu');

// The caller's "file:line:column": the first stack frame outside this package.
function callSite() {
  const savedPrepare = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  let frames = [];
  try {
    Error.stackTraceLimit = 30;
    Error.prepareStackTrace = (_, callSites) => callSites;
    frames = new Error().stack;
  } finally {
    Error.prepareStackTrace = savedPrepare;
    Error.stackTraceLimit = savedLimit;
  }
  const ownPrefix = packageDir + path.sep;
  for (const frame of frames) {
    let file = frame.getFileName();
    if (!file || file.startsWith('node:')) continue;
    if (file.startsWith('file://')) file = require('node:url').fileURLToPath(file);
    if (file.startsWith(ownPrefix)) continue;
    return `${file}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
  }
  return '';
}

function warn(message) {
  process.emitWarning(message, { type: 'BinderyWarning', code: 'BINDERY_UNKNOWN_KEY' });
}

native.setup({
  makeError: errors.makeError,
  warn,
  callSite,
  scheduleTick: (fn) => setImmediate(fn),
  GPUPipelineError: errors.GPUPipelineError,
});

const kFlags = {
  backend: { values: ['vulkan', 'null', 'auto'], help: 'backend=vulkan|null|auto' },
  strict: { values: ['true', 'false', '1', '0', ''], help: 'strict' },
  verbose: { values: ['true', 'false', '1', '0', ''], help: 'verbose' },
};
const isOn = (value) => value === '' || value === 'true' || value === '1';

function parseFlags(flags) {
  const options = { backend: 'auto', strict: false, verbose: false };
  if (flags === undefined || flags === null) return options;
  if (typeof flags === 'string' || typeof flags[Symbol.iterator] !== 'function') {
    throw new TypeError("bindery.create: flags must be an array of strings such as ['strict']");
  }
  const valid = Object.values(kFlags).map((f) => f.help).join(', ');
  for (const flag of flags) {
    const text = String(flag);
    const eq = text.indexOf('=');
    const name = eq < 0 ? text : text.slice(0, eq);
    const value = eq < 0 ? '' : text.slice(eq + 1);
    const spec = Object.hasOwn(kFlags, name) ? kFlags[name] : undefined;
    if (!spec) throw new Error(`bindery.create: unknown flag '${text}'; valid flags: ${valid}`);
    if (!spec.values.includes(value)) {
      const accepted = name === 'backend' ? ` (accepted backends: ${spec.values.join(', ')})` : '';
      throw new Error(`bindery.create: flag '${text}' has an unknown value; valid: ${spec.help}${accepted}`);
    }
    if (name === 'backend') options.backend = value;
    if (name === 'strict') options.strict = isOn(value);
    if (name === 'verbose') options.verbose = isOn(value);
  }
  return options;
}

function create(flags) {
  return new gpu.GPU(errors.kToken, parseFlags(flags));
}

// `bindery reflect --json`'s document for a WGSL source (an object), for
// every entry point or only `entryPoint`.
function reflect(code, entryPoint = undefined) {
  if (typeof code !== 'string') throw new TypeError('bindery.reflect: code must be a string of WGSL');
  return JSON.parse(native.reflect(code, entryPoint === undefined ? undefined : String(entryPoint)));
}

const globals = {
  ...constants,
  GPU: gpu.GPU,
  GPUAdapter: gpu.GPUAdapter,
  GPUAdapterInfo: gpu.GPUAdapterInfo,
  GPUDevice: gpu.GPUDevice,
  GPUQueue: gpu.GPUQueue,
  GPUSupportedFeatures: gpu.GPUSupportedFeatures,
  GPUSupportedLimits: gpu.GPUSupportedLimits,
  WGSLLanguageFeatures: gpu.WGSLLanguageFeatures,
  GPUError: errors.GPUError,
  GPUValidationError: errors.GPUValidationError,
  GPUOutOfMemoryError: errors.GPUOutOfMemoryError,
  GPUInternalError: errors.GPUInternalError,
  GPUPipelineError: errors.GPUPipelineError,
  GPUUncapturedErrorEvent: errors.GPUUncapturedErrorEvent,
  GPUDeviceLostInfo: errors.GPUDeviceLostInfo,
};
// The addon's classes, as the C++ API has them.
for (const name of ['GPUBuffer', 'GPUTexture', 'GPUTextureView', 'GPUSampler',
  'GPUBindGroupLayout', 'GPUBindGroup', 'GPUPipelineLayout', 'GPUExternalTexture',
  'GPUCommandEncoder', 'GPUCommandBuffer', 'GPUComputePassEncoder', 'GPURenderPassEncoder',
  'GPURenderBundleEncoder', 'GPURenderBundle', 'GPUQuerySet',
  'GPUShaderModule', 'GPUCompilationInfo', 'GPUCompilationMessage', 'GPUComputePipeline',
  'GPURenderPipeline']) {
  if (typeof native[name] !== 'function') continue;
  Object.defineProperty(native[name].prototype, Symbol.toStringTag, { value: name });
  globals[name] = native[name];
}

// bindery's stand-in for HTMLVideoElement / VideoFrame (importExternalTexture's
// source): new FrameSource(textureView), .advanceFrame([planes]), .close().
const { FrameSource } = native;

module.exports = { create, globals, reflect, FrameSource };
