// An array whose SizeOf (300000000 * 16 = 4800000000) exceeds 2^32.
@group(0) @binding(0) var<storage, read> big : array<vec4f, 300000000>;
@compute @workgroup_size(1) fn main() { _ = big[0]; }
