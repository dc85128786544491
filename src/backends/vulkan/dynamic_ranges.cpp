// SPDX-License-Identifier: MIT OR Apache-2.0
// Transient descriptor sets for dynamic offsets (dynamic_ranges.h).
#include "backends/vulkan/dynamic_ranges.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "backends/vulkan/bind_group.h"
#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/compute_state.h"
#include "backends/vulkan/device.h"
#include "core/binding/bind_group.h"
#include "core/device/device.h"
#include "core/resources/buffer.h"

namespace bindery::vulkan {

namespace {

std::atomic<uint64_t> gExactSets{0};

// The range bind_group.cpp writes for a dynamic entry without a size: the
// window left after the largest dynamic offset setBindGroup accepts (at
// least 4 bytes), valid at every accepted offset.
uint64_t ownUnsizedRange(const core::BindGroupBase& group, uint32_t i) {
  const core::BoundBufferRange& r = group.bufferRange(i);
  uint64_t maxOffset = group.dynamicOffsetLimits()[i].maxOffset;
  uint64_t window = r.size > maxOffset ? r.size - maxOffset : 0;
  return std::max<uint64_t>(window, std::min<uint64_t>(r.size, 4));
}

}  // namespace

uint64_t boundDynamicRange(const core::BindGroupBase& group, uint32_t i, uint64_t dynamicOffset) {
  const core::BoundBufferRange& r = group.bufferRange(i);
  const uint64_t bufferSize = group.buffer(i)->size();
  const uint64_t start = r.offset + dynamicOffset;
  if (start >= bufferSize) return 0;
  const uint64_t room = bufferSize - start;
  return r.sized ? std::min(r.size, room) : room;
}

std::vector<OwnSetFit> ownSetFits(const core::BindGroupBase& group) {
  std::vector<OwnSetFit> fits(group.dynamicOffsetCount());
  for (uint32_t i = 0; i < fits.size(); ++i) {
    const core::BoundBufferRange& r = group.bufferRange(i);
    const uint64_t bufferSize = group.buffer(i)->size();
    const uint64_t room = bufferSize > r.offset ? bufferSize - r.offset : 0;
    // boundDynamicRange(group, i, d) equals the written range when
    // r.offset + d + r.size <= bufferSize (with a size), or when the rest of
    // the buffer after r.offset + d is the written window (without one).
    // Both are above 0: a bound part has a non-zero size (#bind-group-creation).
    const uint64_t written = r.sized ? r.size : ownUnsizedRange(group, i);
    if (written > room) {
      fits[i] = {~uint64_t{0}, false};
    } else {
      fits[i] = {room - written, r.sized};
    }
  }
  return fits;
}

Result<VkDescriptorSet> exactSet(const core::BindGroupBase& group, const uint32_t* offsets) {
  auto& device = static_cast<Device&>(group.device()->backend());
  const std::shared_ptr<SetLayout>& layout = BindGroup::of(group).setLayout();
  Result<DescriptorSetAllocation> allocated = layout->allocateSet();
  if (allocated.isError()) return device.track(allocated.error()).error();
  const DescriptorSetAllocation set = allocated.value();
  // Back to the layout once the submission being recorded has completed.
  layout->release(set, device.pendingSerial());

  const VkDescriptorSet own = BindGroup::of(group).handle();
  const uint32_t dynamicCount = group.dynamicOffsetCount();
  std::vector<VkDescriptorBufferInfo> infos(dynamicCount);
  std::vector<VkWriteDescriptorSet> writes;
  std::vector<VkCopyDescriptorSet> copies;
  for (uint32_t i = 0; i < group.entryCount(); ++i) {
    const SetLayoutBinding& b = layout->binding(i);
    if (i >= dynamicCount) {
      auto copy = [&](uint32_t binding) {
        VkCopyDescriptorSet c{VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET};
        c.srcSet = own;
        c.srcBinding = binding;
        c.dstSet = set.set;
        c.dstBinding = binding;
        c.descriptorCount = 1;
        copies.push_back(c);
      };
      copy(b.binding);
      if (group.layoutEntry(i).kind == core::BindingKind::ExternalTexture) {
        copy(layout->externalBindings(i).plane1);
        copy(layout->externalBindings(i).parameters);
        copy(layout->externalBindings(i).plane2);
      }
      continue;
    }
    const uint64_t start = group.bufferRange(i).offset + offsets[i];
    const uint64_t range = boundDynamicRange(group, i, offsets[i]);
    const core::BoundBufferRange& r = group.bufferRange(i);
    if (r.sized && range < r.size && !device.physicalDevice().features.robustBufferAccess) {
      // A fixed-size type may reach past the shortened range: only the
      // device's robustBufferAccess (enabled where present) keeps it inside.
      return backend::internalError(fmt::format(
          "setBindGroup: binding {} of {} reaches past the end of {} at dynamic offset {} "
          "(allowed by #gpubindingcommandsmixin-setbindgroup); this Vulkan device has no "
          "robustBufferAccess to keep shaders inside the buffer.",
          b.binding, group.describe(), group.buffer(i)->describe(), offsets[i]));
    }
    if (range > 0) {
      infos[i] = {Buffer::of(*group.buffer(i)).handle(), start, wholeWords(range)};
    } else if (device.hasNullDescriptor()) {
      // Wholly past the buffer's end: reads give 0, writes are discarded.
      infos[i] = {VK_NULL_HANDLE, 0, VK_WHOLE_SIZE};
    } else {
      return backend::internalError(fmt::format(
          "setBindGroup: binding {} of {} lies wholly past the end of {} at dynamic offset {} "
          "(allowed by #gpubindingcommandsmixin-setbindgroup); this Vulkan device has no "
          "nullDescriptor (VK_EXT_robustness2) to bind it safely.",
          b.binding, group.describe(), group.buffer(i)->describe(), offsets[i]));
    }
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set.set;
    w.dstBinding = b.binding;
    w.descriptorCount = 1;
    w.descriptorType = b.type;
    w.pBufferInfo = &infos[i];
    writes.push_back(w);
  }
  vkUpdateDescriptorSets(device.handle(), static_cast<uint32_t>(writes.size()), writes.data(),
                         static_cast<uint32_t>(copies.size()), copies.data());
  gExactSets.fetch_add(1, std::memory_order_relaxed);
  return set.set;
}

uint64_t exactSetsWritten() {
  return gExactSets.load(std::memory_order_relaxed);
}

}  // namespace bindery::vulkan
