// The compute fixture (compute_test.h).
#include "compute_test.h"

#include <algorithm>

namespace bindery::vulkan::testing {

BindGroupEntry bufferEntry(uint32_t binding, const Buffer& buffer, uint64_t offset,
                           std::optional<uint64_t> size) {
  return {binding, BufferBinding{buffer, offset, size}};
}

Buffer ComputeTest::bufferWith(const void* data, uint64_t size, BufferUsageFlags extra) {
  uint64_t rounded = std::max<uint64_t>(4, (size + 3) & ~uint64_t{3});
  Buffer buffer = makeBuffer(
      rounded, BufferUsage::Storage | BufferUsage::CopySrc | BufferUsage::CopyDst | extra, true);
  auto* bytes = static_cast<uint8_t*>(buffer.getMappedRange(0, rounded));
  std::memset(bytes, 0, rounded);
  if (size) std::memcpy(bytes, data, size);
  buffer.unmap();
  return buffer;
}

ComputePipeline ComputeTest::pipeline(std::string_view wgsl,
                                      std::map<std::string, double> constants) {
  ShaderModuleDescriptor module;
  module.code = std::string(wgsl);
  ComputePipelineDescriptor descriptor;
  descriptor.layout = kAutoLayout;
  descriptor.compute.module = device_.createShaderModule(module);
  descriptor.compute.entryPoint = "main";
  descriptor.compute.constants = std::move(constants);
  return device_.createComputePipeline(descriptor);
}

ComputePipeline ComputeTest::pipeline(std::string_view wgsl, const BindGroupLayout& group0,
                                      uint32_t immediateSize) {
  PipelineLayoutDescriptor pl;
  pl.bindGroupLayouts = {group0};
  pl.immediateSize = immediateSize;
  ShaderModuleDescriptor module;
  module.code = std::string(wgsl);
  ComputePipelineDescriptor descriptor;
  descriptor.layout = device_.createPipelineLayout(pl);
  descriptor.compute.module = device_.createShaderModule(module);
  return device_.createComputePipeline(descriptor);
}

void SentinelTest::makeBuffers(uint32_t outWords) {
  align = device_.limits().minStorageBufferOffsetAlignment;
  before = sentinels();
  target = sentinels();
  after = sentinels();
  out = bufferWith(std::vector<uint32_t>(outWords));
}

BindGroup ComputeTest::group(const BindGroupLayout& layout, std::vector<BindGroupEntry> entries) {
  BindGroupDescriptor descriptor;
  descriptor.layout = layout;
  descriptor.entries = std::move(entries);
  return device_.createBindGroup(descriptor);
}

void ComputeTest::dispatch(const ComputePipeline& p, const BindGroup& g, uint32_t x, uint32_t y,
                           uint32_t z) {
  CommandEncoder encoder = device_.createCommandEncoder();
  ComputePassEncoder pass = encoder.beginComputePass();
  pass.setPipeline(p);
  pass.setBindGroup(0, g);
  pass.dispatchWorkgroups(x, y, z);
  pass.end();
  submit(encoder);
}

}  // namespace bindery::vulkan::testing
