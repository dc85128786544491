// Clustered forward lighting: a compute pass assigns lights to view-space
// clusters; the fragment shader walks its cluster's light list.
//
// @expect asignar compute(4,4,4): camara, luces, grupos, indices, total
// @expect vs vertex: camara
// @expect fs fragment: camara, luces, grupos, indices

struct Camara {
  vista : mat4x4f,
  proy : mat4x4f,
  invProy : mat4x4f,
  pantalla : vec2f,
  cerca : f32,
  lejos : f32,
  dimsGrupos : vec3u,
}

struct Luz {
  posicion : vec3f,
  rango : f32,
  color : vec3f,
  intensidad : f32,
}

struct Luces {
  cantidad : u32,
  lista : array<Luz>,
}

struct Grupo {
  desplazamiento : u32,
  cantidad : u32,
}

const MAX_POR_GRUPO : u32 = 64u;

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var<storage, read> luces : Luces;
@group(1) @binding(0) var<storage, read_write> grupos : array<Grupo>;
@group(1) @binding(1) var<storage, read_write> indices : array<u32>;
@group(1) @binding(2) var<storage, read_write> total : atomic<u32>;

fn profundidadGrupo(z : f32) -> u32 {
  let t = log(-z / camara.cerca) / log(camara.lejos / camara.cerca);
  return u32(clamp(t, 0.0, 0.9999) * f32(camara.dimsGrupos.z));
}

fn indiceGrupo(g : vec3u) -> u32 {
  return g.x + g.y * camara.dimsGrupos.x + g.z * camara.dimsGrupos.x * camara.dimsGrupos.y;
}

@compute @workgroup_size(4, 4, 4)
fn asignar(@builtin(global_invocation_id) g : vec3u) {
  if (any(g >= camara.dimsGrupos)) {
    return;
  }
  let zCerca = -camara.cerca * pow(camara.lejos / camara.cerca, f32(g.z) / f32(camara.dimsGrupos.z));
  let zLejos = -camara.cerca * pow(camara.lejos / camara.cerca, f32(g.z + 1u) / f32(camara.dimsGrupos.z));
  var locales : array<u32, MAX_POR_GRUPO>;
  var n = 0u;
  for (var i = 0u; i < luces.cantidad && n < MAX_POR_GRUPO; i++) {
    let p = (camara.vista * vec4f(luces.lista[i].posicion, 1.0)).xyz;
    let r = luces.lista[i].rango;
    if (p.z - r <= zCerca && p.z + r >= zLejos) {
      locales[n] = i;
      n++;
    }
  }
  let base = atomicAdd(&total, n);
  for (var k = 0u; k < n; k++) {
    indices[base + k] = locales[k];
  }
  grupos[indiceGrupo(g)] = Grupo(base, n);
}

struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) vistaPos : vec3f,
  @location(1) normal : vec3f,
}

@vertex
fn vs(@location(0) p : vec3f, @location(1) n : vec3f) -> VOut {
  let v = camara.vista * vec4f(p, 1.0);
  return VOut(camara.proy * v, v.xyz, (camara.vista * vec4f(n, 0.0)).xyz);
}

@fragment
fn fs(in : VOut) -> @location(0) vec4f {
  let xy = vec2u(in.pos.xy / camara.pantalla * vec2f(camara.dimsGrupos.xy));
  let g = grupos[indiceGrupo(vec3u(xy, profundidadGrupo(in.vistaPos.z)))];
  var c = vec3f(0.02);
  for (var k = 0u; k < g.cantidad; k++) {
    let l = luces.lista[indices[g.desplazamiento + k]];
    let lv = (camara.vista * vec4f(l.posicion, 1.0)).xyz - in.vistaPos;
    let d = length(lv);
    let att = max(1.0 - d / l.rango, 0.0);
    c += l.color * l.intensidad * att * max(dot(normalize(in.normal), lv / d), 0.0);
  }
  return vec4f(c, 1.0);
}
