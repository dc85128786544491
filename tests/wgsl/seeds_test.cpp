// Every WGSL snippet of the seed articles 003 (@group/@binding) and 004
// (GPUBindGroupLayout), with the facts the articles state about them.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::entry;
using test::fails;
using test::parseOk;
using test::resourceNames;
using test::structLayout;

// Seed 003, first snippet. It names `Instancia` without declaring it; on its
// own the module reports that, and with a declaration it is valid.
const char* kSeed003Decls = R"(
struct Camara {
  viewProj : mat4x4f,
  posicion : vec3f,
  tiempo   : f32,
};

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var entorno : texture_cube<f32>;

@group(1) @binding(0) var<storage, read> instancias : array<Instancia>;
@group(1) @binding(1) var<storage, read_write> visibles : array<u32>;

@group(2) @binding(0) var albedo : texture_2d<f32>;
@group(2) @binding(1) var normalMap : texture_2d<f32>;
)";

TEST(Seed003, DeclarationsSnippet) {
  EXPECT_TRUE(test::failsAt(kSeed003Decls, 12, 61, "unknown type 'Instancia'"));
  std::string full =
      std::string("struct Instancia { modelo : mat4x4f, color : vec4f }\n") + kSeed003Decls;
  Module m = parseOk(full);
  Reflection r = m.reflect();
  const StructLayout* cam = structLayout(r, "Camara");
  ASSERT_NE(cam, nullptr);
  EXPECT_EQ(cam->size, 80u);  // 64 + vec3f at 64 + f32 at 76
  EXPECT_EQ(cam->members[2].offset, 76u);
  EXPECT_TRUE(r.entryPoints.empty());
}

TEST(Seed003, PrivateVarsCannotHaveBindings) {
  EXPECT_TRUE(
      fails("@group(0) @binding(3) var<private> p : f32;", "only valid on resource variables"));
  parseOk("var<private> p : f32;");
}

const char* kSeed003Aliasing = R"(
struct Particula {
  posicion : vec4f,
  velocidad : vec4f,
};

// Vista tipada: la usa el shader de simulacion.
@group(0) @binding(0) var<storage, read_write> particulas : array<Particula>;

// Vista cruda del mismo buffer: la usa el shader que lo pone a cero.
@group(0) @binding(0) var<storage, read_write> crudo : array<vec4f>;

@compute @workgroup_size(64)
fn simular(@builtin(global_invocation_id) id : vec3u) {
  particulas[id.x].posicion += particulas[id.x].velocidad;   // solo usa 'particulas'
}

@compute @workgroup_size(64)
fn limpiar(@builtin(global_invocation_id) id : vec3u) {
  crudo[id.x] = vec4f(0.0);                                  // solo usa 'crudo'
}
)";

TEST(Seed003, AliasingViewsInDifferentEntryPoints) {
  Module m = parseOk(kSeed003Aliasing);
  Reflection r = m.reflect();
  const EntryPoint* sim = entry(r, "simular");
  const EntryPoint* clr = entry(r, "limpiar");
  ASSERT_NE(sim, nullptr);
  ASSERT_NE(clr, nullptr);
  EXPECT_EQ(resourceNames(sim), "particulas");
  EXPECT_EQ(resourceNames(clr), "crudo");
  EXPECT_EQ(sim->workgroupSize, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(sim->resources[0].kind, ResourceKind::StorageBuffer);
  EXPECT_EQ(sim->resources[0].minBindingSize, 32u);
  EXPECT_EQ(clr->resources[0].minBindingSize, 16u);
  EXPECT_EQ(clr->resources[0].wgslType, "array<vec4<f32>>");
}

TEST(Seed003, BothViewsInOneEntryPointIsAnError) {
  // "Lo que no puedes hacer es usar las dos vistas en el mismo punto de entrada."
  std::string src = std::string(kSeed003Aliasing) + R"(
@compute @workgroup_size(64)
fn ambas(@builtin(global_invocation_id) id : vec3u) {
  crudo[id.x] = particulas[id.x].posicion;
}
)";
  EXPECT_TRUE(fails(src,
                    "entry point 'ambas' statically uses both 'particulas' (line 8) and "
                    "'crudo' (line 11)"));
}

TEST(Seed003, PhonyAssignmentKeepsStaticUse) {
  std::string src = std::string("struct Instancia { m : mat4x4f }\n") + kSeed003Decls + R"(
@fragment fn fs() -> @location(0) vec4f {
  _ = textureSampleLevel(albedo, muestreo, vec2f(0.0), 0.0);   // mantiene el uso estatico
  return vec4f(1.0);
}
@fragment fn fsSinUso() -> @location(0) vec4f {
  return vec4f(1.0);
}
)";
  Module m = parseOk(src);
  Reflection r = m.reflect();
  const EntryPoint* fs = entry(r, "fs");
  EXPECT_EQ(resourceNames(fs), "muestreo,albedo");
  EXPECT_TRUE(fs->resources[1].usedWithSampler);
  EXPECT_EQ(fs->resources[1].sampleType, SampleKind::Float);
  EXPECT_EQ(resourceNames(entry(r, "fsSinUso")), "");
}

TEST(Seed003, UseInsideAlwaysFalseIfCounts) {
  std::string src = std::string("struct Instancia { m : mat4x4f }\n") + kSeed003Decls + R"(
@compute @workgroup_size(1) fn c() {
  if (false) { visibles[0] = 1u; }
}
)";
  Module m = parseOk(src);
  EXPECT_EQ(resourceNames(entry(m.reflect(), "c")), "visibles");
}

// Seed 004: the camera struct is 144 bytes ("2 mat4x4 (64 B cada una) + vec3
// alineado a 16 = 144 bytes"), and each declaration maps to one entry kind.
const char* kSeed004 = R"(
struct Camara {
  vista       : mat4x4<f32>,
  proyeccion  : mat4x4<f32>,
  posicion    : vec3<f32>,
};

@group(0) @binding(0) var<uniform> camara : Camara;
@group(0) @binding(1) var muestreo : sampler;
@group(0) @binding(2) var sombraCmp : sampler_comparison;
@group(0) @binding(3) var mapaSombra : texture_depth_2d;
@group(0) @binding(4) var<storage, read> luces : array<Luz>;
)";

TEST(Seed004, SnippetNeedsLuz) {
  EXPECT_TRUE(test::failsAt(kSeed004, 12, 56, "unknown type 'Luz'"));
}

TEST(Seed004, CameraIs144BytesAndKindsMatch) {
  std::string src = std::string("struct Luz { posicion : vec4f, color : vec4f }\n") + kSeed004 + R"(
@fragment fn fs(@location(0) uv : vec2f) -> @location(0) vec4f {
  let s = textureSampleCompare(mapaSombra, sombraCmp, uv, 0.5);
  _ = muestreo;
  return vec4f(camara.posicion * s, f32(arrayLength(&luces)));
}
)";
  Module m = parseOk(src);
  Reflection r = m.reflect();
  const StructLayout* cam = structLayout(r, "Camara");
  ASSERT_NE(cam, nullptr);
  EXPECT_EQ(cam->size, 144u);
  EXPECT_EQ(cam->align, 16u);
  EXPECT_EQ(cam->members[2].offset, 128u);
  const EntryPoint* fs = entry(r, "fs");
  ASSERT_NE(fs, nullptr);
  ASSERT_EQ(fs->resources.size(), 5u);
  EXPECT_EQ(fs->resources[0].kind, ResourceKind::UniformBuffer);
  EXPECT_EQ(fs->resources[0].minBindingSize, 144u);
  EXPECT_EQ(fs->resources[1].kind, ResourceKind::Sampler);
  EXPECT_EQ(fs->resources[2].kind, ResourceKind::ComparisonSampler);
  EXPECT_EQ(fs->resources[3].kind, ResourceKind::DepthTexture);
  EXPECT_EQ(fs->resources[3].sampleType, SampleKind::Depth);
  EXPECT_EQ(fs->resources[3].viewDimension, ViewDimension::e2D);
  EXPECT_EQ(fs->resources[4].kind, ResourceKind::ReadOnlyStorageBuffer);
  EXPECT_EQ(fs->resources[4].minBindingSize, 32u);
}

TEST(Seed004, SampleTypeFollowsTheWgslType) {
  Module m = parseOk(R"(
    @group(0) @binding(0) var a : texture_2d<f32>;
    @group(0) @binding(1) var b : texture_2d<u32>;
    @group(0) @binding(2) var c : texture_2d<i32>;
    @group(0) @binding(3) var d : texture_depth_2d;
    @group(0) @binding(4) var e : texture_multisampled_2d<f32>;
    @group(0) @binding(5) var f : texture_storage_2d<rgba8unorm, write>;
    @group(0) @binding(6) var g : texture_external;
    @compute @workgroup_size(1) fn main() {
      _ = a; _ = b; _ = c; _ = d; _ = e; _ = g;
      textureStore(f, vec2u(0u), vec4f());
    }
  )");
  Reflection refl = m.reflect();
  const auto& R = refl.entryPoints[0].resources;
  ASSERT_EQ(R.size(), 7u);
  EXPECT_EQ(R[0].sampleType, SampleKind::UnfilterableFloat);
  EXPECT_EQ(R[1].sampleType, SampleKind::Uint);
  EXPECT_EQ(R[2].sampleType, SampleKind::Sint);
  EXPECT_EQ(R[3].sampleType, SampleKind::Depth);
  EXPECT_EQ(R[4].sampleType, SampleKind::UnfilterableFloat);
  EXPECT_TRUE(R[4].multisampled);
  EXPECT_EQ(R[5].storageFormat, TexelFormat::Rgba8unorm);
  EXPECT_EQ(R[5].access, StorageAccess::Write);
  EXPECT_EQ(R[6].kind, ResourceKind::ExternalTexture);
}

TEST(Seed004, StorageTextureAccessNeedsLanguageFeature) {
  // read-only / read-write storage textures (readonly_and_readwrite_storage_textures)
  parseOk(
      "requires readonly_and_readwrite_storage_textures;\n"
      "@group(0) @binding(0) var t : texture_storage_2d<r32float, read>;");
  Options o;
  o.allowReadonlyAndReadwriteStorageTextures = false;
  EXPECT_TRUE(fails("requires readonly_and_readwrite_storage_textures;", "turned off", o));
  EXPECT_TRUE(fails("@group(0) @binding(0) var t : texture_storage_cube<r32float, write>;",
                    "unknown type"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var t : texture_storage_2d<rgb9e5ufloat, write>;",
                    "unknown texel format"));
}

}  // namespace
}  // namespace bindery::wgsl
