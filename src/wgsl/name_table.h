// A map from a name (a view into the source) to an index: open addressing,
// linear probing, FNV-1a. Used for the module-scope names the resolver looks
// up once per identifier (a std::unordered_map hashed and chased a node for
// each).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "ir.h"

namespace bindery::wgsl {

class NameTable {
 public:
  // Adds `name` -> `value` unless the name is there; returns the value the
  // name maps to and whether it was added.
  std::pair<uint32_t, bool> emplace(std::string_view name, uint32_t value) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    size_t i = probe(name);
    if (slots_[i].value != kNone) return {slots_[i].value, false};
    slots_[i] = {name, value};
    ++size_;
    return {value, true};
  }
  // The value of `name`, kNone if absent.
  uint32_t find(std::string_view name) const {
    return slots_.empty() ? kNone : slots_[probe(name)].value;
  }

 private:
  struct Slot {
    std::string_view name;
    uint32_t value = kNone;
  };
  static uint32_t hash(std::string_view s) {
    uint32_t h = 2166136261u;
    for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
    return h;
  }
  // The slot holding `name`, or the empty slot where it would go.
  size_t probe(std::string_view name) const {
    const size_t mask = slots_.size() - 1;
    size_t i = hash(name) & mask;
    while (slots_[i].value != kNone && slots_[i].name != name) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, Slot{});
    for (const Slot& s : old)
      if (s.value != kNone) slots_[probe(s.name)] = s;
  }
  std::vector<Slot> slots_;  // a power of two, at most half full
  size_t size_ = 0;
};

}  // namespace bindery::wgsl
