// Vertex pulling: no vertex buffers; the vertex shader fetches indices and
// packed attributes from read-only storage buffers by vertex_index.
//
// @expect vs vertex: indices, posiciones, atributos, dibujo
// @expect fs fragment: dibujo

struct Dibujo {
  vistaProy : mat4x4f,
  primerIndice : u32,
  baseVertice : u32,
  colorPlano : vec4f,
}

@group(0) @binding(0) var<storage, read> indices : array<u32>;
@group(0) @binding(1) var<storage, read> posiciones : array<f32>;
@group(0) @binding(2) var<storage, read> atributos : array<vec2u>;
@group(0) @binding(3) var<uniform> dibujo : Dibujo;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) normal : vec3f,
  @location(1) uv : vec2f,
}

fn leerPosicion(v : u32) -> vec3f {
  let i = v * 3u;
  return vec3f(posiciones[i], posiciones[i + 1u], posiciones[i + 2u]);
}

fn desempaquetarNormal(p : u32) -> vec3f {
  let v = unpack4x8snorm(p);
  return normalize(v.xyz);
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> VOut {
  let v = indices[dibujo.primerIndice + vi] + dibujo.baseVertice;
  let a = atributos[v];
  var o : VOut;
  o.pos = dibujo.vistaProy * vec4f(leerPosicion(v), 1.0);
  o.normal = desempaquetarNormal(a.x);
  o.uv = unpack2x16unorm(a.y);
  return o;
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let l = max(dot(normalize(in.normal), normalize(vec3f(1.0, 2.0, 3.0))), 0.0);
  let cuadros = select(0.8, 1.0, (u32(in.uv.x * 8.0) + u32(in.uv.y * 8.0)) % 2u == 0u);
  return vec4f(dibujo.colorPlano.rgb * (0.2 + 0.8 * l) * cuadros, dibujo.colorPlano.a);
}
