// Deferred shading, lighting pass: a fullscreen triangle reads the G-buffer
// with textureLoad (no sampler => 'unfilterable-float') and the depth buffer.
//
// @expect vs_pantalla vertex:
// @expect fs_luz fragment: gAlbedo, gNormal, gProfundidad, luces, escena

struct LuzPuntual {
  posicion : vec3f,
  radio : f32,
  color : vec3f,
  _relleno : f32,
}

struct Escena {
  invVistaProy : mat4x4f,
  ojo : vec3f,
  numLuces : u32,
  ambiente : vec3f,
}

@group(0) @binding(0) var gAlbedo : texture_2d<f32>;
@group(0) @binding(1) var gNormal : texture_2d<f32>;
@group(0) @binding(2) var gProfundidad : texture_depth_2d;
@group(0) @binding(3) var<storage, read> luces : array<LuzPuntual>;
@group(0) @binding(4) var<uniform> escena : Escena;

@vertex
fn vs_pantalla(@builtin(vertex_index) vi : u32) -> @builtin(position) vec4f {
  let x = f32((vi << 1u) & 2u);
  let y = f32(vi & 2u);
  return vec4f(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
}

fn reconstruir(pix : vec2u, z : f32) -> vec3f {
  let dims = vec2f(textureDimensions(gProfundidad));
  let ndc = vec2f(f32(pix.x) + 0.5, f32(pix.y) + 0.5) / dims * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0);
  let h = escena.invVistaProy * vec4f(ndc, z, 1.0);
  return h.xyz / h.w;
}

@fragment
fn fs_luz(@builtin(position) frag : vec4f) -> @location(0) vec4f {
  let pix = vec2u(frag.xy);
  let z = textureLoad(gProfundidad, pix, 0);
  if (z >= 1.0) {
    return vec4f(escena.ambiente, 1.0);
  }
  let albedo = textureLoad(gAlbedo, pix, 0).rgb;
  let n = normalize(textureLoad(gNormal, pix, 0).xyz * 2.0 - 1.0);
  let p = reconstruir(pix, z);
  var color = escena.ambiente * albedo;
  for (var i = 0u; i < escena.numLuces; i++) {
    let l = luces[i];
    let d = l.posicion - p;
    let dist = length(d);
    if (dist < l.radio) {
      let att = pow(1.0 - dist / l.radio, 2.0);
      color += albedo * l.color * max(dot(n, d / dist), 0.0) * att;
    }
  }
  return vec4f(color, 1.0);
}
