// A whole forward+ frame in one module: depth pre-pass, shadow pass, tiled
// light culling, the lit pass with materials, a particle update, tonemapping
// and a debug view. Every entry point uses a different subset of four groups:
// 0 = frame, 1 = material, 2 = object, 3 = post-processing.
//
// @expect vs_prepaso vertex: marco, objetos
// @expect vs_sombra vertex: luzSol, objetos
// @expect cull_luces compute(16,16,1): marco, luces, profundidadPrepaso, listasLuces, conteoLuces
// @expect vs_principal vertex: marco, objetos, luzSol
// @expect fs_principal fragment: marco, luces, listasLuces, conteoLuces, luzSol, mapaSombra, cmpSombra, material, albedo+, normales+, orm+, lineal, entorno+
// @expect actualizar_particulas compute(64,1,1): marco, particulas, emisor, vivas
// @expect vs_post vertex:
// @expect fs_tonemap fragment: hdr+, lineal, post
// @expect fs_depurar fragment: marco, conteoLuces, profundidadPrepaso, post

// ---- group 0: frame ---------------------------------------------------------

struct Marco {
  vista : mat4x4f,
  proy : mat4x4f,
  vistaProy : mat4x4f,
  invProy : mat4x4f,
  ojo : vec3f,
  tiempo : f32,
  pantalla : vec2u,
  teselas : vec2u,
  cerca : f32,
  lejos : f32,
  delta : f32,
  numLuces : u32,
}

struct Luz {
  posicion : vec3f,
  radio : f32,
  color : vec3f,
  intensidad : f32,
}

struct LuzSol {
  vistaProy : mat4x4f,
  direccion : vec3f,
  intensidad : f32,
  color : vec3f,
  sesgo : f32,
}

const MAX_LUCES_TESELA : u32 = 32u;
const TESELA : u32 = 16u;

@group(0) @binding(0) var<uniform> marco : Marco;
@group(0) @binding(1) var<storage, read> luces : array<Luz>;
@group(0) @binding(2) var<storage, read_write> listasLuces : array<u32>;
@group(0) @binding(3) var<storage, read_write> conteoLuces : array<atomic<u32>>;
@group(0) @binding(4) var<uniform> luzSol : LuzSol;
@group(0) @binding(5) var mapaSombra : texture_depth_2d;
@group(0) @binding(6) var cmpSombra : sampler_comparison;
@group(0) @binding(7) var profundidadPrepaso : texture_depth_2d;
@group(0) @binding(8) var entorno : texture_cube<f32>;
@group(0) @binding(9) var lineal : sampler;

// ---- group 1: material ------------------------------------------------------

struct Material {
  base : vec4f,
  emision : vec3f,
  metal : f32,
  rugosidad : f32,
  oclusion : f32,
  corte : f32,
  banderas : u32,
}

@group(1) @binding(0) var<uniform> material : Material;
@group(1) @binding(1) var albedo : texture_2d<f32>;
@group(1) @binding(2) var normales : texture_2d<f32>;
@group(1) @binding(3) var orm : texture_2d<f32>;

// ---- group 2: objects and particles -----------------------------------------

struct Objeto {
  modelo : mat4x4f,
  normal : mat3x3f,
  id : u32,
}

struct Particula {
  posicion : vec3f,
  vida : f32,
  velocidad : vec3f,
  semilla : u32,
}

struct Emisor {
  origen : vec3f,
  tasa : f32,
  gravedad : vec3f,
  vidaMax : f32,
}

@group(2) @binding(0) var<storage, read> objetos : array<Objeto>;
@group(2) @binding(1) var<storage, read_write> particulas : array<Particula>;
@group(2) @binding(2) var<uniform> emisor : Emisor;
@group(2) @binding(3) var<storage, read_write> vivas : atomic<u32>;

// ---- group 3: post ----------------------------------------------------------

struct Post {
  exposicion : f32,
  gamma : f32,
  modoDepuracion : u32,
  escalaCalor : f32,
}

@group(3) @binding(0) var hdr : texture_2d<f32>;
@group(3) @binding(1) var<uniform> post : Post;

// ---- shared helpers ---------------------------------------------------------

fn mundoDe(i : u32, p : vec3f) -> vec4f {
  return objetos[i].modelo * vec4f(p, 1.0);
}

fn indiceTesela(pix : vec2u) -> u32 {
  let t = pix / TESELA;
  return t.y * marco.teselas.x + t.x;
}

fn profundidadLineal(z : f32) -> f32 {
  return marco.cerca * marco.lejos / (marco.lejos - z * (marco.lejos - marco.cerca));
}

fn hash(n : u32) -> f32 {
  var x = n * 747796405u + 2891336453u;
  x = ((x >> ((x >> 28u) + 4u)) ^ x) * 277803737u;
  return f32((x >> 22u) ^ x) / 4294967295.0;
}

// ---- depth pre-pass and shadows ---------------------------------------------

@vertex
fn vs_prepaso(@location(0) p : vec3f, @builtin(instance_index) i : u32) -> @builtin(position) vec4f {
  return marco.vistaProy * mundoDe(i, p);
}

@vertex
fn vs_sombra(@location(0) p : vec3f, @builtin(instance_index) i : u32) -> @builtin(position) vec4f {
  return luzSol.vistaProy * mundoDe(i, p);
}

// ---- tiled light culling ----------------------------------------------------

var<workgroup> zMinTesela : atomic<u32>;
var<workgroup> zMaxTesela : atomic<u32>;

@compute @workgroup_size(TESELA, TESELA)
fn cull_luces(@builtin(global_invocation_id) gid : vec3u, @builtin(local_invocation_index) li : u32,
              @builtin(workgroup_id) wg : vec3u) {
  if (li == 0u) {
    atomicStore(&zMinTesela, 0x7f7fffffu);
    atomicStore(&zMaxTesela, 0u);
  }
  workgroupBarrier();
  let pix = min(gid.xy, marco.pantalla - 1u);
  let z = profundidadLineal(textureLoad(profundidadPrepaso, pix, 0));
  atomicMin(&zMinTesela, bitcast<u32>(z));
  atomicMax(&zMaxTesela, bitcast<u32>(z));
  workgroupBarrier();
  let zMin = bitcast<f32>(atomicLoad(&zMinTesela));
  let zMax = bitcast<f32>(atomicLoad(&zMaxTesela));
  let tesela = wg.y * marco.teselas.x + wg.x;
  for (var i = li; i < marco.numLuces; i += TESELA * TESELA) {
    let l = luces[i];
    let v = (marco.vista * vec4f(l.posicion, 1.0)).xyz;
    if (-v.z + l.radio < zMin || -v.z - l.radio > zMax) {
      continue;
    }
    let k = atomicAdd(&conteoLuces[tesela], 1u);
    if (k < MAX_LUCES_TESELA) {
      listasLuces[tesela * MAX_LUCES_TESELA + k] = i;
    }
  }
}

// ---- lit pass ---------------------------------------------------------------

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) mundo : vec3f,
  @location(1) normal : vec3f,
  @location(2) uv : vec2f,
  @location(3) sombra : vec4f,
}

@vertex
fn vs_principal(@location(0) p : vec3f, @location(1) n : vec3f, @location(2) uv : vec2f,
                @builtin(instance_index) i : u32) -> VOut {
  let w = mundoDe(i, p);
  var o : VOut;
  o.pos = marco.vistaProy * w;
  o.mundo = w.xyz;
  o.normal = objetos[i].normal * n;
  o.uv = uv;
  o.sombra = luzSol.vistaProy * w;
  return o;
}

fn visibilidadSol(s : vec4f) -> f32 {
  let c = s.xyz / s.w;
  let uv = c.xy * vec2f(0.5, -0.5) + 0.5;
  var v = 0.0;
  for (var y = -1; y <= 1; y++) {
    for (var x = -1; x <= 1; x++) {
      let o = vec2f(f32(x), f32(y)) / vec2f(textureDimensions(mapaSombra));
      v += textureSampleCompareLevel(mapaSombra, cmpSombra, uv + o, c.z - luzSol.sesgo);
    }
  }
  return v / 9.0;
}

fn sombreado(n : vec3f, v : vec3f, l : vec3f, base : vec3f, rug : f32, metal : f32) -> vec3f {
  let h = normalize(v + l);
  let ndl = max(dot(n, l), 0.0);
  let ndh = max(dot(n, h), 0.0);
  let a = rug * rug;
  let d = a * a / (3.14159 * pow(ndh * ndh * (a * a - 1.0) + 1.0, 2.0));
  let f0 = mix(vec3f(0.04), base, metal);
  let f = f0 + (1.0 - f0) * pow(1.0 - max(dot(h, v), 0.0), 5.0);
  return ((1.0 - f) * (1.0 - metal) * base / 3.14159 + f * d * 0.25) * ndl;
}

@fragment
fn fs_principal(in : VOut) -> @location(0) vec4f {
  let b = textureSample(albedo, lineal, in.uv) * material.base;
  let nt = textureSample(normales, lineal, in.uv).xyz * 2.0 - 1.0;
  let t = textureSample(orm, lineal, in.uv);
  let n = normalize(in.normal + nt * 0.3);
  let v = normalize(marco.ojo - in.mundo);
  let rug = t.g * material.rugosidad;
  let metal = t.b * material.metal;
  let env = textureSample(entorno, lineal, reflect(-v, n)).rgb;
  var c = sombreado(n, v, -luzSol.direccion, b.rgb, rug, metal) * luzSol.color * luzSol.intensidad *
          visibilidadSol(in.sombra);
  let tesela = indiceTesela(vec2u(in.pos.xy));
  let cuenta = min(atomicLoad(&conteoLuces[tesela]), MAX_LUCES_TESELA);
  for (var k = 0u; k < cuenta; k++) {
    let l = luces[listasLuces[tesela * MAX_LUCES_TESELA + k]];
    let d = l.posicion - in.mundo;
    let dist = length(d);
    let att = clamp(1.0 - dist / l.radio, 0.0, 1.0);
    c += sombreado(n, v, d / dist, b.rgb, rug, metal) * l.color * l.intensidad * att * att;
  }
  c += env * mix(0.04, 1.0, metal) * t.r * material.oclusion + material.emision;
  if (b.a < material.corte) {
    discard;
  }
  return vec4f(c, b.a);
}

// ---- particles ----------------------------------------------------------------

@compute @workgroup_size(64)
fn actualizar_particulas(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&particulas)) {
    return;
  }
  var p = particulas[id.x];
  p.vida -= marco.delta;
  if (p.vida <= 0.0) {
    p.semilla = p.semilla * 1664525u + 1013904223u;
    p.posicion = emisor.origen;
    p.velocidad = vec3f(hash(p.semilla), hash(p.semilla + 1u), hash(p.semilla + 2u)) * 2.0 - 1.0;
    p.vida = emisor.vidaMax * hash(p.semilla + 3u);
  } else {
    p.velocidad += emisor.gravedad * marco.delta;
    p.posicion += p.velocidad * marco.delta;
    atomicAdd(&vivas, 1u);
  }
  particulas[id.x] = p;
}

// ---- post ---------------------------------------------------------------------

struct PostOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
}

@vertex
fn vs_post(@builtin(vertex_index) vi : u32) -> PostOut {
  let uv = vec2f(f32((vi << 1u) & 2u), f32(vi & 2u));
  return PostOut(vec4f(uv * vec2f(2.0, -2.0) + vec2f(-1.0, 1.0), 0.0, 1.0), uv);
}

@fragment
fn fs_tonemap(in : PostOut) -> @location(0) vec4f {
  let c = textureSample(hdr, lineal, in.uv).rgb * post.exposicion;
  let t = c / (1.0 + c);
  return vec4f(pow(t, vec3f(1.0 / post.gamma)), 1.0);
}

fn calor(x : f32) -> vec3f {
  return clamp(vec3f(x * 3.0, x * 3.0 - 1.0, x * 3.0 - 2.0), vec3f(0.0), vec3f(1.0));
}

@fragment
fn fs_depurar(in : PostOut) -> @location(0) vec4f {
  let pix = vec2u(in.pos.xy);
  switch post.modoDepuracion {
    case 1u: {
      let z = profundidadLineal(textureLoad(profundidadPrepaso, pix, 0));
      return vec4f(vec3f(z / marco.lejos), 1.0);
    }
    case 2u: {
      let n = f32(atomicLoad(&conteoLuces[indiceTesela(pix)]));
      return vec4f(calor(n / f32(MAX_LUCES_TESELA) * post.escalaCalor), 1.0);
    }
    default: {
      return vec4f(0.0);
    }
  }
}
