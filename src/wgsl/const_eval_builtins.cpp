// Constant evaluation of builtin function calls (#const-expr,
// #builtin-functions): the dispatch to the families (const_eval_float.cpp,
// const_eval_vector.cpp, const_eval_bits.cpp), the helpers they share, and
// binary16 conversions. A result that overflows, is infinite or NaN is a
// shader-creation error (#floating-point-evaluation, "Finite Math
// Assumption"); an argument outside a builtin's domain likewise.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "const_eval_util.h"

namespace bindery::wgsl {

bool toHalfBits(double x, uint16_t& bits) {
  if (!std::isfinite(x) || std::fabs(x) > 65504.0) return false;
  // Round from double directly (a detour through float would round twice).
  const uint16_t sign = std::signbit(x) ? 0x8000u : 0;
  double a = std::fabs(x);
  if (a == 0) {
    bits = sign;
    return true;
  }
  int e;
  std::frexp(a, &e);         // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;           // a = 1.f * 2^exp
  if (exp < -14) exp = -14;  // subnormal: fixed quantum 2^-24
  double quantum = std::ldexp(1.0, exp - 10);
  double q = std::nearbyint(a / quantum);  // ties to even (default rounding mode)
  double r = q * quantum;
  if (r > 65504.0) return false;
  // Encode.
  if (r < std::ldexp(1.0, -14)) {
    bits = uint16_t(sign | uint16_t(r / std::ldexp(1.0, -24)));
    return true;
  }
  int re;
  double m = std::frexp(r, &re);  // r = m * 2^re
  uint32_t biased = uint32_t(re - 1 + 15);
  uint32_t mant = uint32_t(std::ldexp(m * 2 - 1, 10));
  bits = uint16_t(sign | (biased << 10) | mant);
  return true;
}

double fromHalfBits(uint16_t h, bool& finite) {
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ffu;
  double sign = (h & 0x8000u) ? -1.0 : 1.0;
  finite = exp != 0x1f;
  if (exp == 0) return sign * std::ldexp(double(mant), -24);
  return sign * std::ldexp(double(mant | 0x400u), int(exp) - 25);
}

double roundToF16(double x) {
  uint16_t h;
  if (!toHalfBits(x, h)) return x;
  bool finite;
  return fromHalfBits(h, finite);
}

std::string numberText(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-infinity" : "infinity";
  char buf[40];
  if (v == std::trunc(v) && std::fabs(v) < 1e16) {
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
  }
  // The shortest text that reads back as the same value; as an f32 when
  // the value is one (3e38f is 3.0000000054977558e+38 as a double).
  const bool isF32 = double(float(v)) == v;
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    double back = std::strtod(buf, nullptr);
    if (isF32 ? float(back) == float(v) : back == v) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

bool BuiltinCall::unify(TypeId leaf) {
  for (ConstValue& a : args)
    if (!ev.convert(a, T.withLeaf(a.type, leaf), err)) return false;
  return true;
}

bool BuiltinCall::convertArg(size_t i, TypeId to) {
  return ev.convert(args[i], to, err);
}

size_t BuiltinCall::width() const {
  size_t n = 1;
  for (const ConstValue& a : args) n = std::max(n, a.elems.size());
  return n;
}

std::string BuiltinCall::callText(size_t i) const {
  std::string s = std::string(name) + "(";
  for (size_t a = 0; a < args.size(); ++a) {
    if (a) s += ", ";
    if (!componentWise) {
      s += formatValue(T, args[a]);
      continue;
    }
    TypeId leaf = args[a].type;
    while (T[leaf].kind == TypeKind::Array) leaf = T[leaf].elem;
    leaf = T.leaf(leaf);
    const Scalar& x = at(a, i);
    if (isFloatKind(T[leaf].kind))
      s += numberText(x.f);
    else if (T[leaf].kind == TypeKind::Bool)
      s += x.i ? "true" : "false";
    else
      s += std::to_string(x.i);
  }
  s += ")";
  if (componentWise && width() > 1) s += " (component " + std::to_string(i) + ")";
  return s;
}

bool BuiltinCall::finish(TypeId leaf) {
  for (size_t i = 0; i < out.elems.size(); ++i) {
    if (ev.checkScalar(leaf, out.elems[i], err)) continue;
    err = callText(i) + ": " + err;
    return false;
  }
  return true;
}

bool ConstEval::builtin(std::string_view name, std::vector<ConstValue> args, TypeId result,
                        ConstValue& out, std::string& err) {
  out.type = result;
  out.elems.clear();
  BuiltinCall c{*this, T, name, args, result, out, err};
  for (int (*family)(BuiltinCall&) : {evalFloatBuiltin, evalVectorBuiltin, evalBitsBuiltin}) {
    int r = family(c);
    if (r != 0) {
      out.type = result;
      return r > 0;
    }
  }
  err.clear();
  return false;
}

}  // namespace bindery::wgsl
