// The `subgroups` extension's builtin functions -> OpGroupNonUniform* with
// their capabilities; without Options::subgroups a NotSupportedYet error.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::ErrorKind;
using bindery::spirv::Options;
using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

constexpr const char* kEveryFunction = R"(
enable subgroups;
diagnostic(off, subgroup_uniformity);
@group(0) @binding(0) var<storage, read_write> f: vec4f;
@group(0) @binding(1) var<storage, read_write> i: i32;
@group(0) @binding(2) var<storage, read_write> u: vec2u;
@group(0) @binding(3) var<storage, read_write> b: vec4u;
@compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) sid: u32) {
  f = subgroupAdd(f) + subgroupInclusiveAdd(f) + subgroupExclusiveAdd(f) + subgroupMul(f) +
      subgroupInclusiveMul(f) + subgroupExclusiveMul(f) + subgroupMin(f) + subgroupMax(f);
  i = subgroupAdd(i) + subgroupExclusiveMul(i) + subgroupMin(i) + subgroupMax(i) +
      subgroupAnd(i) + subgroupOr(i) + subgroupXor(i);
  u = subgroupMin(u) + subgroupMax(u) + subgroupInclusiveAdd(u) + subgroupAnd(u) + subgroupXor(u);
  let all = subgroupAll(i > 0);
  let any = subgroupAny(u.x == 1u);
  b = subgroupBallot(all || any);
  if (subgroupElect()) { i = 7; }
  f = subgroupBroadcastFirst(f) + subgroupBroadcast(f, 3u) + subgroupBroadcast(f, 5i) +
      subgroupShuffle(f, sid ^ 1u) + subgroupShuffle(f, i) + subgroupShuffleXor(f, 2u) +
      subgroupShuffleUp(f, 1u) + subgroupShuffleDown(f, u.y);
  i = quadBroadcast(i, 2u) + quadBroadcast(i, 1i) + quadSwapX(i) + quadSwapY(i) +
      quadSwapDiagonal(i);
}
)";

TEST(SpirvSubgroups, EveryFunctionValidates) {
  std::string d = SPIRV_EXPECT_VALID(kEveryFunction, "main");
  for (const char* cap :
       {"OpCapability GroupNonUniform\n", "OpCapability GroupNonUniformArithmetic",
        "OpCapability GroupNonUniformVote", "OpCapability GroupNonUniformBallot",
        "OpCapability GroupNonUniformShuffle\n", "OpCapability GroupNonUniformShuffleRelative",
        "OpCapability GroupNonUniformQuad"})
    EXPECT_NE(d.find(cap), std::string::npos) << cap << "\n" << d;
  for (const char* op :
       {"OpGroupNonUniformUMin", "OpGroupNonUniformSMax", "OpGroupNonUniformBitwiseXor",
        "OpGroupNonUniformElect", "OpGroupNonUniformBroadcastFirst", "OpGroupNonUniformShuffleXor",
        "OpGroupNonUniformShuffleDown", "OpGroupNonUniformQuadSwap"})
    EXPECT_NE(d.find(op), std::string::npos) << op;
}

// Golden: the scan flavour is the GroupOperation operand at Subgroup scope (3).
TEST(SpirvSubgroups, ScansCarryTheirGroupOperation) {
  std::string d = SPIRV_EXPECT_VALID(R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> f: f32;
@compute @workgroup_size(32) fn main() {
  f = subgroupAdd(f) + subgroupInclusiveAdd(f) + subgroupExclusiveAdd(f);
})",
                                     "main");
  EXPECT_NE(d.find("OpGroupNonUniformFAdd %float %uint_3 Reduce"), std::string::npos) << d;
  EXPECT_NE(d.find("OpGroupNonUniformFAdd %float %uint_3 InclusiveScan"), std::string::npos) << d;
  EXPECT_NE(d.find("OpGroupNonUniformFAdd %float %uint_3 ExclusiveScan"), std::string::npos) << d;
}

// Golden: subgroupBroadcast's i32 id becomes a u32 constant (SPIR-V 1.3 wants
// an unsigned constant id); subgroupBallot gives a vec4<u32>.
TEST(SpirvSubgroups, BroadcastIdIsAnUnsignedConstant) {
  std::string d = SPIRV_EXPECT_VALID(R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> v: vec4u;
@fragment fn main(@builtin(position) p: vec4f) {
  v = subgroupBroadcast(v, 9i) + subgroupBallot(p.x > 1.0);
})",
                                     "main");
  EXPECT_NE(d.find("OpGroupNonUniformBroadcast %v4uint %uint_3 %"), std::string::npos) << d;
  EXPECT_NE(d.find("%uint_9"), std::string::npos) << d;
  EXPECT_NE(d.find("OpGroupNonUniformBallot %v4uint %uint_3"), std::string::npos) << d;
}

TEST(SpirvSubgroups, WithoutTheFeatureIsAClearError) {
  Options o;
  o.subgroups = false;
  auto c = compile(kEveryFunction, "main", o);
  ASSERT_FALSE(c.result.ok()) << describe(c);
  EXPECT_EQ(c.result.error->kind, ErrorKind::NotSupportedYet);
  EXPECT_NE(c.result.error->message.find("subgroupAdd"), std::string::npos)
      << c.result.error->message;
  EXPECT_NE(c.result.error->message.find("'subgroups' feature"), std::string::npos)
      << c.result.error->message;
  EXPECT_GT(c.result.error->line, 0u);
}

}  // namespace

namespace {

TEST(SpirvSubgroups, SubgroupIdAndNumSubgroupsBuiltinValues) {
  std::string d = SPIRV_EXPECT_VALID(R"(
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 64>;
@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32,
                                     @builtin(subgroup_id) sg: u32,
                                     @builtin(num_subgroups) n: u32) {
  out[li] = sg * 100u + n;
})",
                                     "main");
  EXPECT_NE(d.find("BuiltIn SubgroupId"), std::string::npos) << d;
  EXPECT_NE(d.find("BuiltIn NumSubgroups"), std::string::npos) << d;
  EXPECT_NE(d.find("OpCapability GroupNonUniform\n"), std::string::npos) << d;
}

}  // namespace
