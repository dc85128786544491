// Seeds 000, 001 and 004: bind group layouts, bind groups, pipeline layouts
// and external textures; the article's examples as written, then the
// mistakes they warn about, with the diagnostics a user would read.
#include <string>
#include <vector>

#include "tour.h"

namespace tour {

using namespace bindery;

namespace {

constexpr ShaderStageFlags kVF = ShaderStage::Vertex | ShaderStage::Fragment;
constexpr ShaderStageFlags kF = ShaderStage::Fragment;

}  // namespace

void bindingModel(Tour& tour) {
  const Device& device = tour.device();

  tour.chapter("Seed 004: GPUBindGroupLayout, the contract between shader and API");
  BindGroupLayout layoutEscena;
  tour.expectValid(
      "the 'escena' layout of the article (uniform 144 B, 2 samplers, depth, storage)", [&] {
        layoutEscena = device.createBindGroupLayout(
            {.label = "escena",
             .entries = {
                 {.binding = 0,
                  .visibility = kVF,
                  .buffer = BufferBindingLayout{.type = BufferBindingType::Uniform,
                                                .minBindingSize = 144}},
                 {.binding = 1,
                  .visibility = kF,
                  .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}},
                 {.binding = 2,
                  .visibility = kF,
                  .sampler = SamplerBindingLayout{.type = SamplerBindingType::Comparison}},
                 {.binding = 3,
                  .visibility = kF,
                  .texture = TextureBindingLayout{.sampleType = TextureSampleType::Depth,
                                                  .viewDimension = TextureViewDimension::e2D}},
                 {.binding = 4,
                  .visibility = kF,
                  .buffer = BufferBindingLayout{.type = BufferBindingType::ReadOnlyStorage}},
             }});
      });
  tour.expectValid("binding numbers need not be consecutive (0, 7, 500)", [&] {
    device.createBindGroupLayout(
        {.entries = {{.binding = 0, .visibility = kF, .buffer = BufferBindingLayout{}},
                     {.binding = 7, .visibility = kF, .buffer = BufferBindingLayout{}},
                     {.binding = 500, .visibility = kF, .buffer = BufferBindingLayout{}}}});
  });
  tour.expectError(
      "two resource kinds in one entry", ErrorCode::BindGroupLayoutEntryMultipleBindingMembers,
      [&] {
        device.createBindGroupLayout({.label = "doble",
                                      .entries = {{.binding = 0,
                                                   .visibility = kF,
                                                   .sampler = SamplerBindingLayout{},
                                                   .texture = TextureBindingLayout{}}}});
      });
  tour.expectError("the same binding twice", ErrorCode::BindGroupLayoutDuplicateBinding, [&] {
    device.createBindGroupLayout(
        {.label = "repetido",
         .entries = {{.binding = 1, .visibility = kF, .buffer = BufferBindingLayout{}},
                     {.binding = 1, .visibility = kF, .sampler = SamplerBindingLayout{}}}});
  });
  tour.expectError(
      "a writable storage buffer visible to VERTEX",
      ErrorCode::BindGroupLayoutVertexWritableStorage, [&] {
        device.createBindGroupLayout(
            {.label = "luces",
             .entries = {{.binding = 4,
                          .visibility = kVF,
                          .buffer = BufferBindingLayout{.type = BufferBindingType::Storage}}}});
      });
  tour.note(
      "The spec allows a storage texture in VERTEX when access is 'read-only' (seeds 001/004");
  tour.note("say none is allowed); writable ones are refused:");
  tour.expectError(
      "a write-only storage texture visible to VERTEX",
      ErrorCode::BindGroupLayoutVertexWritableStorage, [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = ShaderStage::Vertex,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .format = TextureFormat::Rgba8unorm}}}});
      });
  tour.expectError("multisampled with sampleType 'float'",
                   ErrorCode::BindGroupLayoutMultisampledFloat, [&] {
                     device.createBindGroupLayout(
                         {.entries = {{.binding = 0,
                                       .visibility = kF,
                                       .texture = TextureBindingLayout{.multisampled = true}}}});
                   });
  tour.expectError("a 'cube' storage texture", ErrorCode::BindGroupLayoutStorageTextureCube, [&] {
    device.createBindGroupLayout({.entries = {{.binding = 0,
                                               .visibility = ShaderStage::Compute,
                                               .storageTexture = StorageTextureBindingLayout{
                                                   .format = TextureFormat::Rgba8unorm,
                                                   .viewDimension = TextureViewDimension::Cube}}}});
  });
  tour.expectError(
      "'read-write' on a format that does not support it",
      ErrorCode::BindGroupLayoutStorageTextureFormat, [&] {
        device.createBindGroupLayout({.entries = {{.binding = 0,
                                                   .visibility = ShaderStage::Compute,
                                                   .storageTexture = StorageTextureBindingLayout{
                                                       .access = StorageTextureAccess::ReadWrite,
                                                       .format = TextureFormat::Rgba8unorm}}}});
      });
  tour.note("Per-stage limits count entries, once per stage in visibility; an external texture");
  tour.note("counts as 4 sampled textures, 1 sampler and 1 uniform buffer:");
  tour.expectError(
      "5 external textures in one fragment stage", ErrorCode::BindGroupLayoutBindingSlotLimits,
      [&] {
        BindGroupLayoutDescriptor d{.label = "cinco vídeos"};
        for (uint32_t i = 0; i < 5; ++i) {
          d.entries.push_back(
              {.binding = i, .visibility = kF, .externalTexture = ExternalTextureBindingLayout{}});
        }
        device.createBindGroupLayout(d);
      });

  tour.chapter("Seed 001: layout vs group; equal layouts are interchangeable");
  BindGroupLayoutDescriptor material{
      .label = "material",
      .entries = {
          {.binding = 0,
           .visibility = kVF,
           .buffer = BufferBindingLayout{.type = BufferBindingType::Uniform}},
          {.binding = 1,
           .visibility = kF,
           .sampler = SamplerBindingLayout{.type = SamplerBindingType::Filtering}},
          {.binding = 2,
           .visibility = kF,
           .texture = TextureBindingLayout{.sampleType = TextureSampleType::Float,
                                           .viewDimension = TextureViewDimension::e2D}},
      }};
  BindGroupLayout layoutMaterial, otroMaterial;
  tour.expectValid("the 'material' layout",
                   [&] { layoutMaterial = device.createBindGroupLayout(material); });
  std::vector<BindGroup> grupos;
  tour.expectValid("one group per material: 100 materials, one layout", [&] {
    for (int i = 0; i < 100; ++i) {
      Buffer u =
          device.createBuffer({.size = 64, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
      Texture t = device.createTexture({.size = {64, 64},
                                        .format = TextureFormat::Rgba8unorm,
                                        .usage = TextureUsage::TextureBinding});
      grupos.push_back(device.createBindGroup(
          {.label = "material " + std::to_string(i),
           .layout = layoutMaterial,
           .entries = {
               {.binding = 0, .resource = BufferBinding{.buffer = u}},
               {.binding = 1, .resource = device.createSampler({.magFilter = FilterMode::Linear})},
               {.binding = 2, .resource = t.createView()}}}));
    }
  });
  material.label = "material (copia)";
  otroMaterial = device.createBindGroupLayout(material);
  tour.note(layoutMaterial.isGroupEquivalent(otroMaterial)
                ? "Two explicit layouts with equal entries are group-equivalent: their groups are"
                : "UNEXPECTED: equal explicit layouts are not group-equivalent");
  tour.note(
      "interchangeable (the spec; seed 001 says otherwise). Only layout: 'auto' ties a layout");
  tour.note("to its pipeline, and createPipelineLayout refuses such layouts.");
  tour.expectValid("a pipeline layout with 'material' in @group(1) and an empty slot", [&] {
    device.createPipelineLayout(
        {.label = "escena+material", .bindGroupLayouts = {layoutEscena, layoutMaterial}});
  });
  tour.expectError("five groups where maxBindGroups is 4",
                   ErrorCode::PipelineLayoutTooManyBindGroups, [&] {
                     device.createPipelineLayout(
                         {.label = "demasiados",
                          .bindGroupLayouts = {layoutMaterial, layoutMaterial, layoutMaterial,
                                               layoutMaterial, layoutMaterial}});
                   });

  tour.chapter("Seed 000: GPUBindGroup, filling the contract");
  BindGroupLayout layoutMarmol;
  tour.expectValid("a layout for the four resource forms", [&] {
    layoutMarmol = device.createBindGroupLayout(
        {.label = "material",
         .entries = {
             {.binding = 0, .visibility = kVF, .buffer = BufferBindingLayout{.minBindingSize = 96}},
             {.binding = 1, .visibility = kF, .sampler = SamplerBindingLayout{}},
             {.binding = 2, .visibility = kF, .texture = TextureBindingLayout{}},
             {.binding = 3, .visibility = kF, .externalTexture = ExternalTextureBindingLayout{}}}});
  });
  Buffer uniformes = device.createBuffer(
      {.label = "uniformes", .size = 256, .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  Sampler samplerLineal = device.createSampler(
      {.label = "lineal", .magFilter = FilterMode::Linear, .minFilter = FilterMode::Linear});
  Texture albedo =
      device.createTexture({.label = "albedo",
                            .size = {512, 512},
                            .format = TextureFormat::Rgba8unorm,
                            .usage = TextureUsage::TextureBinding | TextureUsage::CopyDst});
  Texture fotograma = device.createTexture({.label = "fotograma",
                                            .size = {1280, 720},
                                            .format = TextureFormat::Rgba8unorm,
                                            .usage = TextureUsage::TextureBinding});
  VideoFrameSource video(fotograma.createView());
  video.setLabel("video");
  BindGroup grupo;
  tour.expectValid(
      "'material mármol': a buffer range, a sampler, a view, an external texture", [&] {
        grupo = device.createBindGroup(
            {.label = "material mármol",
             .layout = layoutMarmol,
             .entries = {
                 {.binding = 0,
                  .resource = BufferBinding{.buffer = uniformes, .offset = 0, .size = 96}},
                 {.binding = 1, .resource = samplerLineal},
                 {.binding = 2, .resource = albedo.createView()},
                 {.binding = 3,
                  .resource = device.importExternalTexture({.label = "vídeo", .source = video})}}});
      });
  tour.note("The current spec also accepts the GPUTexture itself (its default view) and the");
  tour.note("GPUBuffer itself (its whole range), where seed 000 says a texture is a type error:");
  tour.expectValid("the same group with the GPUTexture / GPUBuffer shorthands", [&] {
    device.createBindGroup(
        {.label = "material mármol (atajos)",
         .layout = layoutMarmol,
         .entries = {{.binding = 0, .resource = uniformes},
                     {.binding = 1, .resource = samplerLineal},
                     {.binding = 2, .resource = albedo},
                     {.binding = 3, .resource = device.importExternalTexture({.source = video})}}});
  });

  BindGroupLayout layoutObjeto = device.createBindGroupLayout(
      {.label = "objeto",
       .entries = {
           {.binding = 0, .visibility = ShaderStage::Vertex, .buffer = BufferBindingLayout{}}}});
  const uint32_t alineacion = device.limits().minUniformBufferOffsetAlignment;
  const uint64_t tam = 96;
  const uint64_t paso = (tam + alineacion - 1) / alineacion * alineacion;
  Buffer grande = device.createBuffer({.label = "uniformes por objeto",
                                       .size = paso * 200,
                                       .usage = BufferUsage::Uniform | BufferUsage::CopyDst});
  tour.expectValid("200 objects in one buffer: offset i * " + std::to_string(paso) + ", size 96",
                   [&] {
                     for (uint64_t i = 0; i < 200; ++i) {
                       device.createBindGroup(
                           {.layout = layoutObjeto,
                            .entries = {{.binding = 0,
                                         .resource = BufferBinding{
                                             .buffer = grande, .offset = i * paso, .size = tam}}}});
                     }
                   });
  tour.expectError(
      "an offset that is not a multiple of the alignment",
      ErrorCode::BindGroupBufferOffsetAlignment, [&] {
        device.createBindGroup({.label = "objeto 1",
                                .layout = layoutObjeto,
                                .entries = {{.binding = 0,
                                             .resource = BufferBinding{
                                                 .buffer = grande, .offset = tam, .size = tam}}}});
      });

  tour.note("The four errors of \"Los errores que verás\":");
  ExternalTexture ext = device.importExternalTexture({.label = "vídeo", .source = video});
  tour.expectError(
      "1. the entry count does not match the layout", ErrorCode::BindGroupEntryCountMismatch, [&] {
        device.createBindGroup({.label = "material mármol",
                                .layout = layoutMarmol,
                                .entries = {{.binding = 0, .resource = uniformes},
                                            {.binding = 1, .resource = samplerLineal},
                                            {.binding = 2, .resource = albedo.createView()}}});
      });
  Buffer sinUniform =
      device.createBuffer({.label = "parámetros", .size = 256, .usage = BufferUsage::CopyDst});
  tour.expectError(
      "2. the buffer's usage lacks the flag", ErrorCode::BindGroupBufferUsageMissing, [&] {
        device.createBindGroup({.label = "material mármol",
                                .layout = layoutMarmol,
                                .entries = {{.binding = 0, .resource = sinUniform},
                                            {.binding = 1, .resource = samplerLineal},
                                            {.binding = 2, .resource = albedo.createView()},
                                            {.binding = 3, .resource = ext}}});
      });
  tour.expectError(
      "3. the binding is smaller than minBindingSize", ErrorCode::BindGroupBufferBindingTooSmall,
      [&] {
        device.createBindGroup(
            {.label = "material mármol",
             .layout = layoutMarmol,
             .entries = {{.binding = 0, .resource = BufferBinding{.buffer = uniformes, .size = 64}},
                         {.binding = 1, .resource = samplerLineal},
                         {.binding = 2, .resource = albedo.createView()},
                         {.binding = 3, .resource = ext}}});
      });
  Texture capas = device.createTexture({.label = "atlas",
                                        .size = {512, 512, 4},
                                        .format = TextureFormat::Rgba8unorm,
                                        .usage = TextureUsage::TextureBinding});
  tour.expectError(
      "4. the view dimension does not match", ErrorCode::BindGroupTextureViewDimensionMismatch,
      [&] {
        device.createBindGroup({.label = "material mármol",
                                .layout = layoutMarmol,
                                .entries = {{.binding = 0, .resource = uniformes},
                                            {.binding = 1, .resource = samplerLineal},
                                            {.binding = 2, .resource = capas.createView()},
                                            {.binding = 3, .resource = ext}}});
      });
  tour.expectValid(
      "4. fixed with createView({dimension: '2d', baseArrayLayer: 2, arrayLayerCount: 1})", [&] {
        device.createBindGroup(
            {.label = "material mármol",
             .layout = layoutMarmol,
             .entries = {{.binding = 0, .resource = uniformes},
                         {.binding = 1, .resource = samplerLineal},
                         {.binding = 2,
                          .resource = capas.createView({.dimension = TextureViewDimension::e2D,
                                                        .baseArrayLayer = 2,
                                                        .arrayLayerCount = 1})},
                         {.binding = 3, .resource = ext}}});
      });
  tour.expectError("a comparison sampler where 'filtering' is declared",
                   ErrorCode::BindGroupSamplerTypeMismatch, [&] {
                     device.createBindGroup(
                         {.label = "material mármol",
                          .layout = layoutMarmol,
                          .entries = {{.binding = 0, .resource = uniformes},
                                      {.binding = 1,
                                       .resource = device.createSampler(
                                           {.label = "sombra", .compare = CompareFunction::Less})},
                                      {.binding = 2, .resource = albedo.createView()},
                                      {.binding = 3, .resource = ext}}});
                   });
  Texture profundidad = device.createTexture({.label = "profundidad",
                                              .size = {512, 512},
                                              .format = TextureFormat::Depth32float,
                                              .usage = TextureUsage::TextureBinding});
  tour.expectError("a depth texture where sampleType 'float' is declared",
                   ErrorCode::BindGroupTextureSampleTypeMismatch, [&] {
                     device.createBindGroup({.label = "material mármol",
                                             .layout = layoutMarmol,
                                             .entries = {{.binding = 0, .resource = uniformes},
                                                         {.binding = 1, .resource = samplerLineal},
                                                         {.binding = 2, .resource = profundidad},
                                                         {.binding = 3, .resource = ext}}});
                   });

  tour.note("External textures expire when the video advances a frame:");
  tour.note(std::string("  before advanceFrame(): expired = ") +
            (ext.expired() ? "true" : "false"));
  video.advanceFrame();
  tour.note(std::string("  after advanceFrame():  expired = ") +
            (ext.expired() ? "true" : "false"));
  tour.note("  (a submit using a group that holds it fails, naming the group and the texture;");
  tour.note("   re-import each frame and make a new group)");
  video.close();
  tour.expectError("importing from a closed source", ErrorCode::ExternalTextureSourceClosed,
                   [&] { device.importExternalTexture({.label = "tarde", .source = video}); });
}

}  // namespace tour
