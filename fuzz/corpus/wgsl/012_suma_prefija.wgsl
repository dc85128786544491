// Blelloch exclusive scan of u32 keys, one block per workgroup, with the
// workgroup size given by an override. A second pass adds block sums.
//
// @expect escanear compute(256,1,1): datos, sumasBloque, config
// @expect sumarBloques compute(256,1,1): datos, sumasBloque, config

override TAM_GRUPO : u32 = 256;

struct Config {
  n : u32,
  numBloques : u32,
}

@group(0) @binding(0) var<storage, read_write> datos : array<u32>;
@group(0) @binding(1) var<storage, read_write> sumasBloque : array<u32>;
@group(0) @binding(2) var<uniform> config : Config;

var<workgroup> temp : array<u32, 512>;

fn leer(i : u32) -> u32 {
  return select(0u, datos[i], i < config.n);
}

@compute @workgroup_size(TAM_GRUPO)
fn escanear(@builtin(local_invocation_id) lid : vec3u, @builtin(workgroup_id) wid : vec3u) {
  let t = lid.x;
  let base = wid.x * TAM_GRUPO * 2u;
  temp[2u * t] = leer(base + 2u * t);
  temp[2u * t + 1u] = leer(base + 2u * t + 1u);
  var offset = 1u;
  for (var d = TAM_GRUPO; d > 0u; d >>= 1u) {
    workgroupBarrier();
    if (t < d) {
      let ai = offset * (2u * t + 1u) - 1u;
      let bi = offset * (2u * t + 2u) - 1u;
      temp[bi] += temp[ai];
    }
    offset *= 2u;
  }
  if (t == 0u) {
    sumasBloque[wid.x] = temp[2u * TAM_GRUPO - 1u];
    temp[2u * TAM_GRUPO - 1u] = 0u;
  }
  for (var d = 1u; d < 2u * TAM_GRUPO; d *= 2u) {
    offset >>= 1u;
    workgroupBarrier();
    if (t < d) {
      let ai = offset * (2u * t + 1u) - 1u;
      let bi = offset * (2u * t + 2u) - 1u;
      let v = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += v;
    }
  }
  workgroupBarrier();
  if (base + 2u * t < config.n) {
    datos[base + 2u * t] = temp[2u * t];
  }
  if (base + 2u * t + 1u < config.n) {
    datos[base + 2u * t + 1u] = temp[2u * t + 1u];
  }
}

@compute @workgroup_size(TAM_GRUPO, 1, 1)
fn sumarBloques(@builtin(global_invocation_id) gid : vec3u, @builtin(workgroup_id) wid : vec3u) {
  if (wid.x == 0u || wid.x >= config.numBloques) {
    return;
  }
  let i = gid.x * 2u;
  let s = sumasBloque[wid.x];
  if (i < config.n) {
    datos[i] += s;
  }
  if (i + 1u < config.n) {
    datos[i + 1u] += s;
  }
}
