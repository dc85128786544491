// GPUPipelineLayout and its descriptor (#pipeline-layout-creation).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bindery/bind_group_layout.h"
#include "bindery/object.h"

namespace bindery {

struct PipelineLayoutDescriptor {
  std::string label;
  // sequence<GPUBindGroupLayout?>: a null handle is an empty slot, the Nth
  // element is @group(N).
  std::vector<BindGroupLayout> bindGroupLayouts;  // required
  uint32_t immediateSize = 0;
};

class PipelineLayout : public detail::Handle {
  BINDERY_HANDLE_CLASS(PipelineLayout);

  // [[bindGroupLayouts]]: maxBindGroups slots; null where the descriptor had
  // null, an empty layout, or nothing.
  std::vector<BindGroupLayout> bindGroupLayouts() const;
  uint32_t immediateSize() const;
};

}  // namespace bindery
