// `discard` on the GPU (#discard-statement): the invocation's writes are
// dropped, it keeps running as a helper invocation so its quad's derivatives
// stay defined. With VK_EXT_shader_demote_to_helper_invocation (enabled by
// shader_features.h where present, as on lavapipe) the generator emits
// OpDemoteToHelperInvocation; the validation layer fails the test if the
// device did not enable what the module declares. Also f16 stage inputs and
// outputs, which cross the interface as f32 (no StorageInputOutput16, which
// lavapipe lacks).
#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

TEST_F(RenderTest, DiscardDropsTheFragmentAndKeepsDerivatives) {
  Texture t = target();
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs(@builtin(position) pos : vec4f) -> @location(0) vec4f {
  if (pos.x < 8.0) { discard; }
  // after a discard in the quad: the derivative of x across it is still 1
  let d = dpdx(pos.x);
  return vec4f(0, d, 0, 1);
}
)"));
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 1, 1}));
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) { return x < 8 ? kBlue : kGreen; });
}

class F16RenderTest : public RenderTest {
 protected:
  void SetUp() override {
    RenderTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    if (!adapter_.features().has(FeatureName::ShaderF16))
      GTEST_SKIP() << "the Vulkan adapter does not offer 'shader-f16' (the device lacks "
                      "shaderFloat16 + storageBuffer16BitAccess + "
                      "uniformAndStorageBuffer16BitAccess)";
    finish();
    InstanceDescriptor instanceDescriptor;
    instanceDescriptor.backend = BackendType::Vulkan;
    adapter_ = bindery::Instance::create(instanceDescriptor).requestAdapter();
    ASSERT_TRUE(adapter_);
    DeviceDescriptor descriptor;
    descriptor.requiredFeatures = {FeatureName::ShaderF16};
    RequestDeviceResult result = adapter_.requestDevice(descriptor);
    ASSERT_EQ(result.status, RequestDeviceResult::Status::Success) << result.message;
    device_ = result.device;
    device_.setUncapturedErrorCallback([this](const Error& e) { errors_.push_back(e); });
  }
};

TEST_F(F16RenderTest, F16StageInputsAndOutputs) {
  Texture t = target();
  RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(R"(
enable f16;
struct V { @builtin(position) p: vec4f, @location(0) @interpolate(flat) c: vec4h }
@vertex fn vs(@builtin(vertex_index) i : u32) -> V {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return V(vec4f(p[i], 0, 1), vec4h(0.25h, 0.5h, 1h, 1h));
}
@fragment fn fs(in: V) -> @location(0) vec4h { return in.c * 2h - vec4h(0h, 0h, 1h, 1h); }
)"));
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 0}));
  pass.setPipeline(pipeline);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{128, 255, 255, 255}; });
}

}  // namespace
}  // namespace bindery::vulkan::testing
