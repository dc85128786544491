override n: u32 = 3u;
var<private> x = n * 2u;
var<private> arr = array(n, n + 1u);
@group(0) @binding(1) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() { out[0] = x + arr[1]; }
