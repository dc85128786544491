// bindery: command-line front end over the public bindery headers.
#include <iostream>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.h"

namespace {

using AddCommand = bindery::cli::Command (*)(CLI::App&);

// Every subcommand, in the order `--help` lists them.
constexpr AddCommand kCommands[] = {
    &bindery::cli::addReflectCommand,
    &bindery::cli::addCheckCommand,
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"bindery: WebGPU resource binding tools"};
  app.require_subcommand(1);
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
