// Memory layout corner cases in storage buffers (WGSL #alignment-and-size):
// vec3 followed by a scalar packs into the vec3's padding, mat2x2/mat3x2/
// mat2x3/mat4x3, arrays of vec3 (stride 16), nested structs, @align and
// @size on members, and aliases of struct and array types.
//
// @expect cs compute(1,1,1): zoo, matrices, anidado, listas

alias Color = vec4<f32>;
alias Tripletes = array<vec3f, 3>;

struct Empaquetado {
  a : vec3f,
  b : f32,
  c : vec2f,
  d : f32,
}

struct Matrices {
  m22 : mat2x2f,
  m32 : mat3x2f,
  m23 : mat2x3f,
  m43 : mat4x3f,
  m34 : mat3x4f,
  escalar : f32,
}

struct Interior {
  x : f32,
  @align(16) y : vec2f,
}

struct Anidado {
  primero : u32,
  interior : Interior,
  despues : u32,
  @size(20) relleno : f32,
  color : Color,
  @align(32) ultimo : vec2u,
}

struct Listas {
  tripletes : Tripletes,
  escalares : array<f32, 5>,
  pares : array<vec2i, 3>,
  estructuras : array<Interior, 2>,
  cola : array<Empaquetado>,
}

@group(0) @binding(0) var<storage, read_write> zoo : Empaquetado;
@group(0) @binding(1) var<storage, read_write> matrices : Matrices;
@group(0) @binding(2) var<storage, read_write> anidado : Anidado;
@group(0) @binding(3) var<storage, read_write> listas : Listas;

@compute @workgroup_size(1)
fn cs() {
  zoo.a = vec3f(1.0, 2.0, 3.0);
  zoo.b = 4.0;
  zoo.c = vec2f(5.0, 6.0);
  zoo.d = 7.0;
  matrices.m22 = mat2x2f(1.0, 2.0, 3.0, 4.0);
  matrices.m32 = mat3x2f(vec2f(1.0), vec2f(2.0), vec2f(3.0));
  matrices.m23 = transpose(matrices.m32);
  matrices.m43 = mat4x3f();
  matrices.m34 = transpose(matrices.m43);
  matrices.escalar = determinant(matrices.m22);
  anidado.primero = 1u;
  anidado.interior = Interior(2.0, vec2f(3.0));
  anidado.despues = 4u;
  anidado.relleno = 5.0;
  anidado.color = Color(0.1, 0.2, 0.3, 1.0);
  anidado.ultimo = vec2u(7u, 8u);
  for (var i = 0; i < 3; i++) {
    listas.tripletes[i] = vec3f(f32(i));
    listas.pares[i] = vec2i(i, -i);
  }
  for (var i = 0u; i < 5u; i++) {
    listas.escalares[i] = f32(i) * 0.5;
  }
  listas.estructuras[0] = anidado.interior;
  listas.estructuras[1].x = zoo.b;
  let n = arrayLength(&listas.cola);
  for (var i = 0u; i < n; i++) {
    listas.cola[i] = zoo;
  }
}
