// Stable-fluids solver split into passes; each entry point uses a different
// subset of the same group of resources.
//
// @expect advectar compute(8,8,1): velocidad+, velocidadSalida, tinta+, tintaSalida, lineal, simulacion
// @expect divergencia compute(8,8,1): velocidad, div, simulacion
// @expect jacobi compute(8,8,1): presion, presionSalida, div, simulacion
// @expect proyectar compute(8,8,1): velocidad, presion, velocidadSalida, simulacion

struct Simulacion {
  dt : f32,
  disipacion : f32,
  texel : vec2f,
  tam : vec2u,
}

@group(0) @binding(0) var velocidad : texture_2d<f32>;
@group(0) @binding(1) var velocidadSalida : texture_storage_2d<rg32float, write>;
@group(0) @binding(2) var tinta : texture_2d<f32>;
@group(0) @binding(3) var tintaSalida : texture_storage_2d<rgba16float, write>;
@group(0) @binding(4) var presion : texture_2d<f32>;
@group(0) @binding(5) var presionSalida : texture_storage_2d<r32float, write>;
@group(0) @binding(6) var div : texture_storage_2d<r32float, read_write>;
@group(0) @binding(7) var lineal : sampler;
@group(0) @binding(8) var<uniform> simulacion : Simulacion;

fn v(p : vec2i) -> vec2f {
  return textureLoad(velocidad, clamp(p, vec2i(0), vec2i(simulacion.tam) - 1), 0).xy;
}

fn pr(p : vec2i) -> f32 {
  return textureLoad(presion, clamp(p, vec2i(0), vec2i(simulacion.tam) - 1), 0).x;
}

@compute @workgroup_size(8, 8)
fn advectar(@builtin(global_invocation_id) id : vec3u) {
  if (any(id.xy >= simulacion.tam)) {
    return;
  }
  let p = vec2i(id.xy);
  let uv = (vec2f(id.xy) + 0.5) * simulacion.texel;
  let atras = uv - simulacion.dt * v(p) * simulacion.texel;
  let nv = textureSampleLevel(velocidad, lineal, atras, 0.0).xy * simulacion.disipacion;
  let nt = textureSampleLevel(tinta, lineal, atras, 0.0) * simulacion.disipacion;
  textureStore(velocidadSalida, p, vec4f(nv, 0.0, 0.0));
  textureStore(tintaSalida, p, nt);
}

@compute @workgroup_size(8, 8)
fn divergencia(@builtin(global_invocation_id) id : vec3u) {
  let p = vec2i(id.xy);
  let d = 0.5 * ((v(p + vec2i(1, 0)).x - v(p - vec2i(1, 0)).x) + (v(p + vec2i(0, 1)).y - v(p - vec2i(0, 1)).y));
  textureStore(div, p, vec4f(d, 0.0, 0.0, 0.0));
}

@compute @workgroup_size(8, 8)
fn jacobi(@builtin(global_invocation_id) id : vec3u) {
  let p = vec2i(id.xy);
  let d = textureLoad(div, p).x;
  let s = pr(p + vec2i(1, 0)) + pr(p - vec2i(1, 0)) + pr(p + vec2i(0, 1)) + pr(p - vec2i(0, 1));
  textureStore(presionSalida, p, vec4f((s - d) * 0.25, 0.0, 0.0, 0.0));
}

@compute @workgroup_size(8, 8)
fn proyectar(@builtin(global_invocation_id) id : vec3u) {
  let p = vec2i(id.xy);
  let g = 0.5 * vec2f(pr(p + vec2i(1, 0)) - pr(p - vec2i(1, 0)), pr(p + vec2i(0, 1)) - pr(p - vec2i(0, 1)));
  textureStore(velocidadSalida, p, vec4f(v(p) - g, 0.0, 0.0));
}
