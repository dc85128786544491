// The render part of recording a command stream (command_recorder.cpp reads
// the stream and hands each render pass here), on dynamic rendering
// (VK_KHR_dynamic_rendering, core in Vulkan 1.3):
//
// - beginRenderPass: the attachments move to their attachment layout (lazy
//   zero-initialisation first for loadOp 'load', texture.h), then one memory
//   barrier makes earlier writes (copies, queue writes, compute passes)
//   visible to vertex input, index, indirect, uniform and shader reads; then
//   vkCmdBeginRenderingKHR with loadOp/storeOp, clear values and resolve
//   targets (average). The viewport, scissor rectangle, blend constant and
//   stencil reference start at their defaults (#dom-gpucommandencoder-beginrenderpass).
// - setViewport flips y (a negative-height viewport): WebGPU's framebuffer y
//   points down while its normalized device y points up.
// - setPipeline / setBindGroup / setVertexBuffer / setIndexBuffer /
//   setImmediates only record what the pass wants; each draw binds what
//   differs from what the command buffer has: the pipeline, the descriptor
//   sets (only changed ones, contiguous runs in one vkCmdBindDescriptorSets,
//   dynamic offsets in binding-number order, as compute passes do), the
//   vertex and index buffers and the push constants.
// - end: vkCmdEndRenderingKHR; storeOp 'discard' makes the attachment zero
//   again for its next reader.
// - executeBundles: each bundle's recorded commands are replayed into the
//   pass's command buffer between binding-state resets (executeBundles() in
//   the .cpp says why not secondary command buffers).
// - beginOcclusionQuery / endOcclusionQuery and the beginning-of-pass
//   timestamp write into the query set's pool; end saves their results
//   (query_set.h).
// - a 3d color attachment renders into its depthSlice through a 2d view of
//   that slice (TextureView::sliceHandle); storeOp 'discard' of a slice keeps
//   its contents (the texture tracks zero-initialisation per mip, not per
//   slice).
// - drawIndirect / drawIndexedIndirect without 'indirect-first-instance': a
//   non-zero firstInstance makes the draw a no-op, through conditional
//   rendering on that argument (VK_EXT_conditional_rendering; without it the
//   draw is not guarded).
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>
#include <vector>

#include "backends/vulkan/descriptor_binder.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/push_constants.h"
#include "core/commands/command_buffer.h"

namespace bindery::core {
class BufferBase;
}  // namespace bindery::core

namespace bindery::vulkan {

class BindGroup;
class Device;
class PipelineLayout;
class QuerySet;
class RenderPipeline;
class TextureView;

class RenderPassRecorder {
 public:
  // `serial`: the submission being recorded (ComputePassRecorder's).
  RenderPassRecorder(VkCommandBuffer commands, backend::Serial serial)
      : commands_(commands), binder_(VK_PIPELINE_BIND_POINT_GRAPHICS, serial) {}
  // Ends a pass left open by an error (so the command buffer can end).
  ~RenderPassRecorder();
  RenderPassRecorder(const RenderPassRecorder&) = delete;
  RenderPassRecorder& operator=(const RenderPassRecorder&) = delete;

  // Records one render pass: `begin` is its BeginRenderPass record's payload
  // (just read from `reader`); its commands are read and translated, in one
  // loop, up to and including its EndPass.
  Status recordPass(const uint8_t* begin, core::CommandStream::Reader& reader);

 private:
  static constexpr uint32_t kMaxVertexBuffers = 32;
  struct VertexBuffer {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
  };
  struct Discarded {
    TextureView* view;
  };
  struct WrittenQuery {
    const QuerySet* set;
    uint32_t index;
  };

  // One command of the pass or of a bundle it executes (not its begin or end).
  Status record(core::CommandType type, const uint8_t* payload);
  Status beginPass(const uint8_t* payload);
  void endPass();
  void resetBindingState();
  Status executeBundles(const uint8_t* payload);
  void setPipeline(const uint8_t* payload);
  Status setBindGroup(const uint8_t* payload);
  void setVertexBuffer(const uint8_t* payload);
  void setIndexBuffer(const uint8_t* payload);
  void setImmediates(const uint8_t* payload);
  void setViewport(const uint8_t* payload);
  void setScissorRect(const uint8_t* payload);
  void setBlendConstant(const uint8_t* payload);
  void setStencilReference(const uint8_t* payload);
  bool beginFirstInstanceGuard(const core::BufferBase& buffer, uint64_t firstInstanceOffset);
  Status prepareDraw();
  Status bindPipeline();
  Status bindSets();
  void bindVertexBuffers();

  VkCommandBuffer commands_;
  Device* device_ = nullptr;
  bool inPass_ = false;
  std::vector<Discarded> discarded_;
  // Occlusion queries and the beginning-of-pass timestamp written in the
  // pass: their results are saved after vkCmdEndRendering (query_set.h).
  std::vector<WrittenQuery> writtenQueries_;

  // What the pass wants.
  const RenderPipeline* pipeline_ = nullptr;
  std::array<VertexBuffer, kMaxVertexBuffers> vertexBuffers_{};
  uint32_t vertexDirtyMask_ = 0;
  VkBuffer indexBuffer_ = VK_NULL_HANDLE;
  VkDeviceSize indexOffset_ = 0;
  VkIndexType indexType_ = VK_INDEX_TYPE_UINT16;
  bool indexDirty_ = false;
  PushConstants push_;  // the immediates and the layout's binding sizes

  // What the command buffer has.
  VkPipeline boundPipeline_ = VK_NULL_HANDLE;
  const RenderPipeline* preparedPipeline_ = nullptr;  // bound, with its layout
  // The groups the pass wants and the sets, layout and push constants the
  // command buffer has.
  DescriptorBinder binder_;
};

}  // namespace bindery::vulkan
