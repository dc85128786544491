// A map from a name (a view into the source) to an index: open addressing,
// linear probing, nameHash. Used for the module-scope names the resolver looks
// up once per identifier (a std::unordered_map hashed and chased a node for
// each).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "ir.h"

namespace bindery::wgsl {

// A hash of a name that reads it eight bytes at a time (the last eight, or
// two overlapping four, or three bytes, for the tail): every byte counts, a
// few multiplies for the names WGSL modules use.
inline uint64_t nameHash(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  uint64_t h = n * 0x9E3779B97F4A7C15ull;
  const auto mix = [&h](uint64_t w) {
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 29;
  };
  const auto load8 = [](const char* q) {
    uint64_t w;
    std::memcpy(&w, q, 8);
    return w;
  };
  const auto load4 = [](const char* q) {
    uint32_t w;
    std::memcpy(&w, q, 4);
    return uint64_t(w);
  };
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8) mix(load8(p + i));
    mix(load8(p + n - 8));
  } else if (n >= 4) {
    mix(load4(p) << 32 | load4(p + n - 4));
  } else if (n > 0) {
    const auto b = [&](size_t i) { return uint64_t(static_cast<unsigned char>(p[i])); };
    mix(b(0) << 16 | b(n / 2) << 8 | b(n - 1));
  }
  return h;
}

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
  // The slot holding `name`, or the empty slot where it would go.
  size_t probe(std::string_view name) const {
    const size_t mask = slots_.size() - 1;
    size_t i = nameHash(name) & mask;
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
