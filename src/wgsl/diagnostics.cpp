#include "diagnostics.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace bindery::wgsl {

void LineMap::build() const {
  const std::string_view source = source_;
  const size_t n = source.size();
  // one allocation each for sources of up to 16 bytes a line on average
  starts_.reserve(n / 16 + 2);
  ends_.reserve(n / 16 + 2);
  starts_.push_back(0);
  size_t i = 0;
  // Bytes that may start a line break (#line-break): LF VT FF CR, and the
  // lead bytes of NEL (C2 85) and LS / PS (E2 80 A8 / A9); others skipped fast.
  static constexpr auto kMayBreak = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'\n', '\v', '\f', '\r'}) t[c] = true;
    t[0xC2] = t[0xE2] = true;
    return t;
  }();
  while (i < n) {
    // eight bytes at a time to the first one below 0x0E or above 0x7F (which
    // covers every byte of kMayBreak): the lowest byte the mask flags is the
    // first such byte (a borrow only flags bytes above it)
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    while (i + 8 <= n) {
      uint64_t w = 0;
      std::memcpy(&w, source.data() + i, 8);
      if (const uint64_t mask = ((w - 0x0E * kOnes) | w) & kHigh) {
        i += static_cast<size_t>(std::countr_zero(mask)) / 8;
        break;
      }
      i += 8;
    }
    if (i >= n) break;
    unsigned char c = static_cast<unsigned char>(source[i]);
    if (!kMayBreak[c]) {
      ++i;
      continue;
    }
    size_t breakLen = 0;
    if (c == '\n' || c == '\v' || c == '\f') {
      breakLen = 1;
    } else if (c == '\r') {
      breakLen = (i + 1 < n && source[i + 1] == '\n') ? 2 : 1;
    } else if (c == 0xC2 && i + 1 < n && static_cast<unsigned char>(source[i + 1]) == 0x85) {
      breakLen = 2;  // U+0085
    } else if (c == 0xE2 && i + 2 < n && static_cast<unsigned char>(source[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(source[i + 2]) == 0xA8 ||
                static_cast<unsigned char>(source[i + 2]) == 0xA9)) {
      breakLen = 3;  // U+2028, U+2029
    }
    if (breakLen) {
      ends_.push_back(static_cast<uint32_t>(i));
      i += breakLen;
      starts_.push_back(static_cast<uint32_t>(i));
    } else {
      ++i;
    }
  }
  ends_.push_back(static_cast<uint32_t>(n));
}

uint32_t LineMap::line(uint32_t offset) const {
  if (starts_.empty()) build();
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  return static_cast<uint32_t>(it - starts_.begin());
}

uint32_t LineMap::column(uint32_t offset) const {
  uint32_t l = line(offset);
  return offset - starts_[l - 1] + 1;
}

namespace {
bool continuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}
// Code points among the first `bytes` bytes of `text`.
uint32_t codePoints(std::string_view text, size_t bytes) {
  bytes = std::min(bytes, text.size());
  return static_cast<uint32_t>(std::count_if(text.begin(),
                                             text.begin() + static_cast<std::ptrdiff_t>(bytes),
                                             [](char c) { return !continuationByte(c); }));
}
}  // namespace

uint32_t LineMap::codePointColumn(uint32_t offset) const {
  const uint32_t start = starts_[line(offset) - 1];
  return codePoints(source_.substr(start), offset - start) + 1;
}

std::string_view LineMap::lineText(uint32_t l) const {
  if (starts_.empty()) build();
  if (l == 0 || l > starts_.size()) return {};
  return source_.substr(starts_[l - 1], ends_[l - 1] - starts_[l - 1]);
}

Span LineMap::clamp(Span span) const {
  const uint32_t n = static_cast<uint32_t>(source_.size());
  span.offset = std::min(span.offset, n);
  span.length = std::min(span.length, n - span.offset);
  return span;
}

Diagnostics::Diagnostics(std::string_view source, uint32_t maxErrors)
    : lines_(source), maxErrors_(maxErrors) {}

void Diagnostics::add(Diagnostic::Severity severity, Span span, std::string message) {
  if (severity == Diagnostic::Severity::Error) {
    if (tooMany()) {
      suppressed_ = true;
      return;
    }
    ++errorCount_;
  }
  suppressed_ = false;
  span = lines_.clamp(span);
  Diagnostic d;
  d.severity = severity;
  d.offset = span.offset;
  d.length = span.length;
  d.line = lines_.line(span.offset);
  d.column = lines_.column(span.offset);
  d.codePointColumn = lines_.codePointColumn(span.offset);
  d.sourceLine = std::string(lines_.lineText(d.line));
  d.message = std::move(message);
  list_.push_back(std::move(d));
}

void Diagnostics::error(Span span, std::string message) {
  add(Diagnostic::Severity::Error, span, std::move(message));
}
void Diagnostics::warning(Span span, std::string message) {
  add(Diagnostic::Severity::Warning, span, std::move(message));
}
void Diagnostics::info(Span span, std::string message) {
  add(Diagnostic::Severity::Info, span, std::move(message));
}
void Diagnostics::note(Span span, std::string message) {
  if (list_.empty() || suppressed_) return;
  span = lines_.clamp(span);
  Diagnostic::Note n;
  n.offset = span.offset;
  n.length = span.length;
  n.line = lines_.line(span.offset);
  n.column = lines_.column(span.offset);
  n.codePointColumn = lines_.codePointColumn(span.offset);
  n.message = std::move(message);
  list_.back().notes.push_back(std::move(n));
}

std::string Diagnostic::formatted() const {
  // The prefix counts code points, as editors number columns (`column` is bytes).
  const uint32_t shownColumn = codePointColumn ? codePointColumn
                               : column        ? codePoints(sourceLine, column - 1) + 1
                                               : 0;
  std::string out = std::to_string(line) + ":" + std::to_string(shownColumn) + ": " +
                    std::string(toString(severity)) + ": " + message + "\n";
  if (!sourceLine.empty() || line > 0) {
    out += sourceLine;
    out += "\n";
    // `column` and `length` count bytes; a terminal shows a code point per
    // cell, so the caret line skips UTF-8 continuation bytes.
    const size_t start = std::min<size_t>(column - 1, sourceLine.size());
    std::string caret;
    for (size_t i = 0; i < start; ++i) {
      if (!continuationByte(sourceLine[i])) caret += sourceLine[i] == '\t' ? '\t' : ' ';
    }
    caret += '^';
    const size_t end = std::min<size_t>(start + std::max<uint32_t>(length, 1), sourceLine.size());
    for (size_t i = start + 1; i < end; ++i) {
      if (!continuationByte(sourceLine[i])) caret += '~';
    }
    out += caret;
    out += "\n";
  }
  for (const Note& n : notes) {
    out += std::to_string(n.line) + ":" +
           std::to_string(n.codePointColumn ? n.codePointColumn : n.column) +
           ": note: " + n.message + "\n";
  }
  return out;
}

std::string_view toString(Diagnostic::Severity s) {
  switch (s) {
    case Diagnostic::Severity::Error: return "error";
    case Diagnostic::Severity::Warning: return "warning";
    case Diagnostic::Severity::Info: return "info";
  }
  return "";
}

std::string_view toString(Stage s) {
  switch (s) {
    case Stage::Vertex: return "vertex";
    case Stage::Fragment: return "fragment";
    case Stage::Compute: return "compute";
  }
  return "";
}

std::string_view toString(ResourceKind k) {
  switch (k) {
    case ResourceKind::UniformBuffer: return "uniform";
    case ResourceKind::StorageBuffer: return "storage";
    case ResourceKind::ReadOnlyStorageBuffer: return "read-only-storage";
    case ResourceKind::Sampler: return "sampler";
    case ResourceKind::ComparisonSampler: return "comparison-sampler";
    case ResourceKind::SampledTexture: return "sampled-texture";
    case ResourceKind::MultisampledTexture: return "multisampled-texture";
    case ResourceKind::DepthTexture: return "depth-texture";
    case ResourceKind::DepthMultisampledTexture: return "depth-multisampled-texture";
    case ResourceKind::StorageTexture: return "storage-texture";
    case ResourceKind::ExternalTexture: return "external-texture";
  }
  return "";
}

std::string_view toString(SampleKind k) {
  switch (k) {
    case SampleKind::None: return "";
    case SampleKind::Float: return "float";
    case SampleKind::UnfilterableFloat: return "unfilterable-float";
    case SampleKind::Depth: return "depth";
    case SampleKind::Sint: return "sint";
    case SampleKind::Uint: return "uint";
  }
  return "";
}

std::string_view toString(ViewDimension v) {
  switch (v) {
    case ViewDimension::None: return "";
    case ViewDimension::e1D: return "1d";
    case ViewDimension::e2D: return "2d";
    case ViewDimension::e2DArray: return "2d-array";
    case ViewDimension::Cube: return "cube";
    case ViewDimension::CubeArray: return "cube-array";
    case ViewDimension::e3D: return "3d";
  }
  return "";
}

std::string_view toString(StorageAccess a) {
  switch (a) {
    case StorageAccess::None: return "";
    case StorageAccess::Read: return "read";
    case StorageAccess::Write: return "write";
    case StorageAccess::ReadWrite: return "read_write";
  }
  return "";
}

std::string_view toString(IoScalar s) {
  switch (s) {
    case IoScalar::F32: return "f32";
    case IoScalar::F16: return "f16";
    case IoScalar::I32: return "i32";
    case IoScalar::U32: return "u32";
  }
  return "";
}

}  // namespace bindery::wgsl
