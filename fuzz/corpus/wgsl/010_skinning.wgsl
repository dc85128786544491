// GPU skinning: a compute pre-pass skins vertices into an output buffer; the
// vertex shader of the debug path skins on the fly from read-only storage.
//
// @expect skin compute(64,1,1): huesos, entrada, pesos, salida, info
// @expect vs_debug vertex: huesos, pesos, info, camara
// @expect fs_debug fragment: info

struct VerticeEntrada {
  posicion : vec3f,
  normal : vec3f,
  uv : vec2f,
}

struct Pesos {
  indices : vec4u,
  pesos : vec4f,
}

struct VerticeSalida {
  posicion : vec4f,
  normal : vec4f,
}

struct Info {
  numVertices : u32,
  numHuesos : u32,
  colorDebug : vec4f,
}

@group(0) @binding(0) var<storage, read> huesos : array<mat4x4f>;
@group(0) @binding(1) var<storage, read> entrada : array<VerticeEntrada>;
@group(0) @binding(2) var<storage, read> pesos : array<Pesos>;
@group(0) @binding(3) var<storage, read_write> salida : array<VerticeSalida>;
@group(0) @binding(4) var<uniform> info : Info;
@group(1) @binding(0) var<uniform> camara : mat4x4f;

fn matrizPiel(i : u32) -> mat4x4f {
  let w = pesos[i];
  var m = mat4x4f();
  for (var k = 0u; k < 4u; k++) {
    let h = min(w.indices[k], info.numHuesos - 1u);
    m += huesos[h] * w.pesos[k];
  }
  return m;
}

@compute @workgroup_size(64)
fn skin(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= info.numVertices) {
    return;
  }
  let m = matrizPiel(id.x);
  let v = entrada[id.x];
  salida[id.x].posicion = m * vec4f(v.posicion, 1.0);
  salida[id.x].normal = vec4f(normalize((m * vec4f(v.normal, 0.0)).xyz), 0.0);
}

struct DebugOut {
  @builtin(position) pos : vec4f,
  @location(0) peso : f32,
}

@vertex
fn vs_debug(@location(0) p : vec3f, @builtin(vertex_index) vi : u32) -> DebugOut {
  var o : DebugOut;
  o.pos = camara * matrizPiel(vi) * vec4f(p, 1.0);
  o.peso = pesos[vi].pesos.x;
  return o;
}

@fragment
fn fs_debug(in : DebugOut) -> @location(0) vec4f {
  return info.colorDebug * in.peso;
}
