// The null device (device.h): creation, the queue timeline, serials.
#include "backends/null/device.h"

#include <cstring>

#include "backends/null/buffer.h"
#include "backends/null/query_set.h"
#include "backends/null/queue_execution.h"
#include "backends/null/texture_storage.h"
#include "core/resources/buffer.h"
#include "core/resources/query_set.h"

namespace bindery::backend::null {

namespace {

// The object kinds the null device keeps no data for: no backend object at
// all (backend.h: a null backendObject() on a valid object), so creating a
// view, sampler, layout, bind group, shader module or pipeline allocates
// nothing here. Only an injected failure makes the creation fail.
template <class Interface>
Result<std::unique_ptr<Interface>> trivial(FailureInjector& failures, std::string_view operation) {
  if (std::optional<BackendError> injected = failures.take(operation)) return *injected;
  return std::unique_ptr<Interface>();
}

}  // namespace

Result<std::unique_ptr<BufferBackend>> NullDevice::createBuffer(const core::BufferBase& buffer,
                                                                bool) {
  if (std::optional<BackendError> injected = failures_.take("createBuffer")) return *injected;
  // Allocated on first use, so creation itself never runs out of memory.
  return std::unique_ptr<BufferBackend>(std::make_unique<NullBuffer>(failures_, buffer.size()));
}

Result<std::unique_ptr<TextureBackend>> NullDevice::createTexture(
    const core::TextureBase& texture) {
  if (std::optional<BackendError> injected = failures_.take("createTexture")) return *injected;
  return std::unique_ptr<TextureBackend>(std::make_unique<NullTexture>(texture));
}

Result<std::unique_ptr<TextureViewBackend>> NullDevice::createTextureView(
    const core::TextureViewBase&) {
  return trivial<TextureViewBackend>(failures_, "createTextureView");
}
Result<std::unique_ptr<SamplerBackend>> NullDevice::createSampler(const core::SamplerBase&) {
  return trivial<SamplerBackend>(failures_, "createSampler");
}
Result<std::unique_ptr<BindGroupLayoutBackend>> NullDevice::createBindGroupLayout(
    const core::BindGroupLayoutBase&) {
  return trivial<BindGroupLayoutBackend>(failures_, "createBindGroupLayout");
}
Result<std::unique_ptr<BindGroupBackend>> NullDevice::createBindGroup(const core::BindGroupBase&) {
  return trivial<BindGroupBackend>(failures_, "createBindGroup");
}
Result<std::unique_ptr<PipelineLayoutBackend>> NullDevice::createPipelineLayout(
    const core::PipelineLayoutBase&) {
  return trivial<PipelineLayoutBackend>(failures_, "createPipelineLayout");
}
Result<std::unique_ptr<ShaderModuleBackend>> NullDevice::createShaderModule(
    const core::ShaderModuleBase&) {
  return trivial<ShaderModuleBackend>(failures_, "createShaderModule");
}
Result<std::unique_ptr<ComputePipelineBackend>> NullDevice::createComputePipeline(
    const core::ComputePipelineBase&) {
  return trivial<ComputePipelineBackend>(failures_, "createComputePipeline");
}
Result<std::unique_ptr<RenderPipelineBackend>> NullDevice::createRenderPipeline(
    const core::RenderPipelineBase&) {
  return trivial<RenderPipelineBackend>(failures_, "createRenderPipeline");
}

Result<std::unique_ptr<QuerySetBackend>> NullDevice::createQuerySet(
    const core::QuerySetBase& querySet) {
  if (std::optional<BackendError> injected = failures_.take("createQuerySet")) return *injected;
  return std::unique_ptr<QuerySetBackend>(std::make_unique<NullQuerySet>(querySet.count()));
}

Status NullDevice::writeBuffer(core::BufferBase& buffer, uint64_t offset, const uint8_t* data,
                               uint64_t size) {
  if (std::optional<BackendError> injected = failures_.take("writeBuffer")) return *injected;
  if (size == 0) return {};
  Result<uint8_t*> bytes =
      static_cast<NullBuffer*>(buffer.backendObject())->bytesOr(buffer.describe());
  if (bytes.isError()) return bytes.error();
  std::memcpy(bytes.value() + offset, data, size);
  return {};
}

Status NullDevice::writeTexture(core::TextureBase& texture, const TexelCopyTextureInfo& destination,
                                const uint8_t* data, const TexelCopyBufferLayout& layout,
                                const Extent3D& size) {
  if (std::optional<BackendError> injected = failures_.take("writeTexture")) return *injected;
  return writeTexelsFromLinear(texture, destination, data, layout, size);
}

Status NullDevice::readTexture(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                               uint8_t* data, const TexelCopyBufferLayout& layout,
                               const Extent3D& size) {
  readTexelsToLinear(texture, source, data, layout, size);
  return {};
}

Result<Serial> NullDevice::submit(std::span<const core::CommandStream* const> commands) {
  if (std::optional<BackendError> injected = failures_.take("submit")) return *injected;
  ++lastSerial_;
  // Every command buffer runs, as on a GPU; the first failure is reported.
  std::optional<BackendError> first;
  for (const core::CommandStream* stream : commands) {
    if (Status status = executeCommands(*stream); status.isError() && !first) {
      first = status.error();
    }
  }
  if (first) return *first;
  return lastSerial_;
}

Result<Serial> NullDevice::completedSerial() {
  if (std::optional<BackendError> injected = failures_.take("completedSerial")) return *injected;
  return lastSerial_;  // the work ran inside submit()
}

Result<bool> NullDevice::waitSerial(Serial, std::chrono::nanoseconds) {
  return true;  // every serial handed out is complete
}

bool NullDevice::injectFailure(std::string_view operation, ErrorKind kind) {
  if (!FailureInjector::isKnown(operation)) return false;
  failures_.arm(operation, kind);
  return true;
}

}  // namespace bindery::backend::null
