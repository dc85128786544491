// 1D textures: a gradient ramp sampled by value, a 1D storage texture written
// by a compute pass that bakes the ramp from control points.
//
// @expect hornear compute(64,1,1): puntos, rampaSalida
// @expect fs_mapa fragment: rampa+, s, campo
// @expect fs_crudo fragment: rampa, campo

struct Punto {
  posicion : f32,
  color : vec4f,
}

@group(0) @binding(0) var<storage, read> puntos : array<Punto>;
@group(0) @binding(1) var rampaSalida : texture_storage_1d<rgba8unorm, write>;
@group(1) @binding(0) var rampa : texture_1d<f32>;
@group(1) @binding(1) var s : sampler;
@group(1) @binding(2) var campo : texture_2d<f32>;

fn evaluar(t : f32) -> vec4f {
  let n = arrayLength(&puntos);
  if (n == 0u) {
    return vec4f(0.0);
  }
  if (t <= puntos[0].posicion) {
    return puntos[0].color;
  }
  for (var i = 1u; i < n; i++) {
    let a = puntos[i - 1u];
    let b = puntos[i];
    if (t <= b.posicion) {
      let f = (t - a.posicion) / max(b.posicion - a.posicion, 1e-6);
      return mix(a.color, b.color, f);
    }
  }
  return puntos[n - 1u].color;
}

@compute @workgroup_size(64)
fn hornear(@builtin(global_invocation_id) id : vec3u) {
  let w = textureDimensions(rampaSalida);
  if (id.x >= w) {
    return;
  }
  let t = (f32(id.x) + 0.5) / f32(w);
  textureStore(rampaSalida, id.x, evaluar(t));
}

fn valor(p : vec2u) -> f32 {
  return textureLoad(campo, p, 0).r;
}

@fragment
fn fs_mapa(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let v = valor(vec2u(p.xy));
  return textureSample(rampa, s, v);
}

@fragment
fn fs_crudo(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let v = valor(vec2u(p.xy));
  let w = textureDimensions(rampa);
  return textureLoad(rampa, u32(v * f32(w - 1u)), 0);
}
