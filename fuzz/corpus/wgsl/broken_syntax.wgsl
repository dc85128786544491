// A broken shader: a missing ';' after the declaration.
@group(0) @binding(0) var<uniform> escala : f32

@fragment
fn fs() -> @location(0) vec4f {
  return vec4f(escala);
}
