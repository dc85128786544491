// TextureViewBase: a GPUTextureView inside the core (#gputextureview,
// #texture-view-creation). It holds the *resolved* descriptor (every optional
// field defined) and a record of which defaults were applied and why, so a
// later error (a bind group's "expected '2d', got '2d-array'") can say
// "dimension defaulted to '2d-array' because the texture's
// size.depthOrArrayLayers is 2".
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "bindery/texture.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/base/ref.h"
#include "core/device/backend_owner.h"
#include "core/resources/texture.h"

namespace bindery::core {

// One character of GPUTextureViewDescriptor.swizzle.
enum class SwizzleComponent : uint8_t { R, G, B, A, Zero, One };

struct Swizzle {
  // Output red, green, blue, alpha take their value from these.
  std::array<SwizzleComponent, 4> components = {SwizzleComponent::R, SwizzleComponent::G,
                                                SwizzleComponent::B, SwizzleComponent::A};
  bool isIdentity() const { return *this == Swizzle{}; }
  bool operator==(const Swizzle&) const = default;
  // "rgba", "rrr1"
  std::string toString() const;
  // Parses ^[rgba01]{4}$; nullopt otherwise.
  static std::optional<Swizzle> parse(std::string_view text);
};

// Which fields "resolving GPUTextureViewDescriptor defaults" filled in, with
// the values they came from. The reasons are phrased only when a message
// quotes them (creating a view formats nothing), e.g. dimension():
//   "descriptor.dimension defaulted to '2d-array' because the texture's
//    dimension is '2d' and its size.depthOrArrayLayers is 2"
// Each reason is empty when the user gave the field (for usage: a nonzero value).
class TextureViewDefaults {
 public:
  enum Field : uint8_t {
    kFormat = 1 << 0,
    kDimension = 1 << 1,
    kMipLevelCount = 1 << 2,
    kArrayLayerCount = 1 << 3,
    kUsage = 1 << 4,
  };

  bool any() const { return applied_ != 0; }
  bool applied(Field field) const { return (applied_ & field) != 0; }

  std::string format() const;
  std::string dimension() const;
  std::string mipLevelCount() const;
  std::string arrayLayerCount() const;
  std::string usage() const;
  // Every applied default, one sentence each, joined by "; ".
  std::string describe() const;

 private:
  friend TextureViewDescriptor resolveTextureViewDescriptorDefaults(const TextureBase&,
                                                                    const TextureViewDescriptor&,
                                                                    TextureViewDefaults*);
  uint8_t applied_ = 0;
  // The format came from the aspect (depth24plus for 'depth-only' of depth24plus-stencil8).
  bool formatFromAspect_ = false;
  // The resolved values...
  TextureFormat format_{};
  TextureAspect aspect_{};
  TextureViewDimension dimension_{};
  uint32_t baseMipLevel_ = 0;
  uint32_t mipLevelCount_ = 0;
  uint32_t baseArrayLayer_ = 0;
  uint32_t arrayLayerCount_ = 0;
  // ...and the texture's.
  TextureFormat textureFormat_{};
  TextureDimension textureDimension_{};
  uint32_t textureMipLevelCount_ = 0;
  uint32_t textureArrayLayerCount_ = 0;
  TextureUsageFlags textureUsage_{};
};

// The default view's descriptor, resolved, and the defaults that gave it
// (TextureBase::prepareDefaultView).
struct TextureBase::DefaultView {
  TextureViewDescriptor resolved;  // without a label: each view has its own
  TextureViewDefaults defaults;
};

class TextureViewBase final : public ObjectBase, public BackendOwner<backend::TextureViewBackend> {
 public:
  // `resolved` has every optional field set; the view's label is `label`
  // (resolved.label, or a label of its own for the texture's kept default
  // view, TextureBase::DefaultView).
  TextureViewBase(TextureBase* texture, std::string_view label,
                  const TextureViewDescriptor& resolved, Swizzle swizzle,
                  TextureViewDefaults defaults);
  TextureViewBase(TextureBase* texture, const TextureViewDescriptor& resolved,
                  TextureViewDefaults defaults, InvalidTag);
  ~TextureViewBase() override;

  TextureBase* texture() const { return texture_.get(); }
  TextureFormat format() const { return format_; }
  TextureViewDimension dimension() const { return dimension_; }
  TextureUsageFlags usage() const { return usage_; }
  TextureAspect aspect() const { return aspect_; }
  uint32_t baseMipLevel() const { return baseMipLevel_; }
  uint32_t mipLevelCount() const { return mipLevelCount_; }
  uint32_t baseArrayLayer() const { return baseArrayLayer_; }
  uint32_t arrayLayerCount() const { return arrayLayerCount_; }
  const Swizzle& swizzle() const { return swizzle_; }
  // The texture's sample count (a view of a multisampled texture is multisampled).
  uint32_t sampleCount() const;

  // Which defaults were applied, and why.
  const TextureViewDefaults& defaults() const { return defaults_; }

  // [[renderExtent]] (#abstract-opdef-compute-render-extent): the texture's
  // width and height at baseMipLevel (each at least 1); depthOrArrayLayers 1.
  Extent3D renderExtent() const;

  // #texture-view-aliasing: the subresource sets intersect.
  bool aliases(const TextureViewBase& other) const;

  // A one-line summary of the resolved descriptor, for messages:
  // "{format: 'rgba8unorm', dimension: '2d-array', aspect: 'all', baseMipLevel: 0,
  //   mipLevelCount: 1, baseArrayLayer: 0, arrayLayerCount: 2}"
  std::string describeDescriptor() const;

 private:
  Ref<TextureBase> texture_;
  TextureFormat format_;
  TextureViewDimension dimension_;
  TextureUsageFlags usage_;
  TextureAspect aspect_;
  uint32_t baseMipLevel_;
  uint32_t mipLevelCount_;
  uint32_t baseArrayLayer_;
  uint32_t arrayLayerCount_;
  Swizzle swizzle_;
  TextureViewDefaults defaults_;
};

// "resolving GPUTextureViewDescriptor defaults": `defaults` records what was applied.
TextureViewDescriptor resolveTextureViewDescriptorDefaults(const TextureBase& texture,
                                                           const TextureViewDescriptor& descriptor,
                                                           TextureViewDefaults* defaults);

// #texture-view-creation, content timeline (TypeErrors in JavaScript): the
// view format's required feature and the swizzle string.
MaybeError validateTextureViewContentTimeline(const DeviceBase* device,
                                              const TextureViewDescriptor& descriptor);

// #texture-view-creation validation of a resolved descriptor.
MaybeError validateTextureViewDescriptor(const TextureBase& texture,
                                         const TextureViewDescriptor& resolved,
                                         const TextureViewDefaults& defaults);

}  // namespace bindery::core
