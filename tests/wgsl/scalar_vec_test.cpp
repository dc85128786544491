// ScalarVec (scalar_vec.h): ConstValue::elems, a vector of scalars with four
// inline. Each operation against std::vector<Scalar> doing the same, on both
// sides of the inline capacity, and with ranges taken from the vector itself.
#include <gtest/gtest.h>

#include <vector>

#include "scalar_vec.h"

namespace bindery::wgsl {
namespace {

Scalar s(int64_t v) {
  return Scalar{double(v) + 0.5, v};
}

void expectSame(const ScalarVec& a, const std::vector<Scalar>& b) {
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.empty(), b.empty());
  for (size_t i = 0; i < b.size(); ++i) {
    EXPECT_EQ(a[i].i, b[i].i) << i;
    EXPECT_EQ(a[i].f, b[i].f) << i;
  }
}

TEST(ScalarVec, PushAssignInsertAcrossTheInlineCapacity) {
  for (int n : {0, 1, 3, 4, 5, 9, 17}) {
    ScalarVec a;
    std::vector<Scalar> b;
    for (int i = 0; i < n; ++i) {
      a.push_back(s(i));
      b.push_back(s(i));
    }
    expectSame(a, b);
    // append a copy of itself (a range of its own scalars)
    ScalarVec c = a;
    c.insert(c.end(), c.begin(), c.end());
    std::vector<Scalar> d = b;
    d.insert(d.end(), b.begin(), b.end());
    expectSame(c, d);
    // splat from its own first element
    if (n > 0) {
      c.assign(size_t(n) + 3, c[0]);
      d.assign(size_t(n) + 3, d[0]);
      expectSame(c, d);
    }
    // a sub-range of itself moved to the front
    if (n > 2) {
      a.assign(a.begin() + 1, a.begin() + n - 1);
      b = std::vector<Scalar>(b.begin() + 1, b.begin() + n - 1);
      expectSame(a, b);
    }
    // from a std::vector range and an initializer list
    ScalarVec e;
    e.assign(d.begin(), d.end());
    expectSame(e, d);
    e = {s(7), s(8)};
    expectSame(e, {s(7), s(8)});
    e.clear();
    expectSame(e, {});
  }
}

TEST(ScalarVec, CopiesAndMovesKeepTheirScalars) {
  for (int n : {2, 4, 6}) {
    ScalarVec a;
    std::vector<Scalar> b;
    for (int i = 0; i < n; ++i) {
      a.push_back(s(i * 3));
      b.push_back(s(i * 3));
    }
    ScalarVec copy(a);
    ScalarVec moved(std::move(a));
    expectSame(copy, b);
    expectSame(moved, b);
    expectSame(a, {});  // NOLINT(bugprone-use-after-move): a moved-from vector is empty
    a = moved;
    expectSame(a, b);
    ScalarVec other = {s(1)};
    other = std::move(moved);
    expectSame(other, b);
    ScalarVec& same = other;
    other = same;  // self-assignment keeps the scalars
    expectSame(other, b);
    std::vector<ScalarVec> many(3, copy);  // regrowth moves them
    for (int i = 0; i < 20; ++i) many.push_back(copy);
    for (const ScalarVec& v : many) expectSame(v, b);
  }
}

}  // namespace
}  // namespace bindery::wgsl
