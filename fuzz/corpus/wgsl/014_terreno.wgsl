// Terrain: the vertex shader displaces a grid with a heightmap sampled with
// textureSampleLevel; the fragment shader blends layers of a texture array.
//
// @expect vs vertex: terreno, alturas+, muestreoAlturas
// @expect fs fragment: terreno, alturas+, muestreoAlturas, capas+, muestreoCapas, mascara

struct Terreno {
  vistaProy : mat4x4f,
  escala : vec3f,
  resolucion : u32,
  luz : vec3f,
  numCapas : u32,
}

@group(0) @binding(0) var<uniform> terreno : Terreno;
@group(0) @binding(1) var alturas : texture_2d<f32>;
@group(0) @binding(2) var muestreoAlturas : sampler;
@group(1) @binding(0) var capas : texture_2d_array<f32>;
@group(1) @binding(1) var muestreoCapas : sampler;
@group(1) @binding(2) var mascara : texture_2d<u32>;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) altura : f32,
}

fn alturaEn(uv : vec2f) -> f32 {
  return textureSampleLevel(alturas, muestreoAlturas, uv, 0.0).r * terreno.escala.y;
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> VOut {
  let r = terreno.resolucion;
  let celda = vec2u(vi % r, vi / r);
  let uv = vec2f(celda) / f32(r - 1u);
  let h = alturaEn(uv);
  var o : VOut;
  o.pos = terreno.vistaProy * vec4f(uv.x * terreno.escala.x, h, uv.y * terreno.escala.z, 1.0);
  o.uv = uv;
  o.altura = h;
  return o;
}

fn normalEn(uv : vec2f) -> vec3f {
  let e = 1.0 / f32(terreno.resolucion);
  let hx = alturaEn(uv + vec2f(e, 0.0)) - alturaEn(uv - vec2f(e, 0.0));
  let hz = alturaEn(uv + vec2f(0.0, e)) - alturaEn(uv - vec2f(0.0, e));
  return normalize(vec3f(-hx, 2.0 * e * terreno.escala.y, -hz));
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let dims = textureDimensions(mascara);
  let m = textureLoad(mascara, vec2u(in.uv * vec2f(dims - 1u)), 0);
  let rep = in.uv * 64.0;
  let c0 = textureSample(capas, muestreoCapas, rep, 0);
  let c1 = textureSample(capas, muestreoCapas, rep, 1u);
  let c2 = textureSample(capas, muestreoCapas, rep, i32(min(2u, terreno.numCapas - 1u)));
  let w = vec3f(m.rgb) / 255.0;
  let base = (c0.rgb * w.x + c1.rgb * w.y + c2.rgb * w.z) / max(w.x + w.y + w.z, 0.001);
  let n = normalEn(in.uv);
  let l = max(dot(n, normalize(terreno.luz)), 0.0);
  return vec4f(base * (0.2 + 0.8 * l), 1.0);
}
