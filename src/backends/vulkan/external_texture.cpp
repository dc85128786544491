// texture_external's parameters buffer (external_texture.h).
#include "backends/vulkan/external_texture.h"

#include <cstring>
#include <type_traits>

#include "backends/vulkan/device.h"

namespace bindery::vulkan {

namespace {
template <class T>
void put(std::array<uint8_t, kExternalParamsSize>& bytes, size_t offset, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

void putTransfer(std::array<uint8_t, kExternalParamsSize>& bytes, size_t offset,
                 const core::TransferFunction& t) {
  put(bytes, offset, std::array<float, 8>{t.g, t.a, t.b, t.c, t.d, t.e, t.f, 0.0f});
}
}  // namespace

std::array<uint8_t, kExternalParamsSize> externalTextureParams(
    const core::ExternalTextureParams& p) {
  std::array<uint8_t, kExternalParamsSize> bytes{};
  put(bytes, 0, p.numPlanes);
  put(bytes, 4, uint32_t{p.convertColor});
  put(bytes, 8, std::array<uint32_t, 2>{p.visible.x, p.visible.y});
  // mat3x4 yuvToRgb: column i is the row major matrix's row i (each output
  // channel dotted with (y, u, v, 1)).
  put(bytes, 16, p.yuvToRgb);
  put(bytes, 64, std::array<uint32_t, 2>{p.visible.width, p.visible.height});
  // mat3x3 gamut, 16-byte columns: column i is row i (linear * gamut).
  for (size_t i = 0; i < 3; ++i) {
    put(bytes, 80 + 16 * i,
        std::array<float, 3>{p.gamut[i * 3], p.gamut[i * 3 + 1], p.gamut[i * 3 + 2]});
  }
  putTransfer(bytes, 128, p.decode);
  putTransfer(bytes, 160, p.encode);
  return bytes;
}

Result<std::unique_ptr<ExternalParamsBuffer>> ExternalParamsBuffer::create(
    Device& device, const core::ExternalTextureParams& params) {
  std::unique_ptr<ExternalParamsBuffer> self(new ExternalParamsBuffer(device));
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = kExternalParamsSize;
  info.usage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  BINDERY_VK_TRY(
      checkVk(vkCreateBuffer(device.handle(), &info, nullptr, &self->buffer_), "vkCreateBuffer"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device.handle(), self->buffer_, &requirements);
  Result<Allocation> memory =
      device.allocator().allocate(requirements, MemoryUse::Upload, /*linear=*/true);
  if (memory.isError()) return memory.error();
  self->memory_ = memory.value();
  BINDERY_VK_TRY(checkVk(vkBindBufferMemory(device.handle(), self->buffer_, self->memory_.memory,
                                            self->memory_.offset),
                         "vkBindBufferMemory"));
  std::array<uint8_t, kExternalParamsSize> bytes = externalTextureParams(params);
  std::memcpy(self->memory_.mapped, bytes.data(), bytes.size());
  return self;
}

ExternalParamsBuffer::~ExternalParamsBuffer() {
  Device* device = &device_;
  VkBuffer buffer = buffer_;
  Allocation memory = memory_;
  device_.deferDestroy([device, buffer, memory]() mutable {
    if (buffer != VK_NULL_HANDLE) vkDestroyBuffer(device->handle(), buffer, nullptr);
    if (memory.isValid()) device->allocator().free(memory);
  });
}

}  // namespace bindery::vulkan
