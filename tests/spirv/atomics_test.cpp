// Atomics: every atomic builtin on storage and workgroup atomics, and
// atomicCompareExchangeWeak's result struct.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

TEST(SpirvAtomics, AllOperations) {
  std::string d = SPIRV_EXPECT_VALID(R"(
struct Counters { hits: atomic<u32>, balance: atomic<i32> }
@group(0) @binding(0) var<storage, read_write> c: Counters;
var<workgroup> local: atomic<u32>;
@compute @workgroup_size(64) fn main() {
  atomicStore(&local, 0u);
  let a = atomicAdd(&c.hits, 1u) + atomicSub(&c.hits, 1u) + atomicMax(&c.hits, 3u) +
          atomicMin(&c.hits, 2u) + atomicAnd(&c.hits, 7u) + atomicOr(&c.hits, 8u) +
          atomicXor(&c.hits, 1u) + atomicExchange(&local, 5u) + atomicLoad(&local);
  let b = atomicMax(&c.balance, -3) + atomicMin(&c.balance, 4);
  let r = atomicCompareExchangeWeak(&c.balance, b, i32(a));
  if r.exchanged { atomicAdd(&c.hits, u32(r.old_value)); }
})",
                                     "main");
  EXPECT_NE(d.find("OpAtomicCompareExchange"), std::string::npos) << d;
  EXPECT_NE(d.find("OpAtomicSMax"), std::string::npos) << d;
  EXPECT_NE(d.find("OpAtomicUMax"), std::string::npos) << d;
}

}  // namespace
