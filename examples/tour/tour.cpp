#include "tour.h"

#include <cstdio>
#include <optional>

namespace tour {

using namespace bindery;

Tour::Tour(Device device) : device_(std::move(device)) {}

void Tour::chapter(std::string_view title) {
  std::printf("\n== %.*s\n", static_cast<int>(title.size()), title.data());
}

void Tour::note(std::string_view text) {
  std::printf("   %.*s\n", static_cast<int>(text.size()), text.data());
}

namespace {

std::optional<Error> run(const Device& device, const std::function<void()>& step) {
  device.pushErrorScope(ErrorFilter::Validation);
  step();
  return device.popErrorScope().error;
}

void printIndented(const std::string& text) {
  std::string line;
  for (char c : text + "\n") {
    if (c == '\n') {
      std::printf("      | %s\n", line.c_str());
      line.clear();
    } else {
      line += c;
    }
  }
}

}  // namespace

void Tour::expectTrue(std::string_view what, bool ok, std::string_view detail) {
  ++steps_;
  if (!ok) ++failures_;
  std::printf("[%2d] %s  %.*s%s%.*s\n", steps_, ok ? "ok  " : "FAIL", static_cast<int>(what.size()),
              what.data(), detail.empty() ? "" : ": ", static_cast<int>(detail.size()),
              detail.data());
}

void Tour::expectValid(std::string_view what, const std::function<void()>& step) {
  ++steps_;
  std::optional<Error> error = run(device_, step);
  if (!error) {
    std::printf("[%2d] ok    %.*s\n", steps_, static_cast<int>(what.size()), what.data());
    return;
  }
  ++failures_;
  std::printf("[%2d] FAIL  %.*s: expected no error, got %s\n", steps_,
              static_cast<int>(what.size()), what.data(),
              std::string(toString(error->code)).c_str());
  printIndented(error->message);
}

void Tour::expectError(std::string_view what, ErrorCode code, const std::function<void()>& step) {
  ++steps_;
  std::optional<Error> error = run(device_, step);
  if (error && error->code == code) {
    std::printf("[%2d] error %.*s -> %s\n", steps_, static_cast<int>(what.size()), what.data(),
                std::string(toString(code)).c_str());
    printIndented(error->message);
    return;
  }
  ++failures_;
  std::printf("[%2d] FAIL  %.*s: expected %s, got %s\n", steps_, static_cast<int>(what.size()),
              what.data(), std::string(toString(code)).c_str(),
              error ? std::string(toString(error->code)).c_str() : "no error");
  if (error) printIndented(error->message);
}

}  // namespace tour
