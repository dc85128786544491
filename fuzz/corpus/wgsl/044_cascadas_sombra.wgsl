// Cascaded shadow maps in one depth texture array, sampled with a comparison
// sampler; the cascade is chosen from the view depth.
//
// @expect vs_sombra vertex: cascadas, objetos, indiceCascada
// @expect vs vertex: camara, objetos
// @expect fs fragment: cascadas, mapas, comparar, ajustes

struct Cascadas {
  matrices : array<mat4x4f, 4>,
  divisiones : vec4f,
  cantidad : u32,
}

struct Camara {
  vistaProy : mat4x4f,
  vista : mat4x4f,
}

struct Ajustes {
  sesgo : f32,
  sesgoNormal : f32,
  mostrarCascadas : u32,
}

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var<uniform> cascadas : Cascadas;
@group(0) @binding(2) var<storage, read> objetos : array<mat4x4f>;
@group(0) @binding(3) var<uniform> indiceCascada : u32;
@group(1) @binding(0) var mapas : texture_depth_2d_array;
@group(1) @binding(1) var comparar : sampler_comparison;
@group(1) @binding(2) var<uniform> ajustes : Ajustes;

@vertex
fn vs_sombra(@location(0) p : vec3f, @builtin(instance_index) i : u32) -> @builtin(position) vec4f {
  return cascadas.matrices[indiceCascada] * objetos[i] * vec4f(p, 1.0);
}

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) mundo : vec3f,
  @location(1) n : vec3f,
  @location(2) zVista : f32,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) n : vec3f, @builtin(instance_index) i : u32) -> VOut {
  let w = objetos[i] * vec4f(p, 1.0);
  var o : VOut;
  o.pos = camara.vistaProy * w;
  o.mundo = w.xyz;
  o.n = (objetos[i] * vec4f(n, 0.0)).xyz;
  o.zVista = -(camara.vista * w).z;
  return o;
}

fn elegirCascada(z : f32) -> u32 {
  var c = 0u;
  for (var i = 0u; i < cascadas.cantidad - 1u; i++) {
    if (z > cascadas.divisiones[i]) {
      c = i + 1u;
    }
  }
  return c;
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let c = elegirCascada(in.zVista);
  let p = in.mundo + normalize(in.n) * ajustes.sesgoNormal;
  let l = cascadas.matrices[c] * vec4f(p, 1.0);
  let uv = l.xy / l.w * vec2f(0.5, -0.5) + 0.5;
  let luz = textureSampleCompareLevel(mapas, comparar, uv, c, l.z / l.w - ajustes.sesgo);
  var color = vec3f(0.2 + 0.8 * luz);
  if (ajustes.mostrarCascadas != 0u) {
    let tintes = array<vec3f, 4>(vec3f(1.0, 0.5, 0.5), vec3f(0.5, 1.0, 0.5), vec3f(0.5, 0.5, 1.0), vec3f(1.0, 1.0, 0.5));
    color *= tintes[c];
  }
  return vec4f(color, 1.0);
}
