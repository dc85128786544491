// beginRenderPass's descriptor (#render-pass-encoder-creation): the attachment
// rules (#abstract-opdef-gpurenderpassdescriptor-valid-usage,
// #abstract-opdef-renderable-texture-view), the attachment regions being
// disjoint, occlusionQuerySet and timestampWrites, and the render pass layout
// (#abstract-opdef-derive-render-targets-layout-from-pass).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/base/handles.h"
#include "core/commands/render_pass.h"
#include "core/device/device.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

std::string quoted(TextureFormat f) {
  return fmt::format("'{}'", toString(f));
}

// An attachment by its labels: the view and its texture
// ("[TextureView "albedo view"] of [Texture "albedo"]").
std::string named(const TextureViewBase& view) {
  return fmt::format("{} of {}", view.describe(), view.texture()->describe());
}

// #abstract-opdef-renderable-texture-view
MaybeError validateRenderableView(const TextureViewBase& view, std::string_view what) {
  BINDERY_INVALID_IF_FIX(!view.usage().has(TextureUsage::RenderAttachment),
                         RenderPassAttachmentViewNotRenderable,
                         "Create the texture with GPUTextureUsage.RENDER_ATTACHMENT.",
                         "{} ({}) has usage {}, which lacks GPUTextureUsage.RENDER_ATTACHMENT.",
                         what, named(view), toString(view.usage()));
  TextureViewDimension d = view.dimension();
  BINDERY_INVALID_IF(d != TextureViewDimension::e2D && d != TextureViewDimension::e2DArray &&
                         d != TextureViewDimension::e3D,
                     RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has dimension '{}'; an attachment view must be '2d', '2d-array' or "
                     "'3d'.",
                     what, named(view), toString(d));
  BINDERY_INVALID_IF_FIX(view.mipLevelCount() != 1, RenderPassAttachmentViewNotRenderable,
                         "Create the view with mipLevelCount: 1 (and the baseMipLevel to render "
                         "to).",
                         "{} ({}) has mipLevelCount {}; an attachment view has exactly one mip "
                         "level.{}",
                         what, named(view), view.mipLevelCount(),
                         !view.defaults().applied(TextureViewDefaults::kMipLevelCount)
                             ? std::string()
                             : " " + view.defaults().mipLevelCount() + ".");
  BINDERY_INVALID_IF_FIX(view.arrayLayerCount() != 1, RenderPassAttachmentViewNotRenderable,
                         "Create the view with arrayLayerCount: 1 (and the baseArrayLayer to "
                         "render to).",
                         "{} ({}) has arrayLayerCount {}; an attachment view has exactly one "
                         "array layer.{}",
                         what, named(view), view.arrayLayerCount(),
                         !view.defaults().applied(TextureViewDefaults::kArrayLayerCount)
                             ? std::string()
                             : " " + view.defaults().arrayLayerCount() + ".");
  const FormatInfo& info = formatInfo(view.texture()->format());
  BINDERY_INVALID_IF(view.aspect() != TextureAspect::All && info.isCombinedDepthStencil(),
                     RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has aspect '{}'; an attachment view must refer to all aspects of "
                     "its texture's format {}.",
                     what, named(view), toString(view.aspect()), quoted(view.texture()->format()));
  BINDERY_INVALID_IF(!view.swizzle().isIdentity(), RenderPassAttachmentViewNotRenderable,
                     "{} ({}) has swizzle '{}'; an attachment view's swizzle must be 'rgba'.", what,
                     named(view), view.swizzle().toString());
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

std::string RenderPassEncoderBase::describeAttachments() const {
  std::string text;
  for (size_t i = 0; i < state_.colorViews.size(); ++i) {
    if (const TextureViewBase* view = state_.colorViews[i]) {
      text += fmt::format("{}colorAttachments[{}]: {} ({})", text.empty() ? "" : ", ", i,
                          named(*view), quoted(view->format()));
    }
  }
  if (const TextureViewBase* view = state_.depthStencilView) {
    text += fmt::format("{}depthStencilAttachment: {} ({})", text.empty() ? "" : ", ", named(*view),
                        quoted(view->format()));
  }
  return text;
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
      firstWhat = fmt::format("{} ({})", what, named(view));
      return {};
    }
    BINDERY_INVALID_IF(view.sampleCount() != *sampleCount, RenderPassSampleCountMismatch,
                       "{} ({}) has sampleCount {}, but {} has sampleCount {}; all attachments "
                       "must have the same sample count.",
                       what, named(view), view.sampleCount(), firstWhat, *sampleCount);
    Extent3D e = view.renderExtent();
    BINDERY_INVALID_IF(e.width != extent->width || e.height != extent->height,
                       RenderPassExtentMismatch,
                       "{} ({}) renders to {} but {} renders to {}; all attachments must have "
                       "the same render extent (the size at their baseMipLevel).",
                       what, named(view), describeExtent(e), firstWhat, describeExtent(*extent));
    return {};
  };
  std::vector<std::optional<TextureFormat>> formats;
  for (size_t i = 0; i < d.colorAttachments.size(); ++i) {
    const RenderPassColorAttachment& a = d.colorAttachments[i];
    const TextureViewBase* view = fromHandle<TextureViewBase>(a.view);
    state->colorViews.push_back(view);
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
                           named(*view), quoted(view->format()));
    BINDERY_TRY(validateRenderableView(*view, what));
    const TextureBase& texture = *view->texture();
    if (view->dimension() == TextureViewDimension::e3D) {
      uint32_t depth = mipExtent(texture, view->baseMipLevel()).depthOrArrayLayers;
      BINDERY_INVALID_IF_FIX(
          !a.depthSlice, RenderPassDepthSliceInvalid,
          fmt::format("Set depthSlice to the slice to render to (0 to {}).", depth - 1),
          "{} ({}) is a '3d' view, so colorAttachments[{}].depthSlice must be "
          "given.",
          what, named(*view), i);
      BINDERY_INVALID_IF(*a.depthSlice >= depth, RenderPassDepthSliceInvalid,
                         "colorAttachments[{}].depthSlice ({}) is not less than the depth ({}) "
                         "of mip level {} of {}.",
                         i, *a.depthSlice, depth, view->baseMipLevel(), texture.describe());
    } else {
      BINDERY_INVALID_IF(a.depthSlice.has_value(), RenderPassDepthSliceInvalid,
                         "colorAttachments[{}].depthSlice is given ({}), but {} ({}) is not a "
                         "'3d' view.",
                         i, *a.depthSlice, what, named(*view));
    }
    if (view->usage().has(TextureUsage::TransientAttachment)) {
      BINDERY_INVALID_IF(a.loadOp != LoadOp::Clear || a.storeOp != StoreOp::Discard,
                         RenderPassTransientAttachmentOps,
                         "{} ({}) has GPUTextureUsage.TRANSIENT_ATTACHMENT, so its loadOp must be "
                         "'clear' and its storeOp 'discard' (got '{}' / '{}').",
                         what, named(*view), toString(a.loadOp), toString(a.storeOp));
    }
    if (a.loadOp == LoadOp::Clear) {
      for (double c : {a.clearValue.r, a.clearValue.g, a.clearValue.b, a.clearValue.a}) {
        BINDERY_INVALID_IF(!std::isfinite(c), RenderPassAttachmentFormatInvalid,
                           "colorAttachments[{}].clearValue (for {}) has a value ({}) that is "
                           "not finite.",
                           i, named(*view), c);
      }
    }
    if (const TextureViewBase* resolve = fromHandle<TextureViewBase>(a.resolveTarget)) {
      std::string rwhat = fmt::format("descriptor.colorAttachments[{}].resolveTarget", i);
      BINDERY_TRY(device->validateObject(resolve, rwhat));
      BINDERY_INVALID_IF(texture.sampleCount() <= 1, RenderPassResolveTargetInvalid,
                         "{} is given, but {} ({}) is not multisampled (sampleCount 1).", rwhat,
                         what, named(*view));
      BINDERY_INVALID_IF(resolve->sampleCount() != 1, RenderPassResolveTargetInvalid,
                         "{} ({}) has sampleCount {}; a resolve target has sampleCount 1.", rwhat,
                         named(*resolve), resolve->sampleCount());
      BINDERY_TRY(validateRenderableView(*resolve, rwhat));
      BINDERY_INVALID_IF(resolve->dimension() == TextureViewDimension::e3D,
                         RenderPassResolveTargetInvalid, "{} ({}) is a '3d' view.", rwhat,
                         named(*resolve));
      Extent3D re = resolve->renderExtent();
      Extent3D ve = view->renderExtent();
      BINDERY_INVALID_IF(re.width != ve.width || re.height != ve.height,
                         RenderPassResolveTargetInvalid,
                         "{} ({}) renders to {} but {} ({}) renders to {}.", rwhat, named(*resolve),
                         describeExtent(re), what, named(*view), describeExtent(ve));
      BINDERY_INVALID_IF(
          resolve->format() != view->format() || resolve->texture()->format() != texture.format(),
          RenderPassResolveTargetInvalid,
          "{} ({}) has format {}, but {} ({}) has format {}; they must be equal.", rwhat,
          named(*resolve), quoted(resolve->format()), what, named(*view), quoted(view->format()));
      BINDERY_INVALID_IF(!supportsResolve(resolve->format(), features),
                         RenderPassResolveTargetInvalid, "{} ({}) cannot be resolved (format {}).",
                         rwhat, named(*resolve), quoted(resolve->format()));
      BINDERY_INVALID_IF(
          resolve->usage().has(TextureUsage::TransientAttachment), RenderPassResolveTargetInvalid,
          "{} ({}) has GPUTextureUsage.TRANSIENT_ATTACHMENT.", rwhat, named(*resolve));
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
                       named(*view), quoted(view->format()));
    BINDERY_TRY(validateRenderableView(*view, what));
    if (a.depthLoadOp == LoadOp::Clear) {
      BINDERY_INVALID_IF(
          !a.depthClearValue || !(*a.depthClearValue >= 0.0f) || !(*a.depthClearValue <= 1.0f),
          RenderPassDepthClearValueInvalid,
          "depthLoadOp is 'clear', so depthClearValue must be given and in [0, "
          "1] (got {}) for {}.",
          a.depthClearValue ? fmt::format("{}", *a.depthClearValue) : "undefined", named(*view));
    }
    auto ops = [&](bool hasAspect, bool readOnly, const char* name, bool load,
                   bool store) -> MaybeError {
      if (hasAspect && !readOnly) {
        BINDERY_INVALID_IF(!load || !store, RenderPassLoadStoreOpInvalid,
                           "The format {} of {} has a {} aspect and {}ReadOnly is false, so "
                           "{}LoadOp and {}StoreOp must both be given.",
                           quoted(view->format()), named(*view), name, name, name, name);
      } else {
        BINDERY_INVALID_IF(
            load || store, RenderPassLoadStoreOpInvalid,
            "{}LoadOp / {}StoreOp must not be given for {}: {}.", name, name, named(*view),
            hasAspect
                ? fmt::format("{}ReadOnly is true", name)
                : fmt::format("the format {} has no {} aspect", quoted(view->format()), name));
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
    state->depthStencilView = view;
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
          "{} ({}) and {} ({}) render to the same subresource of {}{}.", regions[i].what, named(*a),
          regions[j].what, named(*b), a->texture()->describe(),
          same3d ? fmt::format(" (depth slice {})", regions[i].depthSlice.value_or(0))
                 : std::string());
    }
  }
  if (const QuerySetBase* occlusion = fromHandle<QuerySetBase>(d.occlusionQuerySet)) {
    BINDERY_TRY(device->validateObject(occlusion, "descriptor.occlusionQuerySet"));
    BINDERY_INVALID_IF_FIX(occlusion->type() != QueryType::Occlusion, OcclusionQuerySetTypeInvalid,
                           "Create the query set with type: 'occlusion'.",
                           "descriptor.occlusionQuerySet ({}) has type {}; it must be an "
                           "'occlusion' query set.",
                           occlusion->describe(), quotedQueryType(occlusion->type()));
    state->occlusionQuerySet = Ref<QuerySetBase>(const_cast<QuerySetBase*>(occlusion));
  }
  if (d.timestampWrites) {
    const RenderPassTimestampWrites& t = *d.timestampWrites;
    const QuerySetBase* querySet = fromHandle<QuerySetBase>(t.querySet);
    BINDERY_TRY(validateTimestampWrites(device, querySet, t.beginningOfPassWriteIndex,
                                        t.endOfPassWriteIndex, "descriptor.timestampWrites"));
    state->timestampQuerySet = Ref<QuerySetBase>(const_cast<QuerySetBase*>(querySet));
    state->beginningOfPassWriteIndex = t.beginningOfPassWriteIndex;
    state->endOfPassWriteIndex = t.endOfPassWriteIndex;
  }
  state->layout.colorFormats = std::move(formats);
  state->layout.trim();
  state->layout.sampleCount = *sampleCount;
  state->maxDrawCount = d.maxDrawCount;
  state->attachmentWidth = extent->width;
  state->attachmentHeight = extent->height;
  return {};
}

}  // namespace bindery::core
