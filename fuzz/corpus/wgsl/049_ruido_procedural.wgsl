// Procedural value noise baked into an r32float storage texture and a tiling
// normal map; no buffers but one small uniform.
//
// @expect ruido compute(16,16,1): opciones, alturas
// @expect normales compute(16,16,1): opciones, alturasLeidas, mapaNormales

struct Opciones {
  octavas : u32,
  frecuencia : f32,
  persistencia : f32,
  semilla : u32,
  fuerza : f32,
}

@group(0) @binding(0) var<uniform> opciones : Opciones;
@group(0) @binding(1) var alturas : texture_storage_2d<r32float, write>;
@group(1) @binding(0) var alturasLeidas : texture_2d<f32>;
@group(1) @binding(1) var mapaNormales : texture_storage_2d<rgba8snorm, write>;

fn hash(p : vec2u) -> f32 {
  var h = p.x * 374761393u + p.y * 668265263u + opciones.semilla * 2246822519u;
  h = (h ^ (h >> 13u)) * 1274126177u;
  h = h ^ (h >> 16u);
  return f32(h & 0xffffffu) / f32(0xffffff);
}

fn valorRuido(p : vec2f, periodo : u32) -> f32 {
  let i = vec2u(floor(p));
  let f = fract(p);
  let u = f * f * (3.0 - 2.0 * f);
  let a = hash(i % periodo);
  let b = hash((i + vec2u(1u, 0u)) % periodo);
  let c = hash((i + vec2u(0u, 1u)) % periodo);
  let d = hash((i + vec2u(1u, 1u)) % periodo);
  return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

@compute @workgroup_size(16, 16)
fn ruido(@builtin(global_invocation_id) id : vec3u) {
  let dims = textureDimensions(alturas);
  if (any(id.xy >= dims)) {
    return;
  }
  var amp = 1.0;
  var frec = opciones.frecuencia;
  var suma = 0.0;
  var norma = 0.0;
  for (var o = 0u; o < opciones.octavas; o++) {
    let periodo = u32(frec);
    suma += amp * valorRuido(vec2f(id.xy) / f32(dims.x) * frec, max(periodo, 1u));
    norma += amp;
    amp *= opciones.persistencia;
    frec *= 2.0;
  }
  textureStore(alturas, id.xy, vec4f(suma / norma, 0.0, 0.0, 1.0));
}

fn h(p : vec2i) -> f32 {
  let d = vec2i(textureDimensions(alturasLeidas));
  return textureLoad(alturasLeidas, (p + d) % d, 0).r;
}

@compute @workgroup_size(16, 16)
fn normales(@builtin(global_invocation_id) id : vec3u) {
  let p = vec2i(id.xy);
  let dx = h(p + vec2i(1, 0)) - h(p - vec2i(1, 0));
  let dy = h(p + vec2i(0, 1)) - h(p - vec2i(0, 1));
  let n = normalize(vec3f(-dx * opciones.fuerza, -dy * opciones.fuerza, 1.0));
  textureStore(mapaNormales, p, vec4f(n, 0.0));
}
