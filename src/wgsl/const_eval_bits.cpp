// Constant evaluation of the bit builtins (#bit-builtin-functions: count*,
// firstLeadingBit, firstTrailingBit, reverseBits, extractBits, insertBits),
// the packing builtins (#pack-builtin-functions, #unpack-builtin-functions,
// dot4U8Packed / dot4I8Packed) and bitcast (#bitcast-builtin), with their
// "It is a shader-creation error if" clauses: offset + count past the bit
// width, a value outside the finite range of binary16, a NaN or an infinity.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "const_eval_util.h"

namespace bindery::wgsl {

namespace {

int64_t asLeaf(TypeKind k, uint32_t bits) {
  return k == TypeKind::I32 ? int64_t(int32_t(bits)) : int64_t(bits);
}

int countBits(BuiltinCall& c, TypeId leaf) {
  const TypeKind k = c.T[leaf].kind;
  const std::string_view name = c.name;
  if (!c.unify(leaf)) return -1;
  for (const Scalar& s : c.args[0].elems) {
    const uint32_t v = uint32_t(s.i);
    uint32_t r = 0;
    if (name == "countOneBits") {
      r = uint32_t(std::popcount(v));
    } else if (name == "countLeadingZeros") {
      r = uint32_t(std::countl_zero(v));
    } else if (name == "countTrailingZeros") {
      r = uint32_t(std::countr_zero(v));
    } else if (name == "reverseBits") {
      for (int b = 0; b < 32; ++b)
        if (v & (1u << b)) r |= 1u << (31 - b);
    } else if (name == "firstTrailingBit") {  // #firstTrailingBit-builtin: T(-1) for 0
      r = v == 0 ? 0xffffffffu : uint32_t(std::countr_zero(v));
    } else if (k == TypeKind::I32) {
      // #firstLeadingBit-signed-builtin: -1 for 0 and -1, else the most
      // significant bit that differs from the sign bit
      const uint32_t x = int32_t(v) < 0 ? ~v : v;
      r = x == 0 ? 0xffffffffu : uint32_t(31 - std::countl_zero(x));
    } else {  // #firstLeadingBit-unsigned-builtin: T(-1) for 0
      r = v == 0 ? 0xffffffffu : uint32_t(31 - std::countl_zero(v));
    }
    c.out.elems.push_back({0, asLeaf(k, r)});
  }
  return 1;
}

// #extractBits-signed, #extractBits-unsigned, #insertBits-builtin.
int bitField(BuiltinCall& c, TypeId leaf) {
  const TypeKind k = c.T[leaf].kind;
  const bool insert = c.name == "insertBits";
  const size_t oi = insert ? 2 : 1;
  if (!c.convertArg(0, c.T.withLeaf(c.args[0].type, leaf)) ||
      (insert && !c.convertArg(1, c.T.withLeaf(c.args[1].type, leaf))) ||
      !c.convertArg(oi, c.T.u32()) || !c.convertArg(oi + 1, c.T.u32()))
    return -1;
  const int64_t offset = c.args[oi].elems[0].i, count = c.args[oi + 1].elems[0].i;
  if (offset + count > 32)
    return c.error(std::string(c.name) + ": offset " + std::to_string(offset) + " + count " +
                   std::to_string(count) + " is greater than the bit width 32");
  const uint32_t mask = count == 32 ? 0xffffffffu : ((1u << count) - 1u);
  for (size_t i = 0; i < c.args[0].elems.size(); ++i) {
    const uint32_t e = uint32_t(c.args[0].elems[i].i);
    uint32_t r = 0;
    if (insert) {
      const uint32_t nb = uint32_t(c.at(1, i).i);
      r = count == 0 ? e : (e & ~(mask << offset)) | ((nb & mask) << offset);
    } else if (count != 0) {
      r = (e >> offset) & mask;
      if (k == TypeKind::I32 && count < 32 && ((r >> (count - 1)) & 1)) r |= ~mask;  // sign
    }
    c.out.elems.push_back({0, asLeaf(k, r)});
  }
  return 1;
}

// Pack into `lanes` fields of 32 / lanes bits each.
uint32_t packFields(const std::vector<uint32_t>& fields) {
  const uint32_t bits = 32 / uint32_t(fields.size());
  const uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1u;
  uint32_t r = 0;
  for (size_t i = 0; i < fields.size(); ++i) r |= (fields[i] & mask) << (bits * i);
  return r;
}

int pack(BuiltinCall& c) {
  const std::string_view name = c.name;
  const bool four = name.starts_with("pack4");
  const bool isFloat = name.ends_with("norm") || name == "pack2x16float";
  const TypeId leaf = isFloat ? c.T.f32() : name.starts_with("pack4xI8") ? c.T.i32() : c.T.u32();
  if (!c.convertArg(0, c.T.vec(four ? 4 : 2, leaf))) return -1;
  std::vector<uint32_t> fields;
  for (size_t i = 0; i < c.args[0].elems.size(); ++i) {
    const Scalar& s = c.args[0].elems[i];
    const double x = s.f;
    if (name == "pack4x8snorm") {  // floor(0.5 + 127 * min(1, max(-1, e[i])))
      fields.push_back(uint32_t(int32_t(std::floor(0.5 + 127 * std::fmin(1, std::fmax(-1, x))))));
    } else if (name == "pack4x8unorm") {
      fields.push_back(uint32_t(std::floor(0.5 + 255 * std::fmin(1, std::fmax(0, x)))));
    } else if (name == "pack2x16snorm") {
      fields.push_back(uint32_t(int32_t(std::floor(0.5 + 32767 * std::fmin(1, std::fmax(-1, x))))));
    } else if (name == "pack2x16unorm") {
      fields.push_back(uint32_t(std::floor(0.5 + 65535 * std::fmin(1, std::fmax(0, x)))));
    } else if (name == "pack2x16float") {  // #pack2x16float-builtin
      uint16_t h;
      if (!toHalfBits(x, h))
        return c.error("pack2x16float: e[" + std::to_string(i) + "] = " + numberText(x) +
                       " is outside the finite range of f16, [-65504, 65504]");
      fields.push_back(h);
    } else if (name == "pack4xI8Clamp") {
      fields.push_back(uint32_t(int32_t(std::clamp<int64_t>(s.i, -128, 127))));
    } else if (name == "pack4xU8Clamp") {
      fields.push_back(uint32_t(std::min<int64_t>(s.i, 255)));
    } else {  // pack4xI8, pack4xU8: the low 8 bits
      fields.push_back(uint32_t(s.i));
    }
  }
  c.out.elems.push_back({0, int64_t(packFields(fields))});
  return 1;
}

int unpack(BuiltinCall& c) {
  const std::string_view name = c.name;
  if (!c.convertArg(0, c.T.u32())) return -1;
  const uint32_t e = uint32_t(c.args[0].elems[0].i);
  const bool four = name.starts_with("unpack4");
  const uint32_t bits = four ? 8 : 16, lanes = four ? 4 : 2;
  for (uint32_t i = 0; i < lanes; ++i) {
    const uint32_t u = (e >> (bits * i)) & ((1u << bits) - 1u);
    const int32_t sv = int32_t(u << (32 - bits)) >> (32 - bits);  // sign-extended
    Scalar r;
    if (name == "unpack4x8snorm") {
      r.f = std::fmax(sv / 127.0, -1.0);
    } else if (name == "unpack4x8unorm") {
      r.f = u / 255.0;
    } else if (name == "unpack2x16snorm") {
      r.f = std::fmax(sv / 32767.0, -1.0);
    } else if (name == "unpack2x16unorm") {
      r.f = u / 65535.0;
    } else if (name == "unpack2x16float") {  // a NaN or an infinity is an error
      bool finite;
      r.f = fromHalfBits(uint16_t(u), finite);
      if (!finite)
        return c.error("unpack2x16float(" + std::to_string(e) + "): bits " +
                       std::to_string(bits * i) + ".." + std::to_string(bits * i + 15) +
                       " are an f16 infinity or NaN, not a finite f32");
    } else if (name == "unpack4xI8") {
      r.i = sv;
    } else {  // unpack4xU8
      r.i = u;
    }
    c.out.elems.push_back(r);
  }
  const TypeId leaf = c.T.leaf(c.result);
  return c.finish(leaf) ? 1 : -1;
}

int dot4Packed(BuiltinCall& c) {  // #dot4U8Packed-builtin, #dot4I8Packed-builtin
  if (!c.convertArg(0, c.T.u32()) || !c.convertArg(1, c.T.u32())) return -1;
  const bool isSigned = c.name == "dot4I8Packed";
  const uint32_t a = uint32_t(c.args[0].elems[0].i), b = uint32_t(c.args[1].elems[0].i);
  int64_t sum = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t x = (a >> (8 * i)) & 0xffu, y = (b >> (8 * i)) & 0xffu;
    sum += isSigned ? int64_t(int8_t(x)) * int64_t(int8_t(y)) : int64_t(x) * int64_t(y);
  }
  c.out.elems.push_back({0, sum});
  return 1;
}

}  // namespace

int evalBitsBuiltin(BuiltinCall& c) {
  const std::string_view name = c.name;
  if (name.starts_with("pack")) return pack(c);
  if (name.starts_with("unpack")) return unpack(c);
  if (name == "dot4U8Packed" || name == "dot4I8Packed") return dot4Packed(c);
  const TypeId leaf = c.T.leaf(c.result);
  if (leaf == kNoType || !c.T.isIntScalar(leaf)) return 0;
  if (name == "countOneBits" || name == "countLeadingZeros" || name == "countTrailingZeros" ||
      name == "reverseBits" || name == "firstLeadingBit" || name == "firstTrailingBit")
    return countBits(c, leaf);
  if (name == "extractBits" || name == "insertBits") return bitField(c, leaf);
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
