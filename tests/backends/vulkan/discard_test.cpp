// `discard` on the GPU (#discard-statement): the invocation's writes are
// dropped, it keeps running as a helper invocation so its quad's derivatives
// stay defined. With VK_EXT_shader_demote_to_helper_invocation (enabled by
// shader_features.h where present, as on lavapipe) the generator emits
// OpDemoteToHelperInvocation; the validation layer fails the test if the
// device did not enable what the module declares.
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

}  // namespace
}  // namespace bindery::vulkan::testing
