#include "test_device.h"

namespace bindery::testing {

Device makeDevice(const DeviceOptions& options) {
  Instance instance = Instance::create({.nullAdapter = options.adapter});
  Adapter adapter = instance.requestAdapter({.featureLevel = options.featureLevel});
  EXPECT_TRUE(adapter);
  RequestDeviceResult result = adapter.requestDevice(options.descriptor);
  EXPECT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
  return result.device;
}

Device makeDeviceWithAllFeatures() {
  DeviceOptions options;
  options.descriptor.requiredFeatures = FeatureSet::all().list();
  return makeDevice(options);
}

std::optional<Error> captureError(const Device& device, const std::function<void()>& call) {
  device.pushErrorScope(ErrorFilter::Validation);
  call();
  PopErrorScopeResult result = device.popErrorScope();
  EXPECT_EQ(result.status, PopErrorScopeResult::Status::Success);
  return result.error;
}

void DeviceTest::SetUp() {
  device = makeDevice();
  device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
}

void DeviceTest::TearDown() {
  for (const Error& e : uncaptured) {
    ADD_FAILURE() << "uncaptured error " << toString(e.code) << ": " << e.message;
  }
}

void DeviceTest::expectValid(const std::function<void()>& call) {
  device.pushErrorScope(ErrorFilter::Internal);
  device.pushErrorScope(ErrorFilter::OutOfMemory);
  device.pushErrorScope(ErrorFilter::Validation);
  call();
  for (const char* kind : {"validation", "out-of-memory", "internal"}) {
    PopErrorScopeResult r = device.popErrorScope();
    ASSERT_EQ(r.status, PopErrorScopeResult::Status::Success);
    EXPECT_FALSE(r.error.has_value())
        << "unexpected " << kind << " error " << toString(r.error->code) << ":\n"
        << r.error->message;
  }
}

Error DeviceTest::expectError(ErrorCode code, const std::function<void()>& call,
                              std::initializer_list<std::string> fragments) {
  std::optional<Error> error = captureError(device, call);
  if (!error) {
    ADD_FAILURE() << "expected error " << toString(code) << ", got none";
    return {};
  }
  EXPECT_EQ(error->type, ErrorType::Validation);
  EXPECT_EQ(toString(error->code), toString(code)) << error->message;
  for (const std::string& fragment : fragments) {
    EXPECT_THAT(error->message, ::testing::HasSubstr(fragment));
  }
  return *error;
}

}  // namespace bindery::testing
