// Every statement form: loop/continuing/break if, while, for with all three
// clauses, nested switch with fallthrough-free cases, labeled-free breaks, and
// resources touched only inside continuing blocks and switch defaults.
//
// @expect cs compute(64,1,1): entrada, salida, enContinuing, enDefault, pasos

struct Pasos {
  maximo : u32,
  umbral : f32,
  modo : i32,
}

@group(0) @binding(0) var<storage, read> entrada : array<f32>;
@group(0) @binding(1) var<storage, read_write> salida : array<f32>;
@group(0) @binding(2) var<storage, read_write> enContinuing : array<u32, 4>;
@group(0) @binding(3) var<uniform> enDefault : vec4f;
@group(0) @binding(4) var<uniform> pasos : Pasos;

fn collatz(n0 : u32) -> u32 {
  var n = n0;
  var k = 0u;
  loop {
    if (n <= 1u) {
      break;
    }
    if ((n & 1u) == 0u) {
      n = n / 2u;
    } else {
      n = 3u * n + 1u;
    }
    continuing {
      k++;
      enContinuing[k & 3u] = n;
      break if k >= pasos.maximo;
    }
  }
  return k;
}

fn clasificar(x : f32) -> f32 {
  var r = 0.0;
  switch (pasos.modo) {
    case 0: {
      r = x;
    }
    case 1, 2: {
      switch (i32(x) & 3) {
        case 0: { r = x * 2.0; }
        case 1: { r = -x; }
        default: { r = 0.0; }
      }
    }
    case 3: {
      if (x > pasos.umbral) {
        break;
      }
      r = x * x;
    }
    default: {
      r = enDefault.x * x + enDefault.y;
    }
  }
  return r;
}

@compute @workgroup_size(64)
fn cs(@builtin(global_invocation_id) id : vec3u) {
  let n = arrayLength(&entrada);
  var i = id.x;
  while (i < n) {
    var acc = 0.0;
    for (var j = 0u; j < 4u; j = j + 1u) {
      if (i + j >= n) {
        break;
      }
      if (entrada[i + j] < 0.0) {
        continue;
      }
      acc += clasificar(entrada[i + j]);
    }
    salida[i] = acc + f32(collatz(u32(abs(entrada[i])) + 1u));
    i += 64u * 1024u;
  }
}
