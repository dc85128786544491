// Compute on the Vulkan backend through the public C++ API: helpers to make
// buffers from values, pipelines from WGSL, bind groups from entries, to
// dispatch and read the results back.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "api_test.h"

namespace bindery::vulkan::testing {

// The public API's objects, not the Vulkan backend's of the same names.
using bindery::BindGroup;
using bindery::BindGroupLayout;
using bindery::ComputePipeline;
using bindery::PipelineLayout;

class ComputeTest : public VulkanApiTest {
 protected:
  // A STORAGE | COPY_SRC | COPY_DST buffer (plus `extra` usage) holding `data`.
  Buffer bufferWith(const void* data, uint64_t size, BufferUsageFlags extra = {});
  template <class T>
  Buffer bufferWith(const std::vector<T>& values, BufferUsageFlags extra = {}) {
    return bufferWith(values.data(), values.size() * sizeof(T), extra);
  }
  // A pipeline of `wgsl`'s entry point `main` with layout 'auto'; no error expected.
  ComputePipeline pipeline(std::string_view wgsl, std::map<std::string, double> constants = {});
  // A pipeline of `wgsl`'s one entry point over an explicit layout: group 0
  // is `group0` (and `immediateSize` bytes of immediates).
  ComputePipeline pipeline(std::string_view wgsl, const BindGroupLayout& group0,
                           uint32_t immediateSize = 0);
  // A bind group of `layout` with buffer entries (binding i = entries[i]).
  BindGroup group(const BindGroupLayout& layout, std::vector<BindGroupEntry> entries);
  // One pass: setPipeline, group 0, dispatchWorkgroups(x, y, z); submitted.
  void dispatch(const ComputePipeline& p, const BindGroup& g, uint32_t x, uint32_t y = 1,
                uint32_t z = 1);
  template <class T>
  std::vector<T> read(const Buffer& buffer, size_t count, uint64_t offset = 0) {
    std::vector<uint8_t> bytes = readBuffer(buffer, offset, count * sizeof(T));
    std::vector<T> values(count);
    std::memcpy(values.data(), bytes.data(), bytes.size());
    return values;
  }
};

// A buffer under test made between two neighbours, all of kSentinelWords
// sentinel words: with a sub-allocator they are likely adjacent in memory,
// so a store past a binding would hit them (robust access, dynamic ranges).
class SentinelTest : public ComputeTest {
 public:
  static constexpr uint32_t kSentinel = 0xA5A5A5A5u;
  static constexpr uint32_t kSentinelWords = 1024;  // 4 KiB per buffer

 protected:
  // before, target and after, then `out` of `outWords` zero words; `align`
  // is the device's minStorageBufferOffsetAlignment.
  void makeBuffers(uint32_t outWords);
  Buffer sentinels() { return bufferWith(std::vector<uint32_t>(kSentinelWords, kSentinel)); }
  uint32_t align = 256;
  Buffer before, target, after, out;
};

// Entry `binding` binding `buffer` [offset, offset + size) (size unset: to the end).
BindGroupEntry bufferEntry(uint32_t binding, const Buffer& buffer, uint64_t offset = 0,
                           std::optional<uint64_t> size = std::nullopt);

}  // namespace bindery::vulkan::testing
