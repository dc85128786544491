// The examples of seed articles 000 (GPUBindGroup), 001 (why groups) and 004
// (GPUBindGroupLayout), as written, with the spec's corrections noted in
// ../shared/seeds/README.md.
#include <cmath>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/resources/texture_view.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

constexpr ShaderStageFlags kVertex = ShaderStage::Vertex;
constexpr ShaderStageFlags kFragment = ShaderStage::Fragment;

class SeedBindingTest : public DeviceTest {
 protected:
  void useDevice(Device d) {
    device = std::move(d);
    device.setUncapturedErrorCallback([this](const Error& e) { uncaptured.push_back(e); });
  }
  // Seed 000's layoutMaterial: the four resource forms.
  BindGroupLayout materialLayout() {
    BindGroupLayout l;
    expectValid([&] {
      l = device.createBindGroupLayout(
          {.label = "material",
           .entries = {
               {.binding = 0,
                .visibility = kVertex | kFragment,
                .buffer = BufferBindingLayout{.minBindingSize = 96}},
               {.binding = 1, .visibility = kFragment, .sampler = SamplerBindingLayout{}},
               {.binding = 2, .visibility = kFragment, .texture = TextureBindingLayout{}},
               {.binding = 3,
                .visibility = kFragment,
                .externalTexture = ExternalTextureBindingLayout{}},
           }});
    });
    return l;
  }
  Texture albedo(uint32_t layers = 1) {
    return device.createTexture({.label = "albedo",
                                 .size = {256, 256, layers},
                                 .format = TextureFormat::Rgba8unorm,
                                 .usage = TextureUsage::TextureBinding | TextureUsage::CopyDst});
  }
  VideoFrameSource video() {
    Texture frame = device.createTexture({.label = "fotograma",
                                          .size = {1280, 720},
                                          .format = TextureFormat::Rgba8unorm,
                                          .usage = TextureUsage::TextureBinding});
    VideoFrameSource source(frame.createView());
    source.setLabel("video");
    return source;
  }
};

// Seed 000, "Las cuatro formas de un recurso": the marble material group.
TEST_F(SeedBindingTest, Seed000MarbleMaterial) {
  BindGroupLayout layoutMaterial = materialLayout();
  Buffer uniformes;
  Sampler samplerLineal;
  Texture tex;
  VideoFrameSource source;
  expectValid([&] {
    uniformes = device.createBuffer(
        {.label = "uniformes", .size = 96, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
    samplerLineal = device.createSampler(
        {.label = "lineal", .magFilter = FilterMode::Linear, .minFilter = FilterMode::Linear});
    tex = albedo();
    source = video();
  });
  BindGroup grupo;
  expectValid([&] {
    grupo = device.createBindGroup(
        {.label = "material mármol",
         .layout = layoutMaterial,
         .entries = {
             {.binding = 0,
              .resource = BufferBinding{.buffer = uniformes, .offset = 0, .size = 96}},
             {.binding = 1, .resource = samplerLineal},
             {.binding = 2, .resource = tex.createView()},
             {.binding = 3, .resource = device.importExternalTexture({.source = source})},
         }});
  });
  EXPECT_EQ(grupo.label(), "material mármol");
  // The current spec also takes the GPUTexture itself (its default view)
  // where seed 000 says it is a type error.
  expectValid([&] {
    device.createBindGroup(
        {.layout = layoutMaterial,
         .entries = {
             {.binding = 0, .resource = uniformes},
             {.binding = 1, .resource = samplerLineal},
             {.binding = 2, .resource = tex},
             {.binding = 3, .resource = device.importExternalTexture({.source = source})}}});
  });
  // "se invalida sola": the external texture expires with the next frame, so
  // the group must be recreated each frame.
  auto* g = core::fromHandle<core::BindGroupBase>(grupo);
  EXPECT_TRUE(g->validateExternalTexturesNotExpired().isSuccess());
  source.advanceFrame();
  EXPECT_EQ(g->validateExternalTexturesNotExpired()->code,
            ErrorCode::BindGroupExternalTextureExpired);
}

// Seed 000, "El subrango": 200 objects in one big uniform buffer.
TEST_F(SeedBindingTest, Seed000TwoHundredObjectsInOneBuffer) {
  BindGroupLayout layoutObjeto;
  expectValid([&] {
    layoutObjeto = device.createBindGroupLayout(
        {.label = "objeto",
         .entries = {{.binding = 0, .visibility = kVertex, .buffer = BufferBindingLayout{}}}});
  });
  const uint32_t ALINEACION = device.limits().minUniformBufferOffsetAlignment;
  EXPECT_EQ(ALINEACION, 256u);
  const uint64_t TAM = 96;
  const uint64_t paso = (TAM + ALINEACION - 1) / ALINEACION * ALINEACION;
  EXPECT_EQ(paso, 256u);
  const int objetos = 200;
  Buffer grande;
  std::vector<BindGroup> gruposPorObjeto;
  expectValid([&] {
    grande = device.createBuffer({.label = "uniformes por objeto",
                                  .size = paso * objetos,
                                  .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
    for (int i = 0; i < objetos; ++i) {
      gruposPorObjeto.push_back(device.createBindGroup(
          {.layout = layoutObjeto,
           .entries = {
               {.binding = 0,
                .resource = BufferBinding{.buffer = grande, .offset = i * paso, .size = TAM}}}}));
    }
  });
  ASSERT_EQ(gruposPorObjeto.size(), 200u);
  auto* last = core::fromHandle<core::BindGroupBase>(gruposPorObjeto.back());
  EXPECT_EQ(last->bufferRange(0).offset, 199u * 256u);
  EXPECT_EQ(last->bufferRange(0).size, 96u);
  // An offset between two steps is refused, naming the limit.
  expectError(
      ErrorCode::BindGroupBufferOffsetAlignment,
      [&] {
        device.createBindGroup({.layout = layoutObjeto,
                                .entries = {{.binding = 0,
                                             .resource = BufferBinding{
                                                 .buffer = grande, .offset = 96, .size = TAM}}}});
      },
      {"minUniformBufferOffsetAlignment (256)"});
}

// "Consultarlos y usar el valor real ahorra memoria en hardware que solo exige 32 o 64."
TEST_F(SeedBindingTest, Seed000SmallerRealAlignment) {
  DeviceOptions options;
  Limits adapterLimits;
  adapterLimits.minUniformBufferOffsetAlignment = 64;
  options.adapter.limits = adapterLimits;
  options.descriptor.requiredLimits = {{"minUniformBufferOffsetAlignment", 64}};
  useDevice(makeDevice(options));
  BindGroupLayout layoutObjeto;
  expectValid([&] {
    layoutObjeto = device.createBindGroupLayout(
        {.entries = {{.binding = 0, .visibility = kVertex, .buffer = BufferBindingLayout{}}}});
  });
  const uint32_t ALINEACION = device.limits().minUniformBufferOffsetAlignment;
  ASSERT_EQ(ALINEACION, 64u);
  const uint64_t TAM = 96;
  const uint64_t paso = (TAM + ALINEACION - 1) / ALINEACION * ALINEACION;
  EXPECT_EQ(paso, 128u);  // half the memory of the 256-byte step
  Buffer grande = device.createBuffer({.size = paso * 200, .usage = BufferUsage::Uniform});
  expectValid([&] {
    for (uint64_t i = 0; i < 200; ++i) {
      device.createBindGroup(
          {.layout = layoutObjeto,
           .entries = {
               {.binding = 0,
                .resource = BufferBinding{.buffer = grande, .offset = i * paso, .size = TAM}}}});
    }
  });
}

// Seed 000, "Inmutable de verdad": changing a material's texture means a new group.
TEST_F(SeedBindingTest, Seed000NewGroupForANewTexture) {
  BindGroupLayout layoutMaterial = materialLayout();
  Buffer u = device.createBuffer({.size = 96, .usage = BufferUsage::Uniform});
  Sampler s = device.createSampler();
  VideoFrameSource source = video();
  auto make = [&](const Texture& t) {
    return device.createBindGroup(
        {.layout = layoutMaterial,
         .entries = {
             {.binding = 0, .resource = u},
             {.binding = 1, .resource = s},
             {.binding = 2, .resource = t.createView()},
             {.binding = 3, .resource = device.importExternalTexture({.source = source})}}});
  };
  BindGroup a, b;
  Texture t1 = albedo(), t2 = albedo();
  expectValid([&] {
    a = make(t1);
    b = make(t2);
  });
  EXPECT_NE(core::fromHandle<core::BindGroupBase>(a)->textureView(2)->texture(),
            core::fromHandle<core::BindGroupBase>(b)->textureView(2)->texture());
}

// Seed 000, "Los errores que verás": the four errors, each naming the label,
// the binding, expected vs actual, and the fix.
TEST_F(SeedBindingTest, Seed000TheFourErrors) {
  BindGroupLayout layoutMaterial = materialLayout();
  Buffer uniformes = device.createBuffer(
      {.label = "uniformes", .size = 256, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  Sampler s = device.createSampler();
  Texture tex = albedo();
  VideoFrameSource source = video();
  ExternalTexture ext = device.importExternalTexture({.source = source});

  // 1. The entry count does not match the layout.
  expectError(ErrorCode::BindGroupEntryCountMismatch,
              [&] {
                device.createBindGroup({.label = "material mármol",
                                        .layout = layoutMaterial,
                                        .entries = {{.binding = 0, .resource = uniformes},
                                                    {.binding = 1, .resource = s},
                                                    {.binding = 2, .resource = tex.createView()}}});
              },
              {"[BindGroup \"material mármol\"]", "has 3 entries (bindings 0, 1, 2)",
               "[BindGroupLayout \"material\"] has 4 (bindings 0, 1, 2, 3)",
               "binding 3: externalTexture: {}", "Fix:"});

  // 2. The buffer's usage lacks the flag: the message says which one.
  Buffer sinUniform =
      device.createBuffer({.label = "sin UNIFORM", .size = 256, .usage = BufferUsage::CopyDst});
  expectError(ErrorCode::BindGroupBufferUsageMissing,
              [&] {
                device.createBindGroup({.label = "material mármol",
                                        .layout = layoutMaterial,
                                        .entries = {{.binding = 0, .resource = sinUniform},
                                                    {.binding = 1, .resource = s},
                                                    {.binding = 2, .resource = tex.createView()},
                                                    {.binding = 3, .resource = ext}}});
              },
              {"[BindGroup \"material mármol\"]", "binding 0",
               "has usage GPUBufferUsage.COPY_DST, which lacks GPUBufferUsage.UNIFORM",
               "Fix: Add GPUBufferUsage.UNIFORM to the usage of [Buffer \"sin UNIFORM\"]"});

  // 3. The binding is smaller than minBindingSize.
  expectError(
      ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup(
            {.label = "material mármol",
             .layout = layoutMaterial,
             .entries = {{.binding = 0, .resource = BufferBinding{.buffer = uniformes, .size = 64}},
                         {.binding = 1, .resource = s},
                         {.binding = 2, .resource = tex.createView()},
                         {.binding = 3, .resource = ext}}});
      },
      {"[BindGroup \"material mármol\"]", "binding 0", "is 64 bytes (size: 64)",
       "minBindingSize (96)", "Fix: Bind at least 96 bytes: size: 96"});

  // 4. The view dimension does not match: a texture with depthOrArrayLayers > 1
  // gives a '2d-array' view by default.
  Texture capas = albedo(4);
  Error e = expectError(
      ErrorCode::BindGroupTextureViewDimensionMismatch,
      [&] {
        device.createBindGroup({.label = "material mármol",
                                .layout = layoutMaterial,
                                .entries = {{.binding = 0, .resource = uniformes},
                                            {.binding = 1, .resource = s},
                                            {.binding = 2, .resource = capas.createView()},
                                            {.binding = 3, .resource = ext}}});
      },
      {"[BindGroup \"material mármol\"]", "binding 2: expected a view with dimension '2d'",
       "has dimension '2d-array'", "defaulted to '2d-array'",
       "createView({dimension: '2d', baseArrayLayer: n, arrayLayerCount: 1})"});
  // ...and the createView the message suggests works.
  expectValid([&] {
    device.createBindGroup(
        {.layout = layoutMaterial,
         .entries = {{.binding = 0, .resource = uniformes},
                     {.binding = 1, .resource = s},
                     {.binding = 2,
                      .resource = capas.createView({.dimension = TextureViewDimension::e2D,
                                                    .baseArrayLayer = 2,
                                                    .arrayLayerCount = 1})},
                     {.binding = 3, .resource = ext}}});
  });
}

// Seed 000: "envuelve la creación en un error scope y tendrás el mensaje".
TEST_F(SeedBindingTest, Seed000ErrorScope) {
  BindGroupLayout layoutMaterial = materialLayout();
  device.pushErrorScope(ErrorFilter::Validation);
  BindGroup grupo = device.createBindGroup({.label = "material", .layout = layoutMaterial});
  PopErrorScopeResult result = device.popErrorScope();
  ASSERT_TRUE(result.error.has_value());
  EXPECT_THAT(result.error->message, HasSubstr("createBindGroup([BindGroup \"material\"])"));
  EXPECT_FALSE(core::fromHandle<core::BindGroupBase>(grupo)->isValid());
}

// Seed 001: one material layout, one group per material, all interchangeable.
TEST_F(SeedBindingTest, Seed001MaterialsShareOneLayout) {
  BindGroupLayout layoutMaterial;
  expectValid([&] {
    layoutMaterial = device.createBindGroupLayout(
        {.label = "material",
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
  });
  struct Material {
    std::string nombre;
    Buffer uniformes;
    Sampler sampler;
    Texture textura;
  };
  std::vector<Material> materiales;
  for (int i = 0; i < 100; ++i) {
    materiales.push_back({"m" + std::to_string(i),
                          device.createBuffer({.size = 64, .usage = BufferUsage::Uniform}),
                          device.createSampler({.magFilter = FilterMode::Linear}), albedo()});
  }
  std::vector<BindGroup> grupos;
  expectValid([&] {
    for (const Material& m : materiales) {
      grupos.push_back(device.createBindGroup(
          {.label = "material " + m.nombre,
           .layout = layoutMaterial,
           .entries = {{.binding = 0, .resource = BufferBinding{.buffer = m.uniformes}},
                       {.binding = 1, .resource = m.sampler},
                       {.binding = 2, .resource = m.textura.createView()}}}));
    }
  });
  EXPECT_EQ(grupos.size(), 100u);
  EXPECT_EQ(grupos[42].label(), "material m42");
  for (const BindGroup& g : grupos) EXPECT_EQ(g.layout(), layoutMaterial);
}

// Seed 001 says identical layouts are not interchangeable; the spec makes
// equal explicit layouts group-equivalent. Only 'auto' layouts are tied.
TEST_F(SeedBindingTest, Seed001EqualExplicitLayoutsInterchangeableAutoNot) {
  BindGroupLayoutDescriptor camara{
      .label = "cámara",
      .entries = {{.binding = 0, .visibility = kVertex, .buffer = BufferBindingLayout{}}}};
  BindGroupLayout a = device.createBindGroupLayout(camara);
  camara.label = "cámara (otro pipeline)";
  BindGroupLayout b = device.createBindGroupLayout(camara);
  EXPECT_TRUE(a.isGroupEquivalent(b));
  Buffer u = device.createBuffer({.size = 64, .usage = BufferUsage::Uniform});
  BindGroup g = device.createBindGroup({.layout = a, .entries = {{.binding = 0, .resource = u}}});
  EXPECT_TRUE(
      core::validateBindGroupLayoutEquivalent(*core::fromHandle<core::BindGroupBase>(g),
                                              *core::fromHandle<core::BindGroupLayoutBase>(b),
                                              "the second pipeline's @group(0)")
          .isSuccess());
  // Two 'auto' layouts of two pipelines, equal in content, are not.
  core::DeviceBase* dev = core::fromHandle<core::DeviceBase>(device);
  BindGroupLayout p1 = device.createBindGroupLayout({.label = "pipeline 1"});
  BindGroupLayout p2 = device.createBindGroupLayout({.label = "pipeline 2"});
  core::Ref<core::BindGroupLayoutBase> auto1, auto2;
  ASSERT_TRUE(dev->createAutoBindGroupLayout(
                     camara, core::fromHandle<core::BindGroupLayoutBase>(p1), &auto1)
                  .isSuccess());
  ASSERT_TRUE(dev->createAutoBindGroupLayout(
                     camara, core::fromHandle<core::BindGroupLayoutBase>(p2), &auto2)
                  .isSuccess());
  EXPECT_FALSE(auto1->isGroupEquivalent(*auto2));
  BindGroup ga = device.createBindGroup({.layout = core::toHandle<BindGroupLayout>(auto1),
                                         .entries = {{.binding = 0, .resource = u}}});
  core::MaybeError error = core::validateBindGroupLayoutEquivalent(
      *core::fromHandle<core::BindGroupBase>(ga), *auto2, "pipeline 2's @group(0)");
  ASSERT_TRUE(error.isError());
  EXPECT_EQ(error->code, ErrorCode::BindGroupLayoutNotEquivalent);
}

// Seed 001: the guaranteed limits it quotes (maxBindingsPerBindGroup per the spec).
TEST_F(SeedBindingTest, Seed001Limits) {
  const Limits& l = device.limits();
  EXPECT_EQ(l.maxBindGroups, 4u);
  EXPECT_EQ(l.maxBindingsPerBindGroup, 1000u);  // the seed's 640 is older than the spec
  EXPECT_EQ(l.maxUniformBuffersPerShaderStage, 12u);
  EXPECT_EQ(l.maxSampledTexturesPerShaderStage, 16u);
  // "No son cuatro recursos: son cuatro grupos."
  std::vector<BindGroupLayout> five(5, device.createBindGroupLayout({}));
  expectError(ErrorCode::PipelineLayoutTooManyBindGroups,
              [&] { device.createPipelineLayout({.bindGroupLayouts = five}); });
}

// Seeds 001 and 004: the visibility rules.
TEST_F(SeedBindingTest, Seed001And004VisibilityRules) {
  expectError(ErrorCode::BindGroupLayoutVertexWritableStorage, [&] {
    device.createBindGroupLayout(
        {.entries = {{.binding = 0,
                      .visibility = kVertex,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
  });
  expectValid([&] {
    device.createBindGroupLayout(
        {.entries = {{.binding = 0,
                      .visibility = kVertex,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}}}});
  });
  // A write-only storage texture in VERTEX is refused; read-only is allowed by the spec.
  expectError(ErrorCode::BindGroupLayoutVertexWritableStorage, [&] {
    device.createBindGroupLayout({.entries = {{.binding = 0,
                                               .visibility = kVertex,
                                               .storageTexture = StorageTextureBindingLayout{
                                                   .format = TextureFormat::Rgba8unorm}}}});
  });
  expectValid([&] {
    device.createBindGroupLayout({.entries = {{.binding = 0,
                                               .visibility = kVertex,
                                               .storageTexture = StorageTextureBindingLayout{
                                                   .access = StorageTextureAccess::ReadOnly,
                                                   .format = TextureFormat::Rgba8unorm}}}});
  });
}

// Seed 004: the scene layout against its shader, and a group for it.
TEST_F(SeedBindingTest, Seed004SceneLayoutAndGroup) {
  BindGroupLayout layoutEscena;
  expectValid([&] {
    layoutEscena = device.createBindGroupLayout(
        {.label = "escena",
         .entries = {
             {.binding = 0,
              .visibility = kVertex | kFragment,
              .buffer =
                  BufferBindingLayout{.type = BufferBindingType::Uniform, .minBindingSize = 144}},
             {.binding = 1,
              .visibility = kFragment,
              .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}},
             {.binding = 2,
              .visibility = kFragment,
              .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}},
             {.binding = 3,
              .visibility = kFragment,
              .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth,
                                              .viewDimension = TextureViewDimension::e2D}},
             {.binding = 4,
              .visibility = kFragment,
              .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}},
         }});
  });
  std::vector<BindGroupLayoutEntry> entries = layoutEscena.entries();
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[0].buffer->minBindingSize, 144u);
  // "si mañana la necesitas también en vertex, el layout ya lo permite": a
  // read-only storage buffer may be visible to the vertex stage.
  expectValid([&] {
    device.createBindGroupLayout(
        {.entries = {{.binding = 4,
                      .visibility = kVertex | kFragment,
                      .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}}}});
  });
  Buffer camara = device.createBuffer(
      {.label = "cámara", .size = 144, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  Buffer luces = device.createBuffer(
      {.label = "luces", .size = 32 * 16, .usage = BufferUsage::Storage | BufferUsage::CopyDst});
  Sampler muestreo = device.createSampler({.magFilter = FilterMode::Linear});
  Sampler sombraCmp = device.createSampler({.compare = CompareFunction::Less});
  Texture mapaSombra = device.createTexture(
      {.label = "mapa de sombra",
       .size = {1024, 1024},
       .format = TextureFormat::Depth32float,
       .usage = TextureUsage::TextureBinding | TextureUsage::RenderAttachment});
  expectValid([&] {
    device.createBindGroup({.label = "escena",
                            .layout = layoutEscena,
                            .entries = {{.binding = 0, .resource = camara},
                                        {.binding = 1, .resource = muestreo},
                                        {.binding = 2, .resource = sombraCmp},
                                        {.binding = 3, .resource = mapaSombra.createView()},
                                        {.binding = 4, .resource = luces}}});
  });
  // A camera buffer of 128 bytes (the vec3 forgotten) fails at creation, thanks
  // to minBindingSize 144.
  Buffer corta =
      device.createBuffer({.label = "cámara corta", .size = 128, .usage = BufferUsage::Uniform});
  expectError(
      ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup({.label = "escena",
                                .layout = layoutEscena,
                                .entries = {{.binding = 0, .resource = corta},
                                            {.binding = 1, .resource = muestreo},
                                            {.binding = 2, .resource = sombraCmp},
                                            {.binding = 3, .resource = mapaSombra.createView()},
                                            {.binding = 4, .resource = luces}}});
      },
      {"minBindingSize (144)"});
  // Swapping the two samplers is caught.
  expectError(ErrorCode::BindGroupSamplerTypeMismatch, [&] {
    device.createBindGroup({.layout = layoutEscena,
                            .entries = {{.binding = 0, .resource = camara},
                                        {.binding = 1, .resource = sombraCmp},
                                        {.binding = 2, .resource = muestreo},
                                        {.binding = 3, .resource = mapaSombra.createView()},
                                        {.binding = 4, .resource = luces}}});
  });
}

// Seed 004: multisampled entries are '2d' and not 'float'.
TEST_F(SeedBindingTest, Seed004MultisampledRules) {
  expectError(ErrorCode::BindGroupLayoutMultisampledFloat, [&] {
    device.createBindGroupLayout(
        {.entries = {{.binding = 0,
                      .visibility = kFragment,
                      .texture = TextureBindingLayout{.multisampled = true}}}});
  });
  expectError(ErrorCode::BindGroupLayoutMultisampledViewDimension, [&] {
    device.createBindGroupLayout(
        {.entries = {
             {.binding = 0,
              .visibility = kFragment,
              .texture = TextureBindingLayout{.sampleType = TextureSampleType::UnfilterableFloat,
                                              .viewDimension = TextureViewDimension::Cube,
                                              .multisampled = true}}}});
  });
}

}  // namespace
}  // namespace bindery::testing
