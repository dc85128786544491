// Sparse binding numbers: bindings need not be consecutive nor start at zero;
// groups can be skipped. Group 3 uses high binding numbers.
//
// @expect vs vertex: vista, huesosExtra
// @expect fs fragment: vista, detalle+, mascara, s, tabla
// @expect precalcular compute(16,1,1): tabla, huesosExtra, vista

@group(0) @binding(5) var<uniform> vista : mat4x4f;
@group(0) @binding(900) var<storage, read> huesosExtra : array<mat4x4f>;
@group(3) @binding(17) var detalle : texture_2d<f32>;
@group(3) @binding(3) var mascara : texture_2d<u32>;
@group(3) @binding(100) var s : sampler;
@group(3) @binding(64) var<storage, read> tabla : array<vec4f, 16>;
@group(2) @binding(0) var<uniform> reservado : vec4f;
@group(2) @binding(7) var<storage, read_write> cache : array<vec4f>;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) @interpolate(flat) indice : u32,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) uv : vec2f, @location(2) hueso : u32) -> VOut {
  var m = vista;
  if (hueso != 0xffffffffu) {
    m = vista * huesosExtra[hueso];
  }
  var o : VOut;
  o.pos = m * vec4f(p, 1.0);
  o.uv = uv;
  o.indice = hueso & 15u;
  return o;
}

fn seleccionarColor(i : u32, k : u32) -> vec4f {
  if (k == 0u) {
    return tabla[i];
  }
  return tabla[(i + k) % 16u] * 0.5;
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let d = textureSample(detalle, s, in.uv);
  let m = textureLoad(mascara, vec2i(in.uv * 64.0), 0).r;
  let c = seleccionarColor(in.indice, m);
  let ojo = vista[3].xyz;
  return vec4f(c.rgb * d.rgb + ojo * 0.0, c.a);
}

// Also reads the table from compute; `cache` aliases nothing and is never used
// by an entry point that is called: precalcular does not touch it.
@compute @workgroup_size(16)
fn precalcular(@builtin(local_invocation_index) li : u32) {
  let c = seleccionarColor(li, 0u);
  let m = huesosExtra[li % arrayLength(&huesosExtra)];
  _ = m * vista * c;
}

fn escribirCache(i : u32, v : vec4f) {
  cache[i] = v;
}
