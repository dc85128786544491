var<workgroup> w: array<atomic<u32>, 4>;
var<workgroup> v: array<vec2f, 4>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
fn inc(p: ptr<workgroup, atomic<u32>>) -> u32 { return atomicAdd(p, 1u); }
fn put(p: ptr<workgroup, vec2f>) { (*p).y = 3.0; }
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) li: u32) { out[li] = inc(&w[li % 4u]); put(&v[li]); }
