// Read-write storage textures (language feature
// readonly_and_readwrite_storage_textures): in-place ping-free diffusion on an
// r32float field, a read-only view for the viewer, and a write-only rgba view.
//
// @expect difundir compute(8,8,1): campo, fuentes, params
// @expect visualizar compute(8,8,1): lectura, vista, params
// @expect vs_ver vertex: lectura
// @expect fs_ver fragment: lectura

requires readonly_and_readwrite_storage_textures;

struct Params {
  k : f32,
  decaimiento : f32,
  tam : vec2u,
}

@group(0) @binding(0) var campo : texture_storage_2d<r32float, read_write>;
@group(0) @binding(1) var fuentes : texture_storage_2d<rgba32uint, read>;
@group(0) @binding(2) var<uniform> params : Params;
@group(1) @binding(0) var lectura : texture_storage_2d<r32float, read>;
@group(1) @binding(1) var vista : texture_storage_2d<bgra8unorm, write>;

fn vecino(p : vec2i, d : vec2i) -> f32 {
  let q = clamp(p + d, vec2i(0), vec2i(params.tam) - 1);
  return textureLoad(campo, q).r;
}

@compute @workgroup_size(8, 8)
fn difundir(@builtin(global_invocation_id) id : vec3u) {
  // No early return: textureBarrier must stay in uniform control flow.
  let dentro = all(id.xy < params.tam);
  let p = vec2i(min(id.xy, params.tam - 1u));
  let c = textureLoad(campo, p).r;
  let lap = vecino(p, vec2i(1, 0)) + vecino(p, vec2i(-1, 0)) + vecino(p, vec2i(0, 1)) +
            vecino(p, vec2i(0, -1)) - 4.0 * c;
  let f = textureLoad(fuentes, p);
  let nuevo = (c + params.k * lap) * params.decaimiento + f32(f.x) / 65535.0;
  textureBarrier();
  if (dentro) {
    textureStore(campo, p, vec4f(nuevo, 0.0, 0.0, 0.0));
  }
}

fn paleta(t : f32) -> vec3f {
  return 0.5 + 0.5 * cos(6.28318 * (vec3f(t) + vec3f(0.0, 0.33, 0.67)));
}

@compute @workgroup_size(8, 8)
fn visualizar(@builtin(global_invocation_id) id : vec3u) {
  if (any(id.xy >= params.tam)) {
    return;
  }
  let v = textureLoad(lectura, id.xy).r;
  textureStore(vista, id.xy, vec4f(paleta(v), 1.0));
}

@vertex
fn vs_ver(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  let d = vec2f(textureDimensions(lectura));
  let uv = vec2f(f32(vi & 1u), f32(vi >> 1u));
  return vec4f((uv * 2.0 - 1.0) * min(d.x / d.y, 1.0), 0.0, 1.0);
}

@fragment
fn fs_ver(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let v = textureLoad(lectura, vec2u(p.xy)).r;
  return vec4f(paleta(v), 1.0);
}
