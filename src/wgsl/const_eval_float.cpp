// Constant evaluation of the numeric builtins (#numeric-builtin-functions)
// that work component by component: each one's domain (the "Scalar domain"
// of its section), its own "It is a shader-creation error if" clause
// (#clamp, #ldexp-builtin, #quantizeToF16-builtin, #smoothstep-builtin), and
// results that are not representable (#floating-point-evaluation). Also
// frexp and modf, whose results are the predeclared __frexp_result_* /
// __modf_result_* structures (#frexp-builtin, #modf-builtin).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "const_eval_util.h"

namespace bindery::wgsl {

namespace {

constexpr double kPi = 3.141592653589793238462643383279502884;

// A function of one floating-point argument, with its domain.
struct UnaryFloat {
  const char* name;
  double (*fn)(double);
  double lo, hi;           // the domain [lo, hi]
  const char* domainText;  // as the spec writes it; nullptr: every finite value
};

const UnaryFloat kUnary[] = {
    {"acos", [](double x) { return std::acos(x); }, -1, 1, "[-1, 1]"},
    {"acosh", [](double x) { return std::acosh(x); }, 1, INFINITY, "[1, +infinity]"},
    {"asin", [](double x) { return std::asin(x); }, -1, 1, "[-1, 1]"},
    {"asinh", [](double x) { return std::asinh(x); }, -INFINITY, INFINITY, nullptr},
    {"atan", [](double x) { return std::atan(x); }, -INFINITY, INFINITY, nullptr},
    {"atanh", [](double x) { return std::atanh(x); }, -1, 1, "[-1, 1]"},
    {"ceil", [](double x) { return std::ceil(x); }, -INFINITY, INFINITY, nullptr},
    {"cos", [](double x) { return std::cos(x); }, -INFINITY, INFINITY, nullptr},
    {"cosh", [](double x) { return std::cosh(x); }, -INFINITY, INFINITY, nullptr},
    {"degrees", [](double x) { return x * (180.0 / kPi); }, -INFINITY, INFINITY, nullptr},
    {"exp", [](double x) { return std::exp(x); }, -INFINITY, INFINITY, nullptr},
    {"exp2", [](double x) { return std::exp2(x); }, -INFINITY, INFINITY, nullptr},
    {"floor", [](double x) { return std::floor(x); }, -INFINITY, INFINITY, nullptr},
    {"fract", [](double x) { return x - std::floor(x); }, -INFINITY, INFINITY, nullptr},
    {"inverseSqrt", [](double x) { return 1.0 / std::sqrt(x); }, 0, INFINITY, "[0, +infinity]"},
    {"log", [](double x) { return std::log(x); }, 0, INFINITY, "[0, +infinity]"},
    {"log2", [](double x) { return std::log2(x); }, 0, INFINITY, "[0, +infinity]"},
    {"radians", [](double x) { return x * (kPi / 180.0); }, -INFINITY, INFINITY, nullptr},
    // #round-builtin: ties to even (the default rounding mode of nearbyint)
    {"round", [](double x) { return std::nearbyint(x); }, -INFINITY, INFINITY, nullptr},
    {"saturate", [](double x) { return std::fmin(std::fmax(x, 0.0), 1.0); }, -INFINITY, INFINITY,
     nullptr},
    {"sin", [](double x) { return std::sin(x); }, -INFINITY, INFINITY, nullptr},
    {"sinh", [](double x) { return std::sinh(x); }, -INFINITY, INFINITY, nullptr},
    {"sqrt", [](double x) { return std::sqrt(x); }, 0, INFINITY, "[0, +infinity]"},
    {"tan", [](double x) { return std::tan(x); }, -INFINITY, INFINITY, nullptr},
    {"tanh", [](double x) { return std::tanh(x); }, -INFINITY, INFINITY, nullptr},
    {"trunc", [](double x) { return std::trunc(x); }, -INFINITY, INFINITY, nullptr},
};

// Map the call component-wise with `fn(i, result)`; false (with c.err) on
// the first component it refuses.
template <typename Fn>
bool each(BuiltinCall& c, Fn fn) {
  const size_t n = c.width();
  for (size_t i = 0; i < n; ++i) {
    Scalar r;
    if (!fn(i, r)) return false;
    c.out.elems.push_back(r);
  }
  return true;
}

std::string domainError(BuiltinCall& c, size_t i, double x, const char* domain) {
  return c.callText(i) + ": " + numberText(x) + " is outside the domain of '" +
         std::string(c.name) + "', " + domain;
}

int unaryFloat(BuiltinCall& c, TypeId leaf, const UnaryFloat& u) {
  if (!c.unify(leaf)) return -1;
  bool ok = each(c, [&](size_t i, Scalar& r) {
    double x = c.at(0, i).f;
    if (x < u.lo || x > u.hi) return c.fail(domainError(c, i, x, u.domainText));
    r.f = u.fn(x);
    return true;
  });
  return ok && c.finish(leaf) ? 1 : -1;
}

// Integer and float forms of abs, sign, min, max, clamp.
int mixedNumeric(BuiltinCall& c, TypeId leaf) {
  const TypeKind k = c.T[leaf].kind;
  const bool fl = isFloatKind(k);
  const std::string_view name = c.name;
  if (!c.unify(leaf)) return -1;
  auto text = [&](const Scalar& s) { return fl ? numberText(s.f) : std::to_string(s.i); };
  bool ok = each(c, [&](size_t i, Scalar& r) {
    const Scalar& x = c.at(0, i);
    if (name == "abs") {
      // #abs-builtin: the most negative i32 is its own absolute value
      if (k == TypeKind::AbstractInt && x.i == INT64_MIN)
        return c.fail(c.callText(i) + ": the result cannot be represented as an AbstractInt");
      r.f = std::fabs(x.f);
      r.i = (k == TypeKind::I32 && x.i == INT32_MIN) ? x.i : (x.i < 0 ? -x.i : x.i);
    } else if (name == "sign") {
      r.f = x.f > 0 ? 1.0 : x.f < 0 ? -1.0 : 0.0;
      r.i = x.i > 0 ? 1 : x.i < 0 ? -1 : 0;
    } else if (name == "min" || name == "max") {
      const Scalar& y = c.at(1, i);
      r.f = name == "min" ? std::fmin(x.f, y.f) : std::fmax(x.f, y.f);
      r.i = name == "min" ? std::min(x.i, y.i) : std::max(x.i, y.i);
    } else {  // clamp (#clamp): low > high is an error
      const Scalar &lo = c.at(1, i), &hi = c.at(2, i);
      if (fl ? lo.f > hi.f : lo.i > hi.i)
        return c.fail(c.callText(i) + ": low (" + text(lo) + ") is greater than high (" + text(hi) +
                      ")");
      r.f = std::fmin(std::fmax(x.f, lo.f), hi.f);
      r.i = std::min(std::max(x.i, lo.i), hi.i);
    }
    return true;
  });
  return ok && c.finish(leaf) ? 1 : -1;
}

int binaryOrTernaryFloat(BuiltinCall& c, TypeId leaf) {
  const std::string_view name = c.name;
  if (!c.unify(leaf)) return -1;
  bool ok = each(c, [&](size_t i, Scalar& r) {
    const double x = c.at(0, i).f, y = c.at(1, i).f;
    if (name == "atan2") {
      r.f = std::atan2(x, y);
    } else if (name == "pow") {
      // Scalar domain: x >= 0 (#pow-builtin); pow(0, y <= 0) is infinite or
      // NaN (accuracy inherited from exp2(y * log2(x))).
      if (x < 0 || (x == 0 && y <= 0))
        return c.fail(c.callText(i) + ": (" + numberText(x) + ", " + numberText(y) +
                      ") is outside the domain of pow (x > 0, or x = 0 with y > 0)");
      r.f = std::pow(x, y);
    } else if (name == "step") {
      r.f = x <= y ? 1.0 : 0.0;
    } else if (name == "fma") {
      r.f = x * y + c.at(2, i).f;
    } else if (name == "mix") {
      const double t = c.at(2, i).f;
      r.f = x * (1 - t) + y * t;
    } else {  // smoothstep (#smoothstep-builtin): edge0 == edge1 is an error
      if (x == y) return c.fail(c.callText(i) + ": edge0 and edge1 are both " + numberText(x));
      const double t = std::fmin(std::fmax((c.at(2, i).f - x) / (y - x), 0.0), 1.0);
      r.f = t * t * (3 - 2 * t);
    }
    return true;
  });
  return ok && c.finish(leaf) ? 1 : -1;
}

int ldexp(BuiltinCall& c, TypeId leaf) {  // #ldexp-builtin
  const TypeKind k = c.T[leaf].kind;
  const int bias = k == TypeKind::F16 ? 15 : k == TypeKind::F32 ? 127 : 1023;
  const TypeId intLeaf = k == TypeKind::AbstractFloat ? c.T.abstractInt() : c.T.i32();
  if (!c.convertArg(0, c.T.withLeaf(c.args[0].type, leaf)) ||
      !c.convertArg(1, c.T.withLeaf(c.args[1].type, intLeaf)))
    return -1;
  bool ok = each(c, [&](size_t i, Scalar& r) {
    const int64_t e2 = c.at(1, i).i;
    if (e2 > bias + 1)
      return c.fail(c.callText(i) + ": the exponent " + std::to_string(e2) + " is greater than " +
                    std::to_string(bias + 1) + " (the bias of " + c.T.name(leaf) + " + 1)");
    r.f = std::ldexp(c.at(0, i).f, int(std::max<int64_t>(e2, -2200)));
    return true;
  });
  return ok && c.finish(leaf) ? 1 : -1;
}

int quantizeToF16(BuiltinCall& c, TypeId leaf) {  // #quantizeToF16-builtin
  if (!c.unify(leaf)) return -1;
  bool ok = each(c, [&](size_t i, Scalar& r) {
    const double x = c.at(0, i).f;
    uint16_t h;
    if (!toHalfBits(x, h))
      return c.fail(c.callText(i) + ": " + numberText(x) +
                    " is outside the finite range of f16, [-65504, 65504]");
    bool finite;
    r.f = fromHalfBits(h, finite);
    return true;
  });
  return ok && c.finish(leaf) ? 1 : -1;
}

// frexp / modf: a structure of two members with the argument's shape,
// flattened member after member.
int frexpOrModf(BuiltinCall& c) {
  const Type& st = c.T[c.result];
  if (st.kind != TypeKind::Struct) return 0;
  const StructInfo& s = c.T.structInfo(st.structIndex);
  const TypeId leaf = c.T.leaf(s.members[0].type);
  const TypeId second = c.T.leaf(s.members[1].type);
  if (!c.unify(leaf)) return -1;
  const size_t n = c.args[0].elems.size();
  std::vector<Scalar> first(n), rest(n);
  for (size_t i = 0; i < n; ++i) {
    const double x = c.args[0].elems[i].f;
    if (c.name == "frexp") {
      // #frexp-builtin: zero gives (0, 0); else x = fract * 2^exp with
      // |fract| in [0.5, 1)
      int e = 0;
      first[i].f = x == 0 ? 0.0 : std::frexp(x, &e);
      rest[i].i = e;
    } else {  // #modf-builtin: whole = trunc(x), fract = x - trunc(x)
      rest[i].f = std::trunc(x);
      first[i].f = x - rest[i].f;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (!c.ev.checkScalar(leaf, first[i], c.err) || !c.ev.checkScalar(second, rest[i], c.err))
      return -1;
  }
  c.out.elems.assign(first.begin(), first.end());
  c.out.elems.insert(c.out.elems.end(), rest.begin(), rest.end());
  return 1;
}

}  // namespace

int evalFloatBuiltin(BuiltinCall& c) {
  const std::string_view name = c.name;
  if (name == "frexp" || name == "modf") return frexpOrModf(c);
  const TypeId leaf = c.T.leaf(c.result);
  if (leaf == kNoType || !c.T.isScalar(leaf)) return 0;
  if (name == "abs" || name == "sign" || name == "min" || name == "max" || name == "clamp")
    return mixedNumeric(c, leaf);
  if (!c.isFloat(leaf)) return 0;
  for (const UnaryFloat& u : kUnary)
    if (name == u.name) return unaryFloat(c, leaf, u);
  if (name == "atan2" || name == "pow" || name == "step" || name == "fma" || name == "mix" ||
      name == "smoothstep")
    return binaryOrTernaryFloat(c, leaf);
  if (name == "ldexp") return ldexp(c, leaf);
  if (name == "quantizeToF16") return quantizeToF16(c, leaf);
  return 0;
}

}  // namespace bindery::wgsl
