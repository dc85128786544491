// The Vulkan device (a backend::DeviceBackend): VkDevice, its queue, the
// timeline semaphore (fences when absent) that turns submissions into
// serials, the pending command buffer that queue writes and resource
// initialisation record into, and deletion deferred until a serial completes.
//
// Creation of each object is in its own file (buffer.cpp, texture.cpp, ...);
// the queue timeline (writes, submit, completion) in queue.cpp.
#pragma once

#include "backends/vulkan/functions.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "backends/backend.h"
#include "backends/vulkan/error.h"
#include "backends/vulkan/formats.h"
#include "backends/vulkan/memory_allocator.h"
#include "backends/vulkan/physical_device.h"
#include "backends/vulkan/staging.h"

namespace bindery::vulkan {

struct TextureStateChange;  // texture.h

class Device final : public backend::DeviceBackend {
 public:
  struct Options {
    MemoryAllocator::Options memory;
    VkDeviceSize stagingChunkSize = VkDeviceSize{4} << 20;
    // Use fences even when timeline semaphores exist (tests the fallback).
    bool forceFences = false;
  };
  static Result<std::unique_ptr<Device>> create(const PhysicalDevice& physicalDevice,
                                                Options options);
  ~Device() override;

  VkDevice handle() const { return device_; }
  VkQueue queue() const { return queue_; }
  const PhysicalDevice& physicalDevice() const { return physical_; }
  MemoryAllocator& allocator() { return *allocator_; }
  StagingRing& staging() { return *staging_; }
  const FormatTable& formats() const { return formats_; }
  bool usesTimelineSemaphore() const { return timeline_ != VK_NULL_HANDLE; }
  bool isLost() const { return lost_; }
  // A texture's tracked state of subresource `index` before recording a
  // submission changes it (Texture::aboutToChange): kept while submit()
  // records, put back if the submission fails, since nothing of it runs.
  void noteTextureState(const TextureStateChange& change);  // texture.cpp
  // VK_KHR_dynamic_rendering's commands; null when the device lacks it
  // (render passes then give a 'not supported yet' internal error).
  PFN_vkCmdBeginRenderingKHR cmdBeginRendering = nullptr;
  PFN_vkCmdEndRenderingKHR cmdEndRendering = nullptr;
  // VK_EXT_conditional_rendering's commands; null without it (indirect draws
  // are then not guarded, render_pass_recorder.h).
  PFN_vkCmdBeginConditionalRenderingEXT cmdBeginConditionalRendering = nullptr;
  PFN_vkCmdEndConditionalRenderingEXT cmdEndConditionalRendering = nullptr;

  // The command buffer of work to run before the next submission (queue
  // writes, zero-initialisation, mappedAtCreation uploads); begun on first use.
  Result<VkCommandBuffer> pendingCommands();
  bool hasPendingCommands() const { return pending_ != VK_NULL_HANDLE; }
  // The serial that covers work recorded now: the next submission's.
  Serial pendingSerial() const { return lastSubmitted_ + 1; }
  // Submits the pending commands (if any) then `commandBuffers`; returns the
  // new serial. The command buffers are recycled once it completes.
  Result<Serial> submitCommandBuffers(std::span<const VkCommandBuffer> commandBuffers);
  // Submits the pending commands alone when there are any.
  Status flush();
  // Work recorded for the next submission writes memory the host reads
  // afterwards (a buffer with GPUBufferUsage.MAP_READ, or staging memory read
  // back): that submission ends with a barrier that makes the writes visible
  // to the host. Submissions without such writes (passes whose buffers can't
  // be mapped, empty command buffers) end without one.
  void noteHostReadableWrite() { hostReadableWrites_ = true; }
  // A begun command buffer for one submission.
  Result<VkCommandBuffer> beginCommandBuffer();

  // The serial whose completion ends every use of objects by work submitted
  // (or pending) so far.
  Serial retireSerial() const {
    return hasPendingCommands() ? pendingSerial() : lastSubmitted_.load();
  }
  // Whether the work up to `serial` has completed, as last polled (always,
  // once the device is destroyed or lost: nothing runs any more).
  bool hasCompleted(Serial serial) const { return serial <= completed_ || destroyed_ || lost_; }
  // Runs `destroy` once every work submitted (or pending) so far has
  // completed: at once when it already has.
  void deferDestroy(std::function<void()> destroy);
  // Runs `destroy` once the submission being recorded (the next serial) has
  // completed: for objects that command buffers recorded now use.
  void deferDestroyAfterPendingSubmit(std::function<void()> destroy);
  // Runs `destroy` once `serial` has completed: at once when it already has.
  void deferDestroyAfter(Serial serial, std::function<void()> destroy);
  // VK_EXT_robustness2's nullDescriptor is enabled (dynamic_ranges.h).
  bool hasNullDescriptor() const { return nullDescriptor_; }
  // Reclaims command buffers, staging chunks and deferred deletions whose
  // serial completed.
  void tick();
  // A DeviceLost result marks the device lost; other errors pass through.
  Status track(Status status);

  // backend::DeviceBackend ----------------------------------------------------
  Result<std::unique_ptr<backend::BufferBackend>> createBuffer(const core::BufferBase& buffer,
                                                               bool mappedAtCreation) override;
  Result<std::unique_ptr<backend::TextureBackend>> createTexture(
      const core::TextureBase& texture) override;
  Result<std::unique_ptr<backend::TextureViewBackend>> createTextureView(
      const core::TextureViewBase& view) override;
  Result<std::unique_ptr<backend::SamplerBackend>> createSampler(
      const core::SamplerBase& sampler) override;
  Result<std::unique_ptr<backend::BindGroupLayoutBackend>> createBindGroupLayout(
      const core::BindGroupLayoutBase& layout) override;
  Result<std::unique_ptr<backend::BindGroupBackend>> createBindGroup(
      const core::BindGroupBase& group) override;
  Result<std::unique_ptr<backend::PipelineLayoutBackend>> createPipelineLayout(
      const core::PipelineLayoutBase& layout) override;
  Result<std::unique_ptr<backend::ShaderModuleBackend>> createShaderModule(
      const core::ShaderModuleBase& module) override;
  Result<std::unique_ptr<backend::ComputePipelineBackend>> createComputePipeline(
      const core::ComputePipelineBase& pipeline) override;
  Result<std::unique_ptr<backend::RenderPipelineBackend>> createRenderPipeline(
      const core::RenderPipelineBase& pipeline) override;
  Result<std::unique_ptr<backend::QuerySetBackend>> createQuerySet(
      const core::QuerySetBase& querySet) override;

  Status writeBuffer(core::BufferBase& buffer, uint64_t offset, const uint8_t* data,
                     uint64_t size) override;
  Status writeTexture(core::TextureBase& texture, const TexelCopyTextureInfo& destination,
                      const uint8_t* data, const TexelCopyBufferLayout& layout,
                      const Extent3D& size) override;
  Status readTexture(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                     uint8_t* data, const TexelCopyBufferLayout& layout,
                     const Extent3D& size) override;
  Result<Serial> submit(std::span<const core::CommandStream* const> commands) override;
  Serial lastSubmittedSerial() const override;
  Result<Serial> completedSerial() override;
  Result<bool> waitSerial(Serial serial, std::chrono::nanoseconds timeout) override;
  void destroy() override;

 private:
  explicit Device(const PhysicalDevice& physicalDevice);
  Status initialize(const Options& options);
  Result<Serial> queueSubmit(std::span<const VkCommandBuffer> commandBuffers);
  Result<Serial> pollCompletedSerial();
  void releaseEverything();

  PhysicalDevice physical_;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  VkCommandPool commandPool_ = VK_NULL_HANDLE;
  VkSemaphore timeline_ = VK_NULL_HANDLE;
  std::unique_ptr<MemoryAllocator> allocator_;
  std::unique_ptr<StagingRing> staging_;
  FormatTable formats_;

  // Written under waitMutex_ (with the fence list), read anywhere.
  std::atomic<Serial> lastSubmitted_{0};
  Serial completed_ = 0;
  std::atomic<bool> lost_{false};  // read by waitSerial on another thread
  std::atomic<bool> destroyed_{false};
  bool nullDescriptor_ = false;
  VkCommandBuffer pending_ = VK_NULL_HANDLE;
  bool hostReadableWrites_ = false;

  struct InFlightCommands {
    Serial serial;
    VkCommandBuffer commandBuffer;
  };
  std::deque<InFlightCommands> inFlightCommands_;
  std::vector<VkCommandBuffer> freeCommandBuffers_;
  // noteTextureState's record of the submission being recorded.
  bool recordingSubmission_ = false;
  std::vector<TextureStateChange> textureChanges_;
  struct Deletion {
    Serial serial;
    std::function<void()> destroy;
  };
  std::deque<Deletion> deletions_;
  // waitSerial runs on another thread (a Node waiter) while this one submits
  // and polls. waitMutex_ guards the fences, the waiter count and the
  // submission of a serial (lastSubmitted_ changes with the fence list, so a
  // waiter never sees one without the other). A fence a waiter may be
  // waiting on is not destroyed while any waiter waits: signalled fences go
  // to retiredFences_ and the last waiter out destroys them. The destructor
  // waits until no waiter is inside a Vulkan wait (device.cpp).
  std::mutex waitMutex_;
  std::condition_variable waitChanged_;  // a submission, the last waiter out, destroy
  uint32_t waiters_ = 0;
  // Fence fallback: one fence per submission, in serial order.
  std::deque<std::pair<Serial, VkFence>> fences_;
  std::vector<VkFence> retiredFences_;
  Serial fenceCompleted_ = 0;   // the last serial whose fence was found signalled
  void destroyRetiredFences();  // under waitMutex_, no waiter
};

}  // namespace bindery::vulkan
