// Module-scope declarations may be used before they are declared: the entry
// points come first, then helpers, then the resources, structs and aliases
// they use (WGSL: module-scope declarations are order-independent).
//
// @expect vs vertex: transformacion, vertices
// @expect fs fragment: paleta, tabla
// @expect cs compute(8,8,1): tabla, imagen

struct Salida {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(flat) color : u32,
}

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> Salida {
  let v = leerVertice(vi);
  return Salida(transformacion.matriz * vec4f(v.posicion, 1.0), v.color);
}

@fragment
fn fs(in : Salida) -> @location(0) vec4f {
  return colorDe(in.color) * f32(tabla.cantidad);
}

@compute @workgroup_size(LADO, LADO)
fn cs(@builtin(global_invocation_id) id : vec3u) {
  textureStore(imagen, id.xy, vec4u(tabla.cantidad, id.x, id.y, 0u));
}

fn leerVertice(i : u32) -> Vertice {
  return vertices[i];
}

fn colorDe(i : u32) -> Color {
  return paleta[i % TAM_PALETA];
}

const LADO : u32 = 8u;
const TAM_PALETA : u32 = 16u;

alias Color = vec4f;

@group(0) @binding(0) var<uniform> transformacion : Transformacion;
@group(0) @binding(1) var<storage, read> vertices : array<Vertice>;
@group(1) @binding(0) var<uniform> paleta : array<Color, TAM_PALETA>;
@group(1) @binding(1) var<uniform> tabla : Tabla;
@group(2) @binding(0) var imagen : texture_storage_2d<rgba32uint, write>;

struct Transformacion {
  matriz : mat4x4f,
}

struct Vertice {
  posicion : vec3f,
  color : u32,
}

struct Tabla {
  cantidad : u32,
  escala : vec3f,
}
