// Static use does not depend on reachability: an access inside `if (false)`,
// after a `return`, in a `_ = x` phony assignment, or in a loop that never
// runs still puts the resource in the entry point's interface.
//
// @expect principal compute(32,1,1): datos, nuncaLeido, despuesDeReturn, descartado, enBucleVacio
// @expect soloDescarte fragment: albedo+, muestreo, tablaColores
// @expect limpio compute(1,1,1): datos

struct Tabla {
  colores : array<vec4f, 4>,
}

@group(0) @binding(0) var<storage, read_write> datos : array<f32>;
@group(0) @binding(1) var<uniform> nuncaLeido : vec4f;
@group(0) @binding(2) var<storage, read> despuesDeReturn : array<u32>;
@group(0) @binding(3) var<uniform> descartado : mat2x2f;
@group(0) @binding(4) var<storage, read> enBucleVacio : array<vec2f, 8>;
@group(1) @binding(0) var albedo : texture_2d<f32>;
@group(1) @binding(1) var muestreo : sampler;
@group(1) @binding(2) var<uniform> tablaColores : Tabla;
@group(1) @binding(3) var noUsado : texture_2d<f32>;

const DEPURAR : bool = false;

@compute @workgroup_size(32)
fn principal(@builtin(global_invocation_id) id : vec3u) {
  if (DEPURAR) {
    datos[0] = nuncaLeido.x;
  }
  if (false) {
    datos[1] = 1.0;
  }
  _ = descartado;
  for (var i = 0; i < 0; i++) {
    datos[2] = enBucleVacio[i].x;
  }
  datos[id.x] = datos[id.x] * 2.0;
  return;
  datos[3] = f32(despuesDeReturn[0]);
}

@fragment
fn soloDescarte(@location(0) uv : vec2f) -> @location(0) vec4f {
  // Keeps the texture and sampler in the layout while debugging.
  _ = textureSample(albedo, muestreo, uv);
  _ = tablaColores;
  return vec4f(uv, 0.0, 1.0);
}

@compute @workgroup_size(1)
fn limpio() {
  datos[0] = 0.0;
}

fn nuncaLlamada() -> vec4f {
  return textureLoad(noUsado, vec2u(0u), 0);
}
