// Reflection probes stored in a cube array (one cube per probe) and probe
// shadow in a depth cube array; the probe index comes from a storage buffer.
//
// @expect fs fragment: sondas, reflejos+, lineal, sombras, cmp, escena
// @expect depurar compute(8,8,1): reflejos+, lineal, sombras, cmp, salida, escena

struct Sonda {
  centro : vec3f,
  radio : f32,
  cajaMin : vec3f,
  indice : u32,
  cajaMax : vec3f,
  intensidad : f32,
}

struct Escena {
  ojo : vec3f,
  numSondas : u32,
}

@group(0) @binding(0) var<storage, read> sondas : array<Sonda>;
@group(0) @binding(1) var reflejos : texture_cube_array<f32>;
@group(0) @binding(2) var lineal : sampler;
@group(0) @binding(3) var sombras : texture_depth_cube_array;
@group(0) @binding(4) var cmp : sampler_comparison;
@group(0) @binding(5) var<uniform> escena : Escena;
@group(0) @binding(6) var salida : texture_storage_2d<rgba8unorm, write>;

fn corregirCaja(p : vec3f, r : vec3f, s : Sonda) -> vec3f {
  let a = (s.cajaMax - p) / r;
  let b = (s.cajaMin - p) / r;
  let t = max(a, b);
  let d = min(min(t.x, t.y), t.z);
  return p + r * d - s.centro;
}

fn mejorSonda(p : vec3f) -> i32 {
  var mejor = -1;
  var dist = 1e30;
  for (var i = 0u; i < escena.numSondas; i++) {
    let d = distance(p, sondas[i].centro);
    if (d < sondas[i].radio && d < dist) {
      dist = d;
      mejor = i32(i);
    }
  }
  return mejor;
}

@fragment
fn fs(@location(0) mundo : vec3f, @location(1) n : vec3f) -> @location(0) vec4f {
  let k = mejorSonda(mundo);
  if (k < 0) {
    return vec4f(0.0, 0.0, 0.0, 1.0);
  }
  let s = sondas[k];
  let v = normalize(mundo - escena.ojo);
  let r = corregirCaja(mundo, reflect(v, normalize(n)), s);
  let c = textureSampleLevel(reflejos, lineal, r, s.indice, 0.0).rgb;
  let vis = textureSampleCompareLevel(sombras, cmp, mundo - s.centro, s.indice, 0.5);
  return vec4f(c * s.intensidad * vis, 1.0);
}

@compute @workgroup_size(8, 8)
fn depurar(@builtin(global_invocation_id) id : vec3u) {
  let d = textureDimensions(salida);
  let uv = (vec2f(id.xy) + 0.5) / vec2f(d) * 2.0 - 1.0;
  let dir = normalize(vec3f(uv, 1.0));
  let capas = textureNumLayers(reflejos);
  let c = textureSampleLevel(reflejos, lineal, dir, id.x % capas, 0.0);
  let z = textureSampleCompareLevel(sombras, cmp, dir, 0, 0.5);
  textureStore(salida, id.xy, vec4f(c.rgb * z, 1.0) + vec4f(f32(escena.numSondas) * 0.0));
}
