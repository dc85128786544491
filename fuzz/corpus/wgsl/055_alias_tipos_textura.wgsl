// Two fragment entry points alias one @group/@binding with different texture
// types (f32 vs u32 view of the same slot) and two samplers alias another slot
// as sampler vs sampler_comparison. Legal: no entry point uses both.
//
// @expect fs_color fragment: vistaColor+, muestreo, parametros
// @expect fs_ids fragment: vistaIds, parametros
// @expect fs_sombra fragment: sombraProf, comparacion, parametros
// @expect fs_depurar fragment: vistaColor, parametros

struct Parametros {
  escala : vec2f,
  modo : u32,
}

@group(0) @binding(0) var vistaColor : texture_2d<f32>;
@group(0) @binding(0) var vistaIds : texture_2d<u32>;
@group(0) @binding(0) var sombraProf : texture_depth_2d;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(1) var comparacion : sampler_comparison;
@group(0) @binding(2) var<uniform> parametros : Parametros;

@fragment
fn fs_color(@location(0) uv : vec2f) -> @location(0) vec4f {
  return textureSample(vistaColor, muestreo, uv * parametros.escala);
}

fn colorDeId(id : u32) -> vec3f {
  let h = id * 2654435761u;
  return vec3f(f32(h & 255u), f32((h >> 8u) & 255u), f32((h >> 16u) & 255u)) / 255.0;
}

@fragment
fn fs_ids(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let id = textureLoad(vistaIds, vec2u(p.xy * parametros.escala), 0).r;
  if (parametros.modo == 1u) {
    return vec4f(f32(id) / 65535.0);
  }
  return vec4f(colorDeId(id), 1.0);
}

@fragment
fn fs_sombra(@location(0) uv : vec2f, @location(1) z : f32) -> @location(0) vec4f {
  let v = textureSampleCompare(sombraProf, comparacion, uv * parametros.escala, z);
  return vec4f(vec3f(v), 1.0);
}

// The same f32 view without a sampler: this entry point alone would get
// 'unfilterable-float' for binding 0.
@fragment
fn fs_depurar(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let d = textureDimensions(vistaColor);
  let q = min(vec2u(p.xy * parametros.escala), d - 1u);
  let c = textureLoad(vistaColor, q, 0);
  if (parametros.modo == 2u) {
    return vec4f(c.aaa, 1.0);
  }
  return vec4f(c.rgb, 1.0);
}
