// The SPIR-V generator's fuzz invariant (issue 13): every entry point of a
// module the front end accepts gives SPIR-V the validator accepts, or a
// "not supported yet" / pipeline-creation error with a message, never a
// crash. Returns an empty string when it holds, else what broke.
#pragma once

#include <string>

#include <spirv-tools/libspirv.hpp>

#include "bindery/spirv/generate.h"
#include "bindery/wgsl/module.h"

namespace bindery::fuzz {

inline std::string checkSpirvInvariant(const bindery::wgsl::Module& module) {
  for (const std::string& entry : bindery::spirv::entryPointNames(module)) {
    const bindery::spirv::Result g = bindery::spirv::generate(module, entry);
    if (!g.ok()) {
      if (g.error->kind != bindery::spirv::ErrorKind::NotSupportedYet &&
          g.error->kind != bindery::spirv::ErrorKind::PipelineCreation)
        return "generate('" + entry +
               "') failed with an unexpected error kind: " + g.error->message;
      if (g.error->message.empty() || !g.words.empty())
        return "generate('" + entry + "') error without a message, or with words";
      continue;
    }
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* m) { messages += m; });
    spvtools::ValidatorOptions options;
    options.SetUniformBufferStandardLayout(true);
    if (!tools.Validate(g.words.data(), g.words.size(), options))
      return "the SPIR-V of '" + entry + "' does not validate: " + messages;
  }
  return {};
}

}  // namespace bindery::fuzz
