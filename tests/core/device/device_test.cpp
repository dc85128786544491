// GPUDevice: destroy() and loss (#dom-gpudevice-destroy, #lose-the-device),
// strict mode, and object-argument validation (DeviceBase::validateObject).
#include "core/device/device.h"
#include "core/base/handles.h"
#include "core/resources/buffer.h"
#include "core/resources/sampler.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

core::DeviceBase* base(const Device& d) {
  return core::fromHandle<core::DeviceBase>(d);
}

TEST(DeviceLossTest, DestroyLosesTheDevice) {
  Device device = makeDevice();
  std::vector<DeviceLostInfo> losses;
  device.setDeviceLostCallback([&](const DeviceLostInfo& info) { losses.push_back(info); });
  EXPECT_FALSE(device.isLost());
  EXPECT_FALSE(device.lostInfo().has_value());
  EXPECT_TRUE(losses.empty());

  device.destroy();
  EXPECT_TRUE(device.isLost());
  ASSERT_EQ(losses.size(), 1u);
  EXPECT_EQ(losses[0].reason, DeviceLostReason::Destroyed);
  EXPECT_THAT(losses[0].message, HasSubstr("destroy()"));
  EXPECT_EQ(device.lostInfo()->reason, DeviceLostReason::Destroyed);

  // Destroying again is valid and changes nothing: the lost promise resolved once.
  device.destroy();
  EXPECT_EQ(losses.size(), 1u);
  EXPECT_EQ(device.lostInfo()->reason, DeviceLostReason::Destroyed);
}

TEST(DeviceLossTest, CallbackSetAfterLossRunsAtOnce) {
  Device device = makeDevice();
  device.destroy();
  int calls = 0;
  device.setDeviceLostCallback([&](const DeviceLostInfo& info) {
    ++calls;
    EXPECT_EQ(info.reason, DeviceLostReason::Destroyed);
  });
  EXPECT_EQ(calls, 1);
}

TEST(DeviceLossTest, FirstLossWins) {
  Device device = makeDevice();
  base(device)->loseDevice(DeviceLostReason::Unknown, "driver reset");
  device.destroy();
  EXPECT_EQ(device.lostInfo()->reason, DeviceLostReason::Unknown);
  EXPECT_EQ(device.lostInfo()->message, "driver reset");
}

// destroy() unmaps every buffer of the device first.
TEST(DeviceLossTest, DestroyUnmapsBuffers) {
  Device device = makeDevice();
  Device other = makeDevice();
  Buffer mapped =
      device.createBuffer({.size = 16, .usage = BufferUsage::CopySrc, .mappedAtCreation = true});
  Buffer unmappedLater =
      device.createBuffer({.size = 16, .usage = BufferUsage::CopySrc, .mappedAtCreation = true});
  unmappedLater.unmap();
  std::optional<Error> error = captureError(device, [&] {
    // An invalid buffer created mappedAtCreation is mapped too.
    Buffer invalid = device.createBuffer({.size = 16, .mappedAtCreation = true});
    EXPECT_EQ(invalid.mapState(), BufferMapState::Mapped);
  });
  EXPECT_TRUE(error.has_value());
  Buffer invalidMapped = device.createBuffer({.size = 8, .mappedAtCreation = true});
  Buffer elsewhere =
      other.createBuffer({.size = 16, .usage = BufferUsage::CopySrc, .mappedAtCreation = true});
  {
    // A buffer released while mapped leaves the device's list.
    Buffer temporary =
        device.createBuffer({.size = 4, .usage = BufferUsage::CopySrc, .mappedAtCreation = true});
  }

  device.destroy();
  EXPECT_EQ(mapped.mapState(), BufferMapState::Unmapped);
  EXPECT_EQ(mapped.getMappedRange(), nullptr);
  EXPECT_EQ(invalidMapped.mapState(), BufferMapState::Unmapped);
  EXPECT_EQ(unmappedLater.mapState(), BufferMapState::Unmapped);
  EXPECT_EQ(elsewhere.mapState(), BufferMapState::Mapped);
}

TEST(DeviceLossTest, LostDeviceReportsNoErrors) {
  Device device = makeDevice();
  std::vector<Error> uncaptured;
  device.setUncapturedErrorCallback([&](const Error& e) { uncaptured.push_back(e); });
  device.destroy();
  Buffer buffer = device.createBuffer({.size = 4});  // invalid usage
  Sampler sampler = device.createSampler({.maxAnisotropy = 0});
  EXPECT_TRUE(uncaptured.empty());
  EXPECT_FALSE(core::fromHandle<core::BufferBase>(buffer)->isValid());
  EXPECT_FALSE(core::fromHandle<core::SamplerBase>(sampler)->isValid());
}

// --- strict mode ------------------------------------------------------------------

TEST(StrictModeTest, LastErrorIsTheMostRecentCallsError) {
  Device device = makeDevice({.descriptor = {.strict = true}});
  std::vector<Error> uncaptured;
  device.setUncapturedErrorCallback([&](const Error& e) { uncaptured.push_back(e); });
  EXPECT_FALSE(device.lastError().has_value());

  device.createBuffer({.label = "b", .size = 4});
  ASSERT_TRUE(device.lastError().has_value());
  EXPECT_EQ(device.lastError()->code, ErrorCode::BufferUsageEmpty);
  EXPECT_THAT(device.lastError()->message, HasSubstr("createBuffer([Buffer \"b\"])"));
  // The error is still dispatched as usual.
  ASSERT_EQ(uncaptured.size(), 1u);
  EXPECT_EQ(uncaptured[0].message, device.lastError()->message);

  // Reading it does not clear it; the next call does.
  EXPECT_TRUE(device.lastError().has_value());
  device.createBuffer({.size = 4, .usage = BufferUsage::Uniform});
  EXPECT_FALSE(device.lastError().has_value());

  // Captured by a scope: lastError has it too.
  device.pushErrorScope(ErrorFilter::Validation);
  device.createSampler({.lodMinClamp = -1});
  EXPECT_EQ(device.lastError()->code, ErrorCode::SamplerLodMinClampNegative);
  PopErrorScopeResult popped = device.popErrorScope();
  ASSERT_TRUE(popped.error.has_value());
  EXPECT_EQ(popped.error->code, ErrorCode::SamplerLodMinClampNegative);
  // Pushing and popping scopes are not calls that clear it.
  EXPECT_TRUE(device.lastError().has_value());
}

TEST(StrictModeTest, NotStrictMeansNoLastError) {
  Device device = makeDevice();
  device.setUncapturedErrorCallback([](const Error&) {});
  device.createBuffer({.size = 4});
  EXPECT_FALSE(device.lastError().has_value());
}

// --- object arguments (#abstract-opdef-valid-to-use-with) ---------------------------

TEST(ValidateObjectTest, AcceptsAValidObjectOfTheDevice) {
  Device device = makeDevice();
  Buffer buffer = device.createBuffer({.size = 4, .usage = BufferUsage::Uniform});
  core::MaybeError r =
      base(device)->validateObject(core::fromHandle<core::BufferBase>(buffer), "x");
  EXPECT_TRUE(r.isSuccess());
}

TEST(ValidateObjectTest, RejectsNull) {
  Device device = makeDevice();
  core::MaybeError r = base(device)->validateObject(nullptr, "descriptor.layout");
  ASSERT_TRUE(r.isError());
  EXPECT_EQ(r->code, ErrorCode::NullObject);
  EXPECT_THAT(r->format(), HasSubstr("descriptor.layout is null"));
}

TEST(ValidateObjectTest, RejectsAnObjectOfAnotherDeviceNamingBoth) {
  Device a = makeDevice({.descriptor = {.label = "left"}});
  Device b = makeDevice({.descriptor = {.label = "right"}});
  Sampler sampler = b.createSampler({.label = "s"});
  core::MaybeError r = base(a)->validateObject(core::fromHandle<core::SamplerBase>(sampler),
                                               "descriptor.entries[0].resource");
  ASSERT_TRUE(r.isError());
  EXPECT_EQ(r->code, ErrorCode::ObjectFromOtherDevice);
  std::string text = r->format();
  EXPECT_THAT(text, HasSubstr("descriptor.entries[0].resource is [Sampler \"s\"]"));
  EXPECT_THAT(text, HasSubstr("belongs to [Device \"right\"]"));
  EXPECT_THAT(text, HasSubstr("not to [Device \"left\"]"));
  EXPECT_THAT(text, HasSubstr("Fix:"));
}

TEST(ValidateObjectTest, SameLabelsAreCalledOut) {
  Device a = makeDevice();
  Device b = makeDevice();
  Sampler sampler = b.createSampler();
  core::MaybeError r = base(a)->validateObject(core::fromHandle<core::SamplerBase>(sampler), "s");
  ASSERT_TRUE(r.isError());
  EXPECT_THAT(r->format(), HasSubstr("another device with the same label"));
}

TEST(ValidateObjectTest, RejectsAnInvalidObjectWithItsCause) {
  Device device = makeDevice();
  device.setUncapturedErrorCallback([](const Error&) {});
  Sampler bad = device.createSampler({.label = "bad", .lodMinClamp = -1});
  core::MaybeError r =
      base(device)->validateObject(core::fromHandle<core::SamplerBase>(bad), "entries[1]");
  ASSERT_TRUE(r.isError());
  EXPECT_EQ(r->code, ErrorCode::InvalidObject);
  std::string text = r->format();
  EXPECT_THAT(text, HasSubstr("entries[1] is [Invalid Sampler \"bad\"], which is invalid"));
  EXPECT_THAT(text, HasSubstr("Its creation failed: descriptor.lodMinClamp is -1"));
}

// The spec's order: validity is checked before the device.
TEST(ValidateObjectTest, InvalidIsReportedBeforeOtherDevice) {
  Device a = makeDevice();
  Device b = makeDevice();
  b.setUncapturedErrorCallback([](const Error&) {});
  Sampler bad = b.createSampler({.maxAnisotropy = 0});
  core::MaybeError r = base(a)->validateObject(core::fromHandle<core::SamplerBase>(bad), "s");
  ASSERT_TRUE(r.isError());
  EXPECT_EQ(r->code, ErrorCode::InvalidObject);
}

TEST(ValidateObjectTest, ObjectOfALostOtherDevice) {
  Device a = makeDevice({.descriptor = {.label = "a"}});
  Device b = makeDevice({.descriptor = {.label = "b"}});
  Sampler sampler = b.createSampler();
  b.destroy();
  core::MaybeError r =
      base(a)->validateObject(core::fromHandle<core::SamplerBase>(sampler), "sampler");
  ASSERT_TRUE(r.isError());
  EXPECT_EQ(r->code, ErrorCode::ObjectFromOtherDevice);
  EXPECT_THAT(r->format(), HasSubstr("belongs to [Device \"b\"] (which is lost), not to"));
}

TEST(DeviceTestBasics, LabelAndLimits) {
  Device device = makeDevice({.descriptor = {.label = "gpu"}});
  EXPECT_EQ(device.label(), "gpu");
  device.setLabel("renamed");
  EXPECT_EQ(device.label(), "renamed");
  EXPECT_EQ(base(device)->describe(), "[Device \"renamed\"]");
  EXPECT_EQ(device.limits(), Limits::coreDefaults());
  EXPECT_TRUE(base(device)->hasFeature(FeatureName::CoreFeaturesAndLimits));
  EXPECT_EQ(base(device)->featureLevel(), FeatureLevel::Core);
}

}  // namespace
}  // namespace bindery::testing
