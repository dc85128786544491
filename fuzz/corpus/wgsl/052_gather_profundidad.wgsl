// Depth-aware upsampling: textureGather on a depth texture (needs a sampler,
// sample type stays 'depth') and textureGatherCompare for a 2x2 shadow test.
//
// @expect vs vertex:
// @expect fs_subir fragment: profBaja, puntual, colorBajo+, profAlta
// @expect fs_sombra fragment: sombra, cmp, luz

@group(0) @binding(0) var profBaja : texture_depth_2d;
@group(0) @binding(1) var puntual : sampler;
@group(0) @binding(2) var colorBajo : texture_2d<f32>;
@group(0) @binding(3) var profAlta : texture_depth_2d;
@group(1) @binding(0) var sombra : texture_depth_2d_array;
@group(1) @binding(1) var cmp : sampler_comparison;
@group(1) @binding(2) var<uniform> luz : mat4x4f;

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
  return vec4f(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs_subir(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let dimsAlta = vec2f(textureDimensions(profAlta));
  let uv = p.xy / dimsAlta;
  let z = textureLoad(profAlta, vec2i(p.xy), 0);
  let zs = textureGather(profBaja, puntual, uv);
  let cs = array<vec4f, 4>(
    textureSampleLevel(colorBajo, puntual, uv, 0.0, vec2i(-1, 1)),
    textureSampleLevel(colorBajo, puntual, uv, 0.0, vec2i(1, 1)),
    textureSampleLevel(colorBajo, puntual, uv, 0.0, vec2i(1, -1)),
    textureSampleLevel(colorBajo, puntual, uv, 0.0, vec2i(-1, -1)));
  let dif = abs(zs - vec4f(z));
  var mejor = 0u;
  for (var i = 1u; i < 4u; i++) {
    if (dif[i] < dif[mejor]) {
      mejor = i;
    }
  }
  return cs[mejor];
}

@fragment
fn fs_sombra(@location(0) mundo : vec3f, @location(1) @interpolate(flat) capa : u32) -> @location(0) vec4f {
  let l = luz * vec4f(mundo, 1.0);
  let uv = l.xy / l.w * vec2f(0.5, -0.5) + 0.5;
  let v = textureGatherCompare(sombra, cmp, uv, capa, l.z / l.w);
  let f = fract(uv * vec2f(textureDimensions(sombra)) - 0.5);
  let arriba = mix(v.w, v.z, f.x);
  let abajo = mix(v.x, v.y, f.x);
  return vec4f(vec3f(mix(arriba, abajo, f.y)), 1.0);
}
