// Bitonic sort of key/value pairs in workgroup memory; the local block size is
// an override without an @id, the global merge step is a second entry point.
//
// @expect ordenarLocal compute(256,1,1): pares, paso
// @expect fusionar compute(64,1,1): pares, paso

override BLOQUE : u32 = 256u;
override HILOS_FUSION : u32 = BLOQUE / 4u;

struct Par {
  clave : f32,
  valor : u32,
}

struct Paso {
  k : u32,
  j : u32,
  n : u32,
  descendente : u32,
}

@group(0) @binding(0) var<storage, read_write> pares : array<Par>;
@group(0) @binding(1) var<uniform> paso : Paso;

var<workgroup> local : array<Par, 512>;

fn comparar(a : Par, b : Par, asc : bool) -> bool {
  return (a.clave > b.clave) == asc;
}

@compute @workgroup_size(BLOQUE)
fn ordenarLocal(@builtin(local_invocation_index) li : u32, @builtin(workgroup_id) wg : vec3u) {
  let base = wg.x * BLOQUE * 2u;
  for (var e = 0u; e < 2u; e++) {
    let g = base + li * 2u + e;
    if (g < paso.n) {
      local[li * 2u + e] = pares[g];
    } else {
      local[li * 2u + e] = Par(3.4e38, 0u);
    }
  }
  workgroupBarrier();
  for (var k = 2u; k <= BLOQUE * 2u; k <<= 1u) {
    for (var j = k >> 1u; j > 0u; j >>= 1u) {
      let i = li;
      let ixj = i ^ j;
      if (ixj > i) {
        let asc = (i & k) == 0u;
        if (comparar(local[i], local[ixj], asc)) {
          let t = local[i];
          local[i] = local[ixj];
          local[ixj] = t;
        }
      }
      workgroupBarrier();
    }
  }
  for (var e = 0u; e < 2u; e++) {
    let g = base + li * 2u + e;
    if (g < paso.n) {
      pares[g] = local[li * 2u + e];
    }
  }
}

@compute @workgroup_size(HILOS_FUSION)
fn fusionar(@builtin(global_invocation_id) gid : vec3u) {
  let i = gid.x;
  let ixj = i ^ paso.j;
  if (ixj <= i || ixj >= paso.n) {
    return;
  }
  let asc = ((i & paso.k) == 0u) != (paso.descendente != 0u);
  let a = pares[i];
  let b = pares[ixj];
  if (comparar(a, b, asc)) {
    pares[i] = b;
    pares[ixj] = a;
  }
}
