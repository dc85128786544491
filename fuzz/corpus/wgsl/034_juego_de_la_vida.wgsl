// Conway's game of life on a ping-pong pair of u32 buffers, with the workgroup
// size and the board wrap-around given by overrides.
//
// @expect paso compute(8,8,1): tablero, actual, siguiente
// @expect vs_celda vertex: tablero, actual
// @expect fs_celda fragment: colores

override ANCHO_GRUPO : u32 = 8u;
override ALTO_GRUPO : u32 = 8u;
override ENVOLVER : bool = true;

struct Tablero {
  ancho : u32,
  alto : u32,
}

@group(0) @binding(0) var<uniform> tablero : Tablero;
@group(0) @binding(1) var<storage, read> actual : array<u32>;
@group(0) @binding(2) var<storage, read_write> siguiente : array<u32>;
@group(0) @binding(3) var<uniform> colores : array<vec4f, 2>;

fn indice(x : i32, y : i32) -> u32 {
  let w = i32(tablero.ancho);
  let h = i32(tablero.alto);
  var cx = x;
  var cy = y;
  if (ENVOLVER) {
    cx = (x + w) % w;
    cy = (y + h) % h;
  } else {
    cx = clamp(x, 0, w - 1);
    cy = clamp(y, 0, h - 1);
  }
  return u32(cy * w + cx);
}

fn viva(x : i32, y : i32) -> u32 {
  return actual[indice(x, y)] & 1u;
}

@compute @workgroup_size(ANCHO_GRUPO, ALTO_GRUPO)
fn paso(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= tablero.ancho || id.y >= tablero.alto) {
    return;
  }
  let x = i32(id.x);
  let y = i32(id.y);
  var vecinos = 0u;
  for (var dy = -1; dy <= 1; dy++) {
    for (var dx = -1; dx <= 1; dx++) {
      if (dx == 0 && dy == 0) {
        continue;
      }
      vecinos += viva(x + dx, y + dy);
    }
  }
  let yo = viva(x, y);
  var nuevo = 0u;
  switch vecinos {
    case 2u: { nuevo = yo; }
    case 3u: { nuevo = 1u; }
    default: { nuevo = 0u; }
  }
  siguiente[indice(x, y)] = nuevo;
}

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) @interpolate(flat) estado : u32,
}

@vertex
fn vs_celda(@location(0) esquina : vec2f, @builtin(instance_index) i : u32) -> VOut {
  let celda = vec2f(f32(i % tablero.ancho), f32(i / tablero.ancho));
  let tam = vec2f(f32(tablero.ancho), f32(tablero.alto));
  let p = (celda + esquina) / tam * 2.0 - 1.0;
  return VOut(vec4f(p, 0.0, 1.0), actual[i]);
}

@fragment
fn fs_celda(in : VOut) -> @location(0) vec4f {
  return colores[in.estado & 1u];
}
