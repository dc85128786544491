// GPUSampler and its descriptor (#sampler-creation).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bindery/enums.h"
#include "bindery/object.h"

namespace bindery {

struct SamplerDescriptor {
  std::string label;
  AddressMode addressModeU = AddressMode::ClampToEdge;
  AddressMode addressModeV = AddressMode::ClampToEdge;
  AddressMode addressModeW = AddressMode::ClampToEdge;
  FilterMode magFilter = FilterMode::Nearest;
  FilterMode minFilter = FilterMode::Nearest;
  MipmapFilterMode mipmapFilter = MipmapFilterMode::Nearest;
  float lodMinClamp = 0;
  float lodMaxClamp = 32;
  std::optional<CompareFunction> compare;
  uint16_t maxAnisotropy = 1;  // [Clamp]
};

class Sampler : public detail::Handle {
  BINDERY_HANDLE_CLASS(Sampler);
};

}  // namespace bindery
