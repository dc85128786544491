// GPUQueue.copyExternalImageToTexture (#dom-gpuqueue-copyexternalimagetotexture)
// through the addon: an ImageData-like {data, width, height, colorSpace?}
// copied (flipY, premultipliedAlpha) and read back; the WebIDL conversion's
// TypeErrors for other sources; OperationError / InvalidStateError on the
// content timeline; validation errors with their codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameSource } from 'bindery';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const DST = GPUTextureUsage.COPY_DST | GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;

// A 4x2 image: texel (x, y) = (x * 60, y * 100, 7, 255 - x * 50).
function imageData() {
  const data = new Uint8ClampedArray(4 * 2 * 4);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 4; x++) data.set([x * 60, y * 100, 7, 255 - x * 50], (y * 4 + x) * 4);
  }
  return { data, width: 4, height: 2 };
}

async function readTexture(texture) {
  const buffer = device.createBuffer({ size: 256 * 2, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  const encoder = device.createCommandEncoder();
  encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow: 256 }, [4, 2]);
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const mapped = new Uint8Array(buffer.getMappedRange());
  const out = new Uint8Array(32);
  out.set(mapped.subarray(0, 16), 0);
  out.set(mapped.subarray(256, 272), 16);
  buffer.unmap();
  return out;
}

async function validationError(call) {
  device.pushErrorScope('validation');
  call();
  return device.popErrorScope();
}

test('an ImageData-like source is copied, flipped with flipY', async () => {
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  const image = imageData();
  assert.equal(await validationError(() => device.queue.copyExternalImageToTexture({ source: image }, { texture }, [4, 2])), null);
  assert.deepEqual([...await readTexture(texture)], [...image.data]);
  device.queue.copyExternalImageToTexture({ source: image, flipY: true }, { texture }, { width: 4, height: 2 });
  const flipped = await readTexture(texture);
  assert.deepEqual([...flipped.subarray(0, 16)], [...image.data.subarray(16, 32)]);
  assert.deepEqual([...flipped.subarray(16, 32)], [...image.data.subarray(0, 16)]);
});

test('premultipliedAlpha multiplies colour by alpha; a Uint8Array with colorSpace works too', async () => {
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  const { data } = imageData();
  const source = { data: new Uint8Array(data.buffer), width: 4, height: 2, colorSpace: 'srgb' };
  device.queue.copyExternalImageToTexture({ source }, { texture, premultipliedAlpha: true }, [4, 2]);
  const got = await readTexture(texture);
  // Texel (3, 0): (180, 0, 7, 105) -> (180 * 105 / 255, 0, 7 * 105 / 255, 105).
  assert.deepEqual([...got.subarray(12, 16)], [74, 0, 3, 105]);
});

test('a FrameSource is copied from its plane', async () => {
  const frame = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
  const image = imageData();
  device.queue.writeTexture({ texture: frame }, image.data, { bytesPerRow: 16 }, [4, 2]);
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  assert.equal(await validationError(() => device.queue.copyExternalImageToTexture({ source: new FrameSource(frame.createView()) }, { texture }, [4, 2])), null);
  assert.deepEqual([...await readTexture(texture)], [...image.data]);
});

test('any other source is a TypeError from the WebIDL conversion', () => {
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  for (const source of [{}, 42, 'image', { data: new Float32Array(32), width: 4, height: 2 }, { data: [1, 2, 3, 4], width: 1, height: 1 }, texture]) {
    assert.throws(() => device.queue.copyExternalImageToTexture({ source }, { texture }, [1, 1]),
      (e) => e instanceof TypeError && /not a GPUCopyExternalImageSource/.test(e.message), String(source));
  }
  assert.throws(() => device.queue.copyExternalImageToTexture({}, { texture }, [1, 1]), TypeError);
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: imageData(), origin: [0, 0, 0] }, { texture }, [1, 1]),
    /GPUOrigin2D sequence has at most 2/);
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: imageData() }, { texture, colorSpace: 'rec2020' }, [1, 1]), TypeError);
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: imageData() }, { texture }), TypeError);
  // An ImageData whose data is not width x height x 4 bytes.
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: { data: new Uint8ClampedArray(12), width: 2, height: 2 } }, { texture }, [1, 1]),
    (e) => e instanceof TypeError && /needs width x height x 4 = 16 bytes/.test(e.message));
});

test('a copy past the source is an OperationError; a closed FrameSource an InvalidStateError', () => {
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: imageData(), origin: [1, 0] }, { texture }, [4, 2]),
    (e) => e.name === 'OperationError' && /outside the source ImageData \(4x2, 'srgb'\)/.test(e.message));
  const frame = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });
  const video = new FrameSource(frame.createView());
  video.close();
  assert.throws(() => device.queue.copyExternalImageToTexture({ source: video }, { texture }, [0, 0]),
    (e) => e.name === 'InvalidStateError' && /was closed/.test(e.message));
});

test('validation errors: destination usage and format, a source with no frame', async () => {
  const sampled = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: GPUTextureUsage.COPY_DST });
  let error = await validationError(() => device.queue.copyExternalImageToTexture({ source: imageData() }, { texture: sampled }, [4, 2]));
  assert.equal(error?.code, 'CopyExternalImageUsageMissing');
  assert.match(error.message, /GPUTextureUsage.COPY_DST and GPUTextureUsage.RENDER_ATTACHMENT/);
  const uint = device.createTexture({ size: [4, 2], format: 'rgba8uint', usage: DST });
  error = await validationError(() => device.queue.copyExternalImageToTexture({ source: imageData() }, { texture: uint }, [4, 2]));
  assert.equal(error?.code, 'CopyExternalImageFormatInvalid');
  assert.match(error.message, /format 'rgba8uint'/);
  const texture = device.createTexture({ size: [4, 2], format: 'rgba8unorm', usage: DST });
  error = await validationError(() => device.queue.copyExternalImageToTexture({ source: new FrameSource() }, { texture }, [0, 0]));
  assert.equal(error?.code, 'CopyExternalImageSourceNotUsable');
});
