// The validating null device's DeviceBackend: no GPU; buffers, texels and
// query results are kept in host memory so written data reads back. Work runs
// at once on the calling thread, so every serial is complete as soon as it is
// handed out, and completions run at the next tick().
#pragma once

#include <memory>

#include "backends/backend.h"
#include "backends/null/failure_injector.h"

namespace bindery::backend::null {

class NullDevice final : public DeviceBackend {
 public:
  Result<std::unique_ptr<BufferBackend>> createBuffer(const core::BufferBase& buffer,
                                                      bool mappedAtCreation) override;
  Result<std::unique_ptr<TextureBackend>> createTexture(const core::TextureBase& texture) override;
  Result<std::unique_ptr<TextureViewBackend>> createTextureView(
      const core::TextureViewBase& view) override;
  Result<std::unique_ptr<SamplerBackend>> createSampler(const core::SamplerBase& sampler) override;
  Result<std::unique_ptr<BindGroupLayoutBackend>> createBindGroupLayout(
      const core::BindGroupLayoutBase& layout) override;
  Result<std::unique_ptr<BindGroupBackend>> createBindGroup(
      const core::BindGroupBase& group) override;
  Result<std::unique_ptr<PipelineLayoutBackend>> createPipelineLayout(
      const core::PipelineLayoutBase& layout) override;
  Result<std::unique_ptr<ShaderModuleBackend>> createShaderModule(
      const core::ShaderModuleBase& module) override;
  Result<std::unique_ptr<ComputePipelineBackend>> createComputePipeline(
      const core::ComputePipelineBase& pipeline) override;
  Result<std::unique_ptr<RenderPipelineBackend>> createRenderPipeline(
      const core::RenderPipelineBase& pipeline) override;
  Result<std::unique_ptr<QuerySetBackend>> createQuerySet(
      const core::QuerySetBase& querySet) override;

  Status writeBuffer(core::BufferBase& buffer, uint64_t offset, const uint8_t* data,
                     uint64_t size) override;
  Status writeTexture(core::TextureBase& texture, const TexelCopyTextureInfo& destination,
                      const uint8_t* data, const TexelCopyBufferLayout& layout,
                      const Extent3D& size) override;
  Status readTexture(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                     uint8_t* data, const TexelCopyBufferLayout& layout,
                     const Extent3D& size) override;
  Result<Serial> submit(std::span<const core::CommandStream* const> commands) override;

  Serial lastSubmittedSerial() const override { return lastSerial_; }
  Result<Serial> completedSerial() override;
  Result<bool> waitSerial(Serial serial, std::chrono::nanoseconds timeout) override;
  void destroy() override {}

  bool injectFailure(std::string_view operation, ErrorKind kind) override;

 private:
  FailureInjector failures_;
  Serial lastSerial_ = 0;
};

}  // namespace bindery::backend::null
