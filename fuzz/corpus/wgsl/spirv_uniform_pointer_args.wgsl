struct U { a: vec4f, b: array<vec4f, 4> }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<f32, 4>;
fn rd(p: ptr<uniform, U>, i: u32) -> f32 { return (*p).b[i].y + p.a.x; }
fn rd2(p: ptr<uniform, vec4f>) -> f32 { return (*p).z; }
@compute @workgroup_size(1) fn main() { out[0] = rd(&u, 2u); out[1] = rd2(&u.b[1]); }
