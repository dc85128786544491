@group(0) @binding(0) var video: texture_external;
@group(0) @binding(1) var s: sampler;
@fragment fn fs() -> @location(0) vec4f {
  return textureSampleBaseClampToEdge(video, s, vec2f(0.5));
}
