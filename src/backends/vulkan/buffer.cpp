// GPUBuffer on Vulkan (buffer.h).
#include "backends/vulkan/buffer.h"

#include <cstring>

#include "backends/vulkan/barriers.h"
#include "backends/vulkan/device.h"
#include "core/resources/buffer.h"

namespace bindery::vulkan {

namespace {

// VkBuffer sizes: non-zero, and a multiple of 4 so vkCmdFillBuffer covers it.
VkDeviceSize vkSizeOf(uint64_t size) {
  return std::max<VkDeviceSize>(4, (size + 3) & ~uint64_t{3});
}

Result<VkBuffer> makeBuffer(VkDevice device, VkDeviceSize size, VkBufferUsageFlags usage,
                            MemoryAllocator& allocator, MemoryUse use, Allocation* memory) {
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkBuffer buffer = VK_NULL_HANDLE;
  BINDERY_VK_TRY(checkVk(vkCreateBuffer(device, &info, nullptr, &buffer), "vkCreateBuffer"));
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, buffer, &requirements);
  Result<Allocation> allocation = allocator.allocate(requirements, use, /*linear=*/true);
  if (allocation.isError()) {
    vkDestroyBuffer(device, buffer, nullptr);
    return allocation.error();
  }
  *memory = allocation.value();
  Status bound = checkVk(vkBindBufferMemory(device, buffer, memory->memory, memory->offset),
                         "vkBindBufferMemory");
  if (bound.isError()) {
    vkDestroyBuffer(device, buffer, nullptr);
    allocator.free(*memory);
    return bound.error();
  }
  return buffer;
}

}  // namespace

VkBufferUsageFlags vkBufferUsage(BufferUsageFlags usage) {
  VkBufferUsageFlags flags = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (usage.has(BufferUsage::Index)) flags |= VK_BUFFER_USAGE_INDEX_BUFFER_BIT;
  if (usage.has(BufferUsage::Vertex)) flags |= VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
  if (usage.has(BufferUsage::Uniform)) flags |= VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
  if (usage.has(BufferUsage::Storage)) flags |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (usage.has(BufferUsage::Indirect)) flags |= VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  return flags;
}

Buffer& Buffer::of(const core::BufferBase& buffer) {
  return *static_cast<Buffer*>(buffer.backendObject());
}

Result<std::unique_ptr<Buffer>> Buffer::create(Device& device, const core::BufferBase& buffer,
                                               bool mappedAtCreation) {
  std::unique_ptr<Buffer> self(new Buffer(device, buffer.size()));
  BINDERY_VK_TRY(self->initialize(buffer.usage(), mappedAtCreation));
  return self;
}

Status Buffer::initialize(BufferUsageFlags usage, bool mappedAtCreation) {
  MemoryUse use = usage.has(BufferUsage::MapRead)    ? MemoryUse::Readback
                  : usage.has(BufferUsage::MapWrite) ? MemoryUse::Upload
                                                     : MemoryUse::GpuOnly;
  VkBufferUsageFlags flags = vkBufferUsage(usage);
  // An indirect draw's firstInstance is a conditional-rendering predicate
  // (render_pass_recorder.h).
  if (usage.has(BufferUsage::Indirect) && device_.cmdBeginConditionalRendering) {
    flags |= VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT;
  }
  Result<VkBuffer> made =
      makeBuffer(device_.handle(), vkSizeOf(size_), flags, device_.allocator(), use, &memory_);
  if (made.isError()) return made.error();
  buffer_ = made.value();
  // #buffer-creation: every byte starts as zero.
  if (memory_.mapped) {
    std::memset(memory_.mapped, 0, vkSizeOf(size_));
    return {};
  }
  if (mappedAtCreation) {
    // The mapped bytes live in an upload buffer until unmap() copies them
    // over the whole buffer, so no fill is needed; they start zeroed.
    Result<VkBuffer> upload =
        makeBuffer(device_.handle(), vkSizeOf(size_), VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                   device_.allocator(), MemoryUse::Upload, &uploadMemory_);
    if (upload.isError()) return upload.error();
    uploadBuffer_ = upload.value();
    std::memset(uploadMemory_.mapped, 0, vkSizeOf(size_));
    return {};
  }
  Result<VkCommandBuffer> commands = device_.pendingCommands();
  if (commands.isError()) return commands.error();
  transferBarrier(commands.value());
  vkCmdFillBuffer(commands.value(), buffer_, 0, VK_WHOLE_SIZE, 0);
  if (usage.has(BufferUsage::MapRead)) device_.noteHostReadableWrite();
  return {};
}

Result<uint8_t*> Buffer::map(MapModeFlags /*mode*/, uint64_t offset, uint64_t /*size*/) {
  if (uploadBuffer_ != VK_NULL_HANDLE) return uploadMemory_.mapped + offset;
  if (!memory_.mapped) {
    return backend::internalError(
        "Buffer::map: the buffer is not host-visible and was not mapped at creation.");
  }
  return memory_.mapped + offset;
}

Status Buffer::unmap() {
  if (uploadBuffer_ == VK_NULL_HANDLE) return {};
  Result<VkCommandBuffer> commands = device_.pendingCommands();
  if (commands.isError()) return commands.error();
  transferBarrier(commands.value());
  VkBufferCopy region{0, 0, vkSizeOf(size_)};
  vkCmdCopyBuffer(commands.value(), uploadBuffer_, buffer_, 1, &region);
  VkBuffer upload = std::exchange(uploadBuffer_, VK_NULL_HANDLE);
  Allocation memory = std::exchange(uploadMemory_, {});
  Device* device = &device_;
  device_.deferDestroy([device, upload, memory]() mutable {
    vkDestroyBuffer(device->handle(), upload, nullptr);
    device->allocator().free(memory);
  });
  return {};
}

void Buffer::destroy() {
  if (buffer_ == VK_NULL_HANDLE) return;
  VkBuffer buffer = std::exchange(buffer_, VK_NULL_HANDLE);
  Allocation memory = std::exchange(memory_, {});
  VkBuffer upload = std::exchange(uploadBuffer_, VK_NULL_HANDLE);
  Allocation uploadMemory = std::exchange(uploadMemory_, {});
  Device* device = &device_;
  device_.deferDestroy([device, buffer, memory, upload, uploadMemory]() mutable {
    vkDestroyBuffer(device->handle(), buffer, nullptr);
    device->allocator().free(memory);
    if (upload != VK_NULL_HANDLE) {
      vkDestroyBuffer(device->handle(), upload, nullptr);
      device->allocator().free(uploadMemory);
    }
  });
}

Buffer::~Buffer() {
  destroy();
}

Result<std::unique_ptr<backend::BufferBackend>> Device::createBuffer(const core::BufferBase& buffer,
                                                                     bool mappedAtCreation) {
  Result<std::unique_ptr<Buffer>> made = Buffer::create(*this, buffer, mappedAtCreation);
  if (made.isError()) return track(made.error()).error();
  return std::unique_ptr<backend::BufferBackend>(std::move(made.value()));
}

}  // namespace bindery::vulkan
