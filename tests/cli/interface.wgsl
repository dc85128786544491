// The stage interface `bindery reflect` prints (tests/cli/CMakeLists.txt).
enable f16;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) @interpolate(flat) id : u32,
}

struct Push { tint : vec4f, scale : f32 }
var<immediate> push : Push;

@group(0) @binding(0) var tex : texture_2d<f32>;
@group(0) @binding(1) var samp : sampler;
@group(0) @binding(2) var shadow : texture_depth_2d;
@group(0) @binding(3) var cmp : sampler_comparison;
@group(1) @binding(0) var<storage, read_write> data : array<f32>;
@group(1) @binding(1) var<uniform> ñandú : vec4f;
@group(3) @binding(7) var<uniform> forgotten : vec4f;

@vertex fn vs(@location(0) position : vec3f, @location(1) uv : vec2f,
              @builtin(vertex_index) vi : u32) -> VOut {
  return VOut(vec4f(position, 1.0), uv, vi);
}

@fragment fn fs(in : VOut) -> @location(0) vec4f {
  let lit = textureSampleCompare(shadow, cmp, in.uv, 0.5);
  return textureSample(tex, samp, in.uv) * lit * push.tint;
}

override tile : u32 = 8;
var<workgroup> scratch : array<f32, 64>;

@compute @workgroup_size(tile * 2, 4) fn cs(@builtin(local_invocation_index) li : u32) {
  scratch[li] = data[li];
  let h : f16 = 1.0h;
  data[li] = scratch[63 - li] + f32(h) + ñandú.x;
}
