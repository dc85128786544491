// Two compute entry points and an override without a default.
override blockSize: u32;
@group(0) @binding(0) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn scale(@builtin(global_invocation_id) id: vec3u) {
  data[id.x] = data[id.x] * 2.0;
}

@compute @workgroup_size(blockSize)
fn blocked(@builtin(global_invocation_id) id: vec3u) {
  data[id.x / blockSize] += 1.0;
}
