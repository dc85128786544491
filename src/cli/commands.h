// bindery CLI subcommands.
//
// A subcommand is one file with one function that adds a CLI::App subcommand
// to the root app and returns how to run it once parsed. To add a command
// (e.g. `check`): write check.cpp with `Command addCheckCommand(CLI::App&)`,
// declare it here, append it to kCommands in main.cpp and to CMakeLists.txt.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace bindery::cli {

// Exit statuses shared by all subcommands.
enum ExitCode : int {
  kOk = 0,
  kShaderErrors = 1,  // the WGSL module (or a layout, for check) has errors
  kIoError = 2,       // a file could not be read, an entry point does not exist, ...
};

struct Command {
  CLI::App* app = nullptr;   // the subcommand, owned by the root app
  std::function<int()> run;  // runs it after a successful parse; returns the exit status
};

// `bindery reflect FILE.wgsl [--entry NAME] [--json]`
Command addReflectCommand(CLI::App& root);

// `bindery check FILE.wgsl --layout LAYOUT.json [--entry NAME]` (check_command.cpp)
Command addCheckCommand(CLI::App& root);

// `bindery compile FILE.wgsl [--entry-point NAME] [--constant KEY=VALUE]... [-o FILE.spv]
// [--disassemble]` (compile_command.cpp)
Command addCompileCommand(CLI::App& root);

}  // namespace bindery::cli
