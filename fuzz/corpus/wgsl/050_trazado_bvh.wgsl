// A compute ray tracer over a BVH: nodes, triangles and materials in storage
// buffers, a stack in function memory, output to an rgba8unorm storage texture,
// progressive accumulation in a read_write f32 buffer.
//
// @expect trazar compute(8,8,1): camara, nodos, triangulos, materiales, acumulado, imagen
// @expect reiniciar compute(64,1,1): acumulado

struct Camara {
  origen : vec3f,
  muestra : u32,
  inferiorIzq : vec3f,
  tamX : u32,
  horizontal : vec3f,
  tamY : u32,
  vertical : vec3f,
}

struct Nodo {
  minimo : vec3f,
  izquierdaOPrimero : u32,
  maximo : vec3f,
  cantidad : u32,
}

struct Triangulo {
  v0 : vec3f,
  v1 : vec3f,
  v2 : vec3f,
  material : u32,
}

struct Material {
  albedo : vec3f,
  emision : f32,
}

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var<storage, read> nodos : array<Nodo>;
@group(0) @binding(2) var<storage, read> triangulos : array<Triangulo>;
@group(0) @binding(3) var<storage, read> materiales : array<Material, 32>;
@group(1) @binding(0) var<storage, read_write> acumulado : array<vec4f>;
@group(1) @binding(1) var imagen : texture_storage_2d<rgba8unorm, write>;

struct Impacto {
  t : f32,
  tri : u32,
}

fn cajaRayo(o : vec3f, inv : vec3f, lo : vec3f, hi : vec3f, tmax : f32) -> bool {
  let t0 = (lo - o) * inv;
  let t1 = (hi - o) * inv;
  let a = max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z));
  let b = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
  return b >= max(a, 0.0) && a < tmax;
}

fn trianguloRayo(o : vec3f, d : vec3f, tr : Triangulo) -> f32 {
  let e1 = tr.v1 - tr.v0;
  let e2 = tr.v2 - tr.v0;
  let p = cross(d, e2);
  let det = dot(e1, p);
  if (abs(det) < 1e-8) {
    return -1.0;
  }
  let inv = 1.0 / det;
  let s = o - tr.v0;
  let u = dot(s, p) * inv;
  let q = cross(s, e1);
  let v = dot(d, q) * inv;
  if (u < 0.0 || v < 0.0 || u + v > 1.0) {
    return -1.0;
  }
  return dot(e2, q) * inv;
}

fn intersecar(o : vec3f, d : vec3f) -> Impacto {
  var pila : array<u32, 32>;
  var sp = 1;
  pila[0] = 0u;
  var mejor = Impacto(1e30, 0xffffffffu);
  let inv = 1.0 / d;
  while (sp > 0) {
    sp--;
    let n = nodos[pila[sp]];
    if (!cajaRayo(o, inv, n.minimo, n.maximo, mejor.t)) {
      continue;
    }
    if (n.cantidad > 0u) {
      for (var i = 0u; i < n.cantidad; i++) {
        let t = trianguloRayo(o, d, triangulos[n.izquierdaOPrimero + i]);
        if (t > 0.0 && t < mejor.t) {
          mejor = Impacto(t, n.izquierdaOPrimero + i);
        }
      }
    } else if (sp < 30) {
      pila[sp] = n.izquierdaOPrimero;
      pila[sp + 1] = n.izquierdaOPrimero + 1u;
      sp += 2;
    }
  }
  return mejor;
}

@compute @workgroup_size(8, 8)
fn trazar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= camara.tamX || id.y >= camara.tamY) {
    return;
  }
  let uv = (vec2f(id.xy) + 0.5) / vec2f(f32(camara.tamX), f32(camara.tamY));
  let d = normalize(camara.inferiorIzq + uv.x * camara.horizontal + uv.y * camara.vertical - camara.origen);
  let imp = intersecar(camara.origen, d);
  var c = vec3f(0.6, 0.7, 0.9) * (0.5 + 0.5 * d.y);
  if (imp.tri != 0xffffffffu) {
    let m = materiales[triangulos[imp.tri].material % 32u];
    c = m.albedo * (0.3 + m.emision);
  }
  let i = id.y * camara.tamX + id.x;
  let previo = acumulado[i];
  let nuevo = (previo.rgb * f32(camara.muestra) + c) / f32(camara.muestra + 1u);
  acumulado[i] = vec4f(nuevo, 1.0);
  textureStore(imagen, id.xy, vec4f(sqrt(nuevo), 1.0));
}

@compute @workgroup_size(64)
fn reiniciar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < arrayLength(&acumulado)) {
    acumulado[id.x] = vec4f(0.0);
  }
}
