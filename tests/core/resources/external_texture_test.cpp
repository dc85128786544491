// #external-texture-creation: importing from a VideoFrameSource (a view, or
// planes), expiry when the source advances or closes, and the check a submit
// makes on a bind group whose external texture expired.
#include "core/resources/external_texture.h"
#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "test_device.h"

namespace bindery::testing {
namespace {

using ::testing::HasSubstr;

class ExternalTextureTest : public DeviceTest {
 protected:
  TextureView frameView(TextureFormat format = TextureFormat::Rgba8unorm,
                        TextureUsageFlags usage = TextureUsage::TextureBinding, uint32_t mips = 1,
                        uint32_t layers = 1) {
    Texture t;
    TextureView v;
    expectValid([&] {
      t = device.createTexture({.label = "fotograma",
                                .size = {64, 32, layers},
                                .mipLevelCount = mips,
                                .format = format,
                                .usage = usage});
      v = t.createView();
    });
    return v;
  }
  ExternalTexture import(const VideoFrameSource& source, std::string label = "") {
    ExternalTexture t;
    expectValid(
        [&] { t = device.importExternalTexture({.label = std::move(label), .source = source}); });
    return t;
  }
  static core::ExternalTextureBase* base(const ExternalTexture& t) {
    return core::fromHandle<core::ExternalTextureBase>(t);
  }
};

TEST_F(ExternalTextureTest, ImportFromAView) {
  VideoFrameSource video(frameView());
  video.setLabel("cámara");
  ExternalTexture t = import(video, "vídeo");
  EXPECT_EQ(t.label(), "vídeo");
  EXPECT_FALSE(t.expired());
  EXPECT_EQ(t.colorSpace(), PredefinedColorSpace::Srgb);
  EXPECT_EQ(base(t)->planes().size(), 1u);
}

TEST_F(ExternalTextureTest, ImportFromPlanesOfEachFormat) {
  VideoFrameSource video(std::vector<TextureView>{frameView(TextureFormat::Rgba8unorm),
                                                  frameView(TextureFormat::Bgra8unorm),
                                                  frameView(TextureFormat::Rgba16float)});
  ExternalTexture t = import(video);
  EXPECT_EQ(base(t)->planes().size(), 3u);
  EXPECT_EQ(toString(PredefinedColorSpace::DisplayP3), "display-p3");
  EXPECT_EQ(parsePredefinedColorSpace("srgb"), PredefinedColorSpace::Srgb);
}

TEST_F(ExternalTextureTest, PlaneRules) {
  expectError(ErrorCode::ExternalTexturePlaneInvalid,
              [&] {
                device.importExternalTexture(
                    {.source = VideoFrameSource(frameView(TextureFormat::R8unorm))});
              },
              {"descriptor.source.planes[0]", "format 'r8unorm'",
               "'rgba8unorm', 'bgra8unorm' or 'rgba16float'"});
  expectError(
      ErrorCode::ExternalTexturePlaneInvalid,
      [&] {
        device.importExternalTexture({.source = VideoFrameSource(frameView(
                                          TextureFormat::Rgba8unorm, TextureUsage::CopyDst))});
      },
      {"lacks GPUTextureUsage.TEXTURE_BINDING"});
  expectError(ErrorCode::ExternalTexturePlaneInvalid,
              [&] {
                device.importExternalTexture(
                    {.source = VideoFrameSource(
                         frameView(TextureFormat::Rgba8unorm, TextureUsage::TextureBinding, 2))});
              },
              {"mipLevelCount 2"});
  expectError(ErrorCode::ExternalTexturePlaneInvalid,
              [&] {
                device.importExternalTexture(
                    {.source = VideoFrameSource(frameView(TextureFormat::Rgba8unorm,
                                                          TextureUsage::TextureBinding, 1, 2))});
              },
              {"dimension '2d-array'", "'2d' view"});
  TextureView v = frameView();
  expectError(ErrorCode::ExternalTexturePlaneCount,
              [&] {
                device.importExternalTexture(
                    {.source = VideoFrameSource(std::vector<TextureView>{v, v, v, v})});
              },
              {"has 4 planes"});
}

// #external-texture-creation: the frame's visible rect (VideoFrame.visibleRect)
// must be a non-empty part of plane 0; it and the frame's colour space are
// snapshotted at import.
TEST_F(ExternalTextureTest, VisibleRectMustBeInsidePlane0) {
  VideoFrameSource source(frameView());  // 64x32
  source.setLabel("camera");
  ExternalTexture whole = import(source);
  EXPECT_EQ(base(whole)->visibleRect(), (VisibleRect{0, 0, 64, 32}));
  source.setVisibleRect(VisibleRect{8, 4, 56, 28});
  source.setColorSpace(PredefinedColorSpace::DisplayP3);
  ExternalTexture cropped = import(source);
  EXPECT_EQ(base(cropped)->visibleRect(), (VisibleRect{8, 4, 56, 28}));
  core::ExternalTextureParams params = base(cropped)->params();
  EXPECT_TRUE(params.convertColor);  // 'display-p3' frame imported as 'srgb'
  EXPECT_FALSE(base(whole)->params().convertColor);
  source.setVisibleRect(VisibleRect{8, 4, 57, 28});
  expectError(
      ErrorCode::ExternalTextureVisibleRectInvalid,
      [&] { device.importExternalTexture({.source = source}); },
      {"[VideoFrameSource \"camera\"]", "x: 8", "width: 57", "is not inside", "plane 0 (64x32)"});
  source.setVisibleRect(VisibleRect{0, 0, 16, 0});
  expectError(ErrorCode::ExternalTextureVisibleRectInvalid,
              [&] { device.importExternalTexture({.source = source}); }, {"height: 0", "is empty"});
}

TEST_F(ExternalTextureTest, SourceMustHaveAFrameAndBeOpen) {
  expectError(ErrorCode::ExternalTextureSourceNoFrame, [&] { device.importExternalTexture({}); },
              {"has no frame"});
  VideoFrameSource video(frameView());
  video.setLabel("cerrado");
  video.close();
  expectError(ErrorCode::ExternalTextureSourceClosed,
              [&] { device.importExternalTexture({.source = video}); },
              {"[VideoFrameSource \"cerrado\"] was closed"});
}

TEST_F(ExternalTextureTest, ExpiresWhenTheSourceAdvances) {
  VideoFrameSource video(frameView());
  ExternalTexture first = import(video);
  EXPECT_FALSE(first.expired());
  video.advanceFrame();
  EXPECT_TRUE(first.expired());
  ExternalTexture second = import(video);
  EXPECT_FALSE(second.expired());
  EXPECT_THAT(base(first)->expiryReason(),
              HasSubstr("advanced to frame 1 after it was imported at frame 0"));
  // New planes for the next frame.
  video.advanceFrame({frameView(TextureFormat::Bgra8unorm)});
  EXPECT_TRUE(second.expired());
  EXPECT_FALSE(import(video).expired());
}

TEST_F(ExternalTextureTest, ExpiresWhenTheSourceCloses) {
  VideoFrameSource video(frameView());
  video.setLabel("VideoFrame");
  ExternalTexture t = import(video);
  VideoFrameSource copy = video;  // the same source
  copy.close();
  EXPECT_TRUE(video.isClosed());
  EXPECT_TRUE(t.expired());
  EXPECT_THAT(base(t)->expiryReason(), HasSubstr("[VideoFrameSource \"VideoFrame\"] was closed"));
  core::MaybeError error = base(t)->validateNotExpired("descriptor.x");
  ASSERT_TRUE(error.isError());
  EXPECT_EQ(error->code, ErrorCode::ExternalTextureExpired);
}

TEST_F(ExternalTextureTest, ExpiredTextureInABindGroupFailsTheSubmitCheck) {
  BindGroupLayout l;
  expectValid([&] {
    l = device.createBindGroupLayout(
        {.entries = {{.binding = 3,
                      .visibility = ShaderStage::Fragment,
                      .externalTexture = ExternalTextureBindingLayout{}}}});
  });
  VideoFrameSource video(frameView());
  video.setLabel("cámara");
  ExternalTexture t = import(video, "fotograma 0");
  BindGroup g;
  expectValid([&] {
    g = device.createBindGroup(
        {.label = "vídeo", .layout = l, .entries = {{.binding = 3, .resource = t}}});
  });
  auto* group = core::fromHandle<core::BindGroupBase>(g);
  EXPECT_EQ(group->externalTexture(0), base(t));
  EXPECT_TRUE(group->validateExternalTexturesNotExpired().isSuccess());
  video.advanceFrame();
  core::MaybeError error = group->validateExternalTexturesNotExpired();
  ASSERT_TRUE(error.isError());
  EXPECT_EQ(error->code, ErrorCode::BindGroupExternalTextureExpired);
  EXPECT_THAT(
      error->message,
      HasSubstr("[BindGroup \"vídeo\"] binds [ExternalTexture \"fotograma 0\"] at binding 3"));
  EXPECT_THAT(error->message, HasSubstr("[VideoFrameSource \"cámara\"] advanced to frame 1"));
  EXPECT_THAT(error->fix, HasSubstr("importExternalTexture"));
}

TEST_F(ExternalTextureTest, ViewsAndTexturesBindToExternalTextureEntries) {
  BindGroupLayout l;
  expectValid([&] {
    l = device.createBindGroupLayout(
        {.entries = {{.binding = 0,
                      .visibility = ShaderStage::Fragment,
                      .externalTexture = ExternalTextureBindingLayout{}}}});
  });
  expectValid([&] {
    device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = frameView()}}});
  });
  expectError(
      ErrorCode::BindGroupExternalTextureView,
      [&] {
        device.createBindGroup(
            {.layout = l,
             .entries = {{.binding = 0, .resource = frameView(TextureFormat::Rgba32float)}}});
      },
      {"binding 0: the resource", "format 'rgba32float'"});
  Sampler s = device.createSampler();
  expectError(
      ErrorCode::BindGroupResourceTypeMismatch,
      [&] { device.createBindGroup({.layout = l, .entries = {{.binding = 0, .resource = s}}}); },
      {"a GPUExternalTexture, a GPUTextureView or a GPUTexture"});
}

}  // namespace
}  // namespace bindery::testing
