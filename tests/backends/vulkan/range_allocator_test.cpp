// RangeAllocator: first-fit ranges in a block (no Vulkan needed).
#include "backends/vulkan/range_allocator.h"

#include <gtest/gtest.h>

namespace bindery::vulkan {
namespace {

TEST(RangeAllocator, AllocatesInOrderAndFillsUp) {
  RangeAllocator a(1024);
  EXPECT_EQ(a.allocate(256, 1), 0u);
  EXPECT_EQ(a.allocate(256, 1), 256u);
  EXPECT_EQ(a.allocate(512, 1), 512u);
  EXPECT_EQ(a.usedBytes(), 1024u);
  EXPECT_FALSE(a.allocate(1, 1).has_value());
}

TEST(RangeAllocator, AlignsOffsetsAndKeepsTheGapFree) {
  RangeAllocator a(1024);
  EXPECT_EQ(a.allocate(10, 1), 0u);
  EXPECT_EQ(a.allocate(100, 256), 256u);
  // The gap [10, 256) is still usable.
  EXPECT_EQ(a.allocate(200, 2), 10u);
}

TEST(RangeAllocator, ReusesFreedRanges) {
  RangeAllocator a(1024);
  uint64_t first = *a.allocate(128, 1);
  uint64_t second = *a.allocate(128, 1);
  a.free(first, 128);
  EXPECT_EQ(a.allocate(128, 1), first);
  a.free(second, 128);
  EXPECT_EQ(a.allocate(64, 1), second);
}

TEST(RangeAllocator, MergesNeighboursSoFragmentationHeals) {
  RangeAllocator a(1024);
  uint64_t r[4];
  for (uint64_t& offset : r) offset = *a.allocate(256, 1);
  a.free(r[0], 256);
  a.free(r[2], 256);
  // Two holes of 256: a 512 request does not fit.
  EXPECT_EQ(a.largestFreeRange(), 256u);
  EXPECT_FALSE(a.allocate(512, 1).has_value());
  a.free(r[1], 256);
  // [0, 768) is one range again.
  EXPECT_EQ(a.freeRangeCount(), 1u);
  EXPECT_EQ(a.largestFreeRange(), 768u);
  EXPECT_EQ(a.allocate(768, 1), 0u);
  a.free(0, 768);
  a.free(r[3], 256);
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.largestFreeRange(), 1024u);
}

TEST(RangeAllocator, RejectsWhatCannotFit) {
  RangeAllocator a(100);
  EXPECT_FALSE(a.allocate(101, 1).has_value());
  RangeAllocator b(200);
  EXPECT_EQ(b.allocate(10, 1), 0u);
  // 150 bytes would fit at 10, but aligned to 128 they end past 200.
  EXPECT_FALSE(b.allocate(150, 128).has_value());
  EXPECT_EQ(b.allocate(150, 2), 10u);
}

}  // namespace
}  // namespace bindery::vulkan
