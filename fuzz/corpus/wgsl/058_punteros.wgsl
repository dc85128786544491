// Pointers: function and private pointers passed to helpers, pointers into
// storage and workgroup memory (unrestricted_pointer_parameters), and let-bound
// pointers whose origin is a resource.
//
// @expect cs compute(32,1,1): cuerpos, fuerzas, constantes
// @expect integrar compute(32,1,1): cuerpos, constantes

requires unrestricted_pointer_parameters;

struct Cuerpo {
  posicion : vec3f,
  masa : f32,
  velocidad : vec3f,
  radio : f32,
}

struct Constantes {
  g : f32,
  dt : f32,
  suavizado : f32,
  cantidad : u32,
}

@group(0) @binding(0) var<storage, read_write> cuerpos : array<Cuerpo>;
@group(0) @binding(1) var<storage, read_write> fuerzas : array<vec4f>;
@group(0) @binding(2) var<uniform> constantes : Constantes;

var<private> acumulador : vec3f;
var<workgroup> bloque : array<vec4f, 32>;

fn sumar(p : ptr<private, vec3f>, v : vec3f) {
  *p += v;
}

fn escalar(p : ptr<function, vec3f>, k : f32) {
  *p = *p * k;
}

fn escribirFuerza(dst : ptr<storage, array<vec4f>, read_write>, i : u32, f : vec3f) {
  (*dst)[i] = vec4f(f, 0.0);
}

fn leerBloque(b : ptr<workgroup, array<vec4f, 32>>, i : u32) -> vec4f {
  return (*b)[i];
}

@compute @workgroup_size(32)
fn cs(@builtin(global_invocation_id) id : vec3u, @builtin(local_invocation_index) li : u32) {
  let n = constantes.cantidad;
  let yo = min(id.x, n - 1u);
  let mio = &cuerpos[yo];
  acumulador = vec3f(0.0);
  for (var base = 0u; base < n; base += 32u) {
    let otro = cuerpos[min(base + li, n - 1u)];
    bloque[li] = vec4f(otro.posicion, otro.masa);
    workgroupBarrier();
    for (var k = 0u; k < 32u; k++) {
      let b = leerBloque(&bloque, k);
      let d = b.xyz - (*mio).posicion;
      let r2 = dot(d, d) + constantes.suavizado;
      var f = d / sqrt(r2 * r2 * r2);
      escalar(&f, b.w * constantes.g);
      sumar(&acumulador, f);
    }
    workgroupBarrier();
  }
  if (id.x < n) {
    escribirFuerza(&fuerzas, id.x, acumulador * mio.masa);
  }
}

@compute @workgroup_size(32)
fn integrar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= constantes.cantidad) {
    return;
  }
  let c = &cuerpos[id.x];
  (*c).posicion += (*c).velocidad * constantes.dt;
  c.velocidad *= 0.999;
}
