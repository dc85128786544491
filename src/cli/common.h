// Helpers shared by the CLI subcommands.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

#include "bindery/wgsl/module.h"

namespace bindery::cli {

// Reads a whole file; on failure prints "bindery: cannot read PATH: why" to
// `err` and returns nullopt.
std::optional<std::string> readFile(const std::string& path, std::ostream& err);

// Prints every diagnostic of `module` as "FILE:line:column: severity: message"
// followed by the source line and a caret, as Diagnostic::formatted() spells it.
void printDiagnostics(const std::string& path, const bindery::wgsl::Module& module,
                      std::ostream& err);

// True when `module` has an error diagnostic.
bool hasErrors(const bindery::wgsl::Module& module);

}  // namespace bindery::cli
