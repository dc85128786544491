// The recorded form's containers (command_buffer.h): the pointer map that
// deduplicates used objects (inline keys, then a table), the command stream
// (its first block held inline, more blocks, shrinkToFit, moves), and a pass
// using more groups than the map holds inline.
#include "core/commands/command_buffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/base/handles.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using core::CommandStream;
using core::CommandType;
using core::DispatchCmd;
using core::PointerMap;

TEST(PointerMapTest, InlineKeysThenTheTableKeepTags) {
  std::vector<int> objects(100);
  PointerMap map;
  for (size_t i = 0; i < objects.size(); ++i) {
    bool inserted = false;
    map.find(&objects[i], &inserted) = static_cast<uint32_t>(i + 1);
    EXPECT_TRUE(inserted) << i;
    // Every key so far is still there with its tag, before and after the
    // move from the inline keys to the table (at PointerMap::kInline + 1).
    for (size_t j = 0; j <= i; ++j) {
      bool again = true;
      EXPECT_EQ(map.find(&objects[j], &again), j + 1) << i << " " << j;
      EXPECT_FALSE(again);
    }
  }
  EXPECT_FALSE(map.insert(&objects[3]));
  PointerMap moved = std::move(map);
  EXPECT_FALSE(moved.insert(&objects[99]));
  int other = 0;
  EXPECT_TRUE(moved.insert(&other));
}

TEST(PointerMapTest, FewKeysStayInline) {
  int a = 0, b = 0;
  PointerMap map;
  EXPECT_TRUE(map.insert(&a));
  EXPECT_TRUE(map.insert(&b));
  EXPECT_FALSE(map.insert(&a));
  PointerMap copy = std::move(map);
  EXPECT_FALSE(copy.insert(&b));
  map = PointerMap();
  EXPECT_TRUE(map.insert(&a));
}

// The x of every dispatch, read with forEach and with a Reader (both must
// see the same records: inline, in one block, across blocks, shrunk).
std::vector<uint32_t> dispatches(const CommandStream& stream) {
  std::vector<uint32_t> xs;
  stream.forEach([&](CommandType type, const uint8_t* payload) {
    if (type == CommandType::Dispatch)
      xs.push_back(reinterpret_cast<const DispatchCmd*>(payload)->x);
  });
  std::vector<uint32_t> read;
  CommandStream::Reader reader(stream);
  CommandType type;
  const uint8_t* payload;
  while (reader.next(&type, &payload)) {
    if (type == CommandType::Dispatch)
      read.push_back(reinterpret_cast<const DispatchCmd*>(payload)->x);
  }
  EXPECT_FALSE(reader.next(&type, &payload)) << "a Reader at the end stays there";
  EXPECT_EQ(read, xs) << "a Reader and forEach disagree";
  return xs;
}

TEST(CommandStreamTest, RecordsAcrossBlocksMovesAndShrink) {
  // Enough records for several 64 KiB blocks.
  const uint32_t n = 3 * CommandStream::kBlockSize / 24 + 5;
  CommandStream stream;
  for (uint32_t i = 0; i < n; ++i) *stream.append<DispatchCmd>(CommandType::Dispatch) = {i, 1, 1};
  std::vector<uint32_t> expected(n);
  for (uint32_t i = 0; i < n; ++i) expected[i] = i;
  EXPECT_EQ(dispatches(stream), expected);
  CommandStream moved(std::move(stream));
  EXPECT_TRUE(stream.empty());
  EXPECT_EQ(dispatches(stream), std::vector<uint32_t>{});
  moved.shrinkToFit();  // several blocks: unchanged
  EXPECT_EQ(dispatches(moved), expected);
  CommandStream assigned;
  *assigned.append<DispatchCmd>(CommandType::Dispatch) = {7, 1, 1};
  assigned = std::move(moved);
  EXPECT_EQ(dispatches(assigned), expected);

  // One partly used block: its records move into an allocation of their size.
  CommandStream small;
  for (uint32_t i = 0; i < 3; ++i) *small.append<DispatchCmd>(CommandType::Dispatch) = {i, 1, 1};
  small.shrinkToFit();
  EXPECT_EQ(dispatches(small), (std::vector<uint32_t>{0, 1, 2}));
  EXPECT_EQ(small.sizeInBytes(), 3u * 24u);
  CommandStream empty;
  empty.shrinkToFit();
  EXPECT_TRUE(empty.empty());
}

// contains() answers for every type appended, through moves and
// shrinkToFit, and for no other (the Vulkan recorder skips its walk for
// render-pass textures on a stream without BeginRenderPass).
TEST(CommandStreamTest, ContainsTheTypesAppended) {
  CommandStream stream;
  EXPECT_FALSE(stream.contains(CommandType::BeginComputePass));
  stream.appendEmpty(CommandType::BeginComputePass);
  *stream.append<DispatchCmd>(CommandType::Dispatch) = {1, 1, 1};
  stream.appendEmpty(CommandType::EndPass);
  EXPECT_TRUE(stream.contains(CommandType::BeginComputePass));
  EXPECT_TRUE(stream.contains(CommandType::Dispatch));
  EXPECT_TRUE(stream.contains(CommandType::EndPass));
  EXPECT_FALSE(stream.contains(CommandType::BeginRenderPass));
  EXPECT_FALSE(stream.contains(CommandType::CopyTextureToTexture));
  stream.appendEmpty(CommandType::CopyTextureToTexture);
  EXPECT_TRUE(stream.contains(CommandType::CopyTextureToTexture));
  CommandStream moved(std::move(stream));
  EXPECT_FALSE(stream.contains(CommandType::Dispatch));
  EXPECT_TRUE(moved.contains(CommandType::Dispatch));
  moved.shrinkToFit();
  EXPECT_TRUE(moved.contains(CommandType::CopyTextureToTexture));
  CommandStream assigned;
  assigned.appendEmpty(CommandType::BeginRenderPass);
  assigned = std::move(moved);
  EXPECT_FALSE(assigned.contains(CommandType::BeginRenderPass));
  EXPECT_TRUE(assigned.contains(CommandType::BeginComputePass));
}

using CommandBufferTest = EncoderTest;

// More groups in one pass than the map holds inline: each group is used
// once, and a second pass sees them as new to it.
TEST_F(CommandBufferTest, APassWithManyGroupsRecordsEachOnce) {
  BindGroupLayout l = layout({bufferEntry(0, BufferBindingType::Uniform)});
  Buffer b = buffer(256 * 40);
  std::vector<BindGroup> groups;
  for (uint64_t g = 0; g < 40; ++g) {
    groups.push_back(group(
        l,
        {{.binding = 0, .resource = BufferBinding{.buffer = b, .offset = g * 256, .size = 16}}}));
  }
  expectValid([&] {
    for (int round = 0; round < 3; ++round) {
      CommandEncoder e = device.createCommandEncoder();
      for (int p = 0; p < 2; ++p) {
        ComputePassEncoder pass = e.beginComputePass();
        for (size_t i = 0; i < groups.size() * 2; ++i) {
          pass.setBindGroup(0, groups[i % groups.size()]);
        }
        pass.end();
      }
      CommandBuffer cb = e.finish();
      EXPECT_TRUE(cb);
      auto* base = core::fromHandle<core::CommandBufferBase>(cb);
      EXPECT_EQ(base->used().bindGroups.size(), groups.size());
      device.queue().submit({cb});
    }
  });
}

}  // namespace
}  // namespace bindery::testing
