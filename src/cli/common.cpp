#include "common.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>

namespace bindery::cli {
namespace {

// "12:5: ..." (a position at the start of the line).
bool startsWithPosition(const std::string& line) {
  size_t i = 0;
  for (int part = 0; part < 2; ++part) {
    const size_t start = i;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
    if (i == start || i >= line.size() || line[i] != ':') return false;
    ++i;
  }
  return true;
}

}  // namespace

std::optional<std::string> readFile(const std::string& path, std::ostream& err) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    err << "bindery: cannot read " << path << ": " << std::strerror(errno) << "\n";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) {
    err << "bindery: error while reading " << path << "\n";
    return std::nullopt;
  }
  return ss.str();
}

void printDiagnostics(const std::string& path, const bindery::wgsl::Module& module,
                      std::ostream& err) {
  for (const bindery::wgsl::Diagnostic& d : module.diagnostics()) {
    // Every "line:column: severity: ..." line (the diagnostic and its notes)
    // gets the file name in front, as compilers print it.
    std::istringstream lines(d.formatted());
    std::string line;
    while (std::getline(lines, line)) {
      if (startsWithPosition(line)) err << path << ":";
      err << line << "\n";
    }
  }
}

bool hasErrors(const bindery::wgsl::Module& module) {
  for (const bindery::wgsl::Diagnostic& d : module.diagnostics()) {
    if (d.severity == bindery::wgsl::Diagnostic::Severity::Error) return true;
  }
  return false;
}

}  // namespace bindery::cli
