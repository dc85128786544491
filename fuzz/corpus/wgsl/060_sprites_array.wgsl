// 2D sprite batcher: sprite frames in a texture_2d_array, instance data in a
// read-only storage buffer, per-batch uniform with the projection.
//
// @expect vs vertex: lote, sprites
// @expect fs fragment: hoja+, pixelado, lote

struct Sprite {
  posicion : vec2f,
  tam : vec2f,
  rotacion : f32,
  cuadro : u32,
  color : u32,
  profundidad : f32,
}

struct Lote {
  proyeccion : mat4x4f,
  tiempo : f32,
  corteAlfa : f32,
}

@group(0) @binding(0) var<uniform> lote : Lote;
@group(0) @binding(1) var<storage, read> sprites : array<Sprite>;
@group(1) @binding(0) var hoja : texture_2d_array<f32>;
@group(1) @binding(1) var pixelado : sampler;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) @interpolate(flat) capa : u32,
  @location(2) color : vec4f,
}

@vertex
fn vs(@builtin(vertex_index) vi : u32, @builtin(instance_index) ii : u32) -> VOut {
  let s = sprites[ii];
  let esquina = vec2f(f32(vi & 1u), f32((vi >> 1u) & 1u));
  let local = (esquina - 0.5) * s.tam;
  let c = cos(s.rotacion);
  let sn = sin(s.rotacion);
  let rotado = vec2f(local.x * c - local.y * sn, local.x * sn + local.y * c);
  var o : VOut;
  o.pos = lote.proyeccion * vec4f(s.posicion + rotado, s.profundidad, 1.0);
  o.uv = vec2f(esquina.x, 1.0 - esquina.y);
  o.capa = s.cuadro;
  o.color = unpack4x8unorm(s.color);
  return o;
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let t = textureSample(hoja, pixelado, in.uv, in.capa) * in.color;
  if (t.a < lote.corteAlfa) {
    discard;
  }
  return t;
}
