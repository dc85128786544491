// Seed 002: createView, its defaults and its rules. Each scenario of the
// article, as written there, then the mistakes the article warns about.
#include <string>
#include <vector>

#include "tour.h"

namespace tour {

using namespace bindery;

namespace {

Texture texture2D(const Device& device, std::string label, Extent3D size, TextureFormat format,
                  TextureUsageFlags usage, uint32_t mipLevelCount = 1,
                  std::vector<TextureFormat> viewFormats = {}) {
  return device.createTexture({.label = std::move(label),
                               .size = size,
                               .mipLevelCount = mipLevelCount,
                               .format = format,
                               .usage = usage,
                               .viewFormats = std::move(viewFormats)});
}

}  // namespace

void textureViews(Tour& tour) {
  const Device& device = tour.device();
  tour.chapter("Seed 002: texture views");
  tour.note("A bind group or a render pass never takes a GPUTexture, only a view of it:");
  tour.note("the texture is the memory, the view is the interpretation.");

  // --- the fields and their defaults ---------------------------------------------------
  tour.note("");
  tour.note("The defaults: format from the texture, dimension deduced, every mip level from");
  tour.note("baseMipLevel, arrayLayerCount by dimension, usage = the texture's usage.");
  Texture albedo;
  tour.expectValid("createTexture 'albedo' 256x256, 9 mip levels", [&] {
    albedo = texture2D(device, "albedo", {256, 256}, TextureFormat::Rgba8unorm,
                       TextureUsage::TextureBinding | TextureUsage::RenderAttachment, 9);
  });
  tour.expectValid("albedo.createView(): '2d', all 9 levels, 1 layer",
                   [&] { albedo.createView(); });
  tour.expectValid(
      "albedo.createView({label: 'cara +X', format: 'rgba8unorm', dimension: '2d', aspect: "
      "'all', baseMipLevel: 0, mipLevelCount: 1, baseArrayLayer: 0, arrayLayerCount: 1, "
      "usage: 0})",
      [&] {
        albedo.createView({.label = "cara +X",
                           .format = TextureFormat::Rgba8unorm,
                           .dimension = TextureViewDimension::e2D,
                           .usage = {},
                           .aspect = TextureAspect::All,
                           .baseMipLevel = 0,
                           .mipLevelCount = 1,
                           .baseArrayLayer = 0,
                           .arrayLayerCount = 1});
      });

  // --- dimension deduction ---------------------------------------------------------------
  tour.note("");
  tour.note("dimension is deduced: '1d' -> '1d', '3d' -> '3d', '2d' with one layer -> '2d',");
  tour.note("'2d' with more layers -> '2d-array' (even with arrayLayerCount: 1).");
  Texture twoLayers;
  tour.expectValid("createTexture 'cascades' 512x512 with 2 layers", [&] {
    twoLayers = texture2D(device, "cascades", {512, 512, 2}, TextureFormat::Depth32float,
                          TextureUsage::TextureBinding | TextureUsage::RenderAttachment);
  });
  tour.expectValid("cascades.createView() is a '2d-array' view of both layers",
                   [&] { twoLayers.createView(); });
  tour.expectValid(
      "cascades.createView({dimension: '2d'}) is layer 0 (arrayLayerCount defaults "
      "to 1 for '2d')",
      [&] { twoLayers.createView({.dimension = TextureViewDimension::e2D}); });
  tour.expectError("cascades.createView({dimension: 'cube'}): a cube needs 6 layers",
                   ErrorCode::TextureViewArrayLayerRangeInvalid,
                   [&] { twoLayers.createView({.dimension = TextureViewDimension::Cube}); });
  tour.expectError("cascades.createView({dimension: 'cube-array'}): 2 is not a multiple of 6",
                   ErrorCode::TextureViewArrayLayerCountForDimension,
                   [&] { twoLayers.createView({.dimension = TextureViewDimension::CubeArray}); });
  tour.expectError(
      "cascades.createView({dimension: '2d', arrayLayerCount: 2}): '2d' is one layer",
      ErrorCode::TextureViewArrayLayerCountForDimension, [&] {
        twoLayers.createView({.dimension = TextureViewDimension::e2D, .arrayLayerCount = 2});
      });

  // --- always: ranges --------------------------------------------------------------------
  tour.note("");
  tour.note("Always: baseMipLevel + mipLevelCount <= the texture's mipLevelCount, and");
  tour.note("baseArrayLayer + arrayLayerCount <= its layers.");
  tour.expectError("albedo.createView({baseMipLevel: 9}): the texture has levels 0..8",
                   ErrorCode::TextureViewMipRangeInvalid,
                   [&] { albedo.createView({.baseMipLevel = 9}); });
  tour.expectError("albedo.createView({baseMipLevel: 6, mipLevelCount: 4})",
                   ErrorCode::TextureViewMipRangeInvalid,
                   [&] { albedo.createView({.baseMipLevel = 6, .mipLevelCount = 4}); });

  // --- use 1: a mip level for a render pass ----------------------------------------------
  tour.note("");
  tour.note("Use 1: isolate a mip level to render to it (a mipmap generator).");
  tour.expectValid(
      "albedo.createView({baseMipLevel: level, mipLevelCount: 1, dimension: '2d'}) "
      "for level 1..8",
      [&] {
        for (uint32_t level = 1; level < 9; ++level) {
          albedo.createView(
              {.dimension = TextureViewDimension::e2D, .baseMipLevel = level, .mipLevelCount = 1});
        }
      });

  // --- use 2: one layer of an array: the six cube faces -----------------------------------
  tour.note("");
  tour.note("Use 2: isolate one layer: render the six faces of a cubemap.");
  Texture sky;
  tour.expectValid("createTexture 'sky' 512x512x6", [&] {
    sky = texture2D(device, "sky", {512, 512, 6}, TextureFormat::Rgba16float,
                    TextureUsage::TextureBinding | TextureUsage::RenderAttachment);
  });
  tour.expectValid(
      "six views {dimension: '2d', baseArrayLayer: i, arrayLayerCount: 1, "
      "mipLevelCount: 1}",
      [&] {
        for (uint32_t i = 0; i < 6; ++i) {
          sky.createView({.dimension = TextureViewDimension::e2D,
                          .mipLevelCount = 1,
                          .baseArrayLayer = i,
                          .arrayLayerCount = 1});
        }
      });
  tour.expectValid("sky.createView({dimension: 'cube'}) to sample it",
                   [&] { sky.createView({.dimension = TextureViewDimension::Cube}); });
  tour.expectError(
      "a seventh face: {dimension: '2d', baseArrayLayer: 6}",
      ErrorCode::TextureViewArrayLayerRangeInvalid, [&] {
        sky.createView(
            {.dimension = TextureViewDimension::e2D, .baseArrayLayer = 6, .arrayLayerCount = 1});
      });
  Texture banner;
  tour.expectValid("createTexture 'banner' 1024x512x6", [&] {
    banner = texture2D(device, "banner", {1024, 512, 6}, TextureFormat::Rgba8unorm,
                       TextureUsage::TextureBinding);
  });
  tour.expectError("banner.createView({dimension: 'cube'}): faces must be square",
                   ErrorCode::TextureViewCubeNotSquare,
                   [&] { banner.createView({.dimension = TextureViewDimension::Cube}); });

  // --- use 3: depth or stencil aspect ------------------------------------------------------
  tour.note("");
  tour.note("Use 3: choose the aspect of a depth-stencil texture.");
  Texture depth;
  tour.expectValid("createTexture 'depth' 'depth24plus-stencil8'", [&] {
    depth = texture2D(device, "depth", {1280, 720}, TextureFormat::Depth24plusStencil8,
                      TextureUsage::RenderAttachment | TextureUsage::TextureBinding);
  });
  tour.expectValid("depth.createView() with aspect 'all', for the render pass attachment",
                   [&] { depth.createView(); });
  tour.expectValid("depth.createView({aspect: 'depth-only'}): format defaults to 'depth24plus'",
                   [&] { depth.createView({.aspect = TextureAspect::DepthOnly}); });
  tour.expectValid("depth.createView({aspect: 'stencil-only'}): format defaults to 'stencil8'",
                   [&] { depth.createView({.aspect = TextureAspect::StencilOnly}); });
  tour.expectError("depth.createView({aspect: 'depth-only', format: 'depth24plus-stencil8'})",
                   ErrorCode::TextureViewAspectFormatMismatch, [&] {
                     depth.createView({.format = TextureFormat::Depth24plusStencil8,
                                       .aspect = TextureAspect::DepthOnly});
                   });
  tour.expectError("albedo.createView({aspect: 'stencil-only'}): a color texture has no stencil",
                   ErrorCode::TextureViewAspectNotPresent,
                   [&] { albedo.createView({.aspect = TextureAspect::StencilOnly}); });

  // --- use 4: reinterpret the format -----------------------------------------------------
  tour.note("");
  tour.note("Use 4: reinterpret the bytes as sRGB, declared in viewFormats.");
  Texture t;
  tour.expectValid(
      "createTexture({size: [1024, 1024], format: 'rgba8unorm', viewFormats: "
      "['rgba8unorm-srgb'], usage: RENDER_ATTACHMENT | TEXTURE_BINDING})",
      [&] {
        t = texture2D(device, "t", {1024, 1024}, TextureFormat::Rgba8unorm,
                      TextureUsage::RenderAttachment | TextureUsage::TextureBinding, 1,
                      {TextureFormat::Rgba8unormSrgb});
      });
  tour.expectValid("t.createView(): linear, for the pass", [&] { t.createView(); });
  tour.expectValid("t.createView({format: 'rgba8unorm-srgb'}): sRGB, to sample",
                   [&] { t.createView({.format = TextureFormat::Rgba8unormSrgb}); });
  tour.expectError("albedo.createView({format: 'rgba8unorm-srgb'}) without viewFormats",
                   ErrorCode::TextureViewFormatNotAllowed,
                   [&] { albedo.createView({.format = TextureFormat::Rgba8unormSrgb}); });
  tour.expectError("createTexture with viewFormats: ['bgra8unorm'] on 'rgba8unorm'",
                   ErrorCode::TextureViewFormatIncompatible, [&] {
                     texture2D(device, "swapped", {64, 64}, TextureFormat::Rgba8unorm,
                               TextureUsage::TextureBinding, 1, {TextureFormat::Bgra8unorm});
                   });

  // --- usage: the default that fails -------------------------------------------------------
  tour.note("");
  tour.note("usage 0 means all of the texture's usages. When the view's format cannot have");
  tour.note("one of them, the default fails and the usage must be given explicitly.");
  Texture canvas;
  tour.expectValid(
      "createTexture 'canvas' RENDER_ATTACHMENT | STORAGE_BINDING, viewFormats "
      "['rgba8unorm-srgb']",
      [&] {
        canvas = texture2D(device, "canvas", {512, 512}, TextureFormat::Rgba8unorm,
                           TextureUsage::RenderAttachment | TextureUsage::StorageBinding, 1,
                           {TextureFormat::Rgba8unormSrgb});
      });
  tour.expectError("canvas.createView({format: 'rgba8unorm-srgb'}): sRGB has no storage",
                   ErrorCode::TextureViewUsageUnsupportedByFormat,
                   [&] { canvas.createView({.format = TextureFormat::Rgba8unormSrgb}); });
  tour.expectValid(
      "canvas.createView({format: 'rgba8unorm-srgb', usage: GPUTextureUsage.RENDER_ATTACHMENT})",
      [&] {
        canvas.createView(
            {.format = TextureFormat::Rgba8unormSrgb, .usage = TextureUsage::RenderAttachment});
      });
  tour.expectError("albedo.createView({usage: GPUTextureUsage.STORAGE_BINDING}): not a subset",
                   ErrorCode::TextureViewUsageNotSubset,
                   [&] { albedo.createView({.usage = TextureUsage::StorageBinding}); });

  // --- swizzle ----------------------------------------------------------------------------
  tour.note("");
  tour.note("swizzle: four characters of r, g, b, a, 0, 1; needs 'texture-component-swizzle'.");
  Texture mask;
  tour.expectValid("createTexture 'mask' 'r8unorm'", [&] {
    mask =
        texture2D(device, "mask", {256, 256}, TextureFormat::R8unorm, TextureUsage::TextureBinding);
  });
  tour.expectValid("mask.createView({swizzle: 'rrr1'}): opaque grayscale (device has the feature)",
                   [&] { mask.createView({.swizzle = "rrr1"}); });
  tour.expectError("mask.createView({swizzle: 'rgbx'})", ErrorCode::TextureViewSwizzleInvalid,
                   [&] { mask.createView({.swizzle = "rgbx"}); });

  tour.note("");
  tour.note("The article says the field is silently ignored without the feature; the spec");
  tour.note("makes a swizzle other than 'rgba' a validation error there:");
  Instance instance = Instance::create();
  RequestDeviceResult plain = instance.requestAdapter().requestDevice({.label = "no swizzle"});
  if (plain.status != RequestDeviceResult::Status::Success) {
    tour.note("(could not create a second device)");
    return;
  }
  Tour without(plain.device);
  Texture plainMask = texture2D(plain.device, "mask", {256, 256}, TextureFormat::R8unorm,
                                TextureUsage::TextureBinding);
  without.expectError("on [Device \"no swizzle\"]: mask.createView({swizzle: 'rrr1'})",
                      ErrorCode::MissingFeature,
                      [&] { plainMask.createView({.swizzle = "rrr1"}); });
  without.expectValid("on [Device \"no swizzle\"]: mask.createView({swizzle: 'rgba'})",
                      [&] { plainMask.createView({.swizzle = "rgba"}); });
  // Carry the second device's outcome into this tour's count.
  if (without.failures() > 0) {
    tour.expectError("the steps on [Device \"no swizzle\"] passed", ErrorCode::Internal, [] {});
  }
}

}  // namespace tour
