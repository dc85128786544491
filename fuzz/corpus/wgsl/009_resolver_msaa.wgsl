// Custom MSAA resolve: averages the samples of a multisampled color target and
// takes the nearest depth sample of a multisampled depth target.
//
// @expect vs vertex:
// @expect resolver_color fragment: colorMs, opciones
// @expect resolver_profundidad fragment: profMs, opciones
// @expect contar compute(8,8,1): colorMs, profMs, estadisticas

struct Opciones {
  muestras : u32,
  exposicion : f32,
}

struct Estadisticas {
  bordes : atomic<u32>,
}

@group(0) @binding(0) var colorMs : texture_multisampled_2d<f32>;
@group(0) @binding(1) var profMs : texture_depth_multisampled_2d;
@group(0) @binding(2) var<uniform> opciones : Opciones;
@group(0) @binding(3) var<storage, read_write> estadisticas : Estadisticas;

var<private> triangulo : array<vec2f, 3> = array<vec2f, 3>(vec2f(-1.0, -1.0), vec2f(3.0, -1.0), vec2f(-1.0, 3.0));

@vertex
fn vs(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  return vec4f(triangulo[vi], 0.0, 1.0);
}

@fragment
fn resolver_color(@builtin(position) p : vec4f) -> @location(0) vec4f {
  let c = vec2u(p.xy);
  var acc = vec4f(0.0);
  let n = min(opciones.muestras, textureNumSamples(colorMs));
  for (var s = 0u; s < n; s++) {
    let v = textureLoad(colorMs, c, s);
    acc += vec4f(v.rgb / (1.0 + v.rgb * opciones.exposicion), v.a);
  }
  return acc / f32(max(n, 1u));
}

struct SalidaProf {
  @builtin(frag_depth) z : f32,
}

@fragment
fn resolver_profundidad(@builtin(position) p : vec4f) -> SalidaProf {
  let c = vec2i(p.xy);
  var z = 1.0;
  for (var s = 0u; s < opciones.muestras; s++) {
    z = min(z, textureLoad(profMs, c, i32(s)));
  }
  return SalidaProf(z);
}

@compute @workgroup_size(8, 8)
fn contar(@builtin(global_invocation_id) id : vec3u) {
  let dims = textureDimensions(colorMs);
  if (any(id.xy >= dims)) {
    return;
  }
  let a = textureLoad(colorMs, id.xy, 0);
  let b = textureLoad(colorMs, id.xy, textureNumSamples(profMs) - 1u);
  if (distance(a, b) > 0.01) {
    atomicAdd(&estadisticas.bordes, 1u);
  }
}
