// Test helpers: WGSL -> SPIR-V -> SPIRV-Tools validator (in process) and
// disassembler, for the environment generate() targets.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bindery/spirv/generate.h"

namespace bindery::spirv::testing {

struct Compiled {
  Result result;
  std::string wgslErrors;   // the front end's diagnostics when the module is not ok()
  std::string validation;   // the validator's messages; empty when valid
  std::string disassembly;  // friendly names, one instruction a line
  bool valid() const { return result.ok() && validation.empty() && wgslErrors.empty(); }
};

// Validates `words` for `env` ("vulkan1.1", ...); returns the messages (empty when valid).
std::string validate(const std::vector<uint32_t>& words, std::string_view env);
std::string disassemble(const std::vector<uint32_t>& words);

Compiled compile(std::string_view wgsl, std::string_view entryPoint, const Options& options = {});

// Everything about a compilation a failing assertion should show.
std::string describe(const Compiled& c);

}  // namespace bindery::spirv::testing

// Generates `entry` of `wgsl`, asserts the module validates, yields the disassembly.
#define SPIRV_EXPECT_VALID(wgsl, entry)                                                       \
  [&] {                                                                                       \
    ::bindery::spirv::testing::Compiled c_ = ::bindery::spirv::testing::compile(wgsl, entry); \
    EXPECT_TRUE(c_.valid()) << ::bindery::spirv::testing::describe(c_);                       \
    return c_.disassembly;                                                                    \
  }()
