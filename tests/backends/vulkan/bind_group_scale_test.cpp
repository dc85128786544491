// Bind groups at scale on Vulkan: 100,000 live groups come from a few
// descriptor pools (no pool, and no memory mapping, per group), creation
// stays fast, and the sets of destroyed groups are reused once the GPU is
// done with them (descriptor_allocator.h).
#include <chrono>
#include <fstream>
#include <string>

#include "backends/vulkan/descriptor_allocator.h"
#include "compute_test.h"

namespace bindery::vulkan::testing {
namespace {

size_t mapCount() {
  std::ifstream maps("/proc/self/maps");
  size_t lines = 0;
  for (std::string line; std::getline(maps, line);) ++lines;
  return lines;
}

class BindGroupScaleTest : public ComputeTest {};

TEST_F(BindGroupScaleTest, HundredThousandLiveGroupsFromFewPools) {
  constexpr uint32_t kGroups = 100000;
  BindGroupLayoutDescriptor layoutDescriptor;
  layoutDescriptor.entries = {
      {0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::ReadOnlyStorage}}};
  BindGroupLayout layout = device_.createBindGroupLayout(layoutDescriptor);
  uint32_t alignment = device_.limits().minStorageBufferOffsetAlignment;
  Buffer buffer = makeBuffer(uint64_t{alignment} * 1024, BufferUsage::Storage);
  uint64_t poolsBefore = DescriptorAllocator::poolsInProcess();
  uint64_t setsBefore = DescriptorAllocator::setsInProcess();
  size_t mapsBefore = mapCount();
  auto start = std::chrono::steady_clock::now();
  std::vector<BindGroup> groups;
  groups.reserve(kGroups);
  for (uint32_t i = 0; i < kGroups; ++i) {
    BindGroupDescriptor descriptor;
    descriptor.layout = layout;
    descriptor.entries = {bufferEntry(0, buffer, uint64_t{alignment} * (i % 1024), 16)};
    groups.push_back(device_.createBindGroup(descriptor));
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(takeErrors().empty());
  uint64_t pools = DescriptorAllocator::poolsInProcess() - poolsBefore;
  EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, kGroups);
  EXPECT_LE(pools, kGroups / DescriptorAllocator::kSetsPerPool + 1);
  EXPECT_LT(mapCount(), mapsBefore + 64) << "memory mappings grew with the groups";
  // Generous for a validated debug build on a loaded machine; the benchmark measures it.
  EXPECT_LT(seconds, 60.0);
  RecordProperty("seconds_for_100000_groups", std::to_string(seconds));

  // Destroyed groups' sets come back once the GPU is done, and are reused.
  // The sets return once the work submitted so far completes. On a device
  // whose GPU memory is not host-visible (the H200) creating the buffer
  // recorded a zero-fill that only the next submit sends: submit, then wait.
  groups.clear();
  device_.queue().submit({});
  bool done = false;
  device_.queue().onSubmittedWorkDone([&] { done = true; });
  finish();
  EXPECT_TRUE(done);
  device_.tick();
  for (uint32_t i = 0; i < kGroups; ++i) {
    BindGroupDescriptor descriptor;
    descriptor.layout = layout;
    descriptor.entries = {bufferEntry(0, buffer, 0, 16)};
    groups.push_back(device_.createBindGroup(descriptor));
  }
  EXPECT_EQ(DescriptorAllocator::poolsInProcess() - poolsBefore, pools);
  EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, kGroups);
}

TEST_F(BindGroupScaleTest, ASetIsReusedOnlyAfterTheGpuFinishedWithIt) {
  ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { out[0] += 1u; }
)");
  Buffer a = bufferWith(std::vector<uint32_t>{0});
  Buffer b = bufferWith(std::vector<uint32_t>{100});
  {
    BindGroup ga = group(p.getBindGroupLayout(0), {bufferEntry(0, a)});
    dispatch(p, ga, 1);
  }  // ga is gone while its dispatch may still run: its set is not reused yet
  BindGroup gb = group(p.getBindGroupLayout(0), {bufferEntry(0, b)});
  dispatch(p, gb, 1);
  EXPECT_EQ(read<uint32_t>(a, 1)[0], 1u);
  EXPECT_EQ(read<uint32_t>(b, 1)[0], 101u);
}

// A group's set is tied up only by the submissions that bound it: one made
// and dropped without being submitted gives its set to the next group at
// once, even while other work is pending (a queue write not yet submitted);
// one whose dispatch was submitted keeps it until that completes.
TEST_F(BindGroupScaleTest, ASetIsHeldOnlyBySubmissionsThatBoundIt) {
  ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { out[0] += 1u; }
)");
  BindGroupLayout layout = p.getBindGroupLayout(0);
  Buffer a = bufferWith(std::vector<uint32_t>{0});
  const uint32_t five = 5;
  device_.queue().writeBuffer(a, 0, &five, sizeof(five));  // pending, not submitted
  const uint64_t setsBefore = DescriptorAllocator::setsInProcess();
  { BindGroup unused = group(layout, {bufferEntry(0, a)}); }
  BindGroup g = group(layout, {bufferEntry(0, a)});
  EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, 1u)
      << "the set of a group no submission bound was not reused";
  dispatch(p, g, 1);
  g = BindGroup();  // its dispatch may still run: its set stays out of reach
  BindGroup next = group(layout, {bufferEntry(0, a)});
  EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, 2u)
      << "the set of a group whose dispatch may still run was reused";
  dispatch(p, next, 1);
  EXPECT_EQ(read<uint32_t>(a, 1)[0], 7u);
}

// The last group of a layout goes with the layout and its pipeline while its
// dispatch is still pending: the set layout is destroyed then, but its sets
// go back to the pools only once the GPU has finished (a set freed earlier
// could be handed out and rewritten under the running dispatch).
TEST_F(BindGroupScaleTest, ADestroyedLayoutsSetsReturnToThePoolsOnlyAfterTheGpuFinished) {
  Buffer a = bufferWith(std::vector<uint32_t>{0});
  uint64_t setsBefore = DescriptorAllocator::setsInProcess();
  {
    BindGroupLayoutDescriptor d;
    d.entries = {{0, ShaderStage::Compute, BufferBindingLayout{BufferBindingType::Storage}}};
    BindGroupLayout layout = device_.createBindGroupLayout(d);
    ComputePipeline p = pipeline(R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() { out[0] += 7u; }
)",
                                 layout);
    BindGroup g = group(layout, {bufferEntry(0, a)});
    dispatch(p, g, 1);
    EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, 1u);
  }  // the group, its layout and the pipeline are gone; nothing has polled the GPU since
  EXPECT_EQ(DescriptorAllocator::setsInProcess() - setsBefore, 1u)
      << "a set went back to the pools while its dispatch may still run";
  bool done = false;
  device_.queue().onSubmittedWorkDone([&] { done = true; });
  finish();
  EXPECT_TRUE(done);
  EXPECT_EQ(DescriptorAllocator::setsInProcess(), setsBefore);
  EXPECT_EQ(read<uint32_t>(a, 1)[0], 7u);
}

}  // namespace
}  // namespace bindery::vulkan::testing
