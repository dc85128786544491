'use strict';
// The flag namespaces of webgpu.bs (GPUBufferUsage, ...), with the spec's values.

function namespace(name, values) {
  const object = {};
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(object, key, { value, enumerable: true });
  }
  Object.defineProperty(object, Symbol.toStringTag, { value: name });
  return Object.freeze(object);
}

const GPUBufferUsage = namespace('GPUBufferUsage', {
  MAP_READ: 0x0001,
  MAP_WRITE: 0x0002,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  INDEX: 0x0010,
  VERTEX: 0x0020,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  INDIRECT: 0x0100,
  QUERY_RESOLVE: 0x0200,
});

const GPUTextureUsage = namespace('GPUTextureUsage', {
  COPY_SRC: 0x01,
  COPY_DST: 0x02,
  TEXTURE_BINDING: 0x04,
  STORAGE_BINDING: 0x08,
  RENDER_ATTACHMENT: 0x10,
  TRANSIENT_ATTACHMENT: 0x20,
});

const GPUShaderStage = namespace('GPUShaderStage', { VERTEX: 0x1, FRAGMENT: 0x2, COMPUTE: 0x4 });

const GPUMapMode = namespace('GPUMapMode', { READ: 0x0001, WRITE: 0x0002 });

const GPUColorWrite = namespace('GPUColorWrite', {
  RED: 0x1,
  GREEN: 0x2,
  BLUE: 0x4,
  ALPHA: 0x8,
  ALL: 0xf,
});

module.exports = { GPUBufferUsage, GPUTextureUsage, GPUShaderStage, GPUMapMode, GPUColorWrite };
