// Table-driven render state on Vulkan: every blend factor (on the source and
// on the destination) and blend operation, every depth compare function,
// frag_depth, sample_mask (output), sample_index (sample-rate shading) and
// flat interpolation. Each case draws into its own texel (a 1x1 scissor) and
// is compared with a value computed here, under the validation layer.
#include <fmt/format.h>

#include <algorithm>

#include "render_test.h"

namespace bindery::vulkan::testing {
namespace {

using Color4 = std::array<double, 4>;

// A full-screen triangle of one colour at depth `z` (overrides).
constexpr std::string_view kFlat = R"(
override r : f32; override g : f32; override b : f32; override a : f32;
override z : f32 = 0.5;
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], z, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(r, g, b, a); }
)";

constexpr Color4 kSrc{0.75, 0.5, 0.25, 0.6};
constexpr Color4 kDstClear{0.25, 0.5, 0.75, 0.4};
constexpr Color4 kConstant{0.2, 0.4, 0.6, 0.8};

double unorm8(double v) {
  return std::round(std::clamp(v, 0.0, 1.0) * 255) / 255;
}

// #blend-factor for component `c` (3: alpha).
double factor(BlendFactor f, int c, const Color4& s, const Color4& d) {
  switch (f) {
    case BlendFactor::Zero: return 0;
    case BlendFactor::One: return 1;
    case BlendFactor::Src: return s[c];
    case BlendFactor::OneMinusSrc: return 1 - s[c];
    case BlendFactor::SrcAlpha: return s[3];
    case BlendFactor::OneMinusSrcAlpha: return 1 - s[3];
    case BlendFactor::Dst: return d[c];
    case BlendFactor::OneMinusDst: return 1 - d[c];
    case BlendFactor::DstAlpha: return d[3];
    case BlendFactor::OneMinusDstAlpha: return 1 - d[3];
    case BlendFactor::SrcAlphaSaturated: return c == 3 ? 1 : std::min(s[3], 1 - d[3]);
    case BlendFactor::Constant: return kConstant[c];
    case BlendFactor::OneMinusConstant: return 1 - kConstant[c];
    default: return 0;  // src1 factors: dual-source blending
  }
}

// #blend-operation
double blend(BlendOperation op, double s, double fs, double d, double fd) {
  switch (op) {
    case BlendOperation::Add: return s * fs + d * fd;
    case BlendOperation::Subtract: return s * fs - d * fd;
    case BlendOperation::ReverseSubtract: return d * fd - s * fs;
    case BlendOperation::Min: return std::min(s, d);
    case BlendOperation::Max: return std::max(s, d);
  }
  return 0;
}

class RenderStateTest : public RenderTest {
 protected:
  RenderPipelineDescriptor flat(const Color4& c, float z = 0.5f) {
    RenderPipelineDescriptor d = pipelineDescriptor(kFlat);
    d.vertex.constants["z"] = z;
    d.fragment->constants = {{"r", c[0]}, {"g", c[1]}, {"b", c[2]}, {"a", c[3]}};
    return d;
  }
  static Rgba toRgba8(const Color4& c) {
    Rgba out;
    for (int i = 0; i < 4; ++i) out[i] = static_cast<uint8_t>(unorm8(c[i]) * 255 + 0.5);
    return out;
  }
};

TEST_F(RenderStateTest, EveryBlendFactorOnSourceAndDestinationAndEveryOperation) {
  struct Case {
    BlendOperation op;
    BlendFactor src, dst;
  };
  std::vector<Case> cases;
  for (int f = 0; f <= static_cast<int>(BlendFactor::OneMinusConstant); ++f) {
    auto factorF = static_cast<BlendFactor>(f);
    cases.push_back({BlendOperation::Add, factorF, BlendFactor::Zero});
    cases.push_back({BlendOperation::Add, BlendFactor::Zero, factorF});
  }
  for (BlendOperation op :
       {BlendOperation::Add, BlendOperation::Subtract, BlendOperation::ReverseSubtract,
        BlendOperation::Min, BlendOperation::Max}) {
    bool minMax = op == BlendOperation::Min || op == BlendOperation::Max;
    cases.push_back({op, minMax ? BlendFactor::One : BlendFactor::SrcAlpha,
                     minMax ? BlendFactor::One : BlendFactor::Constant});
  }
  ASSERT_LE(cases.size(), kSize * kSize);
  Texture t = target();
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass =
      encoder.beginRenderPass(passFor(t, {kDstClear[0], kDstClear[1], kDstClear[2], kDstClear[3]}));
  pass.setBlendConstant({kConstant[0], kConstant[1], kConstant[2], kConstant[3]});
  std::vector<RenderPipeline> pipelines;
  for (size_t i = 0; i < cases.size(); ++i) {
    RenderPipelineDescriptor d = flat(kSrc);
    d.fragment->targets[0]->blend = BlendState{{cases[i].op, cases[i].src, cases[i].dst},
                                               {cases[i].op, cases[i].src, cases[i].dst}};
    pipelines.push_back(device_.createRenderPipeline(d));
    pass.setPipeline(pipelines.back());
    pass.setScissorRect(i % kSize, i / kSize, 1, 1);
    pass.draw(3);
  }
  pass.end();
  submit(encoder);
  Color4 dst;
  for (int c = 0; c < 4; ++c) dst[c] = unorm8(kDstClear[c]);
  expectImage(t, [&](uint32_t x, uint32_t y) -> std::optional<Rgba> {
    size_t i = y * kSize + x;
    if (i >= cases.size()) return toRgba8(dst);
    Color4 out;
    for (int c = 0; c < 4; ++c) {
      out[c] = blend(cases[i].op, kSrc[c], factor(cases[i].src, c, kSrc, dst), dst[c],
                     factor(cases[i].dst, c, kSrc, dst));
    }
    return toRgba8(out);
  });
}

TEST_F(RenderStateTest, EveryDepthCompareFunction) {
  // Depth cleared to 0.5; a fragment at 0.25, 0.5 or 0.75 is drawn (green)
  // when compare(fragment, 0.5) holds (#depth-testing).
  Texture t = target(), depth = target(TextureFormat::Depth32float);
  RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
  RenderPassDepthStencilAttachment da;
  da.view = depth.createView();
  da.depthClearValue = 0.5f;
  da.depthLoadOp = LoadOp::Clear;
  da.depthStoreOp = StoreOp::Store;
  pd.depthStencilAttachment = da;
  const float depths[3] = {0.25f, 0.5f, 0.75f};
  auto passes = [](CompareFunction f, float z) {
    switch (f) {
      case CompareFunction::Never: return false;
      case CompareFunction::Less: return z < 0.5f;
      case CompareFunction::Equal: return z == 0.5f;
      case CompareFunction::LessEqual: return z <= 0.5f;
      case CompareFunction::Greater: return z > 0.5f;
      case CompareFunction::NotEqual: return z != 0.5f;
      case CompareFunction::GreaterEqual: return z >= 0.5f;
      case CompareFunction::Always: return true;
    }
    return false;
  };
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  std::vector<RenderPipeline> pipelines;
  for (uint32_t f = 0; f < kCompareFunctionCount; ++f) {
    for (uint32_t k = 0; k < 3; ++k) {
      RenderPipelineDescriptor d = flat({0, 1, 0, 1}, depths[k]);
      DepthStencilState ds;
      ds.format = TextureFormat::Depth32float;
      ds.depthWriteEnabled = false;
      ds.depthCompare = static_cast<CompareFunction>(f);
      d.depthStencil = ds;
      pipelines.push_back(device_.createRenderPipeline(d));
      pass.setPipeline(pipelines.back());
      pass.setScissorRect(k, f, 1, 1);
      pass.draw(3);
    }
  }
  pass.end();
  submit(encoder);
  expectImage(t, [&](uint32_t x, uint32_t y) {
    if (x >= 3 || y >= kCompareFunctionCount) return kBlack;
    return passes(static_cast<CompareFunction>(y), depths[x]) ? kGreen : kBlack;
  });
}

TEST_F(RenderStateTest, FragDepthReplacesTheDepthTested) {
  // Pass draw 1 (red) writes frag_depth 0.25 on the left half, 0.75 on the
  // right; draw 2 (green, z 0.5, 'less') then covers only the right half.
  Texture t = target(), depth = target(TextureFormat::Depth32float);
  RenderPipelineDescriptor d = pipelineDescriptor(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0.5, 1);
}
struct Out { @location(0) color : vec4f, @builtin(frag_depth) depth : f32 }
@fragment fn fs(@builtin(position) p : vec4f) -> Out {
  return Out(vec4f(1, 0, 0, 1), select(0.75, 0.25, p.x < 8.0));
}
)");
  DepthStencilState ds;
  ds.format = TextureFormat::Depth32float;
  ds.depthWriteEnabled = true;
  ds.depthCompare = CompareFunction::Always;
  d.depthStencil = ds;
  RenderPipeline writer = device_.createRenderPipeline(d);
  RenderPipelineDescriptor g = flat({0, 1, 0, 1}, 0.5f);
  ds.depthWriteEnabled = false;
  ds.depthCompare = CompareFunction::Less;
  g.depthStencil = ds;
  RenderPipeline tester = device_.createRenderPipeline(g);
  RenderPassDescriptor pd = passFor(t, {0, 0, 0, 1});
  RenderPassDepthStencilAttachment da;
  da.view = depth.createView();
  da.depthClearValue = 1.0f;
  da.depthLoadOp = LoadOp::Clear;
  da.depthStoreOp = StoreOp::Store;
  pd.depthStencilAttachment = da;
  CommandEncoder encoder = device_.createCommandEncoder();
  RenderPassEncoder pass = encoder.beginRenderPass(pd);
  pass.setPipeline(writer);
  pass.draw(3);
  pass.setPipeline(tester);
  pass.draw(3);
  pass.end();
  submit(encoder);
  expectImage(t, [](uint32_t x, uint32_t) { return x < kSize / 2 ? kRed : kGreen; });
}

// 4x MSAA into a resolve target: `wgsl`'s fragment decides per sample.
class RenderSampleTest : public RenderStateTest {
 protected:
  Texture renderResolved(std::string_view wgsl) {
    Texture msaa = target(TextureFormat::Rgba8unorm, 4), resolved = target();
    RenderPipelineDescriptor d = pipelineDescriptor(wgsl);
    d.multisample.count = 4;
    RenderPipeline pipeline = device_.createRenderPipeline(d);
    RenderPassDescriptor pd = passFor(msaa, {0, 0, 0, 1});
    pd.colorAttachments[0].resolveTarget = resolved.createView();
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(pd);
    pass.setPipeline(pipeline);
    pass.draw(3);
    pass.end();
    submit(encoder);
    return resolved;
  }
};

TEST_F(RenderSampleTest, SampleMaskOutputKeepsTwoOfFourSamples) {
  Texture t = renderResolved(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
struct Out { @location(0) color : vec4f, @builtin(sample_mask) mask : u32 }
@fragment fn fs() -> Out { return Out(vec4f(1, 1, 1, 1), 0x5u); }
)");
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{128, 128, 128, 255}; });
}

TEST_F(RenderSampleTest, SampleIndexShadesEachSample) {
  // White for sample 0 only: a quarter of each pixel's samples.
  Texture t = renderResolved(R"(
@vertex fn vs(@builtin(vertex_index) i : u32) -> @builtin(position) vec4f {
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  return vec4f(p[i], 0, 1);
}
@fragment fn fs(@builtin(sample_index) s : u32) -> @location(0) vec4f {
  return select(vec4f(0, 0, 0, 1), vec4f(1, 1, 1, 1), s == 0u);
}
)");
  expectImage(t, [](uint32_t, uint32_t) { return Rgba{64, 64, 64, 255}; });
}

TEST_F(RenderStateTest, FlatInterpolationTakesTheFirstVertex) {
  // Vertex colours red, green, blue; flat: the first vertex's everywhere
  // (#interpolation-sampling-first); perspective (w = 1): the barycentric mix.
  for (bool flatOnly : {true, false}) {
    std::string wgsl =
        fmt::format(R"(
struct Out {{ @builtin(position) p : vec4f, @location(0) {} c : vec4f }}
@vertex fn vs(@builtin(vertex_index) i : u32) -> Out {{
  var p = array(vec2f(-1, -1), vec2f(3, -1), vec2f(-1, 3));
  var c = array(vec4f(1, 0, 0, 1), vec4f(0, 1, 0, 1), vec4f(0, 0, 1, 1));
  return Out(vec4f(p[i], 0, 1), c[i]);
}}
@fragment fn fs(@location(0) {} c : vec4f) -> @location(0) vec4f {{ return c; }}
)",
                    flatOnly ? "@interpolate(flat)" : "", flatOnly ? "@interpolate(flat)" : "");
    Texture t = target();
    RenderPipeline pipeline = device_.createRenderPipeline(pipelineDescriptor(wgsl));
    CommandEncoder encoder = device_.createCommandEncoder();
    RenderPassEncoder pass = encoder.beginRenderPass(passFor(t, {0, 0, 0, 1}));
    pass.setPipeline(pipeline);
    pass.draw(3);
    pass.end();
    submit(encoder);
    expectImage(
        t,
        [&](uint32_t x, uint32_t y) -> Rgba {
          if (flatOnly) return kRed;
          // Barycentrics of the pixel centre in the (-1,-1), (3,-1), (-1,3) triangle.
          double g = (ndcX(x) + 1) / 4, b = (ndcY(y) + 1) / 4, r = 1 - g - b;
          return toRgba8({r, g, b, 1});
        },
        2);
  }
}

}  // namespace
}  // namespace bindery::vulkan::testing
