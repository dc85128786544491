// Image-based lighting pre-filter: for every face of a cube array layer,
// integrate the environment into a storage 2d-array (one layer per face).
//
// @expect prefiltrar compute(8,8,1): entorno+, muestreo, salida, params
// @expect irradiancia compute(8,8,1): entornos+, muestreo, salida, params

struct Params {
  rugosidad : f32,
  muestras : u32,
  tamCara : u32,
  capa : u32,
}

@group(0) @binding(0) var entorno : texture_cube<f32>;
@group(0) @binding(1) var entornos : texture_cube_array<f32>;
@group(0) @binding(2) var muestreo : sampler;
@group(0) @binding(3) var salida : texture_storage_2d_array<rgba16float, write>;
@group(0) @binding(4) var<uniform> params : Params;

const PI : f32 = 3.14159265;

fn direccionCara(cara : u32, uv : vec2f) -> vec3f {
  let p = uv * 2.0 - 1.0;
  switch cara {
    case 0u: { return normalize(vec3f(1.0, -p.y, -p.x)); }
    case 1u: { return normalize(vec3f(-1.0, -p.y, p.x)); }
    case 2u: { return normalize(vec3f(p.x, 1.0, p.y)); }
    case 3u: { return normalize(vec3f(p.x, -1.0, -p.y)); }
    case 4u: { return normalize(vec3f(p.x, -p.y, 1.0)); }
    default: { return normalize(vec3f(-p.x, -p.y, -1.0)); }
  }
}

fn hammersley(i : u32, n : u32) -> vec2f {
  var b = (i << 16u) | (i >> 16u);
  b = ((b & 0x55555555u) << 1u) | ((b & 0xAAAAAAAAu) >> 1u);
  b = ((b & 0x33333333u) << 2u) | ((b & 0xCCCCCCCCu) >> 2u);
  b = ((b & 0x0F0F0F0Fu) << 4u) | ((b & 0xF0F0F0F0u) >> 4u);
  b = ((b & 0x00FF00FFu) << 8u) | ((b & 0xFF00FF00u) >> 8u);
  return vec2f(f32(i) / f32(n), f32(b) * 2.3283064365386963e-10);
}

fn base(n : vec3f) -> mat3x3f {
  let arriba = select(vec3f(1.0, 0.0, 0.0), vec3f(0.0, 0.0, 1.0), abs(n.z) < 0.999);
  let t = normalize(cross(arriba, n));
  return mat3x3f(t, cross(n, t), n);
}

@compute @workgroup_size(8, 8, 1)
fn prefiltrar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= params.tamCara || id.y >= params.tamCara) {
    return;
  }
  let n = direccionCara(id.z, (vec2f(id.xy) + 0.5) / f32(params.tamCara));
  let tbn = base(n);
  let a = params.rugosidad * params.rugosidad;
  var acc = vec3f(0.0);
  var peso = 0.0;
  for (var i = 0u; i < params.muestras; i++) {
    let xi = hammersley(i, params.muestras);
    let phi = 2.0 * PI * xi.x;
    let cosT = sqrt((1.0 - xi.y) / (1.0 + (a * a - 1.0) * xi.y));
    let sinT = sqrt(1.0 - cosT * cosT);
    let h = tbn * vec3f(cos(phi) * sinT, sin(phi) * sinT, cosT);
    let l = normalize(2.0 * dot(n, h) * h - n);
    let ndl = dot(n, l);
    if (ndl > 0.0) {
      acc += textureSampleLevel(entorno, muestreo, l, 0.0).rgb * ndl;
      peso += ndl;
    }
  }
  textureStore(salida, id.xy, id.z, vec4f(acc / max(peso, 0.0001), 1.0));
}

@compute @workgroup_size(8, 8)
fn irradiancia(@builtin(global_invocation_id) id : vec3u) {
  let n = direccionCara(id.z, (vec2f(id.xy) + 0.5) / f32(params.tamCara));
  let tbn = base(n);
  var acc = vec3f(0.0);
  var cuenta = 0.0;
  for (var phi = 0.0; phi < 2.0 * PI; phi += 0.1) {
    for (var theta = 0.0; theta < 0.5 * PI; theta += 0.1) {
      let t = vec3f(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta));
      acc += textureSampleLevel(entornos, muestreo, tbn * t, params.capa, 2.0).rgb * cos(theta) * sin(theta);
      cuenta += 1.0;
    }
  }
  textureStore(salida, id.xy, i32(id.z), vec4f(PI * acc / cuenta, 1.0));
}
