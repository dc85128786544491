// Luminance histogram for auto-exposure: per-workgroup histogram in workgroup
// memory, merged into a global one with atomics; a second entry point turns it
// into an average exposure.
//
// @expect construir compute(16,16,1): imagen, histograma, parametros
// @expect promediar compute(256,1,1): histograma, parametros, exposicion

const BINS : u32 = 256u;

struct Parametros {
  minLog : f32,
  invRangoLog : f32,
  rangoLog : f32,
  tiempoDelta : f32,
  numPixeles : u32,
  tau : f32,
}

@group(0) @binding(0) var imagen : texture_2d<f32>;
@group(0) @binding(1) var<storage, read_write> histograma : array<atomic<u32>, 256>;
@group(0) @binding(2) var<uniform> parametros : Parametros;
@group(0) @binding(3) var<storage, read_write> exposicion : array<f32, 2>;

var<workgroup> local : array<atomic<u32>, BINS>;
var<workgroup> suma : array<u32, BINS>;

fn luminancia(c : vec3f) -> f32 {
  return dot(c, vec3f(0.2126, 0.7152, 0.0722));
}

fn cubeta(l : f32) -> u32 {
  if (l < 0.005) {
    return 0u;
  }
  let t = clamp((log2(l) - parametros.minLog) * parametros.invRangoLog, 0.0, 1.0);
  return u32(t * 254.0 + 1.0);
}

@compute @workgroup_size(16, 16)
fn construir(@builtin(global_invocation_id) gid : vec3u, @builtin(local_invocation_index) li : u32) {
  atomicStore(&local[li], 0u);
  workgroupBarrier();
  let dims = textureDimensions(imagen);
  if (gid.x < dims.x && gid.y < dims.y) {
    let c = textureLoad(imagen, gid.xy, 0).rgb;
    atomicAdd(&local[cubeta(luminancia(c))], 1u);
  }
  workgroupBarrier();
  atomicAdd(&histograma[li], atomicLoad(&local[li]));
}

@compute @workgroup_size(256)
fn promediar(@builtin(local_invocation_index) li : u32) {
  let cuenta = atomicLoad(&histograma[li]);
  suma[li] = cuenta * li;
  workgroupBarrier();
  atomicStore(&histograma[li], 0u);
  for (var paso = BINS >> 1u; paso > 0u; paso >>= 1u) {
    if (li < paso) {
      suma[li] += suma[li + paso];
    }
    workgroupBarrier();
  }
  if (li == 0u) {
    let fondo = f32(parametros.numPixeles) - f32(cuenta);
    let media = f32(suma[0]) / max(fondo, 1.0) - 1.0;
    let lum = exp2(media / 254.0 * parametros.rangoLog + parametros.minLog);
    let anterior = exposicion[0];
    let k = 1.0 - exp(-parametros.tiempoDelta * parametros.tau);
    exposicion[0] = anterior + (lum - anterior) * k;
    exposicion[1] = lum;
  }
}
