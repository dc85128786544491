// SPDX-License-Identifier: MIT OR Apache-2.0
// Dynamic-offset buffer bindings whose written descriptor cannot serve a
// given dynamic offset. A bind group's set is written once (bind_group.h),
// and Vulkan keeps one range for every dynamic offset
// (VkDescriptorBufferInfo), but WebGPU's binding depends on the offset:
//
// - a binding with a size may reach past the buffer's end once the dynamic
//   offset is added: #gpubindingcommandsmixin-setbindgroup checks only
//   offset + dynamicOffset + minBindingSize <= buffer.size, while Vulkan
//   requires effective offset + range <= buffer size
//   (VUID-vkCmdBindDescriptorSets-pDescriptorSets-01979). The range bound is
//   the part of the binding inside the buffer, so no shader reaches past the
//   buffer: runtime arrays are clamped by OpArrayLength (src/spirv/access.cpp),
//   which follows the descriptor's range, and other accesses past the range
//   are kept inside it by the device's robustBufferAccess (enabled,
//   capabilities.cpp; without it such a bind is an internal error, never
//   unsafe). A binding that lies wholly past the end is bound as a
//   null descriptor (VK_EXT_robustness2's nullDescriptor: reads give zero,
//   writes are discarded, #out-of-bounds-access-sec), or is an internal error
//   on a device without it.
// - a binding without a size covers the buffer from offset + dynamicOffset
//   to its end, which depends on the dynamic offset (its arrayLength() does
//   not: #abstract-opdef-effective-buffer-binding-size is buffer.size -
//   offset, pushed as a push constant, pipeline_layout.h).
//
// For such a bind, exactSet() writes a transient set of the group's layout:
// a copy of the group's set whose dynamic buffer entries are written at
// offset + dynamicOffset with the exact range, bound with dynamic offsets 0.
// The set goes back to its layout once the submission being recorded
// completes (Device::deferDestroyAfterPendingSubmit).
#pragma once

#include "backends/vulkan/functions.h"

#include <cstdint>
#include <vector>

#include "backends/vulkan/error.h"

namespace bindery::core {
class BindGroupBase;
}

namespace bindery::vulkan {

// The range of [offset + dynamicOffset, ...) that dynamic buffer entry i of
// `group` binds with `dynamicOffset`: the binding's size clamped to the
// buffer's end, or for a binding without a size the rest of the buffer.
uint64_t boundDynamicRange(const core::BindGroupBase& group, uint32_t i, uint64_t dynamicOffset);

// Which dynamic offsets the group's own set (written by bind_group.cpp: a
// binding with a size at its size, one without at its smallest window) binds
// exactly as WebGPU binds them, per dynamic entry: those up to `limit` for a
// binding with a size (it stays inside the buffer), `limit` alone for one
// without (the window ends at the buffer's end). Worked out once, when the
// group is created (BindGroup::ownSetServes tests offsets against it).
struct OwnSetFit {
  uint64_t limit = 0;
  bool upTo = true;  // false: exactly `limit` (never, when above any u32)
};
std::vector<OwnSetFit> ownSetFits(const core::BindGroupBase& group);

// A transient set for `group` at `offsets` (see above); its dynamic offsets
// are all 0.
Result<VkDescriptorSet> exactSet(const core::BindGroupBase& group, const uint32_t* offsets);

// For tests: transient sets written in this process.
uint64_t exactSetsWritten();

}  // namespace bindery::vulkan
