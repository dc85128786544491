// Skybox from a cube map, drawn as a fullscreen triangle at the far plane.
// The inverse view-projection reconstructs the view direction per pixel.
//
// @expect vs_cielo vertex: cielo
// @expect fs_cielo fragment: cielo, cubo+, suave

struct Cielo {
  invVistaProy : mat4x4f,
  tinte : vec3f,
  exposicion : f32,
  rotacion : f32,
}

@group(0) @binding(0) var<uniform> cielo : Cielo;
@group(0) @binding(1) var cubo : texture_cube<f32>;
@group(0) @binding(2) var suave : sampler;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) ndc : vec2f,
}

@vertex
fn vs_cielo(@builtin(vertex_index) vi : u32) -> VOut {
  var pts = array<vec2f, 3>(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));
  var o : VOut;
  o.pos = vec4f(pts[vi], 1.0, 1.0);
  o.ndc = pts[vi];
  _ = cielo.rotacion;
  return o;
}

fn rotarY(d : vec3f, a : f32) -> vec3f {
  let c = cos(a);
  let s = sin(a);
  return vec3f(c * d.x + s * d.z, d.y, -s * d.x + c * d.z);
}

fn tonemap(c : vec3f) -> vec3f {
  let x = c * cielo.exposicion;
  return x / (x + vec3f(1.0));
}

@fragment
fn fs_cielo(in : VOut) -> @location(0) vec4f {
  let h = cielo.invVistaProy * vec4f(in.ndc, 1.0, 1.0);
  let dir = rotarY(normalize(h.xyz / h.w), cielo.rotacion);
  let c = textureSample(cubo, suave, dir).rgb * cielo.tinte;
  return vec4f(tonemap(c), 1.0);
}
