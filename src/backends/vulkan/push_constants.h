// SPDX-License-Identifier: MIT OR Apache-2.0
// The push constants of one bind point in a pass (pipeline_layout.h):
// - the immediates the pass set (setImmediates, "validate immediate data"),
//   zero at the start of a pass or bundle, at [0, immediateBytes);
// - after them, the effective buffer binding sizes of the layout's dynamic
//   storage entries (#abstract-opdef-effective-buffer-binding-size), read
//   from the groups the pass wants: a group's size is fixed at
//   createBindGroup, whatever the dynamic offset.
// push() runs before each dispatch or draw, after the descriptor binder's
// bind(): it pushes the immediates when they changed and the sizes when they
// differ from what was pushed, each its own range, so the user's bytes past
// a layout's immediates are never overwritten by sizes. A layout without
// dynamic storage entries costs one test more than immediates alone.
// Used by compute_pass_recorder and render_pass_recorder.
#pragma once

#include "backends/vulkan/functions.h"

#include <array>
#include <cstdint>
#include <vector>

#include "backends/vulkan/capabilities.h"
#include "backends/vulkan/descriptor_binder.h"
#include "backends/vulkan/pipeline_layout.h"

namespace bindery::core {
struct ImmediatesCmd;
}

namespace bindery::vulkan {

class PushConstants {
 public:
  // A new pass or bundle: the immediates are zero (#dom-gpucommandencoder-begincomputepass).
  void reset();
  void setImmediates(const core::ImmediatesCmd& cmd);
  // What the command buffer lacks for the binder's layout and wanted groups
  // (inline: a layout without push constants costs one test).
  void push(VkCommandBuffer commands, DescriptorBinder& binder) {
    if (binder.layout()->pushConstantSize() != 0) pushRanges(commands, binder);
  }

 private:
  void pushRanges(VkCommandBuffer commands, DescriptorBinder& binder);
  std::vector<uint8_t> immediates_;
  bool immediatesDirty_ = false;
  std::array<uint32_t, kMaxSizeWords> sizes_{};  // the sizes pushed last
};

}  // namespace bindery::vulkan
