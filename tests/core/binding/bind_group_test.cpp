// #bind-group-creation: every rule, pass and fail, with codes; what a group
// stores; the layout diff of #bind-group-compatibility.
#include "core/binding/bind_group.h"
#include "core/base/handles.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/sampler.h"
#include "core/resources/texture_view.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr ShaderStageFlags kVertex = ShaderStage::Vertex;
constexpr ShaderStageFlags kFragment = ShaderStage::Fragment;
constexpr ShaderStageFlags kCompute = ShaderStage::Compute;

class BindGroupTest : public DeviceTest {
 protected:
  void useDevice(Device d) {
    device = std::move(d);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  BindGroupLayout layout(std::vector<BindGroupLayoutEntry> entries, std::string label = "") {
    BindGroupLayout l;
    expectValid([&] {
      l = device.createBindGroupLayout({.label = std::move(label), .entries = std::move(entries)});
    });
    return l;
  }
  BindGroupLayout one(BindGroupLayoutEntry entry, std::string label = "") {
    return layout({std::move(entry)}, std::move(label));
  }
  Buffer buffer(uint64_t size, BufferUsageFlags usage = BufferUsage::Uniform | BufferUsage::CopyDst,
                std::string label = "") {
    Buffer b;
    expectValid([&] {
      b = device.createBuffer({.label = std::move(label), .size = size, .usage = usage});
    });
    return b;
  }
  Texture texture(Extent3D size, TextureFormat format = TextureFormat::Rgba8unorm,
                  TextureUsageFlags usage = TextureUsage::TextureBinding, std::string label = "",
                  uint32_t sampleCount = 1, uint32_t mips = 1,
                  TextureDimension dimension = TextureDimension::e2D) {
    Texture t;
    expectValid([&] {
      t = device.createTexture(
          {.label = std::move(label),
           .size = size,
           .mipLevelCount = mips,
           .sampleCount = sampleCount,
           .dimension = dimension,
           .format = format,
           .usage = sampleCount > 1 ? usage | TextureUsage::RenderAttachment : usage});
    });
    return t;
  }
  TextureView view(const Texture& t, const TextureViewDescriptor& d = {}) {
    TextureView v;
    expectValid([&] { v = t.createView(d); });
    return v;
  }
  Sampler sampler(const SamplerDescriptor& d = {}) {
    Sampler s;
    expectValid([&] { s = device.createSampler(d); });
    return s;
  }
  BindGroup valid(const BindGroupDescriptor& d) {
    BindGroup g;
    expectValid([&] { g = device.createBindGroup(d); });
    EXPECT_TRUE(base(g)->isValid());
    return g;
  }
  static core::BindGroupBase* base(const BindGroup& g) {
    return core::fromHandle<core::BindGroupBase>(g);
  }
  static BindGroupLayoutEntry uniformEntry(uint32_t binding, uint64_t minBindingSize = 0) {
    return {.binding = binding,
            .visibility = kVertex | kFragment,
            .buffer = BufferBindingLayout{.minBindingSize = minBindingSize}};
  }
  static BindGroupLayoutEntry storageEntry(uint32_t binding,
                                           BufferBindingType type = BufferBindingType::Storage) {
    return {
        .binding = binding, .visibility = kCompute, .buffer = BufferBindingLayout{.type = type}};
  }
  static BindGroupLayoutEntry textureEntry(uint32_t binding, TextureBindingLayout t = {}) {
    return {.binding = binding, .visibility = kFragment, .texture = t};
  }
  static BindGroupLayoutEntry samplerEntry(
      uint32_t binding, SamplerBindingType type = SamplerBindingType::Filtering) {
    return {.binding = binding, .visibility = kFragment, .sampler = SamplerBindingLayout{type}};
  }
};

// --- entries vs the layout -------------------------------------------------------------

TEST_F(BindGroupTest, EntryCountMustMatch) {
  BindGroupLayout l = layout({uniformEntry(0), samplerEntry(1), textureEntry(2)}, "material");
  Buffer u = buffer(64);
  Sampler s = sampler();
  Error e = expectError(
      ErrorCode::BindGroupEntryCountMismatch,
      [&] {
        device.createBindGroup({.label = "material ladrillo",
                                .layout = l,
                                .entries = {{.binding = 0, .resource = BufferBinding{.buffer = u}},
                                            {.binding = 1, .resource = s}}});
      },
      {"[BindGroup \"material ladrillo\"]", "descriptor.entries has 2 entries (bindings 0, 1)",
       "[BindGroupLayout \"material\"] has 3 (bindings 0, 1, 2)",
       "binding 2: texture: {sampleType: 'float', viewDimension: '2d', multisampled: false}",
       "Fix:"});
  // Too many: names the extra binding.
  expectError(ErrorCode::BindGroupEntryCountMismatch,
              [&] {
                device.createBindGroup(
                    {.layout = one(uniformEntry(0)),
                     .entries = {{.binding = 0, .resource = u}, {.binding = 5, .resource = s}}});
              },
              {"Not in the layout: binding 5"});
}

TEST_F(BindGroupTest, BindingMustBeInTheLayout) {
  BindGroupLayout l = layout({uniformEntry(0), uniformEntry(4)}, "par");
  Buffer u = buffer(64);
  expectError(ErrorCode::BindGroupBindingNotInLayout,
              [&] {
                device.createBindGroup(
                    {.layout = l,
                     .entries = {{.binding = 0, .resource = u}, {.binding = 3, .resource = u}}});
              },
              {"descriptor.entries[1].binding is 3", "[BindGroupLayout \"par\"] has no binding 3",
               "its bindings: 0, 4"});
}

TEST_F(BindGroupTest, DuplicateBindingIsAnError) {
  BindGroupLayout l = layout({uniformEntry(0), uniformEntry(1)});
  Buffer u = buffer(64);
  expectError(ErrorCode::BindGroupDuplicateBinding,
              [&] {
                device.createBindGroup(
                    {.layout = l,
                     .entries = {{.binding = 1, .resource = u}, {.binding = 1, .resource = u}}});
              },
              {"descriptor.entries[0] and descriptor.entries[1] both have binding 1"});
}

TEST_F(BindGroupTest, ResourceKindMustMatchTheLayoutEntry) {
  BindGroupLayout l = one(uniformEntry(0));
  Sampler s = sampler({.label = "lineal"});
  expectError(
      ErrorCode::BindGroupResourceTypeMismatch,
      [&] { device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = s}}}); },
      {"binding 0 is declared in the layout as buffer: {type: 'uniform'",
       "must be a GPUBufferBinding or a GPUBuffer", "it is a GPUSampler ([Sampler \"lineal\"])",
       "descriptor.entries[0] (binding 0)"});
  BindGroupLayout ls = one(samplerEntry(0));
  Buffer u = buffer(64);
  expectError(
      ErrorCode::BindGroupResourceTypeMismatch,
      [&] { device.createBindGroup({.layout = ls, .entries = {{.binding = 0, .resource = u}}}); },
      {"must be a GPUSampler", "it is a GPUBuffer"});
}

TEST_F(BindGroupTest, NullLayoutAndNullResources) {
  expectError(ErrorCode::NullObject, [&] { device.createBindGroup({}); },
              {"descriptor.layout is null"});
  BindGroupLayout l = one(samplerEntry(0));
  expectError(
      ErrorCode::NullObject,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = Sampler()}}});
      },
      {"descriptor.entries[0].resource is null"});
}

// --- samplers ---------------------------------------------------------------------------

TEST_F(BindGroupTest, SamplerTypes) {
  Sampler nearest = sampler({.label = "nearest"});
  Sampler linear = sampler({.label = "linear", .magFilter = FilterMode::Linear});
  Sampler compare = sampler({.label = "sombra", .compare = CompareFunction::Less});
  auto group = [&](SamplerBindingType type, const Sampler& s) {
    BindGroupLayout l = one(samplerEntry(0, type));
    device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = s}}});
  };
  expectValid([&] { group(SamplerBindingType::Filtering, nearest); });
  expectValid([&] { group(SamplerBindingType::Filtering, linear); });
  expectValid([&] { group(SamplerBindingType::NonFiltering, nearest); });
  expectValid([&] { group(SamplerBindingType::Comparison, compare); });
  expectError(ErrorCode::BindGroupSamplerTypeMismatch,
              [&] { group(SamplerBindingType::Filtering, compare); },
              {"'filtering'", "[Sampler \"sombra\"] is a comparison sampler", "compare: 'less'"});
  expectError(ErrorCode::BindGroupSamplerTypeMismatch,
              [&] { group(SamplerBindingType::NonFiltering, linear); },
              {"'non-filtering'", "[Sampler \"linear\"] filters", "magFilter 'linear'"});
  expectError(ErrorCode::BindGroupSamplerTypeMismatch,
              [&] { group(SamplerBindingType::NonFiltering, compare); }, {"comparison sampler"});
  expectError(ErrorCode::BindGroupSamplerTypeMismatch,
              [&] { group(SamplerBindingType::Comparison, nearest); },
              {"'comparison'", "created without compare"});
}

// --- sampled textures -------------------------------------------------------------------

TEST_F(BindGroupTest, SampleTypeAgainstViewFormat) {
  auto bind = [&](TextureSampleType type, const TextureView& v) {
    BindGroupLayout l = one(textureEntry(0, {.sampleType = type}));
    device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = v}}});
  };
  TextureView rgba = view(texture({4, 4}));
  TextureView depth = view(texture({4, 4}, TextureFormat::Depth32float), {});
  TextureView r32f =
      view(texture({4, 4}, TextureFormat::R32float, TextureUsage::TextureBinding, "r32f"));
  TextureView u8 = view(texture({4, 4}, TextureFormat::Rgba8uint));
  TextureView s8 = view(texture({4, 4}, TextureFormat::Rgba8sint));
  expectValid([&] { bind(TextureSampleType::Float, rgba); });
  expectValid([&] { bind(TextureSampleType::UnfilterableFloat, rgba); });
  expectValid([&] { bind(TextureSampleType::Depth, depth); });
  expectValid([&] { bind(TextureSampleType::UnfilterableFloat, depth); });
  expectValid([&] { bind(TextureSampleType::UnfilterableFloat, r32f); });
  expectValid([&] { bind(TextureSampleType::Uint, u8); });
  expectValid([&] { bind(TextureSampleType::Sint, s8); });
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
              [&] { bind(TextureSampleType::Float, depth); },
              {"can be sampled as 'float'", "format 'depth32float'",
               "'unfilterable-float', 'depth'", "sampleType 'depth'"});
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
              [&] { bind(TextureSampleType::Float, r32f); },
              {"'r32float'", "float32-filterable", "'non-filtering'"});
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
              [&] { bind(TextureSampleType::Float, u8); }, {"only as 'uint'"});
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
              [&] { bind(TextureSampleType::Uint, s8); }, {"only as 'sint'"});
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch,
              [&] { bind(TextureSampleType::Depth, rgba); });
}

TEST_F(BindGroupTest, Float32FilterableMakesR32floatFloat) {
  DeviceOptions options;
  options.descriptor.requiredFeatures = {FeatureName::Float32Filterable};
  useDevice(makeDevice(options));
  TextureView r32f = view(texture({4, 4}, TextureFormat::R32float));
  BindGroupLayout l = one(textureEntry(0, {.sampleType = TextureSampleType::Float}));
  valid({.layout = l, .entries = {{.binding = 0, .resource = r32f}}});
}

TEST_F(BindGroupTest, CombinedDepthStencilNeedsAnAspect) {
  Texture ds = texture({4, 4}, TextureFormat::Depth24plusStencil8);
  TextureView all = view(ds);
  TextureView depthOnly = view(ds, {.aspect = TextureAspect::DepthOnly});
  TextureView stencilOnly = view(ds, {.aspect = TextureAspect::StencilOnly});
  BindGroupLayout depthLayout = one(textureEntry(0, {.sampleType = TextureSampleType::Depth}));
  BindGroupLayout uintLayout = one(textureEntry(0, {.sampleType = TextureSampleType::Uint}));
  valid({.layout = depthLayout, .entries = {{.binding = 0, .resource = depthOnly}}});
  valid({.layout = uintLayout, .entries = {{.binding = 0, .resource = stencilOnly}}});
  expectError(ErrorCode::BindGroupTextureSampleTypeMismatch, [&] {
    device.createBindGroup(
        {.layout = uintLayout, .entries = {{.binding = 0, .resource = depthOnly}}});
  });
  // A view of both aspects (aspect 'all', the default) matches no sample type.
  for (const BindGroupLayout& l : {depthLayout, uintLayout}) {
    expectError(
        ErrorCode::BindGroupTextureSampleTypeMismatch,
        [&] {
          device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = all}}});
        },
        {"format 'depth24plus-stencil8' and aspect 'all'", "only as none", "aspect: 'depth-only'",
         "aspect: 'stencil-only'"});
  }
}

TEST_F(BindGroupTest, ViewDimensionMustMatch) {
  Texture layers =
      texture({64, 64, 6}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, "capas");
  BindGroupLayout l2d = one(textureEntry(2), "material");
  Error e = expectError(
      ErrorCode::BindGroupTextureViewDimensionMismatch,
      [&] {
        device.createBindGroup({.label = "g",
                                .layout = l2d,
                                .entries = {{.binding = 2, .resource = layers.createView()}}});
      },
      {"[BindGroup \"g\"]", "binding 2: expected a view with dimension '2d'",
       "has dimension '2d-array'", "defaulted to '2d-array'",
       "[Texture \"capas\"].createView({dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1})",
       "descriptor.entries[0] (binding 2)"});
  // The fix works.
  valid({.layout = l2d,
         .entries = {{.binding = 2,
                      .resource = view(layers, {.dimension = TextureViewDimension::e2D,
                                                .baseArrayLayer = 3,
                                                .arrayLayerCount = 1})}}});
  // Cube and 2d-array layouts.
  BindGroupLayout cube = one(textureEntry(0, {.viewDimension = TextureViewDimension::Cube}));
  valid({.layout = cube,
         .entries = {
             {.binding = 0, .resource = view(layers, {.dimension = TextureViewDimension::Cube})}}});
  expectError(ErrorCode::BindGroupTextureViewDimensionMismatch,
              [&] {
                device.createBindGroup(
                    {.layout = cube, .entries = {{.binding = 0, .resource = layers.createView()}}});
              },
              {"createView({dimension: 'cube'"});
  BindGroupLayout arr = one(textureEntry(0, {.viewDimension = TextureViewDimension::e2DArray}));
  valid({.layout = arr, .entries = {{.binding = 0, .resource = layers.createView()}}});
  // A '3d' layout with a 2d texture: the fix says a 3d texture is needed.
  BindGroupLayout l3d = one(textureEntry(0, {.viewDimension = TextureViewDimension::e3D}));
  expectError(ErrorCode::BindGroupTextureViewDimensionMismatch,
              [&] {
                device.createBindGroup(
                    {.layout = l3d, .entries = {{.binding = 0, .resource = layers.createView()}}});
              },
              {"needs a texture created with dimension: '3d'"});
}

TEST_F(BindGroupTest, TextureShorthandIsTheDefaultView) {
  Texture flat = texture({8, 8}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, "plana");
  BindGroupLayout l = one(textureEntry(0));
  BindGroup g = valid({.layout = l, .entries = {{.binding = 0, .resource = flat}}});
  core::TextureViewBase* v = base(g)->textureView(0);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->texture(), core::fromHandle<core::TextureBase>(flat));
  EXPECT_EQ(v->dimension(), TextureViewDimension::e2D);
  // A layered texture's default view is '2d-array', so the shorthand fails a '2d' layout.
  Texture layered = texture({8, 8, 2});
  expectError(
      ErrorCode::BindGroupTextureViewDimensionMismatch,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = layered}}});
      },
      {"'2d-array'"});
}

TEST_F(BindGroupTest, TextureBindingUsageIsRequired) {
  Texture t = texture({4, 4}, TextureFormat::Rgba8unorm, TextureUsage::CopyDst, "sin uso");
  BindGroupLayout l = one(textureEntry(0));
  expectError(
      ErrorCode::BindGroupTextureUsageMissing,
      [&] { device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = t}}}); },
      {"lacks GPUTextureUsage.TEXTURE_BINDING",
       "Add GPUTextureUsage.TEXTURE_BINDING to the usage of [Texture \"sin uso\"]"});
}

TEST_F(BindGroupTest, MultisampledMustMatch) {
  Texture ms = texture({4, 4}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, "msaa", 4);
  Texture ss = texture({4, 4});
  BindGroupLayout msLayout = one(
      textureEntry(0, {.sampleType = TextureSampleType::UnfilterableFloat, .multisampled = true}));
  BindGroupLayout ssLayout =
      one(textureEntry(0, {.sampleType = TextureSampleType::UnfilterableFloat}));
  valid({.layout = msLayout, .entries = {{.binding = 0, .resource = ms}}});
  expectError(
      ErrorCode::BindGroupTextureMultisampleMismatch,
      [&] {
        device.createBindGroup({.layout = msLayout, .entries = {{.binding = 0, .resource = ss}}});
      },
      {"multisampled is true", "sampleCount is 1"});
  expectError(
      ErrorCode::BindGroupTextureMultisampleMismatch,
      [&] {
        device.createBindGroup({.layout = ssLayout, .entries = {{.binding = 0, .resource = ms}}});
      },
      {"multisampled is false", "[Texture \"msaa\"], whose sampleCount is 4"});
}

// --- storage textures -------------------------------------------------------------------

TEST_F(BindGroupTest, StorageTextureRules) {
  BindGroupLayout l =
      one({.binding = 0,
           .visibility = kCompute,
           .storageTexture = StorageTextureBindingLayout{.format = TextureFormat::Rgba8unorm}});
  Texture good = texture({8, 8}, TextureFormat::Rgba8unorm, TextureUsage::StorageBinding);
  valid({.layout = l, .entries = {{.binding = 0, .resource = good}}});
  Texture other = texture({8, 8}, TextureFormat::R32float, TextureUsage::StorageBinding, "r32");
  expectError(
      ErrorCode::BindGroupStorageTextureFormatMismatch,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = other}}});
      },
      {"expected a view with format 'rgba8unorm'", "has format 'r32float'"});
  Texture sampledOnly = texture({8, 8}, TextureFormat::Rgba8unorm, TextureUsage::TextureBinding);
  expectError(
      ErrorCode::BindGroupTextureUsageMissing,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = sampledOnly}}});
      },
      {"lacks GPUTextureUsage.STORAGE_BINDING"});
  Texture mips =
      texture({8, 8}, TextureFormat::Rgba8unorm, TextureUsage::StorageBinding, "mips", 1, 3);
  expectError(
      ErrorCode::BindGroupStorageTextureMipLevelCount,
      [&] { device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = mips}}}); },
      {"has mipLevelCount 3", "exactly 1", "mipLevelCount: 1"});
  valid({.layout = l,
         .entries = {
             {.binding = 0, .resource = view(mips, {.baseMipLevel = 1, .mipLevelCount = 1})}}});
  BindGroupLayout arr = one(
      {.binding = 0,
       .visibility = kCompute,
       .storageTexture = StorageTextureBindingLayout{
           .format = TextureFormat::Rgba8unorm, .viewDimension = TextureViewDimension::e2DArray}});
  expectError(
      ErrorCode::BindGroupTextureViewDimensionMismatch,
      [&] {
        device.createBindGroup({.layout = arr, .entries = {{.binding = 0, .resource = good}}});
      },
      {"storageTexture.viewDimension"});
}

TEST_F(BindGroupTest, StorageTextureSwizzleMustBeRgba) {
  useDevice(makeDeviceWithAllFeatures());
  BindGroupLayout l =
      one({.binding = 0,
           .visibility = kCompute,
           .storageTexture = StorageTextureBindingLayout{.format = TextureFormat::Rgba8unorm}});
  Texture t = texture({8, 8}, TextureFormat::Rgba8unorm,
                      TextureUsage::StorageBinding | TextureUsage::TextureBinding);
  TextureView swizzled = view(t, {.swizzle = "bgra"});
  expectError(
      ErrorCode::BindGroupStorageTextureSwizzle,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = swizzled}}});
      },
      {"swizzle 'bgra'", "must be 'rgba'"});
}

// --- buffers ----------------------------------------------------------------------------

TEST_F(BindGroupTest, BufferUsageMustMatchTheType) {
  BindGroupLayout u = one(uniformEntry(0), "objeto");
  Buffer storageOnly = buffer(256, BufferUsage::Storage, "datos");
  expectError(ErrorCode::BindGroupBufferUsageMissing,
              [&] {
                device.createBindGroup({.label = "por objeto",
                                        .layout = u,
                                        .entries = {{.binding = 0, .resource = storageOnly}}});
              },
              {"[BindGroup \"por objeto\"]",
               "binding 0: [Buffer \"datos\"] has usage GPUBufferUsage.STORAGE",
               "lacks GPUBufferUsage.UNIFORM", "buffer.type 'uniform'",
               "Add GPUBufferUsage.UNIFORM to the usage of [Buffer \"datos\"]",
               "usage: GPUBufferUsage.STORAGE | GPUBufferUsage.UNIFORM"});
  BindGroupLayout s = one(storageEntry(0, BufferBindingType::ReadOnlyStorage));
  Buffer uniformOnly = buffer(256, BufferUsage::Uniform);
  expectError(
      ErrorCode::BindGroupBufferUsageMissing,
      [&] {
        device.createBindGroup({.layout = s, .entries = {{.binding = 0, .resource = uniformOnly}}});
      },
      {"lacks GPUBufferUsage.STORAGE", "'read-only-storage'"});
}

TEST_F(BindGroupTest, BufferShorthandBindsTheWholeBuffer) {
  BindGroupLayout l = one(uniformEntry(0));
  Buffer b = buffer(160);
  BindGroup g = valid({.layout = l, .entries = {{.binding = 0, .resource = b}}});
  EXPECT_EQ(base(g)->buffer(0), core::fromHandle<core::BufferBase>(b));
  EXPECT_EQ(base(g)->bufferRange(0).offset, 0u);
  EXPECT_EQ(base(g)->bufferRange(0).size, 160u);
  EXPECT_FALSE(base(g)->prevalidatedSize(0));
}

TEST_F(BindGroupTest, BufferRangeMustBeInsideAndNonEmpty) {
  BindGroupLayout l = one(uniformEntry(0));
  Buffer b = buffer(512, BufferUsage::Uniform, "grande");
  auto bind = [&](uint64_t offset, std::optional<uint64_t> size) {
    device.createBindGroup(
        {.layout = l,
         .entries = {{.binding = 0,
                      .resource = BufferBinding{.buffer = b, .offset = offset, .size = size}}}});
  };
  expectValid([&] { bind(256, 256); });
  expectValid([&] { bind(256, std::nullopt); });
  expectError(ErrorCode::BindGroupBufferRangeOutOfBounds, [&] { bind(256, 257); },
              {"offset 256 + size 257 (ends at 513)", "[Buffer \"grande\"], whose size is 512"});
  expectError(ErrorCode::BindGroupBufferRangeOutOfBounds, [&] { bind(768, std::nullopt); },
              {"offset 768 is past the end"});
  expectError(ErrorCode::BindGroupBufferRangeOutOfBounds,
              [&] { bind(256, std::numeric_limits<uint64_t>::max()); }, {"past 2^64"});
  expectError(ErrorCode::BindGroupBufferBindingZeroSize, [&] { bind(512, std::nullopt); },
              {"empty", "no size"});
  expectError(ErrorCode::BindGroupBufferBindingZeroSize, [&] { bind(0, 0); }, {"size 0"});
}

TEST_F(BindGroupTest, OffsetAlignmentUniformAndStorage) {
  Buffer b = buffer(1024, BufferUsage::Uniform | BufferUsage::Storage);
  BindGroupLayout u = one(uniformEntry(0));
  BindGroupLayout s = one(storageEntry(0));
  auto bind = [&](const BindGroupLayout& l, uint64_t offset) {
    device.createBindGroup(
        {.layout = l,
         .entries = {{.binding = 0,
                      .resource = BufferBinding{.buffer = b, .offset = offset, .size = 64}}}});
  };
  expectValid([&] { bind(u, 256); });
  expectValid([&] { bind(s, 512); });
  expectError(ErrorCode::BindGroupBufferOffsetAlignment, [&] { bind(u, 96); },
              {"offset 96 is not a multiple of the device's minUniformBufferOffsetAlignment (256)",
               "Use offset 0 or 256"});
  expectError(ErrorCode::BindGroupBufferOffsetAlignment, [&] { bind(s, 300); },
              {"minStorageBufferOffsetAlignment (256)", "Use offset 256 or 512"});
}

TEST_F(BindGroupTest, SmallerRealAlignmentIsUsed) {
  // An adapter that reports 64-byte alignments; the device asks for them.
  DeviceOptions options;
  Limits limits;  // the defaults, but smaller alignments
  limits.minUniformBufferOffsetAlignment = 64;
  limits.minStorageBufferOffsetAlignment = 32;
  options.adapter.limits = limits;
  options.descriptor.requiredLimits = {{"minUniformBufferOffsetAlignment", 64},
                                       {"minStorageBufferOffsetAlignment", 32}};
  useDevice(makeDevice(options));
  ASSERT_EQ(device.limits().minUniformBufferOffsetAlignment, 64u);
  Buffer b = buffer(1024, BufferUsage::Uniform | BufferUsage::Storage);
  BindGroupLayout u = one(uniformEntry(0));
  BindGroupLayout s = one(storageEntry(0));
  valid({.layout = u,
         .entries = {
             {.binding = 0, .resource = BufferBinding{.buffer = b, .offset = 64, .size = 64}}}});
  valid({.layout = s,
         .entries = {
             {.binding = 0, .resource = BufferBinding{.buffer = b, .offset = 32, .size = 32}}}});
  expectError(
      ErrorCode::BindGroupBufferOffsetAlignment,
      [&] {
        device.createBindGroup(
            {.layout = u,
             .entries = {{.binding = 0,
                          .resource = BufferBinding{.buffer = b, .offset = 32, .size = 64}}}});
      },
      {"minUniformBufferOffsetAlignment (64)"});
}

TEST_F(BindGroupTest, MinBindingSize) {
  BindGroupLayout l = one(uniformEntry(0, 144), "escena");
  Buffer b = buffer(512, BufferUsage::Uniform, "cámara");
  valid({.layout = l,
         .entries = {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = 144}}}});
  BindGroup g = valid({.layout = l, .entries = {{.binding = 0, .resource = b}}});
  EXPECT_TRUE(base(g)->prevalidatedSize(0));
  expectError(
      ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup(
            {.label = "escena 1",
             .layout = l,
             .entries = {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = 128}}}});
      },
      {"[BindGroup \"escena 1\"]",
       "binding 0: the binding of [Buffer \"cámara\"] is 128 bytes (size: 128)",
       "smaller than the layout's buffer.minBindingSize (144)",
       "Bind at least 144 bytes: size: 144"});
  Buffer small = buffer(100, BufferUsage::Uniform);
  expectError(
      ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = small}}});
      },
      {"is 100 bytes (no size", "at least offset + 144 = 144"});
}

TEST_F(BindGroupTest, MaxBindingSizes) {
  const uint64_t maxUniform = device.limits().maxUniformBufferBindingSize;  // 65536
  Buffer b = buffer(maxUniform * 2, BufferUsage::Uniform | BufferUsage::Storage);
  BindGroupLayout u = one(uniformEntry(0));
  valid({.layout = u,
         .entries = {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = maxUniform}}}});
  expectError(
      ErrorCode::BindGroupBufferBindingTooLarge,
      [&] { device.createBindGroup({.layout = u, .entries = {{.binding = 0, .resource = b}}}); },
      {"131072 bytes (no size: the rest of the buffer)", "maxUniformBufferBindingSize (65536)"});
  // Storage: the limit is 128 MiB; a 256 MiB buffer bound whole exceeds it.
  const uint64_t maxStorage = device.limits().maxStorageBufferBindingSize;
  Buffer big = buffer(maxStorage + 256, BufferUsage::Storage);
  BindGroupLayout s = one(storageEntry(0));
  expectError(
      ErrorCode::BindGroupBufferBindingTooLarge,
      [&] { device.createBindGroup({.layout = s, .entries = {{.binding = 0, .resource = big}}}); },
      {"maxStorageBufferBindingSize"});
  valid(
      {.layout = s,
       .entries = {{.binding = 0, .resource = BufferBinding{.buffer = big, .size = maxStorage}}}});
}

TEST_F(BindGroupTest, StorageSizeMultipleOfFour) {
  Buffer b = buffer(256, BufferUsage::Storage);
  BindGroupLayout s = one(storageEntry(0, BufferBindingType::ReadOnlyStorage));
  valid({.layout = s,
         .entries = {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = 12}}}});
  expectError(
      ErrorCode::BindGroupStorageBufferSizeNotMultipleOf4,
      [&] {
        device.createBindGroup(
            {.layout = s,
             .entries = {{.binding = 0, .resource = BufferBinding{.buffer = b, .size = 10}}}});
      },
      {"multiple of 4", "is 10 bytes", "Use size: 8 (or 12)"});
  // Uniform bindings have no such rule.
  Buffer u = buffer(256, BufferUsage::Uniform);
  valid({.layout = one(uniformEntry(0)),
         .entries = {{.binding = 0, .resource = BufferBinding{.buffer = u, .size = 10}}}});
}

// --- objects --------------------------------------------------------------------------

TEST_F(BindGroupTest, ObjectsFromAnotherDevice) {
  Device other = makeDevice();
  Buffer foreign =
      other.createBuffer({.label = "ajeno", .size = 64, .usage = BufferUsage::Uniform});
  BindGroupLayout foreignLayout = other.createBindGroupLayout({.entries = {uniformEntry(0)}});
  expectError(ErrorCode::ObjectFromOtherDevice,
              [&] {
                device.createBindGroup(
                    {.layout = one(uniformEntry(0)),
                     .entries = {{.binding = 0, .resource = BufferBinding{.buffer = foreign}}}});
              },
              {"descriptor.entries[0].resource.buffer is [Buffer \"ajeno\"]", "belongs to"});
  Buffer mine = buffer(64);
  expectError(ErrorCode::ObjectFromOtherDevice,
              [&] {
                device.createBindGroup(
                    {.layout = foreignLayout, .entries = {{.binding = 0, .resource = mine}}});
              },
              {"descriptor.layout"});
}

TEST_F(BindGroupTest, InvalidObjects) {
  Buffer bad;
  device.pushErrorScope(ErrorFilter::Validation);
  bad = device.createBuffer({.label = "roto", .size = 64});  // no usage
  BindGroupLayout badLayout = device.createBindGroupLayout(
      {.label = "malo", .entries = {uniformEntry(0), uniformEntry(0)}});
  EXPECT_TRUE(device.popErrorScope().error.has_value());
  expectError(
      ErrorCode::InvalidObject,
      [&] {
        device.createBindGroup(
            {.layout = one(uniformEntry(0)), .entries = {{.binding = 0, .resource = bad}}});
      },
      {"descriptor.entries[0].resource is [Invalid Buffer \"roto\"]", "Its creation failed"});
  expectError(ErrorCode::InvalidObject, [&] { device.createBindGroup({.layout = badLayout}); },
              {"descriptor.layout is [Invalid BindGroupLayout \"malo\"]"});
}

TEST_F(BindGroupTest, FailureLeavesAnInvalidGroupAndDropsItsReferences) {
  BindGroupLayout l = layout({uniformEntry(0), samplerEntry(1)});
  Buffer b = buffer(64);
  Sampler wrong = sampler({.compare = CompareFunction::Less});
  uint32_t before = core::fromHandle<core::BufferBase>(b)->refCount();
  BindGroup g;
  expectError(ErrorCode::BindGroupSamplerTypeMismatch, [&] {
    g = device.createBindGroup(
        {.layout = l,
         .entries = {{.binding = 0, .resource = b}, {.binding = 1, .resource = wrong}}});
  });
  EXPECT_FALSE(base(g)->isValid());
  EXPECT_EQ(core::fromHandle<core::BufferBase>(b)->refCount(), before);
}

// --- what a group stores -----------------------------------------------------------------

TEST_F(BindGroupTest, StoresWhatDrawTimeNeeds) {
  BindGroupLayout l = layout({samplerEntry(1),
                              uniformEntry(0),
                              textureEntry(3),
                              {.binding = 7,
                               .visibility = kFragment,
                               .buffer = BufferBindingLayout{.hasDynamicOffset = true}}});
  Buffer a = buffer(1024);
  Sampler s = sampler();
  Texture t = texture({4, 4});
  TextureView v = view(t);
  BindGroup g =
      valid({.layout = l,
             .entries = {
                 {.binding = 3, .resource = v},
                 {.binding = 7, .resource = BufferBinding{.buffer = a, .offset = 512, .size = 16}},
                 {.binding = 1, .resource = s},
                 {.binding = 0, .resource = BufferBinding{.buffer = a, .size = 96}}}});
  core::BindGroupBase* bg = base(g);
  ASSERT_EQ(bg->entryCount(), 4u);
  ASSERT_EQ(bg->bufferCount(), 2u);
  // Dense order: the dynamic buffer (7), the other buffer (0), then 1, 3.
  EXPECT_EQ(bg->layoutEntry(0).binding, 7u);
  EXPECT_EQ(bg->bufferRange(0).offset, 512u);
  EXPECT_EQ(bg->bufferRange(0).size, 16u);
  EXPECT_EQ(bg->layoutEntry(1).binding, 0u);
  EXPECT_EQ(bg->bufferRange(1).size, 96u);
  EXPECT_EQ(bg->buffer(1), core::fromHandle<core::BufferBase>(a));
  EXPECT_EQ(bg->sampler(2), core::fromHandle<core::SamplerBase>(s));
  EXPECT_EQ(bg->textureView(3), core::fromHandle<core::TextureViewBase>(v));
  EXPECT_EQ(g.layout(), l);
}

TEST_F(BindGroupTest, GroupKeepsItsResourcesAlive) {
  BindGroupLayout l = one(uniformEntry(0));
  BindGroup g;
  core::BufferBase* raw;
  {
    Buffer b = buffer(64);
    raw = core::fromHandle<core::BufferBase>(b);
    g = valid({.layout = l, .entries = {{.binding = 0, .resource = b}}});
  }
  EXPECT_EQ(raw->refCount(), 1u);  // only the group holds it now
  EXPECT_EQ(base(g)->buffer(0)->size(), 64u);
}

TEST_F(BindGroupTest, BytesPerGroup) {
  // 4 entries, one of them a buffer: the object plus 4 pointers and 1 range.
  size_t bytes = core::BindGroupBase::allocationSize(4, 1);
  EXPECT_LT(bytes, 200u);
  RecordProperty("bytes_per_4_entry_group", static_cast<int>(bytes));
}

// --- group-equivalence and the layout diff ----------------------------------------------

TEST_F(BindGroupTest, EqualExplicitLayoutsAreInterchangeable) {
  BindGroupLayout a = layout({uniformEntry(0), samplerEntry(1)}, "a");
  BindGroupLayout b = layout({samplerEntry(1), uniformEntry(0)}, "b");
  Buffer u = buffer(64);
  Sampler s = sampler();
  BindGroup g = valid(
      {.layout = a, .entries = {{.binding = 0, .resource = u}, {.binding = 1, .resource = s}}});
  core::MaybeError ok = core::validateBindGroupLayoutEquivalent(
      *base(g), *core::fromHandle<core::BindGroupLayoutBase>(b), "the pipeline's @group(0)");
  EXPECT_TRUE(ok.isSuccess());
}

TEST_F(BindGroupTest, LayoutDiffListsEveryDifference) {
  BindGroupLayout expected =
      layout({uniformEntry(0, 144), samplerEntry(1), textureEntry(2), samplerEntry(4)}, "esperado");
  BindGroupLayout actual =
      layout({uniformEntry(0, 64),
              samplerEntry(1, SamplerBindingType::Comparison),
              textureEntry(2, {.sampleType = TextureSampleType::Depth}),
              {.binding = 3, .visibility = kFragment, .buffer = BufferBindingLayout{}}},
             "real");
  Buffer u = buffer(256, BufferUsage::Uniform);
  Sampler cmp = sampler({.compare = CompareFunction::Less});
  TextureView depth = view(texture({4, 4}, TextureFormat::Depth32float));
  BindGroup g = valid({.label = "grupo",
                       .layout = actual,
                       .entries = {{.binding = 0, .resource = u},
                                   {.binding = 1, .resource = cmp},
                                   {.binding = 2, .resource = depth},
                                   {.binding = 3, .resource = u}}});
  core::MaybeError error = core::validateBindGroupLayoutEquivalent(
      *base(g), *core::fromHandle<core::BindGroupLayoutBase>(expected), "the pipeline's @group(0)");
  ASSERT_TRUE(error.isError());
  EXPECT_EQ(error->code, ErrorCode::BindGroupLayoutNotEquivalent);
  const std::string& m = error->message;
  EXPECT_THAT(m, HasSubstr("[BindGroup \"grupo\"] was created with [BindGroupLayout \"real\"]"));
  EXPECT_THAT(m, HasSubstr("not group-equivalent to [BindGroupLayout \"esperado\"]"));
  EXPECT_THAT(m,
              HasSubstr("~ binding 0: expected vs the group's: buffer.minBindingSize 144 vs 64"));
  EXPECT_THAT(
      m,
      HasSubstr("~ binding 1: expected vs the group's: sampler.type 'filtering' vs 'comparison'"));
  EXPECT_THAT(
      m, HasSubstr("~ binding 2: expected vs the group's: texture.sampleType 'float' vs 'depth'"));
  EXPECT_THAT(m, HasSubstr("+ binding 3: the group's layout has buffer: {type: 'uniform'"));
  EXPECT_THAT(m, HasSubstr("- binding 4: expected sampler: {type: 'filtering'}"));
  EXPECT_THAT(m, Not(HasSubstr("incompatible")));
}

TEST_F(BindGroupTest, LayoutDiffOfVisibility) {
  BindGroupLayout expected =
      layout({{.binding = 0, .visibility = kVertex, .buffer = BufferBindingLayout{}}});
  BindGroupLayout actual =
      layout({{.binding = 0, .visibility = kFragment, .buffer = BufferBindingLayout{}}});
  Buffer u = buffer(64);
  BindGroup g = valid({.layout = actual, .entries = {{.binding = 0, .resource = u}}});
  core::MaybeError error = core::validateBindGroupLayoutEquivalent(
      *base(g), *core::fromHandle<core::BindGroupLayoutBase>(expected), "here");
  ASSERT_TRUE(error.isError());
  EXPECT_THAT(error->message,
              HasSubstr("binding 0: expected vs the group's: visibility GPUShaderStage.VERTEX vs "
                        "GPUShaderStage.FRAGMENT"));
}

TEST_F(BindGroupTest, MessagesNameOnlyTheirOwnLabels) {
  // Two equal layouts share their contents; a message about a group made with
  // the second never names the first.
  BindGroupLayout first = layout({uniformEntry(0)}, "primero");
  BindGroupLayout second = layout({uniformEntry(0)}, "segundo");
  Error e = expectError(ErrorCode::BindGroupEntryCountMismatch,
                        [&] { device.createBindGroup({.layout = second}); }, {"segundo"});
  EXPECT_THAT(e.message, Not(HasSubstr("primero")));
}

TEST_F(BindGroupTest, AutoLayoutGroupIsTiedToItsPipeline) {
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  BindGroupLayout pipelineStandIn = layout({}, "pipeline A");
  BindGroupLayoutDescriptor d{.label = "auto", .entries = {uniformEntry(0)}};
  core::Ref<core::BindGroupLayoutBase> autoLayout;
  ASSERT_TRUE(dev->createAutoBindGroupLayout(
                     d, core::fromHandle<core::BindGroupLayoutBase>(pipelineStandIn), &autoLayout)
                  .isSuccess());
  BindGroupLayout explicitLayout = layout({uniformEntry(0)}, "explícito");
  Buffer u = buffer(64);
  BindGroup g = valid({.layout = core::toHandle<BindGroupLayout>(autoLayout),
                       .entries = {{.binding = 0, .resource = u}}});
  core::MaybeError error = core::validateBindGroupLayoutEquivalent(
      *base(g), *core::fromHandle<core::BindGroupLayoutBase>(explicitLayout),
      "the pipeline's @group(0)");
  ASSERT_TRUE(error.isError());
  EXPECT_THAT(error->message, HasSubstr("[[exclusivePipeline]]"));
  EXPECT_THAT(error->message,
              HasSubstr("made by the layout: 'auto' of [BindGroupLayout \"pipeline A\"]"));
}

}  // namespace
}  // namespace bindery::testing
