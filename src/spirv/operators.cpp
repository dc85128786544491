// Operators (#arithmetic-expr, #comparison-expr, #logical-expr, #bit-expr):
// scalar/vector mixing by splatting, the matrix products, short-circuit
// && and || as a selection with an OpPhi. Integer division, remainder and
// shift amounts go through integer_guards.cpp.
#include "generator.h"

namespace bindery::spirv {

using wgsl::BinaryOp;
using wgsl::UnaryOp;

Id Generator::unaryValue(NodeId e, TypeId concrete) {
  const wgsl::Expr& x = ex(e);
  UnaryOp o = UnaryOp(x.op);
  if (o == UnaryOp::AddressOf) return pointer(x.lhs);
  if (o == UnaryOp::Deref) return pointer(e);
  Id v = value(x.lhs, concrete);
  switch (o) {
    case UnaryOp::Neg:
      if (T[concrete].kind == TypeKind::Matrix) {
        const wgsl::Type mt = T[concrete];
        TypeId col = T.vec(mt.rows, mt.elem);
        std::vector<Id> cols;
        for (uint32_t c = 0; c < mt.width; ++c) {
          Id cv = op(spv::Op::OpCompositeExtract, col, {v, c});
          cols.push_back(op(spv::Op::OpFNegate, col, {cv}));
        }
        return opId(spv::Op::OpCompositeConstruct, type(concrete), cols);
      }
      return op(isFloat(concrete) ? spv::Op::OpFNegate : spv::Op::OpSNegate, concrete, {v});
    case UnaryOp::Not: return op(spv::Op::OpLogicalNot, concrete, {v});
    case UnaryOp::BitNot: return op(spv::Op::OpNot, concrete, {v});
    default: break;
  }
  unsupported("this unary operator", e);
}

Id Generator::shortCircuit(NodeId e) {
  const wgsl::Expr& x = ex(e);
  bool isAnd = BinaryOp(x.op) == BinaryOp::LogAnd;
  TypeId boolT = T.boolType();
  Id a = value(x.lhs, boolT);
  Id start = fn_->label;
  Id rhsLabel = b.newId(), merge = b.newId();
  inst(spv::Op::OpSelectionMerge, {merge, 0});
  if (isAnd)
    inst(spv::Op::OpBranchConditional, {a, rhsLabel, merge});
  else
    inst(spv::Op::OpBranchConditional, {a, merge, rhsLabel});
  label(rhsLabel);
  Id bv = value(x.rhs, boolT);
  Id end = fn_->label;
  branch(merge);
  label(merge);
  return op(spv::Op::OpPhi, boolT, {a, start, bv, end});
}

Id Generator::binaryValue(NodeId e, TypeId concrete) {
  const wgsl::Expr& x = ex(e);
  BinaryOp o = BinaryOp(x.op);
  if (o == BinaryOp::LogAnd || o == BinaryOp::LogOr) return shortCircuit(e);
  TypeId la = T.unref(info(x.lhs).type), lb = T.unref(info(x.rhs).type);
  bool shift = o == BinaryOp::Shl || o == BinaryOp::Shr;
  bool compare = o == BinaryOp::Eq || o == BinaryOp::Ne || o == BinaryOp::Lt || o == BinaryOp::Le ||
                 o == BinaryOp::Gt || o == BinaryOp::Ge;
  // Each operand's concrete type: an abstract side takes the other side's leaf
  // (or the result's); shift amounts are u32.
  TypeId leaf = compare ? kNoType : T.leaf(concrete);
  if (!T.isAbstract(la) && !shift) leaf = T.leaf(la);
  if (!T.isAbstract(lb) && !shift && T.isAbstract(la)) leaf = T.leaf(lb);
  if (leaf == kNoType || T.isAbstract(leaf)) leaf = T.leaf(T.concretize(la));
  TypeId ta = T.isAbstract(la) ? T.withLeaf(la, leaf) : la;
  TypeId tb = shift ? T.withLeaf(lb, T.u32()) : T.isAbstract(lb) ? T.withLeaf(lb, leaf) : lb;
  if (shift) ta = concrete;
  Id a = value(x.lhs, ta);
  Id bv = value(x.rhs, tb);
  return binaryOp(o, a, ta, bv, tb, concrete);
}

Id Generator::binaryOp(BinaryOp o, Id a, TypeId ta, Id bv, TypeId tb, TypeId concrete) {
  switch (o) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod: return arithmetic(o, a, ta, bv, tb, concrete);
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
      if (isBool(concrete))
        return op(o == BinaryOp::BitAnd ? spv::Op::OpLogicalAnd : spv::Op::OpLogicalOr, concrete,
                  {a, bv});
      return op(o == BinaryOp::BitAnd  ? spv::Op::OpBitwiseAnd
                : o == BinaryOp::BitOr ? spv::Op::OpBitwiseOr
                                       : spv::Op::OpBitwiseXor,
                concrete, {a, bv});
    case BinaryOp::Shl:
    case BinaryOp::Shr: {
      uint8_t n = widthOf(concrete);
      if (n && !widthOf(tb)) bv = splat(bv, tb, n), tb = T.vec(n, tb);
      Id amount = shiftAmount(bv, tb);
      spv::Op so = o == BinaryOp::Shl   ? spv::Op::OpShiftLeftLogical
                   : isSigned(concrete) ? spv::Op::OpShiftRightArithmetic
                                        : spv::Op::OpShiftRightLogical;
      return op(so, concrete, {a, amount});
    }
    default: return comparison(o, a, bv, ta, concrete);
  }
}

Id Generator::comparison(BinaryOp o, Id a, Id b2, TypeId operand, TypeId result) {
  spv::Op so = spv::Op::OpNop;
  if (isBool(operand)) {
    so = o == BinaryOp::Eq ? spv::Op::OpLogicalEqual : spv::Op::OpLogicalNotEqual;
  } else if (isFloat(operand)) {
    switch (o) {
      case BinaryOp::Eq: so = spv::Op::OpFOrdEqual; break;
      case BinaryOp::Ne: so = spv::Op::OpFUnordNotEqual; break;
      case BinaryOp::Lt: so = spv::Op::OpFOrdLessThan; break;
      case BinaryOp::Le: so = spv::Op::OpFOrdLessThanEqual; break;
      case BinaryOp::Gt: so = spv::Op::OpFOrdGreaterThan; break;
      default: so = spv::Op::OpFOrdGreaterThanEqual; break;
    }
  } else {
    bool s = isSigned(operand);
    switch (o) {
      case BinaryOp::Eq: so = spv::Op::OpIEqual; break;
      case BinaryOp::Ne: so = spv::Op::OpINotEqual; break;
      case BinaryOp::Lt: so = s ? spv::Op::OpSLessThan : spv::Op::OpULessThan; break;
      case BinaryOp::Le: so = s ? spv::Op::OpSLessThanEqual : spv::Op::OpULessThanEqual; break;
      case BinaryOp::Gt: so = s ? spv::Op::OpSGreaterThan : spv::Op::OpUGreaterThan; break;
      default: so = s ? spv::Op::OpSGreaterThanEqual : spv::Op::OpUGreaterThanEqual; break;
    }
  }
  return op(so, result, {a, b2});
}

namespace {
Id matrixColumns(Generator& g, spv::Op o, Id a, Id b, TypeId mat) {
  const wgsl::Type mt = g.T[mat];
  TypeId col = g.T.vec(mt.rows, mt.elem);
  std::vector<Id> cols;
  for (uint32_t c = 0; c < mt.width; ++c) {
    Id ca = g.op(spv::Op::OpCompositeExtract, col, {a, c});
    Id cb = g.op(spv::Op::OpCompositeExtract, col, {b, c});
    cols.push_back(g.op(o, col, {ca, cb}));
  }
  return g.opId(spv::Op::OpCompositeConstruct, g.type(mat), cols);
}
}  // namespace

Id Generator::arithmetic(BinaryOp o, Id a, TypeId ta, Id b2, TypeId tb, TypeId result) {
  bool matA = T[ta].kind == TypeKind::Matrix, matB = T[tb].kind == TypeKind::Matrix;
  if (matA || matB) {
    if (o == BinaryOp::Add || o == BinaryOp::Sub)
      return matrixColumns(*this, o == BinaryOp::Add ? spv::Op::OpFAdd : spv::Op::OpFSub, a, b2,
                           result);
    if (matA && matB) return op(spv::Op::OpMatrixTimesMatrix, result, {a, b2});
    if (matA && T.isScalar(tb)) return op(spv::Op::OpMatrixTimesScalar, result, {a, b2});
    if (matB && T.isScalar(ta)) return op(spv::Op::OpMatrixTimesScalar, result, {b2, a});
    if (matA) return op(spv::Op::OpMatrixTimesVector, result, {a, b2});
    return op(spv::Op::OpVectorTimesMatrix, result, {a, b2});
  }
  bool fl = isFloat(result);
  uint8_t n = widthOf(result);
  if (fl && o == BinaryOp::Mul && n) {
    if (!widthOf(ta)) return op(spv::Op::OpVectorTimesScalar, result, {b2, a});
    if (!widthOf(tb)) return op(spv::Op::OpVectorTimesScalar, result, {a, b2});
  }
  if (n && !widthOf(ta)) a = splat(a, ta, n);
  if (n && !widthOf(tb)) b2 = splat(b2, tb, n);
  switch (o) {
    case BinaryOp::Add: return op(fl ? spv::Op::OpFAdd : spv::Op::OpIAdd, result, {a, b2});
    case BinaryOp::Sub: return op(fl ? spv::Op::OpFSub : spv::Op::OpISub, result, {a, b2});
    case BinaryOp::Mul: return op(fl ? spv::Op::OpFMul : spv::Op::OpIMul, result, {a, b2});
    case BinaryOp::Div:
      if (fl) return op(spv::Op::OpFDiv, result, {a, b2});
      return integerDivision(false, a, b2, result);
    default:
      if (fl) return op(spv::Op::OpFRem, result, {a, b2});
      return integerDivision(true, a, b2, result);
  }
}

}  // namespace bindery::spirv
