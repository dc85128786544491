// GPURenderPassEncoder (#render-passes), GPURenderBundleEncoder and
// GPURenderBundle (#bundles): the GPURenderCommandsMixin they share
// (RenderEncoderBase), the attachment rules of beginRenderPass
// (#abstract-opdef-gpurenderpassdescriptor-valid-usage), and the render pass
// layout pipelines and bundles must match.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bindery/command_encoder.h"
#include "core/commands/command_encoder.h"
#include "core/commands/usage_scope.h"
#include "core/resources/query_set.h"

namespace bindery::core {

class TextureViewBase;
class RenderBundleBase;
class RenderPipelineBase;

// GPURenderPassLayout (#abstract-opdef-derive-render-targets-layout-from-pass):
// trailing null color formats are dropped.
struct RenderPassLayout {
  std::vector<std::optional<TextureFormat>> colorFormats;
  std::optional<TextureFormat> depthStencilFormat;
  uint32_t sampleCount = 1;
  bool operator==(const RenderPassLayout&) const = default;
  // "{colorFormats: ['rgba8unorm'], depthStencilFormat: 'depth24plus', sampleCount: 1}"
  std::string describe() const;
  void trim();
};

// A validated render pass descriptor: its layout, read-only flags and
// attachments (with the usage scope they start the pass's scope with).
struct RenderPassState {
  RenderPassLayout layout;
  bool depthReadOnly = false;
  bool stencilReadOnly = false;
  uint64_t maxDrawCount = 50000000;
  std::vector<Ref<TextureViewBase>> attachments;
  // The view of each attachment, for messages (kept alive by `attachments`):
  // colorViews[i] is colorAttachments[i].view (null for a null attachment).
  std::vector<const TextureViewBase*> colorViews;
  const TextureViewBase* depthStencilView = nullptr;
  UsageScope scope;
  // [[attachment_size]]: the attachments' render extent.
  uint32_t attachmentWidth = 0;
  uint32_t attachmentHeight = 0;
  // [[occlusion_query_set]] (descriptor.occlusionQuerySet), and timestampWrites.
  Ref<QuerySetBase> occlusionQuerySet;
  Ref<QuerySetBase> timestampQuerySet;
  std::optional<uint32_t> beginningOfPassWriteIndex;
  std::optional<uint32_t> endOfPassWriteIndex;
};

// #abstract-opdef-gpurenderpassdescriptor-valid-usage and the attachment
// regions being disjoint; fills `state` on success.
MaybeError validateRenderPassDescriptor(DeviceBase* device, const RenderPassDescriptor& descriptor,
                                        RenderPassState* state);

// "Calculating color attachment bytes per sample".
uint32_t colorAttachmentBytesPerSample(std::span<const std::optional<TextureFormat>> formats);

// GPURenderCommandsMixin, shared by the render pass and the bundle encoder.
class RenderEncoderBase : public PassEncoderBase {
 public:
  void setPipeline(RenderPipelineBase* pipeline);
  void setIndexBuffer(BufferBase* buffer, IndexFormat format, uint64_t offset,
                      std::optional<uint64_t> size);
  void setVertexBuffer(uint32_t slot, BufferBase* buffer, uint64_t offset,
                       std::optional<uint64_t> size);
  void draw(uint32_t vertexCount, uint32_t instanceCount, uint32_t firstVertex,
            uint32_t firstInstance);
  // draw() from the start, every case (when its frameless path does not apply).
  void drawGeneral(uint32_t vertexCount, uint32_t instanceCount, uint32_t firstVertex,
                   uint32_t firstInstance);
  void drawIndexed(uint32_t indexCount, uint32_t instanceCount, uint32_t firstIndex,
                   int32_t baseVertex, uint32_t firstInstance);
  void drawIndirect(BufferBase* buffer, uint64_t offset);
  void drawIndexedIndirect(BufferBase* buffer, uint64_t offset);

  const RenderPassLayout& layout() const { return layout_; }
  bool depthReadOnly() const { return depthReadOnly_; }
  bool stencilReadOnly() const { return stencilReadOnly_; }
  uint64_t drawCount() const { return drawCount_; }

 protected:
  RenderEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                    EncodingContext* ctx);
  RenderEncoderBase(DeviceBase* device, ObjectType type, std::string_view label,
                    EncodingContext* ctx, InvalidTag tag);

  void onNewBindGroupInPass(BindGroupBase* group, uint32_t index) override;
  MaybeError validateDraw();
  // The vertex buffers the pipeline reads hold enough data for the draw.
  MaybeError validateVertexBuffers(bool indexed, uint32_t vertexCount, uint32_t instanceCount,
                                   uint32_t firstVertex, uint32_t firstInstance) const;
  // The whole-pass usage scope: every group set and every buffer used, plus `base`.
  MaybeError validatePassUsageScope(const UsageScope* base) const;
  // #abstract-opdef-reset-the-render-pass-binding-state
  void resetBindingState();

  struct BoundBuffer {
    BufferBase* buffer = nullptr;
    uint64_t offset = 0;
    uint64_t size = 0;
  };
  // The pass's attachments by label, for messages ("" for a bundle encoder).
  virtual std::string describeAttachments() const { return {}; }

  RenderPassLayout layout_;
  const RenderPipelineBase* renderPipeline_ = nullptr;
  bool depthReadOnly_ = false;
  bool stencilReadOnly_ = false;
  uint64_t drawCount_ = 0;
  BoundBuffer indexBuffer_;
  IndexFormat indexFormat_ = IndexFormat::Uint16;
  std::vector<BoundBuffer> vertexBuffers_;
  uint64_t vertexBufferMask_ = 0;
  // The draw state validateDraw() last passed with (pipeline, vertex buffer
  // slots set, bind group slots set): its vertex-buffer and slot-space
  // checks depend on nothing else, so a draw with the same state skips them.
  bool drawStateChecked() const {
    return renderPipeline_ != nullptr && renderPipeline_ == checkedPipeline_ &&
           vertexBufferMask_ == checkedVertexBufferMask_ &&
           tracker_.setMask() == checkedBindGroupMask_;
  }
  const RenderPipelineBase* checkedPipeline_ = nullptr;
  uint64_t checkedVertexBufferMask_ = 0;
  uint64_t checkedBindGroupMask_ = 0;
  uint32_t maxVertexBuffers_ = 8;
  uint32_t maxBindGroupsPlusVertexBuffers_ = 24;
  // The usage scope's contents: distinct groups set (with the index they were
  // set at, for messages) and buffers used directly.
  struct GroupUse {
    BindGroupBase* group;
    uint32_t index;
  };
  std::vector<GroupUse> scopeGroups_;
  struct BufferUse {
    BufferBase* buffer;
    UseSite site;
  };
  std::vector<BufferUse> scopeBuffers_;
};

class RenderPassEncoderBase final : public RenderEncoderBase {
 public:
  RenderPassEncoderBase(CommandEncoderBase* encoder, const RenderPassDescriptor& descriptor,
                        RenderPassState state);
  RenderPassEncoderBase(CommandEncoderBase* encoder, const RenderPassDescriptor& descriptor,
                        InvalidTag);
  ~RenderPassEncoderBase() override;

  void executeBundles(std::span<RenderBundleBase* const> bundles);
  void end();

  // #render-pass-encoder-rasterization-state (render_pass_state.cpp).
  void setViewport(float x, float y, float width, float height, float minDepth, float maxDepth);
  void setScissorRect(uint32_t x, uint32_t y, uint32_t width, uint32_t height);
  void setBlendConstant(const Color& color);
  void setStencilReference(uint32_t reference);
  // #render-pass-encoder-queries (query_commands.cpp).
  void beginOcclusionQuery(uint32_t queryIndex);
  void endOcclusionQuery();

  // The state the last successful command set (RenderState's initial values
  // until then): what the recorded commands will set on the queue timeline.
  const ViewportCmd& viewport() const { return viewport_; }
  const ScissorRectCmd& scissorRect() const { return scissorRect_; }
  const Color& blendConstant() const { return blendConstant_; }
  uint32_t stencilReference() const { return stencilReference_; }
  bool occlusionQueryActive() const { return occlusionQueryActive_; }
  uint32_t attachmentWidth() const { return state_.attachmentWidth; }
  uint32_t attachmentHeight() const { return state_.attachmentHeight; }

 private:
  std::string describeAttachments() const override;

  Ref<CommandEncoderBase> encoder_;
  RenderPassState state_;
  ViewportCmd viewport_{};
  ScissorRectCmd scissorRect_{};
  Color blendConstant_;
  uint32_t stencilReference_ = 0;
  // [[occlusion_query_active]], its query, and the queries written in this pass.
  bool occlusionQueryActive_ = false;
  uint32_t occlusionQueryIndex_ = 0;
  std::vector<bool> occlusionQueriesWritten_;
};

class RenderBundleBase final : public ObjectBase {
 public:
  RenderBundleBase(DeviceBase* device, std::string_view label, RenderPassLayout layout,
                   bool depthReadOnly, bool stencilReadOnly, uint64_t drawCount,
                   CommandStream commands, UsedResources used, UsageScope scope);
  RenderBundleBase(DeviceBase* device, std::string_view label, InvalidTag);
  ~RenderBundleBase() override;

  const RenderPassLayout& layout() const { return layout_; }
  bool depthReadOnly() const { return depthReadOnly_; }
  bool stencilReadOnly() const { return stencilReadOnly_; }
  uint64_t drawCount() const { return drawCount_; }
  const UsedResources& used() const { return used_; }
  const UsageScope& scope() const { return scope_; }
  // The bundle's render commands, replayed by a backend at executeBundles.
  const CommandStream& commands() const { return commands_; }

 private:
  // The pass's attachments by label, for messages ("" for a bundle encoder).
  virtual std::string describeAttachments() const { return {}; }

  RenderPassLayout layout_;
  const RenderPipelineBase* renderPipeline_ = nullptr;
  bool depthReadOnly_ = false;
  bool stencilReadOnly_ = false;
  uint64_t drawCount_ = 0;
  CommandStream commands_;
  UsedResources used_;
  UsageScope scope_;
};

class RenderBundleEncoderBase final : public RenderEncoderBase {
 public:
  RenderBundleEncoderBase(DeviceBase* device, const RenderBundleEncoderDescriptor& descriptor);
  RenderBundleEncoderBase(DeviceBase* device, const RenderBundleEncoderDescriptor& descriptor,
                          InvalidTag);
  ~RenderBundleEncoderBase() override;

  Ref<RenderBundleBase> finish(const RenderBundleDescriptor& descriptor);

 private:
  EncodingContext ownContext_;
};

// #dom-gpudevice-createrenderbundleencoder validation.
MaybeError validateRenderBundleEncoderDescriptor(const DeviceBase* device,
                                                 const RenderBundleEncoderDescriptor& descriptor);

}  // namespace bindery::core
