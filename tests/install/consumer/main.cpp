// SPDX-License-Identifier: MIT OR Apache-2.0
// A program that uses an installed bindery: version, a device on the null
// backend, a valid buffer and an invalid one whose error is checked.
// Prints "consumer: ok" and exits 0 when everything is as expected.
#include <bindery/bindery.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static_assert(BINDERY_VERSION_NUMBER >= 100, "the version macros come from the installed headers");

int main() {
  using namespace bindery;
  int failures = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::fprintf(stderr, "consumer: FAILED %s\n", what);
      ++failures;
    }
  };

  Version v = version();
  std::printf("consumer: headers %s, library %s\n", BINDERY_VERSION_STRING, v.text);
  expect(std::strcmp(v.text, BINDERY_VERSION_STRING) == 0, "library version == header version");
  expect(v.majorVersion == BINDERY_VERSION_MAJOR && v.minorVersion == BINDERY_VERSION_MINOR &&
             v.patchVersion == BINDERY_VERSION_PATCH,
         "version numbers");

  Instance instance = Instance::create();
  Adapter adapter = instance.requestAdapter();
  expect(static_cast<bool>(adapter), "an adapter on the null backend");
  if (!adapter) return 1;
  Device device = adapter.requestDevice().device;
  expect(static_cast<bool>(device), "a device");
  if (!device) return 1;
  std::vector<Error> errors;
  device.setUncapturedErrorCallback([&](const Error& e) { errors.push_back(e); });

  Buffer uniforms = device.createBuffer(
      {.label = "camera", .size = 144, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  expect(errors.empty(), "a valid buffer raises no error");
  // MAP_READ may only be combined with COPY_DST (#buffer-creation).
  Buffer wrong = device.createBuffer(
      {.label = "readback", .size = 16, .usage = BufferUsage::MapRead | BufferUsage::Uniform});
  expect(errors.size() == 1, "an invalid buffer raises one error");
  if (!errors.empty()) {
    const Error& e = errors.front();
    std::printf("consumer: error %s: %s\n", std::string(toString(e.code)).c_str(),
                e.message.substr(0, e.message.find('\n')).c_str());
    expect(e.code == ErrorCode::BufferMapUsageCombination, "code BufferMapUsageCombination");
    expect(e.message.find("readback") != std::string::npos, "the message names the label");
  }
  if (failures == 0) std::printf("consumer: ok\n");
  return failures == 0 ? 0 : 1;
}
