// #error-scopes: the scope stack, filters, the first error per scope, the
// uncaptured-error callback, and popErrorScope on a lost device.
#include "core/base/error_data.h"
#include "core/base/handles.h"
#include "core/device/device.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;
using Status = PopErrorScopeResult::Status;

class ErrorScopeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    device = makeDevice();
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  // Errors of each type, through the device's one dispatch path.
  void raise(ErrorType type, std::string message) {
    ErrorCode code = type == ErrorType::Validation    ? ErrorCode::BufferUsageEmpty
                     : type == ErrorType::OutOfMemory ? ErrorCode::OutOfMemory
                                                      : ErrorCode::Internal;
    core::fromHandle<core::DeviceBase>(device)->dispatchError(
        core::makeError(type, code, std::move(message)), "");
  }
  void validationError(std::string label) {
    device.createBuffer({.label = std::move(label), .size = 4});
  }

  Device device;
  std::vector<Error> uncaptured;
};

TEST_F(ErrorScopeTest, PopOnAnEmptyStackRejects) {
  PopErrorScopeResult r = device.popErrorScope();
  EXPECT_EQ(r.status, Status::EmptyStack);
  EXPECT_FALSE(r.error.has_value());
  EXPECT_THAT(r.rejection, HasSubstr("error scope stack is empty"));
  EXPECT_THAT(r.rejection, HasSubstr("pushErrorScope()"));
  // Also after every pushed scope was popped.
  device.pushErrorScope(ErrorFilter::Validation);
  EXPECT_EQ(device.popErrorScope().status, Status::Success);
  EXPECT_EQ(device.popErrorScope().status, Status::EmptyStack);
}

TEST_F(ErrorScopeTest, ScopeWithoutErrorsResolvesNull) {
  device.pushErrorScope(ErrorFilter::Validation);
  device.createBuffer({.size = 4, .usage = BufferUsage::Uniform});
  PopErrorScopeResult r = device.popErrorScope();
  EXPECT_EQ(r.status, Status::Success);
  EXPECT_FALSE(r.error.has_value());
}

TEST_F(ErrorScopeTest, ScopeCapturesAndUncapturedSeesNothing) {
  device.pushErrorScope(ErrorFilter::Validation);
  validationError("a");
  PopErrorScopeResult r = device.popErrorScope();
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, ErrorType::Validation);
  EXPECT_EQ(r.error->code, ErrorCode::BufferUsageEmpty);
  EXPECT_THAT(r.error->message, HasSubstr("[Buffer \"a\"]"));
  EXPECT_TRUE(uncaptured.empty());
}

TEST_F(ErrorScopeTest, OnlyTheFirstErrorOfAScopeIsKept) {
  device.pushErrorScope(ErrorFilter::Validation);
  validationError("first");
  validationError("second");
  device.createSampler({.maxAnisotropy = 0});
  PopErrorScopeResult r = device.popErrorScope();
  ASSERT_TRUE(r.error.has_value());
  EXPECT_THAT(r.error->message, HasSubstr("[Buffer \"first\"]"));
  // The later errors were absorbed by the scope, not passed outwards.
  EXPECT_TRUE(uncaptured.empty());
}

TEST_F(ErrorScopeTest, InnermostScopeGetsTheError) {
  device.pushErrorScope(ErrorFilter::Validation);  // outer
  device.pushErrorScope(ErrorFilter::Validation);  // inner
  validationError("x");
  PopErrorScopeResult inner = device.popErrorScope();
  PopErrorScopeResult outer = device.popErrorScope();
  ASSERT_TRUE(inner.error.has_value());
  EXPECT_FALSE(outer.error.has_value());
}

TEST_F(ErrorScopeTest, NonMatchingInnerScopesAreSkipped) {
  device.pushErrorScope(ErrorFilter::Validation);
  device.pushErrorScope(ErrorFilter::OutOfMemory);
  device.pushErrorScope(ErrorFilter::Internal);
  validationError("deep");
  EXPECT_FALSE(device.popErrorScope().error.has_value());  // internal
  EXPECT_FALSE(device.popErrorScope().error.has_value());  // out-of-memory
  PopErrorScopeResult validation = device.popErrorScope();
  ASSERT_TRUE(validation.error.has_value());
  EXPECT_THAT(validation.error->message, HasSubstr("\"deep\""));
}

TEST_F(ErrorScopeTest, EachFilterCatchesItsType) {
  device.pushErrorScope(ErrorFilter::Internal);
  device.pushErrorScope(ErrorFilter::OutOfMemory);
  device.pushErrorScope(ErrorFilter::Validation);
  raise(ErrorType::OutOfMemory, "oom");
  raise(ErrorType::Internal, "internal");
  raise(ErrorType::Validation, "validation");
  PopErrorScopeResult v = device.popErrorScope();
  PopErrorScopeResult o = device.popErrorScope();
  PopErrorScopeResult i = device.popErrorScope();
  ASSERT_TRUE(v.error && o.error && i.error);
  EXPECT_EQ(v.error->type, ErrorType::Validation);
  EXPECT_EQ(v.error->message, "validation");
  EXPECT_EQ(o.error->type, ErrorType::OutOfMemory);
  EXPECT_EQ(o.error->code, ErrorCode::OutOfMemory);
  EXPECT_EQ(o.error->message, "oom");
  EXPECT_EQ(i.error->type, ErrorType::Internal);
  EXPECT_EQ(i.error->message, "internal");
  EXPECT_TRUE(uncaptured.empty());
}

TEST_F(ErrorScopeTest, StackOrderAcrossPushesAndPops) {
  device.pushErrorScope(ErrorFilter::Validation);  // A
  device.pushErrorScope(ErrorFilter::Internal);    // I
  device.pushErrorScope(ErrorFilter::Validation);  // B
  validationError("one");                          // -> B
  PopErrorScopeResult b = device.popErrorScope();
  validationError("two");  // -> A (I does not match)
  PopErrorScopeResult i = device.popErrorScope();
  validationError("three");  // -> A, which already has "two"
  PopErrorScopeResult a = device.popErrorScope();
  validationError("four");  // no scope left
  ASSERT_TRUE(b.error.has_value());
  EXPECT_THAT(b.error->message, HasSubstr("\"one\""));
  EXPECT_FALSE(i.error.has_value());
  ASSERT_TRUE(a.error.has_value());
  EXPECT_THAT(a.error->message, HasSubstr("\"two\""));
  ASSERT_EQ(uncaptured.size(), 1u);
  EXPECT_THAT(uncaptured[0].message, HasSubstr("\"four\""));
  uncaptured.clear();
}

TEST_F(ErrorScopeTest, ErrorsMatchingNoScopeAreUncaptured) {
  device.pushErrorScope(ErrorFilter::OutOfMemory);
  validationError("loose");
  raise(ErrorType::Internal, "internal");
  EXPECT_FALSE(device.popErrorScope().error.has_value());
  ASSERT_EQ(uncaptured.size(), 2u);
  EXPECT_EQ(uncaptured[0].code, ErrorCode::BufferUsageEmpty);
  EXPECT_THAT(uncaptured[0].message, HasSubstr("[Device].createBuffer([Buffer \"loose\"])"));
  EXPECT_EQ(uncaptured[1].type, ErrorType::Internal);
}

TEST_F(ErrorScopeTest, EveryUncapturedErrorReachesTheCallback) {
  validationError("1");
  validationError("2");
  EXPECT_EQ(uncaptured.size(), 2u);
}

TEST_F(ErrorScopeTest, CallbackCanBeReplacedOrCleared) {
  std::vector<Error> second;
  device.setUncapturedErrorCallback([&](const Error& e) { second.push_back(e); });
  validationError("to second");
  EXPECT_TRUE(uncaptured.empty());
  EXPECT_EQ(second.size(), 1u);
  device.setUncapturedErrorCallback(nullptr);
  validationError("dropped");  // no callback: dropped, no crash
  EXPECT_EQ(second.size(), 1u);
}

TEST_F(ErrorScopeTest, TheCallLeadsTheMessage) {
  core::fromHandle<core::DeviceBase>(device)->dispatchError(
      core::makeValidationError(ErrorCode::Internal, "what went wrong"), "[Device].doIt()");
  ASSERT_EQ(uncaptured.size(), 1u);
  EXPECT_EQ(uncaptured[0].message, "[Device].doIt(): what went wrong");
  uncaptured.clear();
}

// #dom-gpudevice-poperrorscope: on a lost device the promise resolves with
// null, before the empty-stack check and without popping.
TEST_F(ErrorScopeTest, PopOnALostDeviceResolvesNull) {
  device.pushErrorScope(ErrorFilter::Validation);
  validationError("before loss");
  device.destroy();
  PopErrorScopeResult r = device.popErrorScope();
  EXPECT_EQ(r.status, Status::Success);
  EXPECT_FALSE(r.error.has_value());
  // Even with nothing pushed at all.
  for (int n = 0; n < 3; ++n) {
    PopErrorScopeResult again = device.popErrorScope();
    EXPECT_EQ(again.status, Status::Success);
    EXPECT_FALSE(again.error.has_value());
  }
}

TEST_F(ErrorScopeTest, LostDeviceGeneratesNoErrors) {
  device.destroy();
  device.pushErrorScope(ErrorFilter::Validation);  // allowed, no effect visible
  validationError("after loss");
  raise(ErrorType::OutOfMemory, "oom");
  EXPECT_FALSE(device.popErrorScope().error.has_value());
  EXPECT_TRUE(uncaptured.empty());
}

TEST_F(ErrorScopeTest, ScopesAreEachDevicesOwn) {
  Device other = makeDevice();
  other.pushErrorScope(ErrorFilter::Validation);
  validationError("mine");
  EXPECT_FALSE(other.popErrorScope().error.has_value());
  EXPECT_EQ(uncaptured.size(), 1u);
  uncaptured.clear();
}

// An uncaptured-error callback may itself use the device.
TEST_F(ErrorScopeTest, CallbackMayCallTheDevice) {
  int seen = 0;
  device.setUncapturedErrorCallback([&](const Error&) {
    ++seen;
    device.pushErrorScope(ErrorFilter::Validation);
    device.createSampler({.maxAnisotropy = 0});
    EXPECT_TRUE(device.popErrorScope().error.has_value());
  });
  validationError("outer");
  EXPECT_EQ(seen, 1);
}

}  // namespace
}  // namespace bindery::testing
