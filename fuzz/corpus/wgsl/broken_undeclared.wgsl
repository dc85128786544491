// A broken shader: `velocidad` is not declared. `bindery reflect` must exit 1
// and print the diagnostic with the source line and a caret.
@group(0) @binding(0) var<storage, read_write> datos : array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id : vec3u) {
  datos[id.x] = datos[id.x] + velocidad;
}
