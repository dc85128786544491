// DeviceBase: a GPUDevice inside the core: its limits and features, the
// error-scope stack (#error-scopes), the lost state, the backend, and the
// creation entry points. Each createX is *defined* in its object's file
// (createBuffer in buffer.cpp), so an object's whole life is in one room.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/backend.h"
#include "bindery/device.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"

namespace bindery::core {

class AdapterBase;
class BufferBase;
class TextureBase;
class SamplerBase;
class BindGroupLayoutBase;
class BindGroupBase;
class PipelineLayoutBase;
class ExternalTextureBase;
class BindGroupLayoutCache;
class QueueBase;
class CommandEncoderBase;
class RenderBundleEncoderBase;
class ShaderModuleBase;
class ComputePipelineBase;
class RenderPipelineBase;
class QuerySetBase;

class DeviceBase final : public ObjectBase {
 public:
  DeviceBase(AdapterBase* adapter, const DeviceDescriptor& descriptor, const Limits& limits,
             const FeatureSet& features, std::unique_ptr<backend::DeviceBackend> backend);
  ~DeviceBase() override;

  AdapterBase* adapter() const { return adapter_.get(); }
  const Limits& limits() const { return limits_; }
  const FeatureSet& features() const { return features_; }
  bool hasFeature(FeatureName f) const { return features_.has(f); }
  FeatureLevel featureLevel() const { return featureLevel_; }
  bool isCompatibilityMode() const { return featureLevel_ == FeatureLevel::Compatibility; }
  // The backend; only used while the device is not lost (a device the
  // backend could not create has none and is lost from the start).
  backend::DeviceBackend& backend() { return *backend_; }
  bool strict() const { return strict_; }

  // --- creation (each defined in its object's .cpp) -------------------------
  Ref<BufferBase> createBuffer(const BufferDescriptor& descriptor);
  Ref<TextureBase> createTexture(const TextureDescriptor& descriptor);
  Ref<SamplerBase> createSampler(const SamplerDescriptor& descriptor);
  Ref<BindGroupLayoutBase> createBindGroupLayout(const BindGroupLayoutDescriptor& descriptor);
  // A layout made by a pipeline's layout: 'auto' (#default-pipeline-layout):
  // [[exclusivePipeline]] is `owner`, so it is group-equivalent only to
  // layouts of the same pipeline and createPipelineLayout refuses it.
  // Errors (the entries exceed a limit) are returned, not dispatched.
  MaybeError createAutoBindGroupLayout(const BindGroupLayoutDescriptor& descriptor,
                                       const ObjectBase* owner, Ref<BindGroupLayoutBase>* result);
  Ref<BindGroupBase> createBindGroup(const BindGroupDescriptor& descriptor);
  Ref<PipelineLayoutBase> createPipelineLayout(const PipelineLayoutDescriptor& descriptor);
  Ref<ExternalTextureBase> importExternalTexture(const ExternalTextureDescriptor& descriptor);
  Ref<CommandEncoderBase> createCommandEncoder(const CommandEncoderDescriptor& descriptor);
  Ref<RenderBundleEncoderBase> createRenderBundleEncoder(
      const RenderBundleEncoderDescriptor& descriptor);
  Ref<QuerySetBase> createQuerySet(const QuerySetDescriptor& descriptor);  // query_set.cpp
  // shader_module.cpp, compute_pipeline.cpp, render_pipeline.cpp. The async
  // forms settle at the next tick() and dispatch no error.
  Ref<ShaderModuleBase> createShaderModule(const ShaderModuleDescriptor& descriptor);
  Ref<ComputePipelineBase> createComputePipeline(const ComputePipelineDescriptor& descriptor);
  Ref<RenderPipelineBase> createRenderPipeline(const RenderPipelineDescriptor& descriptor);
  void createComputePipelineAsync(const ComputePipelineDescriptor& descriptor,
                                  CreateComputePipelineAsyncCallback callback);
  void createRenderPipelineAsync(const RenderPipelineDescriptor& descriptor,
                                 CreateRenderPipelineAsyncCallback callback);
  // The content-hashed set of shared bind group layout contents
  // (bind_group_layout.cpp); created on first use.
  BindGroupLayoutCache& bindGroupLayoutCache();

  // --- errors (#error-scopes) -----------------------------------------------
  void pushErrorScope(ErrorFilter filter);
  PopErrorScopeResult popErrorScope();
  void setUncapturedErrorCallback(UncapturedErrorCallback callback);
  // Delivers an error to the innermost matching scope or the uncaptured-error
  // callback. `call` names the API call ("[Texture "a"].createView([TextureView "v"])")
  // and leads the message. Errors on a lost device are dropped.
  void dispatchError(MaybeError error, std::string_view call);
  void dispatchError(std::unique_ptr<ErrorData> error, std::string_view call);
  // Strict mode bookkeeping: every public call starts with beginCall().
  void beginCall() {
    if (strict_) lastError_.reset();
  }
  const std::optional<Error>& lastError() const { return lastError_; }

  // Checks an object argument: not null (when required), of this device, valid.
  // `what` is the field path ("descriptor.entries[0].resource").
  MaybeError validateObject(const ObjectBase* object, std::string_view what) const;
  // The same, with the field path formatted only when the check fails:
  // `what()` gives it (hot paths pass a lambda, not a formatted string).
  template <class What, class = std::enable_if_t<std::is_invocable_v<What&>>>
  MaybeError validateObject(const ObjectBase* object, What&& what) const {
    if (object != nullptr && object->isValid() && object->device() == this) [[likely]]
      return {};
    return validateObject(object, std::string_view(what()));
  }

  // --- loss (#dom-gpudevice-destroy) ------------------------------------------
  void destroy();
  void loseDevice(DeviceLostReason reason, std::string message);
  bool isLost() const { return lost_.has_value(); }
  const std::optional<DeviceLostInfo>& lostInfo() const { return lost_; }
  void setDeviceLostCallback(std::function<void(const DeviceLostInfo&)> callback);
  // --- the queue and asynchronous completions (queue.cpp) ----------------------
  // [[queue]]: made on first use, held weakly (it holds the device).
  Ref<QueueBase> queue();
  void forgetQueue(std::string label);
  // A completion for the next tick() (createXAsync's settling).
  void enqueueEvent(std::function<void()> event) { enqueueEventAfter(0, std::move(event)); }
  // A completion for the first tick() after the backend finished `serial`
  // (mapAsync success, onSubmittedWorkDone).
  void enqueueEventAfter(backend::Serial serial, std::function<void()> event) {
    events_.push_back({serial, std::move(event)});
  }
  // Runs the completions queued so far whose serial has completed, in order
  // (all of them once the device is lost).
  void tick();
  // Device::pendingSerial / waitSerial (queue.cpp).
  std::optional<backend::Serial> pendingSerial();
  bool waitSerial(backend::Serial serial, std::chrono::nanoseconds timeout);
  // Whether `buffer` is mapped or pending (so alive: buffers untrack themselves).
  bool isMappedBufferTracked(const BufferBase* buffer) const;
  // Buffers mapped on the content timeline, which destroy() unmaps.
  void trackMappedBuffer(BufferBase* buffer);
  void untrackMappedBuffer(BufferBase* buffer);

 private:
  struct ErrorScope {
    ErrorFilter filter;
    std::optional<Error> error;
  };
  struct PendingEvent {
    backend::Serial serial;
    std::function<void()> run;
  };
  // The backend's completed serial, polled (a failure loses the device).
  backend::Serial completedSerial();

  Ref<AdapterBase> adapter_;
  Limits limits_;
  FeatureSet features_;
  FeatureLevel featureLevel_;
  bool strict_;
  std::unique_ptr<backend::DeviceBackend> backend_;
  std::vector<ErrorScope> errorScopes_;
  UncapturedErrorCallback uncapturedErrorCallback_;
  std::optional<Error> lastError_;
  std::optional<DeviceLostInfo> lost_;
  std::function<void(const DeviceLostInfo&)> lostCallback_;
  std::vector<BufferBase*> mappedBuffers_;  // not owned; each buffer untracks itself
  QueueBase* queue_ = nullptr;              // not owned (see queue())
  std::string queueLabel_;
  std::vector<PendingEvent> events_;
  // A shared_ptr so device.cpp need not see the type (its deleter is bound
  // where it is made, in bind_group_layout.cpp).
  std::shared_ptr<BindGroupLayoutCache> bindGroupLayoutCache_;
};

}  // namespace bindery::core
