// The tour: walks the seed articles' scenarios and prints each step's
// outcome, and for the error cases the diagnostic. One file per chapter.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "bindery/bindery.h"

namespace tour {

class Tour {
 public:
  explicit Tour(bindery::Device device);
  const bindery::Device& device() const { return device_; }

  // Starts a chapter ("Seed 002: texture views").
  void chapter(std::string_view title);
  // Runs `step` and prints "ok" when it produced no error.
  void expectValid(std::string_view what, const std::function<void()>& step);
  // Runs `step` and prints the diagnostic; marks the tour failed unless the
  // error has `code`.
  void expectError(std::string_view what, bindery::ErrorCode code,
                   const std::function<void()>& step);
  // A line of commentary.
  void note(std::string_view text);
  // A step checked by the tour itself (GPU results against expected values):
  // prints "ok" or "FAIL" with `detail`.
  void expectTrue(std::string_view what, bool ok, std::string_view detail = {});

  int failures() const { return failures_; }

 private:
  bindery::Device device_;
  int steps_ = 0;
  int failures_ = 0;
};

// Chapters, each in its own file.
void textureViews(Tour& tour);  // seed 002
void bindingModel(Tour& tour);  // seeds 000, 001, 004
void pipelines(Tour& tour);     // seeds 003, 004: shader modules, pipelines, 'auto'
void gpuCompute(Tour& tour);    // seed 000's compute scenarios on a Vulkan device

}  // namespace tour
