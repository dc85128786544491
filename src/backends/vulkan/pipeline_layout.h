// GPUPipelineLayout on Vulkan: a VkPipelineLayout whose set n is @group(n)'s
// set layout (the shared empty set layout for a group the layout leaves
// empty), and one push-constant range for every stage: the immediates
// (var<immediate>) at [0, immediateSize rounded up to 4), then one u32 per
// storage entry with hasDynamicOffset, in group and dense order, holding the
// effective buffer binding size of the bound group's entry
// (#abstract-opdef-effective-buffer-binding-size). The descriptor range of
// such an entry is cut to what lies inside the buffer at the dynamic offset
// (bind_group.h, dynamic_ranges.h), so OpArrayLength is not that size: the
// SPIR-V generator computes arrayLength / bufferLength from the word
// (spirv::Options::effectiveSizeWords; src/spirv/effective_size.cpp) and
// the pass recorders push the words (push_constants.h). capabilities.cpp
// keeps maxImmediateSize + 4 * maxDynamicStorageBuffersPerPipelineLayout
// within maxPushConstantsSize.
#pragma once

#include "backends/vulkan/functions.h"

#include <map>
#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "bindery/spirv/generate.h"

namespace bindery::core {
class PipelineLayoutBase;
}

namespace bindery::vulkan {

class ComputeState;
class SetLayout;

class PipelineLayout final : public backend::PipelineLayoutBackend {
 public:
  static Result<std::unique_ptr<PipelineLayout>> create(std::shared_ptr<ComputeState> state,
                                                        const core::PipelineLayoutBase& layout);
  ~PipelineLayout() override;

  VkPipelineLayout handle() const { return layout_; }
  uint32_t setCount() const { return static_cast<uint32_t>(sets_.size()); }
  // Set n's layout (an empty one for an unused group).
  const SetLayout& set(uint32_t n) const { return *sets_[n]; }
  // Bit n: set n has bindings (the sets a descriptor set is bound for).
  uint32_t nonEmptySets() const { return nonEmptySets_; }
  VkDescriptorSetLayout setHandle(uint32_t n) const;
  uint32_t pushConstantSize() const { return pushConstantSize_; }
  // The immediates' bytes: [0, immediateBytes()); the size words follow.
  uint32_t immediateBytes() const { return immediateBytes_; }
  // A dynamic storage entry whose effective binding size is pushed: its
  // group and dense index (dynamic entries come first in dense order).
  struct SizeWord {
    uint32_t group = 0;
    uint32_t entry = 0;
  };
  // In push-constant order: word k is at immediateBytes() + 4 * k.
  const std::vector<SizeWord>& sizeWords() const { return sizeWords_; }
  // The same, by (group, binding), for the SPIR-V generator.
  const std::map<spirv::Binding, uint32_t>& effectiveSizeWords() const {
    return effectiveSizeWords_;
  }
  static constexpr VkShaderStageFlags kPushConstantStages =
      VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

  // The first set for which a descriptor set bound with `a` stays bound with
  // `b` no longer (Vulkan's "pipeline layout compatibility": identical set
  // layouts up to it, identical push-constant ranges); setCount() of the
  // shorter when all shared sets are compatible.
  static uint32_t firstIncompatibleSet(const PipelineLayout* a, const PipelineLayout& b);

  static PipelineLayout& of(const core::PipelineLayoutBase& layout);

 private:
  explicit PipelineLayout(std::shared_ptr<ComputeState> state) : state_(std::move(state)) {}
  std::shared_ptr<ComputeState> state_;
  std::vector<std::shared_ptr<SetLayout>> sets_;
  uint32_t pushConstantSize_ = 0;
  uint32_t nonEmptySets_ = 0;
  uint32_t immediateBytes_ = 0;
  std::vector<SizeWord> sizeWords_;
  std::map<spirv::Binding, uint32_t> effectiveSizeWords_;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
};

}  // namespace bindery::vulkan
