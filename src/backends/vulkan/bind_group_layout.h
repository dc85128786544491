// GPUBindGroupLayout on Vulkan: a VkDescriptorSetLayout (SetLayout), shared by
// every internally equal layout as the core shares its
// BindGroupLayoutInternal (#bind-group-layout-creation: equal entries, one
// layout), through the device's SetLayoutCache.
//
// Binding numbers are WebGPU's (@binding(n) is Vulkan binding n, so dynamic
// offsets, which Vulkan orders by binding number, are in WebGPU's order);
// hasDynamicOffset -> UNIFORM_BUFFER_DYNAMIC / STORAGE_BUFFER_DYNAMIC. A
// texture_external entry is expanded into its planes and parameters: binding
// n holds plane 0, bindings n + 1000 and n + 2000 plane 1 and the parameters'
// uniform buffer (externalBindings(), external_texture.h).
//
// A set is written in one call through the set layout's descriptor update
// template: the bind group fills one DescriptorInfo per descriptor, in the
// order of the entries' slots (SetLayoutBinding::slot), and update() hands
// the array to the driver, which reads it without the per-write structures
// vkUpdateDescriptorSets parses.
//
// The set layout also keeps the sets of destroyed bind groups for reuse: a
// released set whose last submission has completed (or that none used) is
// reusable at once; one still in use waits with that submission's serial
// until it completes. allocateSet() takes a reusable set first, then a set
// from the pools.
#pragma once

#include "backends/vulkan/functions.h"

#include <cstddef>
#include <deque>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/descriptor_allocator.h"
#include "backends/vulkan/error.h"
#include "core/binding/bind_group_layout.h"

namespace bindery::vulkan {

class ComputeState;
class Device;

// The Vulkan descriptor of one dense entry of the layout.
struct SetLayoutBinding {
  uint32_t binding = 0;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
  bool writable = false;  // a storage buffer or storage texture written by shaders
  // Where its descriptors' infos start in the array update() reads (a
  // texture_external entry has four: plane 0, plane 1, the parameters,
  // plane 2).
  uint32_t slot = 0;
};

// One descriptor's info: a buffer's or an image's (a view, a sampler).
union DescriptorInfo {
  VkDescriptorBufferInfo buffer;
  VkDescriptorImageInfo image;
};

// texture_external entry n's extra bindings.
struct ExternalBindings {
  uint32_t plane1 = 0;
  uint32_t parameters = 0;
  uint32_t plane2 = 0;
};

class SetLayout {
 public:
  SetLayout(std::shared_ptr<ComputeState> state, std::vector<core::LayoutEntry> entries);
  ~SetLayout();
  SetLayout(const SetLayout&) = delete;
  SetLayout& operator=(const SetLayout&) = delete;
  Status initialize();

  ComputeState& state() const { return *state_; }
  VkDescriptorSetLayout handle() const { return layout_; }
  // In the core's dense order (buffers first, dynamic ones first).
  const std::vector<core::LayoutEntry>& entries() const { return entries_; }
  const SetLayoutBinding& binding(uint32_t dense) const { return bindings_[dense]; }
  // Parallel to entries(); meaningful for texture_external entries only.
  const ExternalBindings& externalBindings(uint32_t dense) const { return external_[dense]; }
  uint32_t dynamicOffsetCount() const { return dynamicCount_; }
  bool empty() const { return entries_.empty(); }

  // The infos a set's update() reads: one per descriptor.
  uint32_t descriptorCount() const { return descriptorCount_; }
  // Writes every descriptor of `set` from `infos` (descriptorCount() of
  // them, each at its entry's slot).
  void update(VkDescriptorSet set, const DescriptorInfo* infos) const {
    if (template_ != VK_NULL_HANDLE)
      vkUpdateDescriptorSetWithTemplate(device_, set, template_, infos);
  }

  // A set of this layout: a released one whose work has completed when there
  // is one, else one from the pools.
  Result<DescriptorSetAllocation> allocateSet();
  // A set no longer used once `serial` has completed (a destroyed bind
  // group's: the last submission that bound it, 0 when none did; a
  // transient set's: the submission being recorded), reused after that.
  void release(const DescriptorSetAllocation& set, backend::Serial serial);

 private:
  struct Released {
    backend::Serial serial;  // reusable once this serial has completed
    DescriptorSetAllocation set;
  };

  std::shared_ptr<ComputeState> state_;  // first: destroyed last
  VkDevice device_ = VK_NULL_HANDLE;
  std::vector<core::LayoutEntry> entries_;
  std::vector<SetLayoutBinding> bindings_;
  std::vector<ExternalBindings> external_;
  uint32_t dynamicCount_ = 0;
  uint32_t descriptorCount_ = 0;
  VkDescriptorSetLayout layout_ = VK_NULL_HANDLE;
  VkDescriptorUpdateTemplate template_ = VK_NULL_HANDLE;  // none for a layout without entries
  std::vector<DescriptorSetAllocation> ready_;            // reusable now (the latest first)
  std::deque<Released> inFlight_;  // in release order (moved to ready_ from the front)
};

// The device's live set layouts by content.
class SetLayoutCache {
 public:
  explicit SetLayoutCache(ComputeState& state) : state_(state) {}
  // The set layout with these dense entries (made when none lives).
  Result<std::shared_ptr<SetLayout>> get(const core::BindGroupLayoutInternal& layout);
  // The layout of no entries (pipeline layouts' unused groups).
  Result<std::shared_ptr<SetLayout>> empty();
  size_t liveCount();

 private:
  Result<std::shared_ptr<SetLayout>> get(std::span<const core::LayoutEntry> entries, size_t hash);
  ComputeState& state_;
  std::unordered_multimap<size_t, std::weak_ptr<SetLayout>> layouts_;
};

class BindGroupLayout final : public backend::BindGroupLayoutBackend {
 public:
  BindGroupLayout(std::shared_ptr<ComputeState> state, std::shared_ptr<SetLayout> layout);
  ~BindGroupLayout() override;
  const std::shared_ptr<SetLayout>& setLayout() const { return layout_; }

 private:
  std::shared_ptr<ComputeState> state_;
  std::shared_ptr<SetLayout> layout_;
};

// The set layout of `layout` (through its backend object when it has one).
Result<std::shared_ptr<SetLayout>> setLayoutOf(ComputeState& state,
                                               const core::BindGroupLayoutBase& layout);
// The same, looking up the device's ComputeState only when `layout` has no
// backend object.
Result<std::shared_ptr<SetLayout>> setLayoutOf(Device& device,
                                               const core::BindGroupLayoutBase& layout);

}  // namespace bindery::vulkan
