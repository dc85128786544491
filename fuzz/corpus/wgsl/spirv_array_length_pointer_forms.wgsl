struct S { n: u32, d: array<u32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> r: array<u32>;
fn len1(p: ptr<storage, S, read_write>) -> u32 { let q = &(*p).d; return arrayLength(q); }
fn len2(p: ptr<storage, array<u32>, read_write>) -> u32 { let q = p; return arrayLength(q) + arrayLength(&*p); }
fn len3(p: ptr<storage, S, read_write>) -> u32 { return arrayLength(&p.d) + arrayLength(&(*p).d); }
@compute @workgroup_size(1) fn main() { let q = &s; let z = &q.d; s.n = len1(&s) + len2(&r) + len3(q) + arrayLength(z) + arrayLength(&(*q).d); }
