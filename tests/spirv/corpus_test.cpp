// Every entry point of every valid shader of the project's WGSL corpora
// (tests/wgsl/corpus: also the benchmark shaders; fuzz/corpus/wgsl) gives a
// module the SPIR-V validator accepts, or a "not supported yet" error for a
// construct in kNotSupportedYet (the list only shrinks).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "spirv_invariant.h"
#include "spirv_testing.h"

namespace {

namespace fs = std::filesystem;
using bindery::spirv::testing::compile;
using bindery::spirv::testing::describe;

// Constructs the generator does not implement yet (Error::construct).
const std::set<std::string> kNotSupportedYet = {};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void runCorpus(const char* dir, size_t minimumModules, uint32_t version = 0x00010300) {
  bindery::spirv::Options options;
  options.version = version;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(BINDERY_SOURCE_DIR) / dir))
    if (e.path().extension() == ".wgsl") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  size_t valid = 0;
  std::map<std::string, size_t> unsupported;
  for (const fs::path& p : files) {
    std::string source = read(p);
    bindery::wgsl::Module m = bindery::wgsl::parse(source);
    if (!m.ok()) continue;
    // the fuzz invariant (fuzz/spirv_invariant.h) holds on every corpus module
    if (version == 0x00010300) {
      EXPECT_EQ(bindery::fuzz::checkSpirvInvariant(m), "") << p.filename();
    }
    for (const std::string& entry : bindery::spirv::entryPointNames(m)) {
      auto c = compile(source, entry, options);
      if (c.result.error && c.result.error->kind == bindery::spirv::ErrorKind::NotSupportedYet) {
        ++unsupported[c.result.error->construct];
        EXPECT_TRUE(kNotSupportedYet.count(c.result.error->construct))
            << p.filename() << " " << entry << ": " << c.result.error->formatted();
        continue;
      }
      if (c.result.error && c.result.error->kind == bindery::spirv::ErrorKind::PipelineCreation) {
        ++unsupported["(pipeline-creation error: " + c.result.error->message + ")"];
        continue;
      }
      EXPECT_TRUE(c.valid()) << p.filename() << " " << entry << ":\n" << describe(c);
      valid += c.valid();
    }
  }
  std::string summary;
  for (const auto& [what, n] : unsupported)
    summary += "  " + what + ": " + std::to_string(n) + "\n";
  std::printf("%s: %zu valid modules; not supported yet:\n%s", dir, valid, summary.c_str());
  EXPECT_GE(valid, minimumModules);
}

TEST(SpirvCorpus, ProjectCorpus) {
  runCorpus("tests/wgsl/corpus", 1);
}

// SPIR-V 1.6 for Vulkan 1.3: every global in the entry point's interface, OpKill still valid.
TEST(SpirvCorpus, ProjectCorpusSpirv16) {
  runCorpus("tests/wgsl/corpus", 1, 0x00010600);
}

// Every raw-string WGSL module of the other test suites (tests/wgsl: the
// seeds' snippets and the front end's cases; tests/core; tests/cli fixtures)
// that the front end accepts.
TEST(SpirvCorpus, ShadersOfTheTests) {
  size_t valid = 0, modules = 0;
  std::map<std::string, size_t> unsupported;
  for (const char* dir : {"tests/wgsl", "tests/core"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(BINDERY_SOURCE_DIR) / dir)) {
      if (e.path().extension() != ".cpp") continue;
      std::string text = read(e.path());
      for (size_t at = text.find("R\"("); at != std::string::npos; at = text.find("R\"(", at)) {
        size_t end = text.find(")\"", at + 3);
        if (end == std::string::npos) break;
        std::string source = text.substr(at + 3, end - at - 3);
        at = end;
        bindery::wgsl::Module m = bindery::wgsl::parse(source);
        if (!m.ok()) continue;
        ++modules;
        for (const std::string& entry : bindery::spirv::entryPointNames(m)) {
          auto c = compile(source, entry);
          if (c.result.error && c.result.error->kind != bindery::spirv::ErrorKind::InvalidModule) {
            ++unsupported[c.result.error->construct.empty() ? c.result.error->message
                                                            : c.result.error->construct];
            EXPECT_NE(c.result.error->kind, bindery::spirv::ErrorKind::NotSupportedYet)
                << e.path().filename() << " " << entry << ": " << c.result.error->formatted()
                << "\n"
                << source;
            continue;
          }
          EXPECT_TRUE(c.valid()) << e.path().filename() << " " << entry << ":\n"
                                 << source << "\n"
                                 << describe(c);
          valid += c.valid();
        }
      }
    }
  }
  std::string summary;
  for (const auto& [what, n] : unsupported)
    summary += "  " + what + ": " + std::to_string(n) + "\n";
  std::printf("test shaders: %zu modules, %zu valid SPIR-V modules; errors:\n%s", modules, valid,
              summary.c_str());
  EXPECT_GE(valid, 100u);
}

TEST(SpirvCorpus, FuzzCorpus) {
  runCorpus("fuzz/corpus/wgsl", 1);
}

}  // namespace
