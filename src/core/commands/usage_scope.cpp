// Usage scope validation (#programming-model-synchronization) and the
// compatible usage list rule (#programming-model-resource-usages).
#include "core/commands/usage_scope.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/binding/bind_group.h"
#include "core/resources/buffer.h"
#include "core/resources/external_texture.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

constexpr uint8_t kReadOnlyUsages =
    kUsageInput | kUsageConstant | kUsageStorageRead | kUsageAttachmentRead;

// "compatible usage list": all read-only, all storage, or all attachment.
bool compatible(uint8_t usages) {
  return (usages & ~kReadOnlyUsages) == 0 || usages == kUsageStorage || usages == kUsageAttachment;
}

uint8_t viewAspects(const TextureViewBase& view) {
  const FormatInfo& info = formatInfo(view.texture()->format());
  switch (view.aspect()) {
    case TextureAspect::All: return info.aspects;
    case TextureAspect::DepthOnly: return static_cast<uint8_t>(Aspect::Depth);
    case TextureAspect::StencilOnly: return static_cast<uint8_t>(Aspect::Stencil);
  }
  return info.aspects;
}

// The subresource sets of two uses of one texture intersect.
bool intersects(const TextureViewBase& a, uint8_t aspectsA, const TextureViewBase& b,
                uint8_t aspectsB) {
  if ((aspectsA & aspectsB) == 0) return false;
  auto overlap = [](uint32_t b0, uint32_t n0, uint32_t b1, uint32_t n1) {
    return b0 < b1 + n1 && b1 < b0 + n0;
  };
  if (!overlap(a.baseMipLevel(), a.mipLevelCount(), b.baseMipLevel(), b.mipLevelCount())) {
    return false;
  }
  if (a.texture()->dimension() == TextureDimension::e3D) return true;
  return overlap(a.baseArrayLayer(), a.arrayLayerCount(), b.baseArrayLayer(), b.arrayLayerCount());
}

uint8_t bufferUsageOf(const LayoutEntry& entry) {
  switch (entry.bufferType) {
    case BufferBindingType::Uniform: return kUsageConstant;
    case BufferBindingType::Storage: return kUsageStorage;
    case BufferBindingType::ReadOnlyStorage: return kUsageStorageRead;
  }
  return kUsageConstant;
}

}  // namespace

std::string describeUsage(uint8_t usage) {
  std::string out;
  auto add = [&](uint8_t bit, const char* name) {
    if (!(usage & bit)) return;
    if (!out.empty()) out += " and ";
    out += name;
  };
  add(kUsageInput, "input");
  add(kUsageConstant, "constant");
  add(kUsageStorage, "storage");
  add(kUsageStorageRead, "storage-read");
  add(kUsageAttachment, "attachment");
  add(kUsageAttachmentRead, "attachment-read");
  return out;
}

std::string UseSite::describe() const {
  switch (kind) {
    case Kind::Binding:
      return fmt::format("binding {} of {} (set at @group({}))", binding, core::describe(group),
                         index);
    case Kind::VertexBuffer: return fmt::format("vertex buffer slot {}", index);
    case Kind::IndexBuffer: return "the index buffer";
    case Kind::IndirectBuffer: return "the indirect buffer";
    case Kind::ColorAttachment: return fmt::format("colorAttachments[{}].view", index);
    case Kind::ResolveTarget: return fmt::format("colorAttachments[{}].resolveTarget", index);
    case Kind::DepthStencilAttachment: return "depthStencilAttachment.view";
  }
  return "a use";
}

void UsageScope::addBindGroup(const BindGroupBase* group, uint32_t index) {
  for (uint32_t i = 0; i < group->entryCount(); ++i) {
    const LayoutEntry& entry = group->layoutEntry(i);
    UseSite site{UseSite::Kind::Binding, index, entry.binding, group};
    switch (entry.kind) {
      case BindingKind::Buffer: addBuffer(group->buffer(i), bufferUsageOf(entry), site); break;
      case BindingKind::Texture:
        if (const TextureViewBase* view = group->textureView(i)) {
          addTexture(view, kUsageConstant, site);
        }
        break;
      case BindingKind::StorageTexture:
        if (const TextureViewBase* view = group->textureView(i)) {
          addTexture(
              view,
              entry.access == StorageTextureAccess::ReadOnly ? kUsageStorageRead : kUsageStorage,
              site);
        }
        break;
      case BindingKind::ExternalTexture:
        if (const ExternalTextureBase* et = group->externalTexture(i)) {
          for (const auto& plane : et->planes()) addTexture(plane.get(), kUsageConstant, site);
        } else if (const TextureViewBase* view = group->textureView(i)) {
          addTexture(view, kUsageConstant, site);
        }
        break;
      case BindingKind::Sampler: break;
    }
  }
}

void UsageScope::addBuffer(const BufferBase* buffer, uint8_t usage, UseSite site) {
  if (buffer) buffers_.push_back({buffer, usage, site});
}

void UsageScope::addTexture(const TextureViewBase* view, uint8_t usage, UseSite site,
                            uint8_t aspects) {
  if (!view || !view->texture()) return;
  uint8_t own = viewAspects(*view);
  textures_.push_back({view, usage, aspects ? static_cast<uint8_t>(aspects & own) : own, site});
}

MaybeError validateCompatTextureViews(const BindGroupBase* const* groups, uint64_t groupMask) {
  struct ViewUse {
    const TextureViewBase* view;
    uint32_t group;
    uint32_t binding;
  };
  std::vector<ViewUse> uses;
  for (uint64_t mask = groupMask; mask; mask &= mask - 1) {
    uint32_t g = static_cast<uint32_t>(__builtin_ctzll(mask));
    const BindGroupBase* group = groups[g];
    if (!group) continue;
    for (uint32_t i = group->bufferCount(); i < group->entryCount(); ++i) {
      if (const TextureViewBase* view = group->textureView(i)) {
        uses.push_back({view, g, group->layoutEntry(i).binding});
      }
    }
  }
  for (size_t a = 0; a < uses.size(); ++a) {
    for (size_t b = a + 1; b < uses.size(); ++b) {
      const TextureViewBase& x = *uses[a].view;
      const TextureViewBase& y = *uses[b].view;
      if (&x == &y || x.texture() != y.texture()) continue;
      if (x.baseMipLevel() == y.baseMipLevel() && x.mipLevelCount() == y.mipLevelCount() &&
          x.aspect() == y.aspect() && x.swizzle() == y.swizzle()) {
        continue;
      }
      auto describeView = [](const TextureViewBase& v) {
        return fmt::format("baseMipLevel {}, mipLevelCount {}, aspect '{}', swizzle '{}'",
                           v.baseMipLevel(), v.mipLevelCount(), toString(v.aspect()),
                           v.swizzle().toString());
      };
      auto error = makeValidationError(
          ErrorCode::CompatTextureViewsDiffer,
          fmt::format("@group({}) binding {} ({}: {}) and @group({}) binding {} ({}: {}) bind {} "
                      "through views that differ; in compatibility mode every binding of one "
                      "texture in a draw or dispatch must use the same baseMipLevel, "
                      "mipLevelCount, aspect and swizzle.",
                      uses[a].group, uses[a].binding, x.describe(), describeView(x), uses[b].group,
                      uses[b].binding, y.describe(), describeView(y), x.texture()->describe()));
      error->fix =
          "Bind the same view (or views with equal mip range, aspect and swizzle) everywhere, use "
          "two textures, or request a device with 'core-features-and-limits'.";
      return error;
    }
  }
  return {};
}

MaybeError UsageScope::validate() const {
  // Buffers: a subresource is the whole buffer.
  std::vector<const BufferUse*> byBuffer;
  byBuffer.reserve(buffers_.size());
  for (const BufferUse& use : buffers_) byBuffer.push_back(&use);
  std::sort(byBuffer.begin(), byBuffer.end(),
            [](const BufferUse* a, const BufferUse* b) { return a->buffer < b->buffer; });
  for (size_t i = 0; i < byBuffer.size();) {
    size_t j = i;
    uint8_t usages = 0;
    while (j < byBuffer.size() && byBuffer[j]->buffer == byBuffer[i]->buffer) {
      usages |= byBuffer[j++]->usage;
    }
    if (!compatible(usages)) [[unlikely]] {
      for (size_t a = i; a < j; ++a) {
        for (size_t b = a + 1; b < j; ++b) {
          if (compatible(byBuffer[a]->usage | byBuffer[b]->usage)) continue;
          auto error = makeValidationError(
              ErrorCode::UsageScopeConflict,
              fmt::format("{} is used as {} by {} and as {} by {} in one usage scope; a "
                          "writable (storage) use cannot be combined with any other kind of use.",
                          byBuffer[a]->buffer->describe(), describeUsage(byBuffer[a]->usage),
                          byBuffer[a]->site.describe(), describeUsage(byBuffer[b]->usage),
                          byBuffer[b]->site.describe()));
          error->fix =
              "Use separate buffers, bind the read-only use as 'storage' too, or split the work "
              "into separate dispatches / passes.";
          return error;
        }
      }
    }
    i = j;
  }
  // Textures: per subresource; a pair of intersecting uses with incompatible usages.
  for (size_t a = 0; a < textures_.size(); ++a) {
    for (size_t b = a + 1; b < textures_.size(); ++b) {
      const TextureUse& u = textures_[a];
      const TextureUse& v = textures_[b];
      if (u.view->texture() != v.view->texture() || compatible(u.usage | v.usage)) continue;
      if (!intersects(*u.view, u.aspects, *v.view, v.aspects)) continue;
      auto error = makeValidationError(
          ErrorCode::UsageScopeConflict,
          fmt::format("Subresources of {} are used as {} by {} ({}) and as {} by {} ({}) in one "
                      "usage scope; only read-only uses, or only storage uses, or only attachment "
                      "uses may be combined.",
                      u.view->texture()->describe(), describeUsage(u.usage), u.site.describe(),
                      u.view->describe(), describeUsage(v.usage), v.site.describe(),
                      v.view->describe()));
      error->fix =
          "Bind views of disjoint mip levels / array layers / aspects, or use a read-only "
          "depth-stencil attachment (depthReadOnly/stencilReadOnly) to sample the depth texture.";
      return error;
    }
  }
  return {};
}

}  // namespace bindery::core
