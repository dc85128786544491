// Mipmap generation two ways: a render pass that samples the previous level
// (textureSample in a fragment shader) and a compute pass that box-filters
// with textureLoad into a storage texture.
//
// @expect vs_mip vertex:
// @expect fs_mip fragment: anterior+, bilineal
// @expect cs_mip compute(8,8,1): anterior, siguiente, nivel

@group(0) @binding(0) var anterior : texture_2d<f32>;
@group(0) @binding(1) var bilineal : sampler;
@group(0) @binding(2) var siguiente : texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(3) var<uniform> nivel : u32;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs_mip(@builtin(vertex_index) vi : u32) -> VOut {
  var pos = array(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  let p = pos[vi];
  return VOut(vec4f(p, 0.0, 1.0), vec2f(p.x * 0.5 + 0.5, 0.5 - p.y * 0.5));
}

@fragment
fn fs_mip(in : VOut) -> @location(0) vec4f {
  return textureSample(anterior, bilineal, in.uv);
}

fn srgbALineal(c : vec3f) -> vec3f {
  return select(pow((c + 0.055) / 1.055, vec3f(2.4)), c / 12.92, c <= vec3f(0.04045));
}

fn linealASrgb(c : vec3f) -> vec3f {
  return select(1.055 * pow(c, vec3f(1.0 / 2.4)) - 0.055, c * 12.92, c <= vec3f(0.0031308));
}

@compute @workgroup_size(8, 8)
fn cs_mip(@builtin(global_invocation_id) id : vec3u) {
  let d = textureDimensions(siguiente);
  if (id.x >= d.x || id.y >= d.y) {
    return;
  }
  let src = id.xy * 2u;
  let maxSrc = textureDimensions(anterior, nivel) - 1u;
  var acc = vec4f(0.0);
  for (var k = 0u; k < 4u; k++) {
    let o = vec2u(k & 1u, k >> 1u);
    let t = textureLoad(anterior, min(src + o, maxSrc), nivel);
    acc += vec4f(srgbALineal(t.rgb), t.a);
  }
  acc *= 0.25;
  textureStore(siguiente, id.xy, vec4f(linealASrgb(acc.rgb), acc.a));
}
