// `bindery compile FILE.wgsl [--entry-point NAME] [--constant KEY=VALUE]...
// [-o FILE.spv] [--disassemble]`: the SPIR-V of one entry point (every entry
// point when none is named, one file each), made by bindery::spirv::generate
// as pipeline creation makes it, and checked by the SPIR-V validator.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spirv-tools/libspirv.hpp>

#include "bindery/spirv/generate.h"
#include "bindery/wgsl/module.h"
#include "commands.h"
#include "common.h"

namespace bindery::cli {
namespace {

struct CompileOptions {
  std::string file;
  std::optional<std::string> entry;
  std::vector<std::string> constants;
  std::optional<std::string> output;
  bool disassemble = false;
};

spv_target_env environment(std::string_view env) {
  if (env == "vulkan1.3") return SPV_ENV_VULKAN_1_3;
  if (env == "vulkan1.2") return SPV_ENV_VULKAN_1_2;
  if (env == "vulkan1.1spv1.4") return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
  return SPV_ENV_VULKAN_1_1;
}

// KEY=VALUE pairs as GPUProgrammableStage.constants; false (with a message) on a malformed one.
bool parseConstants(const std::vector<std::string>& in, std::map<std::string, double>& out) {
  for (const std::string& c : in) {
    size_t eq = c.find('=');
    const char* value = eq == std::string::npos ? nullptr : c.c_str() + eq + 1;
    char* end = nullptr;
    double v = value ? std::strtod(value, &end) : 0;
    if (!value || eq == 0 || end == value || *end != '\0') {
      std::cerr << "bindery: --constant '" << c
                << "' is not KEY=VALUE with a number (e.g. --constant blockSize=64)\n";
      return false;
    }
    out[c.substr(0, eq)] = v;
  }
  return true;
}

std::string outputPath(const CompileOptions& opt, const std::string& entry, bool several) {
  std::string ext = opt.disassemble ? ".spvasm" : ".spv";
  if (opt.output && !several) return *opt.output;
  std::string base = opt.output ? *opt.output : opt.file;
  size_t slash = base.find_last_of('/');
  size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) base.resize(dot);
  if (!opt.output && slash != std::string::npos) base = base.substr(slash + 1);
  return base + "." + entry + ext;
}

int compileEntry(const CompileOptions& opt, const wgsl::Module& module, const std::string& entry,
                 const spirv::Options& options, bool several) {
  spirv::Result r = spirv::generate(module, entry, options);
  if (!r.ok()) {
    std::string text = r.error->formatted();
    if (text.empty() || text.back() != '\n') text += "\n";
    std::cerr << opt.file << (r.error->line ? ":" : ": ") << text;
    return r.error->kind == spirv::ErrorKind::NoSuchEntryPoint ? kIoError : kShaderErrors;
  }
  spvtools::SpirvTools tools(environment(spirv::targetEnvironment(options)));
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&,
                               const char* m) { messages += std::string(m) + "\n"; });
  spvtools::ValidatorOptions vo;
  vo.SetUniformBufferStandardLayout(true);
  if (!tools.Validate(r.words.data(), r.words.size(), vo)) {
    std::cerr << "bindery: internal error: the SPIR-V generated for '" << entry
              << "' does not validate (please report it with the shader):\n"
              << messages;
    return kShaderErrors;
  }
  std::string text;
  if (opt.disassemble)
    tools.Disassemble(r.words, &text,
                      SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES | SPV_BINARY_TO_TEXT_OPTION_INDENT);
  if (opt.disassemble && !opt.output) {
    std::cout << text;
    return kOk;
  }
  std::string path = outputPath(opt, entry, several);
  std::ofstream out(path, std::ios::binary);
  if (opt.disassemble)
    out << text;
  else
    out.write(reinterpret_cast<const char*>(r.words.data()),
              std::streamsize(r.words.size() * sizeof(uint32_t)));
  if (!out) {
    std::cerr << "bindery: cannot write " << path << "\n";
    return kIoError;
  }
  std::cout << path << ": " << entry << ", " << r.words.size() * 4 << " bytes\n";
  return kOk;
}

int runCompile(const CompileOptions& opt) {
  std::optional<std::string> source = readFile(opt.file, std::cerr);
  if (!source) return kIoError;
  spirv::Options options;
  if (!parseConstants(opt.constants, options.overrideValues)) return kIoError;
  const wgsl::Module module = wgsl::parse(*source);
  printDiagnostics(opt.file, module, std::cerr);
  if (hasErrors(module)) return kShaderErrors;
  std::vector<std::string> entries =
      opt.entry ? std::vector<std::string>{*opt.entry} : spirv::entryPointNames(module);
  if (entries.empty()) {
    std::cerr << "bindery: " << opt.file << " has no entry point\n";
    return kIoError;
  }
  int status = kOk;
  for (const std::string& e : entries) {
    int s = compileEntry(opt, module, e, options, entries.size() > 1);
    if (s != kOk) status = s;
  }
  return status;
}

}  // namespace

Command addCompileCommand(CLI::App& root) {
  auto opt = std::make_shared<CompileOptions>();
  CLI::App* sub = root.add_subcommand("compile", "Generate the SPIR-V of a WGSL entry point");
  sub->add_option("file", opt->file, "WGSL source file")->required();
  sub->add_option("--entry-point", opt->entry, "The entry point (default: every one, a file each)");
  sub->add_option("--constant", opt->constants,
                  "A pipeline-overridable constant, KEY=VALUE (KEY: the @id or the name)");
  sub->add_option("-o", opt->output, "Output file (default: FILE.ENTRY.spv)");
  sub->add_flag("--disassemble", opt->disassemble,
                "Print the SPIR-V as text (to -o when given) instead of writing binary");
  return Command{sub, [opt] { return runCompile(*opt); }};
}

}  // namespace bindery::cli
