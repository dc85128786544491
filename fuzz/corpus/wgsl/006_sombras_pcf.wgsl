// Shadow mapping with a 5x5 PCF kernel, rendered with a depth-only pass and
// a lit pass. The depth pass uses only the light matrices.
//
// @expect vs_profundidad vertex: luz, modelos
// @expect vs_color vertex: camara, luz, modelos
// @expect fs_color fragment: mapa, cmp, luz, ajustesSombra

struct Luz {
  vistaProy : mat4x4f,
  direccion : vec3f,
  intensidad : f32,
}

struct Camara {
  vistaProy : mat4x4f,
  ojo : vec4f,
}

struct AjustesSombra {
  sesgo : f32,
  radioPcf : i32,
  texel : vec2f,
}

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var<uniform> luz : Luz;
@group(0) @binding(2) var<storage, read> modelos : array<mat4x4f>;
@group(1) @binding(0) var mapa : texture_depth_2d;
@group(1) @binding(1) var cmp : sampler_comparison;
@group(1) @binding(2) var<uniform> ajustesSombra : AjustesSombra;

@vertex
fn vs_profundidad(@location(0) p : vec3f, @builtin(instance_index) i : u32) -> @builtin(position) vec4f {
  return luz.vistaProy * modelos[i] * vec4f(p, 1.0);
}

struct V2F {
  @builtin(position) pos : vec4f,
  @location(0) sombraPos : vec4f,
  @location(1) normal : vec3f,
}

@vertex
fn vs_color(@location(0) p : vec3f, @location(1) n : vec3f, @builtin(instance_index) i : u32) -> V2F {
  let mundo = modelos[i] * vec4f(p, 1.0);
  var o : V2F;
  o.pos = camara.vistaProy * mundo;
  o.sombraPos = luz.vistaProy * mundo;
  o.normal = (modelos[i] * vec4f(n, 0.0)).xyz;
  return o;
}

fn pcf(coord : vec3f) -> f32 {
  var suma = 0.0;
  var n = 0.0;
  let r = ajustesSombra.radioPcf;
  for (var y = -r; y <= r; y++) {
    for (var x = -r; x <= r; x++) {
      let off = vec2f(f32(x), f32(y)) * ajustesSombra.texel;
      suma += textureSampleCompareLevel(mapa, cmp, coord.xy + off, coord.z - ajustesSombra.sesgo);
      n += 1.0;
    }
  }
  return suma / max(n, 1.0);
}

@fragment
fn fs_color(in : V2F) -> @location(0) vec4f {
  let c = in.sombraPos.xyz / in.sombraPos.w;
  let uv = c.xy * vec2f(0.5, -0.5) + 0.5;
  let visible = pcf(vec3f(uv, c.z));
  let ndl = max(dot(normalize(in.normal), -luz.direccion), 0.0);
  let l = 0.1 + visible * ndl * luz.intensidad;
  return vec4f(vec3f(l), 1.0);
}
