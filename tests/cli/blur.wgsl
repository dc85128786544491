// `bindery check` fixture: a compute blur and a fragment pass sharing
// @group(0); the layouts beside it match it or break one rule each.
struct Params {
  radius : u32,
  scale : f32,
}
@group(0) @binding(0) var<uniform> params : Params;
@group(0) @binding(1) var src : texture_2d<f32>;
@group(0) @binding(2) var samp : sampler;
@group(1) @binding(0) var<storage, read_write> dst : array<vec4f>;

@compute @workgroup_size(8, 8) fn blur(@builtin(global_invocation_id) id : vec3u) {
  let c = textureSampleLevel(src, samp, vec2f(id.xy) * params.scale, 0.0);
  dst[id.x] = c;
}

@fragment fn show(@location(0) uv : vec2f) -> @location(0) vec4f {
  return textureSample(src, samp, uv);
}
