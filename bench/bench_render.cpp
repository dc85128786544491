// Rendering on the Vulkan backend against raw Vulkan, same process, same run
// (issue 15):
//
//   BindDraw_Bindery/{0,1}: 100,000 x (setBindGroup + draw(3)) in one render
//     pass over 64 prebuilt groups (Arg 1: one group with a dynamic offset),
//     encoded, finished, submitted and waited for. Counters per pair:
//     encode_ns (the API calls and finish), submit_ns (submit: recording into
//     Vulkan) in this thread's CPU time; total_ns (wall, with the GPU's
//     execution).
//   BindDraw_Raw/{0,1}: the same vkCmdBindDescriptorSets + vkCmdDraw calls
//     recorded by hand into one dynamic-rendering pass of one command buffer,
//     submitted and waited for (record_ns: CPU time per pair; total_ns: wall).
//   BindDraw_Alternating/{0,1}: bindery's pairs and raw's alternating in one
//     run, medians per pair and the median ratio (alternating.h).
//   Bundle_Execute / Bundle_Reencode: one pass drawing 1,000 (setBindGroup +
//     draw) through executeBundles of a bundle recorded once, or encoded again
//     in the pass; counters per draw as above.
//
// Runs on the Vulkan device the loader finds (lavapipe with
// VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json).
#include <benchmark/benchmark.h>
#include <vulkan/vulkan.h>

#include <bindery/bindery.h>
#include <bindery/spirv/generate.h>

#include <chrono>
#include <ctime>
#include <vector>

#include "alternating.h"
#include "backends/vulkan/instance.h"
#include "bench_device.h"
#include "raw_vulkan.h"

namespace {

using namespace std::chrono_literals;
using bindery_bench::Clock;
using bindery_bench::nsSince;
using bindery_bench::threadNs;

constexpr uint32_t kPairs = 100000;
constexpr uint32_t kBundleDraws = 1000;
constexpr uint32_t kGroups = 64;
constexpr uint32_t kStride = 256;
constexpr uint32_t kSize = 64;  // the rgba8unorm target

// A small triangle placed by the uniform block.
constexpr const char* kShader = R"(
struct U { offset: vec4f }
@group(0) @binding(0) var<uniform> u: U;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  var p = array(vec2f(0, 0), vec2f(0.05, 0), vec2f(0, 0.05));
  return vec4f(p[i] + u.offset.xy, 0, 1);
}
@fragment fn fs() -> @location(0) vec4f { return vec4f(1, 0.5, 0, 1); }
)";

// ---------------------------------------------------------------------------
// bindery

struct BinderyRender {
  bindery::Device device;
  bindery::Buffer uniforms;
  bindery::Texture target;
  bindery::TextureView view;
  bindery::RenderPipeline pipeline[2];
  std::vector<bindery::BindGroup> groups[2];
  bindery::RenderBundle bundle;
  bool ok = false;

  BinderyRender() {
    bindery::InstanceDescriptor instance;
    instance.backend = bindery::BackendType::Vulkan;
    bindery::Adapter adapter = bindery::Instance::create(instance).requestAdapter();
    if (!adapter) return;
    device = adapter.requestDevice().device;
    if (!device) return;
    bindery::BufferDescriptor bd;
    bd.size = kStride * kGroups;
    bd.usage = bindery::BufferUsage::Uniform;
    uniforms = device.createBuffer(bd);
    bindery::TextureDescriptor td;
    td.size = {kSize, kSize, 1};
    td.format = bindery::TextureFormat::Rgba8unorm;
    td.usage = bindery::TextureUsage::RenderAttachment;
    target = device.createTexture(td);
    view = target.createView();
    bindery::ShaderModule module = device.createShaderModule({.code = kShader});
    for (int dynamic = 0; dynamic < 2; ++dynamic) {
      bindery::BindGroupLayoutDescriptor d;
      d.entries = {
          {0, bindery::ShaderStage::Vertex,
           bindery::BufferBindingLayout{bindery::BufferBindingType::Uniform, dynamic == 1, 16}}};
      bindery::BindGroupLayout layout = device.createBindGroupLayout(d);
      bindery::PipelineLayoutDescriptor pl;
      pl.bindGroupLayouts = {layout};
      bindery::RenderPipelineDescriptor pd;
      pd.layout = device.createPipelineLayout(pl);
      pd.vertex.module = module;
      pd.vertex.entryPoint = "vs";
      bindery::FragmentState fragment;
      fragment.module = module;
      fragment.entryPoint = "fs";
      fragment.targets.push_back(
          bindery::ColorTargetState{bindery::TextureFormat::Rgba8unorm, std::nullopt});
      pd.fragment = fragment;
      pipeline[dynamic] = device.createRenderPipeline(pd);
      for (uint32_t g = 0; g < kGroups; ++g) {
        bindery::BindGroupDescriptor gd;
        gd.layout = layout;
        gd.entries = {{0, bindery::BufferBinding{uniforms, dynamic ? 0 : g * kStride, 16}}};
        groups[dynamic].push_back(device.createBindGroup(gd));
      }
    }
    bindery::RenderBundleEncoderDescriptor bundleDescriptor;
    bundleDescriptor.colorFormats = {bindery::TextureFormat::Rgba8unorm};
    bindery::RenderBundleEncoder encoder = device.createRenderBundleEncoder(bundleDescriptor);
    encode(encoder, kBundleDraws, false);
    bundle = encoder.finish();
    ok = true;
  }
  // setPipeline, then `pairs` x (setBindGroup + draw(3)).
  template <class Encoder>
  void encode(Encoder& pass, uint32_t pairs, bool dynamic) {
    pass.setPipeline(pipeline[dynamic]);
    for (uint32_t i = 0; i < pairs; ++i) {
      if (dynamic) {
        uint32_t offset = (i % kGroups) * kStride;
        pass.setBindGroup(0, groups[1][0], std::span<const uint32_t>(&offset, 1));
      } else {
        pass.setBindGroup(0, groups[0][i % kGroups]);
      }
      pass.draw(3);
    }
  }
  bindery::RenderPassDescriptor passDescriptor() const {
    bindery::RenderPassDescriptor pd;
    bindery::RenderPassColorAttachment color;
    color.view = view;
    color.loadOp = bindery::LoadOp::Clear;
    color.storeOp = bindery::StoreOp::Store;
    pd.colorAttachments.push_back(color);
    return pd;
  }
  // Until the GPU has finished every submission.
  void finish() { bindery_bench::waitForSubmittedWork(device); }
};

BinderyRender& bindery() {
  static BinderyRender b;
  return b;
}

// Encodes a pass with `encodePass`, submits and waits; adds the times.
template <class F>
void runPass(BinderyRender& b, F&& encodePass, double* encode, double* submit, double* total) {
  Clock::time_point start = Clock::now();
  double cpu = threadNs();
  bindery::CommandEncoder encoder = b.device.createCommandEncoder();
  bindery::RenderPassEncoder pass = encoder.beginRenderPass(b.passDescriptor());
  encodePass(pass);
  pass.end();
  bindery::CommandBuffer commands = encoder.finish();
  double encoded = threadNs();
  *encode += encoded - cpu;
  b.device.queue().submit({commands});
  *submit += threadNs() - encoded;
  b.finish();
  *total += nsSince(start);
}

void setCounters(benchmark::State& state, double units, double encode, double submit,
                 double total) {
  state.counters["encode_ns"] = encode / units;
  state.counters["submit_ns"] = submit / units;
  state.counters["total_ns"] = total / units;
}

void BM_BindDraw_Bindery(benchmark::State& state) {
  BinderyRender& b = bindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  bool dynamic = state.range(0) == 1;
  double encode = 0, submit = 0, total = 0;
  for (auto _ : state) {
    runPass(
        b, [&](bindery::RenderPassEncoder& pass) { b.encode(pass, kPairs, dynamic); }, &encode,
        &submit, &total);
  }
  setCounters(state, double(state.iterations()) * kPairs, encode, submit, total);
}

void BM_Bundle_Execute(benchmark::State& state) {
  BinderyRender& b = bindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  double encode = 0, submit = 0, total = 0;
  for (auto _ : state) {
    runPass(
        b, [&](bindery::RenderPassEncoder& pass) { pass.executeBundles({b.bundle}); }, &encode,
        &submit, &total);
  }
  setCounters(state, double(state.iterations()) * kBundleDraws, encode, submit, total);
}

void BM_Bundle_Reencode(benchmark::State& state) {
  BinderyRender& b = bindery();
  if (!b.ok) return state.SkipWithError("no Vulkan adapter");
  double encode = 0, submit = 0, total = 0;
  for (auto _ : state) {
    runPass(
        b, [&](bindery::RenderPassEncoder& pass) { b.encode(pass, kBundleDraws, false); }, &encode,
        &submit, &total);
  }
  setCounters(state, double(state.iterations()) * kBundleDraws, encode, submit, total);
}

// ---------------------------------------------------------------------------
// raw Vulkan: its own VkDevice on the same physical device, dynamic rendering.

struct RawRender : bindery_bench::RawDevice {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory imageMemory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout[2] = {};
  VkPipelineLayout layout[2] = {};
  VkPipeline pipeline[2] = {};
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> sets[2];
  PFN_vkCmdBeginRenderingKHR beginRendering = nullptr;
  PFN_vkCmdEndRenderingKHR endRendering = nullptr;
  bool ok = false;

  bool createRenderingDevice(const bindery::vulkan::PhysicalDevice& physical) {
    VkPhysicalDeviceDynamicRenderingFeaturesKHR dynamicRendering{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES_KHR};
    dynamicRendering.dynamicRendering = VK_TRUE;
    const char* const extensions[] = {VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME};
    if (!createDevice(physical, extensions, &dynamicRendering)) return false;
    beginRendering = reinterpret_cast<PFN_vkCmdBeginRenderingKHR>(
        vkGetDeviceProcAddr(device, "vkCmdBeginRenderingKHR"));
    endRendering = reinterpret_cast<PFN_vkCmdEndRenderingKHR>(
        vkGetDeviceProcAddr(device, "vkCmdEndRenderingKHR"));
    return beginRendering && endRendering;
  }

  void createResources() {
    buffer = createBuffer(kStride * kGroups, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &memory);
    VkImageCreateInfo ii{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    ii.imageType = VK_IMAGE_TYPE_2D;
    ii.format = VK_FORMAT_R8G8B8A8_UNORM;
    ii.extent = {kSize, kSize, 1};
    ii.mipLevels = 1;
    ii.arrayLayers = 1;
    ii.samples = VK_SAMPLE_COUNT_1_BIT;
    ii.tiling = VK_IMAGE_TILING_OPTIMAL;
    ii.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    vkCreateImage(device, &ii, nullptr, &image);
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(device, image, &req);
    imageMemory = allocate(req);
    vkBindImageMemory(device, image, imageMemory, 0);
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = image;
    vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vi.format = ii.format;
    vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCreateImageView(device, &vi, nullptr, &view);
  }

  VkShaderModule shader(const bindery::wgsl::Module& module, const char* entryPoint) {
    bindery::spirv::Result spirv = bindery::spirv::generate(module, entryPoint);
    if (!spirv.ok()) return VK_NULL_HANDLE;
    VkShaderModuleCreateInfo si{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    si.codeSize = spirv.words.size() * 4;
    si.pCode = spirv.words.data();
    VkShaderModule made = VK_NULL_HANDLE;
    vkCreateShaderModule(device, &si, nullptr, &made);
    return made;
  }

  bool createPipeline(int dynamic, VkShaderModule vs, VkShaderModule fs) {
    VkDescriptorSetLayoutBinding binding{
        0, dynamic ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
        1, VK_SHADER_STAGE_VERTEX_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    li.bindingCount = 1;
    li.pBindings = &binding;
    vkCreateDescriptorSetLayout(device, &li, nullptr, &setLayout[dynamic]);
    VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pli.setLayoutCount = 1;
    pli.pSetLayouts = &setLayout[dynamic];
    vkCreatePipelineLayout(device, &pli, nullptr, &layout[dynamic]);
    VkPipelineShaderStageCreateInfo stages[2] = {
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vs;
    stages[0].pName = "vs";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fs;
    stages[1].pName = "fs";
    VkPipelineVertexInputStateCreateInfo vertex{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo assembly{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkPipelineViewportStateCreateInfo viewport{
        VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;
    VkPipelineRasterizationStateCreateInfo raster{
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.lineWidth = 1;
    VkPipelineMultisampleStateCreateInfo multisample{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    VkPipelineColorBlendAttachmentState attachment{};
    attachment.colorWriteMask = 0xF;
    VkPipelineColorBlendStateCreateInfo blend{
        VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend.attachmentCount = 1;
    blend.pAttachments = &attachment;
    VkDynamicState states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo dynamicState{
        VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dynamicState.dynamicStateCount = 2;
    dynamicState.pDynamicStates = states;
    VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    VkPipelineRenderingCreateInfoKHR rendering{
        VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO_KHR};
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachmentFormats = &format;
    VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gi.pNext = &rendering;
    gi.stageCount = 2;
    gi.pStages = stages;
    gi.pVertexInputState = &vertex;
    gi.pInputAssemblyState = &assembly;
    gi.pViewportState = &viewport;
    gi.pRasterizationState = &raster;
    gi.pMultisampleState = &multisample;
    gi.pColorBlendState = &blend;
    gi.pDynamicState = &dynamicState;
    gi.layout = layout[dynamic];
    return vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &gi, nullptr, &pipeline[dynamic]) ==
           VK_SUCCESS;
  }

  void createSets(int dynamic) {
    for (uint32_t g = 0; g < kGroups; ++g) {
      VkDescriptorSetAllocateInfo si{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
      si.descriptorPool = descriptorPool;
      si.descriptorSetCount = 1;
      si.pSetLayouts = &setLayout[dynamic];
      VkDescriptorSet set;
      vkAllocateDescriptorSets(device, &si, &set);
      VkDescriptorBufferInfo bufferInfo{buffer, dynamic ? 0 : g * kStride, 16};
      VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      write.dstSet = set;
      write.descriptorCount = 1;
      write.descriptorType =
          dynamic ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      write.pBufferInfo = &bufferInfo;
      vkUpdateDescriptorSets(device, 1, &write, 0, nullptr);
      sets[dynamic].push_back(set);
    }
  }

  RawRender() {
    bindery::vulkan::Instance* instance = bindery::vulkan::sharedInstance();
    if (!instance || instance->physicalDevices().empty()) return;
    const bindery::vulkan::PhysicalDevice& physical = instance->physicalDevices()[0];
    if (!createRenderingDevice(physical)) return;
    createResources();
    bindery::wgsl::Module module = bindery::wgsl::parse(kShader);
    VkShaderModule vs = shader(module, "vs"), fs = shader(module, "fs");
    if (!vs || !fs) return;
    VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kGroups},
                                    {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, kGroups}};
    VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pi.maxSets = 2 * kGroups;
    pi.poolSizeCount = 2;
    pi.pPoolSizes = sizes;
    vkCreateDescriptorPool(device, &pi, nullptr, &descriptorPool);
    for (int dynamic = 0; dynamic < 2; ++dynamic) {
      if (!createPipeline(dynamic, vs, fs)) return;
      createSets(dynamic);
    }
    vkDestroyShaderModule(device, vs, nullptr);
    vkDestroyShaderModule(device, fs, nullptr);
    ok = true;
  }

  // The image to the attachment layout (from undefined: its contents are cleared).
  void toAttachmentLayout() {
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    barrier.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                         VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, 0, 0, nullptr, 0, nullptr,
                         1, &barrier);
  }

  void beginPass() {
    toAttachmentLayout();
    VkRenderingAttachmentInfoKHR color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO_KHR};
    color.imageView = view;
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfoKHR rendering{VK_STRUCTURE_TYPE_RENDERING_INFO_KHR};
    rendering.renderArea = {{0, 0}, {kSize, kSize}};
    rendering.layerCount = 1;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &color;
    beginRendering(commands, &rendering);
    VkViewport v{0, float(kSize), float(kSize), -float(kSize), 0, 1};
    vkCmdSetViewport(commands, 0, 1, &v);
    VkRect2D scissor{{0, 0}, {kSize, kSize}};
    vkCmdSetScissor(commands, 0, 1, &scissor);
  }
};

RawRender& raw() {
  static RawRender r;
  return r;
}

// The raw twin of BinderyRender::encode in a pass: `r.commands` reset and
// begun, the pass begun, the pipeline bound, kPairs x
// (vkCmdBindDescriptorSets + vkCmdDraw), the pass and the buffer ended.
void recordRawDraws(RawRender& r, int dynamic) {
  vkResetCommandBuffer(r.commands, 0);
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(r.commands, &begin);
  r.beginPass();
  vkCmdBindPipeline(r.commands, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipeline[dynamic]);
  for (uint32_t i = 0; i < kPairs; ++i) {
    uint32_t offset = (i % kGroups) * kStride;
    VkDescriptorSet set = dynamic ? r.sets[1][0] : r.sets[0][i % kGroups];
    vkCmdBindDescriptorSets(r.commands, VK_PIPELINE_BIND_POINT_GRAPHICS, r.layout[dynamic], 0, 1,
                            &set, dynamic ? 1 : 0, &offset);
    vkCmdDraw(r.commands, 3, 1, 0, 0);
  }
  r.endRendering(r.commands);
  vkEndCommandBuffer(r.commands);
}

void BM_BindDraw_Raw(benchmark::State& state) {
  RawRender& r = raw();
  if (!r.ok) return state.SkipWithError("no Vulkan device");
  int dynamic = static_cast<int>(state.range(0));
  double record = 0, total = 0;
  for (auto _ : state) {
    Clock::time_point start = Clock::now();
    record += r.recordSubmitAndWait([&] { recordRawDraws(r, dynamic); });
    total += nsSince(start);
  }
  double pairs = double(state.iterations()) * kPairs;
  state.counters["record_ns"] = record / pairs;
  state.counters["total_ns"] = total / pairs;
}

// Bindery's pairs and raw's, alternating in one run (alternating.h): per
// pair, bindery's encode + submit CPU time and raw's recording CPU time, each
// batch waited for before the next; "ratio" is the median of bindery / raw.
void BM_BindDraw_Alternating(benchmark::State& state) {
  BinderyRender& b = bindery();
  RawRender& r = raw();
  if (!b.ok || !r.ok) return state.SkipWithError("no Vulkan device");
  int dynamic = static_cast<int>(state.range(0));
  b.finish();
  bindery_bench::alternate(
      state,
      [&] {
        double encode = 0, submit = 0, total = 0;
        runPass(
            b, [&](bindery::RenderPassEncoder& pass) { b.encode(pass, kPairs, dynamic == 1); },
            &encode, &submit, &total);
        return (encode + submit) / kPairs;
      },
      [&] { return r.recordSubmitAndWait([&] { recordRawDraws(r, dynamic); }) / kPairs; });
}

}  // namespace

BENCHMARK(BM_BindDraw_Alternating)
    ->Arg(0)
    ->Arg(1)
    ->Iterations(21)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_BindDraw_Bindery)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BindDraw_Raw)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Bundle_Execute)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_Bundle_Reencode)->Unit(benchmark::kMicrosecond)->UseRealTime();

BENCHMARK_MAIN();
