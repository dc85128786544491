// Constant evaluation of builtins with the spec's error rules: domains
// (#floating-point-evaluation, each builtin's section), results that are
// not representable, and the builtins' own "It is a shader-creation error
// if" clauses (clamp, smoothstep, extractBits, insertBits, ldexp,
// quantizeToF16, pack2x16float, bitcast). ConstEval::builtin() asks this
// first; what it does not handle falls through to the generic evaluation.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "const_eval.h"

namespace bindery::wgsl {

namespace {

bool isFloat(TypeKind k) {
  return k == TypeKind::AbstractFloat || k == TypeKind::F32 || k == TypeKind::F16;
}

// IEEE binary16 bits of a finite value (round to nearest even); false when
// it is outside the finite range of f16.
bool toHalfBits(double x, uint16_t& bits) {
  if (!std::isfinite(x) || std::fabs(x) > 65504.0) return false;
  float f = float(x);
  uint32_t u = std::bit_cast<uint32_t>(f);
  uint32_t sign = (u >> 16) & 0x8000u;
  int32_t exp = int32_t((u >> 23) & 0xff) - 127 + 15;
  uint32_t mant = u & 0x7fffffu;
  if (exp <= 0) {  // subnormal or zero
    if (exp < -10) {
      bits = uint16_t(sign);
      return true;
    }
    mant |= 0x800000u;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    bits = uint16_t(sign | half);
    return true;
  }
  uint32_t half = (uint32_t(exp) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1))) ++half;
  bits = uint16_t(sign | half);
  return (half & 0x7c00u) != 0x7c00u;
}

double fromHalfBits(uint16_t h, bool& finite) {
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ffu;
  double sign = (h & 0x8000u) ? -1.0 : 1.0;
  finite = exp != 0x1f;
  if (exp == 0) return sign * std::ldexp(double(mant), -24);
  return sign * std::ldexp(double(mant | 0x400u), int(exp) - 25);
}

}  // namespace

// 1: evaluated, 0: not handled here, -1: a shader-creation error in `err`.
int ConstEval::builtinChecked(std::string_view name, std::vector<ConstValue>& args, TypeId result,
                              ConstValue& out, std::string& err) {
  const TypeId leaf = T.leaf(result);
  const TypeKind k = T[leaf].kind;
  const bool fl = isFloat(k);
  auto unify = [&](TypeId to) {
    for (ConstValue& a : args)
      if (!convert(a, T.withLeaf(a.type, to), err)) return false;
    return true;
  };
  auto at = [](const ConstValue& v, size_t i) -> const Scalar& {
    return v.elems[v.elems.size() == 1 ? 0 : i];
  };
  auto fail = [&](std::string msg) {
    err = std::move(msg);
    return -1;
  };
  auto finish = [&]() {
    for (Scalar& s : out.elems)
      if (!checkScalar(leaf, s, err)) return -1;
    return 1;
  };
  size_t n = 1;
  for (const ConstValue& a : args) n = std::max(n, a.elems.size());
  out.type = result;
  out.elems.clear();

  if (name == "abs" && !fl) {  // #abs-builtin: abs of the most negative i32 is itself
    if (!unify(leaf)) return -1;
    for (size_t i = 0; i < n; ++i) {
      int64_t x = at(args[0], i).i;
      if (k == TypeKind::I32 && x == INT32_MIN) {
        out.elems.push_back({0, x});
      } else if (x == INT64_MIN) {
        return fail("abs(" + std::to_string(x) + ") overflows AbstractInt");
      } else {
        out.elems.push_back({0, x < 0 ? -x : x});
      }
    }
    return finish();
  }
  if (name == "clamp") {  // #clamp: low > high is an error
    if (!unify(leaf)) return -1;
    for (size_t i = 0; i < n; ++i) {
      const Scalar &lo = at(args[1], i), &hi = at(args[2], i);
      if (fl ? lo.f > hi.f : lo.i > hi.i)
        return fail("clamp: low (" + (fl ? std::to_string(lo.f) : std::to_string(lo.i)) +
                    ") is greater than high (" +
                    (fl ? std::to_string(hi.f) : std::to_string(hi.i)) +
                    ") in a constant expression (#clamp)");
    }
    return 0;  // the value: the generic evaluation
  }
  if (name == "smoothstep") {  // #smoothstep-builtin: edge0 == edge1 is an error
    if (!unify(leaf)) return -1;
    for (size_t i = 0; i < n; ++i)
      if (at(args[0], i).f == at(args[1], i).f)
        return fail("smoothstep: edge0 and edge1 are both " + std::to_string(at(args[0], i).f) +
                    " in a constant expression (#smoothstep-builtin)");
    return 0;
  }
  if (fl && (name == "acosh" || name == "asinh" || name == "atanh" || name == "pow")) {
    if (!unify(leaf)) return -1;
    for (size_t i = 0; i < n; ++i) {
      double x = at(args[0], i).f, r = 0;
      if (name == "acosh") {
        if (x < 1) return fail("acosh(" + std::to_string(x) + "): x < 1 is outside its domain");
        r = std::acosh(x);
      } else if (name == "asinh") {
        r = std::asinh(x);
      } else if (name == "atanh") {
        if (std::fabs(x) >= 1)
          return fail("atanh(" + std::to_string(x) + "): |x| >= 1 is outside its domain");
        r = std::atanh(x);
      } else {
        double y = at(args[1], i).f;
        // #floating-point-accuracy: pow(x, y) is exp2(y * log2(x)); x < 0,
        // and x = 0 with y <= 0, are outside its domain
        if (x < 0 || (x == 0 && y <= 0))
          return fail("pow(" + std::to_string(x) + ", " + std::to_string(y) +
                      ") is outside the domain of pow");
        r = std::pow(x, y);
      }
      out.elems.push_back({r, 0});
    }
    return finish();
  }
  if (fl && name == "ldexp") {  // #ldexp-builtin
    const int bias = k == TypeKind::F16 ? 15 : k == TypeKind::F32 ? 127 : 1023;
    if (!convert(args[0], T.withLeaf(args[0].type, leaf), err)) return -1;
    for (size_t i = 0; i < n; ++i) {
      int64_t e2 = at(args[1], i).i;
      if (e2 > bias + 1)
        return fail("ldexp: the exponent " + std::to_string(e2) + " is greater than " +
                    std::to_string(bias + 1) + " (bias + 1) in a constant expression");
      out.elems.push_back({std::ldexp(at(args[0], i).f, int(std::max<int64_t>(e2, -2000))), 0});
    }
    return finish();
  }
  if (name == "extractBits" || name == "insertBits") {  // #extractBits-*, #insertBits-builtin
    const bool insert = name == "insertBits";
    if (!convert(args[0], T.withLeaf(args[0].type, leaf), err)) return -1;
    if (insert && !convert(args[1], T.withLeaf(args[1].type, leaf), err)) return -1;
    const int64_t offset = args[insert ? 2 : 1].elems[0].i, count = args[insert ? 3 : 2].elems[0].i;
    if (offset + count > 32)
      return fail(std::string(name) + ": offset " + std::to_string(offset) + " + count " +
                  std::to_string(count) + " is greater than the bit width 32");
    for (size_t i = 0; i < n; ++i) {
      uint32_t e = uint32_t(at(args[0], i).i), r = 0;
      uint32_t mask = count == 32 ? 0xffffffffu : ((1u << count) - 1u);
      if (insert) {
        uint32_t nb = uint32_t(at(args[1], i).i);
        r = count == 0 ? e : (e & ~(mask << offset)) | ((nb & mask) << offset);
      } else if (count != 0) {
        r = (e >> offset) & mask;
        if (k == TypeKind::I32 && count < 32 && (r >> (count - 1)) & 1) r |= ~mask;  // sign
      }
      out.elems.push_back({0, k == TypeKind::I32 ? int64_t(int32_t(r)) : int64_t(r)});
    }
    return finish();
  }
  if (name == "quantizeToF16") {  // #quantizeToF16-builtin
    for (size_t i = 0; i < n; ++i) {
      uint16_t h;
      double x = at(args[0], i).f;
      if (!toHalfBits(x, h))
        return fail("quantizeToF16(" + std::to_string(x) + "): outside the finite range of f16");
      bool finite;
      out.elems.push_back({fromHalfBits(h, finite), 0});
    }
    return finish();
  }
  if (name == "pack2x16float") {  // #pack2x16float-builtin
    uint16_t lo, hi;
    double a = args[0].elems[0].f, b = args[0].elems[1].f;
    if (!toHalfBits(a, lo) || !toHalfBits(b, hi))
      return fail("pack2x16float: a component is outside the finite range of f16");
    out.elems.push_back({0, int64_t(uint32_t(lo) | (uint32_t(hi) << 16))});
    return 1;
  }
  if (name == "dot" && !fl) {  // concrete integers wrap; AbstractInt must not overflow
    if (!unify(leaf)) return -1;
    int64_t sum = 0;
    for (size_t i = 0; i < args[0].elems.size(); ++i) {
      int64_t p;
      if (k == TypeKind::AbstractInt) {
        if (__builtin_mul_overflow(args[0].elems[i].i, args[1].elems[i].i, &p) ||
            __builtin_add_overflow(sum, p, &sum))
          return fail("dot overflows AbstractInt");
      } else {
        sum = int64_t(
            uint32_t(uint64_t(sum) + uint64_t(args[0].elems[i].i) * uint64_t(args[1].elems[i].i)));
      }
    }
    if (k == TypeKind::I32) sum = int32_t(uint32_t(sum));
    out.elems.push_back({0, sum});
    return 1;
  }
  if (fl && (name == "faceForward" || name == "reflect" || name == "refract")) {
    if (!unify(leaf)) return -1;
    const size_t w = args[0].elems.size();
    auto dot = [&](const ConstValue& a, const ConstValue& b) {
      double s = 0;
      for (size_t i = 0; i < w; ++i) s += a.elems[i].f * b.elems[i].f;
      return s;
    };
    if (name == "faceForward") {  // e1 if dot(e2, e3) < 0 else -e1
      double d = dot(args[1], args[2]);
      Scalar ds{d, 0};
      if (!checkScalar(leaf, ds, err)) return -1;
      for (size_t i = 0; i < w; ++i)
        out.elems.push_back({d < 0 ? args[0].elems[i].f : -args[0].elems[i].f, 0});
    } else if (name == "reflect") {  // e1 - 2 * dot(e2, e1) * e2
      double d = dot(args[1], args[0]);
      for (size_t i = 0; i < w; ++i)
        out.elems.push_back({args[0].elems[i].f - 2 * d * args[1].elems[i].f, 0});
    } else {  // refract(e1, e2, e3): k = 1 - e3^2 (1 - dot(e2, e1)^2)
      double d = dot(args[1], args[0]), eta = args[2].elems[0].f;
      double kk = 1.0 - eta * eta * (1.0 - d * d);
      for (size_t i = 0; i < w; ++i)
        out.elems.push_back(
            {kk < 0 ? 0.0
                    : eta * args[0].elems[i].f - (eta * d + std::sqrt(kk)) * args[1].elems[i].f,
             0});
    }
    return finish();
  }
  return 0;
}

// #bitcast-builtin in a const-expression: the result must not be a NaN or
// an infinity (#floating-point-evaluation).
bool ConstEval::bitcast(const ConstValue& v0, TypeId target, ConstValue& out, std::string& err) {
  ConstValue v = v0;
  TypeId from = T.concretize(v.type);
  if (!convert(v, from, err)) return false;
  const TypeKind fk = T[T.leaf(from)].kind, tk = T[T.leaf(target)].kind;
  // the source as a little-endian sequence of 16-bit halves
  std::vector<uint16_t> halves;
  for (const Scalar& s : v.elems) {
    if (fk == TypeKind::F16) {
      uint16_t h;
      toHalfBits(s.f, h);
      halves.push_back(h);
    } else {
      uint32_t u = fk == TypeKind::F32 ? std::bit_cast<uint32_t>(float(s.f)) : uint32_t(s.i);
      halves.push_back(uint16_t(u));
      halves.push_back(uint16_t(u >> 16));
    }
  }
  out.type = target;
  out.elems.clear();
  size_t i = 0;
  while (i < halves.size()) {
    if (tk == TypeKind::F16) {
      bool finite;
      double x = fromHalfBits(halves[i++], finite);
      if (!finite) {
        err = "bitcast produces an f16 NaN or infinity in a constant expression";
        return false;
      }
      out.elems.push_back({x, 0});
      continue;
    }
    uint32_t u = uint32_t(halves[i]) | (uint32_t(halves[i + 1]) << 16);
    i += 2;
    if (tk == TypeKind::F32) {
      float f = std::bit_cast<float>(u);
      if (!std::isfinite(f)) {
        err = "bitcast produces an f32 NaN or infinity in a constant expression";
        return false;
      }
      out.elems.push_back({double(f), 0});
    } else {
      out.elems.push_back({0, tk == TypeKind::I32 ? int64_t(int32_t(u)) : int64_t(u)});
    }
  }
  return true;
}

}  // namespace bindery::wgsl
