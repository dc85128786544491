// Reflection (#shader-interface): per entry point static use, resource kinds,
// the (group, binding) uniqueness rule, usedWithSampler, workgroup sizes and
// overrides.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::entry;
using test::fails;
using test::failsAt;
using test::parseOk;
using test::resourceNames;

TEST(Reflection, StaticUseIncludesDeadCodeAndPhony) {
  Module m = parseOk(R"(
    @group(0) @binding(0) var<uniform> a : f32;
    @group(0) @binding(1) var<uniform> b : f32;
    @group(0) @binding(2) var<uniform> c : f32;
    @group(0) @binding(3) var<uniform> d : f32;
    @group(0) @binding(4) var<uniform> unused : f32;
    @compute @workgroup_size(1) fn main() {
      if (false) { _ = a; }
      _ = b;
      return;
      _ = c + d;
    }
  )");
  EXPECT_EQ(resourceNames(entry(m.reflect(), "main")), "a,b,c,d");
}

TEST(Reflection, StaticUseIsTransitiveThroughCalls) {
  Module m = parseOk(R"(
    @group(0) @binding(0) var<storage> x : array<f32>;
    @group(0) @binding(1) var<storage> y : array<f32>;
    @group(1) @binding(0) var<storage> z : array<f32>;
    fn leaf() -> f32 { return y[0]; }
    fn mid() -> f32 { return leaf() + 1.0; }
    fn notCalled() -> f32 { return z[0]; }
    @compute @workgroup_size(1) fn a() { _ = mid(); }
    @compute @workgroup_size(1) fn b() { _ = x[0]; _ = leaf(); }
    @compute @workgroup_size(1) fn c() {}
  )");
  Reflection r = m.reflect();
  EXPECT_EQ(resourceNames(entry(r, "a")), "y");
  EXPECT_EQ(resourceNames(entry(r, "b")), "x,y");
  EXPECT_EQ(resourceNames(entry(r, "c")), "");
}

TEST(Reflection, SortedByGroupAndBinding) {
  Module m = parseOk(R"(
    @group(2) @binding(0) var t : texture_2d<f32>;
    @group(0) @binding(5) var<uniform> u5 : f32;
    @group(0) @binding(1) var<uniform> u1 : f32;
    @group(1) @binding(0) var s : sampler;
    @fragment fn fs() -> @location(0) vec4f {
      return textureSample(t, s, vec2f(u5, u1));
    }
  )");
  EXPECT_EQ(resourceNames(entry(m.reflect(), "fs")), "u1,u5,s,t");
}

TEST(Reflection, ResourceKinds) {
  Module m = parseOk(R"(
    requires readonly_and_readwrite_storage_textures;
    @group(0) @binding(0) var<uniform> ub : vec4f;
    @group(0) @binding(1) var<storage> sb1 : array<u32>;
    @group(0) @binding(2) var<storage, read> sb2 : array<u32>;
    @group(0) @binding(3) var<storage, read_write> sb3 : array<u32>;
    @group(0) @binding(4) var smp : sampler;
    @group(0) @binding(5) var cmp : sampler_comparison;
    @group(0) @binding(6) var t2 : texture_2d<f32>;
    @group(0) @binding(7) var tcu : texture_cube_array<i32>;
    @group(0) @binding(8) var tms : texture_multisampled_2d<f32>;
    @group(0) @binding(9) var td : texture_depth_2d_array;
    @group(0) @binding(10) var tdm : texture_depth_multisampled_2d;
    @group(0) @binding(11) var st : texture_storage_3d<rgba16float, read_write>;
    @group(0) @binding(12) var ext : texture_external;
    @group(0) @binding(13) var t1 : texture_1d<u32>;
    @fragment fn fs() -> @location(0) vec4f {
      _ = ub; _ = sb1[0]; _ = sb2[0]; _ = sb3[0]; _ = smp; _ = cmp; _ = t2; _ = tcu; _ = tms;
      _ = td; _ = tdm; _ = st; _ = ext; _ = t1;
      return vec4f();
    }
  )");
  Reflection r = m.reflect();
  const EntryPoint* e = entry(r, "fs");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->resources.size(), 14u);
  const auto& R = e->resources;
  EXPECT_EQ(R[0].kind, ResourceKind::UniformBuffer);
  EXPECT_EQ(R[0].wgslType, "vec4<f32>");
  EXPECT_EQ(R[0].minBindingSize, 16u);
  EXPECT_EQ(R[1].kind, ResourceKind::ReadOnlyStorageBuffer);
  EXPECT_EQ(R[1].access, StorageAccess::Read);
  EXPECT_EQ(R[2].kind, ResourceKind::ReadOnlyStorageBuffer);
  EXPECT_EQ(R[3].kind, ResourceKind::StorageBuffer);
  EXPECT_EQ(R[3].access, StorageAccess::ReadWrite);
  EXPECT_EQ(R[3].wgslType, "array<u32>");
  EXPECT_EQ(R[3].minBindingSize, 4u);
  EXPECT_EQ(R[4].kind, ResourceKind::Sampler);
  EXPECT_EQ(R[5].kind, ResourceKind::ComparisonSampler);
  EXPECT_EQ(R[6].kind, ResourceKind::SampledTexture);
  EXPECT_EQ(R[6].sampleType, SampleKind::UnfilterableFloat);  // never sampled
  EXPECT_EQ(R[6].viewDimension, ViewDimension::e2D);
  EXPECT_EQ(R[6].wgslType, "texture_2d<f32>");
  EXPECT_EQ(R[7].sampleType, SampleKind::Sint);
  EXPECT_EQ(R[7].viewDimension, ViewDimension::CubeArray);
  EXPECT_EQ(R[8].kind, ResourceKind::MultisampledTexture);
  EXPECT_TRUE(R[8].multisampled);
  EXPECT_EQ(R[8].sampleType, SampleKind::UnfilterableFloat);
  EXPECT_EQ(R[9].kind, ResourceKind::DepthTexture);
  EXPECT_EQ(R[9].sampleType, SampleKind::Depth);
  EXPECT_EQ(R[9].viewDimension, ViewDimension::e2DArray);
  EXPECT_EQ(R[10].kind, ResourceKind::DepthMultisampledTexture);
  EXPECT_TRUE(R[10].multisampled);
  EXPECT_EQ(R[11].kind, ResourceKind::StorageTexture);
  EXPECT_EQ(R[11].storageFormat, TexelFormat::Rgba16float);
  EXPECT_EQ(R[11].access, StorageAccess::ReadWrite);
  EXPECT_EQ(R[11].viewDimension, ViewDimension::e3D);
  EXPECT_EQ(R[11].wgslType, "texture_storage_3d<rgba16float, read_write>");
  EXPECT_EQ(R[12].kind, ResourceKind::ExternalTexture);
  EXPECT_EQ(R[13].sampleType, SampleKind::Uint);
  EXPECT_EQ(R[13].viewDimension, ViewDimension::e1D);
  EXPECT_EQ(R[0].declLine, 3u);
  EXPECT_EQ(R[0].declColumn, 40u);
  EXPECT_EQ(toString(R[11].storageFormat), "rgba16float");
  EXPECT_EQ(toString(R[9].viewDimension), "2d-array");
  EXPECT_EQ(toString(R[2].kind), "read-only-storage");
  EXPECT_EQ(toString(R[6].sampleType), "unfilterable-float");
  EXPECT_EQ(toString(e->stage), "fragment");
}

TEST(Reflection, UsedWithSampler) {
  Module m = parseOk(R"(
    @group(0) @binding(0) var filtered : texture_2d<f32>;
    @group(0) @binding(1) var loaded : texture_2d<f32>;
    @group(0) @binding(2) var viaParam : texture_2d<f32>;
    @group(0) @binding(3) var s : sampler;
    @group(0) @binding(4) var other : texture_2d<f32>;
    fn sampleIt(t : texture_2d<f32>, smp : sampler, uv : vec2f) -> vec4f {
      return textureSampleLevel(t, smp, uv, 0.0);
    }
    fn forward(t : texture_2d<f32>, smp : sampler) -> vec4f { return sampleIt(t, smp, vec2f()); }
    @fragment fn fs() -> @location(0) vec4f {
      return textureSample(filtered, s, vec2f()) + textureLoad(loaded, vec2i(), 0) + forward(viaParam, s);
    }
    @fragment fn fs2() -> @location(0) vec4f { return textureLoad(filtered, vec2i(), 0) + textureLoad(other, vec2i(), 0); }
  )");
  Reflection r = m.reflect();
  const EntryPoint* e = entry(r, "fs");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(resourceNames(e), "filtered,loaded,viaParam,s");
  EXPECT_TRUE(e->resources[0].usedWithSampler);
  EXPECT_EQ(e->resources[0].sampleType, SampleKind::Float);
  EXPECT_FALSE(e->resources[1].usedWithSampler);
  EXPECT_EQ(e->resources[1].sampleType, SampleKind::UnfilterableFloat);
  EXPECT_TRUE(e->resources[2].usedWithSampler);  // through two user functions
  EXPECT_TRUE(e->resources[3].usedWithSampler);  // the sampler
  // per entry point: fs2 only loads
  const EntryPoint* e2 = entry(r, "fs2");
  ASSERT_EQ(resourceNames(e2), "filtered,other");
  EXPECT_FALSE(e2->resources[0].usedWithSampler);
}

TEST(Reflection, DuplicateBindingOnlyWhenOneEntryPointUsesBoth) {
  // seed 003: two views of the same binding, each used by a different entry point
  parseOk(R"(
    @group(0) @binding(0) var<storage, read_write> a : array<vec4f>;
    @group(0) @binding(0) var<storage, read_write> b : array<u32>;
    @compute @workgroup_size(1) fn ea() { a[0] = vec4f(); }
    @compute @workgroup_size(1) fn eb() { b[0] = 0u; }
  )");
  // one entry point uses both (through a helper): error naming both, with lines
  const char* bad = R"(@group(0) @binding(0) var<storage, read_write> a : array<vec4f>;
@group(0) @binding(0) var<storage, read_write> b : array<u32>;
fn helper() { b[0] = 1u; }
@compute @workgroup_size(1) fn both() { a[0] = vec4f(); helper(); }
)";
  EXPECT_TRUE(
      failsAt(bad, 2, 48,
              "entry point 'both' statically uses both 'a' (line 1) and 'b' (line 2), which "
              "have the same @group(0) @binding(0)"));
  Module m = parse(bad);
  ASSERT_FALSE(m.ok());
  ASSERT_EQ(m.diagnostics()[0].notes.size(), 1u);
  EXPECT_EQ(m.diagnostics()[0].notes[0].line, 1u);
  // different groups with the same binding are fine
  parseOk(R"(
    @group(0) @binding(0) var<uniform> a : f32;
    @group(1) @binding(0) var<uniform> b : f32;
    @compute @workgroup_size(1) fn e() { _ = a + b; }
  )");
}

TEST(Reflection, WorkgroupSizeAndOverrides) {
  Module m = parseOk(R"(
    override bx : u32 = 8u;
    override by = 2u * bx;
    override none : u32;
    const cz = 2;
    @id(3) override unusedOverride : f32 = 0.5;
    var<workgroup> tile : array<f32, by>;
    @compute @workgroup_size(bx, by, cz) fn a() { _ = tile[0]; }
    @compute @workgroup_size(64) fn b() {}
    @compute @workgroup_size(4, none) fn c() {}
    @vertex fn v() -> @builtin(position) vec4f { return vec4f(); }
  )");
  Reflection r = m.reflect();
  const EntryPoint* a = entry(r, "a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->workgroupSize, (std::array<uint32_t, 3>{8, 16, 2}));
  EXPECT_EQ(a->overrides.size(), 2u);  // bx, by (through the workgroup array's size too)
  EXPECT_EQ(entry(r, "b")->workgroupSize, (std::array<uint32_t, 3>{64, 1, 1}));
  EXPECT_EQ(entry(r, "c")->workgroupSize, (std::array<uint32_t, 3>{4, 0, 1}));
  EXPECT_EQ(entry(r, "v")->workgroupSize, (std::array<uint32_t, 3>{0, 0, 0}));
  EXPECT_EQ(entry(r, "v")->stage, Stage::Vertex);
  ASSERT_EQ(r.overrides.size(), 4u);
  EXPECT_EQ(r.overrides[0].name, "bx");
  EXPECT_TRUE(r.overrides[0].hasDefault);
  EXPECT_EQ(r.overrides[0].defaultValue, 8.0);
  EXPECT_EQ(r.overrides[1].defaultValue, 16.0);
  EXPECT_FALSE(r.overrides[2].hasDefault);
  EXPECT_TRUE(r.overrides[3].hasId);
  EXPECT_EQ(r.overrides[3].id, 3u);
  EXPECT_EQ(r.overrides[3].wgslType, "f32");
}

TEST(Reflection, OverrideSizedWorkgroupArrayUsesOverride) {
  Module m = parseOk(R"(
    override n : u32 = 16u;
    var<workgroup> buf : array<u32, n>;
    @compute @workgroup_size(1) fn main() { buf[0] = 1u; }
  )");
  Reflection r = m.reflect();
  ASSERT_EQ(r.entryPoints[0].overrides.size(), 1u);
  EXPECT_EQ(r.entryPoints[0].overrides[0], "n");
  EXPECT_TRUE(fails("override n : u32 = 16u;\nvar<private> buf : array<u32, n>;", "constructible"));
}

TEST(Reflection, InvalidModuleReflectsNothing) {
  Module m = parse("@compute @workgroup_size(1) fn main() { let x : i32 = 1.5; }");
  EXPECT_FALSE(m.ok());
  EXPECT_TRUE(m.reflect().entryPoints.empty());
  std::vector<Diagnostic> diags;
  Reflection r = reflect("@compute @workgroup_size(2) fn main() {}", &diags);
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(r.entryPoints.size(), 1u);
  EXPECT_EQ(r.entryPoints[0].workgroupSize[0], 2u);
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

TEST(Reflection, StageInputsAndOutputs) {
  Module m = test::parseOk(R"(
    struct VIn {
      @location(1) normal : vec3f,
      @location(0) pos : vec3f,
      @location(2) @interpolate(flat) id : u32,
      @builtin(instance_index) inst : u32,
    }
    struct VOut {
      @builtin(position) p : vec4f,
      @location(0) @interpolate(linear, sample) uv : vec2f,
      @location(1) @interpolate(flat) id : u32,
    }
    @vertex fn vs(in : VIn, @location(3) w : f32) -> VOut {
      return VOut(vec4f(in.pos, w), in.normal.xy, in.id);
    }
    struct FOut {
      @location(0) color : vec4f,
      @location(1) ids : vec2i,
      @builtin(frag_depth) depth : f32,
    }
    @fragment fn fs(in : VOut, @builtin(front_facing) ff : bool) -> FOut {
      _ = ff;
      return FOut(vec4f(in.uv, 0.0, 1.0), vec2i(), 0.5);
    }
    @fragment fn simple() -> @location(0) vec4<f32> { return vec4f(); }
  )");
  Reflection r = m.reflect();
  const EntryPoint* vs = test::entry(r, "vs");
  ASSERT_NE(vs, nullptr);
  ASSERT_EQ(vs->inputs.size(), 4u);
  EXPECT_EQ(vs->inputs[0].name, "pos");
  EXPECT_EQ(vs->inputs[0].location, 0u);
  EXPECT_EQ(vs->inputs[0].components, 3u);
  EXPECT_EQ(vs->inputs[0].scalar, IoScalar::F32);
  EXPECT_EQ(vs->inputs[0].interpolation, "perspective");
  EXPECT_EQ(vs->inputs[0].sampling, "center");
  EXPECT_EQ(vs->inputs[2].scalar, IoScalar::U32);
  EXPECT_EQ(vs->inputs[2].interpolation, "flat");
  EXPECT_EQ(vs->inputs[3].name, "w");
  EXPECT_EQ(vs->inputs[3].wgslType, "f32");
  EXPECT_EQ(vs->builtinInputs, std::vector<std::string>{"instance_index"});
  EXPECT_EQ(vs->builtinOutputs, std::vector<std::string>{"position"});
  ASSERT_EQ(vs->outputs.size(), 2u);
  EXPECT_EQ(vs->outputs[0].interpolation, "linear");
  EXPECT_EQ(vs->outputs[0].sampling, "sample");
  const EntryPoint* fs = test::entry(r, "fs");
  ASSERT_EQ(fs->outputs.size(), 2u);
  EXPECT_EQ(fs->outputs[1].scalar, IoScalar::I32);
  EXPECT_EQ(fs->outputs[1].components, 2u);
  EXPECT_EQ(fs->builtinOutputs, std::vector<std::string>{"frag_depth"});
  EXPECT_EQ(fs->builtinInputs, (std::vector<std::string>{"position", "front_facing"}));
  const EntryPoint* simple = test::entry(r, "simple");
  ASSERT_EQ(simple->outputs.size(), 1u);
  EXPECT_EQ(simple->outputs[0].name, "");
  EXPECT_EQ(simple->outputs[0].components, 4u);
  EXPECT_EQ(toString(IoScalar::U32), "u32");
}

TEST(Reflection, WorkgroupStorageSize) {
  Module m = test::parseOk(R"(
    override n : u32 = 64u;
    var<workgroup> a : array<f32, 10>;    // 40 -> 48
    var<workgroup> b : vec3f;             // 12 -> 16
    var<workgroup> c : array<u32, n>;     // 256
    var<workgroup> unused : array<f32, 1024>;
    @compute @workgroup_size(1) fn main() { a[0] = 1.0; b = vec3f(); c[0] = 1u; }
    @compute @workgroup_size(1) fn none() {}
  )");
  Reflection r = m.reflect();
  EXPECT_EQ(test::entry(r, "main")->workgroupStorageSize, 48u + 16u + 256u);
  EXPECT_EQ(test::entry(r, "none")->workgroupStorageSize, 0u);
}

}  // namespace
}  // namespace bindery::wgsl
