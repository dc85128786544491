// The host memory bindery gives the Vulkan driver (host_allocator.h): the
// callbacks honour Vulkan's contract (alignment, reallocation keeps the
// contents, a size-0 reallocation frees), and large blocks the driver frees
// are handed back for its next request of the same size, within a bound.
#include "backends/vulkan/host_allocator.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

void* allocate(const VkAllocationCallbacks* c, size_t size, size_t alignment) {
  return c->pfnAllocation(c->pUserData, size, alignment, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
}
void release(const VkAllocationCallbacks* c, void* memory) {
  c->pfnFree(c->pUserData, memory);
}

TEST(HostAllocatorTest, AllocationsHaveTheAlignmentAskedFor) {
  HostAllocator allocator;
  const VkAllocationCallbacks* c = allocator.callbacks();
  for (size_t alignment : {1u, 8u, 16u, 64u, 256u, 4096u}) {
    for (size_t size : {size_t{1}, size_t{100}, HostAllocator::kLargeBlock + 8}) {
      void* memory = allocate(c, size, alignment);
      ASSERT_NE(memory, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(memory) % alignment, 0u)
          << "size " << size << ", alignment " << alignment;
      std::memset(memory, 0xab, size);  // the whole size is writable (ASan checks)
      release(c, memory);
    }
  }
  release(c, nullptr);  // freeing null does nothing
}

TEST(HostAllocatorTest, ReallocationKeepsTheContents) {
  HostAllocator allocator;
  const VkAllocationCallbacks* c = allocator.callbacks();
  auto* bytes = static_cast<uint8_t*>(
      c->pfnReallocation(c->pUserData, nullptr, 64, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT));
  ASSERT_NE(bytes, nullptr);
  for (uint8_t i = 0; i < 64; ++i) bytes[i] = i;
  bytes = static_cast<uint8_t*>(
      c->pfnReallocation(c->pUserData, bytes, 200000, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT));
  ASSERT_NE(bytes, nullptr);
  for (uint8_t i = 0; i < 64; ++i) ASSERT_EQ(bytes[i], i);
  bytes = static_cast<uint8_t*>(
      c->pfnReallocation(c->pUserData, bytes, 8, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT));
  ASSERT_NE(bytes, nullptr);
  for (uint8_t i = 0; i < 8; ++i) ASSERT_EQ(bytes[i], i);
  EXPECT_EQ(c->pfnReallocation(c->pUserData, bytes, 0, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT),
            nullptr)
      << "a reallocation to size 0 frees and returns null";
}

TEST(HostAllocatorTest, AFreedLargeBlockAnswersTheNextRequestOfItsSize) {
  HostAllocator allocator;
  const VkAllocationCallbacks* c = allocator.callbacks();
  const size_t size = HostAllocator::kLargeBlock * 4;
  void* first = allocate(c, size, 16);
  std::memset(first, 1, size);
  release(c, first);
  EXPECT_EQ(allocator.keptBytes(), size);
  uint64_t reusedBefore = HostAllocator::reusedInProcess();
  void* other = allocate(c, size / 2, 16);  // another size: not that block
  EXPECT_NE(other, first);
  void* second = allocate(c, size, 16);
  EXPECT_EQ(second, first) << "the kept block of that size was not reused";
  EXPECT_EQ(HostAllocator::reusedInProcess() - reusedBefore, 1u);
  EXPECT_EQ(allocator.keptBytes(), 0u);
  void* small = allocate(c, 100, 16);
  release(c, small);
  EXPECT_EQ(allocator.keptBytes(), 0u) << "small blocks go back to the C library";
  release(c, second);
  release(c, other);
}

TEST(HostAllocatorTest, KeptBlocksStayWithinTheBound) {
  HostAllocator allocator;
  const VkAllocationCallbacks* c = allocator.callbacks();
  const size_t size = HostAllocator::kMaxKeptBytes / 4 + 1;
  std::vector<void*> blocks;
  for (int i = 0; i < 6; ++i) blocks.push_back(allocate(c, size, 64));
  for (void* block : blocks) release(c, block);
  EXPECT_EQ(allocator.keptBytes(), 3 * size) << "more than kMaxKeptBytes kept";
}

// Recording the same large command buffer again reuses the driver's command
// memory where the driver asks for it through the callbacks (lavapipe asks
// in small pieces; NVIDIA's driver in large ones).
class HostAllocatorDeviceTest : public ComputeTest {};

TEST_F(HostAllocatorDeviceTest, RecordingAgainReusesTheDriversLargeBlocks) {
  ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { out[0] += 1u; }
)");
  Buffer a = bufferWith(std::vector<uint32_t>{0});
  BindGroup g = group(p.getBindGroupLayout(0), {bufferEntry(0, a)});
  constexpr uint32_t kDispatches = 20000;
  uint64_t largeBefore = 0;
  uint64_t reusedBefore = 0;
  for (int round = 0; round < 3; ++round) {
    if (round == 1) {
      largeBefore = HostAllocator::largeAllocationsInProcess();
      reusedBefore = HostAllocator::reusedInProcess();
    }
    CommandEncoder encoder = device_.createCommandEncoder();
    ComputePassEncoder pass = encoder.beginComputePass();
    pass.setPipeline(p);
    for (uint32_t i = 0; i < kDispatches; ++i) {
      pass.setBindGroup(0, g);
      pass.dispatchWorkgroups(1);
    }
    pass.end();
    device_.queue().submit({encoder.finish()});
    EXPECT_EQ(read<uint32_t>(a, 1)[0], (round + 1) * kDispatches);
  }
  ASSERT_TRUE(takeErrors().empty());
  uint64_t large = HostAllocator::largeAllocationsInProcess() - largeBefore;
  uint64_t reused = HostAllocator::reusedInProcess() - reusedBefore;
  RecordProperty("large_driver_allocations", std::to_string(large));
  RecordProperty("reused", std::to_string(reused));
  // Where the driver asked for large blocks again, most came from the kept ones.
  if (large > 0) {
    EXPECT_GE(reused * 2, large) << reused << " of " << large;
  }
}

}  // namespace
}  // namespace bindery::vulkan::testing
