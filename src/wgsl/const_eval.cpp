// #const-expr evaluation. Values are flattened scalars; integers in int64
// with range checks per type, floats in double rounded to f32/f16.
#include <cmath>
#include <limits>

#include "const_eval_util.h"

namespace bindery::wgsl {

TypeId ConstEval::unifyLeaf(TypeId a, TypeId b) const {
  TypeId la = T.leaf(a), lb = T.leaf(b);
  if (!T.isAbstract(la)) return la;
  if (!T.isAbstract(lb)) return lb;
  if (T[la].kind == TypeKind::AbstractFloat || T[lb].kind == TypeKind::AbstractFloat)
    return T.abstractFloat();
  return T.abstractInt();
}

bool ConstEval::checkScalar(TypeId leaf, Scalar& s, std::string& err) {
  switch (T[leaf].kind) {
    case TypeKind::I32:
      if (s.i < INT32_MIN || s.i > INT32_MAX) {
        err = "value " + std::to_string(s.i) + " cannot be represented as 'i32'";
        return false;
      }
      return true;
    case TypeKind::U32:
      if (s.i < 0 || s.i > int64_t(UINT32_MAX)) {
        err = "value " + std::to_string(s.i) + " cannot be represented as 'u32'";
        return false;
      }
      return true;
    case TypeKind::F32: {
      if (!std::isfinite(s.f) || std::fabs(s.f) > double(std::numeric_limits<float>::max())) {
        err = "value " + numberText(s.f) + " cannot be represented as 'f32'";
        return false;
      }
      s.f = double(float(s.f));
      return true;
    }
    case TypeKind::F16:
      // rounded to the nearest f16 first: 65519 rounds to 65504, 65520 overflows
      if (!std::isfinite(s.f) || std::fabs(roundToF16(s.f)) > 65504.0) {
        err = "value " + numberText(s.f) + " cannot be represented as 'f16'";
        return false;
      }
      s.f = roundToF16(s.f);
      return true;
    case TypeKind::AbstractFloat:
      if (!std::isfinite(s.f)) {
        err = "value " + numberText(s.f) + " is not a finite AbstractFloat";
        return false;
      }
      return true;
    default: return true;
  }
}

bool ConstEval::convert(ConstValue& v, TypeId to, std::string& err) {
  if (v.type == to) return true;
  uint32_t n = T.flatCount(to);
  if (v.elems.size() == 1 && n > 1) v.elems.assign(n, v.elems[0]);  // splat
  // Convert leaf scalars. For structs/arrays of structs the leaves differ per
  // member; only arrays/vectors/matrices of abstract leaves need conversion.
  TypeId fromLeaf = v.type;
  while (T[fromLeaf].kind == TypeKind::Array) fromLeaf = T[fromLeaf].elem;
  fromLeaf = T.leaf(fromLeaf);
  TypeId toLeaf = to;
  while (T[toLeaf].kind == TypeKind::Array) toLeaf = T[toLeaf].elem;
  toLeaf = T.leaf(toLeaf);
  if (T.isScalar(toLeaf) && T.isScalar(fromLeaf) && fromLeaf != toLeaf) {
    bool fromF = isFloatKind(T[fromLeaf].kind), toF = isFloatKind(T[toLeaf].kind);
    for (Scalar& s : v.elems) {
      if (!fromF && toF) {
        s.f = double(s.i);
      } else if (fromF && !toF) {
        if (T[toLeaf].kind == TypeKind::Bool) {
          s.i = s.f != 0;
        } else {
          // #floating-point-conversion: truncate, then the value of the
          // target closest to it that the source type also represents
          // (1e20f -> 2147483520i and 4294967040u)
          const bool toI32 = T[toLeaf].kind == TypeKind::I32;
          double lo = toI32 ? -2147483648.0 : 0.0, hi = toI32 ? 2147483647.0 : 4294967295.0;
          if (T[fromLeaf].kind == TypeKind::F32)
            hi = double(std::nextafter(float(hi), 0.0f));  // 2^31 - 128, 2^32 - 256
          s.i = int64_t(std::fmax(lo, std::fmin(hi, std::trunc(s.f))));
        }
      } else if ((T[fromLeaf].kind == TypeKind::I32 && T[toLeaf].kind == TypeKind::U32) ||
                 (T[fromLeaf].kind == TypeKind::U32 && T[toLeaf].kind == TypeKind::I32)) {
        // #conversion-builtin: u32(e: i32) and i32(e: u32) reinterpret the bits
        s.i = T[toLeaf].kind == TypeKind::I32 ? int64_t(int32_t(uint32_t(s.i)))
                                              : int64_t(uint32_t(s.i));
      } else if (T[toLeaf].kind == TypeKind::Bool) {
        s.i = (fromF ? s.f != 0 : s.i != 0) ? 1 : 0;
      } else if (T[fromLeaf].kind == TypeKind::Bool) {
        if (toF) s.f = double(s.i);
      }
      if (!checkScalar(toLeaf, s, err)) return false;
    }
  }
  v.type = to;
  return true;
}

bool ConstEval::unary(UnaryOp op, const ConstValue& a, TypeId result, ConstValue& out,
                      std::string& err) {
  out = a;
  out.type = result;
  TypeId leaf = T.leaf(result);
  bool f = isFloatKind(T[leaf].kind);
  for (Scalar& s : out.elems) {
    switch (op) {
      case UnaryOp::Neg:
        // #arithmetic-expr: negating the most negative i32 yields itself;
        // AbstractInt must not overflow (#abstract-types)
        if (f)
          s.f = -s.f;
        else if (T[leaf].kind == TypeKind::I32 && s.i == INT32_MIN)
          break;
        else if (s.i == INT64_MIN) {
          err = "abstract-int negation of " + std::to_string(s.i) + " overflows";
          return false;
        } else
          s.i = -s.i;
        break;
      case UnaryOp::Not: s.i = s.i ? 0 : 1; break;
      case UnaryOp::BitNot:
        if (T[leaf].kind == TypeKind::U32)
          s.i = int64_t(~uint32_t(s.i));
        else
          s.i = ~s.i;
        break;
      default: return false;
    }
    if (!checkScalar(leaf, s, err)) return false;
  }
  return true;
}

namespace {
bool scalarOp(BinaryOp op, TypeKind k, const Scalar& a, const Scalar& b, Scalar& r,
              std::string& err) {
  bool f = isFloatKind(k);
  auto intOp = [&](int64_t x) {
    r.i = x;
    return true;
  };
  auto overflow = [&]() {
    err = "abstract-int arithmetic overflows";
    return false;
  };
  // #integer-types: concrete integer arithmetic that overflows is modulo
  // 2^32, also in const- and override-expressions (#abstract-types example:
  // `-1 * i32(-2147483648)` wraps); AbstractInt must not overflow.
  auto wrap = [&](uint64_t x) {
    if (k == TypeKind::I32) return intOp(int64_t(int32_t(uint32_t(x))));
    return intOp(int64_t(uint32_t(x)));
  };
  const bool concreteInt = k == TypeKind::I32 || k == TypeKind::U32;
  const uint64_t ua = uint64_t(a.i), ub = uint64_t(b.i);
  int64_t res = 0;
  switch (op) {
    case BinaryOp::Add:
      if (f) return r.f = a.f + b.f, true;
      if (concreteInt) return wrap(ua + ub);
      if (__builtin_add_overflow(a.i, b.i, &res)) return overflow();
      return intOp(res);
    case BinaryOp::Sub:
      if (f) return r.f = a.f - b.f, true;
      if (concreteInt) return wrap(ua - ub);
      if (__builtin_sub_overflow(a.i, b.i, &res)) return overflow();
      return intOp(res);
    case BinaryOp::Mul:
      if (f) return r.f = a.f * b.f, true;
      if (concreteInt) return wrap(ua * ub);
      if (__builtin_mul_overflow(a.i, b.i, &res)) return overflow();
      return intOp(res);
    case BinaryOp::Div:
    case BinaryOp::Mod:
      if (f) {
        if (b.f == 0) {
          err = "division by zero in a constant expression";
          return false;
        }
        r.f = op == BinaryOp::Div ? a.f / b.f : std::fmod(a.f, b.f);
      } else {
        if (b.i == 0) {
          err = op == BinaryOp::Div ? "integer division by zero in a constant expression"
                                    : "integer remainder by zero in a constant expression";
          return false;
        }
        if (k == TypeKind::I32 && a.i == INT32_MIN && b.i == -1) {
          err = "integer division overflows i32 in a constant expression";
          return false;
        }
        if (k == TypeKind::AbstractInt && a.i == INT64_MIN && b.i == -1) {
          err = "abstract-int division overflows";
          return false;
        }
        r.i = op == BinaryOp::Div ? a.i / b.i : a.i % b.i;
      }
      return true;
    case BinaryOp::BitAnd: r.i = a.i & b.i; return true;
    case BinaryOp::BitOr: r.i = a.i | b.i; return true;
    case BinaryOp::BitXor: r.i = a.i ^ b.i; return true;
    case BinaryOp::LogAnd: r.i = (a.i && b.i) ? 1 : 0; return true;
    case BinaryOp::LogOr: r.i = (a.i || b.i) ? 1 : 0; return true;
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
      if (k == TypeKind::AbstractInt) {
        // #bit-expr "abstract shift": no bit-width limit on the amount; the
        // e2+1 most significant bits of a left-shifted e1 must be equal.
        if (op == BinaryOp::Shr) return intOp(b.i >= 63 ? (a.i < 0 ? -1 : 0) : a.i >> b.i);
        if (a.i == 0) return intOp(0);
        if (b.i >= 64 || ((a.i << b.i) >> b.i) != a.i) {
          err = "abstract-int shift '" + std::to_string(a.i) + " << " + std::to_string(b.i) +
                "' overflows";
          return false;
        }
        return intOp(int64_t(ua << b.i));
      }
      if (b.i < 0 || b.i >= 32) {
        err = "shift amount " + std::to_string(b.i) + " must be less than the bit width 32";
        return false;
      }
      if (op == BinaryOp::Shr) return intOp(a.i >> b.i);
      // #bit-expr "concrete shift left": when both are known before
      // execution the result must not overflow.
      const uint32_t x = uint32_t(ua);
      const bool overflows = k == TypeKind::U32 ? b.i > 0 && (x >> (32 - b.i)) != 0
                                                : ((int32_t(x) >> (31 - b.i)) != 0 &&
                                                   (int32_t(x) >> (31 - b.i)) != -1);
      if (overflows) {
        err = "shift '" + std::to_string(a.i) + " << " + std::to_string(b.i) + "' overflows '" +
              (k == TypeKind::U32 ? "u32" : "i32") + "' (bits are shifted out)";
        return false;
      }
      return wrap(uint64_t(x) << b.i);
    }
    case BinaryOp::Eq: r.i = f ? a.f == b.f : a.i == b.i; return true;
    case BinaryOp::Ne: r.i = f ? a.f != b.f : a.i != b.i; return true;
    case BinaryOp::Lt: r.i = f ? a.f < b.f : a.i < b.i; return true;
    case BinaryOp::Le: r.i = f ? a.f <= b.f : a.i <= b.i; return true;
    case BinaryOp::Gt: r.i = f ? a.f > b.f : a.i > b.i; return true;
    case BinaryOp::Ge: r.i = f ? a.f >= b.f : a.i >= b.i; return true;
  }
  return false;
}
}  // namespace

bool ConstEval::binary(BinaryOp op, const ConstValue& a0, const ConstValue& b0, TypeId result,
                       ConstValue& out, std::string& err) {
  ConstValue a = a0, b = b0;
  const Type& ta = T[a.type];
  const Type& tb = T[b.type];
  TypeId leaf = unifyLeaf(a.type, b.type);
  if (op == BinaryOp::Shl || op == BinaryOp::Shr) leaf = T.leaf(result);
  // convert operand leaves
  if (op != BinaryOp::Shl && op != BinaryOp::Shr) {
    if (!convert(a, T.withLeaf(a.type, leaf), err)) return false;
    if (!convert(b, T.withLeaf(b.type, leaf), err)) return false;
  } else {
    if (!convert(a, T.withLeaf(a.type, leaf), err)) return false;
    if (T.isAbstract(b.type) && !convert(b, T.withLeaf(b.type, T.u32()), err)) return false;
  }
  TypeKind k = T[leaf].kind;
  out.type = result;
  out.elems.clear();
  bool matA = ta.kind == TypeKind::Matrix, matB = tb.kind == TypeKind::Matrix;
  if (op == BinaryOp::Mul && (matA || matB) && !(T.isScalar(a.type) || T.isScalar(b.type))) {
    // matrix products; column-major flattening: m[c][r] at c*rows + r
    auto get = [](const ConstValue& v, uint32_t i) { return v.elems[i].f; };
    if (matA && matB) {
      uint32_t ac = ta.width, ar = ta.rows, bc = tb.width;
      for (uint32_t c = 0; c < bc; ++c)
        for (uint32_t r = 0; r < ar; ++r) {
          double s = 0;
          for (uint32_t k2 = 0; k2 < ac; ++k2) s += get(a, k2 * ar + r) * get(b, c * ac + k2);
          out.elems.push_back({s, 0});
        }
    } else if (matA) {  // mat * vec
      uint32_t ac = ta.width, ar = ta.rows;
      for (uint32_t r = 0; r < ar; ++r) {
        double s = 0;
        for (uint32_t c = 0; c < ac; ++c) s += get(a, c * ar + r) * get(b, c);
        out.elems.push_back({s, 0});
      }
    } else {  // vec * mat
      uint32_t bc = tb.width, br = tb.rows;
      for (uint32_t c = 0; c < bc; ++c) {
        double s = 0;
        for (uint32_t r = 0; r < br; ++r) s += get(a, r) * get(b, c * br + r);
        out.elems.push_back({s, 0});
      }
    }
    TypeId rl = T.leaf(result);
    for (Scalar& s : out.elems)
      if (!checkScalar(rl, s, err)) return false;
    return true;
  }
  size_t n = std::max(a.elems.size(), b.elems.size());
  TypeId rleaf = T.leaf(result);
  for (size_t i = 0; i < n; ++i) {
    const Scalar& x = a.elems[a.elems.size() == 1 ? 0 : i];
    const Scalar& y = b.elems[b.elems.size() == 1 ? 0 : i];
    Scalar r;
    if (!scalarOp(op, k, x, y, r, err)) return false;
    if (!checkScalar(rleaf, r, err)) return false;
    out.elems.push_back(r);
  }
  return true;
}

bool ConstEval::construct(TypeId type, std::vector<ConstValue> args, ConstValue& out,
                          std::string& err) {
  out.type = type;
  out.elems.clear();
  uint32_t n = T.flatCount(type);
  if (args.empty()) {
    out.elems.assign(n, Scalar{});
    return true;
  }
  const Type& t = T[type];
  if (t.kind == TypeKind::Struct) {
    const StructInfo& s = T.structInfo(t.structIndex);
    for (size_t i = 0; i < args.size() && i < s.members.size(); ++i) {
      if (!convert(args[i], s.members[i].type, err)) return false;
      out.elems.insert(out.elems.end(), args[i].elems.begin(), args[i].elems.end());
    }
    return true;
  }
  if (t.kind == TypeKind::Array) {
    for (ConstValue& a : args) {
      if (!convert(a, t.elem, err)) return false;
      out.elems.insert(out.elems.end(), a.elems.begin(), a.elems.end());
    }
    return true;
  }
  // scalar conversion, vector/matrix from components or splat
  TypeId leaf = T.leaf(type);
  if (args.size() == 1 && T.isScalar(args[0].type)) {
    ConstValue a = args[0];
    if (!convert(a, leaf, err)) return false;
    out.elems.assign(n, a.elems[0]);
    return true;
  }
  for (ConstValue& a : args) {
    if (!convert(a, T.withLeaf(a.type, leaf), err)) return false;
    out.elems.insert(out.elems.end(), a.elems.begin(), a.elems.end());
  }
  if (out.elems.size() != n) {
    err = "wrong number of components for " + T.name(type);
    return false;
  }
  return true;
}

bool ConstEval::index(const ConstValue& base, int64_t i, TypeId elemType, ConstValue& out,
                      std::string& err) {
  const Type& t = T[base.type];
  uint32_t count = t.kind == TypeKind::Array ? t.count : t.width;
  if (i < 0 || uint64_t(i) >= count) {
    err = "index " + std::to_string(i) + " is out of bounds for " + T.name(base.type);
    return false;
  }
  uint32_t each = T.flatCount(t.kind == TypeKind::Vector   ? t.elem
                              : t.kind == TypeKind::Matrix ? T.vec(t.rows, t.elem)
                                                           : t.elem);
  out.type = elemType;
  out.elems.assign(base.elems.begin() + i * each, base.elems.begin() + (i + 1) * each);
  return true;
}

void ConstEval::member(const ConstValue& base, uint32_t memberIndex, ConstValue& out) {
  const StructInfo& s = T.structInfo(T[base.type].structIndex);
  uint32_t off = 0;
  for (uint32_t i = 0; i < memberIndex; ++i) off += T.flatCount(s.members[i].type);
  uint32_t n = T.flatCount(s.members[memberIndex].type);
  out.type = s.members[memberIndex].type;
  out.elems.assign(base.elems.begin() + off, base.elems.begin() + off + n);
}

void ConstEval::swizzle(const ConstValue& base, uint8_t count, uint8_t packed, TypeId result,
                        ConstValue& out) {
  out.type = result;
  out.elems.clear();
  for (uint8_t i = 0; i < count; ++i) out.elems.push_back(base.elems[(packed >> (2 * i)) & 3]);
}

std::string formatValue(const TypeTable& t, const ConstValue& v) {
  TypeId leaf = v.type;
  while (t[leaf].kind == TypeKind::Array) leaf = t[leaf].elem;
  leaf = t.leaf(leaf);
  bool f = isFloatKind(t[leaf].kind);
  std::string s;
  if (v.elems.size() != 1) s = t.name(v.type) + "(";
  for (size_t i = 0; i < v.elems.size(); ++i) {
    if (i) s += ", ";
    if (t[leaf].kind == TypeKind::Bool)
      s += v.elems[i].i ? "true" : "false";
    else if (f)
      s += numberText(v.elems[i].f);
    else
      s += std::to_string(v.elems[i].i);
  }
  if (v.elems.size() != 1) s += ")";
  return s;
}

}  // namespace bindery::wgsl
