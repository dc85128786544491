// Name shadowing: a local, a parameter or a struct member with the name of a
// module-scope resource is not a use of that resource. Only identifiers that
// resolve to the module-scope variable count (WGSL #declaration-and-scope).
//
// @expect soloLocales compute(64,1,1): salida
// @expect parametros compute(64,1,1): salida, escala
// @expect miembros fragment: config
// @expect mixto compute(1,1,1): datos, salida

struct Config {
  datos : f32,
  escala : f32,
  muestreo : u32,
}

@group(0) @binding(0) var<storage, read> datos : array<f32>;
@group(0) @binding(1) var<storage, read_write> salida : array<f32>;
@group(0) @binding(2) var<uniform> escala : f32;
@group(0) @binding(3) var<uniform> config : Config;
@group(0) @binding(4) var textura : texture_2d<f32>;
@group(0) @binding(5) var muestreo : sampler;

@compute @workgroup_size(64)
fn soloLocales(@builtin(global_invocation_id) id : vec3u) {
  // Every name below is a local that hides a resource.
  let datos = f32(id.x);
  var escala = 2.0;
  let textura = vec4f(datos);
  var muestreo = 3u;
  escala *= f32(muestreo);
  salida[id.x] = datos * escala + textura.x;
}

fn conParametros(datos : f32, escala_ : f32, config : vec2f) -> f32 {
  return datos * escala_ + config.x;
}

@compute @workgroup_size(64)
fn parametros(@builtin(global_invocation_id) id : vec3u) {
  salida[id.x] = conParametros(f32(id.x), escala, vec2f(1.0));
}

fn usaMiembros(c : Config) -> f32 {
  return c.datos * c.escala + f32(c.muestreo);
}

@fragment
fn miembros() -> @location(0) vec4f {
  // config.datos is a member access: it uses 'config', not 'datos'.
  return vec4f(config.datos, config.escala, usaMiembros(config), 1.0);
}

fn bloque() -> f32 {
  {
    let salida = 1.0;
    _ = salida;
  }
  return datos[0];
}

@compute @workgroup_size(1)
fn mixto() {
  // The inner block hides 'salida' only inside it; the outer use counts.
  var total = bloque();
  for (var datos = 0; datos < 4; datos++) {
    total += f32(datos);
  }
  salida[0] = total;
}
