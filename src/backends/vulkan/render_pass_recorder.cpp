// Render passes into a VkCommandBuffer (render_pass_recorder.h).
#include "backends/vulkan/render_pass_recorder.h"

#include <fmt/format.h>

#include <cstring>

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/pipeline_layout.h"
#include "backends/vulkan/query_set.h"
#include "backends/vulkan/render_pipeline.h"
#include "backends/vulkan/texture.h"
#include "backends/vulkan/texture_view.h"
#include "core/binding/bind_group.h"
#include "core/commands/command_buffer.h"
#include "core/commands/render_pass.h"
#include "core/commands/render_pass_record.h"
#include "core/device/device.h"
#include "core/pipeline/pipeline.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::vulkan {

namespace {

using core::CommandType;

template <class T>
const T& payload(const uint8_t* p) {
  return *reinterpret_cast<const T*>(p);
}

VkAttachmentLoadOp loadOpOf(LoadOp op) {
  return op == LoadOp::Clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
}
VkAttachmentStoreOp storeOpOf(StoreOp op) {
  return op == StoreOp::Store ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE;
}

// The clear value as the attachment's sample type reads it
// (#dom-gpurenderpasscolorattachment-clearvalue).
VkClearValue colorClearOf(const core::RenderPassColorRecord& a) {
  VkClearValue v{};
  switch (core::formatInfo(a.view->format()).sampleType) {
    case TextureSampleType::Uint:
      for (int i = 0; i < 4; ++i) v.color.uint32[i] = static_cast<uint32_t>(a.clearValue[i]);
      break;
    case TextureSampleType::Sint:
      for (int i = 0; i < 4; ++i) v.color.int32[i] = static_cast<int32_t>(a.clearValue[i]);
      break;
    default:
      for (int i = 0; i < 4; ++i) v.color.float32[i] = static_cast<float>(a.clearValue[i]);
  }
  return v;
}

// The single subresource a render pass attachment is (#renderable-texture-view).
SubresourceRange attachmentRange(const TextureView& view) {
  SubresourceRange r = view.range();
  r.layerCount = 1;
  return r;
}

}  // namespace

RenderPassRecorder::~RenderPassRecorder() {
  if (inPass_) device_->cmdEndRendering(commands_);
}

Status RenderPassRecorder::recordPass(const uint8_t* begin, core::CommandStream::Reader& reader) {
  BINDERY_VK_TRY(beginPass(begin));
  CommandType type;
  const uint8_t* p;
  while (reader.next(&type, &p)) {
    if (type == CommandType::EndPass) {
      endPass();
      return {};
    }
    BINDERY_VK_TRY(record(type, p));
  }
  return {};  // a finished command buffer ends each pass it begins
}

// setBindGroup and the draws run once per pair: their steps below are
// inlined into record() (always_inline), and record() into the loops of
// recordPass() and executeBundles(): no call per command.
[[gnu::always_inline]] inline Status RenderPassRecorder::record(CommandType type,
                                                                const uint8_t* p) {
  switch (type) {
    case CommandType::SetPipeline: setPipeline(p); return {};
    case CommandType::SetBindGroup: return setBindGroup(p);
    case CommandType::SetVertexBuffer: setVertexBuffer(p); return {};
    case CommandType::SetIndexBuffer: setIndexBuffer(p); return {};
    case CommandType::SetImmediates: setImmediates(p); return {};
    case CommandType::SetViewport: setViewport(p); return {};
    case CommandType::SetScissorRect: setScissorRect(p); return {};
    case CommandType::SetBlendConstant: setBlendConstant(p); return {};
    case CommandType::SetStencilReference: setStencilReference(p); return {};
    case CommandType::ExecuteBundles: return executeBundles(p);
    case CommandType::BeginOcclusionQuery: {
      const auto& cmd = payload<core::QueryCmd>(p);
      vkCmdBeginQuery(commands_, QuerySet::of(*cmd.querySet).pool(), cmd.queryIndex, 0);
      return {};
    }
    case CommandType::EndOcclusionQuery:
    case CommandType::WriteTimestamp: {
      // The result is saved after the pass (query_set.h: outside a render pass).
      const auto& cmd = payload<core::QueryCmd>(p);
      const QuerySet& set = QuerySet::of(*cmd.querySet);
      if (type == CommandType::EndOcclusionQuery) {
        vkCmdEndQuery(commands_, set.pool(), cmd.queryIndex);
      } else {
        vkCmdWriteTimestamp(commands_, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, set.pool(),
                            cmd.queryIndex);
      }
      writtenQueries_.push_back({&set, cmd.queryIndex});
      return {};
    }
    case CommandType::Draw: {
      const auto& cmd = payload<core::DrawCmd>(p);
      if (Status s = prepareDraw(); s.isError()) return s;
      vkCmdDraw(commands_, cmd.count, cmd.instanceCount, cmd.first, cmd.firstInstance);
      return {};
    }
    case CommandType::DrawIndexed: {
      const auto& cmd = payload<core::DrawCmd>(p);
      if (Status s = prepareDraw(); s.isError()) return s;
      vkCmdDrawIndexed(commands_, cmd.count, cmd.instanceCount, cmd.first, cmd.baseVertex,
                       cmd.firstInstance);
      return {};
    }
    case CommandType::DrawIndirect:
    case CommandType::DrawIndexedIndirect: {
      const auto& cmd = payload<core::BufferCmd>(p);
      if (Status s = prepareDraw(); s.isError()) return s;
      VkBuffer buffer = Buffer::of(*cmd.buffer).handle();
      bool indexed = type == CommandType::DrawIndexedIndirect;
      bool guarded = beginFirstInstanceGuard(*cmd.buffer, cmd.offset + (indexed ? 16 : 12));
      if (indexed) {
        vkCmdDrawIndexedIndirect(commands_, buffer, cmd.offset, 1, 0);
      } else {
        vkCmdDrawIndirect(commands_, buffer, cmd.offset, 1, 0);
      }
      if (guarded) device_->cmdEndConditionalRendering(commands_);
      return {};
    }
    default: return {};  // debug markers
  }
}

// #dom-gpurendercommandsmixin-drawindirect, #dom-gpurendercommandsmixin-drawindexedindirect:
// without 'indirect-first-instance' a draw whose firstInstance (the 32-bit
// argument at `firstInstanceOffset`) is not 0 is a no-op: conditional
// rendering, inverted, runs it only when that word is 0. The device enables
// Vulkan's drawIndirectFirstInstance where it can, so the feature's draws
// need nothing.
bool RenderPassRecorder::beginFirstInstanceGuard(const core::BufferBase& buffer,
                                                 uint64_t firstInstanceOffset) {
  if (!device_->cmdBeginConditionalRendering ||
      buffer.device()->features().has(FeatureName::IndirectFirstInstance)) {
    return false;
  }
  VkConditionalRenderingBeginInfoEXT info{VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT};
  info.buffer = Buffer::of(buffer).handle();
  info.offset = firstInstanceOffset;
  info.flags = VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT;
  device_->cmdBeginConditionalRendering(commands_, &info);
  return true;
}

Status RenderPassRecorder::beginPass(const uint8_t* p) {
  const auto* cmd = &payload<core::BeginRenderPassCmd>(p);
  const core::RenderPassColorRecord* colors = core::colorRecordsOf(cmd);
  const core::RenderPassDepthStencilRecord* ds =
      cmd->hasDepthStencil ? core::depthStencilRecordOf(cmd) : nullptr;
  // The device, from any attachment.
  const core::TextureViewBase* any = ds ? ds->view : nullptr;
  for (uint32_t i = 0; i < cmd->colorCount && !any; ++i) any = colors[i].view;
  device_ = &TextureView::of(*any).texture().device();
  if (!device_->cmdBeginRendering) {
    return backend::internalError(
        "not supported yet on Vulkan: beginRenderPass on a device without "
        "VK_KHR_dynamic_rendering. The command buffer was not executed.");
  }
  std::vector<VkRenderingAttachmentInfoKHR> colorInfos(cmd->colorCount);
  discarded_.clear();
  for (uint32_t i = 0; i < cmd->colorCount; ++i) {
    const core::RenderPassColorRecord& a = colors[i];
    VkRenderingAttachmentInfoKHR& info = colorInfos[i];
    info = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO_KHR};
    if (!a.view) continue;  // imageView VK_NULL_HANDLE: an unused slot
    TextureView& view = TextureView::of(*a.view);
    // A 3d attachment is its depthSlice: the other slices keep their contents,
    // so the texture is never prepared as wholly overwritten nor discarded.
    bool slice = a.view->dimension() == TextureViewDimension::e3D;
    Result<VkImageView> handle = slice ? view.sliceHandle(a.depthSlice) : view.handle();
    if (handle.isError()) return handle.error();
    view.texture().prepareAttachment(commands_, attachmentRange(view),
                                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                     !slice && a.loadOp == LoadOp::Clear);
    info.imageView = handle.value();
    info.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    info.loadOp = loadOpOf(a.loadOp);
    info.storeOp = storeOpOf(a.storeOp);
    info.clearValue = colorClearOf(a);
    if (a.storeOp == StoreOp::Discard && !slice) discarded_.push_back({&view});
    if (a.resolveTarget) {
      TextureView& target = TextureView::of(*a.resolveTarget);
      Result<VkImageView> resolve = target.handle();
      if (resolve.isError()) return resolve.error();
      // The resolve writes every texel of the target.
      target.texture().prepareAttachment(commands_, attachmentRange(target),
                                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, true);
      info.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      info.resolveImageView = resolve.value();
      info.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    }
  }
  VkRenderingAttachmentInfoKHR depthInfo{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO_KHR};
  VkRenderingAttachmentInfoKHR stencilInfo{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO_KHR};
  bool hasDepth = false, hasStencil = false;
  if (ds) {
    TextureView& view = TextureView::of(*ds->view);
    Result<VkImageView> handle = view.handle();
    if (handle.isError()) return handle.error();
    SubresourceRange range = attachmentRange(view);
    hasDepth = (range.aspects & VK_IMAGE_ASPECT_DEPTH_BIT) != 0;
    hasStencil = (range.aspects & VK_IMAGE_ASPECT_STENCIL_BIT) != 0;
    LoadOp depthLoad = ds->depthReadOnly ? LoadOp::Load : ds->depthLoadOp;
    LoadOp stencilLoad = ds->stencilReadOnly ? LoadOp::Load : ds->stencilLoadOp;
    bool cleared =
        (!hasDepth || depthLoad == LoadOp::Clear) && (!hasStencil || stencilLoad == LoadOp::Clear);
    // Every aspect read-only: the layout sampled depth/stencil textures use
    // (bind_group.cpp), so the pass may also sample this texture. One aspect
    // read-only: the layout with that aspect read-only (Vulkan 1.1), which a
    // descriptor of that aspect alone in the read-only layout matches, so the
    // pass may sample it while the other aspect is written (each aspect is its
    // own subresource, #programming-model-resource-usages).
    bool allReadOnly = (!hasDepth || ds->depthReadOnly) && (!hasStencil || ds->stencilReadOnly);
    VkImageLayout layout = allReadOnly ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
                           : hasDepth && hasStencil && ds->depthReadOnly
                               ? VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL
                           : hasDepth && hasStencil && ds->stencilReadOnly
                               ? VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL
                               : VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    view.texture().prepareAttachment(commands_, range, layout, cleared);
    auto fill = [&](VkRenderingAttachmentInfoKHR& info, LoadOp load, StoreOp store, bool readOnly) {
      info.imageView = handle.value();
      info.imageLayout = layout;
      info.loadOp = loadOpOf(load);
      info.storeOp = readOnly ? VK_ATTACHMENT_STORE_OP_STORE : storeOpOf(store);
      info.clearValue.depthStencil = {ds->depthClearValue, ds->stencilClearValue};
    };
    if (hasDepth) fill(depthInfo, depthLoad, ds->depthStoreOp, ds->depthReadOnly);
    if (hasStencil) fill(stencilInfo, stencilLoad, ds->stencilStoreOp, ds->stencilReadOnly);
    bool discard = (hasDepth && !ds->depthReadOnly && ds->depthStoreOp == StoreOp::Discard) ||
                   (hasStencil && !ds->stencilReadOnly && ds->stencilStoreOp == StoreOp::Discard);
    if (discard) discarded_.push_back({&view});
  }
  // Earlier writes (copies, queue writes, other passes) become visible to this pass's reads.
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                          VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_UNIFORM_READ_BIT |
                          VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
  VkPipelineStageFlags stages =
      VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_VERTEX_INPUT_BIT |
      VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
  if (device_->cmdBeginConditionalRendering) {  // indirect firstInstance guards
    barrier.dstAccessMask |= VK_ACCESS_CONDITIONAL_RENDERING_READ_BIT_EXT;
    stages |= VK_PIPELINE_STAGE_CONDITIONAL_RENDERING_BIT_EXT;
  }
  vkCmdPipelineBarrier(commands_, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, stages, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);

  VkRenderingInfoKHR rendering{VK_STRUCTURE_TYPE_RENDERING_INFO_KHR};
  rendering.renderArea = {{0, 0}, {cmd->width, cmd->height}};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = cmd->colorCount;
  rendering.pColorAttachments = colorInfos.data();
  rendering.pDepthAttachment = hasDepth ? &depthInfo : nullptr;
  rendering.pStencilAttachment = hasStencil ? &stencilInfo : nullptr;
  device_->cmdBeginRendering(commands_, &rendering);
  inPass_ = true;

  // #dom-gpucommandencoder-beginrenderpass: nothing is inherited from an
  // earlier pass; the viewport and scissor cover the attachments.
  resetBindingState();
  auto w = static_cast<float>(cmd->width);
  auto h = static_cast<float>(cmd->height);
  core::ViewportCmd viewport{0, 0, w, h, 0, 1};
  setViewport(reinterpret_cast<const uint8_t*>(&viewport));
  core::ScissorRectCmd scissor{0, 0, cmd->width, cmd->height};
  setScissorRect(reinterpret_cast<const uint8_t*>(&scissor));
  float zero[4] = {0, 0, 0, 0};
  vkCmdSetBlendConstants(commands_, zero);
  vkCmdSetStencilReference(commands_, VK_STENCIL_FACE_FRONT_AND_BACK, 0);
  return {};
}

// #abstract-opdef-reset-the-render-pass-binding-state: what the pass wants is
// cleared; what the command buffer has bound stays (a later draw binds only
// what differs).
void RenderPassRecorder::resetBindingState() {
  pipeline_ = nullptr;
  binder_.clearWanted();
  vertexBuffers_ = {};
  vertexDirtyMask_ = 0;
  indexBuffer_ = VK_NULL_HANDLE;
  indexDirty_ = false;
  push_.reset();
}

// #dom-gpurenderpassencoder-executebundles: each bundle's commands run in the
// pass as if encoded there, starting from and followed by a reset binding
// state; the pass's viewport, scissor rectangle, blend constant and stencil
// reference stay. The commands are recorded into the pass's own command
// buffer: a secondary command buffer would inherit none of that dynamic state
// and, on dynamic rendering, would need the pass split around it
// (VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT allows nothing else in
// the pass); replaying the bundle's validated stream costs what recording its
// draws costs, and the core's validation is what the bundle saved.
Status RenderPassRecorder::executeBundles(const uint8_t* p) {
  const auto& cmd = payload<core::ExecuteBundlesCmd>(p);
  const auto* bundles =
      reinterpret_cast<const core::RenderBundleBase* const*>(core::CommandStream::extraOf(&cmd));
  for (uint32_t i = 0; i < cmd.count; ++i) {
    resetBindingState();
    core::CommandStream::Reader reader(bundles[i]->commands());
    CommandType type;
    const uint8_t* command;
    while (reader.next(&type, &command)) BINDERY_VK_TRY(record(type, command));
  }
  resetBindingState();
  return {};
}

void RenderPassRecorder::endPass() {
  device_->cmdEndRendering(commands_);
  inPass_ = false;
  for (const WrittenQuery& q : writtenQueries_) q.set->save(commands_, q.index);
  writtenQueries_.clear();
  for (const Discarded& d : discarded_) d.view->texture().markDiscarded(attachmentRange(*d.view));
  discarded_.clear();
}

[[gnu::always_inline]] inline void RenderPassRecorder::setPipeline(const uint8_t* p) {
  const auto* pipeline =
      static_cast<const core::RenderPipelineBase*>(payload<core::SetPipelineCmd>(p).pipeline);
  pipeline_ = &RenderPipeline::of(*pipeline);
}

[[gnu::always_inline]] inline Status RenderPassRecorder::setBindGroup(const uint8_t* p) {
  const auto& cmd = payload<core::SetBindGroupCmd>(p);
  return binder_.setBindGroup(cmd);
}

void RenderPassRecorder::setVertexBuffer(const uint8_t* p) {
  const auto& cmd = payload<core::BufferCmd>(p);
  if (cmd.slotOrFormat >= kMaxVertexBuffers) return;
  vertexBuffers_[cmd.slotOrFormat] = {
      cmd.buffer ? Buffer::of(*cmd.buffer).handle() : VK_NULL_HANDLE, cmd.offset};
  vertexDirtyMask_ |= 1u << cmd.slotOrFormat;
}

void RenderPassRecorder::setIndexBuffer(const uint8_t* p) {
  const auto& cmd = payload<core::BufferCmd>(p);
  indexBuffer_ = Buffer::of(*cmd.buffer).handle();
  indexOffset_ = cmd.offset;
  indexType_ = static_cast<IndexFormat>(cmd.slotOrFormat) == IndexFormat::Uint32
                   ? VK_INDEX_TYPE_UINT32
                   : VK_INDEX_TYPE_UINT16;
  indexDirty_ = true;
}

void RenderPassRecorder::setImmediates(const uint8_t* p) {
  push_.setImmediates(payload<core::ImmediatesCmd>(p));
}

// WebGPU's viewport has y down in framebuffer coordinates and y up in
// normalized device coordinates; Vulkan's has y down in both: a negative
// height (Vulkan 1.1) flips it.
void RenderPassRecorder::setViewport(const uint8_t* p) {
  const auto& cmd = payload<core::ViewportCmd>(p);
  VkViewport v{cmd.x, cmd.y + cmd.height, cmd.width, -cmd.height, cmd.minDepth, cmd.maxDepth};
  vkCmdSetViewport(commands_, 0, 1, &v);
}

void RenderPassRecorder::setScissorRect(const uint8_t* p) {
  const auto& cmd = payload<core::ScissorRectCmd>(p);
  VkRect2D r{{static_cast<int32_t>(cmd.x), static_cast<int32_t>(cmd.y)}, {cmd.width, cmd.height}};
  vkCmdSetScissor(commands_, 0, 1, &r);
}

void RenderPassRecorder::setBlendConstant(const uint8_t* p) {
  const auto& cmd = payload<core::BlendConstantCmd>(p);
  float c[4] = {static_cast<float>(cmd.r), static_cast<float>(cmd.g), static_cast<float>(cmd.b),
                static_cast<float>(cmd.a)};
  vkCmdSetBlendConstants(commands_, c);
}

void RenderPassRecorder::setStencilReference(const uint8_t* p) {
  vkCmdSetStencilReference(commands_, VK_STENCIL_FACE_FRONT_AND_BACK,
                           payload<core::StencilReferenceCmd>(p).reference);
}

[[gnu::always_inline]] inline Status RenderPassRecorder::bindPipeline() {
  // The same pipeline as the last draw's: nothing to do (no shared_future read).
  if (pipeline_ == preparedPipeline_) return {};
  Result<VkPipeline> handle = pipeline_->handle();
  if (handle.isError()) return handle.error();
  if (handle.value() != boundPipeline_) {
    vkCmdBindPipeline(commands_, VK_PIPELINE_BIND_POINT_GRAPHICS, handle.value());
    boundPipeline_ = handle.value();
  }
  binder_.setLayout(pipeline_->layout());
  preparedPipeline_ = pipeline_;
  return {};
}

[[gnu::always_inline]] inline Status RenderPassRecorder::bindSets() {
  // A transient set for dynamic offsets could not be made: this draw cannot
  // run, nor the command buffer.
  return std::move(binder_.bind(commands_).error);
}

[[gnu::always_inline]] inline void RenderPassRecorder::bindVertexBuffers() {
  while (vertexDirtyMask_) {
    auto slot = static_cast<uint32_t>(__builtin_ctz(vertexDirtyMask_));
    vertexDirtyMask_ &= vertexDirtyMask_ - 1;
    const VertexBuffer& v = vertexBuffers_[slot];
    if (v.buffer != VK_NULL_HANDLE) {
      vkCmdBindVertexBuffers(commands_, slot, 1, &v.buffer, &v.offset);
    }
  }
  if (indexDirty_ && indexBuffer_ != VK_NULL_HANDLE) {
    vkCmdBindIndexBuffer(commands_, indexBuffer_, indexOffset_, indexType_);
    indexDirty_ = false;
  }
}

[[gnu::always_inline]] inline Status RenderPassRecorder::prepareDraw() {
  if (Status s = bindPipeline(); s.isError()) return s;
  if (Status s = bindSets(); s.isError()) return s;
  bindVertexBuffers();
  push_.push(commands_, binder_);
  return {};
}

}  // namespace bindery::vulkan
