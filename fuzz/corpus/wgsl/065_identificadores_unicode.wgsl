// Identifiers beyond ASCII (WGSL identifiers are XID_Start XID_Continue*),
// a diagnostic directive, const_assert, aliases of resource types, and a
// resource whose store type is an alias.
//
// @expect vs vertex: cámara
// @expect fs fragment: cámara, diseño+, muestreoÑ, años

diagnostic(off, derivative_uniformity);

alias Matriz = mat4x4f;
alias TexturaColor = texture_2d<f32>;
alias Años = array<u32, 4>;

const TAMAÑO : u32 = 4u;
const_assert TAMAÑO == 4u;

struct Cámara {
  proyección : Matriz,
  posición : vec3f,
  año : u32,
}

@group(0) @binding(0) var<uniform> cámara : Cámara;
@group(0) @binding(1) var diseño : TexturaColor;
@group(0) @binding(2) var muestreoÑ : sampler;
@group(0) @binding(3) var<storage, read> años : Años;

struct Salida {
  @builtin(position) posición : vec4f,
  @location(0) coordenada : vec2f,
  @location(1) profundidad : f32,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) uv : vec2f) -> Salida {
  var s : Salida;
  s.posición = cámara.proyección * vec4f(p, 1.0);
  s.coordenada = uv;
  s.profundidad = distance(p, cámara.posición);
  return s;
}

fn añoIndice() -> u32 {
  return años[cámara.año % TAMAÑO];
}

@fragment
fn fs(entrada : Salida) -> @location(0) vec4f {
  var color = vec4f(0.0);
  // With derivative_uniformity off, sampling under a non-uniform branch is
  // accepted; the texture is still used with a sampler.
  if (entrada.profundidad < 100.0) {
    color = textureSample(diseño, muestreoÑ, entrada.coordenada);
  }
  let tono = f32(añoIndice() % 255u) / 255.0;
  return vec4f(color.rgb * tono, color.a);
}
