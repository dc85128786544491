// Uniform buffer layouts written the std140 way: arrays of vec4, scalars padded
// with @size, nested structs aligned to 16 with @align, an array of structs.
//
// @expect vs vertex: global, material
// @expect fs fragment: global, material, luces

struct Flotante {
  @size(16) valor : f32,
}

struct Niebla {
  color : vec3f,
  densidad : f32,
  inicio : f32,
  fin : f32,
}

struct Global {
  vistaProy : mat4x4f,
  tiempo : f32,
  @align(16) niebla : Niebla,
  @align(16) pesos : array<Flotante, 4>,
  resolucion : vec2f,
  @size(8) marco : u32,
  ajustes : array<vec4f, 2>,
}

struct Material {
  albedo : vec4f,
  metal : f32,
  rugosidad : f32,
  @align(16) emision : vec3f,
  ior : f32,
  transform : mat3x3f,
  banderas : vec4u,
}

struct LuzUniforme {
  posicion : vec4f,
  color : vec4f,
}

struct Luces {
  cantidad : u32,
  @align(16) lista : array<LuzUniforme, 8>,
}

@group(0) @binding(0) var<uniform> global : Global;
@group(1) @binding(0) var<uniform> material : Material;
@group(1) @binding(1) var<uniform> luces : Luces;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) p : vec3f,
  @location(1) uv : vec2f,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) uv : vec2f) -> VOut {
  let t = (material.transform * vec3f(uv, 1.0)).xy;
  return VOut(global.vistaProy * vec4f(p, 1.0), p, t);
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  var c = material.albedo.rgb * 0.05 + material.emision;
  for (var i = 0u; i < min(luces.cantidad, 8u); i++) {
    let l = luces.lista[i];
    let d = l.posicion.xyz - in.p;
    c += material.albedo.rgb * l.color.rgb / (1.0 + dot(d, d));
  }
  var w = 0.0;
  for (var k = 0; k < 4; k++) {
    w += global.pesos[k].valor;
  }
  let dist = length(in.p);
  let f = clamp((dist - global.niebla.inicio) / (global.niebla.fin - global.niebla.inicio), 0.0, 1.0);
  c = mix(c, global.niebla.color, f * global.niebla.densidad);
  let brillo = global.ajustes[0].x + global.ajustes[1].y * sin(global.tiempo);
  return vec4f(c * brillo * w * (1.0 - material.metal * material.rugosidad), 1.0);
}
