// A census of the Vulkan commands bindery's backend calls, for the GPU
// benchmarks: every function pointer of BINDERY_VK_FUNCTIONS
// (backends/vulkan/functions.h) is swapped for one that counts its calls and
// adds up the time spent in it, then calls the driver's. A benchmark that
// takes a census runs apart from the timed ones (the count and the clock
// reads cost tens of ns per call); its counters say which commands reached
// the driver per pair and where the submit's time went.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "backends/vulkan/functions.h"

namespace bindery_bench {

enum class VkCall : uint32_t {
#define BINDERY_BENCH_VK_ENUM(level, name) name,
  BINDERY_VK_FUNCTIONS(BINDERY_BENCH_VK_ENUM)
#undef BINDERY_BENCH_VK_ENUM
      Count
};

struct VkCallTally {
  uint64_t calls = 0;
  double ns = 0;
};

inline std::array<VkCallTally, static_cast<size_t>(VkCall::Count)>& vkCallTallies() {
  static std::array<VkCallTally, static_cast<size_t>(VkCall::Count)> t;
  return t;
}

inline std::array<void*, static_cast<size_t>(VkCall::Count)>& vkCallDrivers() {
  static std::array<void*, static_cast<size_t>(VkCall::Count)> d{};
  return d;
}

template <VkCall C, class F>
struct CountedCall;
template <VkCall C, class R, class... A>
struct CountedCall<C, R(VKAPI_PTR*)(A...)> {
  static R VKAPI_PTR call(A... a) {
    auto* driver = reinterpret_cast<R(VKAPI_PTR*)(A...)>(vkCallDrivers()[size_t(C)]);
    VkCallTally& t = vkCallTallies()[size_t(C)];
    ++t.calls;
    auto start = std::chrono::steady_clock::now();
    if constexpr (std::is_void_v<R>) {
      driver(a...);
      t.ns += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                  .count();
    } else {
      R r = driver(a...);
      t.ns += std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
                  .count();
      return r;
    }
  }
};

// Swaps the pointers for counting ones (true) or back (false). The backend
// must have fetched them (an instance exists).
inline void countVkCalls(bool on) {
#define BINDERY_BENCH_VK_SWAP(level, name)                                                       \
  if (on && bindery::vulkan::name != nullptr) {                                                  \
    vkCallDrivers()[size_t(VkCall::name)] = reinterpret_cast<void*>(bindery::vulkan::name);      \
    bindery::vulkan::name = &CountedCall<VkCall::name, PFN_##name>::call;                        \
  } else if (!on && vkCallDrivers()[size_t(VkCall::name)] != nullptr) {                          \
    bindery::vulkan::name = reinterpret_cast<PFN_##name>(vkCallDrivers()[size_t(VkCall::name)]); \
    vkCallDrivers()[size_t(VkCall::name)] = nullptr;                                             \
  }
  BINDERY_VK_FUNCTIONS(BINDERY_BENCH_VK_SWAP)
#undef BINDERY_BENCH_VK_SWAP
}

inline void clearVkCallTallies() {
  vkCallTallies() = {};
}

// (name, tally) of every command called since the last clear.
inline std::vector<std::pair<std::string, VkCallTally>> vkCallCensus() {
  std::vector<std::pair<std::string, VkCallTally>> out;
#define BINDERY_BENCH_VK_LIST(level, name)         \
  if (vkCallTallies()[size_t(VkCall::name)].calls) \
    out.emplace_back(#name, vkCallTallies()[size_t(VkCall::name)]);
  BINDERY_VK_FUNCTIONS(BINDERY_BENCH_VK_LIST)
#undef BINDERY_BENCH_VK_LIST
  return out;
}

}  // namespace bindery_bench
