// SPDX-License-Identifier: MIT OR Apache-2.0
#include "backends/vulkan/push_constants.h"

#include <algorithm>
#include <cstring>

#include "core/binding/bind_group.h"
#include "core/commands/command_buffer.h"

namespace bindery::vulkan {

void PushConstants::reset() {
  immediates_.assign(immediates_.size(), 0);
  immediatesDirty_ = true;
}

void PushConstants::setImmediates(const core::ImmediatesCmd& cmd) {
  if (immediates_.size() < cmd.rangeOffset + cmd.size)
    immediates_.resize(cmd.rangeOffset + cmd.size);
  std::memcpy(immediates_.data() + cmd.rangeOffset, core::CommandStream::extraOf(&cmd), cmd.size);
  immediatesDirty_ = true;
}

void PushConstants::pushRanges(VkCommandBuffer commands, DescriptorBinder& binder) {
  const PipelineLayout& layout = *binder.layout();
  // Not valid: a layout whose push-constant range differs was bound (or
  // another pipeline's): everything is pushed again.
  const bool valid = binder.pushConstantsValid();
  const uint32_t immediateBytes = layout.immediateBytes();
  if (immediateBytes > 0 && (immediatesDirty_ || !valid)) {
    if (immediates_.size() < immediateBytes) immediates_.resize(immediateBytes, 0);
    vkCmdPushConstants(commands, layout.handle(), PipelineLayout::kPushConstantStages, 0,
                       immediateBytes, immediates_.data());
    immediatesDirty_ = false;
  }
  const std::vector<PipelineLayout::SizeWord>& words = layout.sizeWords();
  if (!words.empty()) {
    std::array<uint32_t, kMaxSizeWords> sizes;
    const auto count = static_cast<uint32_t>(std::min<size_t>(words.size(), kMaxSizeWords));
    bool changed = !valid;
    for (uint32_t k = 0; k < count; ++k) {
      const core::BindGroupBase* group = binder.wanted(words[k].group).source;
      // #abstract-opdef-effective-buffer-binding-size: at most
      // maxStorageBufferBindingSize, a u32 on Vulkan
      sizes[k] = group ? static_cast<uint32_t>(group->bufferRange(words[k].entry).size) : 0;
      changed |= sizes[k] != sizes_[k];
    }
    if (changed) {
      vkCmdPushConstants(commands, layout.handle(), PipelineLayout::kPushConstantStages,
                         immediateBytes, 4 * count, sizes.data());
      std::copy_n(sizes.begin(), count, sizes_.begin());
    }
  }
  binder.markPushConstantsValid();
}

}  // namespace bindery::vulkan
