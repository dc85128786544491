// CommandEncoderBase (#gpucommandencoder) and the encoders of passes:
// PassEncoderBase holds what GPUDebugCommandsMixin and GPUBindingCommandsMixin
// share (debug groups, setBindGroup and its lazy tracker); the compute pass
// is here, the render pass and render bundle encoder in render_pass.h.
//
// Encoder states (#encoder-state): open, locked (a pass is open), ended.
// A failing command invalidates the encoder; the error is kept (the first
// one) and reported by finish() with the command's index and kind, the
// pass, the labels and the debug-group stack (EncodingContext).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bindery/command_encoder.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/binding/bind_group_tracker.h"
#include "core/commands/command_buffer.h"

namespace bindery::core {

class BindGroupBase;
class BufferBase;
class CommandEncoderBase;
class ComputePassEncoderBase;
class ComputePipelineBase;
class QuerySetBase;
class RenderPassEncoderBase;

enum class EncoderState : uint8_t { Open, Locked, Ended };

class PassEncoderBase : public ObjectBase {
 public:
  bool isEnded() const { return ended_; }
  EncodingContext& context() { return *ctx_; }
  const BindGroupTracker& tracker() const { return tracker_; }

  void pushDebugGroup(std::string_view label);
  void popDebugGroup();
  void insertDebugMarker(std::string_view label);
  void setBindGroup(uint32_t index, BindGroupBase* group, const uint32_t* offsets, uint32_t count);
  // The Uint32Array overload: a RangeError when [start, start + length) is outside the data.
  std::optional<Exception> setBindGroup(uint32_t index, BindGroupBase* group,
                                        std::span<const uint32_t> data, uint64_t start,
                                        uint32_t length);
  // Sets the tracker's pipeline from its binding info (setPipeline of the
  // compute or render pass; the info lives as long as `pipeline`).
  void setPipelineInfo(const PipelineBindingInfo* info, ObjectBase* pipeline);

  // #dom-gpubindingcommandsmixin-setimmediates (immediates.cpp): the
  // OperationError of the content timeline, or nothing (a validation error
  // invalidates the encoder as usual).
  std::optional<Exception> setImmediates(uint32_t rangeOffset, const void* data,
                                         size_t dataByteLength, uint64_t dataOffset,
                                         std::optional<uint64_t> dataSize,
                                         uint32_t bytesPerElement);
  // [[immediate_data]] (maxImmediateSize bytes, zero until set) and
  // [[immediate_slots_set]].
  std::vector<uint8_t> immediateData() const;
  bool immediateSlotSet(uint32_t slot) const {
    return slot / 64 < immediateSlotsSet_.size() &&
           (immediateSlotsSet_[slot / 64] >> (slot % 64) & 1) != 0;
  }

 protected:
  PassEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                  EncodingContext* ctx);
  PassEncoderBase(DeviceBase* device, ObjectType type, std::string_view label, EncodingContext* ctx,
                  InvalidTag);
  ~PassEncoderBase() override;

  // Starts a command: counts it and checks the state. False when it must be
  // skipped: after end() (a validation error is reported now) or on an
  // encoder that is already invalid (nothing left to check).
  bool beginCommand(std::string_view kind, uint32_t* index) {
    *index = ctx_->nextCommand();
    if (ended_ || !ctx_->isValid() || !isValid()) [[unlikely]] {
      return beginCommandSlow(kind);
    }
    return true;
  }
  bool beginCommandSlow(std::string_view kind);
  // Invalidates the encoder with `error` for command `index` of kind `kind`.
  void fail(MaybeError error, uint32_t index, std::string_view kind);
  // A group new to this pass (the render pass / bundle's whole-pass usage
  // scope keeps every group set).
  virtual void onNewBindGroupInPass(BindGroupBase* /*group*/, uint32_t /*index*/) {}
  // The checks of end() shared by the passes: debug groups closed.
  MaybeError validateEndCommon() const;
  // #abstract-opdef-validate-immediate-data: every slot the pipeline's
  // immediate data variable reads was set (immediates.cpp).
  MaybeError validateImmediates(const PipelineBindingInfo& pipeline) const;
  // Clears [[immediate_slots_set]] (executeBundles resets the binding state).
  void resetImmediateSlots() { immediateSlotsSet_.assign(immediateSlotsSet_.size(), 0); }
  // A validated timestampWrites (query_commands.cpp): records the
  // beginning-of-pass write now and keeps the end-of-pass one for end(),
  // which appends it after the pass with recordEndTimestampWrite().
  void startTimestampWrites(QuerySetBase* querySet, std::optional<uint32_t> beginning,
                            std::optional<uint32_t> end);
  void recordEndTimestampWrite();

  // setBindGroup after its checks passed (or the fast path's did): records
  // the command, sets the tracker's slot and adds the group to the used
  // resources (once per pass: the group's passStamp() says when it is).
  void recordSetBindGroup(uint32_t index, BindGroupBase* group, const uint32_t* offsets,
                          uint32_t count);
  // setBindGroup when the fast checks did not pass: the full checks, then
  // the record or the error.
  // setBindGroup from the start, every case (what the public call does when
  // its frameless path does not apply).
  void setBindGroupGeneral(uint32_t index, BindGroupBase* group, const uint32_t* offsets,
                           uint32_t count);
  void setBindGroupSlow(uint32_t cmd, uint32_t index, BindGroupBase* group, const uint32_t* offsets,
                        uint32_t count);
  // The full setBindGroup checks, with their messages.
  MaybeError validateSetBindGroup(uint32_t index, BindGroupBase* group, const uint32_t* offsets,
                                  uint32_t count) const;

  EncodingContext* ctx_;
  uint32_t passId_ = 0;
  // Unique among every pass and bundle encoder of the process (never 0).
  uint64_t passStamp_ = 0;
  std::vector<std::string> debugGroups_;
  BindGroupTracker tracker_;
  bool ended_ = false;
  uint32_t maxBindGroups_ = 0;
  uint32_t minUniformAlignment_ = 256;
  uint32_t minStorageAlignment_ = 256;
  // Immediate data, allocated by the first setImmediates().
  std::vector<uint8_t> immediateData_;
  std::vector<uint64_t> immediateSlotsSet_;
  const QuerySetBase* endTimestampQuerySet_ = nullptr;
  uint32_t endTimestampIndex_ = 0;
};

class ComputePassEncoderBase final : public PassEncoderBase {
 public:
  ComputePassEncoderBase(CommandEncoderBase* encoder, const ComputePassDescriptor& descriptor);
  ComputePassEncoderBase(CommandEncoderBase* encoder, const ComputePassDescriptor& descriptor,
                         InvalidTag);
  ~ComputePassEncoderBase() override;

  void setPipeline(ComputePipelineBase* pipeline);
  void dispatchWorkgroups(uint32_t x, uint32_t y, uint32_t z);
  // dispatchWorkgroups() from the start, every case (when its frameless
  // path does not apply).
  void dispatchWorkgroupsGeneral(uint32_t x, uint32_t y, uint32_t z);
  void dispatchWorkgroupsIndirect(BufferBase* buffer, uint64_t offset);
  void end();

 private:
  friend class CommandEncoderBase;
  // In its encoder's storage: destroyed in place, then the encoder's storage
  // freed and the encoder released.
  void destroySelf() const noexcept override;

  MaybeError validateDispatch();
  Ref<CommandEncoderBase> encoder_;
  uint32_t maxWorkgroups_ = 65535;
  bool inEncoderStorage_ = false;
};

class CommandEncoderBase final : public ObjectBase {
 public:
  CommandEncoderBase(DeviceBase* device, const CommandEncoderDescriptor& descriptor);
  CommandEncoderBase(DeviceBase* device, const CommandEncoderDescriptor& descriptor, InvalidTag);
  ~CommandEncoderBase() override;

  // Freed encoders' memory is kept per thread (up to a bound) for the next
  // ones: a frame's encoders reuse it instead of the allocator's bins
  // (command_encoder.cpp).
  static void* operator new(size_t size);
  static void operator delete(void* memory, size_t size);

  EncoderState state() const { return state_; }
  EncodingContext& context() { return ctx_; }

  Ref<ComputePassEncoderBase> beginComputePass(const ComputePassDescriptor& descriptor);
  Ref<RenderPassEncoderBase> beginRenderPass(const RenderPassDescriptor& descriptor);
  void pushDebugGroup(std::string_view label);
  void popDebugGroup();
  void insertDebugMarker(std::string_view label);
  // Copy commands (copy_commands.cpp).
  void copyBufferToBuffer(BufferBase* source, uint64_t sourceOffset, BufferBase* destination,
                          uint64_t destinationOffset, std::optional<uint64_t> size);
  void clearBuffer(BufferBase* buffer, uint64_t offset, std::optional<uint64_t> size);
  void copyBufferToTexture(const TexelCopyBufferInfo& source,
                           const TexelCopyTextureInfo& destination, const Extent3D& copySize);
  void copyTextureToBuffer(const TexelCopyTextureInfo& source,
                           const TexelCopyBufferInfo& destination, const Extent3D& copySize);
  void copyTextureToTexture(const TexelCopyTextureInfo& source,
                            const TexelCopyTextureInfo& destination, const Extent3D& copySize);
  // #dom-gpucommandencoder-resolvequeryset (query_commands.cpp).
  void resolveQuerySet(QuerySetBase* querySet, uint32_t firstQuery, uint32_t queryCount,
                       BufferBase* destination, uint64_t destinationOffset);
  Ref<CommandBufferBase> finish(const CommandBufferDescriptor& descriptor);

  // A pass of this encoder ended: the encoder is open again.
  void unlock() { state_ = EncoderState::Open; }
  // The pass in the encoder's storage was destroyed: the storage is free.
  void freePassStorage() { passInStorage_ = false; }

 private:
  // "Validate the encoder state": false when the command must stop (locked:
  // the encoder is invalidated; ended: a validation error now).
  bool validateState(std::string_view kind, uint32_t index);
  // Records `error` for command `index` of kind `kind` of this encoder.
  void failCommand(MaybeError error, uint32_t index, std::string_view kind, std::string call);

  // A compute pass in the encoder's storage when it is free (the pass
  // keeps the encoder alive), else one of its own.
  template <class... Args>
  Ref<ComputePassEncoderBase> makeComputePass(Args&&... args);
  // The command buffer of the first finish(), in the encoder's storage;
  // later ones (invalid) are allocated on their own.
  template <class... Args>
  Ref<CommandBufferBase> makeCommandBuffer(Args&&... args);

  EncodingContext ctx_;
  EncoderState state_ = EncoderState::Open;
  bool passInStorage_ = false;
  bool bufferInStorage_ = false;
  // The storage of the encoder's compute pass (one is open at a time,
  // #dom-gpucommandencoder-begincomputepass: a frame's one pass per encoder
  // allocates nothing) and of its command buffer. Constructed and
  // destroyed explicitly (passInStorage_, bufferInStorage_).
  union {
    ComputePassEncoderBase pass_;
  };
  union {
    CommandBufferBase buffer_;
  };
};

// Checks a buffer used directly by a command (index, vertex, indirect).
MaybeError validateIndirectBuffer(const DeviceBase* device, const BufferBase* buffer,
                                  uint64_t offset, uint64_t parametersSize);

}  // namespace bindery::core
