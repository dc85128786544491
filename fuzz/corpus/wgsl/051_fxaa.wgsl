// A simplified FXAA: luma from textureGather of the green channel and a few
// bilinear taps along the detected edge.
//
// @expect vs vertex:
// @expect fs_fxaa fragment: color+, lineal, fxaa

struct Fxaa {
  texel : vec2f,
  umbralAbs : f32,
  umbralRel : f32,
  subpixel : f32,
}

@group(0) @binding(0) var color : texture_2d<f32>;
@group(0) @binding(1) var lineal : sampler;
@group(0) @binding(2) var<uniform> fxaa : Fxaa;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> VOut {
  let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
  return VOut(vec4f(uv * 2.0 - 1.0, 0.0, 1.0), vec2f(uv.x, 1.0 - uv.y));
}

fn luma(c : vec3f) -> f32 {
  return dot(c, vec3f(0.299, 0.587, 0.114));
}

@fragment
fn fs_fxaa(in : VOut) -> @location(0) vec4f {
  let centro = textureSample(color, lineal, in.uv);
  let g0 = textureGather(1, color, lineal, in.uv);
  let g1 = textureGather(1, color, lineal, in.uv, vec2i(-1, -1));
  let lC = luma(centro.rgb);
  let lMin = min(lC, min(min(g0.x, g0.y), min(g0.z, g0.w)));
  let lMax = max(lC, max(max(g0.x, g0.y), max(g0.z, g0.w)));
  let rango = lMax - lMin;
  let horiz = abs(g0.x + g1.z - 2.0 * lC);
  let vert = abs(g0.z + g1.x - 2.0 * lC);
  let esHorizontal = horiz >= vert;
  let paso = select(vec2f(fxaa.texel.x, 0.0), vec2f(0.0, fxaa.texel.y), esHorizontal);
  let a = textureSampleLevel(color, lineal, in.uv + paso * 0.5, 0.0).rgb;
  let b = textureSampleLevel(color, lineal, in.uv - paso * 0.5, 0.0).rgb;
  let c = textureSampleLevel(color, lineal, in.uv + paso * 1.5, 0.0).rgb;
  let d = textureSampleLevel(color, lineal, in.uv - paso * 1.5, 0.0).rgb;
  let media2 = (a + b) * 0.5;
  let media4 = (a + b + c + d) * 0.25;
  let l4 = luma(media4);
  var salida = media4;
  if (l4 < lMin || l4 > lMax) {
    salida = media2;
  }
  if (rango < max(fxaa.umbralAbs, lMax * fxaa.umbralRel)) {
    return centro;
  }
  return vec4f(mix(centro.rgb, salida, fxaa.subpixel), centro.a);
}
