// Lock-free structures with atomicCompareExchangeWeak: a hash set of u32 keys
// and a spin-free max-with-payload update, plus i32 atomics.
//
// @expect insertar compute(64,1,1): tabla, claves, estadisticas
// @expect buscar compute(64,1,1): tabla, claves, encontrados
// @expect maximo compute(64,1,1): claves, mejor, estadisticas

const VACIO : u32 = 0xffffffffu;

struct Estadisticas {
  colisiones : atomic<u32>,
  insertados : atomic<u32>,
  balance : atomic<i32>,
}

@group(0) @binding(0) var<storage, read_write> tabla : array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> claves : array<u32>;
@group(0) @binding(2) var<storage, read_write> estadisticas : Estadisticas;
@group(0) @binding(3) var<storage, read_write> encontrados : array<u32>;
@group(0) @binding(4) var<storage, read_write> mejor : atomic<u32>;

fn mezclar(k : u32) -> u32 {
  var h = k;
  h ^= h >> 16u;
  h *= 0x7feb352du;
  h ^= h >> 15u;
  h *= 0x846ca68bu;
  h ^= h >> 16u;
  return h;
}

@compute @workgroup_size(64)
fn insertar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&claves)) {
    return;
  }
  let k = claves[id.x];
  let cap = arrayLength(&tabla);
  var slot = mezclar(k) % cap;
  for (var intento = 0u; intento < cap; intento++) {
    let r = atomicCompareExchangeWeak(&tabla[slot], VACIO, k);
    if (r.exchanged || r.old_value == k) {
      atomicAdd(&estadisticas.insertados, select(0u, 1u, r.exchanged));
      atomicAdd(&estadisticas.balance, 1);
      return;
    }
    atomicAdd(&estadisticas.colisiones, 1u);
    slot = (slot + 1u) % cap;
  }
  atomicSub(&estadisticas.balance, 1);
}

@compute @workgroup_size(64)
fn buscar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&claves)) {
    return;
  }
  let k = claves[id.x];
  let cap = arrayLength(&tabla);
  var slot = mezclar(k) % cap;
  var hallado = 0u;
  for (var intento = 0u; intento < cap; intento++) {
    let v = atomicLoad(&tabla[slot]);
    if (v == k) {
      hallado = 1u;
      break;
    }
    if (v == VACIO) {
      break;
    }
    slot = (slot + 1u) % cap;
  }
  encontrados[id.x] = hallado;
}

@compute @workgroup_size(64)
fn maximo(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&claves)) {
    return;
  }
  let nuevo = (claves[id.x] & 0xffff0000u) | (id.x & 0xffffu);
  var actual = atomicLoad(&mejor);
  loop {
    if (nuevo <= actual) {
      break;
    }
    let r = atomicCompareExchangeWeak(&mejor, actual, nuevo);
    if (r.exchanged) {
      atomicOr(&estadisticas.colisiones, 0u);
      break;
    }
    actual = r.old_value;
  }
}
