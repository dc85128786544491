// libFuzzer target: any byte string goes through parse + resolve + validate +
// reflect + JSON, and what the front end accepts through the SPIR-V
// generator and validator (spirv_invariant.h). Besides the sanitizers it
// checks invariants that every result must keep; a violation aborts so
// libFuzzer saves the input.
//
// The budget against hostile input (issue 18) is one of them: a 1 MB shader
// never costs more than 256 MB or 2 s, scaled to the input's size (at least
// kMinMB of memory and kMinSeconds of time for a small input); time is
// multiplied by WGSL_FUZZ_SLOWDOWN (default 20: under ASan + UBSan and
// coverage instrumentation the front end runs about 16 times slower than a
// Release build on the 1 MB shaders of tests/wgsl/hostile_test.cpp). Memory is the
// peak of the bytes live during the input, from the sanitizer's allocation
// hooks (requested sizes).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "bindery/wgsl/module.h"
#include "reflection_json.h"
#include "spirv_invariant.h"

namespace {

// Signed: blocks allocated before the hooks were installed may be freed later.
std::atomic<int64_t> gLive{0};
std::atomic<int64_t> gPeak{0};

void noteAlloc(size_t size) {
  const int64_t n = int64_t(size);
  int64_t live = gLive.fetch_add(n) + n;
  int64_t peak = gPeak.load();
  while (live > peak && !gPeak.compare_exchange_weak(peak, live)) {
  }
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "wgsl_fuzz invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

}  // namespace

namespace {

constexpr double kBytesPerSourceByte = 256.0;  // 256 MB per 1 MB
constexpr double kSecondsPerMB = 2.0;
constexpr double kMinMB = 64;  // WGSL_FUZZ_MIN_MB overrides
constexpr double kMinSeconds = 0.25;

double envOr(const char* name, double fallback) {
  const char* e = std::getenv(name);
  return e ? std::atof(e) : fallback;
}
double slowdown() {
  static const double s = envOr("WGSL_FUZZ_SLOWDOWN", 20.0);
  return s;
}
double minBytes() {
  static const double b = envOr("WGSL_FUZZ_MIN_MB", kMinMB) * double(1 << 20);
  return b;
}

}  // namespace

// Memory: the sanitizers' allocation hooks (every fuzz build has ASan, see
// scripts/fuzz); without them only time is checked.
extern "C" {
int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void*, size_t),
                                              void (*free_hook)(const volatile void*))
    __attribute__((weak));
size_t __sanitizer_get_allocated_size(const volatile void* p) __attribute__((weak));
}

namespace {
void mallocHook(const volatile void*, size_t n) {
  noteAlloc(n);
}
void freeHook(const volatile void* p) {
  if (p && __sanitizer_get_allocated_size)
    gLive.fetch_sub(int64_t(__sanitizer_get_allocated_size(p)));
}
bool gMemoryChecked = false;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (__sanitizer_install_malloc_and_free_hooks && __sanitizer_get_allocated_size)
    gMemoryChecked = __sanitizer_install_malloc_and_free_hooks(mallocHook, freeHook) != 0;
  return 0;
}

namespace {
void checkBudget(size_t size, std::chrono::steady_clock::time_point start, int64_t baseline) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double mb = double(size) / double(1 << 20);
  const double allowedSeconds = std::max(kMinSeconds, kSecondsPerMB * mb) * slowdown();
  // requested bytes (the sanitizer's redzones are not counted): no slowdown
  const double allowedBytes = std::max(minBytes(), kBytesPerSourceByte * double(size));
  const int64_t used = gPeak.load() - baseline;
  if (seconds > allowedSeconds) {
    std::fprintf(stderr, "wgsl_fuzz: %zu bytes took %.2f s (budget %.2f s)\n", size, seconds,
                 allowedSeconds);
    fail("time budget exceeded");
  }
  if (gMemoryChecked && double(used) > allowedBytes) {
    std::fprintf(stderr, "wgsl_fuzz: %zu bytes peaked at %lld bytes live (budget %.0f)\n", size,
                 static_cast<long long>(used), allowedBytes);
    fail("memory budget exceeded");
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
  const int64_t baseline = gLive.load();
  gPeak.store(baseline);
  const auto start = std::chrono::steady_clock::now();
  bindery::wgsl::Options options;
  options.maxErrors = 16;
  const bindery::wgsl::Module module = bindery::wgsl::parse(source, options);

  // Upper bound on the line count: every WGSL line break (#line-break: LF,
  // VT, FF, CR, NEL, LS, PS) starts a line (CR LF counts twice here).
  uint32_t lines = 1;
  for (size_t i = 0; i < size; ++i) {
    const unsigned char c = data[i];
    if (c == '\n' || c == '\v' || c == '\f' || c == '\r') ++lines;
    if (c == 0xC2 && i + 1 < size && data[i + 1] == 0x85) ++lines;
    if (c == 0xE2 && i + 2 < size && data[i + 1] == 0x80 &&
        (data[i + 2] == 0xA8 || data[i + 2] == 0xA9)) {
      ++lines;
    }
  }
  bool anyError = false;
  for (const bindery::wgsl::Diagnostic& d : module.diagnostics()) {
    anyError = anyError || d.severity == bindery::wgsl::Diagnostic::Severity::Error;
    check(d.line >= 1 && d.line <= lines, "diagnostic line outside the source");
    check(d.column >= 1, "diagnostic column is 0");
    check(d.offset <= size, "diagnostic offset past the end");
    check(!d.message.empty(), "empty diagnostic message");
    (void)d.formatted();
  }
  check(anyError == !module.ok(), "ok() disagrees with the diagnostics");
  (void)module.diagnosticsText();

  const bindery::wgsl::Reflection r = module.reflect();
  if (!module.ok()) {
    check(r.entryPoints.empty() && r.structs.empty(), "reflection of an invalid module");
  }
  for (const bindery::wgsl::EntryPoint& ep : r.entryPoints) {
    std::set<std::pair<uint32_t, uint32_t>> slots;
    std::pair<uint32_t, uint32_t> last{0, 0};
    bool first = true;
    for (const bindery::wgsl::ResourceBinding& res : ep.resources) {
      const std::pair<uint32_t, uint32_t> slot{res.group, res.binding};
      check(slots.insert(slot).second, "two resources of one entry point share a slot");
      check(first || last < slot, "resources not sorted by (group, binding)");
      last = slot;
      first = false;
    }
    if (ep.stage != bindery::wgsl::Stage::Compute) {
      check(ep.workgroupSize[0] == 0 && ep.workgroupSize[1] == 0 && ep.workgroupSize[2] == 0,
            "workgroup size on a non-compute entry point");
    }
  }
  for (const bindery::wgsl::StructLayout& s : r.structs) {
    check(s.align == 0 || (s.align & (s.align - 1)) == 0, "struct alignment not a power of two");
    for (const bindery::wgsl::MemberLayout& m : s.members) {
      check(m.align == 0 || m.offset % m.align == 0, "member offset not aligned");
      check(uint64_t{m.offset} + m.size <= s.size || s.size == 0, "member past the struct end");
    }
  }
  const nlohmann::json doc = bindery::wgsl::reflectionToJson(r, module.diagnostics());
  (void)doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  checkBudget(size, start, baseline);
  // The code generator's invariant (issue 13), after the front end's budget
  // was measured: what the front end accepts gives valid SPIR-V, or a "not
  // supported yet" / pipeline-creation error with a message.
  if (module.ok()) {
    const std::string broken = bindery::fuzz::checkSpirvInvariant(module);
    if (!broken.empty()) {
      std::fprintf(stderr, "%s\n", broken.c_str());
      fail("the SPIR-V invariant");
    }
  }
  return 0;
}
