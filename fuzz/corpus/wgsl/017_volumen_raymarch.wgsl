// Volume rendering: ray-march a 3d density texture with front-to-back
// compositing through a 1d transfer function.
//
// @expect vs vertex: volumen
// @expect fs fragment: volumen, densidad+, transferencia+, trilineal

struct Volumen {
  modeloVistaProy : mat4x4f,
  invModelo : mat4x4f,
  ojoLocal : vec3f,
  pasos : u32,
  umbral : f32,
}

@group(0) @binding(0) var<uniform> volumen : Volumen;
@group(0) @binding(1) var densidad : texture_3d<f32>;
@group(0) @binding(2) var transferencia : texture_1d<f32>;
@group(0) @binding(3) var trilineal : sampler;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) local : vec3f,
}

@vertex
fn vs(@location(0) p : vec3f) -> VOut {
  return VOut(volumen.modeloVistaProy * vec4f(p, 1.0), p);
}

fn interseccion(o : vec3f, d : vec3f) -> vec2f {
  let inv = 1.0 / d;
  let t0 = (vec3f(-0.5) - o) * inv;
  let t1 = (vec3f(0.5) - o) * inv;
  let tmin = min(t0, t1);
  let tmax = max(t0, t1);
  return vec2f(max(max(tmin.x, tmin.y), tmin.z), min(min(tmax.x, tmax.y), tmax.z));
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let d = normalize(in.local - volumen.ojoLocal);
  let t = interseccion(volumen.ojoLocal, d);
  let paso = (t.y - max(t.x, 0.0)) / f32(max(volumen.pasos, 1u));
  var color = vec4f(0.0);
  var s = max(t.x, 0.0);
  var i = 0u;
  loop {
    if (i >= volumen.pasos || color.a > 0.99) {
      break;
    }
    let p = volumen.ojoLocal + d * s + 0.5;
    let v = textureSampleLevel(densidad, trilineal, p, 0.0).r;
    if (v > volumen.umbral) {
      var c = textureSampleLevel(transferencia, trilineal, v, 0.0);
      c = vec4f(c.rgb * c.a, c.a);
      color += (1.0 - color.a) * c;
    }
    continuing {
      s += paso;
      i++;
    }
  }
  return color;
}
