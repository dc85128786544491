// A broken shader: one entry point statically uses two variables declared at
// the same @group/@binding (WGSL #resource-interface: shader-creation error).
@group(0) @binding(0) var<storage, read_write> particulas : array<vec4f>;
@group(0) @binding(0) var<storage, read_write> crudo : array<u32>;

@compute @workgroup_size(64)
fn ambas(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x] = vec4f(f32(crudo[id.x]));
}
