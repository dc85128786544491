// The scalars of a constant value (ConstValue::elems): the part of
// std::vector<Scalar>'s interface const-eval uses, with the first four
// scalars inline, so a scalar or vector constant allocates nothing (a
// std::vector allocated for each literal, each copy and each result).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <type_traits>

namespace bindery::wgsl {

// One scalar of a constant value: integers and bools in `i`, floats in `f`.
struct Scalar {
  double f = 0;
  int64_t i = 0;
};

static_assert(std::is_trivially_copyable_v<Scalar>);

class ScalarVec {
 public:
  static constexpr size_t kInline = 4;

  ScalarVec() = default;
  ScalarVec(std::initializer_list<Scalar> l) { assignRange(l.begin(), l.end()); }
  ScalarVec(const ScalarVec& o) { assignRange(o.begin(), o.end()); }
  ScalarVec(ScalarVec&& o) noexcept { take(o); }
  ScalarVec& operator=(const ScalarVec& o) {
    if (this != &o) assignRange(o.begin(), o.end());
    return *this;
  }
  ScalarVec& operator=(ScalarVec&& o) noexcept {
    if (this != &o) {
      release();
      take(o);
    }
    return *this;
  }
  ScalarVec& operator=(std::initializer_list<Scalar> l) {
    assignRange(l.begin(), l.end());
    return *this;
  }
  ~ScalarVec() { release(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Scalar* data() { return data_; }
  const Scalar* data() const { return data_; }
  Scalar* begin() { return data_; }
  Scalar* end() { return data_ + size_; }
  const Scalar* begin() const { return data_; }
  const Scalar* end() const { return data_ + size_; }
  Scalar& operator[](size_t i) { return data_[i]; }
  const Scalar& operator[](size_t i) const { return data_[i]; }

  void clear() { size_ = 0; }
  void reserve(size_t n) {
    if (n > cap_) grow(n);
  }
  void push_back(const Scalar& s) {
    if (size_ == cap_) {
      const Scalar copy = s;  // `s` may be one of ours
      grow(cap_ * 2);
      data_[size_++] = copy;
      return;
    }
    data_[size_++] = s;
  }
  void assign(size_t n, const Scalar& v) {
    const Scalar copy = v;
    size_ = 0;
    reserve(n);
    std::fill_n(data_, n, copy);
    size_ = n;
  }
  // [first, last) may be part of this vector's own scalars.
  void assignRange(const Scalar* first, const Scalar* last) {
    const size_t n = static_cast<size_t>(last - first);
    if (n > cap_) {
      ScalarVec tmp;
      tmp.grow(n);
      std::copy(first, last, tmp.data_);
      tmp.size_ = n;
      *this = std::move(tmp);
      return;
    }
    if (n) std::memmove(data_, first, n * sizeof(Scalar));  // may be a sub-range of ours
    size_ = n;
  }
  template <class It>
  void assign(It first, It last) {
    assignRange(std::to_address(first), std::to_address(last));
  }
  // Appends [first, last).
  void appendRange(const Scalar* first, const Scalar* last) {
    const size_t n = static_cast<size_t>(last - first);
    if (size_ + n > cap_) {
      ScalarVec tmp;
      tmp.grow(std::max(size_ + n, cap_ * 2));
      std::copy(data_, data_ + size_, tmp.data_);
      std::copy(first, last, tmp.data_ + size_);
      tmp.size_ = size_ + n;
      *this = std::move(tmp);
      return;
    }
    std::copy(first, last, data_ + size_);
    size_ += n;
  }
  template <class It>
  void insert(const Scalar* pos, It first, It last) {
    (void)pos;
    appendRange(std::to_address(first), std::to_address(last));
  }

 private:
  bool inlined() const { return data_ == inline_; }
  void release() {
    if (!inlined()) delete[] data_;
    data_ = inline_;
    size_ = 0;
    cap_ = kInline;
  }
  // Takes `o`'s scalars (its heap block, or a copy of its inline ones) and
  // leaves it empty.
  void take(ScalarVec& o) {
    if (o.inlined()) {
      std::copy(o.inline_, o.inline_ + o.size_, inline_);
      data_ = inline_;
      cap_ = kInline;
    } else {
      data_ = o.data_;
      cap_ = o.cap_;
      o.data_ = o.inline_;
      o.cap_ = kInline;
    }
    size_ = o.size_;
    o.size_ = 0;
  }
  void grow(size_t n) {
    Scalar* p = new Scalar[n];
    std::copy(data_, data_ + size_, p);
    if (!inlined()) delete[] data_;
    data_ = p;
    cap_ = n;
  }

  Scalar* data_ = inline_;
  size_t size_ = 0;
  size_t cap_ = kInline;
  Scalar inline_[kInline];
};

}  // namespace bindery::wgsl
