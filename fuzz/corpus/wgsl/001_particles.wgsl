// Particle simulation: one compute pass integrates positions, a second one
// counts live particles with an atomic.
//
// @expect simular compute(64,1,1): particulas, params, vivas
// @expect contar compute(128,1,1): particulas, vivas

struct Particula {
  posicion : vec4f,
  velocidad : vec4f,
}

struct Params {
  dt : f32,
  gravedad : f32,
  amortiguacion : f32,
  cantidad : u32,
  limites : vec4f,
}

struct Contador {
  vivas : atomic<u32>,
  muertas : atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> particulas : array<Particula>;
@group(0) @binding(1) var<uniform> params : Params;
@group(0) @binding(2) var<storage, read_write> vivas : Contador;

fn rebotar(p : ptr<function, Particula>) {
  let lo = params.limites.xy;
  let hi = params.limites.zw;
  if ((*p).posicion.x < lo.x || (*p).posicion.x > hi.x) {
    (*p).velocidad.x = -(*p).velocidad.x * params.amortiguacion;
  }
  if ((*p).posicion.y < lo.y || (*p).posicion.y > hi.y) {
    (*p).velocidad.y = -(*p).velocidad.y * params.amortiguacion;
  }
}

@compute @workgroup_size(64)
fn simular(@builtin(global_invocation_id) id : vec3u) {
  let i = id.x;
  if (i >= params.cantidad) {
    return;
  }
  var p = particulas[i];
  p.velocidad.y = p.velocidad.y - params.gravedad * params.dt;
  p.posicion = p.posicion + p.velocidad * params.dt;
  rebotar(&p);
  p.posicion.w = p.posicion.w - params.dt;
  if (p.posicion.w <= 0.0) {
    atomicAdd(&vivas.muertas, 1u);
  }
  particulas[i] = p;
}

@compute @workgroup_size(128, 1, 1)
fn contar(@builtin(global_invocation_id) id : vec3u) {
  let n = arrayLength(&particulas);
  if (id.x >= n) {
    return;
  }
  if (particulas[id.x].posicion.w > 0.0) {
    atomicAdd(&vivas.vivas, 1u);
  }
}
