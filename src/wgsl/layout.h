// Internal: memory layout (#memory-layouts) and address-space layout constraints.
#pragma once

#include <string>

#include "types.h"

namespace bindery::wgsl {

inline uint32_t roundUp(uint32_t k, uint32_t n) {
  return k == 0 ? n : ((n + k - 1) / k) * k;
}

// Compute member offsets, struct size and alignment. Member align/size must
// already hold the @align/@size values (or 0 for "natural").
void layoutStruct(TypeTable& types, StructInfo& s);

// #address-space-layout-constraints: check `store` as used in `space`
// (uniform or storage). Returns an empty string when satisfied, else a message
// describing the first violation (with the member path).
std::string checkLayoutConstraints(const TypeTable& types, TypeId store, AddressSpace space,
                                   bool uniformStandardLayout);

}  // namespace bindery::wgsl
