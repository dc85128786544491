// What pipeline creation reads of the reflection beyond the bindings:
// Options::overrideValues (override-expressions, @workgroup_size and
// override-sized workgroup arrays re-evaluated), pipeline-creation errors,
// texture builtin uses (texture + sampler pairs), var<immediate>, every
// declared resource, the `enable` directives.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::entry;
using test::fails;
using test::failsAt;
using test::parseOk;

Options withValues(std::map<std::string, double> values) {
  Options o;
  o.overrideValues = std::move(values);
  return o;
}

constexpr const char* kTiles = R"(
override tile : u32 = 8u;
@id(5) override depth : u32 = 2u;
override rows = tile * 2u;
var<workgroup> cache : array<f32, rows>;
var<workgroup> fixed : vec3<f32>;
@compute @workgroup_size(tile, depth) fn main() {
  cache[0] = fixed.x;
}
)";

TEST(OverrideValues, DefaultsWhenNoneGiven) {
  Module m = parseOk(kTiles);
  Reflection r = m.reflect();
  const EntryPoint* e = entry(r, "main");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->workgroupSize, (std::array<uint32_t, 3>{8, 2, 1}));
  EXPECT_EQ(e->workgroupSizeText[0], "tile");
  EXPECT_EQ(e->workgroupSizeText[1], "depth");
  EXPECT_EQ(e->workgroupSizeText[2], "");
  ASSERT_EQ(e->workgroupVariables.size(), 2u);
  EXPECT_EQ(e->workgroupVariables[0].name, "cache");
  EXPECT_EQ(e->workgroupVariables[0].countText, "rows");
  EXPECT_EQ(e->workgroupVariables[0].elementCount, 16u);
  EXPECT_EQ(e->workgroupVariables[0].size, 64u);
  EXPECT_EQ(e->workgroupVariables[0].declLine, 5u);
  EXPECT_EQ(e->workgroupVariables[1].countText, "");
  EXPECT_EQ(e->workgroupVariables[1].size, 12u);
  EXPECT_EQ(e->workgroupStorageSize, 64u + 16u);
  EXPECT_TRUE(e->pipelineErrors.empty());
}

TEST(OverrideValues, GivenValuesReplaceTheInitializers) {
  // By name, and by @id for the override that has one; rows follows tile.
  Module m = parseOk(kTiles, withValues({{"tile", 32}, {"5", 4}}));
  Reflection r = m.reflect();
  const EntryPoint* e = entry(r, "main");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->workgroupSize, (std::array<uint32_t, 3>{32, 4, 1}));
  EXPECT_EQ(e->workgroupVariables[0].elementCount, 64u);
  EXPECT_EQ(e->workgroupStorageSize, 256u + 16u);
  // A derived override can be given too; its own initializer no longer counts.
  Reflection r2 = parseOk(kTiles, withValues({{"rows", 1000}})).reflect();
  EXPECT_EQ(entry(r2, "main")->workgroupVariables[0].elementCount, 1000u);
  EXPECT_EQ(entry(r2, "main")->workgroupSize[0], 8u);
  // The name of an override with an @id is no key for it.
  Reflection r3 = parseOk(kTiles, withValues({{"depth", 9}})).reflect();
  EXPECT_EQ(entry(r3, "main")->workgroupSize[1], 2u);
  // hasDefault keeps meaning "has an initializer".
  Reflection r4 =
      parseOk("override n : u32;\n@compute @workgroup_size(n) fn main() {}", withValues({{"n", 3}}))
          .reflect();
  EXPECT_FALSE(r4.overrides[0].hasDefault);
  EXPECT_EQ(r4.entryPoints[0].workgroupSize[0], 3u);
  EXPECT_EQ(r4.overrides[0].declLine, 1u);
}

TEST(OverrideValues, ConversionToTheOverrideType) {
  constexpr const char* src = R"(
override i : i32 = 1;
override b : bool = false;
override h : f32 = 1.0;
override size = select(1, 7, b) + i32(h) + i;
@compute @workgroup_size(size) fn main() {}
)";
  Reflection r = parseOk(src, withValues({{"i", 2.9}, {"b", 1}, {"h", 3.5}})).reflect();
  EXPECT_EQ(r.entryPoints[0].workgroupSize[0], 7u + 3u + 2u);  // i truncates to 2, h to 3
  EXPECT_TRUE(r.entryPoints[0].pipelineErrors.empty());
}

TEST(PipelineErrors, WorkgroupSizeBelowOneIsAPipelineError) {
  constexpr const char* src = R"(
override n : i32 = 0;
@compute @workgroup_size(n) fn main() {}
@compute @workgroup_size(1) fn other() {}
)";
  // At the default (0) the module still compiles: it is a pipeline-creation error.
  Module m = parseOk(src);
  Reflection r = m.reflect();
  ASSERT_EQ(entry(r, "main")->pipelineErrors.size(), 1u);
  const Diagnostic& d = entry(r, "main")->pipelineErrors[0];
  EXPECT_EQ(d.line, 3u);
  EXPECT_EQ(d.column, 26u);
  EXPECT_NE(d.message.find("@workgroup_size arguments must be at least 1, got 0"),
            std::string::npos)
      << d.message;
  EXPECT_TRUE(entry(r, "other")->pipelineErrors.empty());
  // With a valid value there is none.
  Reflection ok = parseOk(src, withValues({{"n", 4}})).reflect();
  EXPECT_TRUE(entry(ok, "main")->pipelineErrors.empty());
  EXPECT_EQ(entry(ok, "main")->workgroupSize[0], 4u);
  // A const-expression below 1 stays a shader-creation error.
  EXPECT_TRUE(failsAt("@compute @workgroup_size(0) fn main() {}", 1, 26, "at least 1"));
}

TEST(PipelineErrors, OverrideExpressionsThatFail) {
  constexpr const char* src = R"(
override a : i32 = 1;
override b = 10 / a;
override unrelated = 1 / a;
var<workgroup> w : array<u32, b>;
@compute @workgroup_size(1) fn main() { w[0] = 1u; }
@compute @workgroup_size(1) fn quiet() {}
)";
  Reflection r = parseOk(src).reflect();
  EXPECT_TRUE(entry(r, "main")->pipelineErrors.empty());
  // a = 0: b's initializer divides by zero; only main uses b (through w).
  Reflection z = parseOk(src, withValues({{"a", 0}})).reflect();
  ASSERT_FALSE(entry(z, "main")->pipelineErrors.empty());
  EXPECT_EQ(entry(z, "main")->pipelineErrors[0].line, 3u);
  EXPECT_TRUE(entry(z, "quiet")->pipelineErrors.empty());
  // b given: its initializer is not evaluated, so no error.
  Reflection given = parseOk(src, withValues({{"a", 0}, {"b", 4}})).reflect();
  EXPECT_TRUE(entry(given, "main")->pipelineErrors.empty());
  EXPECT_EQ(entry(given, "main")->workgroupVariables[0].elementCount, 4u);
  // A count below 1.
  Reflection neg = parseOk(src, withValues({{"b", -3}})).reflect();
  ASSERT_EQ(entry(neg, "main")->pipelineErrors.size(), 1u);
  EXPECT_NE(entry(neg, "main")
                ->pipelineErrors[0]
                .message.find("array element count must be greater than 0, got -3"),
            std::string::npos);
}

TEST(PipelineErrors, InFunctionBodiesReachedFromTheEntryPoint) {
  constexpr const char* src = R"(
override d : i32 = 1;
fn helper() -> i32 { return 7 / d; }
@compute @workgroup_size(1) fn main() { _ = helper(); }
@compute @workgroup_size(1) fn other() {}
)";
  Reflection r = parseOk(src, withValues({{"d", 0}})).reflect();
  ASSERT_EQ(entry(r, "main")->pipelineErrors.size(), 1u);
  EXPECT_EQ(entry(r, "main")->pipelineErrors[0].line, 3u);
  EXPECT_TRUE(entry(r, "other")->pipelineErrors.empty());
}

TEST(PipelineErrors, F16ValueOutOfRange) {
  constexpr const char* src = R"(
enable f16;
override h : f16 = 1.0h;
@compute @workgroup_size(1) fn main() { _ = h; }
)";
  Reflection r = parseOk(src, withValues({{"h", 70000}})).reflect();
  ASSERT_EQ(r.entryPoints[0].pipelineErrors.size(), 1u);
  EXPECT_NE(r.entryPoints[0].pipelineErrors[0].message.find("override 'h' (70000)"),
            std::string::npos)
      << r.entryPoints[0].pipelineErrors[0].message;
  EXPECT_TRUE(
      parseOk(src, withValues({{"h", 100}})).reflect().entryPoints[0].pipelineErrors.empty());
}

TEST(TextureUses, PairsThroughFunctionsWithGroupAndBinding) {
  Module m = parseOk(R"(
@group(0) @binding(0) var t : texture_2d<f32>;
@group(0) @binding(1) var s : sampler;
@group(1) @binding(3) var d : texture_depth_2d;
@group(1) @binding(4) var c : sampler_comparison;
@group(2) @binding(0) var unused : texture_2d<f32>;
fn sampleIt(tex : texture_2d<f32>, smp : sampler) -> vec4f {
  return textureSample(tex, smp, vec2f(0.5));
}
@fragment fn fs() -> @location(0) vec4f {
  let a = sampleIt(t, s);
  let b = textureSampleCompare(d, c, vec2f(0.5), 0.5);
  let e = textureLoad(d, vec2i(0), 0);
  let n = textureDimensions(t);
  return a + vec4f(b + e + f32(n.x));
}
)");
  Reflection r = m.reflect();
  const EntryPoint* e = entry(r, "fs");
  ASSERT_NE(e, nullptr);
  auto has = [&](TextureUse want) {
    for (const TextureUse& u : e->textureUses)
      if (u == want) return true;
    return false;
  };
  EXPECT_TRUE(has({0, 0, true, 0, 1, false, false}));   // textureSample through sampleIt
  EXPECT_TRUE(has({1, 3, true, 1, 4, true, false}));    // textureSampleCompare
  EXPECT_TRUE(has({1, 3, false, 0, 0, false, true}));   // textureLoad
  EXPECT_TRUE(has({0, 0, false, 0, 0, false, false}));  // textureDimensions
  EXPECT_EQ(e->textureUses.size(), 4u);
  // Every declared resource, used or not.
  ASSERT_EQ(r.declaredResources.size(), 5u);
  EXPECT_EQ(r.declaredResources[4].name, "unused");
  EXPECT_EQ(r.declaredResources[4].group, 2u);
  EXPECT_EQ(r.declaredResources[4].declLine, 6u);
  EXPECT_EQ(r.declaredResources[4].wgslType, "texture_2d<f32>");
}

TEST(BuiltinFunctions, TransitiveEachOnceWithTheFirstCall) {
  Module m = parseOk(R"(
fn edge(v : f32) -> f32 { return dpdxFine(v) + abs(v); }
@fragment fn fs(@location(0) v : f32) -> @location(0) vec4f {
  let a = abs(v);
  return vec4f(edge(v) + a);
}
@fragment fn plain(@location(0) v : f32) -> @location(0) vec4f { return vec4f(dpdx(v)); }
)");
  Reflection r = m.reflect();
  const EntryPoint* fs = entry(r, "fs");
  ASSERT_EQ(fs->builtinFunctions.size(), 2u);
  EXPECT_EQ(fs->builtinFunctions[0].name, "abs");
  EXPECT_EQ(fs->builtinFunctions[0].line, 4u);
  EXPECT_EQ(fs->builtinFunctions[1].name, "dpdxFine");
  EXPECT_EQ(fs->builtinFunctions[1].line, 2u);
  EXPECT_EQ(fs->builtinFunctions[1].column, 34u);
  ASSERT_EQ(entry(r, "plain")->builtinFunctions.size(), 1u);
  EXPECT_EQ(entry(r, "plain")->builtinFunctions[0].name, "dpdx");
}

TEST(Immediate, SizeNameAndLine) {
  Module m = parseOk(R"(
struct Push { scale : vec2f, tint : vec4f }
var<immediate> push : Push;
var<immediate> other : u32;
@compute @workgroup_size(1) fn main() { _ = push.scale; }
@compute @workgroup_size(1) fn second() { _ = other; }
@compute @workgroup_size(1) fn none() {}
)");
  Reflection r = m.reflect();
  EXPECT_EQ(entry(r, "main")->immediateSize, 32u);
  EXPECT_EQ(entry(r, "main")->immediateName, "push");
  EXPECT_EQ(entry(r, "main")->immediateLine, 3u);
  // AccessibleSlots: scale in slots 0-1, padding, tint in 4-7.
  EXPECT_EQ(entry(r, "main")->immediateSlots, (std::vector<uint32_t>{0, 1, 4, 5, 6, 7}));
  EXPECT_EQ(entry(r, "second")->immediateSize, 4u);
  EXPECT_EQ(entry(r, "second")->immediateSlots, (std::vector<uint32_t>{0}));
  // A matrix's columns are padded to their alignment: mat3x3f is 3 x 16 bytes.
  Reflection mat =
      parseOk("var<immediate> m : mat3x3f;\n@compute @workgroup_size(1) fn main() { _ = m; }")
          .reflect();
  EXPECT_EQ(mat.entryPoints[0].immediateSize, 48u);
  EXPECT_EQ(mat.entryPoints[0].immediateSlots, (std::vector<uint32_t>{0, 1, 2, 4, 5, 6, 8, 9, 10}));
  EXPECT_EQ(entry(r, "none")->immediateSize, 0u);
  EXPECT_TRUE(entry(r, "main")->resources.empty());  // not a binding
}

TEST(Immediate, Rules) {
  EXPECT_TRUE(fails("var<immediate> a : array<u32, 4>;", "contain no array"));
  EXPECT_TRUE(fails("struct S { a : array<u32, 2> }\nvar<immediate> s : S;", "contain no array"));
  EXPECT_TRUE(fails("var<immediate> a : u32 = 1u;", "cannot have an initializer"));
  EXPECT_TRUE(fails("var<immediate, read> a : u32;", "only be specified for the 'storage'"));
  EXPECT_TRUE(
      fails("var<immediate> a : u32;\n@compute @workgroup_size(1) fn main() { a = 2u; }", ""));
  EXPECT_TRUE(fails(R"(
var<immediate> a : u32;
var<immediate> b : u32;
fn f() -> u32 { return b; }
@compute @workgroup_size(1) fn main() { _ = a + f(); }
)",
                    "statically uses two immediate variables, 'a' and 'b'"));
  EXPECT_TRUE(fails("@group(0) @binding(0) var<immediate> a : u32;", "only valid on resource"));
}

TEST(Enables, ListedEvenWhenTheModuleFails) {
  Options o;
  o.allowF16 = false;
  Module m = parse("enable f16;\nenable clip_distances;\nfn main() { undeclared(); }", o);
  EXPECT_FALSE(m.ok());
  std::vector<EnableDirective> e = m.enables();
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].name, "f16");
  EXPECT_EQ(e[0].line, 1u);
  EXPECT_EQ(e[0].column, 8u);
  EXPECT_EQ(e[1].name, "clip_distances");
  EXPECT_EQ(e[1].line, 2u);
}

}  // namespace
}  // namespace bindery::wgsl

namespace bindery::wgsl {
namespace {

// #gpuprogrammablestage: constants keys are whole strings; "tile\0" is not
// the override 'tile' (nor "5\0" the @id 5).
TEST(OverrideValues, KeysAreWholeStrings) {
  Options o = withValues({{std::string("tile\0", 5), 4.0}, {std::string("5\0", 2), 3.0}});
  Reflection r = test::parseOk(kTiles, o).reflect();
  ASSERT_NE(entry(r, "main"), nullptr);
  EXPECT_EQ(entry(r, "main")->workgroupSize, (std::array<uint32_t, 3>{8, 2, 1}));  // defaults
  Reflection given = test::parseOk(kTiles, withValues({{"tile", 4.0}, {"5", 3.0}})).reflect();
  ASSERT_NE(entry(given, "main"), nullptr);
  EXPECT_EQ(entry(given, "main")->workgroupSize, (std::array<uint32_t, 3>{4, 3, 1}));
}

}  // namespace
}  // namespace bindery::wgsl
