// GPUSampler -> VkSampler (sampler.h).
#include "backends/vulkan/sampler.h"

#include <algorithm>

#include "backends/vulkan/device.h"
#include "core/resources/sampler.h"

namespace bindery::vulkan {

namespace {

VkSamplerAddressMode addressModeOf(AddressMode mode) {
  switch (mode) {
    case AddressMode::ClampToEdge: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case AddressMode::Repeat: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case AddressMode::MirrorRepeat: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
  }
  return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
}

VkFilter filterOf(FilterMode mode) {
  return mode == FilterMode::Linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
}

// GPUCompareFunction and VkCompareOp list the functions in the same order.
VkCompareOp compareOpOf(CompareFunction f) {
  return static_cast<VkCompareOp>(static_cast<uint32_t>(f));
}

}  // namespace

VkSamplerCreateInfo samplerCreateInfo(const core::SamplerBase& s, const PhysicalDevice& physical) {
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.magFilter = filterOf(s.magFilter());
  info.minFilter = filterOf(s.minFilter());
  info.mipmapMode = s.mipmapFilter() == MipmapFilterMode::Linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                                 : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  info.addressModeU = addressModeOf(s.addressModeU());
  info.addressModeV = addressModeOf(s.addressModeV());
  info.addressModeW = addressModeOf(s.addressModeW());
  info.minLod = s.lodMinClamp();
  info.maxLod = s.lodMaxClamp();
  // #sampler-creation: maxAnisotropy > 1 needs every filter 'linear'
  // (validated); the device's limit clamps it.
  if (s.maxAnisotropy() > 1 && physical.features.samplerAnisotropy) {
    info.anisotropyEnable = VK_TRUE;
    info.maxAnisotropy = std::min(static_cast<float>(s.maxAnisotropy()),
                                  physical.properties.limits.maxSamplerAnisotropy);
  }
  if (s.compare()) {
    info.compareEnable = VK_TRUE;
    info.compareOp = compareOpOf(*s.compare());
  }
  info.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  return info;
}

Result<std::unique_ptr<Sampler>> Sampler::create(Device& device, const core::SamplerBase& sampler) {
  std::unique_ptr<Sampler> self(new Sampler(device));
  VkSamplerCreateInfo info = samplerCreateInfo(sampler, device.physicalDevice());
  BINDERY_VK_TRY(checkVk(vkCreateSampler(device.handle(), &info, nullptr, &self->sampler_),
                         "vkCreateSampler"));
  return self;
}

Sampler::~Sampler() {
  if (sampler_ == VK_NULL_HANDLE) return;
  VkDevice device = device_.handle();
  VkSampler sampler = sampler_;
  device_.deferDestroy([device, sampler] { vkDestroySampler(device, sampler, nullptr); });
}

Sampler& Sampler::of(const core::SamplerBase& sampler) {
  return *static_cast<Sampler*>(sampler.backendObject());
}

Result<std::unique_ptr<backend::SamplerBackend>> Device::createSampler(
    const core::SamplerBase& sampler) {
  Result<std::unique_ptr<Sampler>> made = Sampler::create(*this, sampler);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::SamplerBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
