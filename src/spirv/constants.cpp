// Constants: scalars (one id per type and bit pattern), composites, nulls.
// Const-expression values come flattened from the front end (ConstValue) and
// are rebuilt here at the concrete type their use needs (#concretization).
#include <bit>
#include <cmath>
#include <cstring>

#include "generator.h"

namespace bindery::spirv {

namespace {
// IEEE binary16 bits of `v`, round to nearest even (values beyond the range are
// rejected by the front end before they get here; they become infinity).
uint16_t toHalf(float v) {
  uint32_t x = std::bit_cast<uint32_t>(v);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = int32_t((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  if (((x >> 23) & 0xff) == 0xff) return uint16_t(sign | 0x7c00u | (mant ? 0x200u : 0));
  if (exp >= 31) return uint16_t(sign | 0x7c00u);
  if (exp <= 0) {
    if (exp < -10) return uint16_t(sign);
    mant |= 0x800000u;
    uint32_t shift = uint32_t(14 - exp);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | uint32_t(exp) << 10 | mant >> 13;
  uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1))) ++half;
  return uint16_t(half);
}
}  // namespace

Id Generator::constScalar(TypeId scalar, wgsl::Scalar s) {
  TypeKind k = T[scalar].kind;
  if (k == TypeKind::AbstractInt) scalar = T.i32(), k = TypeKind::I32;
  if (k == TypeKind::AbstractFloat) scalar = T.f32(), k = TypeKind::F32;
  Id ty = type(scalar);
  uint32_t bits = 0;
  spv::Op op = spv::Op::OpConstant;
  switch (k) {
    case TypeKind::Bool: op = s.i ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse; break;
    case TypeKind::I32:
    case TypeKind::U32: bits = uint32_t(s.i); break;
    case TypeKind::F32: bits = std::bit_cast<uint32_t>(float(s.f)); break;
    case TypeKind::F16: bits = toHalf(float(s.f)); break;
    default: unsupportedAt("a constant of type '" + T.name(scalar) + "'", {});
  }
  std::vector<uint32_t> key{uint32_t(op), ty, bits};
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  Id id = b.newId();
  constantIds_.insert(id);
  if (op == spv::Op::OpConstant)
    emitOp(b.globals, op, {ty, id, bits});
  else
    emitOp(b.globals, op, {ty, id});
  constants_[key] = id;
  return id;
}

Id Generator::constU32(uint32_t v) {
  return constScalar(T.u32(), wgsl::Scalar{0, int64_t(v)});
}
Id Generator::constI32(int32_t v) {
  return constScalar(T.i32(), wgsl::Scalar{0, int64_t(uint32_t(v))});
}
Id Generator::constF32(float v) {
  return constScalar(T.f32(), wgsl::Scalar{double(v), 0});
}
Id Generator::constBool(bool v) {
  return constScalar(T.boolType(), wgsl::Scalar{0, v ? 1 : 0});
}

Id Generator::constNullId(Id spvType) {
  std::vector<uint32_t> key{uint32_t(spv::Op::OpConstantNull), spvType};
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  Id id = b.newId();
  emitOp(b.globals, spv::Op::OpConstantNull, {spvType, id});
  constants_[key] = id;
  return id;
}

Id Generator::constNull(TypeId t) {
  return constNullId(type(t));
}

Id Generator::constSplat(TypeId t, double f, int64_t i) {
  TypeId leaf = T.leaf(t);
  Id s = constScalar(leaf, wgsl::Scalar{f, i});
  uint8_t n = widthOf(t);
  if (!n) return s;
  return constComposite(t, std::vector<Id>(n, s));
}

namespace {
struct ConstBuilder {
  Generator& g;
  const wgsl::ConstValue& v;
  size_t pos = 0;

  // One scalar of source kind `from` as the concrete scalar `to`.
  wgsl::Scalar scalar(TypeId from, TypeId to) {
    wgsl::Scalar s = pos < v.elems.size() ? v.elems[pos] : wgsl::Scalar{};
    ++pos;
    bool fromFloat = g.isFloat(from);
    bool toFloat = g.isFloat(to);
    if (!fromFloat && toFloat) s.f = double(s.i);
    if (fromFloat && !toFloat) s.i = int64_t(std::trunc(s.f));
    return s;
  }

  Id build(TypeId from, TypeId to) {
    const wgsl::TypeTable& T = g.T;
    const wgsl::Type& t = T[to];
    std::vector<Id> parts;
    switch (t.kind) {
      case TypeKind::Vector:
        for (uint8_t i = 0; i < t.width; ++i)
          parts.push_back(g.constScalar(t.elem, scalar(T.leaf(from), t.elem)));
        break;
      case TypeKind::Matrix: {
        TypeId col = g.T.vec(t.rows, t.elem);
        TypeId fromCol = g.T.vec(t.rows, T.leaf(from));
        for (uint8_t i = 0; i < t.width; ++i) parts.push_back(build(fromCol, col));
        break;
      }
      case TypeKind::Array: {
        TypeId fromElem = T[from].kind == TypeKind::Array ? T[from].elem : from;
        uint32_t n = t.count;
        if (t.overrideKey != kNone || n == 0) return g.constNull(to);
        for (uint32_t i = 0; i < n; ++i) parts.push_back(build(fromElem, t.elem));
        break;
      }
      case TypeKind::Struct: {
        const wgsl::StructInfo& s = T.structInfo(t.structIndex);
        for (const wgsl::MemberInfo& mi : s.members) parts.push_back(build(mi.type, mi.type));
        break;
      }
      case TypeKind::Atomic: return g.constScalar(t.elem, scalar(from, t.elem));
      default: return g.constScalar(to, scalar(T.leaf(from), to));
    }
    return composite(to, parts);
  }

  Id composite(TypeId to, const std::vector<Id>& parts) { return g.constComposite(to, parts); }
};
}  // namespace

Id Generator::constant(const wgsl::ConstValue& v, TypeId concrete) {
  ConstBuilder cb{*this, v};
  return cb.build(v.type, concrete);
}

Id Generator::constComposite(TypeId t, const std::vector<Id>& parts) {
  std::vector<uint32_t> key{uint32_t(spv::Op::OpConstantComposite), type(t)};
  key.insert(key.end(), parts.begin(), parts.end());
  auto it = constants_.find(key);
  if (it != constants_.end()) return it->second;
  Id id = b.newId();
  std::vector<uint32_t> ops{key[1], id};
  ops.insert(ops.end(), parts.begin(), parts.end());
  emitOp(b.globals, spv::Op::OpConstantComposite, ops);
  constants_[key] = id;
  return id;
}

}  // namespace bindery::spirv
