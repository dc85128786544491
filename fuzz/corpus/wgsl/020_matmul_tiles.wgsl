// Tiled matrix multiplication C = A * B with workgroup tiles. The tile size
// is an override with an id; the workgroup size is TILE x TILE.
//
// @expect matmul compute(16,16,1): a, b, c, dims
// @expect transponer compute(16,16,1): a, c, dims

@id(7) override TILE : u32 = 16u;

struct Dims {
  m : u32,
  n : u32,
  k : u32,
  alfa : f32,
}

@group(0) @binding(0) var<storage, read> a : array<f32>;
@group(0) @binding(1) var<storage, read> b : array<f32>;
@group(0) @binding(2) var<storage, read_write> c : array<f32>;
@group(0) @binding(3) var<uniform> dims : Dims;

var<workgroup> tileA : array<f32, 256>;
var<workgroup> tileB : array<f32, 256>;

fn leerA(fila : u32, col : u32) -> f32 {
  if (fila < dims.m && col < dims.k) {
    return a[fila * dims.k + col];
  }
  return 0.0;
}

fn leerB(fila : u32, col : u32) -> f32 {
  if (fila < dims.k && col < dims.n) {
    return b[fila * dims.n + col];
  }
  return 0.0;
}

@compute @workgroup_size(TILE, TILE)
fn matmul(@builtin(global_invocation_id) gid : vec3u, @builtin(local_invocation_id) lid : vec3u) {
  let fila = gid.y;
  let col = gid.x;
  var acc = 0.0;
  let pasos = (dims.k + TILE - 1u) / TILE;
  for (var t = 0u; t < pasos; t++) {
    tileA[lid.y * TILE + lid.x] = leerA(fila, t * TILE + lid.x);
    tileB[lid.y * TILE + lid.x] = leerB(t * TILE + lid.y, col);
    workgroupBarrier();
    for (var i = 0u; i < TILE; i++) {
      acc += tileA[lid.y * TILE + i] * tileB[i * TILE + lid.x];
    }
    workgroupBarrier();
  }
  if (fila < dims.m && col < dims.n) {
    c[fila * dims.n + col] = dims.alfa * acc;
  }
}

@compute @workgroup_size(TILE, TILE, 1)
fn transponer(@builtin(global_invocation_id) gid : vec3u, @builtin(local_invocation_id) lid : vec3u) {
  tileA[lid.y * TILE + lid.x] = leerA(gid.y, gid.x);
  workgroupBarrier();
  let fila = gid.x - lid.x + lid.y;
  let col = gid.y - lid.y + lid.x;
  if (fila < dims.k && col < dims.m) {
    c[fila * dims.m + col] = tileA[lid.x * TILE + lid.y];
  }
}
