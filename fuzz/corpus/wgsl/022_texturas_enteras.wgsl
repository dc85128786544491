// Integer textures: a u32 object-id buffer, an i32 signed offset field and a
// u32 texture array of tile indices. Integer textures can only be loaded.
//
// @expect seleccionar compute(1,1,1): ids, cursor, resultado
// @expect fs_contorno fragment: ids, desplazamientos, cursor
// @expect fs_mosaico fragment: mosaicos, cursor

struct Cursor {
  pos : vec2i,
  capa : i32,
  seleccionado : u32,
}

struct Resultado {
  id : u32,
  profundidad : f32,
}

@group(0) @binding(0) var ids : texture_2d<u32>;
@group(0) @binding(1) var desplazamientos : texture_2d<i32>;
@group(0) @binding(2) var mosaicos : texture_2d_array<u32>;
@group(0) @binding(3) var<uniform> cursor : Cursor;
@group(0) @binding(4) var<storage, read_write> resultado : Resultado;

@compute @workgroup_size(1)
fn seleccionar() {
  let dims = vec2i(textureDimensions(ids));
  let p = clamp(cursor.pos, vec2i(0), dims - 1);
  resultado.id = textureLoad(ids, p, 0).r;
  resultado.profundidad = 0.0;
}

fn idEn(p : vec2i) -> u32 {
  let dims = vec2i(textureDimensions(ids, 0));
  return textureLoad(ids, clamp(p, vec2i(0), dims - 1), 0).r;
}

@fragment
fn fs_contorno(@builtin(position) frag : vec4f) -> @location(0) vec4f {
  let p = vec2i(frag.xy);
  let d = textureLoad(desplazamientos, p, 0).xy;
  let q = p + d;
  let centro = idEn(q);
  var borde = false;
  for (var dy = -1; dy <= 1; dy++) {
    for (var dx = -1; dx <= 1; dx++) {
      if (idEn(q + vec2i(dx, dy)) != centro) {
        borde = true;
      }
    }
  }
  if (borde && centro == cursor.seleccionado) {
    return vec4f(1.0, 0.6, 0.0, 1.0);
  }
  return vec4f(0.0);
}

@fragment
fn fs_mosaico(@builtin(position) frag : vec4f) -> @location(0) vec4u {
  let capas = textureNumLayers(mosaicos);
  let capa = u32(cursor.capa) % capas;
  let t = textureLoad(mosaicos, vec2u(frag.xy) / 16u, capa, 0);
  return t;
}
