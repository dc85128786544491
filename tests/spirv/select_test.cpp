// select (#select-builtin): T is a scalar or a vector, so OpSelect serves
// SPIR-V 1.3 as well as 1.4+; before 1.4 a vector result needs a vector
// condition, so a scalar condition is splatted. Composites (arrays, structs,
// matrices) are no overload of select: the front end rejects them, so the
// generator never sees one.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

constexpr const char* kVectors = R"(
@group(0) @binding(0) var<storage, read_write> out: array<f32, 8>;
@group(0) @binding(1) var<uniform> flag: vec4u;
@compute @workgroup_size(1) fn main() {
  let c = flag.x != 0u;
  let v = select(vec3f(1.0), vec3f(2.0), c);
  let w = select(vec2i(1), vec2i(2), vec2(c, !c));
  let s = select(1u, 2u, c);
  out[0] = v.y; out[1] = f32(w.x + w.y); out[2] = f32(s);
})";

TEST(SpirvSelect, VectorsBeforeSpirv14TakeAVectorCondition) {
  auto c = compile(kVectors, "main");  // SPIR-V 1.3 by default
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_NE(c.disassembly.find("OpCompositeConstruct %v3bool"), std::string::npos) << c.disassembly;
  EXPECT_NE(c.disassembly.find("OpSelect %v3float"), std::string::npos) << c.disassembly;
  EXPECT_NE(c.disassembly.find("OpSelect %v2int"), std::string::npos) << c.disassembly;
  EXPECT_NE(c.disassembly.find("OpSelect %uint"), std::string::npos) << c.disassembly;
}

TEST(SpirvSelect, VectorsFromSpirv14) {
  bindery::spirv::Options o;
  o.version = 0x00010400;
  auto c = compile(kVectors, "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
}

TEST(SpirvSelect, CompositesAreNoOverloadSoTheGeneratorNeverSeesThem) {
  for (const char* arg :
       {"array(1.0, 2.0), array(3.0, 4.0)", "S(1.0), S(2.0)", "mat2x2f(), mat2x2f()"}) {
    auto c = compile(std::string(R"(
struct S { a: f32 }
@group(0) @binding(0) var<storage, read_write> out: f32;
@compute @workgroup_size(1) fn main() { let x = select()") +
                         arg + R"(, out > 0.0); })",
                     "main");
    EXPECT_FALSE(c.result.ok());
    EXPECT_NE(c.wgslErrors.find("no matching overload for 'select("), std::string::npos)
        << arg << "\n"
        << c.wgslErrors;
  }
}

}  // namespace
