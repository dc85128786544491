// #sampler-creation
#include <cmath>
#include <limits>

#include "core/base/handles.h"
#include "core/resources/sampler.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using SamplerTest = DeviceTest;

const core::SamplerBase* base(const Sampler& s) {
  return core::fromHandle<core::SamplerBase>(s);
}

TEST_F(SamplerTest, DefaultDescriptorIsValid) {
  Sampler sampler;
  expectValid([&] { sampler = device.createSampler(); });
  ASSERT_TRUE(sampler);
  const core::SamplerBase* s = base(sampler);
  EXPECT_TRUE(s->isValid());
  EXPECT_EQ(s->addressModeU(), AddressMode::ClampToEdge);
  EXPECT_EQ(s->addressModeV(), AddressMode::ClampToEdge);
  EXPECT_EQ(s->addressModeW(), AddressMode::ClampToEdge);
  EXPECT_EQ(s->magFilter(), FilterMode::Nearest);
  EXPECT_EQ(s->minFilter(), FilterMode::Nearest);
  EXPECT_EQ(s->mipmapFilter(), MipmapFilterMode::Nearest);
  EXPECT_EQ(s->lodMinClamp(), 0.0f);
  EXPECT_EQ(s->lodMaxClamp(), 32.0f);
  EXPECT_FALSE(s->compare().has_value());
  EXPECT_EQ(s->maxAnisotropy(), 1);
  EXPECT_FALSE(s->isComparison());
  EXPECT_FALSE(s->isFiltering());
}

TEST_F(SamplerTest, LabelRoundTrips) {
  Sampler sampler = device.createSampler({.label = "shadow"});
  EXPECT_EQ(sampler.label(), "shadow");
  sampler.setLabel("shadow2");
  EXPECT_EQ(sampler.label(), "shadow2");
}

TEST_F(SamplerTest, TrilinearRepeatIsValidAndFiltering) {
  Sampler sampler;
  expectValid([&] {
    sampler = device.createSampler({.addressModeU = AddressMode::Repeat,
                                    .addressModeV = AddressMode::MirrorRepeat,
                                    .magFilter = FilterMode::Linear,
                                    .minFilter = FilterMode::Linear,
                                    .mipmapFilter = MipmapFilterMode::Linear});
  });
  EXPECT_TRUE(base(sampler)->isFiltering());
  EXPECT_FALSE(base(sampler)->isComparison());
  EXPECT_EQ(base(sampler)->addressModeV(), AddressMode::MirrorRepeat);
}

// [[isFiltering]] is true when any one of the three filters is 'linear'.
TEST_F(SamplerTest, IsFilteringWhenAnyFilterIsLinear) {
  struct Case {
    FilterMode mag, min;
    MipmapFilterMode mip;
    bool filtering;
  };
  const Case cases[] = {
      {FilterMode::Nearest, FilterMode::Nearest, MipmapFilterMode::Nearest, false},
      {FilterMode::Linear, FilterMode::Nearest, MipmapFilterMode::Nearest, true},
      {FilterMode::Nearest, FilterMode::Linear, MipmapFilterMode::Nearest, true},
      {FilterMode::Nearest, FilterMode::Nearest, MipmapFilterMode::Linear, true},
      {FilterMode::Linear, FilterMode::Linear, MipmapFilterMode::Linear, true},
  };
  for (const Case& c : cases) {
    Sampler sampler;
    expectValid([&] {
      sampler =
          device.createSampler({.magFilter = c.mag, .minFilter = c.min, .mipmapFilter = c.mip});
    });
    EXPECT_EQ(base(sampler)->isFiltering(), c.filtering)
        << toString(c.mag) << " " << toString(c.min) << " " << toString(c.mip);
  }
}

// [[isComparison]] is true whenever compare is given, for every function.
TEST_F(SamplerTest, IsComparisonWhenCompareIsGiven) {
  for (uint32_t i = 0; i < kCompareFunctionCount; ++i) {
    auto fn = static_cast<CompareFunction>(i);
    Sampler sampler;
    expectValid([&] { sampler = device.createSampler({.compare = fn}); });
    EXPECT_TRUE(base(sampler)->isComparison()) << toString(fn);
    EXPECT_FALSE(base(sampler)->isFiltering());
    EXPECT_EQ(base(sampler)->compare(), fn);
  }
  // A filtering comparison sampler is allowed (results are implementation-defined).
  Sampler pcf;
  expectValid([&] {
    pcf = device.createSampler({.magFilter = FilterMode::Linear,
                                .minFilter = FilterMode::Linear,
                                .compare = CompareFunction::LessEqual});
  });
  EXPECT_TRUE(base(pcf)->isComparison());
  EXPECT_TRUE(base(pcf)->isFiltering());
}

TEST_F(SamplerTest, LodMinClampMustNotBeNegative) {
  expectValid([&] { device.createSampler({.lodMinClamp = 0, .lodMaxClamp = 0}); });
  expectValid([&] { device.createSampler({.lodMinClamp = 3.5f, .lodMaxClamp = 3.5f}); });
  Sampler bad;
  expectError(ErrorCode::SamplerLodMinClampNegative,
              [&] { bad = device.createSampler({.label = "neg", .lodMinClamp = -0.5f}); },
              {"createSampler([Sampler \"neg\"])", "descriptor.lodMinClamp is -0.5", "must be >= 0",
               "Fix:"});
  EXPECT_FALSE(base(bad)->isValid());
  EXPECT_THAT(base(bad)->invalidReason(), ::testing::HasSubstr("lodMinClamp"));
  // -0 compares equal to 0: valid.
  expectValid([&] { device.createSampler({.lodMinClamp = -0.0f}); });
}

TEST_F(SamplerTest, LodMaxClampAtLeastLodMinClamp) {
  expectValid([&] { device.createSampler({.lodMinClamp = 2, .lodMaxClamp = 2}); });
  expectValid([&] { device.createSampler({.lodMinClamp = 2, .lodMaxClamp = 1000}); });
  expectError(ErrorCode::SamplerLodMaxClampLessThanMin,
              [&] { device.createSampler({.lodMinClamp = 4, .lodMaxClamp = 2}); },
              {"descriptor.lodMaxClamp (2) is less than descriptor.lodMinClamp (4)"});
  // A negative lodMaxClamp with the default lodMinClamp.
  expectError(ErrorCode::SamplerLodMaxClampLessThanMin,
              [&] { device.createSampler({.lodMaxClamp = -1}); }, {"(-1)", "(0)"});
}

// WebIDL `float` refuses NaN and infinities (a TypeError in JavaScript); the
// C++ API reports them as validation errors instead of letting NaN slip
// through the comparisons.
TEST_F(SamplerTest, NonFiniteLodClampsAreErrors) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  expectError(ErrorCode::SamplerLodClampNotFinite,
              [&] { device.createSampler({.lodMinClamp = nan}); },
              {"descriptor.lodMinClamp is NaN", "finite"});
  expectError(ErrorCode::SamplerLodClampNotFinite,
              [&] { device.createSampler({.lodMaxClamp = nan}); },
              {"descriptor.lodMaxClamp is NaN"});
  expectError(ErrorCode::SamplerLodClampNotFinite,
              [&] { device.createSampler({.lodMaxClamp = inf}); },
              {"descriptor.lodMaxClamp is Infinity"});
  expectError(ErrorCode::SamplerLodClampNotFinite,
              [&] { device.createSampler({.lodMinClamp = -inf}); },
              {"descriptor.lodMinClamp is -Infinity"});
}

TEST_F(SamplerTest, MaxAnisotropyAtLeastOne) {
  expectError(ErrorCode::SamplerMaxAnisotropyZero,
              [&] { device.createSampler({.maxAnisotropy = 0}); },
              {"descriptor.maxAnisotropy is 0", "at least 1", "Fix:"});
}

TEST_F(SamplerTest, AnisotropyNeedsAllFiltersLinear) {
  const SamplerDescriptor linear{.magFilter = FilterMode::Linear,
                                 .minFilter = FilterMode::Linear,
                                 .mipmapFilter = MipmapFilterMode::Linear};
  for (uint16_t a : {uint16_t{2}, uint16_t{16}, uint16_t{65535}}) {
    SamplerDescriptor d = linear;
    d.maxAnisotropy = a;
    Sampler sampler;
    expectValid([&] { sampler = device.createSampler(d); });
    EXPECT_EQ(base(sampler)->maxAnisotropy(), a);
  }

  SamplerDescriptor d = linear;
  d.maxAnisotropy = 16;
  d.minFilter = FilterMode::Nearest;
  expectError(ErrorCode::SamplerAnisotropyNeedsLinearFilters, [&] { device.createSampler(d); },
              {"descriptor.maxAnisotropy is 16", "minFilter is 'nearest'", "Fix:"});

  d = linear;
  d.maxAnisotropy = 4;
  d.magFilter = FilterMode::Nearest;
  d.mipmapFilter = MipmapFilterMode::Nearest;
  Error e =
      expectError(ErrorCode::SamplerAnisotropyNeedsLinearFilters, [&] { device.createSampler(d); },
                  {"magFilter is 'nearest' and mipmapFilter is 'nearest'"});
  EXPECT_THAT(e.message, ::testing::Not(::testing::HasSubstr("minFilter is")));

  // maxAnisotropy 1 with nearest filters is the default, and valid.
  expectValid([&] { device.createSampler({.maxAnisotropy = 1}); });
}

// The rules are checked in the spec's order: the first broken one is reported.
TEST_F(SamplerTest, FirstBrokenRuleIsReported) {
  expectError(ErrorCode::SamplerLodMinClampNegative, [&] {
    device.createSampler({.lodMinClamp = -1, .lodMaxClamp = -2, .maxAnisotropy = 0});
  });
  expectError(ErrorCode::SamplerMaxAnisotropyZero,
              [&] { device.createSampler({.lodMinClamp = 1, .maxAnisotropy = 0}); });
}

TEST_F(SamplerTest, InvalidSamplerGoesToUncapturedWithoutScope) {
  Sampler bad = device.createSampler({.label = "bad", .maxAnisotropy = 0});
  ASSERT_EQ(uncaptured.size(), 1u);
  EXPECT_EQ(uncaptured[0].code, ErrorCode::SamplerMaxAnisotropyZero);
  EXPECT_THAT(uncaptured[0].message,
              ::testing::HasSubstr("[Device].createSampler([Sampler \"bad\"])"));
  uncaptured.clear();
  EXPECT_EQ(base(bad)->describe(), "[Invalid Sampler \"bad\"]");
}

TEST_F(SamplerTest, LostDeviceGivesInvalidSamplerSilently) {
  device.destroy();
  Sampler sampler;
  std::optional<Error> error =
      captureError(device, [&] { sampler = device.createSampler({.maxAnisotropy = 0}); });
  EXPECT_FALSE(error.has_value());
  EXPECT_FALSE(base(sampler)->isValid());
  // Even a valid descriptor yields an invalid sampler ("this must not be lost").
  EXPECT_FALSE(base(device.createSampler())->isValid());
}

TEST_F(SamplerTest, StrictModeReportsAtTheCall) {
  Device strict = makeDevice({.descriptor = {.strict = true}});
  std::vector<Error> errors;
  strict.setUncapturedErrorCallback([&](const Error& e) { errors.push_back(e); });
  strict.createSampler({.lodMinClamp = -1});
  ASSERT_TRUE(strict.lastError().has_value());
  EXPECT_EQ(strict.lastError()->code, ErrorCode::SamplerLodMinClampNegative);
  strict.createSampler();
  EXPECT_FALSE(strict.lastError().has_value());
  EXPECT_EQ(errors.size(), 1u);
}

}  // namespace
}  // namespace bindery::testing
