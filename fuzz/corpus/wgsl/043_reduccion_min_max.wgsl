// Depth-range reduction for cascaded shadows: atomicMin/atomicMax on the
// bit patterns of positive floats, with a workgroup pre-reduction.
//
// @expect reducir compute(16,16,1): profundidad, rango
// @expect reiniciar compute(1,1,1): rango
// @expect leer compute(1,1,1): rango, resultado

struct Rango {
  minimo : atomic<u32>,
  maximo : atomic<u32>,
  muestras : atomic<u32>,
}

@group(0) @binding(0) var profundidad : texture_depth_2d;
@group(0) @binding(1) var<storage, read_write> rango : Rango;
@group(0) @binding(2) var<storage, read_write> resultado : vec2f;

var<workgroup> minLocal : atomic<u32>;
var<workgroup> maxLocal : atomic<u32>;
var<workgroup> cuentaLocal : atomic<u32>;

@compute @workgroup_size(16, 16)
fn reducir(@builtin(global_invocation_id) gid : vec3u, @builtin(local_invocation_index) li : u32) {
  if (li == 0u) {
    atomicStore(&minLocal, 0x7f7fffffu);
    atomicStore(&maxLocal, 0u);
    atomicStore(&cuentaLocal, 0u);
  }
  workgroupBarrier();
  let d = textureDimensions(profundidad);
  if (all(gid.xy < d)) {
    let z = textureLoad(profundidad, gid.xy, 0);
    if (z < 1.0) {
      let bits = bitcast<u32>(z);
      atomicMin(&minLocal, bits);
      atomicMax(&maxLocal, bits);
      atomicAdd(&cuentaLocal, 1u);
    }
  }
  workgroupBarrier();
  if (li == 0u) {
    atomicMin(&rango.minimo, atomicLoad(&minLocal));
    atomicMax(&rango.maximo, atomicLoad(&maxLocal));
    atomicAdd(&rango.muestras, atomicLoad(&cuentaLocal));
  }
}

@compute @workgroup_size(1)
fn reiniciar() {
  atomicStore(&rango.minimo, 0x7f7fffffu);
  atomicStore(&rango.maximo, 0u);
  atomicStore(&rango.muestras, 0u);
}

@compute @workgroup_size(1)
fn leer() {
  if (atomicLoad(&rango.muestras) == 0u) {
    resultado = vec2f(0.0, 1.0);
    return;
  }
  resultado = vec2f(bitcast<f32>(atomicLoad(&rango.minimo)), bitcast<f32>(atomicLoad(&rango.maximo)));
}
