// GPUSampler -> VkSampler (sampler.h).
#include "backends/vulkan/sampler.h"

#include <algorithm>
#include <bit>

#include "backends/vulkan/compute_state.h"
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

SamplerKey SamplerKey::of(const core::SamplerBase& s) {
  SamplerKey key;
  key.fields = {static_cast<uint32_t>(s.addressModeU()),
                static_cast<uint32_t>(s.addressModeV()),
                static_cast<uint32_t>(s.addressModeW()),
                static_cast<uint32_t>(s.magFilter()),
                static_cast<uint32_t>(s.minFilter()),
                static_cast<uint32_t>(s.mipmapFilter()),
                std::bit_cast<uint32_t>(s.lodMinClamp()),
                std::bit_cast<uint32_t>(s.lodMaxClamp()),
                s.compare().has_value() ? 1u : 0u,
                s.compare() ? static_cast<uint32_t>(*s.compare()) : 0u,
                s.maxAnisotropy()};
  return key;
}

size_t SamplerKeyHash::operator()(const SamplerKey& key) const {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the fields
  for (uint32_t f : key.fields) h = (h ^ f) * 1099511628211ull;
  return static_cast<size_t>(h);
}

SamplerCache::~SamplerCache() {
  // Every Sampler holds the state that owns this cache: none is left.
  for (auto& [key, entry] : entries_) vkDestroySampler(device_.handle(), entry.sampler, nullptr);
}

Result<VkSampler> SamplerCache::acquire(const core::SamplerBase& sampler) {
  const SamplerKey key = SamplerKey::of(sampler);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end()) {
    VkSamplerCreateInfo info = samplerCreateInfo(sampler, device_.physicalDevice());
    VkSampler made = VK_NULL_HANDLE;
    BINDERY_VK_TRY(
        checkVk(vkCreateSampler(device_.handle(), &info, nullptr, &made), "vkCreateSampler"));
    it = entries_.emplace(key, Entry{made, 0}).first;
  }
  ++it->second.users;
  return it->second.sampler;
}

void SamplerCache::release(const SamplerKey& key) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = entries_.find(key);
  if (it == entries_.end() || --it->second.users > 0) return;
  VkDevice device = device_.handle();
  VkSampler sampler = it->second.sampler;
  entries_.erase(it);
  device_.deferDestroy([device, sampler] { vkDestroySampler(device, sampler, nullptr); });
}

size_t SamplerCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

Result<std::unique_ptr<Sampler>> Sampler::create(Device& device, const core::SamplerBase& sampler) {
  std::shared_ptr<ComputeState> state = ComputeState::of(device);
  Result<VkSampler> shared = state->samplers().acquire(sampler);
  if (shared.isError()) return shared.error();
  std::unique_ptr<Sampler> self(new Sampler(std::move(state), SamplerKey::of(sampler)));
  self->sampler_ = shared.value();
  return self;
}

Sampler::~Sampler() {
  if (sampler_ != VK_NULL_HANDLE) state_->samplers().release(key_);
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
