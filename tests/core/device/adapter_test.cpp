// #dom-gpu-requestadapter, #dom-gpuadapter-requestdevice, "a new device",
// #feature-dependencies, #abstract-opdef-expire.
#include "core/device/adapter.h"
#include "backends/null/testing.h"
#include "core/base/handles.h"
#include "core/device/device.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;
using Status = RequestDeviceResult::Status;

Adapter makeAdapter(const NullAdapterOptions& options = {},
                    FeatureLevel level = FeatureLevel::Core) {
  return Instance::create({.nullAdapter = options}).requestAdapter({.featureLevel = level});
}

FeatureSet without(FeatureName f) {
  FeatureSet s = FeatureSet::all();
  s.remove(f);
  return s;
}

// --- requestAdapter ---------------------------------------------------------

TEST(AdapterTest, DefaultAdapterIsCoreWithEverything) {
  Adapter adapter = makeAdapter();
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.featureLevel(), FeatureLevel::Core);
  EXPECT_EQ(adapter.features(), FeatureSet::all());
  EXPECT_EQ(adapter.limits(), backend::null::defaultAdapterLimits());
  EXPECT_FALSE(adapter.isExpired());
  EXPECT_FALSE(adapter.info().isFallbackAdapter);
  EXPECT_EQ(adapter.info().vendor, "bindery");
}

TEST(AdapterTest, EachFeatureCanBeWithheld) {
  for (uint32_t i = 0; i < kFeatureNameCount; ++i) {
    auto f = static_cast<FeatureName>(i);
    if (f == FeatureName::CoreFeaturesAndLimits) continue;  // see below
    SCOPED_TRACE(toString(f));
    Adapter adapter = makeAdapter({.features = without(f)});
    ASSERT_TRUE(adapter);
    EXPECT_FALSE(adapter.features().has(f));
  }
}

TEST(AdapterTest, OffersExactlyTheConfiguredFeatures) {
  FeatureSet offered{FeatureName::CoreFeaturesAndLimits, FeatureName::ShaderF16,
                     FeatureName::Float32Filterable};
  Adapter adapter = makeAdapter({.features = offered});
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.features(), offered);
}

// #adapter-capability-guarantees: an adapter with F2 also has F1. Withholding
// F1 withholds F2 as well.
TEST(AdapterTest, WithholdingARequiredFeatureWithholdsItsDependents) {
  Adapter a = makeAdapter({.features = without(FeatureName::Subgroups)});
  EXPECT_FALSE(a.features().has(FeatureName::SubgroupSizeControl));
  Adapter b = makeAdapter({.features = without(FeatureName::Rg11b10ufloatRenderable)});
  EXPECT_FALSE(b.features().has(FeatureName::TextureFormatsTier1));
  EXPECT_FALSE(b.features().has(FeatureName::TextureFormatsTier2));
  Adapter c = makeAdapter({.features = without(FeatureName::TextureCompressionBc)});
  EXPECT_FALSE(c.features().has(FeatureName::TextureCompressionBcSliced3d));
  EXPECT_TRUE(c.features().has(FeatureName::TextureCompressionAstcSliced3d));
  Adapter d = makeAdapter({.features = without(FeatureName::TextureCompressionAstc)});
  EXPECT_FALSE(d.features().has(FeatureName::TextureCompressionAstcSliced3d));
}

// featureLevel 'core' needs core-features-and-limits; 'compatibility' does not.
TEST(AdapterTest, CoreLevelNeedsCoreFeaturesAndLimits) {
  NullAdapterOptions options{.features = without(FeatureName::CoreFeaturesAndLimits)};
  EXPECT_FALSE(makeAdapter(options, FeatureLevel::Core));
  Adapter compat = makeAdapter(options, FeatureLevel::Compatibility);
  ASSERT_TRUE(compat);
  EXPECT_EQ(compat.featureLevel(), FeatureLevel::Compatibility);
  EXPECT_FALSE(compat.features().has(FeatureName::CoreFeaturesAndLimits));
}

TEST(AdapterTest, ForceFallbackAdapter) {
  Instance instance = Instance::create();
  EXPECT_FALSE(instance.requestAdapter({.forceFallbackAdapter = true}));
  Instance fallback = Instance::create({.nullAdapter = {.isFallbackAdapter = true}});
  Adapter adapter = fallback.requestAdapter({.forceFallbackAdapter = true});
  ASSERT_TRUE(adapter);
  EXPECT_TRUE(adapter.info().isFallbackAdapter);
  // The hints do not change whether an adapter is returned.
  EXPECT_TRUE(instance.requestAdapter({.powerPreference = PowerPreference::LowPower}));
  EXPECT_TRUE(instance.requestAdapter({.powerPreference = PowerPreference::HighPerformance}));
  EXPECT_TRUE(instance.requestAdapter({.xrCompatible = true}));
}

TEST(AdapterTest, ConfigurableLimits) {
  Limits limits;  // exactly the defaults
  limits.maxBindGroups = 6;
  limits.minUniformBufferOffsetAlignment = 32;
  Adapter adapter = makeAdapter({.limits = limits});
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.limits(), limits);
}

TEST(AdapterTest, LimitsBreakingTheGuaranteesGiveNoAdapter) {
  Limits worse;
  worse.maxBindGroups = 3;
  EXPECT_FALSE(makeAdapter({.limits = worse}));
  Limits notPowerOfTwo;
  notPowerOfTwo.minStorageBufferOffsetAlignment = 48;
  EXPECT_FALSE(makeAdapter({.limits = notPowerOfTwo}));
}

TEST(AdapterTest, EveryRequestGivesANewAdapter) {
  Instance instance = Instance::create();
  Adapter a = instance.requestAdapter();
  Adapter b = instance.requestAdapter();
  EXPECT_NE(a, b);
  ASSERT_EQ(a.requestDevice().status, Status::Success);
  EXPECT_TRUE(a.isExpired());
  EXPECT_FALSE(b.isExpired());
}

// --- requestDevice: features ---------------------------------------------------

TEST(AdapterTest, CoreDeviceDefaults) {
  Adapter adapter = makeAdapter();
  RequestDeviceResult r = adapter.requestDevice({.label = "main"});
  ASSERT_EQ(r.status, Status::Success) << r.message;
  EXPECT_FALSE(r.code.has_value());
  Device device = r.device;
  EXPECT_EQ(device.label(), "main");
  EXPECT_FALSE(device.isLost());
  // Only the feature level's default feature, however much the adapter offers.
  EXPECT_EQ(device.features(), FeatureSet{FeatureName::CoreFeaturesAndLimits});
  EXPECT_EQ(device.limits(), Limits::coreDefaults());
  EXPECT_EQ(device.adapterInfo().vendor, "bindery");
}

TEST(AdapterTest, CompatibilityDeviceDefaults) {
  Adapter adapter = makeAdapter({}, FeatureLevel::Compatibility);
  ASSERT_TRUE(adapter);
  EXPECT_EQ(adapter.featureLevel(), FeatureLevel::Compatibility);
  // The adapter still offers core-features-and-limits; the device does not get it.
  EXPECT_TRUE(adapter.features().has(FeatureName::CoreFeaturesAndLimits));
  RequestDeviceResult r = adapter.requestDevice();
  ASSERT_EQ(r.status, Status::Success) << r.message;
  EXPECT_EQ(r.device.features(), FeatureSet{});
  EXPECT_EQ(r.device.limits(), Limits::compatibilityDefaults());
  EXPECT_TRUE(core::fromHandle<core::DeviceBase>(r.device)->isCompatibilityMode());
}

// A compatibility-defaulting adapter asked for core-features-and-limits: the
// limits start from the compatibility defaults, and the per-stage storage
// limits are normalised (#a-new-device).
TEST(AdapterTest, CompatibilityDeviceWithCoreFeaturesAndLimits) {
  Adapter adapter = makeAdapter({}, FeatureLevel::Compatibility);
  RequestDeviceResult r =
      adapter.requestDevice({.requiredFeatures = {FeatureName::CoreFeaturesAndLimits}});
  ASSERT_EQ(r.status, Status::Success) << r.message;
  const Limits& l = r.device.limits();
  EXPECT_TRUE(r.device.features().has(FeatureName::CoreFeaturesAndLimits));
  EXPECT_FALSE(core::fromHandle<core::DeviceBase>(r.device)->isCompatibilityMode());
  EXPECT_EQ(l.maxTextureDimension2D, 4096u);
  EXPECT_EQ(l.maxStorageBuffersPerShaderStage, 8u);
  EXPECT_EQ(l.maxStorageBuffersInVertexStage, 8u);
  EXPECT_EQ(l.maxStorageBuffersInFragmentStage, 8u);
  EXPECT_EQ(l.maxStorageTexturesInVertexStage, 4u);
  EXPECT_EQ(l.maxStorageTexturesInFragmentStage, 4u);
}

TEST(AdapterTest, RequiredFeatureTheAdapterLacksIsATypeError) {
  Adapter adapter = makeAdapter({.features = without(FeatureName::ShaderF16)});
  RequestDeviceResult r = adapter.requestDevice({.requiredFeatures = {FeatureName::ShaderF16}});
  EXPECT_EQ(r.status, Status::TypeError);
  EXPECT_EQ(r.code, ErrorCode::FeatureNotSupported);
  EXPECT_THAT(r.message, HasSubstr("'shader-f16'"));
  EXPECT_THAT(r.message, HasSubstr("adapter.features"));
  EXPECT_FALSE(r.device);
  // A rejection leaves the adapter valid.
  EXPECT_FALSE(adapter.isExpired());
  RequestDeviceResult ok = adapter.requestDevice();
  ASSERT_EQ(ok.status, Status::Success);
  EXPECT_FALSE(ok.device.isLost());
}

TEST(AdapterTest, RequiredFeaturesAreEnabled) {
  Adapter adapter = makeAdapter();
  RequestDeviceResult r = adapter.requestDevice(
      {.requiredFeatures = {FeatureName::ShaderF16, FeatureName::Float32Filterable,
                            FeatureName::ShaderF16}});
  ASSERT_EQ(r.status, Status::Success);
  EXPECT_EQ(r.device.features(),
            (FeatureSet{FeatureName::CoreFeaturesAndLimits, FeatureName::ShaderF16,
                        FeatureName::Float32Filterable}));
}

// #feature-dependencies: requiring F2 also enables F1, transitively.
TEST(AdapterTest, FeatureDependenciesAreEnabled) {
  struct Case {
    FeatureName required;
    std::vector<FeatureName> implied;
  };
  const Case cases[] = {
      {FeatureName::TextureFormatsTier2,
       {FeatureName::TextureFormatsTier1, FeatureName::Rg11b10ufloatRenderable}},
      {FeatureName::TextureFormatsTier1, {FeatureName::Rg11b10ufloatRenderable}},
      {FeatureName::TextureCompressionBcSliced3d, {FeatureName::TextureCompressionBc}},
      {FeatureName::TextureCompressionAstcSliced3d, {FeatureName::TextureCompressionAstc}},
      {FeatureName::SubgroupSizeControl, {FeatureName::Subgroups}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(toString(c.required));
    RequestDeviceResult r = makeAdapter().requestDevice({.requiredFeatures = {c.required}});
    ASSERT_EQ(r.status, Status::Success);
    FeatureSet expected{FeatureName::CoreFeaturesAndLimits, c.required};
    for (FeatureName f : c.implied) expected.add(f);
    EXPECT_EQ(r.device.features(), expected);
  }
}

TEST(AdapterTest, FeatureDependencyTable) {
  EXPECT_EQ(core::featureDependencies(FeatureName::ShaderF16), FeatureSet{});
  EXPECT_EQ(core::withFeatureDependencies({FeatureName::TextureFormatsTier2}),
            (FeatureSet{FeatureName::TextureFormatsTier2, FeatureName::TextureFormatsTier1,
                        FeatureName::Rg11b10ufloatRenderable}));
  EXPECT_EQ(core::withoutUnmetDependencies(
                {FeatureName::TextureFormatsTier2, FeatureName::Rg11b10ufloatRenderable}),
            FeatureSet{FeatureName::Rg11b10ufloatRenderable});
}

// --- requestDevice: limits ------------------------------------------------------

RequestDeviceResult requestWithLimits(std::map<std::string, uint64_t, std::less<>> limits,
                                      const NullAdapterOptions& options = {},
                                      FeatureLevel level = FeatureLevel::Core) {
  return makeAdapter(options, level).requestDevice({.requiredLimits = std::move(limits)});
}

TEST(AdapterTest, UnknownLimitIsAnOperationError) {
  RequestDeviceResult r = requestWithLimits({{"maxBindGroup", 4}});
  EXPECT_EQ(r.status, Status::OperationError);
  EXPECT_EQ(r.code, ErrorCode::UnknownLimit);
  EXPECT_THAT(r.message, HasSubstr("'maxBindGroup'"));
  EXPECT_THAT(r.message, HasSubstr("Did you mean 'maxBindGroups'?"));
  RequestDeviceResult far = requestWithLimits({{"frobnicate", 1}});
  EXPECT_EQ(far.code, ErrorCode::UnknownLimit);
  EXPECT_THAT(far.message, HasSubstr("GPUSupportedLimits"));
}

TEST(AdapterTest, LimitBetterThanAdapterIsAnOperationError) {
  const Limits adapterLimits = backend::null::defaultAdapterLimits();
  RequestDeviceResult r = requestWithLimits({{"maxBindGroups", adapterLimits.maxBindGroups + 1}});
  EXPECT_EQ(r.status, Status::OperationError);
  EXPECT_EQ(r.code, ErrorCode::LimitBeyondAdapter);
  EXPECT_THAT(r.message, HasSubstr("requiredLimits.maxBindGroups is 9"));
  EXPECT_THAT(r.message, HasSubstr("adapter.limits.maxBindGroups is 8"));
  EXPECT_FALSE(r.device);

  // 64-bit limits.
  RequestDeviceResult big = requestWithLimits({{"maxBufferSize", adapterLimits.maxBufferSize + 1}});
  EXPECT_EQ(big.code, ErrorCode::LimitBeyondAdapter);
  // A value beyond 32 bits for a GPUSize32 limit is better than any adapter.
  RequestDeviceResult huge = requestWithLimits({{"maxBindGroups", uint64_t{1} << 33}});
  EXPECT_EQ(huge.code, ErrorCode::LimitBeyondAdapter);
}

TEST(AdapterTest, LimitsUpToTheAdapterAreGranted) {
  const Limits a = backend::null::defaultAdapterLimits();
  RequestDeviceResult r = requestWithLimits({{"maxBindGroups", a.maxBindGroups},
                                             {"maxBufferSize", a.maxBufferSize},
                                             {"maxTextureDimension2D", 10000}});
  ASSERT_EQ(r.status, Status::Success) << r.message;
  EXPECT_EQ(r.device.limits().maxBindGroups, a.maxBindGroups);
  EXPECT_EQ(r.device.limits().maxBufferSize, a.maxBufferSize);
  EXPECT_EQ(r.device.limits().maxTextureDimension2D, 10000u);
  EXPECT_EQ(r.device.limits().maxTextureDimension1D, 8192u);  // not asked: the default
}

TEST(AdapterTest, EveryLimitCanBeRequestedAtTheAdapterValue) {
  const Limits a = backend::null::defaultAdapterLimits();
  std::map<std::string, uint64_t, std::less<>> all;
  for (const LimitInfo& info : allLimits()) all[std::string(info.name)] = info.get(a);
  RequestDeviceResult r = requestWithLimits(all);
  ASSERT_EQ(r.status, Status::Success) << r.message;
  EXPECT_EQ(r.device.limits(), a);
}

TEST(AdapterTest, WorseLimitsAreClampedToTheDefault) {
  RequestDeviceResult r = requestWithLimits({{"maxBindGroups", 1},
                                             {"maxUniformBufferBindingSize", 16},
                                             {"minUniformBufferOffsetAlignment", 1024}});
  ASSERT_EQ(r.status, Status::Success) << r.message;
  EXPECT_EQ(r.device.limits(), Limits::coreDefaults());
}

TEST(AdapterTest, AlignmentLimitsMustBePowersOfTwo) {
  for (uint64_t bad : {uint64_t{0}, uint64_t{3}, uint64_t{100}, uint64_t{257}, uint64_t{1} << 32}) {
    SCOPED_TRACE(bad);
    RequestDeviceResult r = requestWithLimits({{"minStorageBufferOffsetAlignment", bad}});
    EXPECT_EQ(r.status, Status::OperationError);
    EXPECT_EQ(r.code, ErrorCode::LimitInvalidValue);
    EXPECT_THAT(r.message, HasSubstr("power of 2"));
  }
}

// Alignment limits are better when smaller: asking below the adapter's is
// beyond it; the adapter's own value and any larger power of 2 are fine.
TEST(AdapterTest, AlignmentLimitsAreBetterWhenSmaller) {
  Limits limits;
  limits.minUniformBufferOffsetAlignment = 64;
  NullAdapterOptions options{.limits = limits};

  RequestDeviceResult smaller =
      requestWithLimits({{"minUniformBufferOffsetAlignment", 32}}, options);
  EXPECT_EQ(smaller.status, Status::OperationError);
  EXPECT_EQ(smaller.code, ErrorCode::LimitBeyondAdapter);
  EXPECT_THAT(smaller.message, HasSubstr("better when smaller"));
  EXPECT_THAT(smaller.message, HasSubstr("at least 64"));

  RequestDeviceResult same = requestWithLimits({{"minUniformBufferOffsetAlignment", 64}}, options);
  ASSERT_EQ(same.status, Status::Success) << same.message;
  EXPECT_EQ(same.device.limits().minUniformBufferOffsetAlignment, 64u);

  RequestDeviceResult between =
      requestWithLimits({{"minUniformBufferOffsetAlignment", 128}}, options);
  ASSERT_EQ(between.status, Status::Success);
  EXPECT_EQ(between.device.limits().minUniformBufferOffsetAlignment, 128u);
}

// "a new device": maxStorage{Buffers,Textures}PerShaderStage is raised to the
// per-stage limits, and with core-features-and-limits the per-stage limits
// are set to it.
TEST(AdapterTest, StorageLimitsAreNormalisedOnCore) {
  RequestDeviceResult r = requestWithLimits(
      {{"maxStorageBuffersInVertexStage", 12}, {"maxStorageTexturesInFragmentStage", 10}});
  ASSERT_EQ(r.status, Status::Success) << r.message;
  const Limits& l = r.device.limits();
  EXPECT_EQ(l.maxStorageBuffersPerShaderStage, 12u);
  EXPECT_EQ(l.maxStorageBuffersInVertexStage, 12u);
  EXPECT_EQ(l.maxStorageBuffersInFragmentStage, 12u);
  EXPECT_EQ(l.maxStorageTexturesPerShaderStage, 10u);
  EXPECT_EQ(l.maxStorageTexturesInVertexStage, 10u);
  EXPECT_EQ(l.maxStorageTexturesInFragmentStage, 10u);

  RequestDeviceResult per = requestWithLimits({{"maxStorageBuffersPerShaderStage", 10}});
  ASSERT_EQ(per.status, Status::Success);
  EXPECT_EQ(per.device.limits().maxStorageBuffersInVertexStage, 10u);
  EXPECT_EQ(per.device.limits().maxStorageBuffersInFragmentStage, 10u);
}

TEST(AdapterTest, StorageLimitsAreNormalisedOnCompatibility) {
  RequestDeviceResult r = requestWithLimits(
      {{"maxStorageBuffersInFragmentStage", 10}, {"maxStorageTexturesInVertexStage", 2}}, {},
      FeatureLevel::Compatibility);
  ASSERT_EQ(r.status, Status::Success) << r.message;
  const Limits& l = r.device.limits();
  EXPECT_EQ(l.maxStorageBuffersPerShaderStage, 10u);
  EXPECT_EQ(l.maxStorageBuffersInVertexStage, 0u);  // kept: no core-features-and-limits
  EXPECT_EQ(l.maxStorageBuffersInFragmentStage, 10u);
  EXPECT_EQ(l.maxStorageTexturesPerShaderStage, 4u);
  EXPECT_EQ(l.maxStorageTexturesInVertexStage, 2u);
  EXPECT_EQ(l.maxStorageTexturesInFragmentStage, 4u);
}

// --- adapter state ----------------------------------------------------------------

// A successful requestDevice() expires the adapter; a later one resolves to a
// device that is already lost (reason "unknown").
TEST(AdapterTest, SecondDeviceFromAnAdapterIsLost) {
  Adapter adapter = makeAdapter();
  RequestDeviceResult first = adapter.requestDevice();
  ASSERT_EQ(first.status, Status::Success);
  EXPECT_FALSE(first.device.isLost());
  EXPECT_TRUE(adapter.isExpired());
  EXPECT_EQ(core::fromHandle<core::AdapterBase>(adapter)->state(),
            core::AdapterBase::State::Expired);

  RequestDeviceResult second = adapter.requestDevice({.label = "again"});
  ASSERT_EQ(second.status, Status::Success);
  ASSERT_TRUE(second.device);
  EXPECT_TRUE(second.device.isLost());
  EXPECT_EQ(second.device.label(), "again");
  ASSERT_TRUE(second.device.lostInfo().has_value());
  EXPECT_EQ(second.device.lostInfo()->reason, DeviceLostReason::Unknown);
  EXPECT_THAT(second.device.lostInfo()->message, HasSubstr("requestAdapter()"));
  // The lost promise has already resolved: a callback set now runs at once.
  int calls = 0;
  second.device.setDeviceLostCallback([&](const DeviceLostInfo& info) {
    ++calls;
    EXPECT_EQ(info.reason, DeviceLostReason::Unknown);
  });
  EXPECT_EQ(calls, 1);
  // The first device is unaffected.
  EXPECT_FALSE(first.device.isLost());
}

TEST(AdapterTest, ExpiredAdapterGivesALostDevice) {
  Adapter adapter = makeAdapter();
  adapter.expire();
  EXPECT_TRUE(adapter.isExpired());
  RequestDeviceResult r = adapter.requestDevice();
  ASSERT_EQ(r.status, Status::Success);
  EXPECT_TRUE(r.device.isLost());
}

// Validation comes before the expired check: an expired adapter still rejects.
TEST(AdapterTest, ExpiredAdapterStillValidatesTheDescriptor) {
  Adapter adapter = makeAdapter({.features = without(FeatureName::ShaderF16)});
  adapter.expire();
  EXPECT_EQ(adapter.requestDevice({.requiredFeatures = {FeatureName::ShaderF16}}).status,
            Status::TypeError);
  EXPECT_EQ(adapter.requestDevice({.requiredLimits = {{"nope", 1}}}).status,
            Status::OperationError);
}

TEST(AdapterTest, RejectedRequestsLeaveTheAdapterValid) {
  Adapter adapter = makeAdapter();
  EXPECT_EQ(adapter.requestDevice({.requiredLimits = {{"maxBindGroups", 1000}}}).status,
            Status::OperationError);
  EXPECT_EQ(
      adapter.requestDevice({.requiredLimits = {{"minUniformBufferOffsetAlignment", 7}}}).status,
      Status::OperationError);
  EXPECT_FALSE(adapter.isExpired());
  RequestDeviceResult r = adapter.requestDevice();
  ASSERT_EQ(r.status, Status::Success);
  EXPECT_FALSE(r.device.isLost());
}

TEST(AdapterTest, DeviceKeepsItsAdapterAlive) {
  Device device;
  {
    Adapter adapter = makeAdapter();
    device = adapter.requestDevice().device;
  }
  EXPECT_EQ(device.adapterInfo().architecture, "null");
}

}  // namespace
}  // namespace bindery::testing
