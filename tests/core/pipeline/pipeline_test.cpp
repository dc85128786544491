// #compute-pipeline-creation with explicit layouts: entry points, constants,
// "validating shader binding" rule by rule, the filtering-sampler rule, the
// compute limits, getBindGroupLayout, the async form and strict mode.
#include "core/pipeline/pipeline.h"
#include <cmath>

#include "core/base/handles.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

class PipelineTest : public DeviceTest {
 protected:
  ShaderModule module(const std::string& code, std::string label = "m") {
    ShaderModule m = device.createShaderModule({.label = std::move(label), .code = code});
    EXPECT_TRUE(core::fromHandle<core::ShaderModuleBase>(m)->isValid())
        << m.getCompilationInfo().messages.front().message;
    return m;
  }
  // A pipeline layout with one group of `entries`.
  PipelineLayout layout(std::vector<BindGroupLayoutEntry> entries, std::string label = "g0") {
    BindGroupLayout bgl =
        device.createBindGroupLayout({.label = std::move(label), .entries = std::move(entries)});
    return device.createPipelineLayout({.label = "pl", .bindGroupLayouts = {bgl}});
  }
  // A compute shader using `decl` (named `r`) with `use` in main.
  std::string compute(const std::string& decl, const std::string& use) {
    return decl + "\n@compute @workgroup_size(1) fn main() {\n  " + use + "\n}\n";
  }
  ComputePipeline create(const ShaderModule& m, PipelineLayoutOrAuto l,
                         std::optional<std::string> entry = std::nullopt,
                         std::map<std::string, double> constants = {}) {
    return device.createComputePipeline(
        {.label = "p",
         .layout = std::move(l),
         .compute = {
             .module = m, .entryPoint = std::move(entry), .constants = std::move(constants)}});
  }
  static bool valid(const ComputePipeline& p) {
    return core::fromHandle<core::ComputePipelineBase>(p)->isValid();
  }
  static BindGroupLayoutEntry bufferEntry(uint32_t binding, BufferBindingType type,
                                          uint64_t minSize = 0,
                                          ShaderStageFlags vis = ShaderStage::Compute) {
    return {.binding = binding,
            .visibility = vis,
            .buffer = BufferBindingLayout{.type = type, .minBindingSize = minSize}};
  }
};

constexpr const char* kStorage = "@group(0) @binding(0) var<storage, read_write> r : array<vec4f>;";

TEST_F(PipelineTest, ExplicitLayoutThatMatches) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  ComputePipeline p;
  expectValid([&] { p = create(m, layout({bufferEntry(0, BufferBindingType::Storage, 16)})); });
  EXPECT_TRUE(valid(p));
  EXPECT_EQ(p.label(), "p");
  const auto* base = core::fromHandle<core::ComputePipelineBase>(p);
  EXPECT_FALSE(base->hasAutoLayout());
  EXPECT_EQ(base->bindingInfo().groupMask, 1u);
  EXPECT_TRUE(base->bindingInfo().hasWritableBindings);
  EXPECT_EQ(base->shaderGroupMask(), 1u);
  ASSERT_EQ(base->stages().size(), 1u);
  EXPECT_EQ(base->stages()[0].entryPoint, "main");
}

TEST_F(PipelineTest, MinBufferSizesForLateCheck) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  ComputePipeline p = create(m, layout({bufferEntry(0, BufferBindingType::Storage, 0)}));
  const auto& info = core::fromHandle<core::ComputePipelineBase>(p)->bindingInfo();
  ASSERT_GE(info.minBufferSizes.size(), 1u);
  ASSERT_EQ(info.minBufferSizes[0].size(), 1u);
  EXPECT_EQ(info.minBufferSizes[0][0], 16u);  // array<vec4f>: one element
  // With a minBindingSize in the layout the check is at createBindGroup:
  // nothing is kept for it (the tracker reads a missing group as 0).
  ComputePipeline q = create(m, layout({bufferEntry(0, BufferBindingType::Storage, 32)}));
  EXPECT_TRUE(core::fromHandle<core::ComputePipelineBase>(q)->bindingInfo().minBufferSizes.empty());
  // layout: 'auto' takes the shader's sizes into its entries: none either.
  ComputePipeline a = create(m, kAutoLayout);
  EXPECT_TRUE(core::fromHandle<core::ComputePipelineBase>(a)->bindingInfo().minBufferSizes.empty());
}

TEST_F(PipelineTest, NullLayoutIsAnError) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  ComputePipeline p;
  expectError(ErrorCode::PipelineLayoutMissing, [&] { p = create(m, PipelineLayout{}); },
              {"createComputePipeline([ComputePipeline \"p\"])", "descriptor.layout", "'auto'"});
  EXPECT_FALSE(valid(p));
}

TEST_F(PipelineTest, InvalidModule) {
  ShaderModule bad;
  expectError(ErrorCode::ShaderModuleCompilationFailed,
              [&] { bad = device.createShaderModule({.label = "bad", .code = "fn ("}); });
  expectError(ErrorCode::InvalidObject, [&] { create(bad, kAutoLayout); },
              {"descriptor.compute.module", "[Invalid ShaderModule \"bad\"]"});
  expectError(ErrorCode::NullObject, [&] { create(ShaderModule{}, kAutoLayout); },
              {"descriptor.compute.module"});
}

TEST_F(PipelineTest, EntryPointSelection) {
  ShaderModule two = module(R"(
@compute @workgroup_size(1) fn a() {}
@compute @workgroup_size(1) fn b() {}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }
)");
  expectValid([&] { create(two, kAutoLayout, "a"); });
  expectValid([&] { create(two, kAutoLayout, "b"); });
  expectError(ErrorCode::PipelineEntryPointAmbiguous, [&] { create(two, kAutoLayout); },
              {"2 @compute entry points", "'a' (compute), 'b' (compute)"});
  expectError(ErrorCode::PipelineEntryPointNotFound, [&] { create(two, kAutoLayout, "c"); },
              {"no entry point named 'c'"});
  expectError(ErrorCode::PipelineEntryPointNotFound, [&] { create(two, kAutoLayout, "fs"); },
              {"'fs'", "@fragment entry point, not @compute"});
  ShaderModule one = module("@compute @workgroup_size(1) fn only() {}");
  expectValid([&] { create(one, kAutoLayout); });
  ShaderModule none = module("@fragment fn fs() -> @location(0) vec4f { return vec4f(1); }");
  expectError(ErrorCode::PipelineEntryPointAmbiguous, [&] { create(none, kAutoLayout); },
              {"no @compute entry point"});
}

TEST_F(PipelineTest, OverrideConstants) {
  ShaderModule m = module(R"(
@id(7) override gain : f32;
override width : u32 = 4;
override flag : bool = true;
override count : i32 = 1;
@compute @workgroup_size(1) fn main() {
  _ = gain; _ = width; _ = flag; _ = count;
}
@compute @workgroup_size(1) fn other() {}
)");
  expectValid([&] { create(m, kAutoLayout, "main", {{"7", 2.0}}); });
  expectValid([&] { create(m, kAutoLayout, "main", {{"7", 2.0}, {"width", 8}, {"flag", 0}}); });
  // gain has no default and main uses it.
  expectError(ErrorCode::PipelineConstantMissing, [&] { create(m, kAutoLayout, "main"); },
              {"override 'gain'", "'7'"});
  // other does not use gain: no value needed; keys still checked.
  expectValid([&] { create(m, kAutoLayout, "other"); });
  expectError(ErrorCode::PipelineConstantUnknown,
              [&] {
                create(m, kAutoLayout, "main", {{"gain", 1}});
              },
              {"'gain'", "@id(7): use the key '7'"});
  expectError(ErrorCode::PipelineConstantUnknown,
              [&] {
                create(m, kAutoLayout, "other", {{"nope", 1}});
              },
              {"'nope'"});
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, kAutoLayout, "main", {{"7", 1}, {"width", -1}});
              },
              {"range of u32"});
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, kAutoLayout, "main", {{"7", 1}, {"count", 3e9}});
              },
              {"range of i32"});
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, kAutoLayout, "main", {{"7", 1e300}});
              },
              {"range of f32"});
  expectError(ErrorCode::PipelineConstantInvalidValue,
              [&] {
                create(m, kAutoLayout, "main", {{"7", std::nan("")}});
              },
              {"not finite"});
}

TEST_F(PipelineTest, BindingNotInLayout) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"), "sim");
  Error e = expectError(
      ErrorCode::PipelineBindingNotInLayout,
      [&] { create(m, layout({bufferEntry(1, BufferBindingType::Storage)})); },
      {"entry point 'main' (compute) of [ShaderModule \"sim\"]",
       "@group(0) @binding(0) 'r' (line 1: array<vec4<f32>>)", "no entry with binding 0",
       "The shader needs the layout entry {binding: 0, visibility: GPUShaderStage.COMPUTE, "
       "buffer: {type: 'storage', hasDynamicOffset: false, minBindingSize: 16}}"});
  // No layout in the slot at all.
  ShaderModule g1 = module(compute("@group(1) @binding(0) var<uniform> u : vec4f;", "_ = u;"));
  expectError(ErrorCode::PipelineBindingNotInLayout,
              [&] { create(g1, layout({bufferEntry(0, BufferBindingType::Storage)})); },
              {"no bind group layout at @group(1)"});
}

TEST_F(PipelineTest, BufferTypeMustMatch) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  expectError(ErrorCode::PipelineBindingTypeMismatch,
              [&] { create(m, layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage)})); },
              {"buffer.type 'read-only-storage' does not match var<storage, read_write>",
               "needs 'storage'"});
  expectError(ErrorCode::PipelineBindingTypeMismatch,
              [&] { create(m, layout({bufferEntry(0, BufferBindingType::Uniform)})); },
              {"'uniform'"});
  ShaderModule ro =
      module(compute("@group(0) @binding(0) var<storage, read> r : array<u32>;", "_ = r[0];"));
  expectValid([&] { create(ro, layout({bufferEntry(0, BufferBindingType::ReadOnlyStorage)})); });
  expectError(ErrorCode::PipelineBindingTypeMismatch,
              [&] { create(ro, layout({bufferEntry(0, BufferBindingType::Storage)})); },
              {"var<storage, read>"});
}

TEST_F(PipelineTest, KindMustMatch) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  expectError(ErrorCode::PipelineBindingTypeMismatch,
              [&] {
                create(m, layout({{.binding = 0,
                                   .visibility = ShaderStage::Compute,
                                   .sampler = SamplerBindingLayout{}}}));
              },
              {"a sampler entry where the shader declares a buffer"});
}

TEST_F(PipelineTest, MinBindingSizeAgainstTheShader) {
  ShaderModule m =
      module(compute("struct Camara { vista : mat4x4f, proyeccion : mat4x4f, posicion : vec3f, };\n"
                     "@group(0) @binding(0) var<uniform> camara : Camara;",
                     "_ = camara.posicion;"));
  expectValid([&] { create(m, layout({bufferEntry(0, BufferBindingType::Uniform, 144)})); });
  expectValid([&] { create(m, layout({bufferEntry(0, BufferBindingType::Uniform, 0)})); });
  expectValid([&] { create(m, layout({bufferEntry(0, BufferBindingType::Uniform, 256)})); });
  expectError(ErrorCode::PipelineBindingMinBindingSizeTooSmall,
              [&] { create(m, layout({bufferEntry(0, BufferBindingType::Uniform, 128)})); },
              {"buffer.minBindingSize (128)", "Camara (144 bytes)", "minBindingSize: 144"});
}

TEST_F(PipelineTest, VisibilityMustIncludeTheStage) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  expectError(
      ErrorCode::PipelineBindingVisibility,
      [&] {
        create(m, layout({bufferEntry(0, BufferBindingType::Storage, 0, ShaderStage::Fragment)}));
      },
      {"visibility (GPUShaderStage.FRAGMENT) lacks GPUShaderStage.COMPUTE",
       "visibility: GPUShaderStage.FRAGMENT | GPUShaderStage.COMPUTE"});
}

TEST_F(PipelineTest, SamplerTypes) {
  ShaderModule cmp = module(compute("@group(0) @binding(0) var s : sampler_comparison;", "_ = s;"));
  expectError(
      ErrorCode::PipelineBindingTypeMismatch,
      [&] {
        create(cmp,
               layout({{.binding = 0,
                        .visibility = ShaderStage::Compute,
                        .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}}}));
      },
      {"sampler.type 'filtering' does not match sampler_comparison", "'comparison'"});
  ShaderModule plain = module(compute("@group(0) @binding(0) var s : sampler;", "_ = s;"));
  for (SamplerBindingType t : {SamplerBindingType::Filtering, SamplerBindingType::NonFiltering}) {
    expectValid([&] {
      create(plain, layout({{.binding = 0,
                             .visibility = ShaderStage::Compute,
                             .sampler = SamplerBindingLayout{.type = t}}}));
    });
  }
  expectError(
      ErrorCode::PipelineBindingTypeMismatch,
      [&] {
        create(plain,
               layout({{.binding = 0,
                        .visibility = ShaderStage::Compute,
                        .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}}}));
      },
      {"'filtering' or 'non-filtering'"});
}

BindGroupLayoutEntry textureEntry(TextureSampleType type, TextureViewDimension dim,
                                  bool ms = false) {
  return {.binding = 0,
          .visibility = ShaderStage::Compute,
          .texture =
              TextureBindingLayout{.sampleType = type, .viewDimension = dim, .multisampled = ms}};
}

TEST_F(PipelineTest, TextureSampleTypes) {
  auto tex = [&](const char* type) {
    return module(compute(std::string("@group(0) @binding(0) var t : ") + type + ";",
                          "_ = textureDimensions(t);"));
  };
  ShaderModule f32 = tex("texture_2d<f32>");
  ShaderModule u32 = tex("texture_2d<u32>");
  ShaderModule i32 = tex("texture_2d<i32>");
  ShaderModule depth = tex("texture_depth_2d");
  using T = TextureSampleType;
  using D = TextureViewDimension;
  expectValid([&] { create(f32, layout({textureEntry(T::Float, D::e2D)})); });
  expectValid([&] { create(f32, layout({textureEntry(T::UnfilterableFloat, D::e2D)})); });
  expectValid([&] { create(f32, layout({textureEntry(T::Depth, D::e2D)})); });
  expectValid([&] { create(u32, layout({textureEntry(T::Uint, D::e2D)})); });
  expectValid([&] { create(i32, layout({textureEntry(T::Sint, D::e2D)})); });
  expectValid([&] { create(depth, layout({textureEntry(T::Depth, D::e2D)})); });
  expectError(ErrorCode::PipelineBindingTextureSampleType,
              [&] { create(u32, layout({textureEntry(T::Float, D::e2D)})); },
              {"texture.sampleType 'float' needs a texture_*<f32>", "texture_2d<u32>",
               "sampleType: 'uint'"});
  expectError(ErrorCode::PipelineBindingTextureSampleType,
              [&] { create(f32, layout({textureEntry(T::Sint, D::e2D)})); }, {"'sint'"});
  expectError(ErrorCode::PipelineBindingTextureSampleType,
              [&] { create(depth, layout({textureEntry(T::Float, D::e2D)})); },
              {"texture_depth_2d"});
}

TEST_F(PipelineTest, TextureViewDimensionAndMultisampled) {
  using T = TextureSampleType;
  using D = TextureViewDimension;
  ShaderModule cube = module(
      compute("@group(0) @binding(0) var t : texture_cube<f32>;", "_ = textureDimensions(t);"));
  expectValid([&] { create(cube, layout({textureEntry(T::Float, D::Cube)})); });
  expectError(ErrorCode::PipelineBindingTextureViewDimension,
              [&] { create(cube, layout({textureEntry(T::Float, D::e2D)})); },
              {"texture.viewDimension '2d' does not match texture_cube<f32>", "needs 'cube'",
               "viewDimension: 'cube'"});
  ShaderModule ms = module(compute("@group(0) @binding(0) var t : texture_multisampled_2d<f32>;",
                                   "_ = textureDimensions(t);"));
  expectValid([&] { create(ms, layout({textureEntry(T::UnfilterableFloat, D::e2D, true)})); });
  expectError(ErrorCode::PipelineBindingTextureMultisampled,
              [&] { create(ms, layout({textureEntry(T::UnfilterableFloat, D::e2D, false)})); },
              {"texture.multisampled is false", "multisampled: true"});
  ShaderModule single = module(
      compute("@group(0) @binding(0) var t : texture_2d<f32>;", "_ = textureDimensions(t);"));
  expectError(ErrorCode::PipelineBindingTextureMultisampled,
              [&] { create(single, layout({textureEntry(T::UnfilterableFloat, D::e2D, true)})); },
              {"is not multisampled"});
}

BindGroupLayoutEntry storageEntry(StorageTextureAccess access, TextureFormat format,
                                  TextureViewDimension dim = TextureViewDimension::e2D) {
  return {.binding = 0,
          .visibility = ShaderStage::Compute,
          .storageTexture = StorageTextureBindingLayout{
              .access = access, .format = format, .viewDimension = dim}};
}

TEST_F(PipelineTest, StorageTextures) {
  using A = StorageTextureAccess;
  ShaderModule w =
      module(compute("@group(0) @binding(0) var t : texture_storage_2d<rgba8unorm, write>;",
                     "textureStore(t, vec2u(0), vec4f(1));"));
  expectValid([&] { create(w, layout({storageEntry(A::WriteOnly, TextureFormat::Rgba8unorm)})); });
  // 'read-write' in the layout accepts a `write` declaration.
  ShaderModule rw32 =
      module(compute("@group(0) @binding(0) var t : texture_storage_2d<r32float, write>;",
                     "textureStore(t, vec2u(0), vec4f(1));"));
  expectValid([&] { create(rw32, layout({storageEntry(A::ReadWrite, TextureFormat::R32float)})); });
  expectError(ErrorCode::PipelineBindingStorageTextureAccess,
              [&] { create(w, layout({storageEntry(A::ReadOnly, TextureFormat::Rgba8unorm)})); },
              {"storageTexture.access 'read-only' does not allow the access mode 'write'"});
  expectError(ErrorCode::PipelineBindingStorageTextureFormat,
              [&] { create(w, layout({storageEntry(A::WriteOnly, TextureFormat::Rgba16float)})); },
              {"storageTexture.format 'rgba16float' differs from the texel format 'rgba8unorm'",
               "format: 'rgba8unorm'"});
  expectError(ErrorCode::PipelineBindingTextureViewDimension,
              [&] {
                create(w, layout({storageEntry(A::WriteOnly, TextureFormat::Rgba8unorm,
                                               TextureViewDimension::e2DArray)}));
              },
              {"storageTexture.viewDimension '2d-array'"});
  ShaderModule r =
      module(compute("@group(0) @binding(0) var t : texture_storage_2d<r32float, read>;",
                     "_ = textureLoad(t, vec2u(0));"));
  expectError(ErrorCode::PipelineBindingStorageTextureAccess,
              [&] { create(r, layout({storageEntry(A::WriteOnly, TextureFormat::R32float)})); },
              {"'write-only'", "'read'"});
}

TEST_F(PipelineTest, FilteringSamplerNeedsFloatTexture) {
  std::string code = compute(
      "@group(0) @binding(0) var t : texture_2d<f32>;\n@group(0) @binding(1) var s : sampler;",
      "_ = textureSampleLevel(t, s, vec2f(0), 0.0);");
  ShaderModule m = module(code);
  auto l = [&](TextureSampleType tt, SamplerBindingType st) {
    return layout({textureEntry(tt, TextureViewDimension::e2D),
                   {.binding = 1,
                    .visibility = ShaderStage::Compute,
                    .sampler = SamplerBindingLayout{.type = st}}});
  };
  expectValid([&] { create(m, l(TextureSampleType::Float, SamplerBindingType::Filtering)); });
  expectValid([&] {
    create(m, l(TextureSampleType::UnfilterableFloat, SamplerBindingType::NonFiltering));
  });
  expectValid([&] { create(m, l(TextureSampleType::Float, SamplerBindingType::NonFiltering)); });
  expectError(
      ErrorCode::PipelineFilteringSamplerNonFloatTexture,
      [&] { create(m, l(TextureSampleType::UnfilterableFloat, SamplerBindingType::Filtering)); },
      {"samples @group(0) @binding(0) 't'", "with @group(0) @binding(1) 's'",
       "'filtering' sampler may only be used with a texture whose sampleType is 'float'",
       "type: 'non-filtering'"});
}

TEST_F(PipelineTest, WorkgroupLimits) {
  expectError(ErrorCode::PipelineWorkgroupSizeExceedsLimit,
              [&] { create(module("@compute @workgroup_size(512) fn main() {}"), kAutoLayout); },
              {"maxComputeWorkgroupSizeX limit (256)"});
  expectError(
      ErrorCode::PipelineWorkgroupSizeExceedsLimit,
      [&] { create(module("@compute @workgroup_size(1, 1, 65) fn main() {}"), kAutoLayout); },
      {"maxComputeWorkgroupSizeZ"});
  expectError(ErrorCode::PipelineWorkgroupInvocationsExceedLimit,
              [&] { create(module("@compute @workgroup_size(16, 32) fn main() {}"), kAutoLayout); },
              {"512 invocations", "maxComputeInvocationsPerWorkgroup limit (256)"});
  expectValid(
      [&] { create(module("@compute @workgroup_size(16, 16) fn main() {}"), kAutoLayout); });
  expectError(ErrorCode::PipelineWorkgroupStorageExceedsLimit,
              [&] {
                create(module("var<workgroup> big : array<f32, 5000>;\n"
                              "@compute @workgroup_size(1) fn main() { big[0] = 1.0; }"),
                       kAutoLayout);
              },
              {"20000 bytes", "maxComputeWorkgroupStorageSize limit (16384)"});
  // Unused workgroup variables do not count.
  expectValid([&] {
    create(module("var<workgroup> big : array<f32, 5000>;\n"
                  "@compute @workgroup_size(1) fn main() {}"),
           kAutoLayout);
  });
}

TEST_F(PipelineTest, GetBindGroupLayoutIndexRules) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  ComputePipeline p = create(m, layout({bufferEntry(0, BufferBindingType::Storage)}));
  BindGroupLayout g0;
  expectValid([&] { g0 = p.getBindGroupLayout(0); });
  EXPECT_EQ(g0.entries().size(), 1u);
  BindGroupLayout g3;
  expectValid([&] { g3 = p.getBindGroupLayout(3); });  // < maxBindGroups: an empty layout
  EXPECT_TRUE(g3.entries().empty());
  expectError(ErrorCode::PipelineGetBindGroupLayoutIndexOutOfRange,
              [&] { p.getBindGroupLayout(4); },
              {"getBindGroupLayout(4)", "maxBindGroups limit (4)"});
  ComputePipeline bad;
  expectError(ErrorCode::PipelineBindingNotInLayout, [&] { bad = create(m, layout({})); });
  expectError(ErrorCode::InvalidObject, [&] { bad.getBindGroupLayout(0); },
              {"[Invalid ComputePipeline \"p\"]"});
}

TEST_F(PipelineTest, AsyncResolvesAtTick) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  std::optional<CreatePipelineAsyncResult<ComputePipeline>> got;
  expectValid([&] {
    device.createComputePipelineAsync(
        {.label = "async", .layout = kAutoLayout, .compute = {.module = m}},
        [&](CreatePipelineAsyncResult<ComputePipeline> r) { got = std::move(r); });
  });
  EXPECT_FALSE(got);
  device.tick();
  ASSERT_TRUE(got);
  EXPECT_FALSE(got->error);
  ASSERT_TRUE(got->pipeline);
  EXPECT_TRUE(valid(got->pipeline));
}

TEST_F(PipelineTest, AsyncRejectsWithoutDispatching) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  std::optional<CreatePipelineAsyncResult<ComputePipeline>> got;
  expectValid([&] {  // no error reaches the scope
    device.createComputePipelineAsync(
        {.layout = kAutoLayout, .compute = {.module = m, .entryPoint = "nope"}},
        [&](CreatePipelineAsyncResult<ComputePipeline> r) { got = std::move(r); });
    device.tick();
  });
  ASSERT_TRUE(got);
  ASSERT_TRUE(got->error);
  EXPECT_EQ(got->error->reason, PipelineErrorReason::Validation);
  EXPECT_EQ(got->error->code, ErrorCode::PipelineEntryPointNotFound);
  EXPECT_THAT(got->error->message, ::testing::HasSubstr("createComputePipelineAsync"));
  EXPECT_EQ(toString(got->error->reason), "validation");
  EXPECT_TRUE(uncaptured.empty());
}

// #dom-gpudevice-createcomputepipelineasync: a device lost before creation
// completes resolves with an invalid pipeline, never a GPUPipelineError.
TEST_F(PipelineTest, AsyncOnALostDeviceResolves) {
  ShaderModule m = module(compute(kStorage, "r[0] = vec4f(1);"));
  std::optional<CreatePipelineAsyncResult<ComputePipeline>> got;
  device.createComputePipelineAsync(
      {.layout = kAutoLayout, .compute = {.module = m, .entryPoint = "nope"}},
      [&](CreatePipelineAsyncResult<ComputePipeline> r) { got = std::move(r); });
  device.destroy();
  device.tick();
  ASSERT_TRUE(got);
  EXPECT_FALSE(got->error);
  ASSERT_TRUE(got->pipeline);
  EXPECT_FALSE(valid(got->pipeline));
}

// checkShaderBindings (bindery check): the same messages without a device.
TEST(ShaderCheckTest, SameMessagesWithoutADevice) {
  std::string code =
      std::string(kStorage) + "\n@compute @workgroup_size(1) fn main() { r[0] = vec4f(1); }\n";
  std::vector<std::vector<BindGroupLayoutEntry>> groups = {
      {{.binding = 0,
        .visibility = ShaderStage::Compute,
        .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}}}};
  ShaderCheckResult r =
      checkShaderBindings(code, groups, {.moduleName = "sim.wgsl", .layoutName = "layout.json"});
  ASSERT_TRUE(r.compiled);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].code, ErrorCode::PipelineBindingTypeMismatch);
  EXPECT_THAT(r.errors[0].message,
              ::testing::HasSubstr("entry point 'main' (compute) of sim.wgsl uses @group(0) "
                                   "@binding(0) 'r'"));
  EXPECT_THAT(r.errors[0].message, ::testing::HasSubstr("@group(0) of layout.json"));
  EXPECT_THAT(r.errors[0].message, ::testing::HasSubstr("buffer: {type: 'storage'"));
  groups[0][0].buffer->type = BufferBindingType::Storage;
  EXPECT_TRUE(checkShaderBindings(code, groups).errors.empty());
  EXPECT_EQ(checkShaderBindings(code, groups, {.entryPoint = "nope"}).errors[0].code,
            ErrorCode::PipelineEntryPointNotFound);
  EXPECT_FALSE(checkShaderBindings("fn (", groups).compiled);
}

TEST(PipelineStrictTest, ErrorIsReturnedAtTheCall) {
  DeviceOptions options;
  options.descriptor.strict = true;
  Device device = makeDevice(options);
  std::vector<Error> uncaptured;
  device.setUncapturedErrorCallback([&](const Error& e) { uncaptured.push_back(e); });
  ShaderModule m = device.createShaderModule({.code = "@compute @workgroup_size(1) fn a() {}"});
  device.createComputePipeline(
      {.layout = kAutoLayout, .compute = {.module = m, .entryPoint = "b"}});
  ASSERT_TRUE(device.lastError());
  EXPECT_EQ(device.lastError()->code, ErrorCode::PipelineEntryPointNotFound);
  EXPECT_EQ(uncaptured.size(), 1u);  // and still reported as usual
  device.createComputePipeline({.layout = kAutoLayout, .compute = {.module = m}});
  EXPECT_FALSE(device.lastError());
}

}  // namespace
}  // namespace bindery::testing
