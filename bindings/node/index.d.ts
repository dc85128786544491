// SPDX-License-Identifier: MIT OR Apache-2.0
// TypeScript types of the bindery package: the WebGPU API as @webgpu/types
// declares it (GPUDevice, GPUBufferUsage, ...: global types, as in a browser),
// plus bindery's own surface (README.md of this package): create() and its
// flags, globals, reflect() and its document (docs/reflect-json.md),
// FrameSource, the `code` of every error, strict mode, BinderyWarning.
// This file types `require('bindery')`; index.d.mts types `import`, which also
// has a default export.
/// <reference types="@webgpu/types" />

/** The backend `create()` asks for: `null` is the validating null device (no
 *  GPU, data kept in host memory), `vulkan` a Vulkan device (when bindery was
 *  built with it and one is usable), `auto` Vulkan when usable, else null. */
export type Backend = 'null' | 'vulkan' | 'auto';
type OnOff = '' | 'true' | 'false' | '1' | '0';
/** A flag of `create(flags)`: `'name'` or `'name=value'`.
 *  - `backend=null|vulkan|auto`: the backend (docs/GUIDE.md, "Choosing a backend").
 *  - `strict`: also throw every validation error at the failing call (a
 *    GPUValidationError with `code`), and make unknown descriptor keys a
 *    TypeError instead of a BinderyWarning.
 *  - `verbose`: print the adapter each requestAdapter() returns and the features
 *    and limits each requestDevice() got, to stderr. */
export type CreateFlag =
  | `backend=${Backend}`
  | 'strict'
  | `strict=${Exclude<OnOff, ''>}`
  | 'verbose'
  | `verbose=${Exclude<OnOff, ''>}`;

/** A GPU object (navigator.gpu's counterpart). Throws an Error that lists the
 *  valid flags for an unknown flag or value. */
export function create(flags?: Iterable<CreateFlag>): GPU;

/** Every interface object and flag namespace, for `Object.assign(globalThis, globals)`. */
export interface Globals {
  GPUBufferUsage: typeof GPUBufferUsage;
  GPUTextureUsage: typeof GPUTextureUsage;
  GPUShaderStage: typeof GPUShaderStage;
  GPUMapMode: typeof GPUMapMode;
  GPUColorWrite: typeof GPUColorWrite;
  GPU: typeof GPU;
  GPUAdapter: typeof GPUAdapter;
  GPUAdapterInfo: typeof GPUAdapterInfo;
  GPUDevice: typeof GPUDevice;
  GPUQueue: typeof GPUQueue;
  GPUSupportedFeatures: { readonly prototype: GPUSupportedFeatures };
  GPUSupportedLimits: typeof GPUSupportedLimits;
  WGSLLanguageFeatures: { readonly prototype: WGSLLanguageFeatures };
  GPUError: typeof GPUError;
  GPUValidationError: typeof GPUValidationError;
  GPUOutOfMemoryError: typeof GPUOutOfMemoryError;
  GPUInternalError: typeof GPUInternalError;
  GPUPipelineError: typeof GPUPipelineError;
  GPUUncapturedErrorEvent: typeof GPUUncapturedErrorEvent;
  GPUDeviceLostInfo: typeof GPUDeviceLostInfo;
  GPUBuffer: typeof GPUBuffer;
  GPUTexture: typeof GPUTexture;
  GPUTextureView: typeof GPUTextureView;
  GPUSampler: typeof GPUSampler;
  GPUBindGroupLayout: typeof GPUBindGroupLayout;
  GPUBindGroup: typeof GPUBindGroup;
  GPUPipelineLayout: typeof GPUPipelineLayout;
  GPUExternalTexture: typeof GPUExternalTexture;
  GPUCommandEncoder: typeof GPUCommandEncoder;
  GPUCommandBuffer: typeof GPUCommandBuffer;
  GPUComputePassEncoder: typeof GPUComputePassEncoder;
  GPURenderPassEncoder: typeof GPURenderPassEncoder;
  GPURenderBundleEncoder: typeof GPURenderBundleEncoder;
  GPURenderBundle: typeof GPURenderBundle;
  GPUQuerySet: typeof GPUQuerySet;
  GPUShaderModule: typeof GPUShaderModule;
  GPUCompilationInfo: typeof GPUCompilationInfo;
  GPUCompilationMessage: typeof GPUCompilationMessage;
  GPUComputePipeline: typeof GPUComputePipeline;
  GPURenderPipeline: typeof GPURenderPipeline;
}
export const globals: Globals;

/** bindery's stand-in for HTMLVideoElement / VideoFrame: the `source` of
 *  `device.importExternalTexture({ source })`. Its current frame is one view
 *  (RGBA) or several (planes); advanceFrame() moves to the next frame, which
 *  expires the GPUExternalTextures imported from the previous one. */
export class FrameSource {
  constructor(planes?: GPUTextureView | Iterable<GPUTextureView>);
  advanceFrame(planes?: GPUTextureView | Iterable<GPUTextureView>): void;
  close(): void;
  readonly frameIndex: number;
  readonly closed: boolean;
  label: string;
  /** VideoFrame.visibleRect: the part of plane 0 that is shown (null: all of
   *  it); importExternalTexture snapshots it (crop of textureDimensions,
   *  textureLoad, textureSampleBaseClampToEdge). */
  visibleRect: { x: number; y: number; width: number; height: number } | null;
  /** VideoFrame.colorSpace: the colour space of the frame's RGB; an
   *  external texture imported in another colorSpace is converted. */
  colorSpace: 'srgb' | 'display-p3';
}

/** `bindery reflect --json`'s document for WGSL `code` (docs/reflect-json.md);
 *  throws a TypeError when `code` is not a string. A module with errors gives
 *  a document whose `diagnostics` say why. Keys are only ever added. */
export function reflect(code: string, entryPoint?: string): Reflection;

export interface Reflection {
  entryPoints: ReflectedEntryPoint[];
  structs: ReflectedStruct[];
  diagnostics: ReflectedDiagnostic[];
  /** Resources declared but used by no entry point. */
  unusedResources: Array<{ group: number; binding: number; name: string; type: string; line: number; column: number }>;
  /** `enable` directives, also for a module with errors. */
  enables: Array<{ name: string; line: number; column: number }>;
}
export interface ReflectedEntryPoint {
  name: string;
  stage: 'vertex' | 'fragment' | 'compute';
  /** Compute only, evaluated with the overrides at their defaults. */
  workgroupSize?: [number, number, number];
  /** WebGPU's #default-pipeline-layout for this entry point alone. */
  groups: Array<{ group: number; entries: ReflectedLayoutEntry[] }>;
  stageInputs: ReflectedLocation[];
  stageOutputs: ReflectedLocation[];
  builtins: { inputs: ReflectedBuiltin[]; outputs: ReflectedBuiltin[] };
  /** Bytes of var<immediate> used: GPUPipelineLayoutDescriptor.immediateSize. */
  immediateSize: number;
  immediate?: { name: string; size: number; slots: number[]; line: number };
  textureSamplerPairs: Array<{
    texture: { group: number; binding: number };
    sampler: { group: number; binding: number; type: 'filtering' | 'comparison' };
  }>;
  /** Compute only: @workgroup_size as written, null for an absent y/z. */
  workgroupSizeExpressions?: Array<string | null>;
  workgroupSizeOverrides?: string[];
  workgroupStorageSize?: number;
}
/** A GPUBindGroupLayoutEntry (paste it into createBindGroupLayout, with the
 *  visibility names mapped to GPUShaderStage bits) plus the WGSL `name` and
 *  `type`. */
export interface ReflectedLayoutEntry {
  binding: number;
  visibility: Array<'VERTEX' | 'FRAGMENT' | 'COMPUTE'>;
  buffer?: { type: GPUBufferBindingType; hasDynamicOffset: boolean; minBindingSize: number };
  sampler?: { type: GPUSamplerBindingType };
  texture?: { sampleType: GPUTextureSampleType; viewDimension: GPUTextureViewDimension; multisampled: boolean };
  storageTexture?: { access: GPUStorageTextureAccess; format: GPUTextureFormat; viewDimension: GPUTextureViewDimension };
  externalTexture?: Record<string, never>;
  name: string;
  type: string;
}
export interface ReflectedLocation {
  location: number;
  name: string;
  type: string;
  interpolation?: {
    type: 'perspective' | 'linear' | 'flat';
    sampling: 'center' | 'centroid' | 'sample' | 'first' | 'either';
  };
  blendSrc?: number;
  struct?: string;
  line: number;
  column: number;
}
export interface ReflectedBuiltin {
  builtin: string;
  name: string;
  type: string;
  arraySize?: number;
  struct?: string;
  line: number;
  column: number;
}
export interface ReflectedStruct {
  name: string;
  size: number;
  align: number;
  members: Array<{ name: string; type: string; offset: number; size: number; align: number }>;
}
export interface ReflectedDiagnostic {
  severity: string;
  /** 1-based; `column` counts UTF-8 bytes from the start of the line. */
  line: number;
  column: number;
  message: string;
  notes?: Array<{ line: number; column: number; message: string }>;
}

/** What `process.on('warning', w => ...)` receives for an unknown descriptor
 *  key (`sampletype`): one per call site, naming the closest valid key. With
 *  the `strict` flag the key is a TypeError instead. */
export interface BinderyWarning extends Error {
  name: 'BinderyWarning';
  code: 'BINDERY_UNKNOWN_KEY';
}

/** A rejected create*PipelineAsync's GPUPipelineError as bindery makes it: a
 *  DOMException whose `code` is bindery's ErrorCode name (a string, where
 *  DOMException declares a number), so it is typed here rather than merged
 *  into GPUPipelineError: `(e as BinderyPipelineError).code`. */
export type BinderyPipelineError = Omit<GPUPipelineError, 'code'> & { readonly code: string };

/** importExternalTexture's descriptor with a FrameSource (bindery). */
export interface BinderyExternalTextureDescriptor extends GPUObjectDescriptorBase {
  source: FrameSource;
  colorSpace?: 'srgb' | 'display-p3';
}

/** copyExternalImageToTexture's sources in bindery: an ImageData-like object
 *  (RGBA8 rows, not premultiplied) or a FrameSource. */
export interface BinderyImageDataLike {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
  colorSpace?: 'srgb' | 'display-p3';
}
export interface BinderyCopyExternalImageSourceInfo {
  source: BinderyImageDataLike | FrameSource;
  origin?: GPUOrigin2D;
  flipY?: boolean;
}

declare global {
  interface GPUError {
    /** bindery: the stable bindery::ErrorCode name of the cause
     *  ('BufferMapUsageCombination'), which tests and tools match on. */
    readonly code: string;
  }
  interface GPUDevice {
    /** bindery: a FrameSource stands in for HTMLVideoElement / VideoFrame. */
    importExternalTexture(descriptor: BinderyExternalTextureDescriptor): GPUExternalTexture;
  }
  interface GPUQueue {
    /** bindery: the sources are an ImageData-like object or a FrameSource. */
    copyExternalImageToTexture(
      source: BinderyCopyExternalImageSourceInfo,
      destination: GPUCopyExternalImageDestInfo,
      copySize: GPUExtent3DStrict,
    ): undefined;
  }
}
