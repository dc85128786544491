requires buffer_view;
@group(0) @binding(0) var<storage> r : buffer;
@group(0) @binding(1) var<storage, read_write> out : vec4u;
@compute @workgroup_size(1) fn main() { out = *bufferView<vec4u>(&r, 0); }
