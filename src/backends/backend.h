// The interface between the core and every backend (src/backends/<name>).
//
// The flow is validate -> record -> backend: the core checks every rule of the
// spec and records encoded work as a plain-data core::CommandStream; a backend
// only makes real what was validated. It creates a native object for every
// API object that passed validation, executes each submitted command stream in
// order, and reports failures as typed results (out-of-memory, device lost,
// internal error) that the core turns into the spec's errors. Backends never
// validate, and the core never asks which backend it drives.
//
// Ownership: the core owns backend objects (core::BufferBase holds a
// std::unique_ptr<backend::BufferBackend>, ...). A core object whose creation
// passed validation exposes its backend object as `backendObject()` (null for
// an invalid object, and for a valid one whose backend keeps nothing for it:
// the null backend's views, samplers, layouts, bind groups, shader modules and
// pipelines); a backend reaches its own type with a static_cast, and
// reads what it needs (size, format, entries, the command stream) from the
// core objects, which are immutable once created. A backend object may be
// destroyed while the GPU still uses it: the backend defers freeing the native
// object until the serial of its last use completes.
//
// Threads: every function is called on the thread that drives the device,
// except DeviceBackend::waitSerial (see there).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "bindery/device.h"
#include "bindery/texel_copy.h"

namespace bindery::core {
class BufferBase;
class TextureBase;
class TextureViewBase;
class SamplerBase;
class BindGroupLayoutBase;
class BindGroupBase;
class PipelineLayoutBase;
class ShaderModuleBase;
class ComputePipelineBase;
class RenderPipelineBase;
class QuerySetBase;
class CommandStream;
}  // namespace bindery::core

namespace bindery::backend {

// ---------------------------------------------------------------------------
// Typed results

// What went wrong in a backend. The core maps each kind to the spec's outcome:
// OutOfMemory -> a GPUOutOfMemoryError in the error scope (the object is
// invalid), DeviceLost -> the device is lost (device.lost resolves, pending
// promises settle), Internal -> a GPUInternalError in the error scope.
enum class ErrorKind : uint8_t { OutOfMemory, DeviceLost, Internal };

struct BackendError {
  ErrorKind kind = ErrorKind::Internal;
  // The real cause, for the message ("vkAllocateMemory: VK_ERROR_OUT_OF_DEVICE_MEMORY
  // allocating 64 MiB of device-local memory").
  std::string message;
};

inline BackendError outOfMemory(std::string message) {
  return {ErrorKind::OutOfMemory, std::move(message)};
}
inline BackendError deviceLost(std::string message) {
  return {ErrorKind::DeviceLost, std::move(message)};
}
inline BackendError internalError(std::string message) {
  return {ErrorKind::Internal, std::move(message)};
}

// A value or a BackendError.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}             // NOLINT: implicit by design
  Result(BackendError error) : v_(std::move(error)) {}  // NOLINT
  bool isError() const { return v_.index() == 1; }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  const BackendError& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, BackendError> v_;
};

// Success or a BackendError (Result<void>). One pointer, null on success:
// recording returns a Status from every command, so success must cost no
// more than a null pointer to make, move and test.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(BackendError error)  // NOLINT: implicit by design
      : error_(std::make_unique<BackendError>(std::move(error))) {}
  Status(const Status& other)
      : error_(other.error_ ? std::make_unique<BackendError>(*other.error_) : nullptr) {}
  Status(Status&&) noexcept = default;
  Status& operator=(const Status& other) {
    if (this != &other) *this = Status(other);
    return *this;
  }
  Status& operator=(Status&&) noexcept = default;
  bool isError() const { return error_ != nullptr; }
  const BackendError& error() const { return *error_; }

 private:
  std::unique_ptr<BackendError> error_;
};

// A point on the queue timeline: submit() returns the serial that completes
// when the submitted work has finished on the GPU. Serials increase by one per
// submission, starting at 1; 0 is "nothing submitted" and is always complete.
using Serial = uint64_t;

// ---------------------------------------------------------------------------
// Backend objects, one interface per API object. Objects with no operation
// beyond their life still get a type, so ownership is typed and a backend can
// add state without touching the core.

class ObjectBackend {
 public:
  virtual ~ObjectBackend() = default;
};

class BufferBackend : public ObjectBackend {
 public:
  // A host pointer to bytes [offset, offset + size) of the buffer. Called for
  // mappedAtCreation (mode empty, the whole buffer, at creation) and when a
  // mapAsync's serial has completed (mode READ or WRITE). For a buffer without
  // MAP_* usage mapped at creation, the backend may hand out staging memory.
  // The pointer stays valid until unmap().
  virtual Result<uint8_t*> map(MapModeFlags mode, uint64_t offset, uint64_t size) = 0;
  // The mapping ends (#dom-gpubuffer-unmap): bytes written through map()'s
  // pointer become visible to GPU work submitted afterwards.
  virtual Status unmap() = 0;
  // #dom-gpubuffer-destroy: the memory may go once the GPU has finished every
  // submitted use of the buffer. The core never uses the buffer again.
  virtual void destroy() = 0;
};

class TextureBackend : public ObjectBackend {
 public:
  // #dom-gputexture-destroy, as BufferBackend::destroy.
  virtual void destroy() = 0;
};

class QuerySetBackend : public ObjectBackend {
 public:
  // #dom-gpuqueryset-destroy, as BufferBackend::destroy.
  virtual void destroy() = 0;
};

class TextureViewBackend : public ObjectBackend {};
class SamplerBackend : public ObjectBackend {};
class BindGroupLayoutBackend : public ObjectBackend {};
class BindGroupBackend : public ObjectBackend {};
class PipelineLayoutBackend : public ObjectBackend {};
class ShaderModuleBackend : public ObjectBackend {};
class ComputePipelineBackend : public ObjectBackend {};
class RenderPipelineBackend : public ObjectBackend {};

// ---------------------------------------------------------------------------
// The device

class DeviceBackend {
 public:
  virtual ~DeviceBackend() = default;

  // --- creation ------------------------------------------------------------
  // Each is called once per API object, only after its validation succeeded,
  // with the core object fully initialised (read the descriptor's data
  // through its accessors). A backend may return a trivial object for kinds it
  // does not realise yet. An error makes the object invalid and is reported
  // as its ErrorKind says.

  // `mappedAtCreation`: map() follows at once (so a backend can place the
  // bytes where the first write is cheap).
  virtual Result<std::unique_ptr<BufferBackend>> createBuffer(const core::BufferBase& buffer,
                                                              bool mappedAtCreation) = 0;
  virtual Result<std::unique_ptr<TextureBackend>> createTexture(
      const core::TextureBase& texture) = 0;
  virtual Result<std::unique_ptr<TextureViewBackend>> createTextureView(
      const core::TextureViewBase& view) = 0;
  virtual Result<std::unique_ptr<SamplerBackend>> createSampler(
      const core::SamplerBase& sampler) = 0;
  virtual Result<std::unique_ptr<BindGroupLayoutBackend>> createBindGroupLayout(
      const core::BindGroupLayoutBase& layout) = 0;
  virtual Result<std::unique_ptr<BindGroupBackend>> createBindGroup(
      const core::BindGroupBase& group) = 0;
  virtual Result<std::unique_ptr<PipelineLayoutBackend>> createPipelineLayout(
      const core::PipelineLayoutBase& layout) = 0;
  virtual Result<std::unique_ptr<ShaderModuleBackend>> createShaderModule(
      const core::ShaderModuleBase& module) = 0;
  virtual Result<std::unique_ptr<ComputePipelineBackend>> createComputePipeline(
      const core::ComputePipelineBase& pipeline) = 0;
  virtual Result<std::unique_ptr<RenderPipelineBackend>> createRenderPipeline(
      const core::RenderPipelineBase& pipeline) = 0;
  virtual Result<std::unique_ptr<QuerySetBackend>> createQuerySet(
      const core::QuerySetBase& querySet) = 0;

  // --- the queue timeline ------------------------------------------------------
  // Operations reach the GPU in call order. writeBuffer / writeTexture copy
  // `data` before returning; their work completes by the serial of the next
  // submit() (or an earlier one the backend makes itself), and
  // lastSubmittedSerial() covers it from the call on.

  // #dom-gpuqueue-writebuffer: `size` bytes of `data` to `offset` (validated).
  virtual Status writeBuffer(core::BufferBase& buffer, uint64_t offset, const uint8_t* data,
                             uint64_t size) = 0;
  // #dom-gpuqueue-writetexture: the region of `destination` from `data` laid
  // out as `layout` (validated: the region and the bytes it reads are in
  // range; `destination.aspect` selects one plane).
  virtual Status writeTexture(core::TextureBase& texture, const TexelCopyTextureInfo& destination,
                              const uint8_t* data, const TexelCopyBufferLayout& layout,
                              const Extent3D& size) = 0;
  // copyExternalImageToTexture from a VideoFrameSource: the region of a
  // colour texture (validated; an uncompressed format) read into `data` laid
  // out as `layout`, after every write and submit so far. Blocks until the
  // device has done it.
  virtual Status readTexture(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                             uint8_t* data, const TexelCopyBufferLayout& layout,
                             const Extent3D& size) = 0;
  // #dom-gpuqueue-submit: executes each command buffer's recorded stream, in
  // order. Returns the serial that completes when all of them have finished.
  virtual Result<Serial> submit(std::span<const core::CommandStream* const> commands) = 0;

  // --- completion by serial -----------------------------------------------------
  // The serial of the latest work handed to the GPU (submits and writes).
  virtual Serial lastSubmittedSerial() const = 0;
  // The latest serial whose work has finished; never blocks. Once the device
  // is lost (or destroy() ran) every serial counts as completed.
  virtual Result<Serial> completedSerial() = 0;
  // Blocks until `serial` has completed (true) or `timeout` passed (false),
  // without spinning. The one function that may be called from another
  // thread, concurrently with the others (Node's waiter thread); a lost
  // device returns DeviceLost (or true) at once.
  virtual Result<bool> waitSerial(Serial serial, std::chrono::nanoseconds timeout) = 0;

  // #dom-gpudevice-destroy (and loss): pending work is finished or abandoned;
  // afterwards only destructors and completedSerial() are called.
  virtual void destroy() = 0;

  // Testing: the next call of `operation` (a function name of this class or
  // of a backend object: "createBuffer", "map", "writeBuffer", "submit", ...)
  // fails with `kind`. False when the backend cannot inject failures (only
  // the null backend can).
  virtual bool injectFailure(std::string_view operation, ErrorKind kind) {
    (void)operation;
    (void)kind;
    return false;
  }
};

// ---------------------------------------------------------------------------
// Adapters and choosing a backend

enum class BackendKind : uint8_t { Null, Vulkan };

// What requestAdapter() asks of the adapters (GPURequestAdapterOptions).
struct AdapterRequest {
  std::optional<PowerPreference> powerPreference;
  // "only a fallback adapter may be returned": the backend lists only
  // adapters with info().isFallbackAdapter (for Vulkan, CPU devices).
  bool forceFallbackAdapter = false;
  // Read by the null backend only: what its adapter offers.
  NullAdapterOptions nullAdapter;
};

class AdapterBackend {
 public:
  virtual ~AdapterBackend() = default;
  virtual BackendKind kind() const = 0;
  // GPUAdapterInfo: vendor, architecture, device, description from the
  // driver; isFallbackAdapter; subgroup sizes.
  virtual AdapterInfo info() const = 0;
  // The supported features and limits in WebGPU's terms: only features that
  // bindery implements on this backend, limits already clamped to what bindery
  // supports (never better than both the device and bindery can honour).
  virtual FeatureSet features() const = 0;
  virtual Limits limits() const = 0;
  // "a new device": `features` and `limits` are the device's (validated
  // against this adapter's).
  virtual Result<std::unique_ptr<DeviceBackend>> createDevice(const FeatureSet& features,
                                                              const Limits& limits) = 0;
};

// The adapters of `kind` that meet `request`, best first: the core takes the
// first. With powerPreference "high-performance" a discrete GPU comes first,
// with "low-power" an integrated one; with forceFallbackAdapter only fallback
// adapters are listed. Empty when the backend has no usable device.
std::vector<std::unique_ptr<AdapterBackend>> enumerateAdapters(BackendKind kind,
                                                               const AdapterRequest& request);

// The factories enumerateAdapters dispatches to. enumerateVulkanAdapters is
// defined in src/backends/vulkan; built with BINDERY_VULKAN=OFF it lists none.
std::vector<std::unique_ptr<AdapterBackend>> enumerateNullAdapters(const AdapterRequest& request);
std::vector<std::unique_ptr<AdapterBackend>> enumerateVulkanAdapters(const AdapterRequest& request);

}  // namespace bindery::backend
