// The stage-interface keys of the reflection JSON (reflection_json.h), on
// parsed shaders: stage inputs/outputs with interpolation, builtins,
// @workgroup_size with overrides, var<immediate>, texture/sampler pairs,
// unused resources and enable directives; and withoutStageInterface.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bindery/wgsl/module.h"
#include "reflection_json.h"

namespace {

using namespace bindery::wgsl;
using nlohmann::json;

json reflectOk(const std::string& source) {
  const Module m = parse(source);
  EXPECT_TRUE(m.ok()) << m.diagnosticsText();
  return reflectionToJson(m);
}

const json& entry(const json& doc, const std::string& name) {
  for (const json& ep : doc["entryPoints"]) {
    if (ep["name"] == name) return ep;
  }
  static const json none;
  ADD_FAILURE() << "no entry point " << name;
  return none;
}

constexpr const char* kVertexFragment = R"(enable f16;
struct VOut {
  @builtin(position) pos : vec4f,
  @location(0) uv : vec2f,
  @location(1) @interpolate(flat) id : u32,
  @location(2) @interpolate(linear, centroid) fog : f32,
}
@vertex fn vs(@builtin(vertex_index) vi : u32, @location(0) p : vec3f) -> VOut {
  var o : VOut;
  o.pos = vec4f(p, 1.0);
  o.id = vi;
  return o;
}
struct FOut {
  @location(0) color : vec4f,
  @builtin(frag_depth) depth : f32,
  @builtin(sample_mask) mask : u32,
}
@fragment fn fs(in : VOut) -> FOut {
  return FOut(vec4f(in.uv, in.fog, 1.0), 0.5, 1u);
}
)";

TEST(StageInterfaceJson, VertexOutputsAndFragmentInputsCarryInterpolation) {
  const json doc = reflectOk(kVertexFragment);
  const json& vs = entry(doc, "vs");
  EXPECT_EQ(vs["stageInputs"], json::parse(R"([{"location":0,"name":"p","type":"vec3<f32>",
      "line":8,"column":61}])"));
  ASSERT_EQ(vs["stageOutputs"].size(), 3u);
  EXPECT_EQ(vs["stageOutputs"][0], json::parse(R"({"location":0,"name":"uv","type":"vec2<f32>",
      "interpolation":{"type":"perspective","sampling":"center"},"struct":"VOut",
      "line":4,"column":16})"));
  EXPECT_EQ(vs["stageOutputs"][1]["interpolation"],
            json::parse(R"({"type":"flat","sampling":"first"})"));
  EXPECT_EQ(vs["stageOutputs"][2]["interpolation"],
            json::parse(R"({"type":"linear","sampling":"centroid"})"));
  EXPECT_EQ(vs["builtins"]["inputs"], json::parse(R"([{"builtin":"vertex_index","name":"vi",
      "type":"u32","line":8,"column":38}])"));
  ASSERT_EQ(vs["builtins"]["outputs"].size(), 1u);
  EXPECT_EQ(vs["builtins"]["outputs"][0]["builtin"], "position");
  EXPECT_EQ(vs["builtins"]["outputs"][0]["struct"], "VOut");
  EXPECT_EQ(vs["builtins"]["outputs"][0]["line"], 3);

  const json& fs = entry(doc, "fs");
  ASSERT_EQ(fs["stageInputs"].size(), 3u);
  EXPECT_EQ(fs["stageInputs"][2]["name"], "fog");
  EXPECT_EQ(fs["stageInputs"][2]["interpolation"]["sampling"], "centroid");
  EXPECT_EQ(fs["builtins"]["inputs"][0]["builtin"], "position");
  // Fragment outputs have no interpolation.
  EXPECT_EQ(fs["stageOutputs"], json::parse(R"([{"location":0,"name":"color","type":"vec4<f32>",
      "struct":"FOut","line":15,"column":16}])"));
  json names = json::array();
  for (const json& b : fs["builtins"]["outputs"]) names.push_back(b["builtin"]);
  EXPECT_EQ(names, json::parse(R"(["frag_depth","sample_mask"])"));
  // Render stages have no workgroup keys; nothing uses immediates or textures.
  EXPECT_FALSE(fs.contains("workgroupSizeExpressions"));
  EXPECT_EQ(fs["immediateSize"], 0);
  EXPECT_FALSE(fs.contains("immediate"));
  EXPECT_EQ(fs["textureSamplerPairs"], json::array());
  EXPECT_EQ(doc["enables"], json::parse(R"([{"name":"f16","line":1,"column":8}])"));
}

TEST(StageInterfaceJson, BlendSrcAndClipDistances) {
  const json doc = reflectOk(R"(enable dual_source_blending;
enable clip_distances;
struct V { @builtin(position) p : vec4f, @builtin(clip_distances) c : array<f32, 2> }
@vertex fn vs() -> V { return V(vec4f(), array<f32, 2>()); }
struct F { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(1) b : vec4f }
@fragment fn fs() -> F { return F(vec4f(), vec4f()); }
)");
  const json& c = entry(doc, "vs")["builtins"]["outputs"][1];
  EXPECT_EQ(c["builtin"], "clip_distances");
  EXPECT_EQ(c["type"], "array<f32, 2>");
  EXPECT_EQ(c["arraySize"], 2);
  const json& outs = entry(doc, "fs")["stageOutputs"];
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs[0]["blendSrc"], 0);
  EXPECT_EQ(outs[1]["blendSrc"], 1);
  EXPECT_EQ(outs[1]["name"], "b");
  EXPECT_EQ(doc["enables"].size(), 2u);
  EXPECT_EQ(doc["enables"][1]["name"], "clip_distances");
}

TEST(StageInterfaceJson, WorkgroupSizeNotesTheOverridesItUses) {
  const json doc = reflectOk(R"(override tile : u32 = 8;
override rows : u32;
const two = 2u;
var<workgroup> cache : array<f32, 64>;
@compute @workgroup_size(tile * two, 4) fn main(@builtin(local_invocation_id) lid : vec3u) {
  cache[lid.x] = 1.0;
}
@compute @workgroup_size(16) fn fixed() {}
)");
  const json& m = entry(doc, "main");
  EXPECT_EQ(m["workgroupSize"], json::parse("[16,4,1]"));
  EXPECT_EQ(m["workgroupSizeExpressions"], json::parse(R"(["tile * two","4",null])"));
  EXPECT_EQ(m["workgroupSizeOverrides"], json::parse(R"(["tile"])"));
  EXPECT_EQ(m["workgroupStorageSize"], 256);
  EXPECT_EQ(m["builtins"]["inputs"][0]["builtin"], "local_invocation_id");
  EXPECT_EQ(m["stageInputs"], json::array());
  const json& f = entry(doc, "fixed");
  EXPECT_EQ(f["workgroupSizeOverrides"], json::array());
  EXPECT_EQ(f["workgroupStorageSize"], 0);
  EXPECT_EQ(doc["enables"], json::array());
}

TEST(StageInterfaceJson, ImmediateSizeAndSlots) {
  const json doc = reflectOk(R"(struct Push { scale : vec2f, tint : vec4f }
var<immediate> push : Push;
@compute @workgroup_size(1) fn main() { _ = push.scale; }
@compute @workgroup_size(1) fn none() {}
)");
  const json& m = entry(doc, "main");
  EXPECT_EQ(m["immediateSize"], 32);
  EXPECT_EQ(m["immediate"], json::parse(R"({"name":"push","size":32,
      "slots":[0,1,4,5,6,7],"line":2})"));
  EXPECT_EQ(entry(doc, "none")["immediateSize"], 0);
  EXPECT_FALSE(entry(doc, "none").contains("immediate"));
  // An immediate is not a binding.
  EXPECT_EQ(m["groups"], json::array());
}

TEST(StageInterfaceJson, TextureSamplerPairsAndUnusedResources) {
  const json doc = reflectOk(R"(@group(0) @binding(1) var color : texture_2d<f32>;
@group(0) @binding(2) var linear : sampler;
@group(1) @binding(0) var shadow : texture_depth_2d;
@group(1) @binding(1) var cmp : sampler_comparison;
@group(2) @binding(0) var lut : texture_2d<f32>;
@group(3) @binding(7) var<uniform> forgotten : vec4f;
fn lit(uv : vec2f) -> f32 { return textureSampleCompare(shadow, cmp, uv, 0.5); }
@fragment fn fs(@location(0) uv : vec2f) -> @location(0) vec4f {
  let a = textureSample(color, linear, uv);
  let b = textureSample(color, linear, uv * 2.0);
  let c = textureLoad(lut, vec2i(0), 0);
  return a * lit(uv) + b + c;
}
)");
  const json& fs = entry(doc, "fs");
  EXPECT_EQ(fs["textureSamplerPairs"], json::parse(R"([
      {"texture":{"group":0,"binding":1},"sampler":{"group":0,"binding":2,"type":"filtering"}},
      {"texture":{"group":1,"binding":0},"sampler":{"group":1,"binding":1,"type":"comparison"}}
    ])"));
  // A bare return value has no name and is placed at its type.
  EXPECT_EQ(fs["stageOutputs"][0]["name"], "");
  EXPECT_EQ(fs["stageOutputs"][0]["line"], 8);
  EXPECT_EQ(doc["unusedResources"], json::parse(R"([{"group":3,"binding":7,"name":"forgotten",
      "type":"vec4<f32>","line":6,"column":36}])"));
}

TEST(StageInterfaceJson, WithoutStageInterfaceKeepsOnlyTheLayoutKeys) {
  const json doc = reflectOk(kVertexFragment);
  const json layout = withoutStageInterface(doc);
  EXPECT_EQ(layout.size(), 3u);  // entryPoints, structs, diagnostics
  for (const json& ep : layout["entryPoints"]) {
    for (auto it = ep.begin(); it != ep.end(); ++it) {
      EXPECT_TRUE(it.key() == "name" || it.key() == "stage" || it.key() == "groups" ||
                  it.key() == "workgroupSize")
          << it.key();
    }
  }
  // Every key the writer adds is one withoutStageInterface knows.
  for (const json& ep : doc["entryPoints"]) {
    for (auto it = ep.begin(); it != ep.end(); ++it) {
      if (layout["entryPoints"][0].contains(it.key())) continue;
      bool known = false;
      for (std::string_view k : stageInterfaceEntryPointKeys()) known = known || k == it.key();
      EXPECT_TRUE(known) << it.key();
    }
  }
}

TEST(StageInterfaceJson, ModuleWithErrorsStillListsItsEnables) {
  const Module m = parse("enable f16;\nfn main() { undeclared(); }");
  ASSERT_FALSE(m.ok());
  const json doc = reflectionToJson(m);
  EXPECT_EQ(doc["enables"], json::parse(R"([{"name":"f16","line":1,"column":8}])"));
  EXPECT_EQ(doc["unusedResources"], json::array());
  EXPECT_FALSE(doc["diagnostics"].empty());
}

}  // namespace
