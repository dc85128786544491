// GPURenderPassEncoder (#render-passes, #render-pass-encoder-creation),
// GPURenderCommandsMixin (#render-commands), GPURenderBundleEncoder and
// GPURenderBundle (#bundles).
#include "core/render_pass.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/bind_group.h"
#include "core/buffer.h"
#include "core/device.h"
#include "core/format.h"
#include "core/handles.h"
#include "core/pipeline.h"
#include "core/texture.h"
#include "core/texture_view.h"

namespace bindery::core {

namespace {

std::string quoted(TextureFormat f) {
  return fmt::format("'{}'", toString(f));
}

uint32_t indexFormatSize(IndexFormat f) {
  return f == IndexFormat::Uint16 ? 2 : 4;
}

// GPUVertexFormat byteSize (#vertex-formats), from the enum's IDL order:
// 8-bit formats in 1/2/4 components, 16-bit in 1/2/4, 32-bit in 1/2/3/4,
// then unorm10-10-10-2 and unorm8x4-bgra (4 bytes each).
uint32_t vertexAttributeSize(VertexFormat format) {
  constexpr uint32_t kOneTwoFour[] = {1, 2, 4};
  auto v = static_cast<uint32_t>(format);
  if (v < static_cast<uint32_t>(VertexFormat::Uint16)) return kOneTwoFour[v % 3];
  v -= static_cast<uint32_t>(VertexFormat::Uint16);
  if (v < 15) return 2 * kOneTwoFour[v % 3];
  v -= 15;
  if (v < 12) return 4 * (v % 4 + 1);
  return 4;
}

// #abstract-opdef-renderable-texture-view
MaybeError validateRenderableView(const TextureViewBase& view, std::string_view what) {
  BINDERY_INVALID_IF_FIX(!view.usage().has(TextureUsage::RenderAttachment),
                         RenderPassAttachmentViewNotRenderable,
                         "Create the texture with GPUTextureUsage.RENDER_ATTACHMENT.",
                         "{} ({}) has usage {}, which lacks GPUTextureUsage.RENDER_ATTACHMENT.",
                         what, view.describe(), toString(view.usage()));
  TextureViewDimension d = view.dimension();
  BINDERY_INVALID_IF(d != TextureViewDimension::e2D && d != TextureViewDimension::e2DArray &&
                         d != TextureViewDimension::e3D,
                     RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has dimension '{}'; an attachment view must be '2d', '2d-array' or "
                     "'3d'.",
                     what, view.describe(), toString(d));
  BINDERY_INVALID_IF_FIX(view.mipLevelCount() != 1, RenderPassAttachmentViewNotRenderable,
                         "Create the view with mipLevelCount: 1 (and the baseMipLevel to render "
                         "to).",
                         "{} ({}) has mipLevelCount {}; an attachment view has exactly one mip "
                         "level.{}",
                         what, view.describe(), view.mipLevelCount(),
                         view.defaults().mipLevelCount.empty()
                             ? std::string()
                             : " " + view.defaults().mipLevelCount + ".");
  BINDERY_INVALID_IF_FIX(view.arrayLayerCount() != 1, RenderPassAttachmentViewNotRenderable,
                         "Create the view with arrayLayerCount: 1 (and the baseArrayLayer to "
                         "render to).",
                         "{} ({}) has arrayLayerCount {}; an attachment view has exactly one "
                         "array layer.{}",
                         what, view.describe(), view.arrayLayerCount(),
                         view.defaults().arrayLayerCount.empty()
                             ? std::string()
                             : " " + view.defaults().arrayLayerCount + ".");
  const FormatInfo& info = formatInfo(view.texture()->format());
  BINDERY_INVALID_IF(view.aspect() != TextureAspect::All && info.isCombinedDepthStencil(),
                     RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has aspect '{}'; an attachment view must refer to all aspects of "
                     "its texture's format {}.",
                     what, view.describe(), toString(view.aspect()),
                     quoted(view.texture()->format()));
  BINDERY_INVALID_IF(!view.swizzle().isIdentity(), RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has swizzle '{}'; an attachment view's swizzle must be 'rgba'.", what,
                     view.describe(), view.swizzle().toString());
  return {};
}

Extent3D mipExtent(const TextureBase& t, uint32_t level) {
  auto mip = [&](uint32_t v) { return std::max<uint32_t>(1, v >> level); };
  return {mip(t.width()), t.dimension() == TextureDimension::e1D ? 1 : mip(t.height()),
          t.dimension() == TextureDimension::e3D ? mip(t.depthOrArrayLayers())
                                                 : t.depthOrArrayLayers()};
}

std::string describeExtent(const Extent3D& e) {
  return fmt::format("{}x{}", e.width, e.height);
}

}  // namespace

void RenderPassLayout::trim() {
  while (!colorFormats.empty() && !colorFormats.back()) colorFormats.pop_back();
}

std::string RenderPassLayout::describe() const {
  std::string colors;
  for (const auto& f : colorFormats) {
    if (!colors.empty()) colors += ", ";
    colors += f ? quoted(*f) : std::string("null");
  }
  return fmt::format("{{colorFormats: [{}], depthStencilFormat: {}, sampleCount: {}}}", colors,
                     depthStencilFormat ? quoted(*depthStencilFormat) : "undefined", sampleCount);
}

uint32_t colorAttachmentBytesPerSample(std::span<const std::optional<TextureFormat>> formats) {
  uint32_t total = 0;
  for (const auto& f : formats) {
    if (!f) continue;
    const FormatInfo& info = formatInfo(*f);
    uint32_t align = std::max<uint32_t>(1, info.renderTargetComponentAlignment);
    total = (total + align - 1) / align * align + info.renderTargetPixelByteCost;
  }
  return total;
}

// #abstract-opdef-gpurenderpassdescriptor-valid-usage
MaybeError validateRenderPassDescriptor(DeviceBase* device, const RenderPassDescriptor& d,
                                        RenderPassState* state) {
  const Limits& limits = device->limits();
  const FeatureSet& features = device->features();
  BINDERY_INVALID_IF(d.colorAttachments.size() > limits.maxColorAttachments,
                     RenderPassTooManyColorAttachments,
                     "descriptor.colorAttachments has {} entries, more than the device's "
                     "maxColorAttachments limit ({}).",
                     d.colorAttachments.size(), limits.maxColorAttachments);
  struct Region {
    const TextureViewBase* view;
    std::optional<uint32_t> depthSlice;
    std::string what;
  };
  std::vector<Region> regions;
  std::optional<uint32_t> sampleCount;
  std::optional<Extent3D> extent;
  std::string firstWhat;
  auto checkShared = [&](const TextureViewBase& view, const std::string& what) -> MaybeError {
    if (!sampleCount) {
      sampleCount = view.sampleCount();
      extent = view.renderExtent();
      firstWhat = what;
      return {};
    }
    BINDERY_INVALID_IF(view.sampleCount() != *sampleCount, RenderPassSampleCountMismatch,
                       "{} ({}) has sampleCount {}, but {} has sampleCount {}; all attachments "
                       "must have the same sample count.",
                       what, view.describe(), view.sampleCount(), firstWhat, *sampleCount);
    Extent3D e = view.renderExtent();
    BINDERY_INVALID_IF(
        e.width != extent->width || e.height != extent->height, RenderPassExtentMismatch,
        "{} ({}) renders to {} but {} renders to {}; all attachments must have "
        "the same render extent (the size at their baseMipLevel).",
        what, view.describe(), describeExtent(e), firstWhat, describeExtent(*extent));
    return {};
  };
  std::vector<std::optional<TextureFormat>> formats;
  for (size_t i = 0; i < d.colorAttachments.size(); ++i) {
    const RenderPassColorAttachment& a = d.colorAttachments[i];
    const TextureViewBase* view = fromHandle<TextureViewBase>(a.view);
    if (!view) {
      formats.push_back(std::nullopt);
      continue;
    }
    std::string what = fmt::format("descriptor.colorAttachments[{}].view", i);
    BINDERY_TRY(device->validateObject(view, what));
    BINDERY_INVALID_IF_FIX(!formatInfo(view->format()).hasColor() ||
                               !formatInfo(view->format()).renderable.supported(features),
                           RenderPassAttachmentFormatInvalid,
                           "Render to a color renderable format (#plain-color-formats).",
                           "{} ({}) has format {}, which is not a color renderable format.", what,
                           view->describe(), quoted(view->format()));
    BINDERY_TRY(validateRenderableView(*view, what));
    const TextureBase& texture = *view->texture();
    if (view->dimension() == TextureViewDimension::e3D) {
      uint32_t depth = mipExtent(texture, view->baseMipLevel()).depthOrArrayLayers;
      BINDERY_INVALID_IF_FIX(
          !a.depthSlice, RenderPassDepthSliceInvalid,
          fmt::format("Set depthSlice to the slice to render to (0 to {}).", depth - 1),
          "{} ({}) is a '3d' view, so colorAttachments[{}].depthSlice must be "
          "given.",
          what, view->describe(), i);
      BINDERY_INVALID_IF(*a.depthSlice >= depth, RenderPassDepthSliceInvalid,
                         "colorAttachments[{}].depthSlice ({}) is not less than the depth ({}) "
                         "of mip level {} of {}.",
                         i, *a.depthSlice, depth, view->baseMipLevel(), texture.describe());
    } else {
      BINDERY_INVALID_IF(a.depthSlice.has_value(), RenderPassDepthSliceInvalid,
                         "colorAttachments[{}].depthSlice is given ({}), but {} ({}) is not a "
                         "'3d' view.",
                         i, *a.depthSlice, what, view->describe());
    }
    if (view->usage().has(TextureUsage::TransientAttachment)) {
      BINDERY_INVALID_IF(a.loadOp != LoadOp::Clear || a.storeOp != StoreOp::Discard,
                         RenderPassTransientAttachmentOps,
                         "{} ({}) has GPUTextureUsage.TRANSIENT_ATTACHMENT, so its loadOp must be "
                         "'clear' and its storeOp 'discard' (got '{}' / '{}').",
                         what, view->describe(), toString(a.loadOp), toString(a.storeOp));
    }
    if (a.loadOp == LoadOp::Clear) {
      for (double c : {a.clearValue.r, a.clearValue.g, a.clearValue.b, a.clearValue.a}) {
        BINDERY_INVALID_IF(!std::isfinite(c), RenderPassAttachmentFormatInvalid,
                           "colorAttachments[{}].clearValue has a value ({}) that is not finite.",
                           i, c);
      }
    }
    if (const TextureViewBase* resolve = fromHandle<TextureViewBase>(a.resolveTarget)) {
      std::string rwhat = fmt::format("descriptor.colorAttachments[{}].resolveTarget", i);
      BINDERY_TRY(device->validateObject(resolve, rwhat));
      BINDERY_INVALID_IF(texture.sampleCount() <= 1, RenderPassResolveTargetInvalid,
                         "{} is given, but {} ({}) is not multisampled (sampleCount 1).", rwhat,
                         what, view->describe());
      BINDERY_INVALID_IF(resolve->sampleCount() != 1, RenderPassResolveTargetInvalid,
                         "{} ({}) has sampleCount {}; a resolve target has sampleCount 1.", rwhat,
                         resolve->describe(), resolve->sampleCount());
      BINDERY_TRY(validateRenderableView(*resolve, rwhat));
      BINDERY_INVALID_IF(resolve->dimension() == TextureViewDimension::e3D,
                         RenderPassResolveTargetInvalid, "{} ({}) is a '3d' view.", rwhat,
                         resolve->describe());
      Extent3D re = resolve->renderExtent();
      Extent3D ve = view->renderExtent();
      BINDERY_INVALID_IF(re.width != ve.width || re.height != ve.height,
                         RenderPassResolveTargetInvalid, "{} renders to {} but {} renders to {}.",
                         rwhat, describeExtent(re), what, describeExtent(ve));
      BINDERY_INVALID_IF(
          resolve->format() != view->format() || resolve->texture()->format() != texture.format(),
          RenderPassResolveTargetInvalid,
          "{} has format {}, but {} has format {}; they must be equal.", rwhat,
          quoted(resolve->format()), what, quoted(view->format()));
      BINDERY_INVALID_IF(!supportsResolve(resolve->format(), features),
                         RenderPassResolveTargetInvalid, "{} cannot be resolved (format {}).",
                         rwhat, quoted(resolve->format()));
      BINDERY_INVALID_IF(
          resolve->usage().has(TextureUsage::TransientAttachment), RenderPassResolveTargetInvalid,
          "{} ({}) has GPUTextureUsage.TRANSIENT_ATTACHMENT.", rwhat, resolve->describe());
      regions.push_back({resolve, std::nullopt, rwhat});
      state->attachments.emplace_back(const_cast<TextureViewBase*>(resolve));
      state->scope.addTexture(resolve, kUsageAttachment,
                              {UseSite::Kind::ResolveTarget, static_cast<uint32_t>(i)});
    }
    BINDERY_TRY(checkShared(*view, what));
    regions.push_back({view, a.depthSlice, what});
    formats.push_back(view->format());
    state->attachments.emplace_back(const_cast<TextureViewBase*>(view));
    state->scope.addTexture(view, kUsageAttachment,
                            {UseSite::Kind::ColorAttachment, static_cast<uint32_t>(i)});
  }
  if (d.depthStencilAttachment) {
    const RenderPassDepthStencilAttachment& a = *d.depthStencilAttachment;
    const TextureViewBase* view = fromHandle<TextureViewBase>(a.view);
    std::string what = "descriptor.depthStencilAttachment.view";
    BINDERY_TRY(device->validateObject(view, what));
    const FormatInfo& info = formatInfo(view->format());
    BINDERY_INVALID_IF(!info.isDepthOrStencil(), RenderPassAttachmentFormatInvalid,
                       "{} ({}) has format {}, which is not a depth-or-stencil format.", what,
                       view->describe(), quoted(view->format()));
    BINDERY_TRY(validateRenderableView(*view, what));
    if (a.depthLoadOp == LoadOp::Clear) {
      BINDERY_INVALID_IF(
          !a.depthClearValue || !(*a.depthClearValue >= 0.0f) || !(*a.depthClearValue <= 1.0f),
          RenderPassDepthClearValueInvalid,
          "depthLoadOp is 'clear', so depthClearValue must be given and in [0, "
          "1] (got {}).",
          a.depthClearValue ? fmt::format("{}", *a.depthClearValue) : "undefined");
    }
    auto ops = [&](bool hasAspect, bool readOnly, const char* name, bool load,
                   bool store) -> MaybeError {
      if (hasAspect && !readOnly) {
        BINDERY_INVALID_IF(!load || !store, RenderPassLoadStoreOpInvalid,
                           "The format {} has a {} aspect and {}ReadOnly is false, so {}LoadOp "
                           "and {}StoreOp must both be given.",
                           quoted(view->format()), name, name, name, name);
      } else {
        BINDERY_INVALID_IF(load || store, RenderPassLoadStoreOpInvalid,
                           "{}LoadOp / {}StoreOp must not be given: {}.", name, name,
                           hasAspect ? fmt::format("{}ReadOnly is true", name)
                                     : fmt::format("the format {} has no {} aspect",
                                                   quoted(view->format()), name));
      }
      return {};
    };
    BINDERY_TRY(ops(info.hasDepth(), a.depthReadOnly, "depth", a.depthLoadOp.has_value(),
                    a.depthStoreOp.has_value()));
    BINDERY_TRY(ops(info.hasStencil(), a.stencilReadOnly, "stencil", a.stencilLoadOp.has_value(),
                    a.stencilStoreOp.has_value()));
    BINDERY_TRY(checkShared(*view, what));
    regions.push_back({view, std::nullopt, what});
    state->attachments.emplace_back(const_cast<TextureViewBase*>(view));
    UseSite site{UseSite::Kind::DepthStencilAttachment};
    if (info.hasDepth()) {
      state->scope.addTexture(view, a.depthReadOnly ? kUsageAttachmentRead : kUsageAttachment, site,
                              static_cast<uint8_t>(Aspect::Depth));
    }
    if (info.hasStencil()) {
      state->scope.addTexture(view, a.stencilReadOnly ? kUsageAttachmentRead : kUsageAttachment,
                              site, static_cast<uint8_t>(Aspect::Stencil));
    }
    state->layout.depthStencilFormat = view->format();
    state->depthReadOnly = a.depthReadOnly;
    state->stencilReadOnly = a.stencilReadOnly;
  }
  BINDERY_INVALID_IF_FIX(!sampleCount, RenderPassNoAttachments,
                         "Give a color attachment or a depthStencilAttachment.",
                         "The render pass has no attachment: colorAttachments has no non-null "
                         "view and there is no depthStencilAttachment.");
  uint32_t bytes = colorAttachmentBytesPerSample(formats);
  BINDERY_INVALID_IF(bytes > limits.maxColorAttachmentBytesPerSample,
                     RenderPassColorBytesPerSampleExceedsLimit,
                     "The color attachments take {} bytes per sample, more than the device's "
                     "maxColorAttachmentBytesPerSample limit ({}).",
                     bytes, limits.maxColorAttachmentBytesPerSample);
  // The attachment regions are pairwise disjoint.
  for (size_t i = 0; i < regions.size(); ++i) {
    for (size_t j = i + 1; j < regions.size(); ++j) {
      const TextureViewBase* a = regions[i].view;
      const TextureViewBase* b = regions[j].view;
      if (a->texture() != b->texture() || a->baseMipLevel() != b->baseMipLevel()) continue;
      bool same3d = a->dimension() == TextureViewDimension::e3D;
      bool overlap = same3d ? (!regions[i].depthSlice || !regions[j].depthSlice ||
                               *regions[i].depthSlice == *regions[j].depthSlice)
                            : a->baseArrayLayer() == b->baseArrayLayer();
      BINDERY_INVALID_IF(
          overlap, RenderPassAttachmentsOverlap,
          "{} ({}) and {} ({}) render to the same subresource of {}{}.", regions[i].what,
          a->describe(), regions[j].what, b->describe(), a->texture()->describe(),
          same3d ? fmt::format(" (depth slice {})", regions[i].depthSlice.value_or(0))
                 : std::string());
    }
  }
  state->layout.colorFormats = std::move(formats);
  state->layout.trim();
  state->layout.sampleCount = *sampleCount;
  state->maxDrawCount = d.maxDrawCount;
  return {};
}

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
                           "{} renders to {}, but {} has {}.", pipeline->describe(),
                           targets.describe(), describe(), layout_.describe());
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
      lastStride = std::max<uint64_t>(lastStride, a.offset + vertexAttributeSize(a.format));
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
  return {};
}

void RenderEncoderBase::draw(uint32_t vertexCount, uint32_t instanceCount, uint32_t firstVertex,
                             uint32_t firstInstance) {
  device()->beginCall();
  uint32_t cmd;
  if (!beginCommand("draw", &cmd)) return;
  if (MaybeError error = validateDraw(); error.isError()) [[unlikely]] {
    return fail(std::move(error), cmd, "draw");
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
      if (ctx_->used().addBindGroup(g.get(), passId_)) onNewBindGroupInPass(g.get(), 0);
    }
    for (const auto& b : bundle->used().buffers) {
      scopeBuffers_.push_back({b.get(), {UseSite::Kind::VertexBuffer}});
    }
  }
  ctx_->stream().appendEmpty(CommandType::ExecuteBundles);
  resetBindingState();
}

// #dom-gpurenderpassencoder-end
void RenderPassEncoderBase::end() {
  DeviceBase* dev = device();
  dev->beginCall();
  std::string call = fmt::format("{}.end()", describe());
  if (ended_) {
    return dev->dispatchError(
        makeValidationError(
            ErrorCode::EncoderEnded,
            fmt::format("{} has ended, so end() cannot be called again.", describe())),
        call);
  }
  ended_ = true;
  if (encoder_->state() != EncoderState::Locked) {
    return dev->dispatchError(
        makeValidationError(ErrorCode::EncoderEnded,
                            fmt::format("end() was called on {}, but its {} is not locked by it.",
                                        describe(), encoder_->describe())),
        call);
  }
  encoder_->unlock();
  uint32_t cmd = ctx_->nextCommand();
  if (!isValid() || !ctx_->isValid()) return;
  auto validate = [&]() -> MaybeError {
    BINDERY_TRY(validatePassUsageScope(&state_.scope));
    BINDERY_TRY(validateEndCommon());
    BINDERY_INVALID_IF(drawCount_ > state_.maxDrawCount, DrawCountExceedsMax,
                       "{} encoded {} draws, more than its descriptor.maxDrawCount ({}).",
                       describe(), drawCount_, state_.maxDrawCount);
    return {};
  };
  if (MaybeError error = validate(); error.isError()) return fail(std::move(error), cmd, "end");
  ctx_->stream().appendEmpty(CommandType::EndPass);
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
