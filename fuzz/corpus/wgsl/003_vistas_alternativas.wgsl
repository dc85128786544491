// Seed article 003: the same buffer declared with two types at the same
// @group/@binding, each used by a different entry point (legal).
//
// @expect simular compute(64,1,1): particulas
// @expect limpiar compute(64,1,1): crudo
// @expect contar compute(32,1,1): crudo, resumen

struct Particula {
  posicion : vec4f,
  velocidad : vec4f,
}

struct Resumen {
  total : atomic<u32>,
  ceros : atomic<u32>,
}

// Vista tipada: la usa el shader de simulacion.
@group(0) @binding(0) var<storage, read_write> particulas : array<Particula>;

// Vista cruda del mismo buffer: la usa el shader que lo pone a cero.
@group(0) @binding(0) var<storage, read_write> crudo : array<vec4f>;

@group(0) @binding(1) var<storage, read_write> resumen : Resumen;

@compute @workgroup_size(64)
fn simular(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x].posicion += particulas[id.x].velocidad;   // solo usa 'particulas'
}

@compute @workgroup_size(64)
fn limpiar(@builtin(global_invocation_id) id : vec3u) {
  crudo[id.x] = vec4f(0.0);                                  // solo usa 'crudo'
}

fn esCero(v : vec4f) -> bool {
  return all(v == vec4f(0.0));
}

@compute @workgroup_size(32)
fn contar(@builtin(global_invocation_id) id : vec3u) {
  let n = arrayLength(&crudo);
  var i = id.x;
  loop {
    if (i >= n) {
      break;
    }
    atomicAdd(&resumen.total, 1u);
    if (esCero(crudo[i])) {
      atomicAdd(&resumen.ceros, 1u);
    }
    i += 32u * 64u;
  }
}
