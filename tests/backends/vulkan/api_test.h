// A bindery device on the Vulkan backend through the public C++ API, with
// helpers to run the queue to completion and read buffers back.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "bindery/bindery.h"
#include "vulkan_test.h"

namespace bindery::vulkan::testing {

class VulkanApiTest : public VulkanTest {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Ticks (waiting on the GPU in between, never spinning) until no callback
  // is pending.
  void finish();
  // The bytes [offset, offset + size) of `buffer` (COPY_SRC), through a
  // MAP_READ buffer.
  std::vector<uint8_t> readBuffer(const Buffer& buffer, uint64_t offset, uint64_t size);
  Buffer makeBuffer(uint64_t size, BufferUsageFlags usage, bool mappedAtCreation = false);
  void submit(CommandEncoder& encoder);
  // Errors that reached the uncaptured-error callback (each fails the test
  // unless the test takes them).
  std::vector<Error> takeErrors() { return std::exchange(errors_, {}); }
  // Runs `work` (which submits) with vkAllocateDescriptorSets failing as a
  // driver out of memory does, the driver's put back after, and expects the
  // submission's error: a GPUOutOfMemoryError naming submit and the call.
  void expectDescriptorSetAllocationFailure(const std::function<void()>& work);

  Adapter adapter_;
  ::bindery::Device device_;  // (not bindery::vulkan::Device, the backend's)
  std::vector<Error> errors_;
};

// A deterministic byte pattern.
std::vector<uint8_t> pattern(size_t size, uint32_t seed);

}  // namespace bindery::vulkan::testing
