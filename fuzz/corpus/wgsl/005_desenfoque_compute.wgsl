// Separable blur in compute: a workgroup loads a tile of the source through a
// sampler (textureSampleLevel: no derivatives in compute), then writes the
// filtered row to a storage texture.
//
// @expect horizontal compute(128,1,1): fuente+, lineal, ajustes, destino
// @expect vertical compute(128,1,1): fuente+, lineal, ajustes, destino

struct Ajustes {
  radio : i32,
  sigma : f32,
  direccion : vec2i,
}

const TILE : u32 = 128u;
const MAX_RADIO : u32 = 16u;

@group(0) @binding(0) var fuente : texture_2d<f32>;
@group(0) @binding(1) var lineal : sampler;
@group(0) @binding(2) var destino : texture_storage_2d<rgba8unorm, write>;
@group(1) @binding(0) var<uniform> ajustes : Ajustes;

var<workgroup> tile : array<vec4f, 160>;

fn peso(x : f32) -> f32 {
  let s = max(ajustes.sigma, 0.001);
  return exp(-(x * x) / (2.0 * s * s));
}

fn cargar(base : vec2i, lid : u32, dir : vec2i) {
  let dims = vec2f(textureDimensions(fuente));
  var k = lid;
  while (k < TILE + 2u * MAX_RADIO) {
    let p = base + dir * (i32(k) - i32(MAX_RADIO));
    let uv = (vec2f(p) + 0.5) / dims;
    tile[k] = textureSampleLevel(fuente, lineal, uv, 0.0);
    k += TILE;
  }
}

fn resolver(base : vec2i, lid : u32, dir : vec2i) {
  var acc = vec4f(0.0);
  var total = 0.0;
  let r = clamp(ajustes.radio, 0, i32(MAX_RADIO));
  for (var i = -r; i <= r; i++) {
    let w = peso(f32(i));
    acc += tile[u32(i32(lid) + i + i32(MAX_RADIO))] * w;
    total += w;
  }
  let p = base + dir * i32(lid);
  textureStore(destino, p, acc / total);
}

@compute @workgroup_size(128)
fn horizontal(@builtin(workgroup_id) wg : vec3u, @builtin(local_invocation_index) lid : u32) {
  let base = vec2i(i32(wg.x * TILE), i32(wg.y));
  cargar(base, lid, vec2i(1, 0));
  workgroupBarrier();
  resolver(base, lid, vec2i(1, 0));
}

@compute @workgroup_size(TILE)
fn vertical(@builtin(workgroup_id) wg : vec3u, @builtin(local_invocation_index) lid : u32) {
  let base = vec2i(i32(wg.y), i32(wg.x * TILE));
  cargar(base, lid, vec2i(0, 1));
  workgroupBarrier();
  resolver(base, lid, vec2i(0, 1));
}
