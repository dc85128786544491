@group(0) @binding(0) var<uniform> u: vec4f;
fn read(p: ptr<uniform, vec4f>) -> vec4f { return *p; }
@fragment fn fs() -> @location(0) vec4f {
  return read(&u);
}
