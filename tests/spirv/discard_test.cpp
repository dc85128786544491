// discard (#discard-statement): the invocation becomes a helper invocation.
// OpDemoteToHelperInvocation where SPIR-V 1.6 or the device's
// SPV_EXT_demote_to_helper_invocation allows it, else OpKill.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

using bindery::spirv::Options;
using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

constexpr const char* kShader = R"(
@group(0) @binding(0) var<storage, read_write> written: u32;
@fragment fn main(@location(0) v: f32) -> @location(0) vec4f {
  if v < 0.5 {
    discard;
    written = 1u;
  }
  return vec4f(dpdx(v));
}
)";

std::string valid(const Options& o) {
  auto c = compile(kShader, "main", o);
  EXPECT_TRUE(c.valid()) << describe(c);
  return c.disassembly;
}

TEST(SpirvDiscard, OpKillWithoutDemote) {
  std::string d = valid(Options{});
  EXPECT_NE(d.find("OpKill"), std::string::npos) << d;
  EXPECT_EQ(d.find("OpDemoteToHelperInvocation"), std::string::npos) << d;
  // the store after the discard is dead and not emitted: one OpStore (the output)
  EXPECT_EQ(d.find("OpStore"), d.rfind("OpStore")) << d;
}

TEST(SpirvDiscard, DemoteWithTheExtensionBeforeSpirv16) {
  Options o;
  o.demoteToHelperInvocation = true;
  std::string d = valid(o);
  EXPECT_NE(d.find("OpExtension \"SPV_EXT_demote_to_helper_invocation\""), std::string::npos) << d;
  EXPECT_NE(d.find("OpCapability DemoteToHelperInvocation"), std::string::npos) << d;
  size_t demote = d.find("OpDemoteToHelperInvocation\n");
  ASSERT_NE(demote, std::string::npos) << d;
  EXPECT_EQ(d.find("OpKill"), std::string::npos) << d;
  // execution continues as a helper: the store after it is still emitted
  // (a helper's storage writes have no effect, #helper-invocation)
  EXPECT_NE(d.find("OpStore", demote), std::string::npos) << d;
}

TEST(SpirvDiscard, DemoteIsCoreInSpirv16) {
  Options o;
  o.version = 0x00010600;
  std::string d = valid(o);
  EXPECT_NE(d.find("OpDemoteToHelperInvocation\n"), std::string::npos) << d;
  EXPECT_NE(d.find("OpCapability DemoteToHelperInvocation"), std::string::npos) << d;
  EXPECT_EQ(d.find("SPV_EXT_demote_to_helper_invocation"), std::string::npos) << d;
  EXPECT_EQ(d.find("OpKill"), std::string::npos) << d;
}

}  // namespace
