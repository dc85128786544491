// Constant evaluation of the vector and matrix builtins
// (#numeric-builtin-functions: dot, cross, length, distance, normalize,
// faceForward, reflect, refract, determinant, transpose) and the logical
// ones (#logical-builtin-functions: all, any, select). Intermediate values
// follow the rules of the expressions their accuracy is inherited from
// (#floating-point-accuracy): a dot product that overflows its type is an
// error for faceForward and reflect; length scales its components first, so
// only a length that is itself out of range is one.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "const_eval_util.h"

namespace bindery::wgsl {

namespace {

// sqrt(sum(x_i^2)) without overflowing the intermediate squares.
double scaledLength(const std::vector<double>& xs) {
  double m = 0;
  for (double x : xs) m = std::fmax(m, std::fabs(x));
  if (m == 0 || !std::isfinite(m)) return m;
  double sum = 0;
  for (double x : xs) sum += (x / m) * (x / m);
  return m * std::sqrt(sum);
}

std::vector<double> floats(const ConstValue& v) {
  std::vector<double> xs;
  for (const Scalar& s : v.elems) xs.push_back(s.f);
  return xs;
}

// dot of two float vectors, checked against `leaf` (an intermediate value).
bool checkedDot(BuiltinCall& c, TypeId leaf, const ConstValue& a, const ConstValue& b,
                double& out) {
  double s = 0;
  for (size_t i = 0; i < a.elems.size(); ++i) s += a.elems[i].f * b.elems[i].f;
  Scalar r{s, 0};
  if (!c.ev.checkScalar(leaf, r, c.err)) {
    c.err = std::string(c.name) + ": the dot product of its arguments, " + c.err;
    return false;
  }
  out = r.f;
  return true;
}

int dot(BuiltinCall& c, TypeId leaf) {  // #dot-builtin
  const TypeKind k = c.T[leaf].kind;
  if (!c.unify(leaf)) return -1;
  const ConstValue &a = c.args[0], &b = c.args[1];
  if (isFloatKind(k)) {
    double s = 0;
    for (size_t i = 0; i < a.elems.size(); ++i) s += a.elems[i].f * b.elems[i].f;
    c.out.elems.push_back({s, 0});
    return c.finish(leaf) ? 1 : -1;
  }
  // concrete integers wrap (#integer-types); AbstractInt must not overflow
  int64_t sum = 0;
  for (size_t i = 0; i < a.elems.size(); ++i) {
    if (k == TypeKind::AbstractInt) {
      int64_t p;
      if (__builtin_mul_overflow(a.elems[i].i, b.elems[i].i, &p) ||
          __builtin_add_overflow(sum, p, &sum))
        return c.error("dot: the result overflows AbstractInt (64 bits)");
    } else {
      sum = int64_t(uint32_t(uint64_t(sum) + uint64_t(a.elems[i].i) * uint64_t(b.elems[i].i)));
    }
  }
  if (k == TypeKind::I32) sum = int32_t(uint32_t(sum));
  c.out.elems.push_back({0, sum});
  return 1;
}

int geometric(BuiltinCall& c, TypeId leaf) {
  const std::string_view name = c.name;
  if (!c.unify(leaf)) return -1;
  const ConstValue& a = c.args[0];
  const size_t w = a.elems.size();
  auto push = [&](double v) { c.out.elems.push_back({v, 0}); };
  if (name == "length") {  // #length-builtin
    push(scaledLength(floats(a)));
  } else if (name == "distance") {  // #distance-builtin: length(e1 - e2)
    std::vector<double> d;
    for (size_t i = 0; i < w; ++i) {
      Scalar s{a.elems[i].f - c.args[1].elems[i].f, 0};
      if (!c.ev.checkScalar(leaf, s, c.err)) {
        c.err = "distance: e1 - e2, " + c.err;
        return -1;
      }
      d.push_back(s.f);
    }
    push(scaledLength(d));
  } else if (name == "normalize") {  // #normalize-builtin: not the zero vector
    const double len = scaledLength(floats(a));
    if (len == 0) return c.error("normalize: the zero vector is outside its domain");
    for (size_t i = 0; i < w; ++i) push(a.elems[i].f / len);
  } else if (name == "cross") {  // #cross-builtin
    const ConstValue& b = c.args[1];
    auto x = [&](const ConstValue& v, int i) { return v.elems[size_t(i)].f; };
    push(x(a, 1) * x(b, 2) - x(a, 2) * x(b, 1));
    push(x(a, 2) * x(b, 0) - x(a, 0) * x(b, 2));
    push(x(a, 0) * x(b, 1) - x(a, 1) * x(b, 0));
  } else if (name == "faceForward") {  // #faceForward-builtin: e1 if dot(e2, e3) < 0
    double d;
    if (!checkedDot(c, leaf, c.args[1], c.args[2], d)) return -1;
    for (size_t i = 0; i < w; ++i) push(d < 0 ? a.elems[i].f : -a.elems[i].f);
  } else if (name == "reflect") {  // #reflect-builtin: e1 - 2 * dot(e2, e1) * e2
    double d;
    if (!checkedDot(c, leaf, c.args[1], a, d)) return -1;
    for (size_t i = 0; i < w; ++i) push(a.elems[i].f - 2 * d * c.args[1].elems[i].f);
  } else {  // refract (#refract-builtin): k = 1 - e3^2 (1 - dot(e2, e1)^2)
    double d;
    if (!checkedDot(c, leaf, c.args[1], a, d)) return -1;
    const double eta = c.args[2].elems[0].f;
    const double k = 1.0 - eta * eta * (1.0 - d * d);
    for (size_t i = 0; i < w; ++i)
      push(k < 0 ? 0.0 : eta * a.elems[i].f - (eta * d + std::sqrt(k)) * c.args[1].elems[i].f);
  }
  return c.finish(leaf) ? 1 : -1;
}

// Determinant of the n x n column-major matrix `m` (Laplace expansion).
double det(const std::vector<double>& m, int n) {
  if (n == 1) return m[0];
  if (n == 2) return m[0] * m[3] - m[2] * m[1];
  double sum = 0;
  for (int col = 0; col < n; ++col) {  // expand along row 0
    std::vector<double> minor;
    for (int cc = 0; cc < n; ++cc) {
      if (cc == col) continue;
      for (int r = 1; r < n; ++r) minor.push_back(m[size_t(cc * n + r)]);
    }
    const double term = m[size_t(col * n)] * det(minor, n - 1);
    sum += (col % 2 ? -term : term);
  }
  return sum;
}

int matrix(BuiltinCall& c, TypeId leaf) {
  const Type mt = c.T[c.args[0].type];
  if (mt.kind != TypeKind::Matrix) return 0;
  if (!c.unify(leaf)) return -1;
  const ConstValue& m = c.args[0];
  if (c.name == "determinant") {  // #determinant-builtin
    c.out.elems.push_back({det(floats(m), mt.width), 0});
  } else {  // #transpose-builtin: matCxR -> matRxC
    const size_t cols = mt.width, rows = mt.rows;
    for (size_t r = 0; r < rows; ++r)
      for (size_t col = 0; col < cols; ++col) c.out.elems.push_back(m.elems[col * rows + r]);
  }
  return c.finish(leaf) ? 1 : -1;
}

int logical(BuiltinCall& c) {
  if (c.name == "select") {  // #select-builtin: t when cond, else f
    if (!c.convertArg(0, c.result) || !c.convertArg(1, c.result)) return -1;
    for (size_t i = 0; i < c.args[0].elems.size(); ++i)
      c.out.elems.push_back(c.at(2, i).i ? c.args[1].elems[i] : c.args[0].elems[i]);
    return 1;
  }
  bool all = true, any = false;  // #all-builtin, #any-builtin
  for (const Scalar& s : c.args[0].elems) all = all && s.i, any = any || s.i;
  c.out.elems.push_back({0, (c.name == "all" ? all : any) ? 1 : 0});
  return 1;
}

}  // namespace

int evalVectorBuiltin(BuiltinCall& c) {
  const std::string_view name = c.name;
  c.componentWise = false;
  if (name == "select" || name == "all" || name == "any") return logical(c);
  const TypeId leaf = c.T.leaf(c.result);
  if (leaf == kNoType || !c.T.isScalar(leaf)) return 0;
  if (name == "dot") return dot(c, leaf);
  if (!c.isFloat(leaf)) return 0;
  if (name == "length" || name == "distance" || name == "normalize" || name == "cross" ||
      name == "faceForward" || name == "reflect" || name == "refract")
    return geometric(c, leaf);
  if (name == "determinant" || name == "transpose") return matrix(c, leaf);
  return 0;
}

}  // namespace bindery::wgsl
