// Memory layout (#memory-layouts, #alignment-and-size, #structure-member-layout,
// #address-space-layout-constraints) as reported by reflection.
#include <gtest/gtest.h>

#include "test_util.h"

namespace bindery::wgsl {
namespace {
using test::fails;
using test::parseOk;
using test::structLayout;

struct M {
  const char* name;
  uint32_t offset, size, align;
};

void expectLayout(const std::string& src, const char* name, uint32_t size, uint32_t align,
                  std::vector<M> members, const Options& o = {}) {
  Module m = parseOk(src, o);
  Reflection r = m.reflect();
  const StructLayout* s = structLayout(r, name);
  ASSERT_NE(s, nullptr) << name;
  EXPECT_EQ(s->size, size) << name;
  EXPECT_EQ(s->align, align) << name;
  ASSERT_EQ(s->members.size(), members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    EXPECT_EQ(s->members[i].name, members[i].name);
    EXPECT_EQ(s->members[i].offset, members[i].offset) << members[i].name;
    EXPECT_EQ(s->members[i].size, members[i].size) << members[i].name;
    EXPECT_EQ(s->members[i].align, members[i].align) << members[i].name;
  }
}

// The spec's #structure-member-layout example (struct A and B).
TEST(Layout, SpecExampleAB) {
  const char* src = R"(
    struct A {                                     //             align(8)  size(24)
        u: f32,                                    // offset(0)   align(4)  size(4)
        v: f32,                                    // offset(4)   align(4)  size(4)
        w: vec2<f32>,                              // offset(8)   align(8)  size(8)
        x: f32                                     // offset(16)  align(4)  size(4)
    }
    struct B {                                     //             align(16) size(160)
        a: vec2<f32>,                              // offset(0)   align(8)  size(8)
        b: vec3<f32>,                              // offset(16)  align(16) size(12)
        c: f32,                                    // offset(28)  align(4)  size(4)
        d: f32,                                    // offset(32)  align(4)  size(4)
        e: A,                                      // offset(40)  align(8)  size(24)
        f: vec3<f32>,                              // offset(64)  align(16) size(12)
        g: array<A, 3>,    // element stride 24       offset(80)  align(8)  size(72)
        h: i32                                     // offset(152) align(4)  size(4)
    }
  )";
  expectLayout(src, "A", 24, 8, {{"u", 0, 4, 4}, {"v", 4, 4, 4}, {"w", 8, 8, 8}, {"x", 16, 4, 4}});
  expectLayout(src, "B", 160, 16,
               {{"a", 0, 8, 8},
                {"b", 16, 12, 16},
                {"c", 28, 4, 4},
                {"d", 32, 4, 4},
                {"e", 40, 24, 8},
                {"f", 64, 12, 16},
                {"g", 80, 72, 8},
                {"h", 152, 4, 4}});
}

// #structure-member-layout example with @align/@size and a runtime array.
TEST(Layout, AlignAndSizeAttributes) {
  const char* src = R"(
    struct A {
        u: f32, v: f32, w: vec2<f32>, x: f32
    }
    struct B {                         //             align(16) size(208)
        a: vec2<f32>,                  // offset(0)   align(8)  size(8)
        @align(16) b: vec3<f32>,       // offset(16)  align(16) size(12)
        @size(16) c: f32,              // offset(28)  align(4)  size(16)
        d: f32,                        // offset(44)  align(4)  size(4)
        @align(16) e: A,               // offset(48)  align(16) size(24)
        f: vec3<f32>,                  // offset(80)  align(16) size(12)
        g: array<A, 3>,                // offset(96)  align(8)  size(72)
        @size(16) h: i32,              // offset(168) align(4)  size(16)
        i: array<f32>                  // offset(184) align(4)
    }
    @group(0) @binding(0) var<storage> s : B;
    @compute @workgroup_size(1) fn main() { _ = s.a; }
  )";
  expectLayout(src, "B", 192, 16,
               {{"a", 0, 8, 8},
                {"b", 16, 12, 16},
                {"c", 28, 16, 4},
                {"d", 44, 4, 4},
                {"e", 48, 24, 16},
                {"f", 80, 12, 16},
                {"g", 96, 72, 8},
                {"h", 168, 16, 4},
                {"i", 184, 4, 4}});
  // minBindingSize counts one element of the runtime array: roundUp(16, 188) = 192
  Module m = parseOk(src);
  EXPECT_EQ(m.reflect().entryPoints[0].resources[0].minBindingSize, 192u);
}

TEST(Layout, Vec3ArraysAndMatrices) {
  const char* src = R"(
    struct V {
      a : array<vec3f, 3>,   // stride 16
      b : f32,
      c : mat3x3f,           // align 16, size 48
      d : mat2x2f,           // align 8, size 16
      e : mat4x3f,           // align 16, size 64
      f : mat3x2f,           // align 8, size 24
      g : vec2u,
      h : array<f32, 5>,     // stride 4; struct size roundUp(16, 244) = 256
    }
  )";
  expectLayout(src, "V", 256, 16,
               {{"a", 0, 48, 16},
                {"b", 48, 4, 4},
                {"c", 64, 48, 16},
                {"d", 112, 16, 8},
                {"e", 128, 64, 16},
                {"f", 192, 24, 8},
                {"g", 216, 8, 8},
                {"h", 224, 20, 4}});
}

TEST(Layout, F16) {
  const char* src = R"(
    enable f16;
    struct H {
      a : f16,        // 0, size 2
      b : vec3h,      // 8, align 8, size 6
      c : vec2h,      // 16, align 4, size 4
      d : mat2x3h,    // 24, align 8, size 16
      e : f32,        // 40; struct size roundUp(8, 44) = 48
    }
  )";
  expectLayout(
      src, "H", 48, 8,
      {{"a", 0, 2, 2}, {"b", 8, 6, 8}, {"c", 16, 4, 4}, {"d", 24, 16, 8}, {"e", 40, 4, 4}});
}

TEST(Layout, AlignSizeAttributeErrors) {
  EXPECT_TRUE(fails("struct S { @align(3) a : f32 }", "power of 2"));
  EXPECT_TRUE(fails("struct S { @size(2) a : f32 }", "smaller than the size"));
  EXPECT_TRUE(fails("struct S { @size(4) a : array<f32> }", "runtime-sized"));
  EXPECT_TRUE(fails("struct S { @align(1.5) a : f32 }", "must be an integer"));
  EXPECT_TRUE(fails("struct S { @location(0) @foo a : f32 }", "not valid on struct members"));
}

// #address-space-layout-constraints when uniform_buffer_standard_layout is
// not supported (Options::allowUniformBufferStandardLayout false).
TEST(Layout, UniformConstraints) {
  Options strict;
  strict.allowUniformBufferStandardLayout = false;
  // array stride must be a multiple of 16 in uniform
  EXPECT_TRUE(
      fails("@group(0) @binding(0) var<uniform> u : array<f32, 4>;", "stride of array", strict));
  parseOk("@group(0) @binding(0) var<uniform> u : array<vec4f, 4>;", strict);
  parseOk("@group(0) @binding(0) var<storage> s : array<f32, 4>;", strict);
  // a struct member of struct type must be 16-byte aligned in uniform
  EXPECT_TRUE(fails(R"(
    struct Inner { x : f32 }
    struct Outer { a : f32, b : Inner }
    @group(0) @binding(0) var<uniform> u : Outer;
  )",
                    "must be a multiple of 16", strict));
  parseOk(R"(
    struct Inner { x : f32 }
    struct Outer { a : f32, @align(16) b : Inner }
    @group(0) @binding(0) var<uniform> u : Outer;
  )",
          strict);
  // the member after a struct member must start roundUp(16, size) later
  EXPECT_TRUE(fails(R"(
    struct Inner { x : f32, y : f32, z : f32 }
    struct Outer { a : Inner, b : f32 }
    @group(0) @binding(0) var<uniform> u : Outer;
  )",
                    "must start at least 16 bytes after it", strict));
  parseOk(R"(
    struct Inner { x : f32, y : f32, z : f32 }
    struct Outer { a : Inner, @align(16) b : f32 }
    @group(0) @binding(0) var<uniform> u : Outer;
  )",
          strict);
  // the same struct in storage is fine
  parseOk(R"(
    struct Inner { x : f32 }
    struct Outer { a : f32, b : Inner }
    @group(0) @binding(0) var<storage> s : Outer;
  )",
          strict);
}

TEST(Layout, UniformBufferStandardLayout) {
  const char* src = R"(
    requires uniform_buffer_standard_layout;
    struct Inner { x : f32 }
    struct Outer { a : f32, b : Inner, c : array<f32, 3> }
    @group(0) @binding(0) var<uniform> u : Outer;
  )";
  parseOk(src);
  // A supported language extension is in force without `requires`
  // (#language-extensions-sec): the same uniform struct is fine.
  const char* withoutRequires = R"(
    struct Inner { x : f32 }
    struct Outer { a : f32, b : Inner, c : array<f32, 3> }
    @group(0) @binding(0) var<uniform> u : Outer;
  )";
  parseOk(withoutRequires);
  parseOk("@group(0) @binding(0) var<uniform> u : array<f32, 4>;");
  Options o;
  o.allowUniformBufferStandardLayout = false;
  EXPECT_TRUE(fails(src, "turned off", o));
  EXPECT_TRUE(fails(withoutRequires, "must be a multiple of 16", o));
  o.uniformBufferStandardLayoutByDefault = true;  // relaxed, `requires` still refused
  parseOk("@group(0) @binding(0) var<uniform> u : array<f32, 4>;", o);
}

TEST(Layout, StorageOffsetsWithSmallAlign) {
  // @align smaller than the natural alignment violates the storage constraint
  EXPECT_TRUE(fails(R"(
    struct S { a : f32, @align(4) b : vec4f }
    @group(0) @binding(0) var<storage> s : S;
  )",
                    "must be a multiple of 16"));
}

TEST(Layout, MinBindingSizes) {
  Module m = parseOk(R"(
    struct P { pos : vec3f, vel : vec3f }
    struct R { count : u32, items : array<P> }
    @group(0) @binding(0) var<storage> a : array<vec4f>;
    @group(0) @binding(1) var<storage> b : R;
    @group(0) @binding(2) var<uniform> c : vec3f;
    @group(0) @binding(3) var<storage> d : array<P, 10>;
    @compute @workgroup_size(1) fn main() { _ = a[0]; _ = b.count; _ = c; _ = d[0]; }
  )");
  auto r = m.reflect();
  ASSERT_EQ(r.entryPoints[0].resources.size(), 4u);
  EXPECT_EQ(r.entryPoints[0].resources[0].minBindingSize, 16u);
  EXPECT_EQ(r.entryPoints[0].resources[1].minBindingSize, 48u);  // 16 + one 32-byte P
  EXPECT_EQ(r.entryPoints[0].resources[2].minBindingSize, 12u);
  EXPECT_EQ(r.entryPoints[0].resources[3].minBindingSize, 320u);
}

// wgsl_fuzz finding 1: sizes past 2^32 wrapped around in the 32-bit layout
// fields (a struct smaller than its last member's end, a too-small
// minBindingSize). They are computed in 64 bits and such types are rejected.
TEST(Layout, SizesPast32BitsAreRejected) {
  EXPECT_TRUE(test::failsAt("alias A = array<f32, 1073741324>;\nstruct S { a : A, b : A }", 2, 8,
                            "struct 'S' is too large: its byte-size 8589930592 exceeds the "
                            "4294967295 bytes"));
  EXPECT_TRUE(test::failsAt(
      "@group(0) @binding(0) var<storage, read> big : array<vec4f, 300000000>;", 1, 61,
      "array type 'array<vec4<f32>, 300000000>' is too large: its byte-size 4800000000 exceeds"));
  EXPECT_TRUE(fails("alias A = array<f32, 4294967297>;", "is too large: its byte-size more than"));
  EXPECT_TRUE(fails("struct T { x : vec4f }\nalias A = array<T, 268435456>;", "is too large"));
  EXPECT_TRUE(fails("struct S { @size(4294967295) a : f32, @size(4294967295) b : f32 }",
                    "struct 'S' is too large: its byte-size 8589934592"));
}

TEST(Layout, LargestSizesAreExact) {
  Module m = parseOk(R"(
    @group(0) @binding(0) var<storage, read> big : array<vec4f, 268435455>;
    @compute @workgroup_size(1) fn main() { _ = big[0]; }
  )");
  auto r = m.reflect();
  ASSERT_EQ(r.entryPoints[0].resources.size(), 1u);
  EXPECT_EQ(r.entryPoints[0].resources[0].minBindingSize, 4294967280u);
  expectLayout("struct S { a : array<f32, 1073741822>, b : f32 }", "S", 4294967292u, 4,
               {{"a", 0, 4294967288u, 4}, {"b", 4294967288u, 4, 4}});
}

}  // namespace
}  // namespace bindery::wgsl
