// GPUPipelineLayout on Vulkan: a VkPipelineLayout whose set n is @group(n)'s
// set layout (the shared empty set layout for a group the layout leaves
// empty), and, when immediateSize > 0, one push-constant range [0,
// immediateSize) for every stage (var<immediate>).
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/error.h"

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
  VkDescriptorSetLayout setHandle(uint32_t n) const;
  uint32_t pushConstantSize() const { return pushConstantSize_; }
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
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
};

}  // namespace bindery::vulkan
