// WGSL for bench/js/compare.mjs.

// A 3-line compute shader; `n` makes its source unique.
export const smallCompute = (n) => `
@group(0) @binding(0) var<uniform> u${n} : vec4f;
@compute @workgroup_size(1) fn main() { _ = u${n}; }
`;

// A 124-line module of the kind an application ships: a particle simulation
// step (compute) and its drawing (vertex + fragment), with structs, helper
// functions, loops, a texture and a sampler. `n` (a number) goes into one
// constant, so each value gives a unique source of the same size.
export const particles = (n = 0) => `// particles.wgsl
// One step of a particle simulation (compute) and the drawing of the
// particles as camera-facing sprites (vertex + fragment).

struct Particle {
  position : vec3f,
  age : f32,
  velocity : vec3f,
  life : f32,
}

struct SimParams {
  deltaTime : f32,
  gravity : f32,
  drag : f32,
  count : u32,
  emitter : vec3f,
  seed : u32,
}

struct Camera {
  viewProjection : mat4x4f,
  right : vec3f,
  size : f32,
  up : vec3f,
  fade : f32,
}

@group(0) @binding(0) var<uniform> params : SimParams;
@group(0) @binding(1) var<storage, read> particlesIn : array<Particle>;
@group(0) @binding(2) var<storage, read_write> particlesOut : array<Particle>;
@group(0) @binding(3) var<storage, read_write> aliveCount : atomic<u32>;

@group(1) @binding(0) var<uniform> camera : Camera;
@group(1) @binding(1) var sprite : texture_2d<f32>;
@group(1) @binding(2) var spriteSampler : sampler;

const kVariant : u32 = ${n}u;
const kPi : f32 = 3.14159265;

fn hash(x : u32) -> u32 {
  var h = x ^ kVariant;
  h = (h ^ 61u) ^ (h >> 16u);
  h = h + (h << 3u);
  h = h ^ (h >> 4u);
  h = h * 0x27d4eb2du;
  h = h ^ (h >> 15u);
  return h;
}

fn random01(seed : u32) -> f32 {
  return f32(hash(seed) & 0xffffu) / 65535.0;
}

fn randomDirection(seed : u32) -> vec3f {
  let theta = random01(seed) * 2.0 * kPi;
  let z = random01(seed + 1u) * 2.0 - 1.0;
  let r = sqrt(max(0.0, 1.0 - z * z));
  return vec3f(r * cos(theta), r * sin(theta), z);
}

fn respawn(index : u32) -> Particle {
  var p : Particle;
  let seed = index * 7u + params.seed;
  p.position = params.emitter + randomDirection(seed) * 0.1;
  p.velocity = randomDirection(seed + 3u) * (1.0 + random01(seed + 5u));
  p.age = 0.0;
  p.life = 2.0 + 3.0 * random01(seed + 11u);
  return p;
}

@compute @workgroup_size(64)
fn simulate(@builtin(global_invocation_id) id : vec3u) {
  let index = id.x;
  if (index >= params.count) {
    return;
  }
  var p = particlesIn[index];
  p.age = p.age + params.deltaTime;
  if (p.age >= p.life) {
    p = respawn(index);
  } else {
    var v = p.velocity;
    for (var step = 0u; step < 4u; step = step + 1u) {
      let dt = params.deltaTime * 0.25;
      v = v + vec3f(0.0, -params.gravity, 0.0) * dt;
      v = v * (1.0 - params.drag * dt);
      p.position = p.position + v * dt;
    }
    p.velocity = v;
  }
  particlesOut[index] = p;
  atomicAdd(&aliveCount, 1u);
}

struct VertexOut {
  @builtin(position) position : vec4f,
  @location(0) uv : vec2f,
  @location(1) alpha : f32,
}

@vertex
fn vertexMain(@builtin(vertex_index) vertex : u32,
              @builtin(instance_index) instance : u32) -> VertexOut {
  var corners = array<vec2f, 4>(vec2f(-1.0, -1.0), vec2f(1.0, -1.0),
                                vec2f(-1.0, 1.0), vec2f(1.0, 1.0));
  let p = particlesIn[instance];
  let corner = corners[vertex % 4u];
  let world = p.position + (camera.right * corner.x + camera.up * corner.y) * camera.size;
  var out : VertexOut;
  out.position = camera.viewProjection * vec4f(world, 1.0);
  out.uv = corner * 0.5 + vec2f(0.5);
  out.alpha = clamp(1.0 - p.age / p.life, 0.0, 1.0) * camera.fade;
  return out;
}

@fragment
fn fragmentMain(in : VertexOut) -> @location(0) vec4f {
  let texel = textureSample(sprite, spriteSampler, in.uv);
  if (texel.a * in.alpha < 0.01) {
    discard;
  }
  return vec4f(texel.rgb, texel.a * in.alpha);
}
`;
