// Half precision (enable f16): f16 members change alignment and size rules,
// vec3<f16> is 6 bytes aligned to 8.
//
// @expect comprimir compute(64,1,1): entrada, salida, escalas
// @expect descomprimir compute(64,1,1): salida, reconstruido, escalas

enable f16;

struct PuntoCompacto {
  posicion : vec3<f16>,
  escala : f16,
  normal : vec2h,
  color : vec4h,
}

struct Escalas {
  global : f32,
  minimo : vec3f,
  umbral : f16,
  mitad : vec2<f16>,
}

struct PuntoCompleto {
  posicion : vec3f,
  escala : f32,
  normal : vec3f,
  color : vec4f,
}

@group(0) @binding(0) var<storage, read> entrada : array<PuntoCompleto>;
@group(0) @binding(1) var<storage, read_write> salida : array<PuntoCompacto>;
@group(0) @binding(2) var<uniform> escalas : Escalas;
@group(0) @binding(3) var<storage, read_write> reconstruido : array<PuntoCompleto>;

fn octaedro(n : vec3f) -> vec2f {
  let p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z < 0.0) {
    return (1.0 - abs(p.yx)) * select(vec2f(-1.0), vec2f(1.0), p >= vec2f(0.0));
  }
  return p;
}

fn desOctaedro(e : vec2f) -> vec3f {
  var n = vec3f(e, 1.0 - abs(e.x) - abs(e.y));
  let t = max(-n.z, 0.0);
  n.x += select(t, -t, n.x >= 0.0);
  n.y += select(t, -t, n.y >= 0.0);
  return normalize(n);
}

@compute @workgroup_size(64)
fn comprimir(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&entrada)) {
    return;
  }
  let p = entrada[id.x];
  var c : PuntoCompacto;
  c.posicion = vec3<f16>((p.posicion - escalas.minimo) / escalas.global);
  c.escala = f16(p.escala);
  c.normal = vec2h(octaedro(p.normal));
  c.color = vec4h(p.color);
  if (c.escala < escalas.umbral) {
    c.escala = escalas.mitad.x;
  }
  salida[id.x] = c;
}

@compute @workgroup_size(64)
fn descomprimir(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&salida)) {
    return;
  }
  let c = salida[id.x];
  var p : PuntoCompleto;
  p.posicion = vec3f(c.posicion) * escalas.global + escalas.minimo;
  p.escala = f32(c.escala);
  p.normal = desOctaedro(vec2f(c.normal));
  p.color = vec4f(c.color);
  reconstruido[id.x] = p;
}
