// @group and @binding take const-expressions: module-scope consts name the
// slots here. The layout is the same as with literals.
//
// @expect actualizar compute(64,1,1): estado, entrada, control
// @expect mostrar fragment: estado, control, rampa+, muestreo

const GRUPO_DATOS : u32 = 1u;
const GRUPO_VISTA = 2;
const B_ESTADO = 0;
const B_ENTRADA : i32 = 4i;
const B_CONTROL : u32 = 7u;
const ANCHO : u32 = 64u;

struct Celda {
  valor : f32,
  velocidad : f32,
  edad : u32,
  tipo : u32,
}

struct Control {
  ancho : u32,
  alto : u32,
  viscosidad : f32,
  paso : f32,
}

@group(GRUPO_DATOS) @binding(B_ESTADO) var<storage, read_write> estado : array<Celda>;
@group(GRUPO_DATOS) @binding(B_ENTRADA) var<storage, read> entrada : array<f32>;
@group(0) @binding(B_CONTROL) var<uniform> control : Control;
@group(GRUPO_VISTA) @binding(B_ESTADO) var rampa : texture_1d<f32>;
@binding(1) @group(GRUPO_VISTA) var muestreo : sampler;

@compute @workgroup_size(ANCHO)
fn actualizar(@builtin(global_invocation_id) id : vec3u) {
  let n = control.ancho * control.alto;
  if (id.x >= n) {
    return;
  }
  var c = estado[id.x];
  let objetivo = entrada[id.x % arrayLength(&entrada)];
  c.velocidad = c.velocidad * (1.0 - control.viscosidad) + (objetivo - c.valor) * control.paso;
  c.valor += c.velocidad;
  c.edad += 1u;
  estado[id.x] = c;
}

@fragment
fn mostrar(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let x = min(u32(p.x), control.ancho - 1u);
  let y = min(u32(p.y), control.alto - 1u);
  let c = estado[y * control.ancho + x];
  let color = textureSample(rampa, muestreo, clamp(c.valor, 0.0, 1.0));
  return vec4f(color.rgb, 1.0);
}
