// Internal: source line map and the diagnostic sink every pass reports to.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/wgsl/reflection.h"

namespace bindery::wgsl {

struct Span {
  uint32_t offset = 0;
  uint32_t length = 0;
};

// Maps byte offsets to 1-based line/column. Line breaks per #blankspace-and-line-breaks:
// LF, VT, FF, CR (CR LF is one break), U+0085, U+2028, U+2029.
class LineMap {
 public:
  // The line starts are found on the first query (most modules have no
  // diagnostic, so most never need them).
  explicit LineMap(std::string_view source) : source_(source) {}
  uint32_t line(uint32_t offset) const;    // 1-based
  uint32_t column(uint32_t offset) const;  // 1-based, bytes
  // 1-based, code points (UTF-8 lead bytes: continuation bytes 0b10xxxxxx
  // do not count): the column an editor shows.
  uint32_t codePointColumn(uint32_t offset) const;
  std::string_view lineText(uint32_t line) const;

  // `span` clamped to the source, so that a diagnostic never points outside it.
  Span clamp(Span span) const;

 private:
  void build() const;
  std::string_view source_;
  mutable std::vector<uint32_t> starts_;  // byte offset of each line start
  mutable std::vector<uint32_t> ends_;    // byte offset of each line's break
};

class Diagnostics {
 public:
  Diagnostics(std::string_view source, uint32_t maxErrors);
  void error(Span span, std::string message);
  void warning(Span span, std::string message);
  void info(Span span, std::string message);
  // Attach a note to the last diagnostic.
  void note(Span span, std::string message);
  bool hasErrors() const { return errorCount_ > 0; }
  bool tooMany() const { return maxErrors_ != 0 && errorCount_ >= maxErrors_; }
  std::vector<Diagnostic>& list() { return list_; }
  const LineMap& lines() const { return lines_; }

 private:
  void add(Diagnostic::Severity severity, Span span, std::string message);
  LineMap lines_;
  std::vector<Diagnostic> list_;
  uint32_t errorCount_ = 0;
  uint32_t maxErrors_ = 0;
  bool suppressed_ = false;
};

}  // namespace bindery::wgsl
