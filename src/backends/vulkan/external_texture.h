// texture_external on Vulkan (#external-texture-type), realised as the SPIR-V
// generator lowers it (bindery/spirv/generate.h): the entry's binding n holds
// plane 0 (a sampled image), binding n + kExternalPlane1Offset plane 1, and
// binding n + kExternalPlane2Offset plane 2,
// binding n + kExternalParamsOffset a uniform buffer of ExternalTextureParams
// (generate.h: the planes, the visible rect, the YUV matrix and the colour
// conversion), from core::ExternalTextureParams. The offsets are
// the generator's defaults (so pipelines need no remapping) and cannot
// collide with WebGPU bindings (@binding is below maxBindingsPerBindGroup,
// 1000).
//
// One plane (an RGBA frame, or a texture view bound to the entry): sampled as
// is; planes 1 and 2 repeat the last plane (never read). Two planes (NV12):
// Y from plane 0's red, U and V from plane 1's red and green; three planes
// (I420): Y, U and V from the red of planes 0, 1 and 2; converted with BT.709
// full-range coefficients. Then a frame whose colour space differs from the
// import's is converted ('srgb' <-> 'display-p3').
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>
#include <memory>

#include "backends/vulkan/error.h"
#include "backends/vulkan/memory_allocator.h"
#include "core/resources/external_texture.h"

namespace bindery::vulkan {

class Device;

inline constexpr uint32_t kExternalPlane1Offset = 1000;
inline constexpr uint32_t kExternalParamsOffset = 2000;
inline constexpr uint32_t kExternalPlane2Offset = 3000;
inline constexpr uint32_t kExternalParamsSize = 192;  // bindery/spirv/generate.h

// ExternalTextureParams' bytes (generate.h's layout).
std::array<uint8_t, kExternalParamsSize> externalTextureParams(
    const core::ExternalTextureParams& params);

// The parameters' uniform buffer: host-visible, written once at creation,
// freed once the GPU has finished the work submitted before its destruction.
class ExternalParamsBuffer {
 public:
  static Result<std::unique_ptr<ExternalParamsBuffer>> create(
      Device& device, const core::ExternalTextureParams& params);
  ~ExternalParamsBuffer();
  ExternalParamsBuffer(const ExternalParamsBuffer&) = delete;
  ExternalParamsBuffer& operator=(const ExternalParamsBuffer&) = delete;
  VkBuffer handle() const { return buffer_; }

 private:
  explicit ExternalParamsBuffer(Device& device) : device_(device) {}
  Device& device_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  Allocation memory_;
};

}  // namespace bindery::vulkan
