// Shader stage IO: the reflection of declarations (positions, struct names,
// builtins) that render pipeline messages name, and the shader-creation
// rules on @builtin(position) and @blend_src (#builtin-values,
// #blend-src-attr, #input-output-locations).
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {

TEST(StageIo, ReflectsDeclarationPositionsAndStructNames) {
  Module m = test::parseOk(R"(enable clip_distances; struct VOut {
  @builtin(position) pos : vec4f,
  @location(2) uv : vec2f,
  @builtin(clip_distances) clip : array<f32, 3>,
}
// (line 6)
@vertex fn vs(@location(0) p : vec4f,
              @builtin(vertex_index) vi : u32) -> VOut {
  return VOut(p, vec2f(f32(vi)), array<f32, 3>());
}
@fragment fn fs(@builtin(position) pos : vec4f) -> @location(0) vec4f { return pos; }
)");
  Reflection r = m.reflect();
  const EntryPoint* vs = test::entry(r, "vs");
  ASSERT_NE(vs, nullptr);
  ASSERT_EQ(vs->inputs.size(), 1u);
  EXPECT_EQ(vs->inputs[0].declLine, 7u);
  EXPECT_EQ(vs->inputs[0].declColumn, 28u);
  EXPECT_EQ(vs->inputs[0].structName, "");
  ASSERT_EQ(vs->outputs.size(), 1u);
  EXPECT_EQ(vs->outputs[0].name, "uv");
  EXPECT_EQ(vs->outputs[0].structName, "VOut");
  EXPECT_EQ(vs->outputs[0].declLine, 3u);
  EXPECT_EQ(vs->outputs[0].declColumn, 16u);
  ASSERT_EQ(vs->builtinInputDecls.size(), 1u);
  EXPECT_EQ(vs->builtinInputDecls[0].builtin, "vertex_index");
  EXPECT_EQ(vs->builtinInputDecls[0].name, "vi");
  EXPECT_EQ(vs->builtinInputDecls[0].wgslType, "u32");
  EXPECT_EQ(vs->builtinInputDecls[0].declLine, 8u);
  ASSERT_EQ(vs->builtinOutputDecls.size(), 2u);
  EXPECT_EQ(vs->builtinOutputDecls[0].builtin, "position");
  EXPECT_EQ(vs->builtinOutputDecls[0].structName, "VOut");
  EXPECT_EQ(vs->builtinOutputDecls[1].builtin, "clip_distances");
  EXPECT_EQ(vs->builtinOutputDecls[1].arraySize, 3u);
  EXPECT_EQ(vs->builtinOutputDecls[1].wgslType, "array<f32, 3>");
  EXPECT_EQ(vs->builtinOutputDecls[1].declLine, 4u);
  const EntryPoint* fs = test::entry(r, "fs");
  ASSERT_NE(fs, nullptr);
  ASSERT_EQ(fs->outputs.size(), 1u);
  EXPECT_EQ(fs->outputs[0].name, "");
  EXPECT_EQ(fs->outputs[0].declLine, 11u);  // the return type
  EXPECT_EQ(fs->outputs[0].declColumn, 65u);
  ASSERT_EQ(fs->builtinInputDecls.size(), 1u);
  EXPECT_EQ(fs->builtinInputDecls[0].builtin, "position");
  EXPECT_EQ(fs->builtinInputDecls[0].name, "pos");
}

TEST(StageIo, VertexShaderMustReturnPosition) {
  EXPECT_TRUE(test::failsAt("@vertex fn vs() -> @location(0) vec4f { return vec4f(); }", 1, 12,
                            "must return @builtin(position)"));
  EXPECT_TRUE(test::fails(R"(
    struct V { @location(0) a : vec4f, @location(1) b : f32 }
    @vertex fn vs() -> V { return V(vec4f(), 1.0); })",
                          "'vs' must return @builtin(position)"));
  test::parseOk(R"(
    struct V { @location(0) a : vec4f, @builtin(position) p : vec4f }
    @vertex fn vs() -> V { return V(vec4f(), vec4f()); }
    @vertex fn bare() -> @builtin(position) vec4f { return vec4f(); })");
}

TEST(StageIo, IntegerInterStageValuesAreFlat) {
  EXPECT_TRUE(test::failsAt(R"(struct V { @builtin(position) p : vec4f, @location(0) id : u32 }
@vertex fn vs() -> V { return V(vec4f(), 1u); })",
                            1, 42,
                            "integer vertex outputs must be declared with @interpolate(flat)"));
  EXPECT_TRUE(test::fails(
      "@fragment fn fs(@location(0) id : vec2i) -> @location(0) vec4f { return vec4f(); }",
      "integer fragment inputs must be declared with @interpolate(flat), got 'vec2<i32>'"));
  // Vertex inputs and fragment outputs are not interpolated.
  test::parseOk(R"(
    struct V { @builtin(position) p : vec4f, @location(0) @interpolate(flat) id : u32 }
    @vertex fn vs(@location(0) id : u32) -> V { return V(vec4f(), id); }
    @fragment fn fs(@location(0) @interpolate(flat, either) id : u32) -> @location(0) vec4u {
      return vec4u(id);
    })");
}

TEST(StageIo, BlendSrc) {
  const char* good = R"(
    enable dual_source_blending;
    struct Out {
      @location(0) @blend_src(0) color : vec4f,
      @location(0) @blend_src(1) blend : vec4f,
    }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f()); })";
  Module m = test::parseOk(good);
  Reflection r = m.reflect();
  const EntryPoint* fs = test::entry(r, "fs");
  ASSERT_NE(fs, nullptr);
  ASSERT_EQ(fs->outputs.size(), 2u);
  EXPECT_TRUE(fs->outputs[0].hasBlendSrc);
  EXPECT_EQ(fs->outputs[0].blendSrc, 0u);
  EXPECT_EQ(fs->outputs[1].blendSrc, 1u);
  EXPECT_EQ(fs->outputs[1].name, "blend");

  EXPECT_TRUE(test::fails(R"(
    struct Out { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(1) b : vec4f }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f()); })",
                          "@blend_src requires 'enable dual_source_blending;'"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(2) b : vec4f }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f()); })",
                          "@blend_src value must be 0 or 1, got 2"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out { @location(0) @blend_src(0) a : vec4f }
    @fragment fn fs() -> Out { return Out(vec4f()); })",
                          "its @location members must be exactly two"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out {
      @location(0) @blend_src(0) a : vec4f,
      @location(0) @blend_src(1) b : vec4f,
      @location(1) c : vec4f,
    }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f(), vec4f()); })",
                          "must be exactly two"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out { @location(1) @blend_src(0) a : vec4f, @location(1) @blend_src(1) b : vec4f }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f()); })",
                          "@location(0) @blend_src(0) and @location(0) @blend_src(1)"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(1) b : vec2f }
    @fragment fn fs() -> Out { return Out(vec4f(), vec2f()); })",
                          "must have the same type"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct Out { @blend_src(0) a : vec4f, @location(0) b : vec4f }
    @fragment fn fs() -> Out { return Out(vec4f(), vec4f()); })",
                          "@blend_src requires a @location attribute beside it"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    @fragment fn fs() -> @location(0) @blend_src(0) vec4f { return vec4f(); })",
                          "@blend_src is only valid on a member of a struct"));
  EXPECT_TRUE(test::fails(R"(
    enable dual_source_blending;
    struct In { @location(0) @blend_src(0) a : vec4f, @location(0) @blend_src(1) b : vec4f }
    @fragment fn fs(in : In) -> @location(0) vec4f { return in.a; })",
                          "@blend_src cannot be used on an input of a fragment shader"));
}

}  // namespace
}  // namespace bindery::wgsl
