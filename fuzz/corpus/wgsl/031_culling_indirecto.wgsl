// GPU-driven rendering: frustum-cull instances and append draw commands for
// drawIndexedIndirect with an atomic counter.
//
// @expect cull compute(64,1,1): frustum, instancias, comandos, contador, mallas
// @expect reiniciar compute(1,1,1): contador

struct ComandoIndexado {
  numIndices : u32,
  numInstancias : u32,
  primerIndice : u32,
  desplazamientoBase : i32,
  primeraInstancia : u32,
}

struct Frustum {
  planos : array<vec4f, 6>,
  cantidad : u32,
  lodDistancia : f32,
}

struct Instancia {
  centro : vec3f,
  radio : f32,
  malla : u32,
}

struct Malla {
  primerIndice : u32,
  numIndices : u32,
  desplazamiento : i32,
}

struct Contador {
  dibujos : atomic<u32>,
  descartados : atomic<u32>,
}

@group(0) @binding(0) var<uniform> frustum : Frustum;
@group(0) @binding(1) var<storage, read> instancias : array<Instancia>;
@group(0) @binding(2) var<storage, read> mallas : array<Malla>;
@group(1) @binding(0) var<storage, read_write> comandos : array<ComandoIndexado>;
@group(1) @binding(1) var<storage, read_write> contador : Contador;

fn dentro(c : vec3f, r : f32) -> bool {
  for (var i = 0; i < 6; i++) {
    let p = frustum.planos[i];
    if (dot(p.xyz, c) + p.w < -r) {
      return false;
    }
  }
  return true;
}

@compute @workgroup_size(64)
fn cull(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= frustum.cantidad) {
    return;
  }
  let inst = instancias[id.x];
  if (!dentro(inst.centro, inst.radio)) {
    atomicAdd(&contador.descartados, 1u);
    return;
  }
  let m = mallas[inst.malla];
  let slot = atomicAdd(&contador.dibujos, 1u);
  comandos[slot] = ComandoIndexado(m.numIndices, 1u, m.primerIndice, m.desplazamiento, id.x);
}

@compute @workgroup_size(1)
fn reiniciar() {
  atomicStore(&contador.dibujos, 0u);
  atomicStore(&contador.descartados, 0u);
}
