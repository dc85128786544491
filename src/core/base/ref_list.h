// RefList<T, N>: a list of references (Ref<T>) whose first N live in the
// list itself, then all of them in one heap array: the few objects a pass
// uses (its pipeline, its bind group) need no allocation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/base/ref.h"

namespace bindery::core {

template <class T, size_t N>
class RefList {
 public:
  RefList() = default;
  RefList(RefList&& other) noexcept { take(other); }
  RefList& operator=(RefList&& other) noexcept {
    if (this != &other) {
      clear();
      take(other);
    }
    return *this;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Ref<T>* begin() const { return onHeap() ? heap_.data() : inline_.data(); }
  const Ref<T>* end() const { return begin() + size_; }
  const Ref<T>& operator[](size_t i) const { return begin()[i]; }
  const Ref<T>& back() const { return begin()[size_ - 1]; }

  // Appends a new reference to `object`.
  void emplace_back(T* object) {
    if (!onHeap()) {
      if (size_ < N) [[likely]] {
        inline_[size_++] = Ref<T>(object);
        return;
      }
      heap_.reserve(2 * N);
      for (Ref<T>& ref : inline_) heap_.push_back(std::move(ref));
    }
    heap_.emplace_back(object);
    ++size_;
  }
  void append(const RefList& other) {
    for (const Ref<T>& ref : other) emplace_back(ref.get());
  }
  void clear() {
    for (size_t i = 0; i < size_ && i < N; ++i) inline_[i] = nullptr;
    heap_.clear();
    size_ = 0;
  }

 private:
  // Past N the references move to heap_ (and stay there).
  bool onHeap() const { return size_ > N; }
  void take(RefList& other) {
    if (other.onHeap()) {
      heap_ = std::move(other.heap_);
      other.heap_.clear();
    } else {
      for (size_t i = 0; i < other.size_; ++i) inline_[i] = std::move(other.inline_[i]);
    }
    size_ = std::exchange(other.size_, 0);
  }

  std::array<Ref<T>, N> inline_{};
  std::vector<Ref<T>> heap_;
  size_t size_ = 0;
};

}  // namespace bindery::core
