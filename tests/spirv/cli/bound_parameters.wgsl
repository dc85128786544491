@group(0) @binding(0) var<uniform> u: vec4f;
fn read(p: ptr<uniform, vec4f>) -> vec4f { return *p; }
@fragment fn fs() -> @location(0) vec4f {
  return read(&u);
}
var<workgroup> w: array<atomic<u32>, 4>;
@group(0) @binding(1) var t: texture_external;
@group(0) @binding(2) var<storage, read_write> o: array<u32, 4>;
override k: u32 = 2u;
var<private> start = k * 3u;
fn inc(p: ptr<workgroup, atomic<u32>>) -> u32 { return atomicAdd(p, 1u); }
fn size(tex: texture_external) -> vec2u { return textureDimensions(tex); }
@compute @workgroup_size(4) fn cs(@builtin(local_invocation_index) li: u32) {
  o[li] = inc(&w[li]) + size(t).x + start;
}
