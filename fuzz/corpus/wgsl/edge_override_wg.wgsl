override o : u32;
@compute @workgroup_size(o, o, o) fn main() { var<workgroup> x : array<u32, o>; }