#include "spirv_testing.h"

#include <spirv-tools/libspirv.hpp>

namespace bindery::spirv::testing {

namespace {
spv_target_env environment(std::string_view env) {
  if (env == "vulkan1.3") return SPV_ENV_VULKAN_1_3;
  if (env == "vulkan1.2") return SPV_ENV_VULKAN_1_2;
  if (env == "vulkan1.1spv1.4") return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
  return SPV_ENV_VULKAN_1_1;
}
}  // namespace

std::string validate(const std::vector<uint32_t>& words, std::string_view env) {
  spvtools::SpirvTools tools(environment(env));
  std::string messages;
  tools.SetMessageConsumer(
      [&](spv_message_level_t, const char*, const spv_position_t& p, const char* m) {
        messages += "word " + std::to_string(p.index) + ": " + m + "\n";
      });
  // The front end uses the standard layout for uniform buffers
  // (uniform_buffer_standard_layout): the device enables that feature.
  spvtools::ValidatorOptions options;
  options.SetUniformBufferStandardLayout(true);
  if (!tools.Validate(words.data(), words.size(), options) && messages.empty())
    messages = "invalid (no message)";
  return messages;
}

std::string disassemble(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string text;
  if (!tools.Disassemble(
          words, &text,
          SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT))
    return "(the disassembler failed)";
  return text;
}

Compiled compile(std::string_view wgsl, std::string_view entryPoint, const Options& options) {
  Compiled c;
  wgsl::Module m = wgsl::parse(wgsl);
  if (!m.ok()) {
    c.wgslErrors = m.diagnosticsText();
    c.result.error = Error{ErrorKind::InvalidModule, "WGSL errors"};
    return c;
  }
  c.result = generate(m, entryPoint, options);
  if (!c.result.ok()) return c;
  c.validation = validate(c.result.words, targetEnvironment(options));
  c.disassembly = disassemble(c.result.words);
  return c;
}

std::string describe(const Compiled& c) {
  std::string s;
  if (!c.wgslErrors.empty()) s += "WGSL errors:\n" + c.wgslErrors + "\n";
  if (c.result.error) s += "generate() error: " + c.result.error->formatted() + "\n";
  if (!c.validation.empty()) s += "validator:\n" + c.validation;
  if (!c.disassembly.empty()) s += "disassembly:\n" + c.disassembly;
  return s;
}

}  // namespace bindery::spirv::testing
