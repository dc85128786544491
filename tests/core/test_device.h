// Shared test scaffolding: a null device, and helpers that run a call inside
// a validation error scope and check the error's code and message.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "bindery/bindery.h"

namespace bindery::testing {

struct DeviceOptions {
  FeatureLevel featureLevel = FeatureLevel::Core;
  NullAdapterOptions adapter;
  DeviceDescriptor descriptor;
};

// A device from a fresh null adapter; fails the test if it cannot be made.
Device makeDevice(const DeviceOptions& options = {});
// A device with every feature the null adapter has.
Device makeDeviceWithAllFeatures();

// Runs `call` inside pushErrorScope('validation') / popErrorScope() and
// returns the scope's error, if any.
std::optional<Error> captureError(const Device& device, const std::function<void()>& call);

class DeviceTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Expects `call` to produce no error at all (validation, OOM, internal).
  void expectValid(const std::function<void()>& call);
  // Expects `call` to produce a validation error with `code` whose message
  // contains every one of `fragments`. Returns the error for further checks.
  Error expectError(ErrorCode code, const std::function<void()>& call,
                    std::initializer_list<std::string> fragments = {});

  Device device;
  std::vector<Error> uncaptured;  // errors that reached the uncaptured callback
};

}  // namespace bindery::testing
