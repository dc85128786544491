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

TEST(SpirvCorpus, FuzzCorpus) {
  runCorpus("fuzz/corpus/wgsl", 1);
}

}  // namespace
