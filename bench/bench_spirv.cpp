// WGSL text -> SPIR-V words over the benchmark shaders (tests/wgsl/corpus):
// the front end's parse + resolve against the SPIR-V generator on the parsed
// modules (every entry point), both in MB/s of WGSL source. Aim (issue 13):
// code generation cheaper than the front end.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bindery/spirv/generate.h"
#include "bindery/wgsl/module.h"

namespace {

struct Shader {
  std::string code;
  std::vector<std::string> entries;
};

const std::vector<Shader>& corpus() {
  static const std::vector<Shader> shaders = [] {
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(BINDERY_CORPUS_DIR))
      if (e.path().extension() == ".wgsl") paths.push_back(e.path());
    std::sort(paths.begin(), paths.end());
    std::vector<Shader> list;
    for (const auto& p : paths) {
      std::ifstream in(p);
      std::stringstream ss;
      ss << in.rdbuf();
      Shader s{ss.str(), {}};
      bindery::wgsl::Module m = bindery::wgsl::parse(s.code);
      if (!m.ok()) continue;
      // only the shaders the generator handles completely, so both sides see the same text
      bool all = true;
      for (const std::string& e : bindery::spirv::entryPointNames(m))
        all = all && bindery::spirv::generate(m, e).ok();
      if (!all) continue;
      s.entries = bindery::spirv::entryPointNames(m);
      list.push_back(std::move(s));
    }
    return list;
  }();
  return shaders;
}

size_t corpusBytes() {
  size_t n = 0;
  for (const Shader& s : corpus()) n += s.code.size();
  return n;
}

void BM_WgslParseResolve(benchmark::State& state) {
  for (auto _ : state)
    for (const Shader& s : corpus()) benchmark::DoNotOptimize(bindery::wgsl::parse(s.code));
  state.SetBytesProcessed(int64_t(state.iterations() * corpusBytes()));
  state.counters["shaders"] = double(corpus().size());
}
BENCHMARK(BM_WgslParseResolve)->Unit(benchmark::kMillisecond);

void BM_SpirvGenerate(benchmark::State& state) {
  std::vector<bindery::wgsl::Module> modules;
  for (const Shader& s : corpus()) modules.push_back(bindery::wgsl::parse(s.code));
  size_t words = 0;
  for (auto _ : state) {
    words = 0;
    for (size_t i = 0; i < modules.size(); ++i)
      for (const std::string& e : corpus()[i].entries) {
        bindery::spirv::Result r = bindery::spirv::generate(modules[i], e);
        words += r.words.size();
        benchmark::DoNotOptimize(r);
      }
  }
  state.SetBytesProcessed(int64_t(state.iterations() * corpusBytes()));
  state.counters["spirv_words"] = double(words);
}
BENCHMARK(BM_SpirvGenerate)->Unit(benchmark::kMillisecond);

// WGSL text -> SPIR-V words, end to end (parse + resolve + generate).
void BM_WgslToSpirv(benchmark::State& state) {
  for (auto _ : state)
    for (const Shader& s : corpus()) {
      bindery::wgsl::Module m = bindery::wgsl::parse(s.code);
      for (const std::string& e : s.entries)
        benchmark::DoNotOptimize(bindery::spirv::generate(m, e));
    }
  state.SetBytesProcessed(int64_t(state.iterations() * corpusBytes()));
}
BENCHMARK(BM_WgslToSpirv)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
