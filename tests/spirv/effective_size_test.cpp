// Options::effectiveSizeWords (src/spirv/effective_size.cpp): arrayLength
// (#arraylength-builtin) and bufferLength (#bufferlength-builtin) of a storage
// binding whose effective buffer binding size is pushed read that push
// constant; index clamps keep using OpArrayLength; the entry point's
// var<immediate> and the sizes share one PushConstant Block.
#include <gtest/gtest.h>

#include <string>

#include "spirv_testing.h"

namespace bindery::spirv {
namespace {

using testing::compile;
using testing::Compiled;
using testing::describe;

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

constexpr std::string_view kStructArray = R"(
struct S { n: u32, d: array<vec4u> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> r: array<u32>;
@compute @workgroup_size(1) fn main() {
  let n = arrayLength(&s.d);
  s.d[n - 1u] = vec4u(n);
  r[s.n] = arrayLength(&r);
}
)";

TEST(SpirvEffectiveSize, ArrayLengthReadsThePushedSizeAndClampsStayOnTheRange) {
  Options o;
  o.effectiveSizeWords[{0, 0}] = 0;
  Compiled c = compile(kStructArray, "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  const std::string& d = c.disassembly;
  EXPECT_EQ(count(d, "OpVariable %_ptr_PushConstant_Immediates PushConstant"), 1u) << d;
  EXPECT_NE(d.find("OpMemberDecorate %Immediates 0 Offset 0"), std::string::npos) << d;
  // truncate((EBBS - 16) / 16), 0 below the array's offset
  EXPECT_NE(d.find("OpUGreaterThanEqual %bool"), std::string::npos) << d;
  EXPECT_NE(d.find("OpUDiv %uint"), std::string::npos) << d;
  // the store's index is still clamped to the descriptor's range
  EXPECT_NE(d.find("OpArrayLength %uint %s 1"), std::string::npos) << d;
  // r has no pushed size: its arrayLength is OpArrayLength
  EXPECT_NE(d.find("OpArrayLength %uint %r 0"), std::string::npos) << d;
}

TEST(SpirvEffectiveSize, WithoutTheOptionOrArrayLengthNothingIsPushed) {
  Compiled plain = compile(kStructArray, "main");
  ASSERT_TRUE(plain.valid()) << describe(plain);
  EXPECT_EQ(plain.disassembly.find("PushConstant"), std::string::npos) << plain.disassembly;
  // the option for a binding the entry point does not use, or without arrayLength
  Options o;
  o.effectiveSizeWords[{0, 2}] = 0;
  Compiled unused = compile(kStructArray, "main", o);
  ASSERT_TRUE(unused.valid()) << describe(unused);
  EXPECT_EQ(unused.disassembly.find("PushConstant"), std::string::npos);
  o.effectiveSizeWords[{0, 0}] = 4;
  Compiled noLength = compile(R"(
@group(0) @binding(0) var<storage, read_write> s: array<u32>;
@compute @workgroup_size(1) fn main() { s[7] = 1u; }
)",
                              "main", o);
  ASSERT_TRUE(noLength.valid()) << describe(noLength);
  EXPECT_EQ(noLength.disassembly.find("PushConstant"), std::string::npos);
}

// One PushConstant variable per entry point: var<immediate> is member 0, the
// sizes follow at their offsets; SPIR-V 1.3 and 1.4 (where the interface
// lists it).
TEST(SpirvEffectiveSize, ImmediatesAndSizesShareOneBlock) {
  constexpr std::string_view kWgsl = R"(
struct Push { scale: f32, m: mat2x2f }
var<immediate> push: Push;
@group(0) @binding(0) var<storage, read_write> a: array<f32>;
@group(1) @binding(3) var<storage, read> b: array<vec2f>;
@compute @workgroup_size(1) fn main() {
  a[0] = push.scale * push.m[1].y + f32(arrayLength(&a) + arrayLength(&b));
}
)";
  for (uint32_t version : {0x00010300u, 0x00010400u}) {
    Options o;
    o.version = version;
    o.effectiveSizeWords[{0, 0}] = 28;
    o.effectiveSizeWords[{1, 3}] = 24;
    o.effectiveSizeWords[{2, 0}] = 32;
    Compiled c = compile(kWgsl, "main", o);
    ASSERT_TRUE(c.valid()) << describe(c);
    const std::string& d = c.disassembly;
    EXPECT_EQ(count(d, " PushConstant\n"), 1u) << d;
    EXPECT_NE(d.find("OpMemberDecorate %Immediates 0 Offset 0"), std::string::npos) << d;
    EXPECT_NE(d.find("OpMemberDecorate %Immediates 1 Offset 24"), std::string::npos) << d;
    EXPECT_NE(d.find("OpMemberDecorate %Immediates 2 Offset 28"), std::string::npos) << d;
    EXPECT_EQ(d.find("OpMemberDecorate %Immediates 3"), std::string::npos) << d;
  }
  // a size inside the immediates cannot be laid out
  Options bad;
  bad.effectiveSizeWords[{0, 0}] = 8;
  Compiled c = compile(kWgsl, "main", bad);
  ASSERT_FALSE(c.result.ok());
  EXPECT_EQ(c.result.error->kind, ErrorKind::NotSupportedYet);
}

// A pointer parameter carries two lengths: the clamp's and arrayLength's.
TEST(SpirvEffectiveSize, PointerParametersCarryBothLengths) {
  constexpr std::string_view kWgsl = R"(
struct S { n: u32, d: array<u32> }
@group(0) @binding(0) var<storage, read_write> s: S;
@group(0) @binding(1) var<storage, read_write> r: array<u32>;
fn len(p: ptr<storage, S, read_write>) -> u32 { return arrayLength(&(*p).d) + (*p).d[9]; }
fn lenR(p: ptr<storage, array<u32>, read_write>) -> u32 { return arrayLength(p) + p[3]; }
@compute @workgroup_size(1) fn main() {
  s.n = len(&s) + lenR(&r);
}
)";
  Options o;
  o.effectiveSizeWords[{0, 0}] = 0;
  Compiled c = compile(kWgsl, "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  // p, then the clamp's length and arrayLength's, for both functions
  EXPECT_EQ(count(c.disassembly, "OpTypeFunction %uint %_ptr_StorageBuffer_S %uint %uint\n"), 1u)
      << c.disassembly;
  Compiled plain = compile(kWgsl, "main");
  ASSERT_TRUE(plain.valid()) << describe(plain);
  EXPECT_EQ(count(plain.disassembly, "OpTypeFunction %uint %_ptr_StorageBuffer_S %uint\n"), 1u)
      << plain.disassembly;
}

// bufferLength and a view's arrayLength (#buffer-view-builtin-functions)
// from the pushed size; the word indices stay clamped to the binding's words.
TEST(SpirvEffectiveSize, BufferLengthAndViewsOfABufferBinding) {
  constexpr std::string_view kWgsl = R"(requires buffer_view;
@group(0) @binding(0) var<storage, read_write> b: buffer;
fn total(p: ptr<storage, buffer, read_write>) -> u32 { return bufferLength(p); }
@compute @workgroup_size(1) fn main() {
  let v = bufferArrayView<array<u32>>(&b, 4, 64);
  (*v)[arrayLength(v) - 1u] = bufferLength(&b) + total(&b);
}
)";
  Options o;
  o.effectiveSizeWords[{0, 0}] = 0;
  Compiled c = compile(kWgsl, "main", o);
  ASSERT_TRUE(c.valid()) << describe(c);
  EXPECT_EQ(count(c.disassembly, " PushConstant\n"), 1u) << c.disassembly;
  EXPECT_NE(c.disassembly.find("OpArrayLength %uint %b 0"), std::string::npos) << c.disassembly;
}

}  // namespace
}  // namespace bindery::spirv
