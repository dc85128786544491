// Internal: a row of the builtin-function table (builtins.cpp).
#pragma once

#include <string_view>
#include <unordered_map>

#include "generator.h"

namespace bindery::spirv {

struct BuiltinRow;
using BuiltinEmitter = Id (*)(Generator& g, NodeId call, TypeId result, const BuiltinRow& row);

inline constexpr uint32_t kUnsupportedKind = 0xffffffffu;
inline constexpr uint32_t kIdentity = 0xfffffffeu;

struct BuiltinRow {
  BuiltinEmitter emit = nullptr;
  // Instruction (GLSL.std.450 or core opcode) for float, i32 and u32 operands.
  uint32_t fl = kUnsupportedKind;
  uint32_t sint = kUnsupportedKind;
  uint32_t uint = kUnsupportedKind;
};

// builtins_bits.cpp: bit counts and fields, pack/unpack, dot4*Packed.
void addBitBuiltins(std::unordered_map<std::string_view, BuiltinRow>& table);

// subgroups.cpp: the `subgroups` extension's functions (GroupNonUniform*).
void addSubgroupBuiltins(std::unordered_map<std::string_view, BuiltinRow>& table);
bool isSubgroupBuiltin(std::string_view name);

}  // namespace bindery::spirv
