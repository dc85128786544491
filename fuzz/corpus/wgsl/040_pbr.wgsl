// Metallic-roughness PBR with five material textures and one sampler, a
// material uniform with scalar factors, and image-based lighting from a cube.
//
// @expect vs vertex: marco, modelo
// @expect fs fragment: marco, material, baseColor+, metalRough+, normalTex+, oclusionTex+, emisivoTex+, s, irradiancia+, brdfLut+

struct Marco {
  vistaProy : mat4x4f,
  ojo : vec3f,
  exposicion : f32,
}

struct Modelo {
  mundo : mat4x4f,
  normal : mat4x4f,
}

struct Material {
  factorBase : vec4f,
  factorEmisivo : vec3f,
  factorMetal : f32,
  factorRugosidad : f32,
  escalaNormal : f32,
  fuerzaOclusion : f32,
  corteAlfa : f32,
}

@group(0) @binding(0) var<uniform> marco : Marco;
@group(0) @binding(1) var irradiancia : texture_cube<f32>;
@group(0) @binding(2) var brdfLut : texture_2d<f32>;
@group(1) @binding(0) var<uniform> material : Material;
@group(1) @binding(1) var s : sampler;
@group(1) @binding(2) var baseColor : texture_2d<f32>;
@group(1) @binding(3) var metalRough : texture_2d<f32>;
@group(1) @binding(4) var normalTex : texture_2d<f32>;
@group(1) @binding(5) var oclusionTex : texture_2d<f32>;
@group(1) @binding(6) var emisivoTex : texture_2d<f32>;
@group(2) @binding(0) var<uniform> modelo : Modelo;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) mundo : vec3f,
  @location(1) n : vec3f,
  @location(2) t : vec4f,
  @location(3) uv : vec2f,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) n : vec3f, @location(2) t : vec4f, @location(3) uv : vec2f) -> VOut {
  let w = modelo.mundo * vec4f(p, 1.0);
  var o : VOut;
  o.pos = marco.vistaProy * w;
  o.mundo = w.xyz;
  o.n = (modelo.normal * vec4f(n, 0.0)).xyz;
  o.t = vec4f((modelo.mundo * vec4f(t.xyz, 0.0)).xyz, t.w);
  o.uv = uv;
  return o;
}

const PI = 3.14159265359;

fn fresnelSchlick(cosT : f32, f0 : vec3f, r : f32) -> vec3f {
  return f0 + (max(vec3f(1.0 - r), f0) - f0) * pow(clamp(1.0 - cosT, 0.0, 1.0), 5.0);
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let base = textureSample(baseColor, s, in.uv) * material.factorBase;
  let mr = textureSample(metalRough, s, in.uv);
  let nt = textureSample(normalTex, s, in.uv).xyz * 2.0 - 1.0;
  let ao = textureSample(oclusionTex, s, in.uv).r;
  let em = textureSample(emisivoTex, s, in.uv).rgb * material.factorEmisivo;
  let metal = mr.b * material.factorMetal;
  let rug = mr.g * material.factorRugosidad;
  let n0 = normalize(in.n);
  let t = normalize(in.t.xyz);
  let b = cross(n0, t) * in.t.w;
  let n = normalize(mat3x3f(t, b, n0) * (nt * vec3f(material.escalaNormal, material.escalaNormal, 1.0)));
  let v = normalize(marco.ojo - in.mundo);
  let ndv = max(dot(n, v), 0.0001);
  let f0 = mix(vec3f(0.04), base.rgb, metal);
  let f = fresnelSchlick(ndv, f0, rug);
  let kd = (1.0 - f) * (1.0 - metal);
  let irr = textureSample(irradiancia, s, n).rgb;
  let ab = textureSample(brdfLut, s, vec2f(ndv, rug)).rg;
  let difusa = kd * irr * base.rgb;
  let especular = irr * (f * ab.x + ab.y);
  let oc = mix(1.0, ao, material.fuerzaOclusion);
  let color = (difusa + especular) * oc + em;
  let alfa = select(base.a, 1.0, material.corteAlfa <= 0.0);
  return vec4f(color * marco.exposicion / PI * PI, alfa);
}
