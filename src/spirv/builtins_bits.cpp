// Bit builtins (#bit-reinterp-builtin-functions, #integer-builtin-functions),
// packing (#pack-builtin-functions, #unpack-builtin-functions) and the packed
// 4x8 dot products. Where GLSL.std.450's result differs from WGSL's (0 input
// of countLeadingZeros/countTrailingZeros, offset + count beyond the width of
// extractBits/insertBits) the WGSL result is computed explicitly.
#include <spirv/unified1/GLSL.std.450.h>

#include "builtins.h"

namespace bindery::spirv {

namespace {

Id operand(Generator& g, NodeId e, uint32_t i, TypeId want) {
  NodeId a = g.arg(e, i);
  TypeId t = g.T.unref(g.info(a).type);
  return g.value(a, g.T.isAbstract(t) ? g.T.withLeaf(t, g.T.leaf(want)) : t);
}

Id countOneBits(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  return g.op(spv::Op::OpBitCount, r, {operand(g, e, 0, r)});
}

Id reverseBits(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  return g.op(spv::Op::OpBitReverse, r, {operand(g, e, 0, r)});
}

// countLeadingZeros(x) = 31 - FindUMsb(x) (FindUMsb(0) = -1 gives 32).
Id countLeadingZeros(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  TypeId u = g.T.withLeaf(r, g.T.u32());
  Id x = g.bitcast(operand(g, e, 0, r), r, u);
  Id msb = g.glsl(GLSLstd450FindUMsb, u, {x});
  return g.bitcast(g.op(spv::Op::OpISub, u, {g.constSplat(u, 0, 31), msb}), u, r);
}

// countTrailingZeros(x) = min(FindILsb(x) as u32, 32) (FindILsb(0) = -1).
Id countTrailingZeros(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  TypeId u = g.T.withLeaf(r, g.T.u32());
  Id x = g.bitcast(operand(g, e, 0, r), r, u);
  Id lsb = g.glsl(GLSLstd450FindILsb, u, {x});
  return g.bitcast(g.glsl(GLSLstd450UMin, u, {lsb, g.constSplat(u, 0, 32)}), u, r);
}

Id firstLeadingBit(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  return g.glsl(g.isSigned(r) ? GLSLstd450FindSMsb : GLSLstd450FindUMsb, r, {operand(g, e, 0, r)});
}

Id firstTrailingBit(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  return g.glsl(GLSLstd450FindILsb, r, {operand(g, e, 0, r)});
}

// o = min(offset, 32), c = min(count, 32 - o) (#extractBits-signed and friends).
std::pair<Id, Id> bitRange(Generator& g, NodeId e, uint32_t first) {
  TypeId u = g.T.u32();
  Id offset = g.value(g.arg(e, first), u), count = g.value(g.arg(e, first + 1), u);
  Id o = g.glsl(GLSLstd450UMin, u, {offset, g.constU32(32)});
  Id room = g.op(spv::Op::OpISub, u, {g.constU32(32), o});
  Id c = g.glsl(GLSLstd450UMin, u, {count, room});
  return {o, c};
}

Id extractBits(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  Id x = operand(g, e, 0, r);
  auto [o, c] = bitRange(g, e, 1);
  return g.op(g.isSigned(r) ? spv::Op::OpBitFieldSExtract : spv::Op::OpBitFieldUExtract, r,
              {x, o, c});
}

Id insertBits(Generator& g, NodeId e, TypeId r, const BuiltinRow&) {
  Id x = operand(g, e, 0, r), y = operand(g, e, 1, r);
  auto [o, c] = bitRange(g, e, 2);
  return g.op(spv::Op::OpBitFieldInsert, r, {x, y, o, c});
}

Id packGlsl(Generator& g, NodeId e, TypeId r, const BuiltinRow& row) {
  NodeId a = g.arg(e, 0);
  TypeId t = g.T.unref(g.info(a).type);
  Id v = g.value(a, g.T.isAbstract(t) ? g.T.withLeaf(t, g.T.f32()) : t);
  return g.glsl(row.fl, r, {v});
}

Id unpackGlsl(Generator& g, NodeId e, TypeId r, const BuiltinRow& row) {
  return g.glsl(row.fl, r, {g.value(g.arg(e, 0), g.T.u32())});
}

Id shiftVector(Generator& g, int a, int b, int c, int d) {
  TypeId v4 = g.T.vec(4, g.T.u32());
  return g.constComposite(v4, {g.constU32(uint32_t(a)), g.constU32(uint32_t(b)),
                               g.constU32(uint32_t(c)), g.constU32(uint32_t(d))});
}

// The four bytes of vec4<u32> `v` (each already in 0..255 after masking) as one u32.
Id packBytes(Generator& g, Id v) {
  TypeId u = g.T.u32(), v4 = g.T.vec(4, u);
  Id masked = g.op(spv::Op::OpBitwiseAnd, v4, {v, g.constSplat(v4, 0, 0xff)});
  Id shifted = g.op(spv::Op::OpShiftLeftLogical, v4, {masked, shiftVector(g, 0, 8, 16, 24)});
  Id out = g.op(spv::Op::OpCompositeExtract, u, {shifted, 0});
  for (uint32_t i = 1; i < 4; ++i)
    out = g.op(spv::Op::OpBitwiseOr, u, {out, g.op(spv::Op::OpCompositeExtract, u, {shifted, i})});
  return out;
}

Id pack4x8(Generator& g, NodeId e, TypeId, const BuiltinRow& row) {
  TypeId i4 = g.T.vec(4, g.T.i32()), u4 = g.T.vec(4, g.T.u32());
  bool signedIn = row.fl == 1;
  bool clamp = row.sint == 1;
  Id v = g.value(g.arg(e, 0), signedIn ? i4 : u4);
  if (clamp && signedIn)
    v = g.glsl(GLSLstd450SClamp, i4, {v, g.constSplat(i4, 0, -128), g.constSplat(i4, 0, 127)});
  if (clamp && !signedIn) v = g.glsl(GLSLstd450UMin, u4, {v, g.constSplat(u4, 0, 255)});
  if (signedIn) v = g.op(spv::Op::OpBitcast, u4, {v});
  return packBytes(g, v);
}

// The four bytes of `x`, sign-extended when `signedOut`.
Id unpackBytes(Generator& g, Id x, bool signedOut) {
  TypeId u4 = g.T.vec(4, g.T.u32()), i4 = g.T.vec(4, g.T.i32());
  Id s = g.splat(x, g.T.u32(), 4);
  if (!signedOut) {
    Id sh = g.op(spv::Op::OpShiftRightLogical, u4, {s, shiftVector(g, 0, 8, 16, 24)});
    return g.op(spv::Op::OpBitwiseAnd, u4, {sh, g.constSplat(u4, 0, 0xff)});
  }
  Id up = g.op(spv::Op::OpShiftLeftLogical, u4, {s, shiftVector(g, 24, 16, 8, 0)});
  Id asI = g.op(spv::Op::OpBitcast, i4, {up});
  return g.op(spv::Op::OpShiftRightArithmetic, i4, {asI, g.constSplat(u4, 0, 24)});
}

Id unpack4x8(Generator& g, NodeId e, TypeId, const BuiltinRow& row) {
  return unpackBytes(g, g.value(g.arg(e, 0), g.T.u32()), row.fl == 1);
}

Id dot4Packed(Generator& g, NodeId e, TypeId r, const BuiltinRow& row) {
  bool s = row.fl == 1;
  TypeId v4 = g.T.vec(4, s ? g.T.i32() : g.T.u32());
  Id a = unpackBytes(g, g.value(g.arg(e, 0), g.T.u32()), s);
  Id b = unpackBytes(g, g.value(g.arg(e, 1), g.T.u32()), s);
  Id prod = g.op(spv::Op::OpIMul, v4, {a, b});
  Id sum = g.op(spv::Op::OpCompositeExtract, r, {prod, 0});
  for (uint32_t i = 1; i < 4; ++i)
    sum = g.op(spv::Op::OpIAdd, r, {sum, g.op(spv::Op::OpCompositeExtract, r, {prod, i})});
  return sum;
}

}  // namespace

void addBitBuiltins(std::unordered_map<std::string_view, BuiltinRow>& t) {
  t["countOneBits"] = BuiltinRow{countOneBits};
  t["reverseBits"] = BuiltinRow{reverseBits};
  t["countLeadingZeros"] = BuiltinRow{countLeadingZeros};
  t["countTrailingZeros"] = BuiltinRow{countTrailingZeros};
  t["firstLeadingBit"] = BuiltinRow{firstLeadingBit};
  t["firstTrailingBit"] = BuiltinRow{firstTrailingBit};
  t["extractBits"] = BuiltinRow{extractBits};
  t["insertBits"] = BuiltinRow{insertBits};
  t["pack4x8snorm"] = BuiltinRow{packGlsl, GLSLstd450PackSnorm4x8};
  t["pack4x8unorm"] = BuiltinRow{packGlsl, GLSLstd450PackUnorm4x8};
  t["pack2x16snorm"] = BuiltinRow{packGlsl, GLSLstd450PackSnorm2x16};
  t["pack2x16unorm"] = BuiltinRow{packGlsl, GLSLstd450PackUnorm2x16};
  t["pack2x16float"] = BuiltinRow{packGlsl, GLSLstd450PackHalf2x16};
  t["unpack4x8snorm"] = BuiltinRow{unpackGlsl, GLSLstd450UnpackSnorm4x8};
  t["unpack4x8unorm"] = BuiltinRow{unpackGlsl, GLSLstd450UnpackUnorm4x8};
  t["unpack2x16snorm"] = BuiltinRow{unpackGlsl, GLSLstd450UnpackSnorm2x16};
  t["unpack2x16unorm"] = BuiltinRow{unpackGlsl, GLSLstd450UnpackUnorm2x16};
  t["unpack2x16float"] = BuiltinRow{unpackGlsl, GLSLstd450UnpackHalf2x16};
  // fl: 1 = signed; sint: 1 = clamping
  t["pack4xI8"] = BuiltinRow{pack4x8, 1, 0};
  t["pack4xU8"] = BuiltinRow{pack4x8, 0, 0};
  t["pack4xI8Clamp"] = BuiltinRow{pack4x8, 1, 1};
  t["pack4xU8Clamp"] = BuiltinRow{pack4x8, 0, 1};
  t["unpack4xI8"] = BuiltinRow{unpack4x8, 1};
  t["unpack4xU8"] = BuiltinRow{unpack4x8, 0};
  t["dot4I8Packed"] = BuiltinRow{dot4Packed, 1};
  t["dot4U8Packed"] = BuiltinRow{dot4Packed, 0};
}

}  // namespace bindery::spirv
