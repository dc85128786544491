// GPURenderPassEncoder (#render-passes): the GPURenderCommandsMixin commands
// it shares with GPURenderBundleEncoder (#render-commands), executeBundles and
// end(). beginRenderPass's attachment rules are in render_pass_descriptor.cpp,
// the rasterization state in render_pass_state.cpp, occlusion queries in
// query_commands.cpp, bundle creation and finish() in render_bundle.cpp.
#include "core/commands/render_pass.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/resources/buffer.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

uint32_t indexFormatSize(IndexFormat f) {
  return f == IndexFormat::Uint16 ? 2 : 4;
}

}  // namespace

// --- RenderEncoderBase -------------------------------------------------------------

RenderEncoderBase::RenderEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                                     EncodingContext* ctx)
    : PassEncoderBase(device, type, label, ctx) {
  const Limits& limits = device->limits();
  maxVertexBuffers_ = std::min<uint32_t>(limits.maxVertexBuffers, 64);
  maxBindGroupsPlusVertexBuffers_ = limits.maxBindGroupsPlusVertexBuffers;
  vertexBuffers_.resize(maxVertexBuffers_);
}

RenderEncoderBase::RenderEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                                     EncodingContext* ctx, InvalidTag tag)
    : PassEncoderBase(device, type, label, ctx, tag) {}

void RenderEncoderBase::onNewBindGroupInPass(BindGroupBase* group, uint32_t index) {
  scopeGroups_.push_back({group, index});
}

void RenderEncoderBase::resetBindingState() {
  tracker_.reset();
  resetImmediateSlots();
  renderPipeline_ = nullptr;
  indexBuffer_ = {};
  std::fill(vertexBuffers_.begin(), vertexBuffers_.end(), BoundBuffer{});
  vertexBufferMask_ = 0;
}

MaybeError RenderEncoderBase::validatePassUsageScope(const UsageScope* base) const {
  bool any = base != nullptr;
  UsageScope scope = base ? *base : UsageScope{};
  // Sort out the duplicates the small cache let through.
  std::vector<GroupUse> groups = scopeGroups_;
  std::sort(groups.begin(), groups.end(),
            [](const GroupUse& a, const GroupUse& b) { return a.group < b.group; });
  groups.erase(std::unique(groups.begin(), groups.end(),
                           [](const GroupUse& a, const GroupUse& b) { return a.group == b.group; }),
               groups.end());
  for (const GroupUse& g : groups) scope.addBindGroup(g.group, g.index);
  for (const BufferUse& b : scopeBuffers_) scope.addBuffer(b.buffer, kUsageInput, b.site);
  if (!any && groups.empty()) return {};
  return scope.validate();
}

// #dom-gpurendercommandsmixin-setpipeline
void RenderEncoderBase::setPipeline(RenderPipelineBase* pipeline) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("setPipeline", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(pipeline, "pipeline"));
    RenderPassLayout targets;
    targets.colorFormats = pipeline->colorFormats();
    targets.depthStencilFormat = pipeline->depthStencilFormat();
    targets.sampleCount = pipeline->sampleCount();
    targets.trim();
    BINDERY_INVALID_IF_FIX(!(targets == layout_), RenderPipelineTargetsMismatch,
                           "Create the pipeline with fragment targets, depthStencil.format and "
                           "multisample.count equal to the pass's attachments.",
                           "{} renders to {}, but {} has {}{}.", pipeline->describe(),
                           targets.describe(), describe(), layout_.describe(), [&] {
                             std::string names = describeAttachments();
                             return names.empty() ? names : " (" + names + ")";
                           }());
    BINDERY_INVALID_IF(pipeline->writesDepth() && depthReadOnly_,
                       RenderPipelineWritesReadOnlyDepthStencil,
                       "{} writes depth, but the depth of {} is read-only (depthReadOnly).",
                       pipeline->describe(), describe());
    BINDERY_INVALID_IF(pipeline->writesStencil() && stencilReadOnly_,
                       RenderPipelineWritesReadOnlyDepthStencil,
                       "{} writes stencil, but the stencil of {} is read-only (stencilReadOnly).",
                       pipeline->describe(), describe());
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setPipeline");
  }
  renderPipeline_ = pipeline;
  ctx_->stream().append<SetPipelineCmd>(CommandType::SetPipeline)->pipeline = pipeline;
  setPipelineInfo(&pipeline->bindingInfo(), pipeline);
}

MaybeError RenderEncoderBase::validateVertexBuffers(bool indexed, uint32_t vertexCount,
                                                    uint32_t instanceCount, uint32_t firstVertex,
                                                    uint32_t firstInstance) const {
  const auto& buffers = renderPipeline_->descriptor().vertex.buffers;
  for (uint32_t slot = 0; slot < buffers.size(); ++slot) {
    if (!buffers[slot]) continue;
    const VertexBufferLayout& layout = *buffers[slot];
    bool instance = layout.stepMode == VertexStepMode::Instance;
    if (indexed && !instance) continue;
    uint64_t lastStride = 0;
    for (const VertexAttribute& a : layout.attributes) {
      lastStride = std::max<uint64_t>(lastStride, a.offset + vertexFormatSize(a.format));
    }
    uint64_t strideCount =
        instance ? uint64_t{firstInstance} + instanceCount : uint64_t{firstVertex} + vertexCount;
    if (strideCount == 0) continue;
    uint64_t needed = (strideCount - 1) * layout.arrayStride + lastStride;
    BINDERY_INVALID_IF(needed > vertexBuffers_[slot].size, VertexBufferTooSmall,
                       "The draw reads {} bytes of vertex buffer slot {} ({} {} x arrayStride "
                       "{}), but only {} bytes of {} are bound there.",
                       needed, slot, strideCount, instance ? "instances" : "vertices",
                       layout.arrayStride, vertexBuffers_[slot].size,
                       core::describe(vertexBuffers_[slot].buffer));
  }
  return {};
}

void RenderEncoderBase::setIndexBuffer(BufferBase* buffer, IndexFormat format, uint64_t offset,
                                       std::optional<uint64_t> size) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("setIndexBuffer", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(dev->validateObject(buffer, "buffer"));
    BINDERY_INVALID_IF_FIX(!buffer->usage().has(BufferUsage::Index), IndexBufferUsageMissing,
                           "Add GPUBufferUsage.INDEX to the buffer's usage.",
                           "buffer ({}) has usage {}, which lacks GPUBufferUsage.INDEX.",
                           buffer->describe(), toString(buffer->usage()));
    BINDERY_INVALID_IF(offset % indexFormatSize(format) != 0, IndexBufferOffsetNotAligned,
                       "offset ({}) is not a multiple of {} (the size of '{}' indices).", offset,
                       indexFormatSize(format), toString(format));
    uint64_t s = size.value_or(buffer->size() > offset ? buffer->size() - offset : 0);
    BINDERY_INVALID_IF(offset > buffer->size() || s > buffer->size() - offset,
                       IndexBufferRangeOutOfBounds,
                       "offset ({}) + size ({}) is past the end of {} (size {}).", offset, s,
                       buffer->describe(), buffer->size());
    indexBuffer_ = {buffer, offset, s};
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setIndexBuffer");
  }
  indexFormat_ = format;
  auto* rec = ctx_->stream().append<BufferCmd>(CommandType::SetIndexBuffer);
  *rec = {buffer, offset, indexBuffer_.size, static_cast<uint32_t>(format)};
  ctx_->used().addBuffer(buffer);
  scopeBuffers_.push_back({buffer, {UseSite::Kind::IndexBuffer}});
}

void RenderEncoderBase::setVertexBuffer(uint32_t slot, BufferBase* buffer, uint64_t offset,
                                        std::optional<uint64_t> size) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("setVertexBuffer", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_INVALID_IF(slot >= maxVertexBuffers_, VertexBufferSlotOutOfRange,
                       "slot ({}) is not less than the device's maxVertexBuffers limit ({}).", slot,
                       maxVertexBuffers_);
    BINDERY_INVALID_IF(offset % 4 != 0, VertexBufferOffsetNotAligned,
                       "offset ({}) is not a multiple of 4.", offset);
    if (!buffer) return {};
    BINDERY_TRY(dev->validateObject(buffer, "buffer"));
    BINDERY_INVALID_IF_FIX(!buffer->usage().has(BufferUsage::Vertex), VertexBufferUsageMissing,
                           "Add GPUBufferUsage.VERTEX to the buffer's usage.",
                           "buffer ({}) has usage {}, which lacks GPUBufferUsage.VERTEX.",
                           buffer->describe(), toString(buffer->usage()));
    uint64_t s = size.value_or(buffer->size() > offset ? buffer->size() - offset : 0);
    BINDERY_INVALID_IF(offset > buffer->size() || s > buffer->size() - offset,
                       VertexBufferRangeOutOfBounds,
                       "offset ({}) + size ({}) is past the end of {} (size {}).", offset, s,
                       buffer->describe(), buffer->size());
    vertexBuffers_[slot] = {buffer, offset, s};
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "setVertexBuffer");
  }
  if (!buffer) {
    vertexBuffers_[slot] = {};
    vertexBufferMask_ &= ~(uint64_t{1} << slot);
  } else {
    vertexBufferMask_ |= uint64_t{1} << slot;
    ctx_->used().addBuffer(buffer);
    scopeBuffers_.push_back({buffer, {UseSite::Kind::VertexBuffer, slot}});
  }
  auto* rec = ctx_->stream().append<BufferCmd>(CommandType::SetVertexBuffer);
  *rec = {buffer, offset, vertexBuffers_[slot].size, slot};
}

// #abstract-opdef-valid-to-draw
MaybeError RenderEncoderBase::validateDraw() {
  BINDERY_INVALID_IF_FIX(tracker_.pipeline() == nullptr, PipelineNotSet,
                         "Call setPipeline(renderPipeline) before drawing.",
                         "No render pipeline is set on {}.", describe());
  BINDERY_TRY(tracker_.validate(/*checkUsageScope=*/false));
  if (!tracker_.pipeline()->immediateSlots.empty()) [[unlikely]] {
    BINDERY_TRY(validateImmediates(*tracker_.pipeline()));
  }
  if (renderPipeline_) {
    const auto& buffers = renderPipeline_->descriptor().vertex.buffers;
    for (uint32_t slot = 0; slot < buffers.size(); ++slot) {
      BINDERY_INVALID_IF_FIX(buffers[slot] && !(vertexBufferMask_ & (uint64_t{1} << slot)),
                             VertexBufferNotSet,
                             fmt::format("Call setVertexBuffer({}, buffer) before drawing.", slot),
                             "{} reads vertex buffer slot {} (vertex.buffers[{}]), but no "
                             "vertex buffer is set there.",
                             renderPipeline_->describe(), slot, slot);
    }
  }
  uint32_t vertexSpace = vertexBufferMask_ ? 64 - __builtin_clzll(vertexBufferMask_) : 0;
  uint32_t groupSpace = tracker_.bindGroupSpaceUsed();
  BINDERY_INVALID_IF(groupSpace + vertexSpace > maxBindGroupsPlusVertexBuffers_,
                     BindGroupsPlusVertexBuffersExceedLimit,
                     "Bind group slots up to {} and vertex buffer slots up to {} use {} slots, "
                     "more than the device's maxBindGroupsPlusVertexBuffers limit ({}).",
                     groupSpace, vertexSpace, groupSpace + vertexSpace,
                     maxBindGroupsPlusVertexBuffers_);
  checkedPipeline_ = renderPipeline_;
  checkedVertexBufferMask_ = vertexBufferMask_;
  checkedBindGroupMask_ = tracker_.setMask();
  return {};
}

// The steady state, checked and recorded without calling anything (little to
// save and restore; the general path is a tail call): a valid pass outside
// strict mode whose pipeline, vertex buffers and bind groups passed the checks
// already (nothing changed that needs one), a pipeline without vertex buffers,
// room in the stream's block. Anything else takes drawGeneral.
void RenderEncoderBase::draw(uint32_t vertexCount, uint32_t instanceCount, uint32_t firstVertex,
                             uint32_t firstInstance) {
  const PipelineBindingInfo* pipeline = tracker_.pipeline();
  bool fast = !device()->strict() && !ended_ && ctx_->isValid() && isValid() &&
              pipeline != nullptr && pipeline->immediateSlots.empty() && drawStateChecked() &&
              renderPipeline_->vertexBufferCount() == 0 && ctx_->stream().hasRoomFor<DrawCmd>() &&
              tracker_.upToDate();
  if (!fast) [[unlikely]] {
    return drawGeneral(vertexCount, instanceCount, firstVertex, firstInstance);
  }
  ctx_->nextCommand();
  ++drawCount_;
  auto* rec = ctx_->stream().appendInRoom<DrawCmd>(CommandType::Draw);
  *rec = {vertexCount, instanceCount, firstVertex, firstInstance, 0};
}

void RenderEncoderBase::drawGeneral(uint32_t vertexCount, uint32_t instanceCount,
                                    uint32_t firstVertex, uint32_t firstInstance) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("draw", &cmd)) return;
  // Nothing changed that needs a check (the common case): skip building one.
  const PipelineBindingInfo* pipeline = tracker_.pipeline();
  bool ready = pipeline != nullptr && tracker_.upToDate() && pipeline->immediateSlots.empty() &&
               drawStateChecked();
  if (!ready) [[unlikely]] {
    if (MaybeError error = validateDraw(); error.isError()) {
      return fail(std::move(error), cmd, "draw");
    }
  }
  if (renderPipeline_ && renderPipeline_->vertexBufferCount() != 0) {
    if (MaybeError error =
            validateVertexBuffers(false, vertexCount, instanceCount, firstVertex, firstInstance);
        error.isError()) {
      return fail(std::move(error), cmd, "draw");
    }
  }
  ++drawCount_;
  auto* rec = ctx_->stream().append<DrawCmd>(CommandType::Draw);
  *rec = {vertexCount, instanceCount, firstVertex, firstInstance, 0};
}

void RenderEncoderBase::drawIndexed(uint32_t indexCount, uint32_t instanceCount,
                                    uint32_t firstIndex, int32_t baseVertex,
                                    uint32_t firstInstance) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("drawIndexed", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateDraw());
    BINDERY_INVALID_IF_FIX(indexBuffer_.buffer == nullptr, IndexBufferNotSet,
                           "Call setIndexBuffer() before drawIndexed().",
                           "drawIndexed() with no index buffer set on {}.", describe());
    uint64_t available = indexBuffer_.size / indexFormatSize(indexFormat_);
    BINDERY_INVALID_IF(uint64_t{firstIndex} + indexCount > available, IndexRangeOutOfBounds,
                       "firstIndex ({}) + indexCount ({}) = {} is more than the {} '{}' indices "
                       "of the bound index buffer range ({} bytes of {}).",
                       firstIndex, indexCount, uint64_t{firstIndex} + indexCount, available,
                       toString(indexFormat_), indexBuffer_.size, indexBuffer_.buffer->describe());
    if (renderPipeline_) {
      PrimitiveTopology topology = renderPipeline_->topology();
      if (topology == PrimitiveTopology::LineStrip ||
          topology == PrimitiveTopology::TriangleStrip) {
        BINDERY_INVALID_IF(renderPipeline_->stripIndexFormat() != indexFormat_,
                           IndexFormatStripMismatch,
                           "{} draws strips with primitive.stripIndexFormat {}, but the index "
                           "buffer's format is '{}'.",
                           renderPipeline_->describe(),
                           renderPipeline_->stripIndexFormat()
                               ? fmt::format("'{}'", toString(*renderPipeline_->stripIndexFormat()))
                               : std::string("undefined"),
                           toString(indexFormat_));
      }
      if (renderPipeline_->vertexBufferCount() != 0) {
        BINDERY_TRY(validateVertexBuffers(true, indexCount, instanceCount, 0, firstInstance));
      }
    }
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "drawIndexed");
  }
  ++drawCount_;
  auto* rec = ctx_->stream().append<DrawCmd>(CommandType::DrawIndexed);
  *rec = {indexCount, instanceCount, firstIndex, firstInstance, baseVertex};
}

void RenderEncoderBase::drawIndirect(BufferBase* buffer, uint64_t offset) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("drawIndirect", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateDraw());
    BINDERY_TRY(validateIndirectBuffer(device(), buffer, offset, 16));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "drawIndirect");
  }
  ++drawCount_;
  auto* rec = ctx_->stream().append<BufferCmd>(CommandType::DrawIndirect);
  *rec = {buffer, offset, 16, 0};
  ctx_->used().addBuffer(buffer);
  scopeBuffers_.push_back({buffer, {UseSite::Kind::IndirectBuffer}});
}

void RenderEncoderBase::drawIndexedIndirect(BufferBase* buffer, uint64_t offset) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("drawIndexedIndirect", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validateDraw());
    BINDERY_INVALID_IF_FIX(indexBuffer_.buffer == nullptr, IndexBufferNotSet,
                           "Call setIndexBuffer() before drawIndexedIndirect().",
                           "drawIndexedIndirect() with no index buffer set on {}.", describe());
    BINDERY_TRY(validateIndirectBuffer(device(), buffer, offset, 20));
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "drawIndexedIndirect");
  }
  ++drawCount_;
  auto* rec = ctx_->stream().append<BufferCmd>(CommandType::DrawIndexedIndirect);
  *rec = {buffer, offset, 20, 0};
  ctx_->used().addBuffer(buffer);
  scopeBuffers_.push_back({buffer, {UseSite::Kind::IndirectBuffer}});
}

// --- RenderPassEncoderBase -----------------------------------------------------------

RenderPassEncoderBase::RenderPassEncoderBase(CommandEncoderBase* encoder,
                                             const RenderPassDescriptor& d, RenderPassState state)
    : RenderEncoderBase(encoder->device(), ObjectType::RenderPassEncoder, d.label,
                        &encoder->context()),
      encoder_(encoder),
      state_(std::move(state)) {
  passId_ = ctx_->nextPassId();
  layout_ = state_.layout;
  depthReadOnly_ = state_.depthReadOnly;
  stencilReadOnly_ = state_.stencilReadOnly;
  for (const auto& view : state_.attachments) ctx_->used().attachments.push_back(view);
  // RenderState's initial viewport and scissor rectangle: the whole attachment.
  auto w = static_cast<float>(state_.attachmentWidth);
  auto h = static_cast<float>(state_.attachmentHeight);
  viewport_ = {0, 0, w, h, 0, 1};
  scissorRect_ = {0, 0, state_.attachmentWidth, state_.attachmentHeight};
  if (state_.timestampQuerySet) {
    startTimestampWrites(state_.timestampQuerySet.get(), state_.beginningOfPassWriteIndex,
                         state_.endOfPassWriteIndex);
  }
}

RenderPassEncoderBase::RenderPassEncoderBase(CommandEncoderBase* encoder,
                                             const RenderPassDescriptor& d, InvalidTag tag)
    : RenderEncoderBase(encoder->device(), ObjectType::RenderPassEncoder, d.label,
                        &encoder->context(), tag),
      encoder_(encoder) {}

RenderPassEncoderBase::~RenderPassEncoderBase() = default;

// #dom-gpurenderpassencoder-executebundles
void RenderPassEncoderBase::executeBundles(std::span<RenderBundleBase* const> bundles) {
  DeviceBase* dev = device();
  dev->beginCall();
  uint32_t cmd;
  if (!beginCommand("executeBundles", &cmd)) return;
  auto validate = [&]() -> MaybeError {
    for (size_t i = 0; i < bundles.size(); ++i) {
      const RenderBundleBase* bundle = bundles[i];
      std::string what = fmt::format("bundles[{}]", i);
      BINDERY_TRY(dev->validateObject(bundle, what));
      BINDERY_INVALID_IF(!(bundle->layout() == layout_), RenderBundleIncompatible,
                         "{} ({}) was encoded for {}, but the pass's layout is {}.", what,
                         bundle->describe(), bundle->layout().describe(), layout_.describe());
      BINDERY_INVALID_IF(depthReadOnly_ && !bundle->depthReadOnly(), RenderBundleIncompatible,
                         "The pass's depth is read-only, but {} ({}) was not encoded with "
                         "depthReadOnly: true.",
                         what, bundle->describe());
      BINDERY_INVALID_IF(stencilReadOnly_ && !bundle->stencilReadOnly(), RenderBundleIncompatible,
                         "The pass's stencil is read-only, but {} ({}) was not encoded with "
                         "stencilReadOnly: true.",
                         what, bundle->describe());
    }
    return {};
  };
  if (MaybeError error = validate(); error.isError()) {
    return fail(std::move(error), cmd, "executeBundles");
  }
  for (RenderBundleBase* bundle : bundles) {
    ctx_->used().merge(bundle->used());
    ctx_->used().others.emplace_back(bundle);
    drawCount_ += bundle->drawCount();
    for (const auto& g : bundle->used().bindGroups) {
      if (ctx_->addBindGroup(g.get(), passId_)) onNewBindGroupInPass(g.get(), 0);
    }
    for (const auto& b : bundle->used().buffers) {
      scopeBuffers_.push_back({b.get(), {UseSite::Kind::VertexBuffer}});
    }
  }
  auto* record = ctx_->stream().append<ExecuteBundlesCmd>(
      CommandType::ExecuteBundles, bundles.size() * sizeof(const RenderBundleBase*));
  record->count = static_cast<uint32_t>(bundles.size());
  if (!bundles.empty()) {  // executeBundles([]) is valid; memcpy takes no null source
    std::memcpy(CommandStream::extraOf(record), bundles.data(),
                bundles.size() * sizeof(const RenderBundleBase*));
  }
  resetBindingState();
}

// #dom-gpurenderpassencoder-end
void RenderPassEncoderBase::end() {
  DeviceBase* dev = device();
  dev->beginCall();
  // The call's name is formatted only for an error.
  auto call = [this] { return fmt::format("{}.end()", describe()); };
  if (ended_) {
    return dev->dispatchError(
        makeValidationError(
            ErrorCode::EncoderEnded,
            fmt::format("{} has ended, so end() cannot be called again.", describe())),
        call());
  }
  ended_ = true;
  if (encoder_->state() != EncoderState::Locked) {
    return dev->dispatchError(
        makeValidationError(ErrorCode::EncoderEnded,
                            fmt::format("end() was called on {}, but its {} is not locked by it.",
                                        describe(), encoder_->describe())),
        call());
  }
  encoder_->unlock();
  uint32_t cmd = ctx_->nextCommand();
  if (!isValid() || !ctx_->isValid()) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validatePassUsageScope(&state_.scope));
    BINDERY_TRY(validateEndCommon());
    BINDERY_INVALID_IF_FIX(occlusionQueryActive_, OcclusionQueryActiveAtEnd,
                           "Call endOcclusionQuery() before end().",
                           "end() was called on {} while occlusion query {} (begun by "
                           "beginOcclusionQuery({})) is still active.",
                           describe(), occlusionQueryIndex_, occlusionQueryIndex_);
    BINDERY_INVALID_IF(drawCount_ > state_.maxDrawCount, DrawCountExceedsMax,
                       "{} encoded {} draws, more than its descriptor.maxDrawCount ({}).",
                       describe(), drawCount_, state_.maxDrawCount);
    return {};
  };
  if (MaybeError error = validate(); error.isError()) return fail(std::move(error), cmd, "end");
  // The pass's groups that may bind textures, for a backend to prepare
  // before the pass begins (CommandStream::renderPassGroups).
  CommandStream& stream = ctx_->stream();
  stream.addRenderPassEntry();
  for (const GroupUse& g : scopeGroups_) {
    const BindGroupLayoutInternal* layout = g.group->layout()->internal();
    if (layout && layout->entryCount() != layout->bufferCount()) stream.addRenderPassGroup(g.group);
  }
  stream.appendEmpty(CommandType::EndPass);
  recordEndTimestampWrite();
}

}  // namespace bindery::core

// --- public handles -------------------------------------------------------------

namespace bindery {

using core::BufferBase;
using core::fromHandle;
using core::RenderBundleBase;
using core::RenderBundleEncoderBase;
using core::RenderPassEncoderBase;
using core::toHandle;

void RenderPassEncoder::setPipeline(const RenderPipeline& pipeline) {
  fromHandle<RenderPassEncoderBase>(*this)->setPipeline(
      fromHandle<core::RenderPipelineBase>(pipeline));
}
void RenderBundleEncoder::setPipeline(const RenderPipeline& pipeline) {
  fromHandle<RenderBundleEncoderBase>(*this)->setPipeline(
      fromHandle<core::RenderPipelineBase>(pipeline));
}

std::string_view toString(LoadOp value) {
  return value == LoadOp::Load ? "load" : "clear";
}
std::string_view toString(StoreOp value) {
  return value == StoreOp::Store ? "store" : "discard";
}
std::string_view toString(IndexFormat value) {
  return value == IndexFormat::Uint16 ? "uint16" : "uint32";
}

#define BINDERY_DEFINE_RENDER_COMMANDS(Class, Base)                                                \
  void Class::setIndexBuffer(const Buffer& buffer, IndexFormat indexFormat, uint64_t offset,       \
                             std::optional<uint64_t> size) {                                       \
    fromHandle<Base>(*this)->setIndexBuffer(fromHandle<BufferBase>(buffer), indexFormat, offset,   \
                                            size);                                                 \
  }                                                                                                \
  void Class::setVertexBuffer(uint32_t slot, const Buffer& buffer, uint64_t offset,                \
                              std::optional<uint64_t> size) {                                      \
    fromHandle<Base>(*this)->setVertexBuffer(slot, fromHandle<BufferBase>(buffer), offset, size);  \
  }                                                                                                \
  void Class::draw(uint32_t vertexCount, uint32_t instanceCount, uint32_t firstVertex,             \
                   uint32_t firstInstance) {                                                       \
    fromHandle<Base>(*this)->draw(vertexCount, instanceCount, firstVertex, firstInstance);         \
  }                                                                                                \
  void Class::drawIndexed(uint32_t indexCount, uint32_t instanceCount, uint32_t firstIndex,        \
                          int32_t baseVertex, uint32_t firstInstance) {                            \
    fromHandle<Base>(*this)->drawIndexed(indexCount, instanceCount, firstIndex, baseVertex,        \
                                         firstInstance);                                           \
  }                                                                                                \
  void Class::drawIndirect(const Buffer& indirectBuffer, uint64_t indirectOffset) {                \
    fromHandle<Base>(*this)->drawIndirect(fromHandle<BufferBase>(indirectBuffer), indirectOffset); \
  }                                                                                                \
  void Class::drawIndexedIndirect(const Buffer& indirectBuffer, uint64_t indirectOffset) {         \
    fromHandle<Base>(*this)->drawIndexedIndirect(fromHandle<BufferBase>(indirectBuffer),           \
                                                 indirectOffset);                                  \
  }

BINDERY_DEFINE_RENDER_COMMANDS(RenderPassEncoder, RenderPassEncoderBase)
BINDERY_DEFINE_RENDER_COMMANDS(RenderBundleEncoder, RenderBundleEncoderBase)
#undef BINDERY_DEFINE_RENDER_COMMANDS

void RenderPassEncoder::executeBundles(std::span<const RenderBundle> bundles) {
  std::vector<RenderBundleBase*> list;
  list.reserve(bundles.size());
  for (const RenderBundle& b : bundles) list.push_back(fromHandle<RenderBundleBase>(b));
  fromHandle<RenderPassEncoderBase>(*this)->executeBundles(list);
}
void RenderPassEncoder::executeBundles(std::initializer_list<RenderBundle> bundles) {
  executeBundles(std::span<const RenderBundle>(bundles.begin(), bundles.size()));
}
void RenderPassEncoder::end() {
  fromHandle<RenderPassEncoderBase>(*this)->end();
}

}  // namespace bindery
