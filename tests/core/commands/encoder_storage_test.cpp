// Where encoding keeps its objects (command_encoder.h, command_buffer.h): a
// small stream's records in the stream's inline bytes, then in blocks; the
// used-object lists' first references inline (RefList), then on the heap; the
// encoder's compute pass and its command buffer in the encoder's own
// storage while it is free, else allocated apart. The rules of
// #encoder-state, #dom-gpucomputepassencoder-end and
// #dom-gpucommandencoder-finish hold whichever storage an object has.
#include <cstdint>
#include <vector>

#include "core/base/handles.h"
#include "core/base/ref_list.h"
#include "core/commands/command_encoder.h"
#include "core/resources/buffer.h"
#include "encoder_test_util.h"

namespace bindery::testing {
namespace {

using core::CommandStream;
using core::CommandType;
using core::DispatchCmd;

std::vector<uint32_t> dispatchXs(const CommandStream& stream) {
  std::vector<uint32_t> xs;
  stream.forEach([&](CommandType type, const uint8_t* payload) {
    if (type == CommandType::Dispatch)
      xs.push_back(reinterpret_cast<const DispatchCmd*>(payload)->x);
  });
  return xs;
}

// Each DispatchCmd record takes 24 bytes.
CommandStream streamOf(uint32_t n) {
  CommandStream stream;
  for (uint32_t i = 0; i < n; ++i) *stream.append<DispatchCmd>(CommandType::Dispatch) = {i, 1, 1};
  return stream;
}
std::vector<uint32_t> iota(uint32_t n) {
  std::vector<uint32_t> v(n);
  for (uint32_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

TEST(CommandStreamInlineTest, SmallStreamsStayInlineLargerOnesMoveToABlock) {
  const uint32_t fits = CommandStream::kInlineBytes / 24;
  CommandStream small = streamOf(fits);
  EXPECT_TRUE(small.isInline());
  EXPECT_EQ(dispatchXs(small), iota(fits));
  // One more record: the inline records move to a block, in order.
  CommandStream large = streamOf(fits + 1);
  EXPECT_FALSE(large.isInline());
  EXPECT_EQ(dispatchXs(large), iota(fits + 1));
  EXPECT_EQ(large.sizeInBytes(), (fits + 1) * 24u);
  large.shrinkToFit();
  EXPECT_EQ(dispatchXs(large), iota(fits + 1));
  // A record larger than a block, after inline records.
  CommandStream huge = streamOf(2);
  huge.append<DispatchCmd>(CommandType::Dispatch, CommandStream::kBlockSize)->x = 2;
  EXPECT_EQ(dispatchXs(huge), iota(3));
}

TEST(CommandStreamInlineTest, MovesCarryInlineRecords) {
  CommandStream source = streamOf(3);
  CommandStream moved(std::move(source));
  EXPECT_TRUE(source.empty());
  EXPECT_EQ(dispatchXs(source), std::vector<uint32_t>{});
  EXPECT_EQ(dispatchXs(moved), iota(3));
  // The moved-from stream records again, inline.
  *source.append<DispatchCmd>(CommandType::Dispatch) = {9, 1, 1};
  EXPECT_EQ(dispatchXs(source), std::vector<uint32_t>{9});
  // Assigned over a stream that had a block (given back), and the reverse.
  CommandStream blocked = streamOf(100);
  blocked = std::move(moved);
  EXPECT_TRUE(blocked.isInline());
  EXPECT_EQ(dispatchXs(blocked), iota(3));
  blocked.appendEmpty(CommandType::EndPass);
  CommandStream inlineOne = streamOf(1);
  inlineOne = streamOf(100);
  EXPECT_EQ(dispatchXs(inlineOne), iota(100));
}

using RefListTest = EncoderTest;

// Each entry holds one reference, through the move from the inline
// references to the heap, moves of the list and clear().
TEST_F(RefListTest, ReferencesInlineThenOnTheHeap) {
  std::vector<Buffer> buffers;
  std::vector<core::ObjectBase*> objects;
  for (int i = 0; i < 6; ++i) {
    buffers.push_back(buffer(256));
    objects.push_back(core::fromHandle<core::BufferBase>(buffers.back()));
  }
  const uint32_t base = objects[0]->refCount();
  using List = core::RefList<core::ObjectBase, 4>;
  auto contents = [](const List& list) {
    std::vector<core::ObjectBase*> out;
    for (const auto& ref : list) out.push_back(ref.get());
    return out;
  };
  for (size_t n : {size_t{3}, size_t{6}}) {
    List list;
    for (size_t i = 0; i < n; ++i) list.emplace_back(objects[i]);
    std::vector<core::ObjectBase*> expected(objects.begin(), objects.begin() + n);
    EXPECT_EQ(list.size(), n);
    EXPECT_EQ(contents(list), expected);
    EXPECT_EQ(list.back().get(), objects[n - 1]);
    EXPECT_EQ(objects[0]->refCount(), base + 1);
    List moved(std::move(list));
    EXPECT_TRUE(list.empty());
    EXPECT_EQ(contents(moved), expected);
    List assigned;
    assigned.emplace_back(objects[5]);
    assigned = std::move(moved);
    EXPECT_EQ(contents(assigned), expected);
    EXPECT_EQ(objects[0]->refCount(), base + 1);
    EXPECT_EQ(objects[5]->refCount(), base + (n == 6 ? 1 : 0));
    List twice;
    twice.append(assigned);
    twice.append(assigned);
    EXPECT_EQ(twice.size(), 2 * n);
    EXPECT_EQ(objects[0]->refCount(), base + 3);
    twice.clear();
    EXPECT_TRUE(twice.empty());
    EXPECT_EQ(objects[0]->refCount(), base + 1);
  }
  EXPECT_EQ(objects[0]->refCount(), base);
}

class EncoderStorageTest : public EncoderTest {
 protected:
  // Whether `object` lies inside the encoder's own storage.
  static bool inside(const CommandEncoder& encoder, const void* object) {
    auto* base = core::fromHandle<core::CommandEncoderBase>(encoder);
    auto* begin = reinterpret_cast<const char*>(base);
    auto* p = static_cast<const char*>(object);
    return p >= begin && p < begin + sizeof(core::CommandEncoderBase);
  }
  static const void* of(const ComputePassEncoder& pass) {
    return core::fromHandle<core::ComputePassEncoderBase>(pass);
  }
  static const core::CommandBufferBase* of(const CommandBuffer& cb) {
    return core::fromHandle<core::CommandBufferBase>(cb);
  }
};

// The frame's one pass and its command buffer allocate nothing of their
// own; the command buffer keeps the encoder's records after every other
// handle is gone, and submits.
TEST_F(EncoderStorageTest, OnePassAndTheCommandBufferLiveInTheEncoder) {
  expectValid([&] {
    CommandEncoder e = device.createCommandEncoder();
    ComputePassEncoder pass = e.beginComputePass();
    EXPECT_TRUE(inside(e, of(pass)));
    pass.pushDebugGroup("a");
    pass.popDebugGroup();
    pass.end();
    CommandBuffer cb = e.finish();
    EXPECT_TRUE(inside(e, of(cb)));
    e = {};
    pass = {};
    std::vector<CommandType> types;
    of(cb)->commands().forEach([&](CommandType type, const uint8_t*) { types.push_back(type); });
    EXPECT_EQ(types,
              (std::vector<CommandType>{CommandType::BeginComputePass, CommandType::PushDebugGroup,
                                        CommandType::PopDebugGroup, CommandType::EndPass}));
    device.queue().submit({cb});
  });
}

// A pass still held when the next begins is allocated apart; the storage is
// reused once its pass is gone. Ended passes report as before.
TEST_F(EncoderStorageTest, HeldPassesAreAllocatedApartAndStorageIsReused) {
  CommandEncoder e = device.createCommandEncoder();
  ComputePassEncoder first = e.beginComputePass();
  first.end();
  ComputePassEncoder second = e.beginComputePass();
  EXPECT_TRUE(inside(e, of(first)));
  EXPECT_FALSE(inside(e, of(second)));
  second.end();
  first = {};
  ComputePassEncoder third = e.beginComputePass({.label = "third"});
  EXPECT_TRUE(inside(e, of(third)));
  third.end();
  expectValid([&] { device.queue().submit({e.finish()}); });
  expectError(ErrorCode::EncoderEnded, [&] { third.end(); }, {"[ComputePassEncoder \"third\"]"});
  expectError(ErrorCode::EncoderEnded, [&] { second.dispatchWorkgroups(1); });
}

// The encoder and its pass may go in either order.
TEST_F(EncoderStorageTest, TheEncoderMayGoBeforeItsPass) {
  ComputePassEncoder pass;
  {
    CommandEncoder e = device.createCommandEncoder();
    pass = e.beginComputePass();
  }
  expectValid([&] { pass.end(); });
  expectError(ErrorCode::EncoderEnded, [&] { pass.end(); });
  pass = {};
}

// #dom-gpucommandencoder-finish: a second finish() gives an invalid command
// buffer (allocated apart) and a validation error; the first is unchanged.
TEST_F(EncoderStorageTest, FinishingTwice) {
  CommandEncoder e = device.createCommandEncoder();
  CommandBuffer first;
  expectValid([&] { first = e.finish(); });
  CommandBuffer second;
  expectError(ErrorCode::EncoderEnded, [&] { second = e.finish(); }, {"finish()"});
  EXPECT_TRUE(inside(e, of(first)));
  EXPECT_FALSE(inside(e, of(second)));
  EXPECT_TRUE(of(first)->isValid());
  EXPECT_FALSE(of(second)->isValid());
  EXPECT_TRUE(of(second)->commands().empty());
  e = {};
  second = {};
  expectValid([&] { device.queue().submit({first}); });
  expectError(ErrorCode::CommandBufferAlreadySubmitted, [&] { device.queue().submit({first}); });
}

// A freed encoder's memory goes to the next encoder of the thread (last
// freed, first reused); the new encoder starts open and empty.
TEST_F(EncoderStorageTest, AFreedEncodersMemoryIsReused) {
  const void* first;
  const void* second;
  {
    CommandEncoder a = device.createCommandEncoder({.label = "a"});
    CommandEncoder b = device.createCommandEncoder({.label = "b"});
    first = core::fromHandle<core::CommandEncoderBase>(a);
    second = core::fromHandle<core::CommandEncoderBase>(b);
    ComputePassEncoder pass = a.beginComputePass();
    pass.end();
    expectValid([&] { device.queue().submit({a.finish()}); });
  }
  CommandEncoder c = device.createCommandEncoder({.label = "c"});
  CommandEncoder d = device.createCommandEncoder();
  EXPECT_EQ(core::fromHandle<core::CommandEncoderBase>(c), first);
  EXPECT_EQ(core::fromHandle<core::CommandEncoderBase>(d), second);
  EXPECT_EQ(c.label(), "c");
  EXPECT_EQ(core::fromHandle<core::CommandEncoderBase>(c)->state(), core::EncoderState::Open);
  expectValid([&] {
    ComputePassEncoder pass = c.beginComputePass();
    EXPECT_TRUE(inside(c, of(pass)));
    pass.end();
    CommandBuffer cb = c.finish();
    EXPECT_TRUE(of(cb)->isValid());
    EXPECT_TRUE(of(cb)->used().others.empty());
    device.queue().submit({cb});
  });
}

// An encoder finished while its pass is open: the command buffer (in the
// encoder's storage) is invalid and has no commands.
TEST_F(EncoderStorageTest, AnInvalidFirstCommandBufferHasNoCommands) {
  CommandEncoder e = device.createCommandEncoder();
  ComputePassEncoder pass = e.beginComputePass();
  CommandBuffer cb;
  expectError(ErrorCode::EncoderLocked, [&] { cb = e.finish(); });
  EXPECT_TRUE(inside(e, of(cb)));
  EXPECT_FALSE(of(cb)->isValid());
  EXPECT_TRUE(of(cb)->commands().empty());
  EXPECT_TRUE(of(cb)->used().bindGroups.empty());
}

}  // namespace
}  // namespace bindery::testing
