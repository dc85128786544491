// Structured control flow: if/else chains, switch with default anywhere,
// loop/continuing/break-if, for, while, break/continue, short-circuit.
#include <gtest/gtest.h>

#include "spirv_testing.h"

namespace {

bool has(const std::string& d, const char* s) {
  return d.find(s) != std::string::npos;
}

TEST(SpirvControlFlow, IfElseChain) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: i32;
@compute @workgroup_size(1) fn main() {
  if v < 0 { v = 0; } else if v > 10 { v = 10; return; } else { v += 1; }
  if v == 3 { return; }
  v = 7;
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpSelectionMerge")) << d;
}

TEST(SpirvControlFlow, SwitchWithDefaultInTheMiddle) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: u32;
@compute @workgroup_size(1) fn main() {
  switch v {
    case 1u, 2u: { v = 10u; }
    case 3u, default: { v = 20u; break; }
    case 4u: { if v > 0u { break; } v = 40u; }
  }
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpSwitch")) << d;
  EXPECT_TRUE(has(d, "1 %")) << d;
}

TEST(SpirvControlFlow, LoopWithContinuingAndBreakIf) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: i32;
@compute @workgroup_size(1) fn main() {
  var i = 0;
  loop {
    if i == 5 { continue; }
    v += i;
    if v > 100 { break; }
    continuing {
      let next = i + 1;
      i = next;
      break if i >= 10;
    }
  }
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpLoopMerge")) << d;
  EXPECT_TRUE(has(d, "OpBranchConditional")) << d;
}

TEST(SpirvControlFlow, ForAndWhileNested) {
  SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> v: array<u32, 16>;
@compute @workgroup_size(1) fn main() {
  for (var i = 0u; i < 16u; i++) {
    var j = i;
    while j > 0u {
      j--;
      if j == 3u { continue; }
      v[i] += j;
      switch j { case 7u: { break; } default: { continue; } }
    }
  }
  for (;;) { break; }
})",
                     "main");
}

TEST(SpirvControlFlow, ShortCircuitAndOr) {
  std::string d = SPIRV_EXPECT_VALID(R"(
@group(0) @binding(0) var<storage, read_write> a: array<i32, 4>;
fn sideEffect() -> bool { a[3] += 1; return true; }
@compute @workgroup_size(1) fn main() {
  let i = a[0];
  if i > 0 && sideEffect() { a[1] = 1; }
  if i < 0 || sideEffect() { a[2] = 1; }
})",
                                     "main");
  EXPECT_TRUE(has(d, "OpPhi %bool")) << d;
}

TEST(SpirvControlFlow, ReturnInsideLoopsAndSwitch) {
  SPIRV_EXPECT_VALID(R"(
fn find(x: u32) -> u32 {
  for (var i = 0u; i < 10u; i++) {
    switch i { case 3u: { if x == 3u { return i; } } default: {} }
    loop { if i > x { return x; } break; }
  }
  return 99u;
}
@group(0) @binding(0) var<storage, read_write> v: u32;
@compute @workgroup_size(1) fn main() { v = find(v); }
)",
                     "main");
}

}  // namespace
