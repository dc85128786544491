// Assorted corners: var<storage> without an access mode (read-only),
// textureSampleBaseClampToEdge on a texture_2d<f32> (uses a sampler =>
// 'float'), a struct holding a bool (not host-shareable, still laid out),
// @must_use and @diagnostic on functions, workgroupUniformLoad,
// num_workgroups, and an untyped override (AbstractInt => i32).
//
// @expect cs compute(16,1,1): lectura, salida
// @expect vs vertex:
// @expect fs fragment: foto+, filtro, lectura

struct Estado {
  activo : bool,
  cuenta : u32,
  peso : f32,
}

struct Dato {
  valor : vec2f,
  indice : u32,
}

override HILOS = 16;

@group(0) @binding(0) var<storage> lectura : array<Dato>;
@group(0) @binding(1) var<storage, read_write> salida : array<u32>;
@group(1) @binding(0) var foto : texture_2d<f32>;
@group(1) @binding(1) var filtro : sampler;

var<private> estado : Estado;
var<workgroup> limite : u32;

@must_use
fn contarActivos(n : u32) -> u32 {
  var c = 0u;
  for (var i = 0u; i < n; i++) {
    if (lectura[i].valor.x > 0.0) {
      c++;
    }
  }
  return c;
}

@compute @workgroup_size(HILOS)
fn cs(@builtin(local_invocation_index) li : u32, @builtin(num_workgroups) nw : vec3u) {
  if (li == 0u) {
    limite = min(arrayLength(&lectura), 64u);
  }
  let n = workgroupUniformLoad(&limite);
  estado.activo = n > 0u;
  estado.cuenta = contarActivos(n);
  if (estado.activo) {
    salida[li] = estado.cuenta * nw.x;
  }
}

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> VOut {
  let uv = vec2f(f32(vi & 1u), f32(vi >> 1u));
  return VOut(vec4f(uv * 2.0 - 1.0, 0.0, 1.0), uv);
}

@diagnostic(off, derivative_uniformity)
fn recortar(uv : vec2f) -> vec4f {
  return textureSampleBaseClampToEdge(foto, filtro, uv);
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let c = recortar(in.uv);
  let d = lectura[u32(in.uv.x * 8.0)];
  return vec4f(c.rgb * d.valor.x, f32(d.indice));
}
