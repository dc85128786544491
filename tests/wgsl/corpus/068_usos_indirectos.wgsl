// Uses that read no value: only arrayLength, only a pointer taken and
// discarded (`_ = &x`), only a texture query, only passing a pointer to a
// helper that never dereferences it. All are static uses.
//
// @expect longitud compute(1,1,1): tabla, resultado
// @expect puntero compute(1,1,1): soloPuntero, resultado
// @expect consulta compute(1,1,1): imagen, escritura, resultado
// @expect ayudante compute(1,1,1): pasado, resultado

@group(0) @binding(0) var<storage, read> tabla : array<vec2f>;
@group(0) @binding(1) var<storage, read_write> soloPuntero : array<u32>;
@group(0) @binding(2) var imagen : texture_3d<f32>;
@group(0) @binding(3) var escritura : texture_storage_2d<rgba16sint, write>;
@group(0) @binding(4) var<storage, read_write> pasado : array<i32, 8>;
@group(1) @binding(0) var<storage, read_write> resultado : array<u32, 8>;

@compute @workgroup_size(1)
fn longitud() {
  resultado[0] = arrayLength(&tabla);
}

@compute @workgroup_size(1)
fn puntero() {
  _ = &soloPuntero;
  resultado[1] = 1u;
}

@compute @workgroup_size(1)
fn consulta() {
  let d = textureDimensions(imagen, 0);
  resultado[2] = d.x * d.y * d.z + textureNumLevels(imagen);
  resultado[3] = textureDimensions(escritura).x;
}

fn ignorar(p : ptr<storage, array<i32, 8>, read_write>) -> u32 {
  _ = p;
  return 7u;
}

@compute @workgroup_size(1)
fn ayudante() {
  resultado[4] = ignorar(&pasado);
}

fn noLlamada() {
  resultado[5] = arrayLength(&tabla) + u32(pasado[0]);
}
