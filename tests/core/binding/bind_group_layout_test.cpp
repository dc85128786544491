// #bind-group-layout-creation and #bind-group-compatibility: every rule, pass
// and fail; the binding slot limits; deduplication; the examples of seed 004.
#include "core/binding/bind_group_layout.h"
#include "core/base/handles.h"
#include "core/device/device.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

constexpr ShaderStageFlags kVertex = ShaderStage::Vertex;
constexpr ShaderStageFlags kFragment = ShaderStage::Fragment;
constexpr ShaderStageFlags kCompute = ShaderStage::Compute;
constexpr ShaderStageFlags kAll =
    ShaderStage::Vertex | ShaderStage::Fragment | ShaderStage::Compute;

class BindGroupLayoutTest : public DeviceTest {
 protected:
  void useDevice(Device d) {
    device = std::move(d);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  BindGroupLayout valid(const BindGroupLayoutDescriptor& d) {
    BindGroupLayout layout;
    expectValid([&] { layout = device.createBindGroupLayout(d); });
    return layout;
  }
  static core::BindGroupLayoutBase* base(const BindGroupLayout& l) {
    return core::fromHandle<core::BindGroupLayoutBase>(l);
  }
  core::BindGroupLayoutCache& cache() {
    return core::fromHandle<core::DeviceBase>(device)->bindGroupLayoutCache();
  }
  static BindGroupLayoutEntry uniformAt(uint32_t binding, ShaderStageFlags vis = kFragment) {
    return {.binding = binding, .visibility = vis, .buffer = BufferBindingLayout{}};
  }
};

// --- the five entry kinds and their defaults -----------------------------------------

TEST_F(BindGroupLayoutTest, FiveKindsWithDefaults) {
  BindGroupLayout layout = valid(
      {.label = "cinco",
       .entries = {
           {.binding = 0, .visibility = kFragment, .buffer = BufferBindingLayout{}},
           {.binding = 1, .visibility = kFragment, .sampler = SamplerBindingLayout{}},
           {.binding = 2, .visibility = kFragment, .texture = TextureBindingLayout{}},
           {.binding = 3,
            .visibility = kCompute,
            .storageTexture = StorageTextureBindingLayout{.format = TextureFormat::Rgba8unorm}},
           {.binding = 4,
            .visibility = kFragment,
            .externalTexture = ExternalTextureBindingLayout{}},
       }});
  EXPECT_EQ(layout.label(), "cinco");
  std::vector<BindGroupLayoutEntry> entries = layout.entries();
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[0].buffer->type, BufferBindingType::Uniform);
  EXPECT_FALSE(entries[0].buffer->hasDynamicOffset);
  EXPECT_EQ(entries[0].buffer->minBindingSize, 0u);
  EXPECT_EQ(entries[1].sampler->type, SamplerBindingType::Filtering);
  EXPECT_EQ(entries[2].texture->sampleType, TextureSampleType::Float);
  EXPECT_EQ(entries[2].texture->viewDimension, TextureViewDimension::e2D);
  EXPECT_FALSE(entries[2].texture->multisampled);
  EXPECT_EQ(entries[3].storageTexture->access, StorageTextureAccess::WriteOnly);
  EXPECT_EQ(entries[3].storageTexture->viewDimension, TextureViewDimension::e2D);
  EXPECT_TRUE(entries[4].externalTexture.has_value());
}

TEST_F(BindGroupLayoutTest, EmptyLayoutIsValid) {
  BindGroupLayout layout = valid({});
  EXPECT_TRUE(layout.entries().empty());
}

// --- binding numbers --------------------------------------------------------------

TEST_F(BindGroupLayoutTest, SparseBindingNumbersAreValid) {
  BindGroupLayout layout = valid({.entries = {uniformAt(7), uniformAt(0), uniformAt(500)}});
  std::vector<BindGroupLayoutEntry> entries = layout.entries();
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].binding, 0u);
  EXPECT_EQ(entries[1].binding, 7u);
  EXPECT_EQ(entries[2].binding, 500u);
  const core::BindGroupLayoutInternal* internal = base(layout)->internal();
  EXPECT_NE(internal->indexOf(500), core::BindGroupLayoutInternal::kNoIndex);
  EXPECT_EQ(internal->indexOf(499), core::BindGroupLayoutInternal::kNoIndex);
  EXPECT_EQ(internal->indexOf(100000), core::BindGroupLayoutInternal::kNoIndex);
}

TEST_F(BindGroupLayoutTest, DuplicateBindingIsAnError) {
  expectError(ErrorCode::BindGroupLayoutDuplicateBinding,
              [&] {
                device.createBindGroupLayout(
                    {.label = "dup", .entries = {uniformAt(3), uniformAt(1), uniformAt(3)}});
              },
              {"[BindGroupLayout \"dup\"]", "descriptor.entries[0] and descriptor.entries[2]",
               "binding 3", "Fix:"});
}

TEST_F(BindGroupLayoutTest, BindingBelowMaxBindingsPerBindGroup) {
  uint32_t max = device.limits().maxBindingsPerBindGroup;
  EXPECT_EQ(max, 1000u);  // the spec's default (seed 001 says 640; the spec wins)
  valid({.entries = {uniformAt(max - 1)}});
  expectError(ErrorCode::BindGroupLayoutBindingOutOfRange,
              [&] { device.createBindGroupLayout({.entries = {uniformAt(max)}}); },
              {"binding (1000)", "maxBindingsPerBindGroup limit (1000)",
               "descriptor.entries[0] (binding 1000)"});
}

// --- exactly one binding member -----------------------------------------------------

TEST_F(BindGroupLayoutTest, EntryWithNoMemberIsAnError) {
  expectError(
      ErrorCode::BindGroupLayoutEntryNoBindingMember,
      [&] { device.createBindGroupLayout({.entries = {{.binding = 2, .visibility = kFragment}}}); },
      {"binding 2 sets none of buffer, sampler, texture, storageTexture, externalTexture"});
}

TEST_F(BindGroupLayoutTest, EntryWithTwoMembersIsAnError) {
  expectError(ErrorCode::BindGroupLayoutEntryMultipleBindingMembers,
              [&] {
                device.createBindGroupLayout({.entries = {{.binding = 0,
                                                           .visibility = kFragment,
                                                           .sampler = SamplerBindingLayout{},
                                                           .texture = TextureBindingLayout{}}}});
              },
              {"binding 0 sets sampler, texture (2)"});
}

// --- visibility ----------------------------------------------------------------------

TEST_F(BindGroupLayoutTest, VisibilityOnlyShaderStageBits) {
  valid({.entries = {uniformAt(0, kAll)}});
  valid({.entries = {uniformAt(0, ShaderStageFlags())}});  // 0 is allowed
  expectError(
      ErrorCode::BindGroupLayoutVisibilityUnknownBits,
      [&] {
        device.createBindGroupLayout({.entries = {uniformAt(0, ShaderStageFlags::fromBits(0x9))}});
      },
      {"visibility (GPUShaderStage.VERTEX | 0x8)"});
}

TEST_F(BindGroupLayoutTest, VertexRefusesWritableStorageBuffer) {
  valid({.entries = {{.binding = 0,
                      .visibility = kVertex,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}}}});
  valid({.entries = {{.binding = 0,
                      .visibility = kFragment | kCompute,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
  expectError(
      ErrorCode::BindGroupLayoutVertexWritableStorage,
      [&] {
        device.createBindGroupLayout(
            {.entries = {{.binding = 4,
                          .visibility = kVertex | kFragment,
                          .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
      },
      {"binding 4 is visible to GPUShaderStage.VERTEX with buffer.type 'storage'",
       "'read-only-storage'"});
}

TEST_F(BindGroupLayoutTest, VertexAllowsOnlyReadOnlyStorageTextures) {
  // Seeds 001 and 004 say no storage texture may be visible to VERTEX; the spec
  // allows access 'read-only' there.
  valid({.entries = {
             {.binding = 0,
              .visibility = kVertex,
              .storageTexture = StorageTextureBindingLayout{
                  .access = StorageTextureAccess::ReadOnly, .format = TextureFormat::R32float}}}});
  for (StorageTextureAccess access :
       {StorageTextureAccess::WriteOnly, StorageTextureAccess::ReadWrite}) {
    expectError(ErrorCode::BindGroupLayoutVertexWritableStorage,
                [&] {
                  device.createBindGroupLayout(
                      {.entries = {{.binding = 1,
                                    .visibility = kVertex,
                                    .storageTexture = StorageTextureBindingLayout{
                                        .access = access, .format = TextureFormat::R32float}}}});
                },
                {"storageTexture.access '" + std::string(toString(access)) + "'"});
  }
}

// --- multisampled textures -------------------------------------------------------------

TEST_F(BindGroupLayoutTest, MultisampledMustBe2DAndNotFloat) {
  valid({.entries = {
             {.binding = 0,
              .visibility = kFragment,
              .texture = TextureBindingLayout{.sampleType = TextureSampleType::UnfilterableFloat,
                                              .multisampled = true}}}});
  valid({.entries = {{.binding = 0,
                      .visibility = kFragment,
                      .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth,
                                                      .multisampled = true}}}});
  expectError(ErrorCode::BindGroupLayoutMultisampledFloat,
              [&] {
                device.createBindGroupLayout(
                    {.entries = {{.binding = 0,
                                  .visibility = kFragment,
                                  .texture = TextureBindingLayout{.multisampled = true}}}});
              },
              {"texture.sampleType 'float'", "unfilterable-float"});
  expectError(ErrorCode::BindGroupLayoutMultisampledViewDimension,
              [&] {
                device.createBindGroupLayout(
                    {.entries = {{.binding = 0,
                                  .visibility = kFragment,
                                  .texture = TextureBindingLayout{
                                      .sampleType = TextureSampleType::Uint,
                                      .viewDimension = TextureViewDimension::e2DArray,
                                      .multisampled = true}}}});
              },
              {"texture.viewDimension '2d-array'"});
}

// --- storage textures -----------------------------------------------------------------

TEST_F(BindGroupLayoutTest, StorageTextureFormatIsRequired) {
  expectError(ErrorCode::BindGroupLayoutStorageTextureFormatMissing, [&] {
    device.createBindGroupLayout({.entries = {{.binding = 0,
                                               .visibility = kCompute,
                                               .storageTexture = StorageTextureBindingLayout{}}}});
  });
}

TEST_F(BindGroupLayoutTest, StorageTextureFormatMustSupportTheAccess) {
  // rgba8unorm: write-only and read-only always; read-write only with tier2.
  for (StorageTextureAccess a : {StorageTextureAccess::WriteOnly, StorageTextureAccess::ReadOnly}) {
    valid({.entries = {{.binding = 0,
                        .visibility = kCompute,
                        .storageTexture = StorageTextureBindingLayout{
                            .access = a, .format = TextureFormat::Rgba8unorm}}}});
  }
  // r32float supports read-write everywhere.
  valid({.entries = {
             {.binding = 0,
              .visibility = kCompute,
              .storageTexture = StorageTextureBindingLayout{
                  .access = StorageTextureAccess::ReadWrite, .format = TextureFormat::R32float}}}});
  expectError(
      ErrorCode::BindGroupLayoutStorageTextureFormat,
      [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = kCompute,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .access = StorageTextureAccess::ReadWrite,
                                                       .format = TextureFormat::Rgba8unorm}}}});
      },
      {"'rgba8unorm' with access 'read-write'", "texture-formats-tier2"});
  // Not a storage format at all.
  expectError(
      ErrorCode::BindGroupLayoutStorageTextureFormat,
      [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = kCompute,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .format = TextureFormat::Rgba8unormSrgb}}}});
      },
      {"'rgba8unorm-srgb', which cannot be a storage texture"});
  // A depth format never is.
  expectError(ErrorCode::BindGroupLayoutStorageTextureFormat, [&] {
    device.createBindGroupLayout({.entries = {{.binding = 0,
                                               .visibility = kCompute,
                                               .storageTexture = StorageTextureBindingLayout{
                                                   .format = TextureFormat::Depth32float}}}});
  });
}

TEST_F(BindGroupLayoutTest, StorageTextureFormatWithTier2) {
  useDevice(makeDeviceWithAllFeatures());
  valid({.entries = {{.binding = 0,
                      .visibility = kCompute,
                      .storageTexture =
                          StorageTextureBindingLayout{.access = StorageTextureAccess::ReadWrite,
                                                      .format = TextureFormat::Rgba8unorm}}}});
}

TEST_F(BindGroupLayoutTest, StorageTextureFormatNeedsItsFeature) {
  // r16unorm itself needs texture-formats-tier1.
  expectError(
      ErrorCode::MissingFeature,
      [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = kCompute,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .format = TextureFormat::R16unorm}}}});
      },
      {"'r16unorm'", "texture-formats-tier1"});
}

TEST_F(BindGroupLayoutTest, StorageTextureCannotBeCube) {
  for (TextureViewDimension d : {TextureViewDimension::Cube, TextureViewDimension::CubeArray}) {
    expectError(ErrorCode::BindGroupLayoutStorageTextureCube,
                [&] {
                  device.createBindGroupLayout(
                      {.entries = {{.binding = 0,
                                    .visibility = kCompute,
                                    .storageTexture = StorageTextureBindingLayout{
                                        .format = TextureFormat::R32float, .viewDimension = d}}}});
                },
                {"storageTexture.viewDimension '" + std::string(toString(d)) + "'", "2d-array"});
  }
  for (TextureViewDimension d :
       {TextureViewDimension::e1D, TextureViewDimension::e2DArray, TextureViewDimension::e3D}) {
    valid({.entries = {{.binding = 0,
                        .visibility = kCompute,
                        .storageTexture = StorageTextureBindingLayout{
                            .format = TextureFormat::R32float, .viewDimension = d}}}});
  }
}

// --- binding slot limits ----------------------------------------------------------------

TEST_F(BindGroupLayoutTest, UniformBuffersPerStage) {
  const uint32_t max = device.limits().maxUniformBuffersPerShaderStage;  // 12
  BindGroupLayoutDescriptor d;
  for (uint32_t i = 0; i < max; ++i) d.entries.push_back(uniformAt(i, kFragment));
  valid(d);
  d.entries.push_back(uniformAt(max, kVertex));  // another stage: still fine
  valid(d);
  d.entries.push_back(uniformAt(max + 1, kFragment));
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"exceeds the binding slot limits",
               "13 uniform buffers are visible to "
               "GPUShaderStage.FRAGMENT",
               "maxUniformBuffersPerShaderStage limit is 12", "binding 13 (buffer)"});
}

TEST_F(BindGroupLayoutTest, VisibilityInThreeStagesUsesASlotInEach) {
  const uint32_t max = device.limits().maxSamplersPerShaderStage;  // 16
  BindGroupLayoutDescriptor d;
  for (uint32_t i = 0; i < max; ++i) {
    d.entries.push_back({.binding = i, .visibility = kAll, .sampler = SamplerBindingLayout{}});
  }
  valid(d);
  d.entries.push_back({.binding = max, .visibility = kCompute, .sampler = SamplerBindingLayout{}});
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"17 samplers are visible to GPUShaderStage.COMPUTE", "maxSamplersPerShaderStage"});
}

TEST_F(BindGroupLayoutTest, StorageBufferVertexAndFragmentVariants) {
  auto ro = [](uint32_t b, ShaderStageFlags v) {
    return BindGroupLayoutEntry{
        .binding = b,
        .visibility = v,
        .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}};
  };
  // Core: the vertex and fragment variants equal maxStorageBuffersPerShaderStage.
  {
    const Limits& l = device.limits();
    EXPECT_EQ(l.maxStorageBuffersInVertexStage, l.maxStorageBuffersPerShaderStage);
    BindGroupLayoutDescriptor d;
    for (uint32_t i = 0; i < l.maxStorageBuffersInVertexStage; ++i) {
      d.entries.push_back(ro(i, kVertex | kFragment | kCompute));
    }
    valid(d);
    d.entries.push_back(ro(100, kVertex));
    expectError(
        ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
        {"storage buffers are visible to GPUShaderStage.VERTEX", "maxStorageBuffersInVertexStage"});
  }
  // Compatibility mode: the vertex variants default to 0, so even one
  // read-only storage buffer visible to VERTEX exceeds them (seed 004).
  DeviceOptions options;
  options.featureLevel = FeatureLevel::Compatibility;
  options.adapter.features = FeatureSet::all();
  options.adapter.features.remove(FeatureName::CoreFeaturesAndLimits);
  useDevice(makeDevice(options));
  const Limits& l = device.limits();
  EXPECT_EQ(l.maxStorageBuffersInVertexStage, 0u);
  EXPECT_EQ(l.maxStorageTexturesInVertexStage, 0u);
  valid({.entries = {ro(0, kFragment), ro(1, kCompute)}});
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits,
              [&] { device.createBindGroupLayout({.entries = {ro(3, kVertex)}}); },
              {"1 storage buffers are visible to GPUShaderStage.VERTEX",
               "maxStorageBuffersInVertexStage limit is 0", "binding 3 (buffer)"});
  BindGroupLayoutDescriptor d;
  for (uint32_t i = 0; i <= l.maxStorageBuffersInFragmentStage; ++i)
    d.entries.push_back(ro(i, kFragment));
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"GPUShaderStage.FRAGMENT", "maxStorageBuffersInFragmentStage"});
  d.entries.clear();
  for (uint32_t i = 0; i <= l.maxStorageBuffersPerShaderStage; ++i)
    d.entries.push_back(ro(i, kCompute));
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"GPUShaderStage.COMPUTE", "maxStorageBuffersPerShaderStage"});
  expectError(
      ErrorCode::BindGroupLayoutBindingSlotLimits,
      [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = kVertex,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .access = StorageTextureAccess::ReadOnly,
                                                       .format = TextureFormat::R32float}}}});
      },
      {"maxStorageTexturesInVertexStage limit is 0"});
}

TEST_F(BindGroupLayoutTest, StorageTexturesPerStage) {
  const Limits& l = device.limits();
  auto st = [](uint32_t b, ShaderStageFlags v) {
    return BindGroupLayoutEntry{
        .binding = b,
        .visibility = v,
        .storageTexture = StorageTextureBindingLayout{.access = StorageTextureAccess::ReadOnly,
                                                      .format = TextureFormat::R32float}};
  };
  BindGroupLayoutDescriptor d;
  for (uint32_t i = 0; i < l.maxStorageTexturesInVertexStage; ++i)
    d.entries.push_back(st(i, kVertex));
  valid(d);
  d.entries.push_back(st(50, kVertex));
  expectError(
      ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
      {"storage textures are visible to GPUShaderStage.VERTEX", "maxStorageTexturesInVertexStage"});
  d.entries.clear();
  for (uint32_t i = 0; i <= l.maxStorageTexturesInFragmentStage; ++i) {
    d.entries.push_back(st(i, kFragment));
  }
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"maxStorageTexturesInFragmentStage"});
  d.entries.clear();
  for (uint32_t i = 0; i <= l.maxStorageTexturesPerShaderStage; ++i) {
    d.entries.push_back(st(i, kCompute));
  }
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"maxStorageTexturesPerShaderStage"});
}

TEST_F(BindGroupLayoutTest, ExternalTextureCountsFourTexturesASamplerAndAUniformBuffer) {
  const Limits& l = device.limits();  // 16 sampled textures, 16 samplers, 12 uniform buffers
  auto ext = [](uint32_t b) {
    return BindGroupLayoutEntry{
        .binding = b, .visibility = kFragment, .externalTexture = ExternalTextureBindingLayout{}};
  };
  // 4 external textures = 16 sampled textures: the limit exactly.
  valid({.entries = {ext(0), ext(1), ext(2), ext(3)}});
  // One more sampled texture is one too many.
  expectError(
      ErrorCode::BindGroupLayoutBindingSlotLimits,
      [&] {
        device.createBindGroupLayout(
            {.entries = {
                 ext(0),
                 ext(1),
                 ext(2),
                 ext(3),
                 {.binding = 4, .visibility = kFragment, .texture = TextureBindingLayout{}}}});
      },
      {"17 sampled textures", "binding 0 (externalTexture, 4 slots)", "binding 4 (texture)"});
  // Samplers: 15 samplers + 1 external texture = 16; + 1 more sampler = 17.
  BindGroupLayoutDescriptor d{.entries = {ext(0)}};
  for (uint32_t i = 1; i < l.maxSamplersPerShaderStage; ++i) {
    d.entries.push_back({.binding = i, .visibility = kFragment, .sampler = SamplerBindingLayout{}});
  }
  valid(d);
  d.entries.push_back({.binding = 99, .visibility = kFragment, .sampler = SamplerBindingLayout{}});
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"17 samplers"});
  // Uniform buffers: 11 + 1 external texture = 12; + 1 = 13.
  d = {.entries = {ext(0)}};
  for (uint32_t i = 1; i < l.maxUniformBuffersPerShaderStage; ++i)
    d.entries.push_back(uniformAt(i));
  valid(d);
  d.entries.push_back(uniformAt(99));
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"13 uniform buffers"});
}

TEST_F(BindGroupLayoutTest, DynamicOffsetCounts) {
  const Limits& l = device.limits();  // 8 dynamic uniform, 4 dynamic storage
  BindGroupLayoutDescriptor d;
  for (uint32_t i = 0; i < l.maxDynamicUniformBuffersPerPipelineLayout; ++i) {
    d.entries.push_back({.binding = i,
                         .visibility = i % 2 ? kVertex : kFragment,
                         .buffer = BufferBindingLayout{.hasDynamicOffset = true}});
  }
  valid(d);
  d.entries.push_back({.binding = 50,
                       .visibility = kCompute,
                       .buffer = BufferBindingLayout{.hasDynamicOffset = true}});
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"9 uniform buffers with hasDynamicOffset: true are in the layout",
               "maxDynamicUniformBuffersPerPipelineLayout limit is 8", "hasDynamicOffset: false"});
  d.entries.clear();
  for (uint32_t i = 0; i <= l.maxDynamicStorageBuffersPerPipelineLayout; ++i) {
    d.entries.push_back({.binding = i,
                         .visibility = kCompute,
                         .buffer = BufferBindingLayout{.type = BufferBindingType::Storage,
                                                       .hasDynamicOffset = true}});
  }
  expectError(ErrorCode::BindGroupLayoutBindingSlotLimits, [&] { device.createBindGroupLayout(d); },
              {"maxDynamicStorageBuffersPerPipelineLayout"});
}

TEST_F(BindGroupLayoutTest, DenseOrderPutsDynamicBuffersFirst) {
  BindGroupLayout layout =
      valid({.entries = {
                 {.binding = 0, .visibility = kFragment, .sampler = SamplerBindingLayout{}},
                 {.binding = 9,
                  .visibility = kFragment,
                  .buffer = BufferBindingLayout{.hasDynamicOffset = true}},
                 {.binding = 2, .visibility = kFragment, .buffer = BufferBindingLayout{}},
                 {.binding = 5,
                  .visibility = kFragment,
                  .buffer = BufferBindingLayout{.hasDynamicOffset = true}},
                 {.binding = 1, .visibility = kFragment, .texture = TextureBindingLayout{}},
             }});
  const core::BindGroupLayoutInternal* internal = base(layout)->internal();
  ASSERT_EQ(internal->entryCount(), 5u);
  EXPECT_EQ(internal->dynamicOffsetCount(), 2u);
  EXPECT_EQ(internal->bufferCount(), 3u);
  std::vector<uint32_t> order;
  for (const core::LayoutEntry& e : internal->entries()) order.push_back(e.binding);
  EXPECT_EQ(order, (std::vector<uint32_t>{5, 9, 2, 0, 1}));
  EXPECT_EQ(internal->indexOf(9), 1u);
  EXPECT_EQ(internal->indexOf(1), 4u);
}

// --- deduplication and group-equivalence -----------------------------------------------

TEST_F(BindGroupLayoutTest, EqualLayoutsShareContentsAndKeepTheirLabels) {
  BindGroupLayoutDescriptor d{.label = "a", .entries = {uniformAt(0), uniformAt(3, kVertex)}};
  BindGroupLayout a = valid(d);
  // Same entries in another order, another label.
  BindGroupLayout b = valid({.label = "b", .entries = {uniformAt(3, kVertex), uniformAt(0)}});
  EXPECT_EQ(base(a)->internal(), base(b)->internal());
  EXPECT_TRUE(a.isGroupEquivalent(b));
  EXPECT_EQ(a.label(), "a");
  EXPECT_EQ(b.label(), "b");
  // A different entry: not shared.
  BindGroupLayout c = valid({.label = "c", .entries = {uniformAt(0), uniformAt(3, kFragment)}});
  EXPECT_NE(base(a)->internal(), base(c)->internal());
  EXPECT_FALSE(a.isGroupEquivalent(c));
}

TEST_F(BindGroupLayoutTest, SharedContentsDieWithTheLastLayout) {
  size_t before = cache().size();
  {
    BindGroupLayout a = valid({.entries = {uniformAt(42)}});
    EXPECT_EQ(cache().size(), before + 1);
    {
      BindGroupLayout b = valid({.entries = {uniformAt(42)}});
      EXPECT_EQ(cache().size(), before + 1);
    }
    EXPECT_EQ(cache().size(), before + 1);
  }
  EXPECT_EQ(cache().size(), before);
  // And a new one is made afresh.
  BindGroupLayout c = valid({.entries = {uniformAt(42)}});
  EXPECT_EQ(cache().size(), before + 1);
}

TEST_F(BindGroupLayoutTest, DefaultedAndExplicitDefaultsAreEqual) {
  BindGroupLayout a = valid(
      {.entries = {{.binding = 0, .visibility = kFragment, .texture = TextureBindingLayout{}}}});
  BindGroupLayout b = valid(
      {.entries = {{.binding = 0,
                    .visibility = kFragment,
                    .texture = TextureBindingLayout{.sampleType = TextureSampleType::Float,
                                                    .viewDimension = TextureViewDimension::e2D,
                                                    .multisampled = false}}}});
  EXPECT_TRUE(a.isGroupEquivalent(b));
}

TEST_F(BindGroupLayoutTest, AutoLayoutsAreEquivalentOnlyToThemselves) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  BindGroupLayoutDescriptor d{.label = "auto", .entries = {uniformAt(0)}};
  BindGroupLayout explicitLayout = valid(d);
  // Two stand-in pipelines own an auto layout each.
  BindGroupLayout owner1 = valid({.label = "pipeline 1"});
  BindGroupLayout owner2 = valid({.label = "pipeline 2"});
  core::Ref<core::BindGroupLayoutBase> auto1, auto1b, auto2;
  ASSERT_TRUE(dev->createAutoBindGroupLayout(d, base(owner1), &auto1).isSuccess());
  ASSERT_TRUE(dev->createAutoBindGroupLayout(d, base(owner1), &auto1b).isSuccess());
  ASSERT_TRUE(dev->createAutoBindGroupLayout(d, base(owner2), &auto2).isSuccess());
  EXPECT_EQ(auto1->exclusivePipeline(), base(owner1));
  // Same contents shared underneath...
  EXPECT_EQ(auto1->internal(), base(explicitLayout)->internal());
  // ...but group-equivalent only within one pipeline.
  EXPECT_TRUE(auto1->isGroupEquivalent(*auto1b));
  EXPECT_FALSE(auto1->isGroupEquivalent(*auto2));
  EXPECT_FALSE(auto1->isGroupEquivalent(*base(explicitLayout)));
  EXPECT_FALSE(base(explicitLayout)->isGroupEquivalent(*auto1));
}

TEST_F(BindGroupLayoutTest, AutoLayoutErrorsAreReturned) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  core::Ref<core::BindGroupLayoutBase> layout;
  core::MaybeError error =
      dev->createAutoBindGroupLayout({.entries = {uniformAt(1), uniformAt(1)}}, nullptr, &layout);
  ASSERT_TRUE(error.isError());
  EXPECT_EQ(error->code, ErrorCode::BindGroupLayoutDuplicateBinding);
  ASSERT_TRUE(layout);
  EXPECT_FALSE(layout->isValid());
}

TEST_F(BindGroupLayoutTest, InvalidLayoutsAreNotEquivalent) {
  BindGroupLayout a, b;
  device.pushErrorScope(ErrorFilter::Validation);
  a = device.createBindGroupLayout({.entries = {uniformAt(1), uniformAt(1)}});
  b = device.createBindGroupLayout({.entries = {uniformAt(1), uniformAt(1)}});
  EXPECT_TRUE(device.popErrorScope().error.has_value());
  EXPECT_FALSE(a.isGroupEquivalent(b));
}

TEST_F(BindGroupLayoutTest, LostDeviceReportsNothing) {
  device.destroy();
  BindGroupLayout layout;
  expectValid([&] {
    layout = device.createBindGroupLayout({.entries = {uniformAt(1), uniformAt(1)}});
  });
  EXPECT_FALSE(base(layout)->isValid());
}

// --- seed 004 -------------------------------------------------------------------------

// The first example of seed 004: one uniform entry with minBindingSize 144.
TEST_F(BindGroupLayoutTest, Seed004FirstExample) {
  valid({.label = "escena",
         .entries = {{.binding = 0,
                      .visibility = kVertex | kFragment,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::Uniform,
                                                    .minBindingSize = 144}}}});
}

// Seed 001's material layout.
TEST_F(BindGroupLayoutTest, Seed001MaterialLayout) {
  valid({.label = "material",
         .entries = {
             {.binding = 0,
              .visibility = kVertex | kFragment,
              .buffer = BufferBindingLayout{.type = BufferBindingType::Uniform}},
             {.binding = 1,
              .visibility = kFragment,
              .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}},
             {.binding = 2,
              .visibility = kFragment,
              .texture = TextureBindingLayout{.sampleType = TextureSampleType::Float,
                                              .viewDimension = TextureViewDimension::e2D}},
         }});
}

}  // namespace
}  // namespace bindery::testing
