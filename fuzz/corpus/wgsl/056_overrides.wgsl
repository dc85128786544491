// Pipeline-overridable constants: with and without @id, with and without a
// default, used in workgroup sizes, in expressions and in workgroup array
// sizes. A dimension that depends on an override without a default is 0.
//
// @expect conDefecto compute(32,4,1): datos, config
// @expect derivado compute(128,1,1): datos
// @expect sinDefecto compute(0,1,1): datos
// @expect fs fragment: config

@id(0) override ANCHO : u32 = 32u;
@id(1) override ALTO : u32 = 4u;
override FACTOR : f32 = 1.5;
override USAR_GAMMA : bool = false;
@id(1000) override HILOS : u32;
override DOBLE = ANCHO * 4u;
override TAM_LOCAL : u32 = 64u;

struct Config {
  ganancia : f32,
  cuenta : u32,
}

@group(0) @binding(0) var<storage, read_write> datos : array<f32>;
@group(0) @binding(1) var<uniform> config : Config;

var<workgroup> compartido : array<f32, TAM_LOCAL>;

@compute @workgroup_size(ANCHO, ALTO)
fn conDefecto(@builtin(global_invocation_id) id : vec3u, @builtin(local_invocation_index) li : u32) {
  let i = id.y * ANCHO + id.x;
  if (li < TAM_LOCAL) {
    compartido[li] = f32(li);
  }
  workgroupBarrier();
  if (i < config.cuenta) {
    var v = datos[i] * FACTOR * config.ganancia + compartido[li % TAM_LOCAL];
    if (USAR_GAMMA) {
      v = pow(v, 1.0 / 2.2);
    }
    datos[i] = v;
  }
}

@compute @workgroup_size(DOBLE)
fn derivado(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < arrayLength(&datos)) {
    datos[id.x] = datos[id.x] * f32(DOBLE);
  }
}

@compute @workgroup_size(HILOS)
fn sinDefecto(@builtin(global_invocation_id) id : vec3u) {
  if (id.x < arrayLength(&datos)) {
    datos[id.x] = 0.0;
  }
}

@fragment
fn fs() -> @location(0) vec4f {
  var c = vec3f(config.ganancia * FACTOR);
  if (USAR_GAMMA) {
    c = pow(c, vec3f(1.0 / 2.2));
  }
  return vec4f(c, 1.0);
}
