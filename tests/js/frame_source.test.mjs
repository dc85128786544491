// FrameSource (bindery's stand-in for HTMLVideoElement / VideoFrame): what
// importExternalTexture says about a source without a frame and a closed one
// (#external-texture-creation: the source must be usable).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameSource } from 'bindery';
import { makeDevice } from './helpers.mjs';

const device = await makeDevice();
const texture = device.createTexture({ size: [4, 4], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING });

async function importError(source) {
  device.pushErrorScope('validation');
  const external = device.importExternalTexture({ source });
  assert.ok(external instanceof GPUExternalTexture);
  return device.popErrorScope();
}

test('a source with a frame imports; one without a frame is ExternalTextureSourceNoFrame', async () => {
  assert.equal(await importError(new FrameSource(texture.createView())), null);
  const error = await importError(new FrameSource());
  assert.equal(error?.code, 'ExternalTextureSourceNoFrame');
});

test('close() makes the source closed: importing is ExternalTextureSourceClosed, not NoFrame', async () => {
  const video = new FrameSource(texture.createView());
  video.label = 'video';
  video.close();
  assert.equal(video.closed, true);
  const error = await importError(video);
  assert.equal(error?.code, 'ExternalTextureSourceClosed');
  assert.match(error.message, /\[VideoFrameSource "video"\] was closed/);
  // Closed stays closed: a later frame, or a source closed before it had one.
  video.advanceFrame([texture.createView()]);
  assert.equal((await importError(video))?.code, 'ExternalTextureSourceClosed');
  const empty = new FrameSource();
  empty.close();
  assert.equal((await importError(empty))?.code, 'ExternalTextureSourceClosed');
  const planes = new FrameSource([texture.createView()]);
  planes.close();
  assert.equal((await importError(planes))?.code, 'ExternalTextureSourceClosed');
});

test('visibleRect and colorSpace (VideoFrame.visibleRect / colorSpace): kept, checked at import', async () => {
  const video = new FrameSource(texture.createView());  // 4x4
  video.label = 'camera';
  assert.equal(video.visibleRect, null);
  assert.equal(video.colorSpace, 'srgb');
  video.visibleRect = { x: 1, y: 2, width: 3, height: 2 };
  video.colorSpace = 'display-p3';
  assert.deepEqual(video.visibleRect, { x: 1, y: 2, width: 3, height: 2 });
  assert.equal(video.colorSpace, 'display-p3');
  assert.equal(await importError(video), null);
  video.visibleRect = { x: 2, y: 0, width: 3, height: 4 };
  const error = await importError(video);
  assert.equal(error?.code, 'ExternalTextureVisibleRectInvalid');
  assert.match(error.message, /\[VideoFrameSource "camera"\] has visibleRect \{x: 2, y: 0, width: 3, height: 4\}, which is not inside plane 0 \(4x4\)/);
  video.visibleRect = null;
  assert.equal(await importError(video), null);
  assert.throws(() => { video.colorSpace = 'rec2020'; }, TypeError);
  assert.throws(() => { video.visibleRect = 5; }, TypeError);
});
