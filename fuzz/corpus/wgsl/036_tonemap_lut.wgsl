// Post-processing: exposure, ACES-like tonemapping and color grading through a
// 3d LUT, plus film grain from a small tiled noise texture that is only loaded.
//
// @expect vs_post vertex:
// @expect fs_post fragment: hdr+, lut+, lineal, grano, post

struct Post {
  exposicion : f32,
  intensidadLut : f32,
  grano : f32,
  semilla : u32,
  vineta : vec2f,
}

@group(0) @binding(0) var hdr : texture_2d<f32>;
@group(0) @binding(1) var lut : texture_3d<f32>;
@group(0) @binding(2) var lineal : sampler;
@group(0) @binding(3) var grano : texture_2d<f32>;
@group(0) @binding(4) var<uniform> post : Post;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs_post(@builtin(vertex_index) vi : u32) -> VOut {
  let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
  return VOut(vec4f(uv * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), 0.0, 1.0), uv);
}

fn aces(x : vec3f) -> vec3f {
  let a = 2.51;
  let b = 0.03;
  let c = 2.43;
  let d = 0.59;
  let e = 0.14;
  return clamp((x * (a * x + b)) / (x * (c * x + d) + e), vec3f(0.0), vec3f(1.0));
}

fn graduar(c : vec3f) -> vec3f {
  let n = f32(textureDimensions(lut).x);
  let uvw = c * ((n - 1.0) / n) + 0.5 / n;
  return mix(c, textureSampleLevel(lut, lineal, uvw, 0.0).rgb, post.intensidadLut);
}

fn ruido(p : vec2u) -> f32 {
  let d = textureDimensions(grano);
  let q = (p + vec2u(post.semilla * 7u, post.semilla * 13u)) % d;
  return textureLoad(grano, q, 0).r - 0.5;
}

@fragment
fn fs_post(in : VOut) -> @location(0) vec4f {
  let c = textureSample(hdr, lineal, in.uv).rgb * post.exposicion;
  var t = graduar(aces(c));
  t += vec3f(ruido(vec2u(in.pos.xy)) * post.grano);
  let r = distance(in.uv, vec2f(0.5));
  t *= smoothstep(post.vineta.y, post.vineta.x, r);
  return vec4f(t, 1.0);
}
