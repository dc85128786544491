// Sampling variants in a fragment shader: textureSampleBias, textureSampleGrad
// with explicit derivatives, textureSampleLevel with offsets, all on f32
// textures with a filtering sampler (=> 'float').
//
// @expect vs vertex: ajustes
// @expect fs fragment: ajustes, base+, detalle+, volumen+, cielo+, anisotropico

struct Ajustes {
  modelo : mat4x4f,
  sesgo : f32,
  escalaDetalle : f32,
  capaVolumen : f32,
  nitidez : f32,
}

@group(0) @binding(0) var<uniform> ajustes : Ajustes;
@group(0) @binding(1) var base : texture_2d<f32>;
@group(0) @binding(2) var detalle : texture_2d_array<f32>;
@group(0) @binding(3) var volumen : texture_3d<f32>;
@group(0) @binding(4) var cielo : texture_cube<f32>;
@group(0) @binding(5) var anisotropico : sampler;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) dir : vec3f,
  @location(2) p : vec3f,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) uv : vec2f) -> VOut {
  let w = ajustes.modelo * vec4f(p, 1.0);
  return VOut(w, uv, normalize(p), w.xyz);
}

// Mip-bias that grows with distance from the screen center; uses no resource.
fn sesgoRadial(uv : vec2f, k : f32) -> f32 {
  let d = distance(uv, vec2f(0.5));
  return clamp(d * k, 0.0, 4.0);
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let a = textureSampleBias(base, anisotropico, in.uv, ajustes.sesgo);
  let a2 = textureSampleBias(base, anisotropico, in.uv, ajustes.sesgo, vec2i(1, 0));
  let uvd = in.uv * ajustes.escalaDetalle;
  let dx = dpdx(uvd) * ajustes.nitidez;
  let dy = dpdy(uvd) * ajustes.nitidez;
  let d = textureSampleGrad(detalle, anisotropico, uvd, 2, dx, dy);
  let v = textureSampleGrad(volumen, anisotropico, in.p, dpdxFine(in.p), dpdyCoarse(in.p));
  let c = textureSampleBias(cielo, anisotropico, in.dir, -1.0 + sesgoRadial(in.uv, 2.0));
  let c2 = textureSampleLevel(cielo, anisotropico, in.dir, ajustes.capaVolumen);
  let mezcla = (a + a2) * 0.5 * d;
  return vec4f(mezcla.rgb + v.rgb * 0.1 + (c.rgb + c2.rgb) * 0.05, mezcla.a);
}
