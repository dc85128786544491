// The recorded form of encoded work: a compact command stream (POD records
// in one byte vector, never a vector of closures), the set of resources the
// commands use, and GPUCommandBuffer (#gpucommandbuffer) which owns both.
//
// EncodingContext is what a GPUCommandEncoder or GPURenderBundleEncoder and
// its passes share while encoding: the stream, the used resources, the
// command counter and the first error (an invalid encoder reports it at
// finish(), #abstract-opdef-invalidate).
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bindery/command_encoder.h"
#include "core/error_data.h"
#include "core/object_base.h"
#include "core/ref.h"

namespace bindery::core {

class BindGroupBase;
class BufferBase;
class TextureBase;
class TextureViewBase;

enum class CommandType : uint8_t {
  BeginComputePass,
  BeginRenderPass,
  EndPass,
  SetPipeline,
  SetBindGroup,  // followed by dynamicOffsetCount uint32_t
  SetIndexBuffer,
  SetVertexBuffer,
  Dispatch,
  DispatchIndirect,
  Draw,
  DrawIndexed,
  DrawIndirect,
  DrawIndexedIndirect,
  ExecuteBundles,
  PushDebugGroup,  // followed by the label's bytes
  PopDebugGroup,
  InsertDebugMarker,  // followed by the label's bytes
};

// Record payloads. Pointers are kept alive by the stream owner's UsedResources.
struct SetBindGroupCmd {
  uint8_t index;
  uint8_t dynamicOffsetCount;
  const BindGroupBase* group;  // null: setBindGroup(i, null)
};
struct SetPipelineCmd {
  const ObjectBase* pipeline;
};
struct BufferCmd {
  const BufferBase* buffer;
  uint64_t offset;
  uint64_t size;
  uint32_t slotOrFormat;
};
struct DispatchCmd {
  uint32_t x, y, z;
};
struct DrawCmd {
  uint32_t count, instanceCount, first, firstInstance;
  int32_t baseVertex;
};
struct StringCmd {
  uint32_t length;
};

class CommandStream {
 public:
  // Appends a record (a header byte padded to 8, the payload, `extraBytes`).
  // Returns the payload; the extra bytes follow it.
  template <class T>
  T* append(CommandType type, size_t extraBytes = 0) {
    static_assert(std::is_trivially_copyable_v<T>);
    size_t payload = (sizeof(T) + 7) & ~size_t{7};
    size_t extra = (extraBytes + 7) & ~size_t{7};
    size_t at = bytes_.size();
    bytes_.resize(at + 8 + payload + extra);
    uint8_t* p = bytes_.data() + at;
    p[0] = static_cast<uint8_t>(type);
    return reinterpret_cast<T*>(p + 8);
  }
  void appendEmpty(CommandType type) {
    size_t at = bytes_.size();
    bytes_.resize(at + 8);
    bytes_[at] = static_cast<uint8_t>(type);
  }
  void reserve(size_t bytes) { bytes_.reserve(bytes); }
  size_t sizeInBytes() const { return bytes_.size(); }
  bool empty() const { return bytes_.empty(); }
  void clear() { bytes_.clear(); }

 private:
  std::vector<uint8_t> bytes_;
};

// Everything a command buffer's commands use, referenced so it lives as long
// as the commands (#dom-gpuqueue-submit checks these).
struct UsedResources {
  UsedResources();
  ~UsedResources();
  UsedResources(UsedResources&&) noexcept;
  UsedResources& operator=(UsedResources&&) noexcept;
  std::vector<Ref<BindGroupBase>> bindGroups;  // [[used_bind_groups]] (deduplicated)
  std::vector<Ref<BufferBase>> buffers;        // index, vertex, indirect buffers
  std::vector<Ref<TextureViewBase>> attachments;
  std::vector<Ref<ObjectBase>> others;  // pipelines, bundles

  // A small direct-mapped cache so that binding the same groups again and
  // again adds each only once (misses only add a duplicate, which is harmless).
  const BindGroupBase* recent[64] = {};
  void addBindGroup(BindGroupBase* group);
  void addBuffer(BufferBase* buffer);
  void merge(const UsedResources& other);
};

// A failing command's place, for the message of the deferred error.
struct CommandSite {
  std::string_view kind;             // "setBindGroup"
  const ObjectBase* pass = nullptr;  // the pass or bundle encoder, if any
  const std::vector<std::string>* passDebugGroups = nullptr;
};

class EncodingContext {
 public:
  EncodingContext(DeviceBase* device, const ObjectBase* encoder)
      : device_(device), encoder_(encoder) {}

  DeviceBase* device() const { return device_; }
  bool isValid() const { return error_ == nullptr; }
  // Counts one command and returns its index.
  uint32_t nextCommand() { return commandCount_++; }
  uint32_t commandCount() const { return commandCount_; }
  CommandStream& stream() { return stream_; }
  UsedResources& used() { return used_; }
  std::vector<std::string>& debugGroups() { return debugGroups_; }

  // Invalidates the encoder with `error` (the first one is kept), adding
  // "While encoding command #N (kind) in <pass> of <encoder>; debug groups:
  // ...". In strict mode the error is also reported now, with `call`.
  void recordError(std::unique_ptr<ErrorData> error, uint32_t commandIndex, const CommandSite& site,
                   std::string_view call);
  // Takes the first error (for finish()).
  std::unique_ptr<ErrorData> takeError() { return std::move(error_); }
  const ErrorData* error() const { return error_.get(); }

 private:
  DeviceBase* device_;
  const ObjectBase* encoder_;
  uint32_t commandCount_ = 0;
  CommandStream stream_;
  UsedResources used_;
  std::vector<std::string> debugGroups_;  // the encoder's own debug-group stack
  std::unique_ptr<ErrorData> error_;
};

// "'frame' > 'shadows'" or "none".
std::string describeDebugGroups(const std::vector<std::string>* outer,
                                const std::vector<std::string>* inner);

class CommandBufferBase final : public ObjectBase {
 public:
  CommandBufferBase(DeviceBase* device, std::string_view label, CommandStream commands,
                    UsedResources used);
  CommandBufferBase(DeviceBase* device, std::string_view label, InvalidTag);
  ~CommandBufferBase() override;

  bool isSubmitted() const { return submitted_; }
  void markSubmitted() { submitted_ = true; }
  const CommandStream& commands() const { return commands_; }
  const UsedResources& used() const { return used_; }

  // #dom-gpuqueue-submit: every used buffer available (not destroyed, not
  // mapped), every texture not destroyed, every external texture unexpired.
  MaybeError validateSubmit() const;

 private:
  CommandStream commands_;
  UsedResources used_;
  bool submitted_ = false;
};

}  // namespace bindery::core
