// Material dispatch with a switch over a uniform material kind. Every texture
// named in any case is statically used, whatever the runtime value.
//
// @expect vs vertex: objeto
// @expect fs fragment: objeto, madera+, metal+, piedra+, lineal, vidrio

struct Objeto {
  modelo : mat4x4f,
  vistaProy : mat4x4f,
  tipo : u32,
  escalaUv : f32,
  brillo : f32,
  tinte : vec4f,
}

@group(0) @binding(0) var<uniform> objeto : Objeto;
@group(1) @binding(0) var lineal : sampler;
@group(1) @binding(1) var madera : texture_2d<f32>;
@group(1) @binding(2) var metal : texture_2d<f32>;
@group(1) @binding(3) var piedra : texture_2d<f32>;
@group(1) @binding(4) var vidrio : texture_2d<f32>;

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) n : vec3f,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) n : vec3f, @location(2) uv : vec2f) -> VOut {
  var o : VOut;
  o.pos = objeto.vistaProy * objeto.modelo * vec4f(p, 1.0);
  o.uv = uv * objeto.escalaUv;
  o.n = (objeto.modelo * vec4f(n, 0.0)).xyz;
  return o;
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  var base : vec4f;
  switch (objeto.tipo) {
    case 0u: {
      base = textureSample(madera, lineal, in.uv);
    }
    case 1u, 2u: {
      base = textureSample(metal, lineal, in.uv) * objeto.brillo;
    }
    case 3u: {
      let p = textureSample(piedra, lineal, in.uv);
      base = vec4f(p.rgb * p.a, 1.0);
    }
    case 4u, default: {
      let d = textureDimensions(vidrio);
      base = textureLoad(vidrio, vec2u(fract(in.uv) * vec2f(d)), 0);
      base.a = 0.3;
    }
  }
  let l = max(dot(normalize(in.n), vec3f(0.0, 1.0, 0.0)), 0.1);
  return vec4f(base.rgb * l, base.a) * objeto.tinte;
}
