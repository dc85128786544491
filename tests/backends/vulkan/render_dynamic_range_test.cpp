// A draw whose dynamic-offset binding passes its buffer's end needs a
// transient descriptor set written for that offset (src/backends/vulkan/
// dynamic_ranges.h), as dispatches do (dynamic_range_test.cpp): the draw
// reads the block at its offset, and a transient set that cannot be
// allocated fails the submission instead of drawing without its set.
#include "backends/vulkan/dynamic_ranges.h"
#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

class RenderDynamicRangeTest : public RenderTest {
 protected:
  // A full-target quad in the colour of the uniform block at the group's
  // dynamic offset; the group binds the whole 1024-byte buffer of four
  // 256-byte blocks (red, green, blue, white).
  void SetUp() override {
    RenderTest::SetUp();
    if (!device_) return;
    RenderPipelineDescriptor d = pipelineDescriptor(R"(
struct Block { color : vec4f }
@group(0) @binding(0) var<uniform> block : Block;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return block.color; }
)");
    BindGroupLayoutEntry entry;
    entry.binding = 0;
    entry.visibility = ShaderStage::Fragment;
    entry.buffer = BufferBindingLayout{BufferBindingType::Uniform, true, 16};
    layout_ = device_.createBindGroupLayout({"", {entry}});
    d.layout = device_.createPipelineLayout({"", {layout_}, 0});
    pipeline_ = device_.createRenderPipeline(d);
    std::vector<float> blocks(4 * 64, 0.0f);
    const float colors[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
    for (uint32_t b = 0; b < 4; ++b) std::memcpy(&blocks[b * 64], colors[b], 16);
    Buffer uniforms = bufferWith(blocks.data(), blocks.size() * 4, BufferUsage::Uniform);
    BindGroupDescriptor gd;
    gd.layout = layout_;
    gd.entries.push_back({0, BufferBinding{uniforms, 0, 1024}});
    group_ = device_.createBindGroup(gd);
  }
  void draw(const Texture& t, uint32_t offset) { drawTriangle(t, pipeline_, group_, {offset}); }
  BindGroupLayout layout_;
  RenderPipeline pipeline_;
  BindGroup group_;
};

// At offset 768 the 1024-byte binding passes the end (768 + 16 <= 1024 is
// what setBindGroup checks): a transient set, and the last block's white.
TEST_F(RenderDynamicRangeTest, APastTheEndOffsetDrawsTheBlockAtTheOffset) {
  if (!device_) GTEST_SKIP();
  Texture t = target();
  uint64_t exactBefore = exactSetsWritten();
  draw(t, 768);
  EXPECT_EQ(exactSetsWritten() - exactBefore, 1u);
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{255, 255, 255, 255}; });
  // At offset 0 the group's own set serves it: red.
  draw(t, 0);
  EXPECT_EQ(exactSetsWritten() - exactBefore, 1u);
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{255, 0, 0, 255}; });
}

TEST_F(RenderDynamicRangeTest, ATransientSetThatCannotBeMadeFailsTheSubmissionAndDrawsNothing) {
  if (!device_) GTEST_SKIP();
  Texture t = target();
  expectDescriptorSetAllocationFailure([&] { draw(t, 768); });
  // Nothing of the command buffer ran, not even the pass's clear: the
  // target is still as created (zero), and its tracked layout is still the
  // one it had (the next pass moves it from there: the layer stays silent).
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{0, 0, 0, 0}; });
  // With the driver back, the same draw runs.
  draw(t, 768);
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{255, 255, 255, 255}; });
}

}  // namespace
}  // namespace bindery::vulkan::testing
