// The names declared in a function's nested scopes (#declaration-and-scope):
// one hash table from a name to its innermost live declaration, each
// declaration linked to the one of the same name it shadows, so a lookup
// hashes the name once whatever the depth, and a scope allocates nothing
// (a std::unordered_map per scope hashed the name once per scope and
// allocated a node per name).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "ir.h"
#include "name_table.h"

namespace bindery::wgsl {

class LocalScopes {
 public:
  // Opens a scope; declarations go to the innermost open scope.
  void push() { starts_.push_back(static_cast<uint32_t>(entries_.size())); }
  // Closes the innermost scope: its names are no longer visible and what
  // they shadowed is again.
  void pop() {
    const uint32_t start = starts_.back();
    starts_.pop_back();
    while (entries_.size() > start) {
      const Entry& e = entries_.back();
      slots_[e.slot].head = e.shadowed;
      entries_.pop_back();
    }
  }
  // Declares `name` as `var` in the innermost scope: {var, true}, or the
  // declaration of that name already in that scope and false.
  std::pair<uint32_t, bool> declare(std::string_view name, uint32_t var) {
    if ((used_ + 1) * 2 > slots_.size()) grow();
    const size_t i = probe(name);
    Slot& s = slots_[i];
    if (!s.used) {
      s = {name, kNone, true};
      ++used_;
    }
    const uint32_t head = s.head;
    if (head != kNone && !starts_.empty() && head >= starts_.back())
      return {entries_[head].var, false};
    entries_.push_back({name, var, head, static_cast<uint32_t>(i)});
    s.head = static_cast<uint32_t>(entries_.size() - 1);
    return {var, true};
  }
  // Closes every scope, keeping the memory for the next function.
  void reset() {
    for (const Entry& e : entries_) slots_[e.slot].head = kNone;
    entries_.clear();
    starts_.clear();
  }
  // The innermost visible declaration of `name`, kNone if none.
  uint32_t find(std::string_view name) const {
    if (slots_.empty()) return kNone;
    const uint32_t head = slots_[probe(name)].head;
    return head == kNone ? kNone : entries_[head].var;
  }

 private:
  struct Slot {
    std::string_view name;
    uint32_t head = kNone;  // entries_ index of the innermost live declaration
    bool used = false;      // the name has had a declaration (slots are never freed)
  };
  struct Entry {
    std::string_view name;
    uint32_t var;
    uint32_t shadowed;  // entries_ index of the declaration this one hides, or kNone
    uint32_t slot;
  };
  size_t probe(std::string_view name) const {
    const size_t mask = slots_.size() - 1;
    size_t i = nameHash(name) & mask;
    while (slots_[i].used && slots_[i].name != name) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 32 : old.size() * 2, Slot{});
    for (const Slot& s : old)
      if (s.used) slots_[probe(s.name)] = s;
    for (Entry& e : entries_) e.slot = static_cast<uint32_t>(probe(e.name));
  }
  std::vector<Slot> slots_;  // a power of two, at most half used
  size_t used_ = 0;
  std::vector<Entry> entries_;    // live declarations, in order
  std::vector<uint32_t> starts_;  // per open scope: its first entries_ index
};

}  // namespace bindery::wgsl
