// bindery: command-line front end over the public bindery headers.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bindery/version.h"
#include "commands.h"

namespace {

using AddCommand = bindery::cli::Command (*)(CLI::App&);

// Every subcommand, in the order `--help` lists them.
constexpr AddCommand kCommands[] = {
    &bindery::cli::addReflectCommand,
    &bindery::cli::addCheckCommand,
    &bindery::cli::addCompileCommand,
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bindery: WebGPU resource binding tools"};
  app.require_subcommand(1);
  // `bindery --version`: the library's version (project(VERSION) in CMakeLists.txt).
  app.set_version_flag("--version", std::string("bindery ") + bindery::version().text);
  std::vector<bindery::cli::Command> commands;
  for (AddCommand add : kCommands) commands.push_back(add(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  for (const bindery::cli::Command& c : commands) {
    if (c.app->parsed()) return c.run();
  }
  return bindery::cli::kIoError;
}
