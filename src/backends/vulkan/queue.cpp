// The Vulkan device's queue timeline: writes through staging memory, submit,
// and completion by serial (timeline semaphore, or one fence per submission).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "backends/vulkan/barriers.h"
#include "backends/vulkan/buffer.h"
#include "backends/vulkan/command_recorder.h"
#include "backends/vulkan/copies.h"
#include "backends/vulkan/device.h"
#include "backends/vulkan/texture.h"
#include "core/commands/command_buffer.h"
#include "core/resources/buffer.h"
#include "core/resources/format.h"
#include "core/resources/texture.h"

namespace bindery::vulkan {

// #dom-gpuqueue-writebuffer: the bytes go to staging memory now; the copy
// runs before the next submission's commands.
Status Device::writeBuffer(core::BufferBase& buffer, uint64_t offset, const uint8_t* data,
                           uint64_t size) {
  if (size == 0) return {};
  Result<StagingSpan> span = staging_->allocate(size, 4, pendingSerial());
  if (span.isError()) return track(span.error());
  std::memcpy(span.value().data, data, size);
  Result<VkCommandBuffer> commands = pendingCommands();
  if (commands.isError()) return track(commands.error());
  recordCopyBufferToBuffer(commands.value(), span.value().buffer, span.value().offset,
                           Buffer::of(buffer).handle(), offset, size);
  if (buffer.usage().has(BufferUsage::MapRead)) noteHostReadableWrite();
  return {};
}

// #dom-gpuqueue-writetexture: the rows are packed tightly into staging memory
// (so any bytesPerRow and offset work), then copied like copyBufferToTexture.
Status Device::writeTexture(core::TextureBase& texture, const TexelCopyTextureInfo& destination,
                            const uint8_t* data, const TexelCopyBufferLayout& layout,
                            const Extent3D& size) {
  const core::FormatInfo& info = core::formatInfo(texture.format());
  uint32_t blockBytes =
      core::aspectCopyFootprint(texture.format(), destination.aspect).value_or(info.texelBlockSize);
  uint64_t rowBytes = uint64_t{size.width / info.blockWidth} * blockBytes;
  uint64_t rows = size.height / info.blockHeight;
  uint64_t images = size.depthOrArrayLayers;
  if (rowBytes == 0 || rows == 0 || images == 0) return {};
  Result<StagingSpan> span = staging_->allocate(rowBytes * rows * images, 16, pendingSerial());
  if (span.isError()) return track(span.error());
  uint64_t bytesPerRow = layout.bytesPerRow.value_or(0);
  uint64_t imageStride = bytesPerRow * layout.rowsPerImage.value_or(0);
  uint8_t* out = span.value().data;
  for (uint64_t z = 0; z < images; ++z) {
    for (uint64_t y = 0; y < rows; ++y, out += rowBytes) {
      std::memcpy(out, data + layout.offset + z * imageStride + y * bytesPerRow, rowBytes);
    }
  }
  Result<VkCommandBuffer> commands = pendingCommands();
  if (commands.isError()) return track(commands.error());
  LinearTexels source{span.value().buffer, span.value().offset, static_cast<uint32_t>(rowBytes),
                      static_cast<uint32_t>(rows)};
  recordCopyBufferToTexture(
      commands.value(), source,
      {&texture, destination.mipLevel, destination.origin, destination.aspect}, size);
  return {};
}

// copyExternalImageToTexture from a frame: the region copied to staging
// memory in the pending command buffer, which is submitted at once and waited
// for; then the rows are copied out.
Status Device::readTexture(const core::TextureBase& texture, const TexelCopyTextureInfo& source,
                           uint8_t* data, const TexelCopyBufferLayout& layout,
                           const Extent3D& size) {
  uint64_t rowBytes = uint64_t{size.width} * core::formatInfo(texture.format()).texelBlockSize;
  uint64_t rows = size.height;
  if (rowBytes == 0 || rows == 0 || size.depthOrArrayLayers == 0) return {};
  Result<StagingSpan> span = staging_->allocate(rowBytes * rows, 16, pendingSerial());
  if (span.isError()) return track(span.error());
  Result<VkCommandBuffer> commands = pendingCommands();
  if (commands.isError()) return track(commands.error());
  LinearTexels destination{span.value().buffer, span.value().offset,
                           static_cast<uint32_t>(rowBytes), static_cast<uint32_t>(rows)};
  recordCopyTextureToBuffer(commands.value(),
                            {&texture, source.mipLevel, source.origin, source.aspect}, destination,
                            {size.width, size.height, 1});
  noteHostReadableWrite();
  Status flushed = flush();
  if (flushed.isError()) return flushed;
  Result<bool> done = waitSerial(lastSubmittedSerial(), std::chrono::minutes(10));
  if (done.isError()) return done.error();
  if (!done.value())
    return backend::internalError("readTexture: the device did not finish in time.");
  const uint8_t* in = span.value().data;
  for (uint64_t y = 0; y < rows; ++y) {
    std::memcpy(data + layout.offset + y * layout.bytesPerRow.value_or(0), in + y * rowBytes,
                rowBytes);
  }
  return {};
}

Result<Serial> Device::submit(std::span<const core::CommandStream* const> streams) {
  if (lost_) return backend::deviceLost("The Vulkan device is lost.");
  std::vector<VkCommandBuffer> recorded;
  Status failed;
  recordingSubmission_ = true;
  textureChanges_.clear();
  for (const core::CommandStream* stream : streams) {
    // An empty command buffer (createCommandEncoder().finish()) records
    // nothing: the submission signals its serial without it.
    if (stream->empty()) continue;
    Result<VkCommandBuffer> commands = beginCommandBuffer();
    if (commands.isError()) {
      failed = commands.error();
      break;
    }
    recorded.push_back(commands.value());
    bool hostReadable = false;
    // Nothing submits while this records: the submission gets pendingSerial().
    Status status = recordCommandStream(commands.value(), *stream, pendingSerial(), hostReadable);
    if (hostReadable) noteHostReadableWrite();
    if (status.isError()) {
      failed = status;
      break;
    }
  }
  recordingSubmission_ = false;
  if (failed.isError()) {
    // Nothing of this submission runs, so the textures' tracked layouts and
    // initialised bits go back to what they were (undone from the latest
    // change back); earlier queue writes still run.
    for (auto it = textureChanges_.rbegin(); it != textureChanges_.rend(); ++it) {
      it->texture->restoreState(it->index, it->layout, it->initialized);
    }
    textureChanges_.clear();
    for (VkCommandBuffer c : recorded) {
      vkEndCommandBuffer(c);
      freeCommandBuffers_.push_back(c);
    }
    Status flushed = flush();
    if (flushed.isError()) return flushed.error();
    return failed.error();
  }
  textureChanges_.clear();
  return submitCommandBuffers(recorded);
}

Status Device::flush() {
  if (!hasPendingCommands()) return {};
  Result<Serial> serial = submitCommandBuffers({});
  if (serial.isError()) return serial.error();
  return {};
}

Result<Serial> Device::submitCommandBuffers(std::span<const VkCommandBuffer> commandBuffers) {
  std::vector<VkCommandBuffer> all;
  if (pending_ != VK_NULL_HANDLE) all.push_back(std::exchange(pending_, VK_NULL_HANDLE));
  all.insert(all.end(), commandBuffers.begin(), commandBuffers.end());
  Status ended;
  const bool hostReads = std::exchange(hostReadableWrites_, false);
  for (size_t i = 0; i < all.size(); ++i) {
    // The last one makes the submission's writes visible to the host.
    if (hostReads && i + 1 == all.size()) hostReadBarrier(all[i]);
    Status status = checkVk(vkEndCommandBuffer(all[i]), "vkEndCommandBuffer");
    if (status.isError() && !ended.isError()) ended = status;
  }
  if (ended.isError()) {
    freeCommandBuffers_.insert(freeCommandBuffers_.end(), all.begin(), all.end());
    return track(ended).error();
  }
  Result<Serial> serial = queueSubmit(all);
  if (serial.isError()) {
    freeCommandBuffers_.insert(freeCommandBuffers_.end(), all.begin(), all.end());
    return track(serial.error()).error();
  }
  for (VkCommandBuffer c : all) inFlightCommands_.push_back({serial.value(), c});
  return serial;
}

Result<Serial> Device::queueSubmit(std::span<const VkCommandBuffer> commandBuffers) {
  Serial serial = lastSubmitted_ + 1;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = static_cast<uint32_t>(commandBuffers.size());
  submit.pCommandBuffers = commandBuffers.data();
  VkTimelineSemaphoreSubmitInfo timeline{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  VkFence fence = VK_NULL_HANDLE;
  if (timeline_ != VK_NULL_HANDLE) {
    timeline.signalSemaphoreValueCount = 1;
    timeline.pSignalSemaphoreValues = &serial;
    submit.pNext = &timeline;
    submit.signalSemaphoreCount = 1;
    submit.pSignalSemaphores = &timeline_;
  } else {
    VkFenceCreateInfo info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    BINDERY_VK_TRY(checkVk(vkCreateFence(device_, &info, nullptr, &fence), "vkCreateFence"));
  }
  Status status = checkVk(vkQueueSubmit(queue_, 1, &submit, fence), "vkQueueSubmit");
  if (status.isError()) {
    if (fence != VK_NULL_HANDLE) vkDestroyFence(device_, fence, nullptr);
    return status.error();
  }
  {
    std::lock_guard<std::mutex> lock(waitMutex_);
    if (fence != VK_NULL_HANDLE) fences_.emplace_back(serial, fence);
    lastSubmitted_ = serial;
  }
  waitChanged_.notify_all();
  return serial;
}

Serial Device::lastSubmittedSerial() const {
  // Recorded writes count: they complete with the next submission (which
  // completedSerial() or waitSerial() makes when nothing else does).
  return hasPendingCommands() ? pendingSerial() : lastSubmitted_.load();
}

Result<Serial> Device::pollCompletedSerial() {
  if (timeline_ != VK_NULL_HANDLE) {
    uint64_t value = 0;
    BINDERY_VK_TRY(checkVk(vkGetSemaphoreCounterValue(device_, timeline_, &value),
                           "vkGetSemaphoreCounterValue"));
    return value;
  }
  std::lock_guard<std::mutex> lock(waitMutex_);
  while (!fences_.empty()) {
    VkResult result = vkGetFenceStatus(device_, fences_.front().second);
    if (result == VK_NOT_READY) break;
    BINDERY_VK_TRY(checkVk(result, "vkGetFenceStatus"));
    fenceCompleted_ = fences_.front().first;
    // A waiter may be inside vkWaitForFences on it: the last one out destroys it.
    retiredFences_.push_back(fences_.front().second);
    fences_.pop_front();
  }
  if (waiters_ == 0) destroyRetiredFences();
  return std::max(completed_, fenceCompleted_);
}

void Device::destroyRetiredFences() {
  for (VkFence fence : retiredFences_) vkDestroyFence(device_, fence, nullptr);
  retiredFences_.clear();
}

Result<Serial> Device::completedSerial() {
  if (lost_ || destroyed_) return lastSubmittedSerial();
  // Writes waiting for a submission are handed to the GPU now, so a caller
  // waiting on their serial is never stuck.
  if (hasPendingCommands()) {
    Status flushed = flush();
    if (flushed.isError()) {
      if (lost_) return lastSubmittedSerial();
      return flushed.error();
    }
  }
  // Everything submitted is known to be complete: nothing to ask the driver.
  if (completed_ >= lastSubmitted_) return completed_;
  Result<Serial> serial = pollCompletedSerial();
  if (serial.isError()) {
    if (track(serial.error()).isError() && lost_) return lastSubmittedSerial();
    return serial.error();
  }
  completed_ = std::max(completed_, serial.value());
  tick();
  return completed_;
}

// The one call made on another thread (device.h: waitMutex_).
Result<bool> Device::waitSerial(Serial serial, std::chrono::nanoseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + std::max(timeout, std::chrono::nanoseconds(0));
  std::unique_lock<std::mutex> lock(waitMutex_);
  // A serial not submitted yet: wait for its submission, without spinning.
  while (serial > lastSubmitted_ && !lost_ && !destroyed_) {
    if (waitChanged_.wait_until(lock, deadline) == std::cv_status::timeout &&
        serial > lastSubmitted_) {
      return false;
    }
  }
  if (lost_ || destroyed_) return true;
  VkFence fence = VK_NULL_HANDLE;
  if (timeline_ == VK_NULL_HANDLE) {
    if (serial <= fenceCompleted_) return true;
    for (auto& [s, f] : fences_) {
      if (s >= serial) {
        fence = f;
        break;
      }
    }
    // Submitted, and no fence at or after it is left: found signalled.
    if (fence == VK_NULL_HANDLE) return true;
  }
  ++waiters_;
  lock.unlock();
  auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(
      deadline - std::chrono::steady_clock::now());
  uint64_t ns = static_cast<uint64_t>(std::max<int64_t>(0, left.count()));
  VkResult result;
  if (timeline_ != VK_NULL_HANDLE) {
    VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    info.semaphoreCount = 1;
    info.pSemaphores = &timeline_;
    info.pValues = &serial;
    result = vkWaitSemaphores(device_, &info, ns);
  } else {
    result = vkWaitForFences(device_, 1, &fence, VK_TRUE, ns);
  }
  lock.lock();
  if (--waiters_ == 0) {
    destroyRetiredFences();
    waitChanged_.notify_all();
  }
  lock.unlock();
  if (result == VK_TIMEOUT) return false;
  Status status =
      checkVk(result, timeline_ != VK_NULL_HANDLE ? "vkWaitSemaphores" : "vkWaitForFences");
  if (status.isError()) return status.error();
  return true;
}

}  // namespace bindery::vulkan
