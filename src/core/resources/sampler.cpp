// GPUSampler: #sampler-creation.
#include "core/resources/sampler.h"

#include <fmt/format.h>

#include <cmath>
#include <string>
#include <string_view>

#include "core/base/handles.h"
#include "core/device/device.h"

namespace bindery::core {

namespace {

// A float as JavaScript prints it (NaN, Infinity, 0.5).
std::string jsNumber(float v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return fmt::format("{}", v);
}

}  // namespace

// #sampler-creation: the device-timeline requirements, in the spec's order.
MaybeError validateSamplerDescriptor(const DeviceBase* /*device*/, const SamplerDescriptor& d) {
  // lodMinClamp and lodMaxClamp are WebIDL `float` (not `unrestricted float`):
  // in JavaScript a NaN or an infinity throws a TypeError before the call. The
  // C++ API has no such conversion, so it is a validation error here (without
  // it a NaN would slip through `lodMaxClamp >= lodMinClamp` comparisons).
  BINDERY_INVALID_IF_FIX(!std::isfinite(d.lodMinClamp), SamplerLodClampNotFinite,
                         "Use a finite level of detail, e.g. 0 (the default).",
                         "descriptor.lodMinClamp is {}; it must be a finite number.",
                         jsNumber(d.lodMinClamp));
  BINDERY_INVALID_IF_FIX(!std::isfinite(d.lodMaxClamp), SamplerLodClampNotFinite,
                         "Use a finite level of detail, e.g. 32 (the default, which never clamps).",
                         "descriptor.lodMaxClamp is {}; it must be a finite number.",
                         jsNumber(d.lodMaxClamp));
  BINDERY_INVALID_IF_FIX(d.lodMinClamp < 0, SamplerLodMinClampNegative,
                         "Use a lodMinClamp of 0 or more (0, the default, does not clamp).",
                         "descriptor.lodMinClamp is {}; it must be >= 0.", jsNumber(d.lodMinClamp));
  BINDERY_INVALID_IF_FIX(d.lodMaxClamp < d.lodMinClamp, SamplerLodMaxClampLessThanMin,
                         "Make lodMaxClamp at least lodMinClamp (they may be equal to pin one "
                         "level of detail).",
                         "descriptor.lodMaxClamp ({}) is less than descriptor.lodMinClamp ({}).",
                         jsNumber(d.lodMaxClamp), jsNumber(d.lodMinClamp));
  // maxAnisotropy is `[Clamp] unsigned short`: JavaScript values are clamped
  // into [0, 65535] by the conversion, which uint16_t already is.
  BINDERY_INVALID_IF_FIX(d.maxAnisotropy < 1, SamplerMaxAnisotropyZero,
                         "Use maxAnisotropy: 1 (the default) for no anisotropic filtering, or up "
                         "to 16 with all filters 'linear'.",
                         "descriptor.maxAnisotropy is 0; it must be at least 1.");
  if (d.maxAnisotropy > 1) {
    std::string nearest;  // "minFilter is 'nearest' and mipmapFilter is 'nearest'"
    auto add = [&](std::string_view field, std::string_view value) {
      if (!nearest.empty()) nearest += " and ";
      nearest += fmt::format("{} is '{}'", field, value);
    };
    if (d.magFilter != FilterMode::Linear) add("magFilter", toString(d.magFilter));
    if (d.minFilter != FilterMode::Linear) add("minFilter", toString(d.minFilter));
    if (d.mipmapFilter != MipmapFilterMode::Linear) add("mipmapFilter", toString(d.mipmapFilter));
    BINDERY_INVALID_IF_FIX(!nearest.empty(), SamplerAnisotropyNeedsLinearFilters,
                           "Set magFilter, minFilter and mipmapFilter to 'linear', or set "
                           "maxAnisotropy to 1.",
                           "descriptor.maxAnisotropy is {}, so magFilter, minFilter and "
                           "mipmapFilter must all be 'linear', but {}.",
                           d.maxAnisotropy, nearest);
  }
  return {};
}

SamplerBase::SamplerBase(DeviceBase* device, const SamplerDescriptor& d)
    : ObjectBase(device, ObjectType::Sampler, d.label),
      addressModeU_(d.addressModeU),
      addressModeV_(d.addressModeV),
      addressModeW_(d.addressModeW),
      magFilter_(d.magFilter),
      minFilter_(d.minFilter),
      mipmapFilter_(d.mipmapFilter),
      lodMinClamp_(d.lodMinClamp),
      lodMaxClamp_(d.lodMaxClamp),
      compare_(d.compare),
      maxAnisotropy_(d.maxAnisotropy),
      // #sampler-creation: [[isFiltering]] is false only if none of the three is 'linear'.
      isFiltering_(d.magFilter == FilterMode::Linear || d.minFilter == FilterMode::Linear ||
                   d.mipmapFilter == MipmapFilterMode::Linear) {}

SamplerBase::SamplerBase(DeviceBase* device, const SamplerDescriptor& d, InvalidTag tag)
    : ObjectBase(device, ObjectType::Sampler, d.label, tag),
      addressModeU_(d.addressModeU),
      addressModeV_(d.addressModeV),
      addressModeW_(d.addressModeW),
      magFilter_(d.magFilter),
      minFilter_(d.minFilter),
      mipmapFilter_(d.mipmapFilter),
      lodMinClamp_(d.lodMinClamp),
      lodMaxClamp_(d.lodMaxClamp),
      compare_(d.compare),
      maxAnisotropy_(d.maxAnisotropy),
      isFiltering_(d.magFilter == FilterMode::Linear || d.minFilter == FilterMode::Linear ||
                   d.mipmapFilter == MipmapFilterMode::Linear) {}

SamplerBase::~SamplerBase() = default;

Ref<SamplerBase> DeviceBase::createSampler(const SamplerDescriptor& descriptor) {
  beginCall();
  // #sampler-creation: "this must not be lost"; a lost device reports nothing.
  if (isLost()) {
    auto sampler = Ref<SamplerBase>::adopt(new SamplerBase(this, descriptor, InvalidTag{}));
    sampler->setInvalidReason("the device was lost.");
    return sampler;
  }
  if (MaybeError error = validateSamplerDescriptor(this, descriptor); error.isError()) {
    auto sampler = Ref<SamplerBase>::adopt(new SamplerBase(this, descriptor, InvalidTag{}));
    sampler->setInvalidReason(error->message);
    dispatchError(std::move(error),
                  fmt::format("{}.createSampler({})", describe(),
                              core::describe(ObjectType::Sampler, descriptor.label)));
    return sampler;
  }
  auto sampler = Ref<SamplerBase>::adopt(new SamplerBase(this, descriptor));
  realise(this, *sampler, backend().createSampler(*sampler),
          [&] { return fmt::format("{}.createSampler({})", describe(), sampler->describe()); });
  return sampler;
}

}  // namespace bindery::core

namespace bindery {

using core::fromHandle;
using core::SamplerBase;

Sampler Device::createSampler(const SamplerDescriptor& descriptor) const {
  return core::toHandle<Sampler>(fromHandle<core::DeviceBase>(*this)->createSampler(descriptor));
}

std::string_view Sampler::label() const {
  return fromHandle<SamplerBase>(*this)->label();
}
void Sampler::setLabel(std::string_view l) {
  fromHandle<SamplerBase>(*this)->setLabel(l);
}

}  // namespace bindery
