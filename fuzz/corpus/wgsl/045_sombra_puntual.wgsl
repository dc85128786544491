// Omnidirectional shadows: a depth cube map written as linear distance and
// sampled with textureSampleCompare in the lit pass.
//
// @expect vs_cubo vertex: caras, modelo
// @expect fs_cubo fragment: luz
// @expect fs_iluminado fragment: luz, cuboSombra, cmp, suave, texturaBase+

struct Luz {
  posicion : vec3f,
  lejos : f32,
  color : vec3f,
  sesgo : f32,
}

@group(0) @binding(0) var<uniform> luz : Luz;
@group(0) @binding(1) var<uniform> caras : array<mat4x4f, 6>;
@group(0) @binding(2) var<uniform> modelo : mat4x4f;
@group(1) @binding(0) var cuboSombra : texture_depth_cube;
@group(1) @binding(1) var cmp : sampler_comparison;
@group(1) @binding(2) var texturaBase : texture_2d<f32>;
@group(1) @binding(3) var suave : sampler;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) mundo : vec3f,
}

@vertex
fn vs_cubo(@location(0) p : vec3f, @builtin(instance_index) cara : u32) -> VOut {
  let w = modelo * vec4f(p, 1.0);
  return VOut(caras[cara % 6u] * w, w.xyz);
}

struct ProfOut {
  @builtin(frag_depth) z : f32,
}

@fragment
fn fs_cubo(in : VOut) -> ProfOut {
  return ProfOut(length(in.mundo - luz.posicion) / luz.lejos);
}

struct Entrada {
  @builtin(position) pos : vec4f,
  @location(0) mundo : vec3f,
  @location(1) uv : vec2f,
  @location(2) n : vec3f,
}

@fragment
fn fs_iluminado(in : Entrada) -> @location(0) vec4f {
  let base = textureSample(texturaBase, suave, in.uv);
  let d = in.mundo - luz.posicion;
  let dist = length(d) / luz.lejos;
  let visible = textureSampleCompare(cuboSombra, cmp, d, dist - luz.sesgo);
  let ndl = max(dot(normalize(in.n), -normalize(d)), 0.0);
  return vec4f(base.rgb * (0.1 + luz.color * ndl * visible), base.a);
}
