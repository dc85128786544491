// Unit tests of reflectionToJson on hand-built reflection data: the WebGPU
// spellings and the default-layout rules, independent of the parser.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "reflection_json.h"

namespace {

using namespace bindery::wgsl;
using nlohmann::json;

ResourceBinding res(uint32_t group, uint32_t binding, std::string name, ResourceKind kind) {
  ResourceBinding r;
  r.group = group;
  r.binding = binding;
  r.name = std::move(name);
  r.kind = kind;
  return r;
}

TEST(ReflectionJson, BufferKindsUseGPUBufferBindingTypeSpellings) {
  ResourceBinding u = res(0, 0, "u", ResourceKind::UniformBuffer);
  u.minBindingSize = 144;
  u.wgslType = "Camara";
  EXPECT_EQ(layoutEntryToJson(u, Stage::Vertex),
            json::parse(R"({"binding":0,"name":"u","type":"Camara","visibility":["VERTEX"],
              "buffer":{"type":"uniform","hasDynamicOffset":false,"minBindingSize":144}})"));
  ResourceBinding s = res(0, 1, "s", ResourceKind::StorageBuffer);
  EXPECT_EQ(layoutEntryToJson(s, Stage::Compute)["buffer"]["type"], "storage");
  ResourceBinding ro = res(0, 2, "ro", ResourceKind::ReadOnlyStorageBuffer);
  EXPECT_EQ(layoutEntryToJson(ro, Stage::Fragment)["buffer"]["type"], "read-only-storage");
  EXPECT_EQ(layoutEntryToJson(ro, Stage::Fragment)["visibility"], json::array({"FRAGMENT"}));
}

TEST(ReflectionJson, SamplersAreFilteringOrComparison) {
  EXPECT_EQ(layoutEntryToJson(res(0, 0, "s", ResourceKind::Sampler), Stage::Fragment)["sampler"],
            json::parse(R"({"type":"filtering"})"));
  EXPECT_EQ(layoutEntryToJson(res(0, 0, "c", ResourceKind::ComparisonSampler),
                              Stage::Fragment)["sampler"],
            json::parse(R"({"type":"comparison"})"));
}

TEST(ReflectionJson, F32TextureIsFloatOnlyWhenUsedWithASampler) {
  ResourceBinding t = res(1, 0, "t", ResourceKind::SampledTexture);
  t.sampleType = SampleKind::Float;
  t.viewDimension = ViewDimension::e2DArray;
  t.usedWithSampler = false;
  EXPECT_EQ(layoutEntryToJson(t, Stage::Fragment)["texture"],
            json::parse(R"({"sampleType":"unfilterable-float","viewDimension":"2d-array",
                            "multisampled":false})"));
  t.usedWithSampler = true;
  EXPECT_EQ(layoutEntryToJson(t, Stage::Fragment)["texture"]["sampleType"], "float");
  t.sampleType = SampleKind::UnfilterableFloat;
  EXPECT_EQ(layoutEntryToJson(t, Stage::Fragment)["texture"]["sampleType"], "float");
  t.sampleType = SampleKind::Uint;
  EXPECT_EQ(layoutEntryToJson(t, Stage::Fragment)["texture"]["sampleType"], "uint");
  t.sampleType = SampleKind::Sint;
  EXPECT_EQ(layoutEntryToJson(t, Stage::Fragment)["texture"]["sampleType"], "sint");
}

TEST(ReflectionJson, MultisampledAndDepthTextures) {
  ResourceBinding ms = res(0, 0, "ms", ResourceKind::MultisampledTexture);
  ms.sampleType = SampleKind::Float;
  ms.viewDimension = ViewDimension::e2D;
  ms.multisampled = true;
  EXPECT_EQ(layoutEntryToJson(ms, Stage::Fragment)["texture"],
            json::parse(R"({"sampleType":"unfilterable-float","viewDimension":"2d",
                            "multisampled":true})"));
  ResourceBinding d = res(0, 1, "d", ResourceKind::DepthTexture);
  d.sampleType = SampleKind::Depth;
  d.viewDimension = ViewDimension::CubeArray;
  d.usedWithSampler = true;
  EXPECT_EQ(layoutEntryToJson(d, Stage::Fragment)["texture"],
            json::parse(R"({"sampleType":"depth","viewDimension":"cube-array",
                            "multisampled":false})"));
  ResourceBinding dms = res(0, 2, "dms", ResourceKind::DepthMultisampledTexture);
  dms.sampleType = SampleKind::Depth;
  dms.viewDimension = ViewDimension::e2D;
  dms.multisampled = true;
  EXPECT_EQ(layoutEntryToJson(dms, Stage::Compute)["texture"],
            json::parse(R"({"sampleType":"depth","viewDimension":"2d","multisampled":true})"));
}

TEST(ReflectionJson, StorageTextureAccessSpellings) {
  ResourceBinding st = res(0, 0, "st", ResourceKind::StorageTexture);
  st.storageFormat = TexelFormat::Rgba8unorm;
  st.viewDimension = ViewDimension::e3D;
  st.access = StorageAccess::Write;
  EXPECT_EQ(layoutEntryToJson(st, Stage::Compute)["storageTexture"],
            json::parse(R"({"access":"write-only","format":"rgba8unorm","viewDimension":"3d"})"));
  st.access = StorageAccess::Read;
  st.storageFormat = TexelFormat::R32float;
  EXPECT_EQ(layoutEntryToJson(st, Stage::Vertex)["storageTexture"]["access"], "read-only");
  EXPECT_EQ(layoutEntryToJson(st, Stage::Vertex)["storageTexture"]["format"], "r32float");
  st.access = StorageAccess::ReadWrite;
  EXPECT_EQ(layoutEntryToJson(st, Stage::Compute)["storageTexture"]["access"], "read-write");
}

TEST(ReflectionJson, ExternalTextureIsAnEmptyObject) {
  const json e = layoutEntryToJson(res(0, 3, "v", ResourceKind::ExternalTexture), Stage::Fragment);
  ASSERT_TRUE(e.contains("externalTexture"));
  EXPECT_TRUE(e["externalTexture"].is_object());
  EXPECT_TRUE(e["externalTexture"].empty());
  EXPECT_FALSE(e.contains("texture"));
}

TEST(ReflectionJson, GroupsSortedByGroupEntriesByBinding) {
  EntryPoint ep;
  ep.name = "main";
  ep.stage = Stage::Compute;
  ep.workgroupSize = {8, 4, 1};
  ep.resources = {res(2, 5, "c", ResourceKind::Sampler), res(0, 9, "b", ResourceKind::Sampler),
                  res(0, 1, "a", ResourceKind::Sampler)};
  const json j = entryPointToJson(ep);
  EXPECT_EQ(j["workgroupSize"], json::array({8, 4, 1}));
  ASSERT_EQ(j["groups"].size(), 2u);
  EXPECT_EQ(j["groups"][0]["group"], 0);
  EXPECT_EQ(j["groups"][0]["entries"][0]["binding"], 1);
  EXPECT_EQ(j["groups"][0]["entries"][1]["binding"], 9);
  EXPECT_EQ(j["groups"][1]["group"], 2);
}

TEST(ReflectionJson, WorkgroupSizeOnlyForCompute) {
  EntryPoint ep;
  ep.name = "vs";
  ep.stage = Stage::Vertex;
  const json j = entryPointToJson(ep);
  EXPECT_EQ(j["stage"], "vertex");
  EXPECT_FALSE(j.contains("workgroupSize"));
  EXPECT_EQ(j["groups"], json::array());
}

TEST(ReflectionJson, DocumentWithStructsDiagnosticsAndFilter) {
  Reflection r;
  EntryPoint a;
  a.name = "a";
  a.stage = Stage::Fragment;
  EntryPoint b;
  b.name = "b";
  b.stage = Stage::Compute;
  b.workgroupSize = {64, 1, 1};
  r.entryPoints = {a, b};
  StructLayout s;
  s.name = "Camara";
  s.size = 144;
  s.align = 16;
  s.members = {{"vista", 0, 64, 16, "mat4x4<f32>"}};
  r.structs = {s};
  Diagnostic d;
  d.severity = Diagnostic::Severity::Error;
  d.line = 3;
  d.column = 5;
  d.message = "unresolved identifier 'x'";
  const json doc = reflectionToJson(r, {d});
  EXPECT_EQ(doc["entryPoints"].size(), 2u);
  EXPECT_EQ(doc["structs"], json::parse(R"([{"name":"Camara","size":144,"align":16,
    "members":[{"name":"vista","type":"mat4x4<f32>","offset":0,"size":64,"align":16}]}])"));
  EXPECT_EQ(doc["diagnostics"], json::parse(R"([{"severity":"error","line":3,"column":5,
    "message":"unresolved identifier 'x'"}])"));
  const json only = reflectionToJson(r, {}, "b");
  ASSERT_EQ(only["entryPoints"].size(), 1u);
  EXPECT_EQ(only["entryPoints"][0]["workgroupSize"], json::array({64, 1, 1}));
  EXPECT_EQ(only["diagnostics"], json::array());
}

}  // namespace
