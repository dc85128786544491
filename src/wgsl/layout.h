// Internal: memory layout (#memory-layouts) and address-space layout constraints.
#pragma once

#include <cstdint>
#include <string>

#include "types.h"

namespace bindery::wgsl {

inline uint32_t roundUp(uint32_t k, uint32_t n) {
  return k == 0 ? n : ((n + k - 1) / k) * k;
}

inline uint64_t roundUp64(uint64_t k, uint64_t n) {
  return k == 0 ? n : ((n + k - 1) / k) * k;
}

// The largest byte-size of a type this implementation supports (WGSL #limits:
// an implementation should issue an error for a shader beyond its limits).
// Every accepted type's size, offsets and strides fit the 32-bit layout fields.
inline constexpr uint64_t kMaxTypeByteSize = 0xFFFFFFFFu;

// Compute member offsets, struct size and alignment. Member align/size must
// already hold the @align/@size values (or 0 for "natural"). Returns the exact
// (64-bit) struct size; when it exceeds kMaxTypeByteSize the stored fields are
// clamped and the caller must reject the struct.
uint64_t layoutStruct(TypeTable& types, StructInfo& s);

// #address-space-layout-constraints: check `store` as used in `space`
// (uniform or storage). Returns an empty string when satisfied, else a message
// describing the first violation (with the member path).
std::string checkLayoutConstraints(const TypeTable& types, TypeId store, AddressSpace space,
                                   bool uniformStandardLayout);

// #address-space-layout-constraints: RequiredAlignOf(T, space) (a structure or
// array in the uniform address space rounds up to 16 unless the standard
// layout is in force).
uint32_t requiredAlignOf(const TypeTable& types, TypeId t, AddressSpace space,
                         bool uniformStandardLayout);

}  // namespace bindery::wgsl
