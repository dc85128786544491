// Video compositing: an external texture (imported video frame) sampled with
// textureSampleBaseClampToEdge and loaded texel by texel for a thumbnail.
//
// @expect vs vertex: ajuste
// @expect fs_video fragment: video, muestreo, ajuste
// @expect miniatura compute(8,8,1): video, mini, ajuste

struct Ajuste {
  transformacion : mat3x3f,
  opacidad : f32,
  saturacion : f32,
}

@group(0) @binding(0) var video : texture_external;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var<uniform> ajuste : Ajuste;
@group(0) @binding(3) var mini : texture_storage_2d<rgba8unorm, write>;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> VOut {
  let uv = vec2f(f32(vi & 1u), f32(vi >> 1u));
  let p = ajuste.transformacion * vec3f(uv * 2.0 - 1.0, 1.0);
  return VOut(vec4f(p.xy, 0.0, 1.0), vec2f(uv.x, 1.0 - uv.y));
}

fn saturar(c : vec3f, s : f32) -> vec3f {
  let l = dot(c, vec3f(0.299, 0.587, 0.114));
  return mix(vec3f(l), c, s);
}

@fragment
fn fs_video(in : VOut) -> @location(0) vec4f {
  let c = textureSampleBaseClampToEdge(video, muestreo, in.uv);
  return vec4f(saturar(c.rgb, ajuste.saturacion), ajuste.opacidad);
}

@compute @workgroup_size(8, 8)
fn miniatura(@builtin(global_invocation_id) id : vec3u) {
  let dst = textureDimensions(mini);
  if (id.x >= dst.x || id.y >= dst.y) {
    return;
  }
  let src = textureDimensions(video);
  let escala = src / dst;
  var acc = vec3f(0.0);
  for (var y = 0u; y < 2u; y++) {
    for (var x = 0u; x < 2u; x++) {
      acc += textureLoad(video, id.xy * escala + vec2u(x, y) * (escala / 2u)).rgb;
    }
  }
  textureStore(mini, id.xy, vec4f(saturar(acc * 0.25, ajuste.saturacion), 1.0));
}
