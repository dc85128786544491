// GPUBindGroup on Vulkan: a VkDescriptorSet of its layout's SetLayout,
// written once at creation (vkUpdateDescriptorSets), from the device's shared
// descriptor pools (descriptor_allocator.h). Buffer entries are written with
// exactly the range the core validated (#bind-group-creation): the offset,
// and the size, which for a binding without a size is the rest of the buffer
// from the offset (#abstract-opdef-effective-buffer-binding-size) — never
// VK_WHOLE_SIZE, which would reach into the 4-byte padding of the VkBuffer.
// A dynamic-offset entry without a size has the size of its smallest window
// (the rest of the buffer after the largest valid dynamic offset), because
// Vulkan keeps one range for every dynamic offset.
//
// When the group is destroyed, its set goes back to the set layout once the
// GPU has finished the work submitted so far, and is reused.
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/descriptor_allocator.h"
#include "backends/vulkan/error.h"

namespace bindery::core {
class BindGroupBase;
}

namespace bindery::vulkan {

class ComputeState;
class SetLayout;

// A buffer the group gives shaders, for the barriers of
// compute_pass_recorder.cpp.
struct BufferUse {
  VkBuffer buffer = VK_NULL_HANDLE;
  bool writable = false;
};

class BindGroup final : public backend::BindGroupBackend {
 public:
  static Result<std::unique_ptr<BindGroup>> create(std::shared_ptr<ComputeState> state,
                                                   const core::BindGroupBase& group);
  ~BindGroup() override;

  VkDescriptorSet handle() const { return set_.set; }
  const std::vector<BufferUse>& bufferUses() const { return uses_; }
  bool writesAnything() const { return writes_; }

  static BindGroup& of(const core::BindGroupBase& group);

 private:
  BindGroup(std::shared_ptr<ComputeState> state, std::shared_ptr<SetLayout> layout)
      : state_(std::move(state)), layout_(std::move(layout)) {}
  Status write(const core::BindGroupBase& group);

  std::shared_ptr<ComputeState> state_;
  std::shared_ptr<SetLayout> layout_;
  DescriptorSetAllocation set_;
  std::vector<BufferUse> uses_;
  bool writes_ = false;
};

}  // namespace bindery::vulkan
