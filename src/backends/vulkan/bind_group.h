// GPUBindGroup on Vulkan: a VkDescriptorSet of its layout's SetLayout,
// written once at creation (its layout's update template), from the device's shared
// descriptor pools (descriptor_allocator.h). Buffer entries are written with
// exactly the range the core validated (#bind-group-creation): the offset,
// and the size, which for a binding without a size is the rest of the buffer
// from the offset (#abstract-opdef-effective-buffer-binding-size) — never
// VK_WHOLE_SIZE, which would reach into the 4-byte padding of the VkBuffer.
// A dynamic-offset entry without a size has the size of its smallest window
// (the rest of the buffer after the largest valid dynamic offset), because
// Vulkan keeps one range for every dynamic offset (dynamic_ranges.h binds the
// rest; arrayLength comes from the pushed effective binding size,
// pipeline_layout.h).
//
// Texture entries are written with their view and the layout their
// subresources are in while shaders use them: SHADER_READ_ONLY_OPTIMAL for a
// sampled texture, GENERAL for a storage texture (read-only, write-only or
// read-write); sampler entries with their VkSampler (sampler.h). The group
// lists its textures (textureUses()) so that a pass moves them to that layout
// before using them (Texture::prepareShaderUse, texture.h): a compute pass
// before each dispatch that uses the group, a render pass before it begins.
// texture_external entries are written as planes and a parameters buffer
// (external_texture.h), each plane a sampled texture.
//
// When the group is destroyed, its set goes back to the set layout, which
// reuses it once the GPU has finished the last submission that bound it (at
// once when none has: a group made and dropped without being submitted
// costs no new set).
#pragma once

#include "backends/vulkan/functions.h"

#include <memory>
#include <span>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/bind_group_layout.h"
#include "backends/vulkan/descriptor_allocator.h"
#include "backends/vulkan/dynamic_ranges.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/external_texture.h"
#include "core/binding/bind_group.h"

namespace bindery::core {
class TextureViewBase;
}  // namespace bindery::core

namespace bindery::vulkan {

class BindGroup;
class Device;
class TextureView;

// A buffer the group gives shaders, for the barriers of
// compute_pass_recorder.cpp.
struct BufferUse {
  VkBuffer buffer = VK_NULL_HANDLE;
  bool writable = false;
  // The bound range [offset, offset + size), moved by dynamicOffsets[dynamicIndex]
  // when the entry has a dynamic offset (dynamicIndex >= 0; dense order puts
  // those first). A binding without a size reaches the buffer's end.
  uint64_t offset = 0;
  uint64_t size = 0;
  int32_t dynamicIndex = -1;
};

// A texture view the group gives shaders: the layout its subresources must be
// in, and whether shaders may write it (a storage texture not 'read-only').
struct TextureUse {
  TextureView* view = nullptr;
  VkImageLayout layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  bool writable = false;
};

// Moves every texture `group` gives shaders to its layout, clearing what was
// never written (Texture::prepareShaderUse), for shaders of `stages`.
void prepareTextureUses(VkCommandBuffer commands, const BindGroup& group,
                        VkPipelineStageFlags stages);

class BindGroup final : public backend::BindGroupBackend {
 public:
  static Result<std::unique_ptr<BindGroup>> create(Device& device,
                                                   const core::BindGroupBase& group);
  ~BindGroup() override;
  static void operator delete(void* p);  // the block operator new made

  VkDescriptorSet handle() const { return set_.set; }
  // A submission (its serial) binds the group's set: when the group is
  // destroyed, the set is reused only once the last such submission has
  // completed (at once when none has bound it).
  void noteBound(backend::Serial serial) const { lastBound_ = serial; }
  const std::shared_ptr<SetLayout>& setLayout() const { return layout_; }
  // In dense order (the group's buffer entries).
  std::span<const BufferUse> bufferUses() const { return {uses_, useCount_}; }
  const std::vector<TextureUse>& textureUses() const { return textures_; }
  bool writesAnything() const { return writes_; }
  // Whether the own set binds these dynamic offsets (one per dynamic entry)
  // as WebGPU does; else the binder writes a transient set (dynamic_ranges.h).
  bool ownSetServes(const uint32_t* offsets) const {
    for (size_t i = 0; i < fits_.size(); ++i) {
      const OwnSetFit& f = fits_[i];
      if (f.upTo ? offsets[i] > f.limit : offsets[i] != f.limit) return false;
    }
    return true;
  }

  static BindGroup& of(const core::BindGroupBase& group) {
    return *static_cast<BindGroup*>(group.backendObject());
  }

 private:
  BindGroup(std::shared_ptr<SetLayout> layout, uint32_t buffers);
  // Room for the object and its `buffers` BufferUse after it (one
  // allocation per group); the matching delete when a constructor throws.
  static void* operator new(size_t size, uint32_t buffers);
  static void operator delete(void* p, uint32_t buffers);
  Status write(const core::BindGroupBase& group);
  // Dense entry i (a sampler or a texture view): its descriptor's info.
  Status writeTexture(const core::BindGroupBase& group, uint32_t i, VkDescriptorImageInfo& info);
  // Dense entry i, a texture_external: its four descriptors' infos.
  Status writeExternal(const core::BindGroupBase& group, uint32_t i, DescriptorInfo* infos);
  // The view's VkImageView, noted as a texture shaders use in `layout`.
  Result<VkImageView> useView(const core::TextureViewBase& view, VkImageLayout layout,
                              bool writable);

  std::shared_ptr<SetLayout> layout_;  // keeps the device's pools (its ComputeState) alive
  DescriptorSetAllocation set_;
  mutable backend::Serial lastBound_ = 0;  // noteBound()
  BufferUse* uses_ = nullptr;              // right after the object, in its allocation
  uint32_t useCount_ = 0;
  std::vector<TextureUse> textures_;
  std::vector<std::unique_ptr<ExternalParamsBuffer>> params_;  // texture_external entries
  bool writes_ = false;
  std::vector<OwnSetFit> fits_;  // per dynamic entry
};

}  // namespace bindery::vulkan
