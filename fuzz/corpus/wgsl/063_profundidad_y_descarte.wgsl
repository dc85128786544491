// Fragment outputs beyond color: frag_depth written from a sphere impostor,
// sample_mask, front_facing, and discard after all derivative-using calls.
//
// @expect vs_impostor vertex: esferas, vista
// @expect fs_impostor fragment: vista, mate+, suave
// @expect fs_recorte fragment: vista, recorte

struct Esfera {
  centro : vec3f,
  radio : f32,
  color : vec4f,
}

struct Vista {
  vista : mat4x4f,
  proy : mat4x4f,
  luz : vec3f,
}

@group(0) @binding(0) var<storage, read> esferas : array<Esfera>;
@group(0) @binding(1) var<uniform> vista : Vista;
@group(1) @binding(0) var mate : texture_2d<f32>;
@group(1) @binding(1) var suave : sampler;
@group(1) @binding(2) var<uniform> recorte : vec4f;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) local : vec2f,
  @location(1) centroVista : vec3f,
  @location(2) radio : f32,
  @location(3) color : vec4f,
}

@vertex
fn vs_impostor(@builtin(vertex_index) vi : u32, @builtin(instance_index) ii : u32) -> VOut {
  let e = esferas[ii];
  let q = vec2f(f32(vi & 1u), f32(vi >> 1u)) * 2.0 - 1.0;
  let c = (vista.vista * vec4f(e.centro, 1.0)).xyz;
  let p = c + vec3f(q * e.radio, 0.0);
  return VOut(vista.proy * vec4f(p, 1.0), q, c, e.radio, e.color);
}

struct FragOut {
  @location(0) color : vec4f,
  @builtin(frag_depth) profundidad : f32,
  @builtin(sample_mask) mascara : u32,
}

@fragment
fn fs_impostor(in : VOut, @builtin(front_facing) frente : bool) -> FragOut {
  let m = textureSample(mate, suave, in.local * 0.5 + 0.5);
  let r2 = dot(in.local, in.local);
  let z = sqrt(max(1.0 - r2, 0.0));
  let n = vec3f(in.local, z);
  let p = in.centroVista + n * in.radio;
  let clip = vista.proy * vec4f(p, 1.0);
  var o : FragOut;
  let l = max(dot(n, normalize(vista.luz)), 0.0);
  o.color = vec4f(in.color.rgb * m.rgb * (0.2 + 0.8 * l), 1.0);
  o.profundidad = clip.z / clip.w;
  o.mascara = select(0xffffffffu, 0x0000ffffu, frente);
  if (r2 > 1.0) {
    discard;
  }
  return o;
}

@fragment
fn fs_recorte(in : VOut) -> @location(0) vec4f {
  let p = in.centroVista;
  if (dot(vec4f(p, 1.0), recorte) < 0.0) {
    discard;
  }
  let d = (vista.vista * vec4f(p, 0.0)).xyz;
  return vec4f(in.color.rgb * (0.5 + 0.5 * normalize(d).z), in.color.a);
}
