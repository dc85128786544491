// Seed article 004: "a full layout from a shader". Camara is 2 mat4x4 + a vec3
// aligned to 16 = 144 bytes.
//
// @expect vs vertex: camara
// @expect fs fragment: camara, muestreo, sombraCmp, mapaSombra, luces, difusa+

struct Camara {
  vista       : mat4x4<f32>,
  proyeccion  : mat4x4<f32>,
  posicion    : vec3<f32>,
};

struct Luz {
  posicion : vec3<f32>,
  intensidad : f32,
  color : vec3<f32>,
  radio : f32,
  vistaProy : mat4x4<f32>,
};

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var sombraCmp : sampler_comparison;
@group(0) @binding(3) var mapaSombra : texture_depth_2d;
@group(0) @binding(4) var<storage, read> luces : array<Luz>;
@group(1) @binding(0) var difusa : texture_2d<f32>;

struct Salida {
  @builtin(position) pos : vec4<f32>,
  @location(0) mundo : vec3<f32>,
  @location(1) normal : vec3<f32>,
  @location(2) uv : vec2<f32>,
};

@vertex
fn vs(@location(0) p : vec3<f32>, @location(1) n : vec3<f32>, @location(2) uv : vec2<f32>) -> Salida {
  var s : Salida;
  s.pos = camara.proyeccion * camara.vista * vec4<f32>(p, 1.0);
  s.mundo = p;
  s.normal = n;
  s.uv = uv;
  return s;
}

fn sombra(mundo : vec3<f32>, luz : Luz) -> f32 {
  let ls = luz.vistaProy * vec4<f32>(mundo, 1.0);
  let coord = ls.xyz / ls.w;
  let uv = coord.xy * vec2<f32>(0.5, -0.5) + vec2<f32>(0.5);
  return textureSampleCompareLevel(mapaSombra, sombraCmp, uv, coord.z - 0.002);
}

@fragment
fn fs(s : Salida) -> @location(0) vec4<f32> {
  let base = textureSample(difusa, muestreo, s.uv).rgb;
  let n = normalize(s.normal);
  let v = normalize(camara.posicion - s.mundo);
  var total = vec3<f32>(0.03) * base;
  let count = arrayLength(&luces);
  for (var i = 0u; i < count; i++) {
    let luz = luces[i];
    let l = luz.posicion - s.mundo;
    let d = length(l);
    if (d > luz.radio) {
      continue;
    }
    let ndl = max(dot(n, l / d), 0.0);
    let h = normalize(l / d + v);
    let spec = pow(max(dot(n, h), 0.0), 32.0);
    let atten = 1.0 - d / luz.radio;
    total += (base * ndl + vec3<f32>(spec)) * luz.color * luz.intensidad * atten * sombra(s.mundo, luz);
  }
  return vec4<f32>(total, 1.0);
}
