// texture_external's parameters buffer (external_texture.h).
#include "backends/vulkan/external_texture.h"

#include <cstring>

#include "backends/vulkan/device.h"

namespace bindery::vulkan {

std::array<uint8_t, kExternalParamsSize> externalTextureParams(uint32_t planeCount) {
  std::array<uint8_t, kExternalParamsSize> bytes{};
  std::memcpy(bytes.data(), &planeCount, sizeof(planeCount));
  // rgb = vec4(y, u, v, 1) * yuvToRgb: one column per output channel, BT.709
  // full range (u and v centred on 0.5).
  const float columns[3][4] = {
      {1.0f, 0.0f, 1.5748f, -0.7874f},
      {1.0f, -0.1873f, -0.4681f, 0.3277f},
      {1.0f, 1.8556f, 0.0f, -0.9278f},
  };
  std::memcpy(bytes.data() + 16, columns, sizeof(columns));
  return bytes;
}

Result<std::unique_ptr<ExternalParamsBuffer>> ExternalParamsBuffer::create(Device& device,
                                                                           uint32_t planeCount) {
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
  std::array<uint8_t, kExternalParamsSize> bytes = externalTextureParams(planeCount);
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
