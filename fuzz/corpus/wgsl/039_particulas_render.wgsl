// Rendering particles as camera-facing quads: the vertex shader reads the
// particle buffer as read-only storage (allowed in the vertex stage), the
// fragment shader applies a soft round sprite from a texture.
//
// @expect vs_sprite vertex: camara, particulas
// @expect fs_sprite fragment: sprite+, muestreo, profundidadEscena, camara

struct Particula {
  posicion : vec3f,
  vida : f32,
  velocidad : vec3f,
  tam : f32,
  color : vec4f,
}

struct Camara {
  vistaProy : mat4x4f,
  derecha : vec3f,
  cerca : f32,
  arriba : vec3f,
  lejos : f32,
}

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var<storage, read> particulas : array<Particula>;
@group(1) @binding(0) var sprite : texture_2d<f32>;
@group(1) @binding(1) var muestreo : sampler;
@group(1) @binding(2) var profundidadEscena : texture_depth_2d;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) color : vec4f,
  @location(2) z : f32,
}

@vertex
fn vs_sprite(@builtin(vertex_index) vi : u32, @builtin(instance_index) ii : u32) -> VOut {
  let p = particulas[ii];
  let esquinas = array<vec2f, 4>(vec2f(-1.0, -1.0), vec2f(1.0, -1.0), vec2f(-1.0, 1.0), vec2f(1.0, 1.0));
  let e = esquinas[vi % 4u];
  let mundo = p.posicion + (camara.derecha * e.x + camara.arriba * e.y) * p.tam;
  var o : VOut;
  o.pos = camara.vistaProy * vec4f(mundo, 1.0);
  o.uv = e * 0.5 + 0.5;
  o.color = vec4f(p.color.rgb, p.color.a * clamp(p.vida, 0.0, 1.0));
  o.z = o.pos.w;
  return o;
}

fn linealizar(z : f32) -> f32 {
  return camara.cerca * camara.lejos / (camara.lejos - z * (camara.lejos - camara.cerca));
}

@fragment
fn fs_sprite(in : VOut) -> @location(0) vec4f {
  let t = textureSample(sprite, muestreo, in.uv);
  let escena = linealizar(textureLoad(profundidadEscena, vec2i(in.pos.xy), 0));
  let suave = clamp((escena - in.z) * 2.0, 0.0, 1.0);
  return vec4f(in.color.rgb * t.rgb, in.color.a * t.a * suave);
}
