// Radix sort: keys are read as a struct view by the key-extraction pass and as
// raw u32 words by the counting pass (same @group/@binding, two entry points).
//
// @expect extraer compute(64,1,1): elementos, claves, radix
// @expect contarDigitos compute(64,1,1): palabras, radix, cubetas
// @expect dispersar compute(64,1,1): palabras, claves, radix, cubetas, destino

struct Elemento {
  clave : u32,
  valor : u32,
  peso : f32,
  marca : u32,
}

struct Radix {
  desplazamiento : u32,
  cantidad : u32,
}

@group(0) @binding(0) var<storage, read> elementos : array<Elemento>;
@group(0) @binding(0) var<storage, read> palabras : array<u32>;
@group(0) @binding(1) var<storage, read_write> claves : array<u32>;
@group(0) @binding(2) var<uniform> radix : Radix;
@group(1) @binding(0) var<storage, read_write> cubetas : array<atomic<u32>, 16>;
@group(1) @binding(1) var<storage, read_write> destino : array<vec2u>;

fn digito(k : u32) -> u32 {
  return (k >> radix.desplazamiento) & 15u;
}

@compute @workgroup_size(64)
fn extraer(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < radix.cantidad) {
    claves[id.x] = elementos[id.x].clave ^ 0x80000000u;
  }
}

@compute @workgroup_size(64)
fn contarDigitos(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < radix.cantidad) {
    // word 0 of each 16-byte element is the key
    atomicAdd(&cubetas[digito(palabras[id.x * 4u])], 1u);
  }
}

@compute @workgroup_size(64)
fn dispersar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= radix.cantidad) {
    return;
  }
  let k = claves[id.x];
  let pos = atomicAdd(&cubetas[digito(k)], 1u);
  destino[pos] = vec2u(palabras[id.x * 4u], palabras[id.x * 4u + 1u]);
}
