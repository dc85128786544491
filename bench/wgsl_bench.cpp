// WGSL front-end throughput over the whole reflection corpus
// (tests/wgsl/corpus): parse + resolve + validate, + reflect, + JSON.
// Reports MB/s (bytes of WGSL source) and us_per_shader.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "bindery/wgsl/module.h"
#include "reflection_json.h"

namespace {

struct Corpus {
  std::vector<std::string> sources;
  int64_t bytes = 0;
};

const Corpus& corpus() {
  static const Corpus c = [] {
    Corpus out;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(BINDERY_CORPUS_DIR)) {
      if (e.path().extension() == ".wgsl") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      std::ifstream in(f, std::ios::binary);
      std::ostringstream ss;
      ss << in.rdbuf();
      out.bytes += static_cast<int64_t>(ss.str().size());
      out.sources.push_back(ss.str());
    }
    return out;
  }();
  return c;
}

// Counters shared by the corpus benchmarks: bytes/s (SetBytesProcessed) and
// the time per shader ("time_per_shader", printed with an SI prefix: 150us).
void report(benchmark::State& state, const Corpus& c) {
  state.SetBytesProcessed(state.iterations() * c.bytes);
  state.counters["shaders"] = static_cast<double>(c.sources.size());
  state.counters["time_per_shader"] = benchmark::Counter(
      static_cast<double>(c.sources.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_WgslParseCorpus(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const std::string& src : c.sources) {
      bindery::wgsl::Module m = bindery::wgsl::parse(src);
      benchmark::DoNotOptimize(m.ok());
    }
  }
  report(state, c);
}
BENCHMARK(BM_WgslParseCorpus)->Unit(benchmark::kMillisecond);

void BM_WgslParseReflectCorpus(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const std::string& src : c.sources) {
      bindery::wgsl::Module m = bindery::wgsl::parse(src);
      bindery::wgsl::Reflection r = m.reflect();
      benchmark::DoNotOptimize(r.entryPoints.data());
    }
  }
  report(state, c);
}
BENCHMARK(BM_WgslParseReflectCorpus)->Unit(benchmark::kMillisecond);

void BM_WgslParseReflectJsonCorpus(benchmark::State& state) {
  const Corpus& c = corpus();
  for (auto _ : state) {
    for (const std::string& src : c.sources) {
      bindery::wgsl::Module m = bindery::wgsl::parse(src);
      nlohmann::json j = bindery::wgsl::reflectionToJson(m);
      benchmark::DoNotOptimize(j.size());
    }
  }
  report(state, c);
}
BENCHMARK(BM_WgslParseReflectJsonCorpus)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
