// libFuzzer target: any byte string goes through parse + resolve + validate +
// reflect + JSON. Besides the sanitizers it checks invariants that every
// result must keep; a violation aborts so libFuzzer saves the input.
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

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "wgsl_fuzz invariant violated: %s\n", what);
  std::abort();
}

void check(bool ok, const char* what) {
  if (!ok) fail(what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source(reinterpret_cast<const char*>(data), size);
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
  return 0;
}
