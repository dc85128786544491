// Deferred shading, geometry pass: writes albedo, normal and material into
// three render targets. Material textures are sampled with one sampler; an
// i32 texture of material ids is only loaded.
//
// @expect vs vertex: marco, objetos
// @expect fs fragment: marco, objetos, lineal, texAlbedo+, texNormal+, texRugosidad+, idsMaterial

struct Marco {
  vista : mat4x4f,
  proy : mat4x4f,
  tiempo : f32,
  indiceMarco : u32,
}

struct Objeto {
  modelo : mat4x4f,
  normalMat : mat3x3f,
  tinte : vec4f,
  material : u32,
}

@group(0) @binding(0) var<uniform> marco : Marco;
@group(0) @binding(1) var<storage, read> objetos : array<Objeto>;
@group(1) @binding(0) var lineal : sampler;
@group(1) @binding(1) var texAlbedo : texture_2d<f32>;
@group(1) @binding(2) var texNormal : texture_2d<f32>;
@group(1) @binding(3) var texRugosidad : texture_2d<f32>;
@group(1) @binding(4) var idsMaterial : texture_2d<i32>;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) n : vec3f,
  @location(2) @interpolate(flat) obj : u32,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) n : vec3f, @location(2) uv : vec2f,
      @builtin(instance_index) obj : u32) -> VOut {
  var o : VOut;
  o.pos = marco.proy * marco.vista * objetos[obj].modelo * vec4f(p, 1.0);
  o.uv = uv;
  o.n = objetos[obj].normalMat * n;
  o.obj = obj;
  return o;
}

struct GBuffer {
  @location(0) albedo : vec4f,
  @location(1) normal : vec4f,
  @location(2) material : vec4f,
}

@fragment
fn fs(in : VOut) -> GBuffer {
  var g : GBuffer;
  let a = textureSample(texAlbedo, lineal, in.uv);
  let nt = textureSample(texNormal, lineal, in.uv).xyz * 2.0 - 1.0;
  let rug = textureSample(texRugosidad, lineal, in.uv).r;
  let dims = textureDimensions(idsMaterial);
  let texel = vec2u(in.uv * vec2f(dims)) % dims;
  let id = textureLoad(idsMaterial, texel, 0).r;
  g.albedo = a * objetos[in.obj].tinte;
  g.normal = vec4f(normalize(in.n + nt * 0.5) * 0.5 + 0.5, 1.0);
  g.material = vec4f(rug, f32(id) / 255.0, f32(objetos[in.obj].material), fract(marco.tiempo));
  return g;
}
