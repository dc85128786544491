// Signed-distance-field text: glyph quads pulled from a storage buffer, the
// atlas sampled with derivatives for antialiasing.
//
// @expect vs_glifo vertex: glifos, pantalla
// @expect fs_glifo fragment: atlas+, lineal, estilo

struct Glifo {
  rect : vec4f,
  uvRect : vec4f,
  color : vec4f,
}

struct Pantalla {
  tam : vec2f,
  escala : f32,
}

struct Estilo {
  grosor : f32,
  suavidad : f32,
  contorno : f32,
  colorContorno : vec4f,
}

@group(0) @binding(0) var<storage, read> glifos : array<Glifo>;
@group(0) @binding(1) var<uniform> pantalla : Pantalla;
@group(1) @binding(0) var atlas : texture_2d<f32>;
@group(1) @binding(1) var lineal : sampler;
@group(1) @binding(2) var<uniform> estilo : Estilo;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) color : vec4f,
}

@vertex
fn vs_glifo(@builtin(vertex_index) vi : u32, @builtin(instance_index) ii : u32) -> VOut {
  let g = glifos[ii];
  let esquina = vec2f(f32(vi & 1u), f32((vi >> 1u) & 1u));
  let px = g.rect.xy + esquina * g.rect.zw * pantalla.escala;
  var o : VOut;
  o.pos = vec4f(px / pantalla.tam * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), 0.0, 1.0);
  o.uv = mix(g.uvRect.xy, g.uvRect.zw, esquina);
  o.color = g.color;
  return o;
}

@fragment
fn fs_glifo(in : VOut) -> @location(0) vec4f {
  let d = textureSample(atlas, lineal, in.uv).r;
  let w = fwidth(d) * estilo.suavidad;
  let relleno = smoothstep(estilo.grosor - w, estilo.grosor + w, d);
  let borde = smoothstep(estilo.grosor - estilo.contorno - w, estilo.grosor - estilo.contorno + w, d);
  let c = mix(estilo.colorContorno, in.color, relleno);
  return vec4f(c.rgb, c.a * borde);
}
