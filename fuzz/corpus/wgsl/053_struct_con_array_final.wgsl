// Storage structs that end in a runtime-sized array: the minimum binding size
// counts the header plus one element (WebGPU #minimum-buffer-binding-size).
//
// @expect procesar compute(64,1,1): malla, salida, histograma
// @expect resumir compute(1,1,1): malla, histograma, informe

struct Vertice {
  posicion : vec3f,
  uv : vec2f,
}

struct Malla {
  numVertices : u32,
  caja : mat2x3f,
  vertices : array<Vertice>,
}

struct Salida {
  escala : vec2f,
  valores : array<f32>,
}

struct Histograma {
  total : atomic<u32>,
  cubetas : array<atomic<u32>>,
}

struct Informe {
  minimo : vec3f,
  maximo : vec3f,
  cuenta : u32,
}

@group(0) @binding(0) var<storage, read> malla : Malla;
@group(0) @binding(1) var<storage, read_write> salida : Salida;
@group(0) @binding(2) var<storage, read_write> histograma : Histograma;
@group(0) @binding(3) var<storage, read_write> informe : Informe;

@compute @workgroup_size(64)
fn procesar(@builtin(global_invocation_id) id : vec3u) {
  let n = min(malla.numVertices, arrayLength(&malla.vertices));
  if (id.x >= n || id.x >= arrayLength(&salida.valores)) {
    return;
  }
  let v = malla.vertices[id.x];
  let c = (v.posicion - malla.caja[0]) / max(malla.caja[1] - malla.caja[0], vec3f(1e-6));
  let valor = length(c) * salida.escala.x + v.uv.x * salida.escala.y;
  salida.valores[id.x] = valor;
  let nc = arrayLength(&histograma.cubetas);
  let k = min(u32(clamp(valor, 0.0, 1.0) * f32(nc)), nc - 1u);
  atomicAdd(&histograma.cubetas[k], 1u);
  atomicAdd(&histograma.total, 1u);
}

@compute @workgroup_size(1)
fn resumir() {
  var lo = vec3f(1e30);
  var hi = vec3f(-1e30);
  for (var i = 0u; i < malla.numVertices; i++) {
    lo = min(lo, malla.vertices[i].posicion);
    hi = max(hi, malla.vertices[i].posicion);
  }
  informe.minimo = lo;
  informe.maximo = hi;
  informe.cuenta = atomicLoad(&histograma.total);
}
