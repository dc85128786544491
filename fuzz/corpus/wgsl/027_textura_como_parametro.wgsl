// Textures and samplers passed to helper functions as parameters: the
// originating module-scope variable is what counts, both for static use and
// for "used with a sampler" (=> 'float').
//
// @expect fs_mezcla fragment: capaA+, capaB+, suave, mezcla
// @expect fs_crudo fragment: capaA, capaC, mezcla
// @expect cs_muestrear compute(8,8,1): capaC+, suave, destino

@group(0) @binding(0) var capaA : texture_2d<f32>;
@group(0) @binding(1) var capaB : texture_2d<f32>;
@group(0) @binding(2) var capaC : texture_2d<f32>;
@group(0) @binding(3) var suave : sampler;
@group(0) @binding(4) var<uniform> mezcla : vec4f;
@group(0) @binding(5) var destino : texture_storage_2d<rgba16float, write>;

fn muestrear(t : texture_2d<f32>, s : sampler, uv : vec2f) -> vec4f {
  return textureSampleLevel(t, s, uv, 0.0);
}

fn muestrearFrag(t : texture_2d<f32>, s : sampler, uv : vec2f) -> vec4f {
  return textureSample(t, s, uv);
}

fn leer(t : texture_2d<f32>, p : vec2u) -> vec4f {
  let d = textureDimensions(t);
  return textureLoad(t, min(p, d - 1u), 0);
}

@fragment
fn fs_mezcla(@location(0) uv : vec2f) -> @location(0) vec4f {
  let a = muestrearFrag(capaA, suave, uv);
  let b = muestrear(capaB, suave, uv);
  return mix(a, b, mezcla.x);
}

@fragment
fn fs_crudo(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let a = leer(capaA, vec2u(p.xy));
  let c = leer(capaC, vec2u(p.xy));
  return mix(a, c, mezcla.y);
}

@compute @workgroup_size(8, 8)
fn cs_muestrear(@builtin(global_invocation_id) id : vec3u) {
  let d = textureDimensions(destino);
  if (any(id.xy >= d)) {
    return;
  }
  let uv = (vec2f(id.xy) + 0.5) / vec2f(d);
  textureStore(destino, id.xy, muestrear(capaC, suave, uv));
}

fn componer(uv : vec2f) -> vec4f {
  return muestrear(capaA, suave, uv) + muestrear(capaB, suave, uv);
}
