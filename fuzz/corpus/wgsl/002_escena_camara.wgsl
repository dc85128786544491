// The scene module of seed article 003: camera + sampler + environment cube in
// group 0, instance data in group 1, material textures in group 2.
//
// @expect vs vertex: camara, instancias
// @expect fs fragment: camara, muestreo, entorno+, albedo+, normalMap+
// @expect cull compute(64,1,1): camara, instancias, visibles

struct Camara {
  viewProj : mat4x4f,
  posicion : vec3f,
  tiempo   : f32,
};

struct Instancia {
  modelo : mat4x4f,
  color : vec4f,
  radio : f32,
};

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var entorno : texture_cube<f32>;

@group(1) @binding(0) var<storage, read> instancias : array<Instancia>;
@group(1) @binding(1) var<storage, read_write> visibles : array<u32>;

@group(2) @binding(0) var albedo : texture_2d<f32>;
@group(2) @binding(1) var normalMap : texture_2d<f32>;

struct VsOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) normal : vec3f,
  @location(2) mundo : vec3f,
};

@vertex
fn vs(@location(0) pos : vec3f, @location(1) normal : vec3f, @location(2) uv : vec2f,
      @builtin(instance_index) inst : u32) -> VsOut {
  let m = instancias[inst].modelo;
  let mundo = m * vec4f(pos, 1.0);
  var out : VsOut;
  out.pos = camara.viewProj * mundo;
  out.uv = uv;
  out.normal = (m * vec4f(normal, 0.0)).xyz;
  out.mundo = mundo.xyz;
  return out;
}

@fragment
fn fs(in : VsOut) -> @location(0) vec4f {
  let base = textureSample(albedo, muestreo, in.uv);
  let nm = textureSample(normalMap, muestreo, in.uv).xyz * 2.0 - 1.0;
  let n = normalize(in.normal + nm * 0.25);
  let v = normalize(camara.posicion - in.mundo);
  let r = reflect(-v, n);
  let env = textureSample(entorno, muestreo, r);
  return vec4f(mix(base.rgb, env.rgb, 0.2), base.a);
}

@compute @workgroup_size(64)
fn cull(@builtin(global_invocation_id) id : vec3u) {
  if (id.x >= arrayLength(&instancias)) {
    return;
  }
  let centro = camara.viewProj * instancias[id.x].modelo[3];
  let r = instancias[id.x].radio;
  var visible = 1u;
  if (centro.w + r < 0.0) {
    visible = 0u;
  }
  if (abs(centro.x) > centro.w + r || abs(centro.y) > centro.w + r) {
    visible = 0u;
  }
  visibles[id.x] = visible;
}
