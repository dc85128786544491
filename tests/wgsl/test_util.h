// Helpers shared by the WGSL front-end tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "bindery/wgsl/module.h"

namespace bindery::wgsl::test {

// Parse `src`, expecting success; prints all diagnostics otherwise.
inline Module parseOk(std::string_view src, const Options& o = {}) {
  Module m = parse(src, o);
  EXPECT_TRUE(m.ok()) << m.diagnosticsText() << "\nsource:\n" << src;
  return m;
}

// Expect the first error of `src` at line:column with `substr` in its message.
inline ::testing::AssertionResult failsAt(std::string_view src, uint32_t line, uint32_t column,
                                          std::string_view substr, const Options& o = {}) {
  Module m = parse(src, o);
  if (m.ok()) return ::testing::AssertionFailure() << "expected an error, parsed fine:\n" << src;
  for (const Diagnostic& d : m.diagnostics()) {
    if (d.severity != Diagnostic::Severity::Error) continue;
    if (d.line != line || (column != 0 && d.column != column) ||
        d.message.find(substr) == std::string::npos)
      return ::testing::AssertionFailure() << "first error differs; want " << line << ":" << column
                                           << " '" << substr << "'; got:\n"
                                           << m.diagnosticsText();
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "no error";
}

// Expect some error containing `substr` (any position).
inline ::testing::AssertionResult fails(std::string_view src, std::string_view substr,
                                        const Options& o = {}) {
  Module m = parse(src, o);
  if (m.ok()) return ::testing::AssertionFailure() << "expected an error, parsed fine:\n" << src;
  for (const Diagnostic& d : m.diagnostics())
    if (d.message.find(substr) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no error containing '" << substr << "'; got:\n"
                                       << m.diagnosticsText();
}

inline const EntryPoint* entry(const Reflection& r, std::string_view name) {
  for (const EntryPoint& e : r.entryPoints)
    if (e.name == name) return &e;
  return nullptr;
}

inline const StructLayout* structLayout(const Reflection& r, std::string_view name) {
  for (const StructLayout& s : r.structs)
    if (s.name == name) return &s;
  return nullptr;
}

inline std::string resourceNames(const EntryPoint* e) {
  std::string s;
  if (!e) return "<no entry point>";
  for (const ResourceBinding& b : e->resources) s += (s.empty() ? "" : ",") + b.name;
  return s;
}

}  // namespace bindery::wgsl::test
