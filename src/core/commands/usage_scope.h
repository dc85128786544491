// Usage scopes (#programming-model-resource-usages,
// #programming-model-synchronization): which subresources a dispatch (compute)
// or a whole render pass uses, with which internal usages, and the check that
// each subresource's usages form a compatible usage list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/error_data.h"

namespace bindery::core {

class BindGroupBase;
class BufferBase;
class TextureViewBase;
class ObjectBase;

// Internal usages as bits.
enum InternalUsage : uint8_t {
  kUsageInput = 1,
  kUsageConstant = 2,
  kUsageStorage = 4,
  kUsageStorageRead = 8,
  kUsageAttachment = 16,
  kUsageAttachmentRead = 32,
};

// Where a use comes from, for messages.
struct UseSite {
  enum class Kind : uint8_t {
    Binding,
    VertexBuffer,
    IndexBuffer,
    IndirectBuffer,
    ColorAttachment,
    ResolveTarget,
    DepthStencilAttachment,
  };
  Kind kind = Kind::Binding;
  uint32_t index = 0;  // @group / slot / attachment index
  uint32_t binding = 0;
  const ObjectBase* group = nullptr;
  std::string describe() const;
};

class UsageScope {
 public:
  // Every resource of `group` (bound at `index`) with the usage its layout entry gives.
  void addBindGroup(const BindGroupBase* group, uint32_t index);
  void addBuffer(const BufferBase* buffer, uint8_t usage, UseSite site);
  // A view's subresources; `aspects` restricts to those aspect bits (0: the view's own).
  void addTexture(const TextureViewBase* view, uint8_t usage, UseSite site, uint8_t aspects = 0);
  void clear() {
    buffers_.clear();
    textures_.clear();
  }
  // Usage scope validation: fails with UsageScopeConflict naming both uses.
  MaybeError validate() const;

 private:
  struct BufferUse {
    const BufferBase* buffer;
    uint8_t usage;
    UseSite site;
  };
  struct TextureUse {
    const TextureViewBase* view;
    uint8_t usage;
    uint8_t aspects;
    UseSite site;
  };
  std::vector<BufferUse> buffers_;
  std::vector<TextureUse> textures_;
};

// #abstract-opdef-validate-encoder-bind-groups, the compatibility-mode rule:
// every binding of `groups` (indexed by @group, those in `groupMask`) that
// refers to a texture through a texture view must use the same baseMipLevel,
// mipLevelCount, aspect and swizzle as every other binding of that texture.
// Called only on devices without core-features-and-limits.
MaybeError validateCompatTextureViews(const BindGroupBase* const* groups, uint64_t groupMask);

// "constant", "storage", ... joined by " and ".
std::string describeUsage(uint8_t usage);

}  // namespace bindery::core
