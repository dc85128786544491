// Resources reached through chains of helper functions: static use follows
// calls transitively; a helper that nobody calls adds nothing; a helper called
// from two entry points contributes to both.
//
// @expect vs vertex: transformaciones, deformacion, tiempo
// @expect fs fragment: paleta, tiempo, ruido+, muestreo
// @expect cs compute(4,4,4): transformaciones, tiempo, salida

struct Tiempo {
  segundos : f32,
  delta : f32,
  marco : u32,
  pausa : u32,
}

@group(0) @binding(0) var<uniform> tiempo : Tiempo;
@group(0) @binding(1) var<storage, read> transformaciones : array<mat4x4f>;
@group(0) @binding(2) var<storage, read> deformacion : array<vec4f>;
@group(1) @binding(0) var<uniform> paleta : array<vec4f, 8>;
@group(1) @binding(1) var ruido : texture_2d<f32>;
@group(1) @binding(2) var muestreo : sampler;
@group(2) @binding(0) var<storage, read_write> salida : array<vec4f>;
@group(2) @binding(1) var<storage, read_write> huerfano : array<u32>;

fn t() -> f32 {
  return tiempo.segundos;
}

fn onda(x : f32) -> f32 {
  return sin(x * 3.0 + t());
}

fn matriz(i : u32) -> mat4x4f {
  return transformaciones[i];
}

fn desplazar(p : vec3f, i : u32) -> vec3f {
  let d = deformacion[i % arrayLength(&deformacion)];
  return p + d.xyz * onda(d.w);
}

fn nivel3() -> u32 {
  return tiempo.marco;
}

fn nivel2() -> u32 {
  return nivel3() + 1u;
}

fn nivel1() -> u32 {
  return nivel2() * 2u;
}

fn colorDe(i : u32) -> vec4f {
  return paleta[i % 8u];
}

fn huerfana() {
  huerfano[0] = 0u;
}

fn sinUsar() -> u32 {
  huerfana();
  return nivel1();
}

@vertex
fn vs(@location(0) p : vec3f, @builtin(instance_index) ii : u32) -> @builtin(position) vec4f {
  return matriz(ii) * vec4f(desplazar(p, ii), 1.0);
}

fn detalle(uv : vec2f) -> f32 {
  return textureSample(ruido, muestreo, uv).r;
}

@fragment
fn fs(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let n = detalle(p.xy / 256.0);
  return colorDe(u32(n * 8.0)) * (0.5 + 0.5 * onda(n));
}

@compute @workgroup_size(4, 4, 4)
fn cs(@builtin(global_invocation_id) id : vec3u) {
  let i = id.x + id.y * 4u + id.z * 16u + nivel1();
  salida[i] = matriz(0u) * vec4f(vec3f(id), 1.0) * t();
}
