// Screen-space ambient occlusion: reconstruct view-space positions from depth,
// sample a hemisphere kernel from a uniform array, rotate by a noise texture.
//
// @expect vs vertex:
// @expect ssao fragment: profundidad, normales, ruido, muestras, camara
// @expect desenfocar compute(8,8,1): oclusion, salida

struct Camara {
  proy : mat4x4f,
  invProy : mat4x4f,
  radio : f32,
  sesgo : f32,
  tamRuido : vec2f,
}

struct Muestras {
  kernel : array<vec4f, 16>,
  cantidad : u32,
}

@group(0) @binding(0) var profundidad : texture_depth_2d;
@group(0) @binding(1) var normales : texture_2d<f32>;
@group(0) @binding(2) var ruido : texture_2d<f32>;
@group(0) @binding(3) var<uniform> muestras : Muestras;
@group(0) @binding(4) var<uniform> camara : Camara;
@group(1) @binding(0) var oclusion : texture_2d<f32>;
@group(1) @binding(1) var salida : texture_storage_2d<r32float, write>;

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  let p = vec2f(f32(vi % 2u), f32(vi / 2u)) * 4.0 - 1.0;
  return vec4f(p, 0.0, 1.0);
}

fn posicionVista(p : vec2i) -> vec3f {
  let dims = vec2f(textureDimensions(profundidad));
  let z = textureLoad(profundidad, p, 0);
  let ndc = vec3f((vec2f(p) + 0.5) / dims * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), z);
  let v = camara.invProy * vec4f(ndc, 1.0);
  return v.xyz / v.w;
}

@fragment
fn ssao(@builtin(position) frag : vec4f) -> @location(0) f32 {
  let p = vec2i(frag.xy);
  let origen = posicionVista(p);
  let n = normalize(textureLoad(normales, p, 0).xyz * 2.0 - 1.0);
  let rd = vec2i(textureDimensions(ruido));
  let r = normalize(vec3f(textureLoad(ruido, p % rd, 0).xy * 2.0 - 1.0, 0.0));
  let t = normalize(r - n * dot(r, n));
  let tbn = mat3x3f(t, cross(n, t), n);
  var oc = 0.0;
  let dims = vec2f(textureDimensions(profundidad));
  for (var i = 0u; i < min(muestras.cantidad, 16u); i++) {
    let s = origen + tbn * muestras.kernel[i].xyz * camara.radio;
    let clip = camara.proy * vec4f(s, 1.0);
    let uv = clip.xy / clip.w * vec2f(0.5, -0.5) + 0.5;
    let q = clamp(vec2i(uv * dims), vec2i(0), vec2i(dims) - 1);
    let z = posicionVista(q).z;
    let rango = smoothstep(0.0, 1.0, camara.radio / abs(origen.z - z));
    oc += select(0.0, 1.0, z >= s.z + camara.sesgo) * rango;
  }
  return 1.0 - oc / f32(max(muestras.cantidad, 1u));
}

@compute @workgroup_size(8, 8)
fn desenfocar(@builtin(global_invocation_id) id : vec3u) {
  let d = vec2i(textureDimensions(oclusion));
  let p = vec2i(id.xy);
  var acc = 0.0;
  for (var y = -2; y < 2; y++) {
    for (var x = -2; x < 2; x++) {
      acc += textureLoad(oclusion, clamp(p + vec2i(x, y), vec2i(0), d - 1), 0).r;
    }
  }
  textureStore(salida, p, vec4f(acc / 16.0, 0.0, 0.0, 1.0));
}
