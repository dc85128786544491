// GPU (Instance), GPUAdapter and GPUDevice.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/bind_group.h"
#include "bindery/bind_group_layout.h"
#include "bindery/buffer.h"
#include "bindery/command_encoder.h"
#include "bindery/enums.h"
#include "bindery/error.h"
#include "bindery/external_texture.h"
#include "bindery/limits.h"
#include "bindery/object.h"
#include "bindery/pipeline.h"
#include "bindery/pipeline_layout.h"
#include "bindery/query_set.h"
#include "bindery/queue.h"
#include "bindery/sampler.h"
#include "bindery/shader_module.h"
#include "bindery/texture.h"

namespace bindery {

// A set of GPUFeatureName values (GPUSupportedFeatures).
class FeatureSet {
 public:
  FeatureSet() = default;
  FeatureSet(std::initializer_list<FeatureName> names) {
    for (FeatureName n : names) add(n);
  }
  static FeatureSet all();
  void add(FeatureName f) { bits_ |= bit(f); }
  void remove(FeatureName f) { bits_ &= ~bit(f); }
  bool has(FeatureName f) const { return (bits_ & bit(f)) != 0; }
  std::vector<FeatureName> list() const;
  bool operator==(const FeatureSet&) const = default;

 private:
  static uint64_t bit(FeatureName f) { return uint64_t{1} << static_cast<unsigned>(f); }
  uint64_t bits_ = 0;
};

// ---------------------------------------------------------------------------
// The null backend's adapter: what it offers is configurable so tests can
// have an adapter that withholds a feature or supports better limits.
struct NullAdapterOptions {
  // The features the adapter offers. A feature whose requirements
  // (#feature-dependencies) are withheld is withheld too. An adapter without
  // "core-features-and-limits" only answers featureLevel 'compatibility'.
  FeatureSet features = FeatureSet::all();
  // The adapter's supported limits; unset means the backend's own values,
  // which are better than the defaults (like a typical desktop GPU). Limits
  // that break #adapter-capability-guarantees (worse than a default, an
  // alignment not a power of 2, ...) make requestAdapter() return null.
  std::optional<Limits> limits;
  // GPUAdapterInfo.isFallbackAdapter; requestAdapter({forceFallbackAdapter:
  // true}) returns null unless set.
  bool isFallbackAdapter = false;
};

// The backend an instance's adapters run on (bindery extension; Node's
// create(['backend=...']) spells them 'null', 'vulkan', 'auto').
enum class BackendType : uint8_t {
  Null,    // the validating null device: no GPU, data kept in host memory
  Vulkan,  // a Vulkan physical device (none when bindery is built without Vulkan)
  Auto,    // Vulkan when a usable physical device exists, else null
};
std::string_view toString(BackendType type);
// "null", "vulkan" or "auto"; nullopt otherwise (kBackendTypeNames lists them).
std::optional<BackendType> parseBackendType(std::string_view text);
inline constexpr std::string_view kBackendTypeNames = "'vulkan', 'null', 'auto'";

// The failures a backend reports (Device::injectBackendFailureForTesting):
// out-of-memory -> GPUOutOfMemoryError, internal -> GPUInternalError, device
// lost -> device.lost resolves.
enum class BackendFailure : uint8_t { OutOfMemory, DeviceLost, Internal };

struct InstanceDescriptor {
  // The null device unless asked: C++ programs and tests keep the validating
  // null device's behaviour; Node's create([]) asks for Auto.
  BackendType backend = BackendType::Null;
  NullAdapterOptions nullAdapter;
};

struct RequestAdapterOptions {
  FeatureLevel featureLevel = FeatureLevel::Core;
  // "high-performance": a discrete GPU first; "low-power": an integrated one.
  std::optional<PowerPreference> powerPreference;
  // Only a fallback adapter (the null device configured as one, or a CPU
  // Vulkan device such as lavapipe) may be returned.
  bool forceFallbackAdapter = false;
  bool xrCompatible = false;
  // bindery extension: overrides the instance's backend for this request.
  std::optional<BackendType> backend;
};

struct AdapterInfo {
  std::string vendor;
  std::string architecture;
  std::string device;
  std::string description;
  uint32_t subgroupMinSize = 4;
  uint32_t subgroupMaxSize = 128;
  bool isFallbackAdapter = false;
  // bindery extension: the backend the adapter runs on (never Auto).
  BackendType backendType = BackendType::Null;
};

struct QueueDescriptor {
  std::string label;
};

struct DeviceDescriptor {
  std::string label;
  std::vector<FeatureName> requiredFeatures;
  // record<DOMString, GPUSize64>: limit name -> value.
  std::map<std::string, uint64_t, std::less<>> requiredLimits;
  QueueDescriptor defaultQueue;
  // bindery extension: also report every validation error synchronously at
  // the failing call (see Device::lastError()).
  bool strict = false;
};

struct DeviceLostInfo {
  DeviceLostReason reason = DeviceLostReason::Unknown;
  std::string message;
};

// The outcome of popErrorScope(): the promise's rejection (an empty stack) or
// its value (the scope's first error, if any).
struct PopErrorScopeResult {
  enum class Status : uint8_t { Success, EmptyStack };
  Status status = Status::Success;
  std::optional<Error> error;
  // OperationError's message when status is EmptyStack.
  std::string rejection;
};

class Device : public detail::Handle {
  BINDERY_HANDLE_CLASS(Device);

  const Limits& limits() const;
  const FeatureSet& features() const;
  const AdapterInfo& adapterInfo() const;

  Buffer createBuffer(const BufferDescriptor& descriptor) const;
  Texture createTexture(const TextureDescriptor& descriptor) const;
  Sampler createSampler(const SamplerDescriptor& descriptor = {}) const;
  BindGroupLayout createBindGroupLayout(const BindGroupLayoutDescriptor& descriptor) const;
  BindGroup createBindGroup(const BindGroupDescriptor& descriptor) const;
  PipelineLayout createPipelineLayout(const PipelineLayoutDescriptor& descriptor) const;
  ExternalTexture importExternalTexture(const ExternalTextureDescriptor& descriptor) const;
  CommandEncoder createCommandEncoder(const CommandEncoderDescriptor& descriptor = {}) const;
  RenderBundleEncoder createRenderBundleEncoder(
      const RenderBundleEncoderDescriptor& descriptor) const;
  // #dom-gpudevice-createqueryset ('timestamp' needs the 'timestamp-query' feature).
  QuerySet createQuerySet(const QuerySetDescriptor& descriptor) const;

  ShaderModule createShaderModule(const ShaderModuleDescriptor& descriptor) const;
  ComputePipeline createComputePipeline(const ComputePipelineDescriptor& descriptor) const;
  RenderPipeline createRenderPipeline(const RenderPipelineDescriptor& descriptor) const;
  // The promise forms: `callback` runs at a later tick() with the pipeline,
  // or with a PipelineError (then no error goes to the error scopes).
  void createComputePipelineAsync(const ComputePipelineDescriptor& descriptor,
                                  CreateComputePipelineAsyncCallback callback) const;
  void createRenderPipelineAsync(const RenderPipelineDescriptor& descriptor,
                                 CreateRenderPipelineAsyncCallback callback) const;

  // [[queue]] (GPUDevice.queue).
  Queue queue() const;
  // Runs the callbacks of finished asynchronous work (mapAsync,
  // onSubmittedWorkDone) in call order: the device's event loop turn. A
  // completion runs at the first tick() after the GPU finished its work.
  void tick() const;
  // For event loops that must not spin (bindery extension). The queue serial
  // the earliest pending completion waits for: 0 when one is ready for the
  // next tick(), nullopt when nothing is pending.
  std::optional<uint64_t> pendingSerial() const;
  // Blocks until the GPU has finished `serial` (true) or `timeout` passed
  // (false), without spinning; true at once on a lost device. The one call
  // that may run on another thread while this device is used (a waiter
  // thread then wakes the event loop to call tick()).
  bool waitSerial(uint64_t serial, std::chrono::nanoseconds timeout) const;

  // #error-scopes
  void pushErrorScope(ErrorFilter filter) const;
  PopErrorScopeResult popErrorScope() const;
  void setUncapturedErrorCallback(UncapturedErrorCallback callback) const;

  // Strict mode: the error of the most recent call on this device (or on one
  // of its objects), cleared by the next call. Always empty when not strict.
  std::optional<Error> lastError() const;

  // Testing (bindery extension): the backend's next `operation` (a function
  // of src/backends/backend.h: "createBuffer", "writeBuffer", "submit",
  // "map", ...) fails with `failure`. False when the backend cannot inject
  // failures (only the null device can) or does not know the operation.
  bool injectBackendFailureForTesting(std::string_view operation, BackendFailure failure) const;

  // #dom-gpudevice-destroy and device loss.
  void destroy() const;
  bool isLost() const;
  std::optional<DeviceLostInfo> lostInfo() const;
  void setDeviceLostCallback(std::function<void(const DeviceLostInfo&)> callback) const;
};

// The outcome of requestDevice(): a device, or the reason the promise rejects.
struct RequestDeviceResult {
  enum class Status : uint8_t { Success, TypeError, OperationError };
  Status status = Status::Success;
  std::string message;  // the rejection's message
  // Why it was rejected (FeatureNotSupported, UnknownLimit, LimitBeyondAdapter,
  // LimitInvalidValue, AdapterConsumed); empty on success.
  std::optional<ErrorCode> code;
  Device device;  // null unless status is Success (it may be already lost)
};

class Adapter : public detail::Handle {
  BINDERY_HANDLE_CLASS(Adapter);

  const FeatureSet& features() const;
  const Limits& limits() const;
  const AdapterInfo& info() const;
  FeatureLevel featureLevel() const;
  // #abstract-opdef-expire: adapters may expire at any time; a device requested
  // from an expired adapter is already lost. (A successful requestDevice()
  // expires its adapter.)
  void expire() const;
  bool isExpired() const;
  RequestDeviceResult requestDevice(const DeviceDescriptor& descriptor = {}) const;
};

class Instance : public detail::Handle {
  BINDERY_HANDLE_CLASS(Instance);

  static Instance create(const InstanceDescriptor& descriptor = {});
  // Null when no adapter matches (#dom-gpu-requestadapter): the backend asked
  // for has no usable device, the adapter lacks the featureLevel's
  // capabilities, forceFallbackAdapter is set and it is not a fallback
  // adapter, or the null adapter's configured limits are not valid.
  Adapter requestAdapter(const RequestAdapterOptions& options = {}) const;
};

}  // namespace bindery
