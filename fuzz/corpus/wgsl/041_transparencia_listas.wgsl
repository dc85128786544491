// Order-independent transparency with per-pixel linked lists: the fragment
// shader appends fragments with atomics, a fullscreen pass sorts and blends.
//
// @expect vs_geo vertex: camara
// @expect fs_insertar fragment: cabezas, nodos, contador, camara
// @expect vs_pantalla vertex:
// @expect fs_componer fragment: cabezas, nodos, camara

struct Nodo {
  color : vec4f,
  profundidad : f32,
  siguiente : u32,
}

struct Nodos {
  capacidad : u32,
  lista : array<Nodo>,
}

struct Camara {
  vistaProy : mat4x4f,
  ancho : u32,
}

const FIN : u32 = 0xffffffffu;

@group(0) @binding(0) var<storage, read_write> cabezas : array<atomic<u32>>;
@group(0) @binding(1) var<storage, read_write> nodos : Nodos;
@group(0) @binding(2) var<storage, read_write> contador : atomic<u32>;
@group(0) @binding(3) var<uniform> camara : Camara;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) color : vec4f,
}

@vertex
fn vs_geo(@location(0) p : vec3f, @location(1) c : vec4f) -> VOut {
  return VOut(camara.vistaProy * vec4f(p, 1.0), c);
}

@fragment
fn fs_insertar(in : VOut) {
  let i = atomicAdd(&contador, 1u);
  if (i >= nodos.capacidad) {
    return;
  }
  let pix = u32(in.pos.y) * camara.ancho + u32(in.pos.x);
  let previo = atomicExchange(&cabezas[pix], i);
  nodos.lista[i] = Nodo(in.color, in.pos.z, previo);
}

@vertex
fn vs_pantalla(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  return vec4f(f32(vi & 1u) * 4.0 - 1.0, f32(vi >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}

const MAX_CAPAS : u32 = 16u;

@fragment
fn fs_componer(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let pix = u32(p.y) * camara.ancho + u32(p.x);
  var capas : array<Nodo, MAX_CAPAS>;
  var n = 0u;
  var k = atomicLoad(&cabezas[pix]);
  while (k != FIN && n < MAX_CAPAS) {
    capas[n] = nodos.lista[k];
    k = capas[n].siguiente;
    n++;
  }
  for (var i = 1u; i < n; i++) {
    let x = capas[i];
    var j = i;
    while (j > 0u && capas[j - 1u].profundidad < x.profundidad) {
      capas[j] = capas[j - 1u];
      j--;
    }
    capas[j] = x;
  }
  var c = vec4f(0.0);
  for (var i = 0u; i < n; i++) {
    let f = capas[i].color;
    c = vec4f(mix(c.rgb, f.rgb, f.a), c.a + f.a * (1.0 - c.a));
  }
  return c;
}
