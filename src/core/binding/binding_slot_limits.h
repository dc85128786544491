// "exceeds the binding slot limits" (#bind-group-layout-creation): one
// counting routine for a bind group layout's entries and for all the entries
// of a pipeline layout's groups (#pipeline-layout-creation).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "bindery/error.h"
#include "bindery/limits.h"
#include "core/base/error_data.h"

namespace bindery::core {

struct LayoutEntry;

// Slots one entry list uses toward each limit.
struct BindingSlotCounts {
  enum Stage : uint8_t { Vertex, Fragment, Compute, kStageCount };
  struct PerStage {
    uint32_t uniformBuffers = 0;
    uint32_t storageBuffers = 0;
    uint32_t samplers = 0;
    uint32_t sampledTextures = 0;
    uint32_t storageTextures = 0;
  };
  uint32_t dynamicUniformBuffers = 0;
  uint32_t dynamicStorageBuffers = 0;
  std::array<PerStage, kStageCount> stages{};

  void add(const LayoutEntry& entry);
  BindingSlotCounts& operator+=(const BindingSlotCounts& other);
};

// One entry list's entries, tagged with the group they come from (for the
// pipeline layout's message; -1 for a lone bind group layout).
struct SlotSource {
  int group = -1;
  std::span<const LayoutEntry> entries;
};

// Fails with `code` when `counts` exceeds a limit of `limits`. Only on
// failure are the sources walked again to name the bindings that use the
// slots of the exceeded limit.
MaybeError validateBindingSlotLimits(const BindingSlotCounts& counts, const Limits& limits,
                                     ErrorCode code, std::span<const SlotSource> sources);

}  // namespace bindery::core
