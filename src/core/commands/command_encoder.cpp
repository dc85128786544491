// GPUCommandEncoder (#gpucommandencoder, #command-encoder-finalization), the
// encoder state machine (#encoder-state), GPUDebugCommandsMixin
// (#debug-markers), GPUBindingCommandsMixin.setBindGroup
// (#dom-gpubindingcommandsmixin-setbindgroup) and GPUComputePassEncoder
// (#compute-passes).
#include "core/commands/command_encoder.h"

#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <utility>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/commands/render_pass.h"
#include "core/commands/render_pass_record.h"
#include "core/commands/usage_scope.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/resources/buffer.h"
#include "core/resources/query_set.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

std::unique_ptr<ErrorData> endedError(const ObjectBase& encoder, std::string_view kind) {
  auto error = makeValidationError(
      ErrorCode::EncoderEnded,
      fmt::format("{} has ended, so {}() cannot be encoded on it.", encoder.describe(), kind));
  error->fix =
      "Encode commands before end() / finish(); begin a new pass or encoder for more work.";
  return error;
}

void recordDebugString(CommandStream& stream, CommandType type, std::string_view label) {
  auto* cmd = stream.append<StringCmd>(type, label.size());
  cmd->length = static_cast<uint32_t>(label.size());
  if (!label.empty()) {
    std::memcpy(CommandStream::extraOf(cmd), label.data(), label.size());
  }
}

}  // namespace

// --- CommandEncoderBase --------------------------------------------------------

CommandEncoderBase::CommandEncoderBase(DeviceBase* device, const CommandEncoderDescriptor& d)
    : ObjectBase(device, ObjectType::CommandEncoder, d.label), ctx_(device, this) {}

CommandEncoderBase::CommandEncoderBase(DeviceBase* device, const CommandEncoderDescriptor& d,
                                       InvalidTag tag)
    : ObjectBase(device, ObjectType::CommandEncoder, d.label, tag), ctx_(device, this) {}

// pass_ and buffer_ are gone by now: each kept the encoder alive.
CommandEncoderBase::~CommandEncoderBase() {}

namespace {
// Freed encoders' memory on this thread, reused by the next encoders (last
// freed, first reused). The allocator's own path for an object this size
// walks its bins, cold after a burst of frees (a frame's command buffers
// collected): that walk was a quarter of the pass line's time. Bounded:
// 4,096 encoders, about 5.6 MiB kept at most after a burst of frees.
struct EncoderMemoryCache {
  static constexpr size_t kMaxBlocks = 1u << 12;
  std::vector<void*> blocks;
  ~EncoderMemoryCache() {
    for (void* b : blocks) ::operator delete(b);
  }
};
thread_local EncoderMemoryCache tEncoderMemory;
}  // namespace

void* CommandEncoderBase::operator new(size_t size) {
  std::vector<void*>& blocks = tEncoderMemory.blocks;
  if (size == sizeof(CommandEncoderBase) && !blocks.empty()) {
    void* memory = blocks.back();
    blocks.pop_back();
    return memory;
  }
  return ::operator new(size);
}

void CommandEncoderBase::operator delete(void* memory, size_t size) {
  std::vector<void*>& blocks = tEncoderMemory.blocks;
  if (size == sizeof(CommandEncoderBase) && blocks.size() < EncoderMemoryCache::kMaxBlocks) {
    blocks.push_back(memory);
    return;
  }
  ::operator delete(memory);
}

template <class... Args>
Ref<ComputePassEncoderBase> CommandEncoderBase::makeComputePass(Args&&... args) {
  if (passInStorage_) {
    return Ref<ComputePassEncoderBase>::adopt(
        new ComputePassEncoderBase(this, std::forward<Args>(args)...));
  }
  auto* pass = std::construct_at(&pass_, this, std::forward<Args>(args)...);
  pass->inEncoderStorage_ = true;
  passInStorage_ = true;
  return Ref<ComputePassEncoderBase>::adopt(pass);
}

template <class... Args>
Ref<CommandBufferBase> CommandEncoderBase::makeCommandBuffer(Args&&... args) {
  if (bufferInStorage_) {
    return Ref<CommandBufferBase>::adopt(new CommandBufferBase(std::forward<Args>(args)...));
  }
  bufferInStorage_ = true;
  return Ref<CommandBufferBase>::adopt(std::construct_at(&buffer_, std::forward<Args>(args)...));
}

// #abstract-opdef-validate-the-encoder-state
bool CommandEncoderBase::validateState(std::string_view kind, uint32_t index) {
  switch (state_) {
    case EncoderState::Open: return true;
    case EncoderState::Locked: {
      auto error = makeValidationError(
          ErrorCode::EncoderLocked,
          fmt::format("{}() was called on {} while one of its passes is open; the encoder is "
                      "locked until the pass's end().",
                      kind, describe()));
      error->fix = "Call end() on the open pass before encoding on the command encoder again.";
      ctx_.recordError(std::move(error), index, {kind, this, nullptr},
                       fmt::format("{}.{}()", describe(), kind));
      return false;
    }
    case EncoderState::Ended:
      device()->dispatchError(endedError(*this, kind), fmt::format("{}.{}()", describe(), kind));
      return false;
  }
  return false;
}

void CommandEncoderBase::pushDebugGroup(std::string_view label) {
  device()->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("pushDebugGroup", index)) return;
  ctx_.debugGroups().emplace_back(label);
  recordDebugString(ctx_.stream(), CommandType::PushDebugGroup, label);
}

void CommandEncoderBase::popDebugGroup() {
  device()->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("popDebugGroup", index)) return;
  if (ctx_.debugGroups().empty()) {
    auto error = makeValidationError(
        ErrorCode::DebugGroupStackEmpty,
        fmt::format("popDebugGroup() on {} with no open debug group.", describe()));
    error->fix = "Match every popDebugGroup() with an earlier pushDebugGroup().";
    ctx_.recordError(std::move(error), index, {"popDebugGroup", this, nullptr},
                     fmt::format("{}.popDebugGroup()", describe()));
    return;
  }
  ctx_.debugGroups().pop_back();
  ctx_.stream().appendEmpty(CommandType::PopDebugGroup);
}

void CommandEncoderBase::insertDebugMarker(std::string_view label) {
  device()->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("insertDebugMarker", index)) return;
  recordDebugString(ctx_.stream(), CommandType::InsertDebugMarker, label);
}

Ref<ComputePassEncoderBase> CommandEncoderBase::beginComputePass(const ComputePassDescriptor& d) {
  device()->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("beginComputePass", index)) return makeComputePass(d, InvalidTag{});
  state_ = EncoderState::Locked;
  if (d.timestampWrites) {
    MaybeError error = validateTimestampWrites(
        device(), fromHandle<QuerySetBase>(d.timestampWrites->querySet),
        d.timestampWrites->beginningOfPassWriteIndex, d.timestampWrites->endOfPassWriteIndex,
        "descriptor.timestampWrites");
    if (error.isError()) {
      ctx_.recordError(error.release(), index, {"beginComputePass", this, nullptr},
                       fmt::format("{}.beginComputePass({})", describe(),
                                   core::describe(ObjectType::ComputePassEncoder, d.label)));
      return makeComputePass(d, InvalidTag{});
    }
  }
  ctx_.stream().appendEmpty(CommandType::BeginComputePass);
  return makeComputePass(d);
}

namespace {
// The BeginRenderPass record (render_pass_record.h) a backend begins the pass from.
void recordBeginRenderPass(CommandStream& stream, const RenderPassDescriptor& d,
                           const RenderPassState& pass) {
  auto colorCount = static_cast<uint32_t>(d.colorAttachments.size());
  bool hasDepthStencil = d.depthStencilAttachment.has_value();
  size_t extra = colorCount * sizeof(RenderPassColorRecord) +
                 (hasDepthStencil ? sizeof(RenderPassDepthStencilRecord) : 0);
  auto* cmd = stream.append<BeginRenderPassCmd>(CommandType::BeginRenderPass, extra);
  *cmd = {colorCount, hasDepthStencil ? 1u : 0u, pass.attachmentWidth, pass.attachmentHeight};
  auto* colors = reinterpret_cast<RenderPassColorRecord*>(CommandStream::extraOf(cmd));
  for (uint32_t i = 0; i < colorCount; ++i) {
    const RenderPassColorAttachment& a = d.colorAttachments[i];
    const Color& c = a.clearValue;
    colors[i] = {fromHandle<TextureViewBase>(a.view),
                 fromHandle<TextureViewBase>(a.resolveTarget),
                 {c.r, c.g, c.b, c.a},
                 a.loadOp,
                 a.storeOp,
                 a.depthSlice.value_or(0)};
  }
  if (hasDepthStencil) {
    const RenderPassDepthStencilAttachment& a = *d.depthStencilAttachment;
    auto* ds = reinterpret_cast<RenderPassDepthStencilRecord*>(colors + colorCount);
    *ds = {fromHandle<TextureViewBase>(a.view),
           a.depthClearValue.value_or(0.0f),
           a.stencilClearValue,
           a.depthLoadOp.value_or(LoadOp::Load),
           a.depthStoreOp.value_or(StoreOp::Store),
           a.stencilLoadOp.value_or(LoadOp::Load),
           a.stencilStoreOp.value_or(StoreOp::Store),
           a.depthReadOnly,
           a.stencilReadOnly};
  }
}
}  // namespace

Ref<RenderPassEncoderBase> CommandEncoderBase::beginRenderPass(const RenderPassDescriptor& d) {
  device()->beginCall();
  uint32_t index = ctx_.nextCommand();
  if (!validateState("beginRenderPass", index)) {
    return Ref<RenderPassEncoderBase>::adopt(new RenderPassEncoderBase(this, d, InvalidTag{}));
  }
  state_ = EncoderState::Locked;
  RenderPassState pass;
  MaybeError error = validateRenderPassDescriptor(device(), d, &pass);
  if (error.isError()) {
    ctx_.recordError(error.release(), index, {"beginRenderPass", this, nullptr},
                     fmt::format("{}.beginRenderPass({})", describe(),
                                 core::describe(ObjectType::RenderPassEncoder, d.label)));
    return Ref<RenderPassEncoderBase>::adopt(new RenderPassEncoderBase(this, d, InvalidTag{}));
  }
  recordBeginRenderPass(ctx_.stream(), d, pass);
  return Ref<RenderPassEncoderBase>::adopt(new RenderPassEncoderBase(this, d, std::move(pass)));
}

// #dom-gpucommandencoder-finish
Ref<CommandBufferBase> CommandEncoderBase::finish(const CommandBufferDescriptor& d) {
  DeviceBase* dev = device();
  dev->beginCall();
  auto invalid = [&](std::unique_ptr<ErrorData> error) {
    // Only the first command buffer lives in the encoder's storage.
    Ref<CommandBufferBase> cb = bufferInStorage_
                                    ? makeCommandBuffer(dev, d.label, nullptr, InvalidTag{})
                                    : makeCommandBuffer(dev, d.label, this, InvalidTag{});
    if (error) {
      cb->setInvalidReason(error->message);
      // The call's name is formatted only for an error.
      dev->dispatchError(std::move(error),
                         fmt::format("{}.finish({})", describe(),
                                     core::describe(ObjectType::CommandBuffer, d.label)));
    }
    return cb;
  };
  if (state_ == EncoderState::Ended) return invalid(endedError(*this, "finish"));
  EncoderState was = state_;
  state_ = EncoderState::Ended;
  if (!isValid()) {
    return invalid(
        makeValidationError(ErrorCode::InvalidObject, fmt::format("{} is invalid.", describe())));
  }
  if (std::unique_ptr<ErrorData> error = ctx_.takeError()) return invalid(std::move(error));
  if (was == EncoderState::Locked) {
    auto error = makeValidationError(
        ErrorCode::EncoderLocked,
        fmt::format("finish() was called on {} while one of its passes is still open.",
                    describe()));
    error->fix = "Call end() on the pass before finish().";
    return invalid(std::move(error));
  }
  if (!ctx_.debugGroups().empty()) {
    auto error = makeValidationError(
        ErrorCode::DebugGroupNotClosed,
        fmt::format("finish() was called on {} with {} debug group(s) still open: {}.", describe(),
                    ctx_.debugGroups().size(), describeDebugGroups(&ctx_.debugGroups(), nullptr)));
    error->fix = "Call popDebugGroup() for every pushDebugGroup() before finish().";
    return invalid(std::move(error));
  }
  // The command buffer reads the commands in place; a stream that reached
  // one partly used block keeps only its records (shrinkToFit).
  ctx_.stream().shrinkToFit();
  return makeCommandBuffer(dev, d.label, this, std::as_const(ctx_));
}

Ref<CommandEncoderBase> DeviceBase::createCommandEncoder(const CommandEncoderDescriptor& d) {
  beginCall();
  if (isLost()) {
    return Ref<CommandEncoderBase>::adopt(new CommandEncoderBase(this, d, InvalidTag{}));
  }
  return Ref<CommandEncoderBase>::adopt(new CommandEncoderBase(this, d));
}

// --- PassEncoderBase -----------------------------------------------------------

namespace {
std::atomic<uint64_t> gPassStamps{0};
// A stamp unique in the process (never 0): each thread takes a range of
// them at a time, so a pass costs no atomic operation.
uint64_t newPassStamp() {
  constexpr uint64_t kRange = 4096;
  thread_local uint64_t next = 0;
  thread_local uint64_t end = 0;
  if (next == end) {
    next = gPassStamps.fetch_add(kRange, std::memory_order_relaxed) + 1;
    end = next + kRange;
  }
  return next++;
}
}  // namespace

PassEncoderBase::PassEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                                 EncodingContext* ctx)
    : ObjectBase(device, type, label), ctx_(ctx), passStamp_(newPassStamp()) {
  const Limits& limits = device->limits();
  maxBindGroups_ = std::min<uint32_t>(limits.maxBindGroups, BindGroupTracker::kMaxGroups);
  minUniformAlignment_ = limits.minUniformBufferOffsetAlignment;
  minStorageAlignment_ = limits.minStorageBufferOffsetAlignment;
  tracker_.init(maxBindGroups_, limits.maxDynamicUniformBuffersPerPipelineLayout +
                                    limits.maxDynamicStorageBuffersPerPipelineLayout);
  tracker_.setCompatibilityMode(device->isCompatibilityMode());
}

PassEncoderBase::PassEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                                 EncodingContext* ctx, InvalidTag tag)
    : ObjectBase(device, type, label, tag), ctx_(ctx) {
  tracker_.init(0, 0);
}

PassEncoderBase::~PassEncoderBase() = default;

bool PassEncoderBase::beginCommandSlow(std::string_view kind) {
  if (ended_) {
    device()->dispatchError(endedError(*this, kind), fmt::format("{}.{}()", describe(), kind));
  }
  return false;
}

void PassEncoderBase::fail(MaybeError error, uint32_t index, std::string_view kind) {
  ctx_->recordError(error.release(), index, {kind, this, &debugGroups_},
                    fmt::format("{}.{}()", describe(), kind));
}

void PassEncoderBase::pushDebugGroup(std::string_view label) {
  device()->beginCall();
  uint32_t index;
  if (!beginCommand("pushDebugGroup", &index)) return;
  debugGroups_.emplace_back(label);
  recordDebugString(ctx_->stream(), CommandType::PushDebugGroup, label);
}

void PassEncoderBase::popDebugGroup() {
  device()->beginCall();
  uint32_t index;
  if (!beginCommand("popDebugGroup", &index)) return;
  if (debugGroups_.empty()) {
    auto error = makeValidationError(
        ErrorCode::DebugGroupStackEmpty,
        fmt::format("popDebugGroup() on {} with no open debug group (the pass has its own "
                    "debug-group stack, separate from its command encoder's).",
                    describe()));
    error->fix = "Match every popDebugGroup() with an earlier pushDebugGroup() in the same pass.";
    return fail(std::move(error), index, "popDebugGroup");
  }
  debugGroups_.pop_back();
  ctx_->stream().appendEmpty(CommandType::PopDebugGroup);
}

void PassEncoderBase::insertDebugMarker(std::string_view label) {
  device()->beginCall();
  uint32_t index;
  if (!beginCommand("insertDebugMarker", &index)) return;
  recordDebugString(ctx_->stream(), CommandType::InsertDebugMarker, label);
}

MaybeError PassEncoderBase::validateEndCommon() const {
  BINDERY_INVALID_IF_FIX(!debugGroups_.empty(), DebugGroupNotClosed,
                         "Call popDebugGroup() for every pushDebugGroup() of the pass before "
                         "end().",
                         "end() was called on {} with {} debug group(s) still open: {}.",
                         describe(), debugGroups_.size(),
                         describeDebugGroups(nullptr, &debugGroups_));
  return {};
}

namespace {
// The SetBindGroup record's payload and its dynamic offsets.
[[gnu::always_inline]] inline void fillSetBindGroup(SetBindGroupCmd* rec, uint32_t index,
                                                    BindGroupBase* group, const uint32_t* offsets,
                                                    uint32_t count) {
  rec->index = static_cast<uint8_t>(index);
  rec->dynamicOffsetCount = static_cast<uint8_t>(count);
  rec->group = group;
  uint32_t* recorded = reinterpret_cast<uint32_t*>(CommandStream::extraOf(rec));
  for (uint32_t i = 0; i < count; ++i) recorded[i] = offsets[i];
}
}  // namespace

[[gnu::always_inline]] inline void PassEncoderBase::recordSetBindGroup(uint32_t index,
                                                                       BindGroupBase* group,
                                                                       const uint32_t* offsets,
                                                                       uint32_t count) {
  fillSetBindGroup(ctx_->stream().append<SetBindGroupCmd>(CommandType::SetBindGroup,
                                                          size_t{count} * sizeof(uint32_t)),
                   index, group, offsets, count);
  bool sameGroup = tracker_.group(index) == group;
  tracker_.set(index, group, offsets, count);
  // Rebinding the group already at this slot (new offsets) uses nothing new;
  // nor does a group this pass already added (its stamp is this pass's).
  if (group && !sameGroup && group->passStamp().load(std::memory_order_relaxed) != passStamp_) {
    if (ctx_->addBindGroup(group, passId_)) onNewBindGroupInPass(group, index);
    group->passStamp().store(passStamp_, std::memory_order_relaxed);
  }
}

// #dom-gpubindingcommandsmixin-setbindgroup
//
// The steady state of a frame loop, checked and recorded without calling
// anything (little to save and restore; the general path is a tail call): a
// valid group of this device that this pass already uses, as many offsets as it
// has dynamic entries, each aligned and in bounds, on a valid pass outside
// strict mode, into a stream block with room. Anything else takes
// setBindGroupGeneral, the same checks with every case handled.
void PassEncoderBase::setBindGroup(uint32_t index, BindGroupBase* group, const uint32_t* offsets,
                                   uint32_t count) {
  DeviceBase* dev = device();
  bool fast = !dev->strict() && !ended_ && ctx_->isValid() && isValid() && index < maxBindGroups_ &&
              group != nullptr && group->device() == dev && group->isValid() &&
              count == group->dynamicOffsetCount() &&
              group->passStamp().load(std::memory_order_relaxed) == passStamp_ &&
              tracker_.setAllocatesNothing(count) &&
              ctx_->stream().hasRoomFor<SetBindGroupCmd>(size_t{count} * sizeof(uint32_t));
  if (fast && count != 0) {
    const DynamicOffsetLimit* limits = group->dynamicOffsetLimits();
    for (uint32_t i = 0; i < count; ++i) {
      fast &= (offsets[i] & limits[i].alignMask) == 0 && offsets[i] <= limits[i].maxOffset;
    }
  }
  if (!fast) [[unlikely]] {
    return setBindGroupGeneral(index, group, offsets, count);
  }
  ctx_->nextCommand();
  fillSetBindGroup(ctx_->stream().appendInRoom<SetBindGroupCmd>(CommandType::SetBindGroup,
                                                                size_t{count} * sizeof(uint32_t)),
                   index, group, offsets, count);
  tracker_.set</*kMayAllocate=*/false>(index, group, offsets, count);
}

void PassEncoderBase::setBindGroupGeneral(uint32_t index, BindGroupBase* group,
                                          const uint32_t* offsets, uint32_t count) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("setBindGroup", &cmd)) return;
  // The common case, checked without building anything: a valid group of
  // this device, as many offsets as it has dynamic entries, each aligned
  // and in bounds (the group's precomputed limits). Anything else, and
  // setBindGroup(i, null), takes validateSetBindGroup for the message.
  bool fast = index < maxBindGroups_ && group != nullptr && group->device() == dev &&
              group->isValid() && count == group->dynamicOffsetCount();
  if (fast && count != 0) {
    const DynamicOffsetLimit* limits = group->dynamicOffsetLimits();
    for (uint32_t i = 0; i < count; ++i) {
      fast &= (offsets[i] & limits[i].alignMask) == 0 && offsets[i] <= limits[i].maxOffset;
    }
  }
  if (!fast) [[unlikely]] {
    return setBindGroupSlow(cmd, index, group, offsets, count);
  }
  recordSetBindGroup(index, group, offsets, count);
}

void PassEncoderBase::setBindGroupSlow(uint32_t cmd, uint32_t index, BindGroupBase* group,
                                       const uint32_t* offsets, uint32_t count) {
  if (MaybeError error = validateSetBindGroup(index, group, offsets, count); error.isError()) {
    // Name the group and its layout (by label) whatever the rule.
    std::string list;
    for (uint32_t i = 0; i < count; ++i) list += (i ? ", " : "") + std::to_string(offsets[i]);
    error.addContext(
        fmt::format("validating setBindGroup({}, {}, [{}]){}", index, core::describe(group), list,
                    group && group->layout() ? fmt::format(" ({} has layout {})", group->describe(),
                                                           group->layout()->describeWithOwner())
                                             : std::string()));
    return fail(std::move(error), cmd, "setBindGroup");
  }
  recordSetBindGroup(index, group, offsets, count);
}

MaybeError PassEncoderBase::validateSetBindGroup(uint32_t index, BindGroupBase* group,
                                                 const uint32_t* offsets, uint32_t count) const {
  DeviceBase* dev = device();
  BINDERY_INVALID_IF_FIX(index >= maxBindGroups_, BindGroupIndexOutOfRange,
                         fmt::format("Use an index below {}, or request a higher maxBindGroups "
                                     "limit.",
                                     maxBindGroups_),
                         "index ({}) is not less than the device's maxBindGroups limit ({}).",
                         index, maxBindGroups_);
  uint32_t dynamicCount = 0;
  if (group) {
    if (group->device() != dev || !group->isValid()) [[unlikely]] {
      BINDERY_TRY(dev->validateObject(group, "bindGroup"));
    }
    dynamicCount = group->layout()->internal()->dynamicOffsetCount();
  }
  BINDERY_INVALID_IF_FIX(count != dynamicCount, DynamicOffsetCountMismatch,
                         fmt::format("Pass exactly {} dynamic offset(s), one per entry with "
                                     "hasDynamicOffset: true, in binding-number order.",
                                     dynamicCount),
                         "{} dynamic offset(s) given, but {} has {} dynamic offset(s) (the "
                         "dynamicOffsetCount of its layout{}).",
                         count, core::describe(group), dynamicCount,
                         group ? " " + group->layout()->describeWithOwner() : std::string());
  if (count != 0) {
    BINDERY_TRY(
        validateDynamicOffsets(*group, offsets, count, minUniformAlignment_, minStorageAlignment_));
  }
  return {};
}

std::optional<Exception> PassEncoderBase::setBindGroup(uint32_t index, BindGroupBase* group,
                                                       std::span<const uint32_t> data,
                                                       uint64_t start, uint32_t length) {
  // Content timeline: a RangeError, not a validation error; nothing is encoded.
  if (start > data.size() || length > data.size() - start) {
    return Exception{
        ExceptionType::RangeError, ErrorCode::DynamicOffsetsDataOutOfRange,
        fmt::format("{}.setBindGroup({}, {}, dynamicOffsetsData, {}, {}): "
                    "dynamicOffsetsDataStart + dynamicOffsetsDataLength ({}) is more than "
                    "dynamicOffsetsData.length ({}).",
                    describe(), index, core::describe(group), start, length, start + length,
                    data.size())};
  }
  setBindGroup(index, group, data.data() + start, length);
  return std::nullopt;
}

void PassEncoderBase::setPipelineInfo(const PipelineBindingInfo* info, ObjectBase* pipeline) {
  tracker_.setPipeline(info);
  if (pipeline) ctx_->used().others.emplace_back(pipeline);
}

// --- ComputePassEncoderBase ------------------------------------------------------

ComputePassEncoderBase::ComputePassEncoderBase(CommandEncoderBase* encoder,
                                               const ComputePassDescriptor& d)
    : PassEncoderBase(encoder->device(), ObjectType::ComputePassEncoder, d.label,
                      &encoder->context()),
      encoder_(encoder),
      maxWorkgroups_(encoder->device()->limits().maxComputeWorkgroupsPerDimension) {
  passId_ = ctx_->nextPassId();
  if (d.timestampWrites) {
    startTimestampWrites(fromHandle<QuerySetBase>(d.timestampWrites->querySet),
                         d.timestampWrites->beginningOfPassWriteIndex,
                         d.timestampWrites->endOfPassWriteIndex);
  }
}

ComputePassEncoderBase::ComputePassEncoderBase(CommandEncoderBase* encoder,
                                               const ComputePassDescriptor& d, InvalidTag tag)
    : PassEncoderBase(encoder->device(), ObjectType::ComputePassEncoder, d.label,
                      &encoder->context(), tag),
      encoder_(encoder) {}

ComputePassEncoderBase::~ComputePassEncoderBase() = default;

void ComputePassEncoderBase::destroySelf() const noexcept {
  if (!inEncoderStorage_) {
    delete this;
    return;
  }
  auto* self = const_cast<ComputePassEncoderBase*>(this);
  CommandEncoderBase* encoder = self->encoder_.detach();
  std::destroy_at(self);
  encoder->freePassStorage();
  encoder->release();
}

MaybeError ComputePassEncoderBase::validateDispatch() {
  BINDERY_INVALID_IF_FIX(tracker_.pipeline() == nullptr, PipelineNotSet,
                         "Call setPipeline(computePipeline) before dispatching.",
                         "No compute pipeline is set on {}.", describe());
  BINDERY_TRY(tracker_.validate(/*checkUsageScope=*/true));
  if (!tracker_.pipeline()->immediateSlots.empty()) [[unlikely]] {
    BINDERY_TRY(validateImmediates(*tracker_.pipeline()));
  }
  return {};
}

// #dom-gpucomputepassencoder-setpipeline
void ComputePassEncoderBase::setPipeline(ComputePipelineBase* pipeline) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("setPipeline", &cmd)) return;
  if (MaybeError error = device()->validateObject(pipeline, "pipeline"); error.isError()) {
    return fail(std::move(error), cmd, "setPipeline");
  }
  ctx_->stream().append<SetPipelineCmd>(CommandType::SetPipeline)->pipeline = pipeline;
  setPipelineInfo(&pipeline->bindingInfo(), pipeline);
}

// #dom-gpucomputepassencoder-dispatchworkgroups
// The steady state, checked and recorded without calling anything (little to
// save and restore; the general path is a tail call): a valid pass outside
// strict mode whose pipeline and bind groups passed the checks already (nothing
// changed that needs one), counts within the limit, room in the stream's block.
// Anything else takes dispatchWorkgroupsGeneral.
void ComputePassEncoderBase::dispatchWorkgroups(uint32_t x, uint32_t y, uint32_t z) {
  const PipelineBindingInfo* pipeline = tracker_.pipeline();
  bool fast = !device()->strict() && !ended_ && ctx_->isValid() && isValid() &&
              pipeline != nullptr && pipeline->immediateSlots.empty() && x <= maxWorkgroups_ &&
              y <= maxWorkgroups_ && z <= maxWorkgroups_ &&
              ctx_->stream().hasRoomFor<DispatchCmd>() && tracker_.upToDate();
  if (!fast) [[unlikely]] {
    return dispatchWorkgroupsGeneral(x, y, z);
  }
  ctx_->nextCommand();
  auto* rec = ctx_->stream().appendInRoom<DispatchCmd>(CommandType::Dispatch);
  *rec = {x, y, z};
}

void ComputePassEncoderBase::dispatchWorkgroupsGeneral(uint32_t x, uint32_t y, uint32_t z) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("dispatchWorkgroups", &cmd)) return;
  // Nothing changed that needs a check (the common case): skip building one.
  const PipelineBindingInfo* pipeline = tracker_.pipeline();
  bool ready = pipeline != nullptr && tracker_.upToDate() && pipeline->immediateSlots.empty();
  if (!ready) [[unlikely]] {
    if (MaybeError error = validateDispatch(); error.isError()) {
      return fail(std::move(error), cmd, "dispatchWorkgroups");
    }
  }
  if (x > maxWorkgroups_ || y > maxWorkgroups_ || z > maxWorkgroups_) [[unlikely]] {
    auto error = makeValidationError(
        ErrorCode::DispatchWorkgroupCountExceedsLimit,
        fmt::format("dispatchWorkgroups({}, {}, {}): a workgroup count is above the device's "
                    "maxComputeWorkgroupsPerDimension limit ({}).",
                    x, y, z, maxWorkgroups_));
    error->fix = "Split the dispatch, or use a larger workgroup size.";
    return fail(std::move(error), cmd, "dispatchWorkgroups");
  }
  auto* rec = ctx_->stream().append<DispatchCmd>(CommandType::Dispatch);
  *rec = {x, y, z};
}

MaybeError validateIndirectBuffer(const DeviceBase* device, const BufferBase* buffer,
                                  uint64_t offset, uint64_t parametersSize) {
  BINDERY_TRY(device->validateObject(buffer, "indirectBuffer"));
  BINDERY_INVALID_IF_FIX(!buffer->usage().has(BufferUsage::Indirect), IndirectBufferUsageMissing,
                         "Add GPUBufferUsage.INDIRECT to the buffer's usage.",
                         "indirectBuffer ({}) has usage {}, which lacks GPUBufferUsage.INDIRECT.",
                         buffer->describe(), toString(buffer->usage()));
  BINDERY_INVALID_IF(offset % 4 != 0, IndirectOffsetNotAligned,
                     "indirectOffset ({}) is not a multiple of 4.", offset);
  BINDERY_INVALID_IF(offset > buffer->size() || parametersSize > buffer->size() - offset,
                     IndirectOffsetOutOfBounds,
                     "indirectOffset ({}) + the {} bytes of the indirect parameters is past the "
                     "end of {} (size {}).",
                     offset, parametersSize, buffer->describe(), buffer->size());
  return {};
}

// #dom-gpucomputepassencoder-dispatchworkgroupsindirect
void ComputePassEncoderBase::dispatchWorkgroupsIndirect(BufferBase* buffer, uint64_t offset) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("dispatchWorkgroupsIndirect", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateDispatch());
    BINDERY_TRY(validateIndirectBuffer(device(), buffer, offset, 12));
    // The dispatch's usage scope also holds the indirect buffer (input).
    const PipelineBindingInfo* p = tracker_.pipeline();
    if (p->hasWritableBindings) {
      UsageScope scope;
      for (uint64_t mask = p->groupMask; mask; mask &= mask - 1) {
        uint32_t g = static_cast<uint32_t>(__builtin_ctzll(mask));
        if (BindGroupBase* group = tracker_.group(g)) scope.addBindGroup(group, g);
      }
      scope.addBuffer(buffer, kUsageInput, {UseSite::Kind::IndirectBuffer});
      BINDERY_TRY(scope.validate());
    }
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "dispatchWorkgroupsIndirect");
  }
  auto* rec = ctx_->stream().append<BufferCmd>(CommandType::DispatchIndirect);
  *rec = {buffer, offset, 12, 0};
  ctx_->used().addBuffer(buffer);
}

// #dom-gpucomputepassencoder-end
void ComputePassEncoderBase::end() {
  DeviceBase* dev = device();
  dev->beginCall();
  // The call's name is formatted only for an error.
  auto call = [this] { return fmt::format("{}.end()", describe()); };
  if (ended_) return dev->dispatchError(endedError(*this, "end"), call());
  ended_ = true;
  if (encoder_->state() != EncoderState::Locked) {
    auto error = makeValidationError(
        ErrorCode::EncoderEnded,
        fmt::format("end() was called on {}, but its {} is not locked by it (it has finished, "
                    "or the pass was not begun).",
                    describe(), encoder_->describe()));
    return dev->dispatchError(std::move(error), call());
  }
  encoder_->unlock();
  uint32_t cmd = ctx_->nextCommand();
  if (!isValid() || !ctx_->isValid()) return;
  if (MaybeError error = validateEndCommon(); error.isError()) {
    return fail(std::move(error), cmd, "end");
  }
  ctx_->stream().appendEmpty(CommandType::EndPass);
  recordEndTimestampWrite();
}

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::BindGroupBase;
using core::BufferBase;
using core::CommandEncoderBase;
using core::ComputePassEncoderBase;
using core::fromHandle;
using core::toHandle;

CommandEncoder Device::createCommandEncoder(const CommandEncoderDescriptor& descriptor) const {
  return toHandle<CommandEncoder>(
      fromHandle<core::DeviceBase>(*this)->createCommandEncoder(descriptor));
}

std::string_view CommandEncoder::label() const {
  return fromHandle<CommandEncoderBase>(*this)->label();
}
void CommandEncoder::setLabel(std::string_view l) {
  fromHandle<CommandEncoderBase>(*this)->setLabel(l);
}
ComputePassEncoder CommandEncoder::beginComputePass(const ComputePassDescriptor& descriptor) {
  return toHandle<ComputePassEncoder>(
      fromHandle<CommandEncoderBase>(*this)->beginComputePass(descriptor));
}
RenderPassEncoder CommandEncoder::beginRenderPass(const RenderPassDescriptor& descriptor) {
  return toHandle<RenderPassEncoder>(
      fromHandle<CommandEncoderBase>(*this)->beginRenderPass(descriptor));
}
void CommandEncoder::pushDebugGroup(std::string_view groupLabel) {
  fromHandle<CommandEncoderBase>(*this)->pushDebugGroup(groupLabel);
}
void CommandEncoder::popDebugGroup() {
  fromHandle<CommandEncoderBase>(*this)->popDebugGroup();
}
void CommandEncoder::insertDebugMarker(std::string_view markerLabel) {
  fromHandle<CommandEncoderBase>(*this)->insertDebugMarker(markerLabel);
}
CommandBuffer CommandEncoder::finish(const CommandBufferDescriptor& descriptor) {
  return toHandle<CommandBuffer>(fromHandle<CommandEncoderBase>(*this)->finish(descriptor));
}

// The methods every pass and bundle encoder shares, defined once per class.
#define BINDERY_DEFINE_PASS_COMMON(Class, Base)                                                 \
  std::string_view Class::label() const {                                                       \
    return fromHandle<Base>(*this)->label();                                                    \
  }                                                                                             \
  void Class::setLabel(std::string_view l) {                                                    \
    fromHandle<Base>(*this)->setLabel(l);                                                       \
  }                                                                                             \
  void Class::pushDebugGroup(std::string_view groupLabel) {                                     \
    fromHandle<Base>(*this)->pushDebugGroup(groupLabel);                                        \
  }                                                                                             \
  void Class::popDebugGroup() {                                                                 \
    fromHandle<Base>(*this)->popDebugGroup();                                                   \
  }                                                                                             \
  void Class::insertDebugMarker(std::string_view markerLabel) {                                 \
    fromHandle<Base>(*this)->insertDebugMarker(markerLabel);                                    \
  }                                                                                             \
  void Class::setBindGroup(uint32_t index, const BindGroup& bindGroup) {                        \
    fromHandle<Base>(*this)->setBindGroup(index, fromHandle<BindGroupBase>(bindGroup), nullptr, \
                                          0);                                                   \
  }                                                                                             \
  void Class::setBindGroup(uint32_t index, const BindGroup& bindGroup,                          \
                           std::span<const uint32_t> dynamicOffsets) {                          \
    fromHandle<Base>(*this)->setBindGroup(index, fromHandle<BindGroupBase>(bindGroup),          \
                                          dynamicOffsets.data(),                                \
                                          static_cast<uint32_t>(dynamicOffsets.size()));        \
  }                                                                                             \
  void Class::setBindGroup(uint32_t index, const BindGroup& bindGroup,                          \
                           std::initializer_list<uint32_t> dynamicOffsets) {                    \
    fromHandle<Base>(*this)->setBindGroup(index, fromHandle<BindGroupBase>(bindGroup),          \
                                          dynamicOffsets.begin(),                               \
                                          static_cast<uint32_t>(dynamicOffsets.size()));        \
  }                                                                                             \
  std::optional<Exception> Class::setBindGroup(                                                 \
      uint32_t index, const BindGroup& bindGroup, std::span<const uint32_t> dynamicOffsetsData, \
      uint64_t dynamicOffsetsDataStart, uint32_t dynamicOffsetsDataLength) {                    \
    return fromHandle<Base>(*this)->setBindGroup(index, fromHandle<BindGroupBase>(bindGroup),   \
                                                 dynamicOffsetsData, dynamicOffsetsDataStart,   \
                                                 dynamicOffsetsDataLength);                     \
  }

BINDERY_DEFINE_PASS_COMMON(ComputePassEncoder, ComputePassEncoderBase)
BINDERY_DEFINE_PASS_COMMON(RenderPassEncoder, core::RenderPassEncoderBase)
BINDERY_DEFINE_PASS_COMMON(RenderBundleEncoder, core::RenderBundleEncoderBase)
#undef BINDERY_DEFINE_PASS_COMMON

void ComputePassEncoder::setPipeline(const ComputePipeline& pipeline) {
  fromHandle<ComputePassEncoderBase>(*this)->setPipeline(
      fromHandle<core::ComputePipelineBase>(pipeline));
}
void ComputePassEncoder::dispatchWorkgroups(uint32_t x, uint32_t y, uint32_t z) {
  fromHandle<ComputePassEncoderBase>(*this)->dispatchWorkgroups(x, y, z);
}
void ComputePassEncoder::dispatchWorkgroupsIndirect(const Buffer& indirectBuffer,
                                                    uint64_t indirectOffset) {
  fromHandle<ComputePassEncoderBase>(*this)->dispatchWorkgroupsIndirect(
      fromHandle<BufferBase>(indirectBuffer), indirectOffset);
}
void ComputePassEncoder::end() {
  fromHandle<ComputePassEncoderBase>(*this)->end();
}

}  // namespace bindery
