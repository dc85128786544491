// Bloom as a chain of compute passes: bright-pass prefilter, 13-tap
// downsample, 3x3 tent upsample that accumulates into the larger level.
//
// @expect prefiltro compute(8,8,1): fuente+, lineal, destino, bloom
// @expect reducir compute(8,8,1): fuente+, lineal, destino
// @expect ampliar compute(8,8,1): fuente+, lineal, acumulado, destino, bloom

struct Bloom {
  umbral : f32,
  rodilla : f32,
  radio : f32,
  intensidad : f32,
}

@group(0) @binding(0) var fuente : texture_2d<f32>;
@group(0) @binding(1) var lineal : sampler;
@group(0) @binding(2) var destino : texture_storage_2d<rgba16float, write>;
@group(0) @binding(3) var<uniform> bloom : Bloom;
@group(0) @binding(4) var acumulado : texture_2d<f32>;

fn uvDe(id : vec2u) -> vec2f {
  return (vec2f(id) + 0.5) / vec2f(textureDimensions(destino));
}

fn m(uv : vec2f) -> vec3f {
  return textureSampleLevel(fuente, lineal, uv, 0.0).rgb;
}

@compute @workgroup_size(8, 8)
fn prefiltro(@builtin(global_invocation_id) id : vec3u) {
  let c = m(uvDe(id.xy));
  let brillo = max(c.r, max(c.g, c.b));
  var suave = brillo - bloom.umbral + bloom.rodilla;
  suave = clamp(suave, 0.0, 2.0 * bloom.rodilla);
  suave = suave * suave / (4.0 * bloom.rodilla + 0.00001);
  let contrib = max(suave, brillo - bloom.umbral) / max(brillo, 0.00001);
  textureStore(destino, id.xy, vec4f(c * contrib, 1.0));
}

@compute @workgroup_size(8, 8)
fn reducir(@builtin(global_invocation_id) id : vec3u) {
  let uv = uvDe(id.xy);
  let t = 1.0 / vec2f(textureDimensions(fuente));
  let a = m(uv + t * vec2f(-2.0, 2.0));
  let b = m(uv + t * vec2f(0.0, 2.0));
  let c = m(uv + t * vec2f(2.0, 2.0));
  let d = m(uv + t * vec2f(-2.0, 0.0));
  let e = m(uv);
  let f = m(uv + t * vec2f(2.0, 0.0));
  let g = m(uv + t * vec2f(-2.0, -2.0));
  let h = m(uv + t * vec2f(0.0, -2.0));
  let i = m(uv + t * vec2f(2.0, -2.0));
  let j = m(uv + t * vec2f(-1.0, 1.0));
  let k = m(uv + t * vec2f(1.0, 1.0));
  let l = m(uv + t * vec2f(-1.0, -1.0));
  let n = m(uv + t * vec2f(1.0, -1.0));
  var r = e * 0.125;
  r += (a + c + g + i) * 0.03125;
  r += (b + d + f + h) * 0.0625;
  r += (j + k + l + n) * 0.125;
  textureStore(destino, id.xy, vec4f(r, 1.0));
}

@compute @workgroup_size(8, 8)
fn ampliar(@builtin(global_invocation_id) id : vec3u) {
  let uv = uvDe(id.xy);
  let r = bloom.radio;
  var s = m(uv + vec2f(-r, r)) + m(uv + vec2f(r, r)) + m(uv + vec2f(-r, -r)) + m(uv + vec2f(r, -r));
  s += 2.0 * (m(uv + vec2f(0.0, r)) + m(uv + vec2f(0.0, -r)) + m(uv + vec2f(-r, 0.0)) + m(uv + vec2f(r, 0.0)));
  s += 4.0 * m(uv);
  let previo = textureLoad(acumulado, id.xy, 0).rgb;
  textureStore(destino, id.xy, vec4f(previo + s / 16.0 * bloom.intensidad, 1.0));
}
