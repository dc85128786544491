// Voxelization: triangles are splatted into a 3d storage texture; a second
// pass builds an occupancy mip with textureLoad on a 3d sampled texture.
//
// @expect voxelizar compute(64,1,1): triangulos, rejilla, voxeles
// @expect ocupacion compute(4,4,4): voxelesLeidos, ocupado, rejilla
// @expect limpiar compute(4,4,4): voxeles

struct Triangulo {
  a : vec3f,
  material : u32,
  b : vec3f,
  _r0 : u32,
  c : vec3f,
  _r1 : u32,
}

struct Rejilla {
  origen : vec3f,
  tamVoxel : f32,
  resolucion : vec3u,
  numTriangulos : u32,
}

@group(0) @binding(0) var<storage, read> triangulos : array<Triangulo>;
@group(0) @binding(1) var<uniform> rejilla : Rejilla;
@group(0) @binding(2) var voxeles : texture_storage_3d<rgba16float, write>;
@group(1) @binding(0) var voxelesLeidos : texture_3d<f32>;
@group(1) @binding(1) var ocupado : texture_storage_3d<r32uint, write>;

fn aVoxel(p : vec3f) -> vec3i {
  return vec3i(floor((p - rejilla.origen) / rejilla.tamVoxel));
}

@compute @workgroup_size(64)
fn voxelizar(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= rejilla.numTriangulos) {
    return;
  }
  let t = triangulos[id.x];
  let n = normalize(cross(t.b - t.a, t.c - t.a));
  let lo = max(aVoxel(min(t.a, min(t.b, t.c))), vec3i(0));
  let hi = min(aVoxel(max(t.a, max(t.b, t.c))), vec3i(rejilla.resolucion) - 1);
  for (var z = lo.z; z <= hi.z; z++) {
    for (var y = lo.y; y <= hi.y; y++) {
      for (var x = lo.x; x <= hi.x; x++) {
        let centro = rejilla.origen + (vec3f(f32(x), f32(y), f32(z)) + 0.5) * rejilla.tamVoxel;
        if (abs(dot(centro - t.a, n)) <= rejilla.tamVoxel) {
          textureStore(voxeles, vec3i(x, y, z), vec4f(abs(n), f32(t.material)));
        }
      }
    }
  }
}

@compute @workgroup_size(4, 4, 4)
fn ocupacion(@builtin(global_invocation_id) id : vec3u) {
  let d = textureDimensions(ocupado);
  if (any(id >= d)) {
    return;
  }
  var lleno = 0u;
  for (var k = 0u; k < 8u; k++) {
    let o = vec3u(k & 1u, (k >> 1u) & 1u, k >> 2u);
    let v = textureLoad(voxelesLeidos, min(id * 2u + o, rejilla.resolucion - 1u), 0);
    if (v.a > 0.0) {
      lleno |= 1u << k;
    }
  }
  textureStore(ocupado, id, vec4u(lleno, 0u, 0u, 0u));
}

@compute @workgroup_size(4, 4, 4)
fn limpiar(@builtin(global_invocation_id) id : vec3u) {
  textureStore(voxeles, id, vec4f(0.0));
}
