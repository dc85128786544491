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

// One configuration: the generator's Options and the validator environment.
inline std::string checkSpirvInvariantFor(const bindery::wgsl::Module& module,
                                          const bindery::spirv::Options& generatorOptions,
                                          spv_target_env env) {
  for (const std::string& entry : bindery::spirv::entryPointNames(module)) {
    const bindery::spirv::Result g = bindery::spirv::generate(module, entry, generatorOptions);
    if (!g.ok()) {
      if (g.error->kind != bindery::spirv::ErrorKind::NotSupportedYet &&
          g.error->kind != bindery::spirv::ErrorKind::PipelineCreation)
        return "generate('" + entry +
               "') failed with an unexpected error kind: " + g.error->message;
      if (g.error->message.empty() || !g.words.empty())
        return "generate('" + entry + "') error without a message, or with words";
      continue;
    }
    spvtools::SpirvTools tools(env);
    std::string messages;
    tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                                 const char* m) { messages += m; });
    spvtools::ValidatorOptions options;
    options.SetUniformBufferStandardLayout(true);
    if (!tools.Validate(g.words.data(), g.words.size(), options))
      return "the SPIR-V " + std::to_string(generatorOptions.version >> 16) + "." +
             std::to_string((generatorOptions.version >> 8) & 0xff) + " of '" + entry +
             "' does not validate: " + messages;
  }
  return {};
}

// The generator's defaults (SPIR-V 1.3, Vulkan 1.1) and what the Vulkan
// backend uses on a Vulkan 1.2 device (shader_features.h: SPIR-V 1.4, demote).
inline std::string checkSpirvInvariant(const bindery::wgsl::Module& module) {
  std::string broken = checkSpirvInvariantFor(module, {}, SPV_ENV_VULKAN_1_1);
  if (!broken.empty()) return broken;
  bindery::spirv::Options vulkan12;
  vulkan12.version = 0x00010400;
  vulkan12.demoteToHelperInvocation = true;
  return checkSpirvInvariantFor(module, vulkan12, SPV_ENV_VULKAN_1_1_SPIRV_1_4);
}

}  // namespace bindery::fuzz
