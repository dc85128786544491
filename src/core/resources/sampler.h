// SamplerBase: a GPUSampler inside the core (#gpusampler, #sampler-creation).
// Besides the descriptor it keeps the derived state the binding model checks
// against a GPUSamplerBindingLayout: [[isComparison]] and [[isFiltering]].
#pragma once

#include <optional>

#include "bindery/sampler.h"
#include "core/base/error_data.h"
#include "core/base/object_base.h"
#include "core/device/backend_owner.h"

namespace bindery::core {

class SamplerBase final : public ObjectBase, public BackendOwner<backend::SamplerBackend> {
 public:
  SamplerBase(DeviceBase* device, const SamplerDescriptor& descriptor);
  SamplerBase(DeviceBase* device, const SamplerDescriptor& descriptor, InvalidTag);
  ~SamplerBase() override;

  AddressMode addressModeU() const { return addressModeU_; }
  AddressMode addressModeV() const { return addressModeV_; }
  AddressMode addressModeW() const { return addressModeW_; }
  FilterMode magFilter() const { return magFilter_; }
  FilterMode minFilter() const { return minFilter_; }
  MipmapFilterMode mipmapFilter() const { return mipmapFilter_; }
  float lodMinClamp() const { return lodMinClamp_; }
  float lodMaxClamp() const { return lodMaxClamp_; }
  const std::optional<CompareFunction>& compare() const { return compare_; }
  uint16_t maxAnisotropy() const { return maxAnisotropy_; }

  // [[isComparison]]: descriptor.compare was given.
  bool isComparison() const { return compare_.has_value(); }
  // [[isFiltering]]: any of magFilter, minFilter, mipmapFilter is 'linear'.
  bool isFiltering() const { return isFiltering_; }

 private:
  AddressMode addressModeU_;
  AddressMode addressModeV_;
  AddressMode addressModeW_;
  FilterMode magFilter_;
  FilterMode minFilter_;
  MipmapFilterMode mipmapFilter_;
  float lodMinClamp_;
  float lodMaxClamp_;
  std::optional<CompareFunction> compare_;
  uint16_t maxAnisotropy_;
  bool isFiltering_;
};

// #sampler-creation: the device-timeline requirements (except "not lost",
// which createSampler handles: a lost device reports nothing).
MaybeError validateSamplerDescriptor(const DeviceBase* device, const SamplerDescriptor& descriptor);

}  // namespace bindery::core
