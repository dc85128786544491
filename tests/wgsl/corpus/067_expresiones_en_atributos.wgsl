// Const-expressions everywhere an attribute takes a number: @group, @binding,
// @workgroup_size, array counts, @align/@size; and a derived override.
//
// @expect reducir compute(64,2,1): entrada, salida, params
// @expect escalar compute(48,1,1): salida, params
// @expect derivado compute(96,1,1): salida

const BASE : u32 = 2u;
const ANCHO = 32;
const FILAS = 2;
const N = 4u;

struct Params {
  factores : array<vec4f, N * 2u>,
  @align(BASE * 8u) cuenta : u32,
  @size(N * 4u) bandera : u32,
  final_ : f32,
}

override MITAD : u32 = 24u;
override DOBLE : u32 = MITAD * 4u;

@group(BASE - 2u) @binding(BASE * 3u) var<storage, read> entrada : array<vec4f>;
@group(BASE - 1u) @binding(N + 1u) var<storage, read_write> salida : array<vec4f, 256>;
@group(0) @binding(ANCHO / 8 - 1) var<uniform> params : Params;

var<workgroup> parcial : array<vec4f, ANCHO * 2 * FILAS>;

@compute @workgroup_size(ANCHO * 2, FILAS, 1)
fn reducir(@builtin(local_invocation_index) li : u32, @builtin(workgroup_id) wg : vec3u) {
  let i = wg.x * 128u + li;
  parcial[li] = select(vec4f(0.0), entrada[i], i < arrayLength(&entrada));
  workgroupBarrier();
  for (var s = 64u; s > 0u; s >>= 1u) {
    if (li < s) {
      parcial[li] += parcial[li + s];
    }
    workgroupBarrier();
  }
  if (li == 0u) {
    salida[wg.x % 256u] = parcial[0] * params.factores[wg.x % (N * 2u)];
  }
}

@compute @workgroup_size(MITAD * 2u)
fn escalar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < params.cuenta && id.x < 256u) {
    salida[id.x] *= params.final_;
  }
}

@compute @workgroup_size(DOBLE)
fn derivado(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < 256u) {
    salida[id.x] = vec4f(f32(DOBLE));
  }
}
