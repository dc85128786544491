// libFuzzer target: any byte string the WGSL front end accepts goes through
// the SPIR-V generator; fuzz/spirv_invariant.h says what must hold. Seeds:
// fuzz/corpus/wgsl and tests/wgsl/corpus.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "spirv_invariant.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  bindery::wgsl::Options options;
  options.maxErrors = 1;
  const bindery::wgsl::Module module = bindery::wgsl::parse(source, options);
  if (!module.ok()) return 0;
  const std::string broken = bindery::fuzz::checkSpirvInvariant(module);
  if (!broken.empty()) {
    std::fprintf(stderr, "spirv_fuzz invariant violated: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
