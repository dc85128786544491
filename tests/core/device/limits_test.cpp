// #limits: every limit's name, class, type, default and compatibility-mode
// default, written out by hand from the spec's Limits table (webgpu.bs
// "### Limits ###"), plus the better/worse rules.
#include <cstdint>
#include <string>
#include <vector>

#include "backends/null/testing.h"
#include "core/device/adapter.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

struct ExpectedLimit {
  const char* name;
  LimitClass limitClass;
  bool is64Bit;  // GPUSize64 (else GPUSize32)
  uint64_t coreDefault;
  uint64_t compatDefault;
};

constexpr LimitClass kMax = LimitClass::Maximum;
constexpr LimitClass kAlign = LimitClass::Alignment;

// In the table's order.
const std::vector<ExpectedLimit> kSpecTable = {
    {"maxTextureDimension1D", kMax, false, 8192, 4096},
    {"maxTextureDimension2D", kMax, false, 8192, 4096},
    {"maxTextureDimension3D", kMax, false, 2048, 2048},
    {"maxTextureArrayLayers", kMax, false, 256, 256},
    {"maxBindGroups", kMax, false, 4, 4},
    {"maxBindGroupsPlusVertexBuffers", kMax, false, 24, 24},
    {"maxImmediateSize", kMax, false, 64, 64},
    {"maxBindingsPerBindGroup", kMax, false, 1000, 1000},
    {"maxDynamicUniformBuffersPerPipelineLayout", kMax, false, 8, 8},
    {"maxDynamicStorageBuffersPerPipelineLayout", kMax, false, 4, 4},
    {"maxSampledTexturesPerShaderStage", kMax, false, 16, 16},
    {"maxSamplersPerShaderStage", kMax, false, 16, 16},
    {"maxStorageBuffersPerShaderStage", kMax, false, 8, 8},
    {"maxStorageBuffersInVertexStage", kMax, false, 8, 0},
    {"maxStorageBuffersInFragmentStage", kMax, false, 8, 4},
    {"maxStorageTexturesPerShaderStage", kMax, false, 4, 4},
    {"maxStorageTexturesInVertexStage", kMax, false, 4, 0},
    {"maxStorageTexturesInFragmentStage", kMax, false, 4, 4},
    {"maxUniformBuffersPerShaderStage", kMax, false, 12, 12},
    {"maxUniformBufferBindingSize", kMax, true, 65536, 16384},
    {"maxStorageBufferBindingSize", kMax, true, 134217728, 134217728},
    {"minUniformBufferOffsetAlignment", kAlign, false, 256, 256},
    {"minStorageBufferOffsetAlignment", kAlign, false, 256, 256},
    {"maxVertexBuffers", kMax, false, 8, 8},
    {"maxBufferSize", kMax, true, 268435456, 268435456},
    {"maxVertexAttributes", kMax, false, 16, 16},
    {"maxVertexBufferArrayStride", kMax, false, 2048, 2048},
    {"maxInterStageShaderVariables", kMax, false, 16, 15},
    {"maxColorAttachments", kMax, false, 8, 4},
    {"maxColorAttachmentBytesPerSample", kMax, false, 32, 32},
    {"maxComputeWorkgroupStorageSize", kMax, false, 16384, 16384},
    {"maxComputeInvocationsPerWorkgroup", kMax, false, 256, 128},
    {"maxComputeWorkgroupSizeX", kMax, false, 256, 128},
    {"maxComputeWorkgroupSizeY", kMax, false, 256, 128},
    {"maxComputeWorkgroupSizeZ", kMax, false, 64, 64},
    {"maxComputeWorkgroupsPerDimension", kMax, false, 65535, 65535},
};

TEST(LimitsTest, AllLimitsMatchTheSpecTable) {
  std::span<const LimitInfo> all = allLimits();
  ASSERT_EQ(all.size(), kSpecTable.size());
  const Limits core = Limits::coreDefaults();
  const Limits compat = Limits::compatibilityDefaults();
  for (size_t i = 0; i < kSpecTable.size(); ++i) {
    const ExpectedLimit& e = kSpecTable[i];
    SCOPED_TRACE(e.name);
    EXPECT_EQ(all[i].name, e.name);
    EXPECT_EQ(all[i].limitClass, e.limitClass);
    EXPECT_EQ(all[i].is64Bit, e.is64Bit);
    EXPECT_EQ(all[i].get(core), e.coreDefault);
    EXPECT_EQ(all[i].get(compat), e.compatDefault);
    EXPECT_EQ(findLimit(e.name), &all[i]);
  }
}

TEST(LimitsTest, CoreDefaultsAreTheMemberInitialisers) {
  EXPECT_EQ(Limits::coreDefaults(), Limits{});
  EXPECT_NE(Limits::compatibilityDefaults(), Limits{});
}

TEST(LimitsTest, FindLimitIsExact) {
  EXPECT_EQ(findLimit("maxBindGroup"), nullptr);
  EXPECT_EQ(findLimit("MaxBindGroups"), nullptr);
  EXPECT_EQ(findLimit(""), nullptr);
  EXPECT_EQ(findLimit("maxBindGroups "), nullptr);
  ASSERT_NE(findLimit("maxBindGroups"), nullptr);
  EXPECT_EQ(findLimit("maxBindGroups")->name, "maxBindGroups");
}

TEST(LimitsTest, GetAndSetByName) {
  Limits l;
  const LimitInfo* groups = findLimit("maxBindGroups");
  groups->set(l, 7);
  EXPECT_EQ(l.maxBindGroups, 7u);
  EXPECT_EQ(groups->get(l), 7u);
  const LimitInfo* size = findLimit("maxBufferSize");
  size->set(l, uint64_t{1} << 40);
  EXPECT_EQ(l.maxBufferSize, uint64_t{1} << 40);
  EXPECT_EQ(size->get(l), uint64_t{1} << 40);
}

TEST(LimitsTest, BetterAndWorse) {
  const LimitInfo* maximum = findLimit("maxBindGroups");
  EXPECT_TRUE(maximum->isBetter(5, 4));
  EXPECT_FALSE(maximum->isBetter(4, 4));
  EXPECT_FALSE(maximum->isBetter(3, 4));
  EXPECT_EQ(maximum->worse(3, 4), 3u);
  EXPECT_EQ(maximum->worse(5, 4), 4u);

  // Alignment limits are better when smaller.
  const LimitInfo* alignment = findLimit("minUniformBufferOffsetAlignment");
  EXPECT_TRUE(alignment->isBetter(64, 256));
  EXPECT_FALSE(alignment->isBetter(256, 256));
  EXPECT_FALSE(alignment->isBetter(512, 256));
  EXPECT_EQ(alignment->worse(64, 256), 256u);
  EXPECT_EQ(alignment->worse(512, 256), 512u);
}

TEST(LimitsTest, AdapterCapabilityGuarantees) {
  EXPECT_EQ(core::checkAdapterLimitGuarantees(Limits::coreDefaults()), "");
  EXPECT_EQ(core::checkAdapterLimitGuarantees(backend::null::defaultAdapterLimits()), "");
  // The compatibility defaults are worse than the defaults: not an adapter's limits.
  EXPECT_THAT(core::checkAdapterLimitGuarantees(Limits::compatibilityDefaults()),
              ::testing::HasSubstr("maxTextureDimension1D is 4096, worse than its default 8192"));

  auto check = [](auto mutate) {
    Limits l;
    mutate(l);
    return core::checkAdapterLimitGuarantees(l);
  };
  using ::testing::HasSubstr;
  EXPECT_THAT(check([](Limits& l) { l.minStorageBufferOffsetAlignment = 512; }),
              HasSubstr("worse than its default"));
  EXPECT_THAT(check([](Limits& l) { l.minStorageBufferOffsetAlignment = 96; }),
              HasSubstr("powers of 2"));
  EXPECT_THAT(check([](Limits& l) { l.minUniformBufferOffsetAlignment = 16; }), HasSubstr(">= 32"));
  EXPECT_THAT(check([](Limits& l) { l.maxSamplersPerShaderStage = 600; }),
              HasSubstr("maxBindingsPerBindGroup"));
  EXPECT_THAT(check([](Limits& l) { l.maxBindGroups = 25; }),
              HasSubstr("maxBindGroups must be <= maxBindGroupsPlusVertexBuffers"));
  EXPECT_THAT(check([](Limits& l) { l.maxVertexBuffers = 25; }),
              HasSubstr("maxVertexBuffers must be <="));
  EXPECT_THAT(check([](Limits& l) { l.maxUniformBufferBindingSize = l.maxBufferSize + 4; }),
              HasSubstr("maxUniformBufferBindingSize must be <= maxBufferSize"));
  EXPECT_THAT(check([](Limits& l) { l.maxStorageBufferBindingSize = l.maxBufferSize + 4; }),
              HasSubstr("maxStorageBufferBindingSize must be <= maxBufferSize"));
  EXPECT_THAT(check([](Limits& l) { l.maxStorageBufferBindingSize += 2; }),
              HasSubstr("multiple of 4"));
  EXPECT_THAT(check([](Limits& l) { l.maxVertexBufferArrayStride += 2; }),
              HasSubstr("maxVertexBufferArrayStride must be a multiple of 4"));
  EXPECT_THAT(check([](Limits& l) { l.maxComputeWorkgroupSizeX = 512; }),
              HasSubstr("maxComputeInvocationsPerWorkgroup"));
  EXPECT_THAT(check([](Limits& l) { l.maxImmediateSize = 66; }),
              HasSubstr("maxImmediateSize must be a multiple of 4"));
}

}  // namespace
}  // namespace bindery::testing
