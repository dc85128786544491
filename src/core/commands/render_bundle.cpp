// GPURenderBundleEncoder and GPURenderBundle (#bundles): creation
// (#dom-gpudevice-createrenderbundleencoder) and finish(). The render
// commands they share with render passes are in render_pass.cpp.
#include <fmt/format.h>

#include "core/base/handles.h"
#include "core/binding/bind_group.h"
#include "core/commands/render_pass.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture_view.h"

namespace bindery::core {

namespace {

std::string quoted(TextureFormat f) {
  return fmt::format("'{}'", toString(f));
}

}  // namespace

// --- RenderBundleEncoderBase / RenderBundleBase -----------------------------------------

MaybeError validateRenderBundleEncoderDescriptor(const DeviceBase* device,
                                                 const RenderBundleEncoderDescriptor& d) {
  const Limits& limits = device->limits();
  BINDERY_INVALID_IF(d.colorFormats.size() > limits.maxColorAttachments,
                     RenderBundleEncoderDescriptorInvalid,
                     "descriptor.colorFormats has {} entries, more than the device's "
                     "maxColorAttachments limit ({}).",
                     d.colorFormats.size(), limits.maxColorAttachments);
  bool any = false;
  for (size_t i = 0; i < d.colorFormats.size(); ++i) {
    if (!d.colorFormats[i]) continue;
    any = true;
    const FormatInfo& info = formatInfo(*d.colorFormats[i]);
    BINDERY_INVALID_IF(!info.hasColor() || !info.renderable.supported(device->features()),
                       RenderBundleEncoderDescriptorInvalid,
                       "descriptor.colorFormats[{}] ({}) is not a color renderable format.", i,
                       quoted(*d.colorFormats[i]));
  }
  uint32_t bytes = colorAttachmentBytesPerSample(d.colorFormats);
  BINDERY_INVALID_IF(bytes > limits.maxColorAttachmentBytesPerSample,
                     RenderBundleEncoderDescriptorInvalid,
                     "descriptor.colorFormats take {} bytes per sample, more than the device's "
                     "maxColorAttachmentBytesPerSample limit ({}).",
                     bytes, limits.maxColorAttachmentBytesPerSample);
  if (d.depthStencilFormat) {
    any = true;
    BINDERY_INVALID_IF(!formatInfo(*d.depthStencilFormat).isDepthOrStencil(),
                       RenderBundleEncoderDescriptorInvalid,
                       "descriptor.depthStencilFormat ({}) is not a depth-or-stencil format.",
                       quoted(*d.depthStencilFormat));
  }
  BINDERY_INVALID_IF_FIX(!any, RenderBundleEncoderDescriptorInvalid,
                         "Give at least one color format or a depthStencilFormat.",
                         "descriptor has no non-null colorFormats and no depthStencilFormat.");
  return {};
}

RenderBundleEncoderBase::RenderBundleEncoderBase(DeviceBase* device,
                                                 const RenderBundleEncoderDescriptor& d)
    : RenderEncoderBase(device, ObjectType::RenderBundleEncoder, d.label, &ownContext_),
      ownContext_(device, this) {
  passId_ = ownContext_.nextPassId();
  layout_.colorFormats = d.colorFormats;
  layout_.depthStencilFormat = d.depthStencilFormat;
  layout_.sampleCount = d.sampleCount;
  layout_.trim();
  depthReadOnly_ = d.depthReadOnly;
  stencilReadOnly_ = d.stencilReadOnly;
}

RenderBundleEncoderBase::RenderBundleEncoderBase(DeviceBase* device,
                                                 const RenderBundleEncoderDescriptor& d,
                                                 InvalidTag tag)
    : RenderEncoderBase(device, ObjectType::RenderBundleEncoder, d.label, &ownContext_, tag),
      ownContext_(device, this) {}

RenderBundleEncoderBase::~RenderBundleEncoderBase() = default;

// #dom-gpurenderbundleencoder-finish
Ref<RenderBundleBase> RenderBundleEncoderBase::finish(const RenderBundleDescriptor& d) {
  DeviceBase* dev = device();
  dev->beginCall();
  std::string call =
      fmt::format("{}.finish({})", describe(), core::describe(ObjectType::RenderBundle, d.label));
  auto invalid = [&](std::unique_ptr<ErrorData> error) {
    auto bundle = Ref<RenderBundleBase>::adopt(new RenderBundleBase(dev, d.label, InvalidTag{}));
    if (error) {
      bundle->setInvalidReason(error->message);
      dev->dispatchError(std::move(error), call);
    }
    return bundle;
  };
  if (ended_) {
    return invalid(makeValidationError(ErrorCode::EncoderEnded,
                                       fmt::format("{} has already finished.", describe())));
  }
  ended_ = true;
  if (!isValid()) {
    return invalid(
        makeValidationError(ErrorCode::InvalidObject, fmt::format("{} is invalid.", describe())));
  }
  uint32_t cmd = ownContext_.nextCommand();
  if (ownContext_.isValid()) {
    MaybeError error = validatePassUsageScope(nullptr);
    if (error.isSuccess()) error = validateEndCommon();
    if (error.isError())
      ownContext_.recordError(error.release(), cmd, {"finish", this, nullptr}, call);
  }
  if (std::unique_ptr<ErrorData> error = ownContext_.takeError()) return invalid(std::move(error));
  UsageScope scope;
  for (const GroupUse& g : scopeGroups_) scope.addBindGroup(g.group, g.index);
  for (const BufferUse& b : scopeBuffers_) scope.addBuffer(b.buffer, kUsageInput, b.site);
  return Ref<RenderBundleBase>::adopt(new RenderBundleBase(
      dev, d.label, layout_, depthReadOnly_, stencilReadOnly_, drawCount_,
      std::move(ownContext_.stream()), std::move(ownContext_.used()), std::move(scope)));
}

Ref<RenderBundleEncoderBase> DeviceBase::createRenderBundleEncoder(
    const RenderBundleEncoderDescriptor& d) {
  beginCall();
  if (isLost()) {
    return Ref<RenderBundleEncoderBase>::adopt(new RenderBundleEncoderBase(this, d, InvalidTag{}));
  }
  if (MaybeError error = validateRenderBundleEncoderDescriptor(this, d); error.isError()) {
    auto encoder =
        Ref<RenderBundleEncoderBase>::adopt(new RenderBundleEncoderBase(this, d, InvalidTag{}));
    encoder->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createRenderBundleEncoder({})", describe(),
                              core::describe(ObjectType::RenderBundleEncoder, d.label)));
    return encoder;
  }
  return Ref<RenderBundleEncoderBase>::adopt(new RenderBundleEncoderBase(this, d));
}

RenderBundleBase::RenderBundleBase(DeviceBase* device, std::string_view label,
                                   RenderPassLayout layout, bool depthReadOnly,
                                   bool stencilReadOnly, uint64_t drawCount, CommandStream commands,
                                   UsedResources used, UsageScope scope)
    : ObjectBase(device, ObjectType::RenderBundle, label),
      layout_(std::move(layout)),
      depthReadOnly_(depthReadOnly),
      stencilReadOnly_(stencilReadOnly),
      drawCount_(drawCount),
      commands_(std::move(commands)),
      used_(std::move(used)),
      scope_(std::move(scope)) {}

RenderBundleBase::RenderBundleBase(DeviceBase* device, std::string_view label, InvalidTag tag)
    : ObjectBase(device, ObjectType::RenderBundle, label, tag) {}

RenderBundleBase::~RenderBundleBase() = default;

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::RenderBundleBase;
using core::RenderBundleEncoderBase;
using core::toHandle;

RenderBundleEncoder Device::createRenderBundleEncoder(
    const RenderBundleEncoderDescriptor& descriptor) const {
  return toHandle<RenderBundleEncoder>(
      fromHandle<core::DeviceBase>(*this)->createRenderBundleEncoder(descriptor));
}

std::string_view RenderBundle::label() const {
  return fromHandle<RenderBundleBase>(*this)->label();
}
void RenderBundle::setLabel(std::string_view l) {
  fromHandle<RenderBundleBase>(*this)->setLabel(l);
}

RenderBundle RenderBundleEncoder::finish(const RenderBundleDescriptor& descriptor) {
  return toHandle<RenderBundle>(fromHandle<RenderBundleEncoderBase>(*this)->finish(descriptor));
}

}  // namespace bindery
